"""Wampoo: a marble race driven by playing cards, for 2 to 4 players.

>>> from marbleboard.games.wampoo import Options, new_game
>>> import random
>>> state = new_game(Options(players=4, first_dealer=0))
>>> state.apply_shuffle(random.Random(1).sample(range(54), 54))
>>> len(state.hands[1]), state.current
(5, 1)
"""

from .options import SEAT_NAMES, Options
from .state import CHANCE, OVER, START, RuleError, State


def new_game(options: Options | None = None) -> State:
    return State(options or Options())


__all__ = ["CHANCE", "OVER", "SEAT_NAMES", "START", "Options", "RuleError", "State",
           "new_game"]
