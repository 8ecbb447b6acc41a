"""Where a game's holes are on the physical board: hole ids to sensors, and what
the sensors should read for a state.

A game names holes by id (``track.17``, ``start.red.2``); the board file says
which sensor and LED each id is. A seat's START row is a pool: a knocked-off
marble may go into any free hole of it, so only the count there matters. A hole
with a piece sensor reads a playing piece (a Stomper) apart from a marble: the
target's ``pieces`` are read there too; a board without one sees only that
something stands in the hole.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..games.base import GameState, MarbleRules, Target

POOL_ROLE = "start"  # holes where waiting marbles sit in any order


@dataclass(frozen=True)
class SensorTarget:
    """A :class:`Target` in sensor numbers."""

    holes: frozenset[int]
    pools: tuple[tuple[tuple[int, ...], int], ...]


class BoardMap:
    def __init__(self, board: Board, rules: MarbleRules):
        self.board = board
        self.rules = rules
        # Every hole but the START rows must hold exactly what the game says.
        self.exact = frozenset(
            [h.sensor for h in board.holes if h.role != POOL_ROLE]
            + [h.piece_sensor for h in board.holes if h.piece_sensor is not None])
        self._sensor = {h.id: h.sensor for h in board.holes}
        self._piece = {h.id: h.piece_sensor for h in board.holes
                       if h.piece_sensor is not None}

    def sensor(self, hole_id: str) -> int:
        try:
            return self._sensor[hole_id]
        except KeyError:
            raise ValueError(f"board {self.board.id!r} has no hole {hole_id!r}: it is not "
                             f"a board for this game") from None

    def check(self, options: Any) -> None:
        """The board has exactly the holes the game plays on (ValueError if not)."""
        wanted = self.rules.holes(options)
        have = {h.id for h in self.board.holes}
        if wanted != have:
            lacks, spare = sorted(wanted - have), sorted(have - wanted)
            raise ValueError(
                f"board {self.board.id!r} does not fit this game: "
                + "; ".join(part for part in (
                    f"it lacks {', '.join(lacks[:5])}{' ...' if len(lacks) > 5 else ''}"
                    if lacks else "",
                    f"it has {', '.join(spare[:5])}{' ...' if len(spare) > 5 else ''} too"
                    if spare else "") if part))

    def target(self, state: GameState) -> SensorTarget:
        return self.sensor_target(self.rules.target(state))

    def sensor_target(self, target: Target) -> SensorTarget:
        sensor, piece = self.sensor, self._piece
        return SensorTarget(frozenset([sensor(h) for h in target.holes]
                                      + [piece[h] for h in target.pieces if h in piece]),
                            tuple((tuple(sensor(h) for h in pool), n)
                                  for pool, n in target.pools))

    def blind(self, state: GameState, action: int) -> bool:
        """Whether ``action`` changes what the holes hold only in a way this board
        cannot sense (a Stomper set on a marble's hole, with no piece sensor): the
        table takes it from the screen that chose it."""
        after = state.clone()
        after.apply(action)
        before_t, after_t = self.rules.target(state), self.rules.target(after)
        return before_t != after_t and self.sensor_target(before_t) == \
            self.sensor_target(after_t)

    def sensors(self, hole_ids: list[str]) -> list[int]:
        return [self.sensor(h) for h in hole_ids]

    def setup(self, state: GameState) -> set[int]:
        """The sensors holding a marble on a board set up as ``state`` stands (waiting
        marbles fill their START rows from the first hole)."""
        target = self.target(state)
        sensors = set(target.holes)
        for pool, count in target.pools:
            sensors |= set(pool[:count])
        return sensors

    def matches(self, occupied: set[int], target: SensorTarget) -> bool:
        if {s for s in occupied if s in self.exact} != target.holes:
            return False
        return all(sum(1 for s in pool if s in occupied) == n for pool, n in target.pools)

    def differences(self, occupied: set[int], target: SensorTarget) -> tuple[list[int], list[int]]:
        """Sensors holding a marble they should not, and sensors missing one."""
        extra = sorted(s for s in occupied if s in self.exact and s not in target.holes)
        missing = sorted(s for s in target.holes if s not in occupied)
        for pool, n in target.pools:
            full = [s for s in pool if s in occupied]
            free = [s for s in pool if s not in occupied]
            if len(full) > n:
                extra += full[n:]
            elif len(full) < n:
                missing += free[: n - len(full)]
        return extra, missing
