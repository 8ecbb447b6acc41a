"""Five in a Row as the platform sees it: the :class:`~marbleboard.games.base.Game`
that the table, the screens, the bots and the records use."""

from __future__ import annotations

from typing import Any

from ..base import Game
from . import notation, words
from .evaluate import evaluate
from .marbles import FiveMarbles
from .options import SEAT_NAMES, Options
from .state import State


class FiveInARow(Game):
    name = "fiveinarow"
    title = "Five in a Row"
    seat_names = SEAT_NAMES
    players = (2,)
    options_type = Options
    chances = ()
    notation = notation
    marbles = FiveMarbles()

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)

    def seat_word(self, seat: int) -> str:
        # Its seats are the board's first and fourth places: called by their colours.
        return ("fiveinarow.red", "fiveinarow.blue")[seat]

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        return words.hole_words(hole)

    def public(self, state: Any) -> dict[str, Any]:
        return {"to_win": state.opts.row}


FIVE_IN_A_ROW = FiveInARow()
