"""Wampum: traders bid goods for the villages' goods, or leave them as wampums in
their chests; the most wampums at the end wins. For 2 to 5 players.

>>> from marbleboard.games.wampum import Options, new_game
>>> from marbleboard.games.wampum.notation import action_text, parse_outcome
>>> state = new_game(Options(players=3))
>>> state.apply_chance(parse_outcome("W" * 18 + "A" * 18 + "T" * 18 + "G" * 18 + "F" * 18))
>>> [action_text(state, a) for a in state.legal_actions()]  # the first bid's village
['@2', '@3', '@4']
"""

from ..base import CHANCE, OVER, RuleError
from .options import Options
from .state import State


def new_game(options: Options | None = None) -> State:
    return State(options or Options())


__all__ = ["CHANCE", "OVER", "Options", "RuleError", "State", "new_game"]
