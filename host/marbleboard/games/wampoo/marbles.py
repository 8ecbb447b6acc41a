"""Wampoo's marbles on the board: the hole each engine position is, and the way
each action moves marbles, for reading moves from the sensors and lighting them.

Hole ids are the Wampoo layout's: ``track.N`` (N as in the engine, red's STARTER
is 0), ``home.<seat>.K`` (K = 1 by the entry .. 4) and ``start.<seat>.K``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import MarbleRules
from .actions import MOVE, OUT, SWAP
from .options import SEAT_NAMES
from .state import START, State

ROW = 4


class WampooMarbles(MarbleRules):
    layout = "wampoo"
    # The moments docs/lights.md draws.
    examples: ClassVar[dict[str, str]] = {
        "position": "4 10,30,R2,RS/15,BS,BS,BS/12,YS,YS,YS/60,GS,GS,GS 5S7HKC/2C/2C/2C R G - "
                    "+0 - - 20",
        "lifted": "track.10",
        "bot_move": "7 30-37",
        "mistake": "track.44",
        "put_here": "start.red.4",
        "forfeit": "4 10,30,R2,RS/15,BS,BS,BS/12,YS,YS,YS/60,GS,GS,GS 5S7HKC/2C/2C/2C R G - "
                   "+0 B - 20",
        "won": "4 R1,R2,R3,R4/15,BS,BS,BS/Y1,Y2,Y3,Y4/60,GS,GS,GS -/-/-/- over G - +0 - RY 400",
    }

    def hole(self, state: State, position: int) -> str:
        """The board hole of an engine position on the track or in HOME."""
        if position < state.track:
            return f"track.{position}"
        k = position - state.track
        return f"home.{SEAT_NAMES[k // ROW]}.{k % ROW + 1}"

    def holes(self, options: Any) -> frozenset[str]:
        track = [f"track.{i}" for i in range(4 * options.holes_per_side)]
        rows = [f"{row}.{name}.{k}" for row in ("start", "home") for name in SEAT_NAMES
                for k in range(1, ROW + 1)]
        return frozenset(track + rows)

    def pool(self, state: Any, seat: int) -> tuple[str, ...]:
        name = SEAT_NAMES[seat]
        return tuple(f"start.{name}.{k}" for k in range(1, ROW + 1))

    def goal(self, state: Any, seat: int) -> tuple[str, ...]:
        name = SEAT_NAMES[seat]
        return tuple(f"home.{name}.{k}" for k in range(1, ROW + 1))

    def waiting(self, state: Any, seat: int) -> int:
        return sum(1 for m in range(ROW * seat, ROW * seat + ROW) if state.pos[m] == START)

    def marbles(self, state: Any) -> dict[str, int]:
        return {self.hole(state, p): m >> 2 for m, p in enumerate(state.pos) if p != START}

    def mover(self, state: Any, action: int) -> int:
        return (action >> 7 & 15) >> 2

    def path(self, state: Any, action: int) -> list[str]:
        kind, m = action & 7, action >> 7 & 15
        if kind == OUT:
            return [self.pool(state, m >> 2)[0], self.hole(state, action >> 11)]
        if kind not in (MOVE, SWAP):
            return []
        return [self.hole(state, p) for p in positions_passed(state, action)]

    def knocked(self, state: Any, action: int) -> list[tuple[str, int]]:
        return [(self.hole(state, state.pos[v]), v >> 2) for v in state.knocked_by(action)]


def positions_passed(state: State, action: int) -> list[int]:
    """Engine positions a marble passes, source first (a swap: its two holes)."""
    kind, r, m, target = action & 7, action >> 3 & 15, action >> 7 & 15, action >> 11
    if kind == SWAP:
        return [state.pos[m], state.pos[target]]
    if kind == OUT:
        return [target]
    p, track = state.pos[m], state.track
    if r == 4:
        return [(p - i) % track for i in range(5)]
    if p >= track:
        return list(range(p, target + 1))
    if target < track:
        return [(p + i) % track for i in range((target - p) % track + 1)]
    to_entry = (state.entry(m >> 2) - p) % track
    home0 = track + 4 * (m >> 2)
    return [(p + i) % track for i in range(to_entry + 1)] + list(range(home0, target + 1))
