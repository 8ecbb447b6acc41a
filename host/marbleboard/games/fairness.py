"""Fair chance: outcomes from a good random source, committed to before play.

At each chance node the host publishes ``sha256(salt + ":" + outcome)`` (the
outcome as the game writes it: a deck as card text, top card first; a die as its
face). A secret outcome (a deck) stays hidden until the game ends; then each salt
and outcome is revealed, so anyone can check that what was dealt was what was
committed to, before anyone saw a card. A die is seen at once; its commitment
costs nothing and keeps one record format for every game.

Live games use ``secrets.SystemRandom``; tests pass a seeded ``random.Random``.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .base import Chance


def commitment(salt: str, text: str) -> str:
    return hashlib.sha256(f"{salt}:{text}".encode()).hexdigest()


@dataclass(frozen=True)
class Outcome:
    """One chance outcome as recorded: its kind, its values, its text, its salt
    and the commitment published when it was drawn."""

    kind: str
    values: tuple[int, ...]
    text: str
    salt: str
    commitment: str
    secret: bool = True

    def verify(self) -> bool:
        return commitment(self.salt, self.text) == self.commitment


class ChanceSource:
    """The one source of chance in a live game: it draws and commits."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng if rng is not None else secrets.SystemRandom()

    def draw(self, chance: Chance,
             text_of: Callable[[Chance, Sequence[int]], str]) -> Outcome:
        """An outcome for ``chance``; ``text_of(chance, values)`` writes it."""
        values = chance.draw(self.rng)
        text = text_of(chance, values)
        salt = f"{self.rng.getrandbits(128):032x}"
        return Outcome(chance.kind, values, text, salt, commitment(salt, text), chance.secret)
