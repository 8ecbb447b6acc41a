"""Wa-Hoo: a marble race driven by a die, for 2 to 4 players (6 on the
six-colour board), alone or as partners, with two short cuts.

>>> from marbleboard.games.wahoo import Options, new_game
>>> state = new_game(Options(players=4, first_player=0))
>>> state.apply_chance((5,))  # red rolls a 6
>>> from marbleboard.games.wahoo.notation import action_text
>>> [action_text(state, a) for a in state.legal_actions()]
['6 out']
"""

from ..base import CHANCE, OVER, RuleError
from .geometry import LETTERS, SEAT_NAMES, START
from .options import Options
from .state import State


def new_game(options: Options | None = None) -> State:
    return State(options or Options())


__all__ = ["CHANCE", "LETTERS", "OVER", "SEAT_NAMES", "START", "Options", "RuleError",
           "State", "new_game"]
