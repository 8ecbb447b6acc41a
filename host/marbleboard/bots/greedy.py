"""Plays the action that leaves the best position right now, by the game's own
evaluation (progress, safety, knocking opponents off and not its own side)."""

from __future__ import annotations

import random

from ..games.base import Game, View


class GreedyBot:
    name = "greedy"

    def __init__(self, game: Game, rng: random.Random | None = None):
        self.game = game
        self.rng = rng or random.Random()

    def choose(self, view: View) -> int:
        game = self.game
        state = game.sample(view, self.rng)
        seat = state.current
        best, best_value = [], float("-inf")
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            value = game.evaluate(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        chosen: int = self.rng.choice(best)
        return chosen
