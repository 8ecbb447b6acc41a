"""Chance as an action from outside, and the error every rule breaks with.

When ``state.current == CHANCE``, ``state.chance_due()`` says what is due (a
shuffled deck, a die roll, a random layout) and the caller supplies the outcome
with ``state.apply_chance(outcome)``: live games draw it from a good random
source and commit to it (:mod:`.fairness`), random playouts draw it from any
``random.Random``, replays read it from the record. The state never draws.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

CHANCE = -1  # ``state.current`` when chance acts
OVER = -2  # ``state.current`` when the game has ended


class RuleError(ValueError):
    """An action, a position or an outcome that the rules do not allow."""


_FACES: dict[int, tuple[tuple[int], ...]] = {}


@dataclass(frozen=True)
class Chance:
    """A chance node: what outcome is due.

    The outcome is a tuple of integers: a permutation of ``range(size)`` when
    ``permutation`` (a shuffled deck, a random layout), else one number in
    ``range(size)`` (a die: 0 stands for a roll of 1). ``secret`` outcomes (a deck)
    are committed to when drawn and revealed only when the game ends; the others
    are seen by everyone at once (a die).
    """

    kind: str  # the word in the record: "shuffle", "roll", "layout"
    size: int
    permutation: bool = True
    secret: bool = True

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        if self.permutation:
            order = list(range(self.size))
            rng.shuffle(order)
            return tuple(order)
        # The same draw as rng.randrange(size), read from a table of outcomes: a
        # die is drawn at every turn of every playout.
        faces = _FACES.get(self.size)
        if faces is None:
            faces = _FACES[self.size] = tuple((k,) for k in range(self.size))
        face: tuple[int, ...] = rng.choice(faces)
        return face

    def check(self, outcome: Sequence[int]) -> tuple[int, ...]:
        outcome = tuple(outcome)
        if self.permutation:
            if sorted(outcome) != list(range(self.size)):
                raise RuleError(f"a {self.kind} must hold each of the {self.size} items once")
        elif len(outcome) != 1 or not 0 <= outcome[0] < self.size:
            raise RuleError(f"a {self.kind} is one number from 0 to {self.size - 1}")
        return outcome
