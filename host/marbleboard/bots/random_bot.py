"""Plays any legal card, at random."""

from __future__ import annotations

import random

from ..games.wampoo.views import SeatView
from .base import guess_state


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, view: SeatView) -> int:
        # Legal moves depend only on the bot's own hand and the board, so any
        # guess at the hidden cards gives the same list.
        return self.rng.choice(guess_state(view, self.rng).legal_actions())
