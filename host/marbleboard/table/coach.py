"""The coach: a person may ask their phone for a hint on their turn, as many times
a game as the lobby allowed. The hint is the move the strongest level would play,
worked out from the seat's own view only (never from the cards it cannot see).
The phone alone is told the move: the log says only that a hint was taken, for a
hint is taken in front of everyone but may name a card of the hand. The board
lights it in the light language of a move shown (the marble to lift, where it
goes) at once where the seat holds nothing hidden, else when its player asks.
The game's record keeps each hint taken: the game was played with help."""

from __future__ import annotations

import random
from typing import Any

from ..bots import make_bot
from ..games.base import Game, View

HINT_LEVEL = "strong"
HINT_CHOICES = (0, 1, 3, 5, 10)  # hints a person may take in a game, as the lobby offers


class Coach:
    def __init__(self, allowed: int = 0, taken: list[dict[str, Any]] | None = None):
        self.allowed = allowed  # hints each person may take in the game (0: no coach)
        self.taken: list[dict[str, Any]] = taken if taken is not None else []

    def left(self, seat_name: str) -> int:
        return max(0, self.allowed - sum(1 for t in self.taken if t["seat"] == seat_name))

    def take(self, seat_name: str, entry: int) -> None:
        """A hint given to ``seat_name`` before the record's entry ``entry``."""
        self.taken.append({"seat": seat_name, "before": entry})

    @staticmethod
    def suggest(game: Game, view: View, rng: random.Random) -> int:
        """The strongest level's move from the seat's view (blocking: it thinks)."""
        return make_bot(HINT_LEVEL, game, rng, view.options).choose(view)

    def counts(self) -> dict[str, int]:
        """Hints taken, by seat name."""
        counts: dict[str, int] = {}
        for t in self.taken:
            counts[t["seat"]] = counts.get(t["seat"], 0) + 1
        return counts

    def to_json(self) -> dict[str, Any]:
        return {"allowed": self.allowed, "taken": self.taken}

    @classmethod
    def from_json(cls, data: Any) -> Coach:
        if not isinstance(data, dict):
            return cls()
        return cls(int(data.get("allowed", 0)), list(data.get("taken", [])))
