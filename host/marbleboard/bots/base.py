"""What every bot is: it is given its game and its seat's view, never the state."""

from __future__ import annotations

from typing import Protocol

from ..games.base import View


class Bot(Protocol):
    name: str

    def choose(self, view: View) -> int:
        """An action for the view's seat, which must be the seat to play."""
        ...
