"""Wampoo's marbles on the board: the hole each engine position is, and the way
each action moves marbles, for reading moves from the sensors and lighting them.

Hole ids are the Wampoo layout's: ``track.N`` (N as in the engine, red's STARTER
is 0), ``home.<seat>.K`` (K = 1 by the entry .. 4) and ``start.<seat>.K``.
"""

from __future__ import annotations

from typing import Any

from ..base import Target
from .actions import MOVE, OUT, SWAP
from .options import SEAT_NAMES
from .state import START, State

ROW = 4


class WampooMarbles:
    layout = "wampoo"

    def hole(self, state: State, position: int) -> str:
        """The board hole of an engine position on the track or in HOME."""
        if position < state.track:
            return f"track.{position}"
        k = position - state.track
        return f"home.{SEAT_NAMES[k // ROW]}.{k % ROW + 1}"

    def pool(self, state: Any, seat: int) -> tuple[str, ...]:
        name = SEAT_NAMES[seat]
        return tuple(f"start.{name}.{k}" for k in range(1, ROW + 1))

    def target(self, state: Any) -> Target:
        holes = frozenset(self.hole(state, p) for p in state.pos if p != START)
        pools = tuple((self.pool(state, s),
                       sum(1 for m in range(4 * s, 4 * s + 4) if state.pos[m] == START))
                      for s in state.opts.seats)
        return Target(holes, pools)

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

    def lamps(self, state: Any) -> dict[str, tuple[int, str]]:
        return {}


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
