"""What every bot is, and how a view becomes a state a bot can think in."""

from __future__ import annotations

import random
from typing import Protocol

from ..games.wampoo.notation import parse_position, unseen_cards
from ..games.wampoo.state import State
from ..games.wampoo.views import SeatView


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> int:
        """An action for the view's seat, which must be the seat to play."""
        ...


def guess_state(view: SeatView, rng: random.Random) -> State:
    """One guess at the full state behind a view: the unseen cards dealt at random
    into the hidden hands and the deck (a determinization)."""
    assert view.seat is not None
    unseen = unseen_cards(view.position, view.seat)
    rng.shuffle(unseen)
    return parse_position(view.position, view.options, unseen)
