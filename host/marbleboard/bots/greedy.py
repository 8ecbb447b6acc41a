"""Plays the card that leaves the best position right now: progress, safety,
knocking opponents off (and not its own side)."""

from __future__ import annotations

import random

from ..games.wampoo.views import SeatView
from .base import guess_state
from ..games.wampoo.evaluate import evaluate


class GreedyBot:
    name = "greedy"

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def choose(self, view: SeatView) -> int:
        state = guess_state(view, self.rng)
        seat = state.current
        best, best_value = [], float("-inf")
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            value = evaluate(after, seat)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
