"""Five in a Row on the Stomple board: each hole of the grid is ``grid.a1`` ..
``grid.g7``, named as in the notation. A move puts a marble down from off the
board, so its path is the one hole it lands in; the defaults of MarbleRules do
the rest (a board of one layout, marbles that are the seats')."""

from __future__ import annotations

from typing import Any

from ..base import MarbleRules
from .notation import hole_name
from .state import EMPTY, HOLES


def hole_id(hole: int) -> str:
    return f"grid.{hole_name(hole)}"


HOLE_IDS = frozenset(hole_id(h) for h in range(HOLES))


class FiveMarbles(MarbleRules):
    layout = "stomple"
    def holes(self, options: Any) -> frozenset[str]:
        return HOLE_IDS

    def marbles(self, state: Any) -> dict[str, int]:
        return {hole_id(h): seat for h, seat in enumerate(state.grid) if seat != EMPTY}

    def path(self, state: Any, action: int) -> list[str]:
        return [hole_id(action)]

    def goal(self, state: Any, seat: int) -> tuple[str, ...]:
        """The winning row: it pulses."""
        return tuple(hole_id(h) for h in state.line) if seat in state.winners else ()
