"""Stomple: Stompers knock marbles through the holes of a 7x7 grid; the last
Stomper on the board wins the round. For 2 to 6 players.

>>> from marbleboard.games.stomple import Options, new_game
>>> from marbleboard.games.stomple.notation import action_text, parse_outcome
>>> state = new_game(Options(players=2))
>>> state.apply_chance(parse_outcome("layout", "RRRRRRR/YYYYYYY/GGGGGGG/BBBBBBB/"
...                                  "PPPPPPP/WWWWWWW/*******"))
>>> state.apply_chance(parse_outcome("stompers", "WRYGBP"))
>>> len(state.legal_actions())  # the round's first stomp: any marble of the outer row
24
>>> action_text(state, state.legal_actions()[0])
'*a1'
"""

from ..base import CHANCE, OVER, RuleError
from .options import Options
from .state import OUT, State


def new_game(options: Options | None = None) -> State:
    return State(options or Options())


__all__ = ["CHANCE", "OUT", "OVER", "Options", "RuleError", "State", "new_game"]
