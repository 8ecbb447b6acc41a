"""Plays the action that leaves the best position right now, by the game's own
evaluation (progress, safety, knocking opponents off and not its own side), or
by a learned one (``greedy+learned``)."""

from __future__ import annotations

import random

from ..games.base import Game, View
from .learned import Evaluation


class GreedyBot:
    name = "greedy"

    def __init__(self, game: Game, rng: random.Random | None = None,
                 evaluate: Evaluation | None = None):
        self.game = game
        self.rng = rng or random.Random()
        self.evaluate = evaluate or game.evaluate

    def choose(self, view: View) -> int:
        state = self.game.sample(view, self.rng)
        seat = state.current
        evaluate = self.evaluate
        best, best_value = [], float("-inf")
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            value = evaluate(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        chosen: int = self.rng.choice(best)
        return chosen
