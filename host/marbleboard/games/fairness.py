"""Fair dealing: shuffles from a good random source, committed to before play.

At each shuffle the host publishes ``sha256(salt + ":" + deck)`` (the deck as card
text, top card first). When the game ends it reveals each salt and deck, so anyone
can check that the deck dealt was the deck committed to, before anyone saw a card.

Live games use ``secrets.SystemRandom``; tests pass a seeded ``random.Random``.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from dataclasses import dataclass

from .cards import DECK_SIZE, cards_text


def commitment(salt: str, deck: list[int] | tuple[int, ...]) -> str:
    return hashlib.sha256(f"{salt}:{cards_text(list(deck))}".encode()).hexdigest()


@dataclass(frozen=True)
class Shuffle:
    deck: tuple[int, ...]
    salt: str
    commitment: str

    def verify(self) -> bool:
        return commitment(self.salt, self.deck) == self.commitment


class Shuffler:
    """The one source of chance in a game: it shuffles and commits."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng if rng is not None else secrets.SystemRandom()

    def shuffle(self) -> Shuffle:
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        salt = f"{self.rng.getrandbits(128):032x}"
        return Shuffle(tuple(deck), salt, commitment(salt, deck))
