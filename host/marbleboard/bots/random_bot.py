"""Plays any legal action, at random."""

from __future__ import annotations

import random

from ..games.base import Game, View


class RandomBot:
    name = "random"

    def __init__(self, game: Game, rng: random.Random | None = None):
        self.game = game
        self.rng = rng or random.Random()

    def choose(self, view: View) -> int:
        # Legal actions depend only on what the seat sees (its own hand and the
        # board), so any guess at the hidden things gives the same list.
        action: int = self.rng.choice(self.game.sample(view, self.rng).legal_actions())
        return action
