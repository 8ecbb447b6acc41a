"""Five in a Row as the platform sees it: the :class:`~marbleboard.games.base.Game`
that the table, the screens, the bots and the records use."""

from __future__ import annotations

import random
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

    def busy_positions(self, count: int, seed: int = 2) -> list[State]:
        """positions ten to twenty marbles into a game"""
        # (The docstring names them in the bench's table.) A game is over in about
        # 38 random moves: the default's positions from turn 40 are nearly full grids.
        rng = random.Random(seed)
        found: list[State] = []
        while len(found) < count:
            state = self.new_state()
            while not state.is_over() and state.turns <= 20 and len(found) < count:
                if state.turns >= 10:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
        return found


FIVE_IN_A_ROW = FiveInARow()
