"""What each seat may see: its own hand, never another's, never the deck.

Every path out of the host (to a phone, a bot, a log, the table screen) starts
from one of these views, so no other seat's hidden cards can leak.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import card_name
from .notation import action_text, position_text
from .options import SEAT_NAMES, Options
from .state import State


@dataclass(frozen=True)
class SeatView:
    options: Options
    seat: int | None  # None: the public view, for a table screen
    position: str  # the position with every hand but this seat's hidden

    def to_json(self) -> dict[str, Any]:
        return {"game": "wampoo", "options": self.options.to_json(),
                "seat": SEAT_NAMES[self.seat] if self.seat is not None else None,
                "position": self.position}


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(state.opts, seat, position_text(state, seen_by=seat))


def public_view(state: State) -> SeatView:
    return SeatView(state.opts, None, position_text(state, hide_all=True))


def describe_hand(state: State, seat: int) -> dict[str, Any]:
    """A seat's own cards and, on its turn, its legal moves as text."""
    moves = [action_text(state, a) for a in state.legal_actions()] if state.current == seat else []
    return {"hand": [card_name(c) for c in state.hands[seat]], "moves": moves}
