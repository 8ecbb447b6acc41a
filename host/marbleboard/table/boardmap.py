"""Where the engine's holes are on the physical board, and what the sensors
should read for a given state."""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Board, Hole
from ..games.wampoo import SEAT_NAMES, State
from ..games.wampoo.state import START


@dataclass(frozen=True)
class Target:
    """What the board should hold: exact holes, and a count for each START row
    (a knocked-off marble may go into any free hole of its row)."""

    holes: frozenset[int]  # sensors that must hold a marble (track and HOME)
    start_counts: tuple[tuple[int, int], ...]  # (seat, marbles in START)


class WampooBoard:
    def __init__(self, board: Board, state: State):
        self.board = board
        track = state.track
        try:
            self.track = [board.hole(f"track.{i}") for i in range(track)]
            self.home = [[board.hole(f"home.{SEAT_NAMES[s]}.{k + 1}") for k in range(4)]
                         for s in range(4)]
            self.start = [[board.hole(f"start.{SEAT_NAMES[s]}.{k + 1}") for k in range(4)]
                          for s in range(4)]
        except KeyError as e:
            raise ValueError(f"board {board.id!r} has no hole {e} for a game with {track} "
                             "track holes") from e
        if len(board.track()) != track:
            raise ValueError(f"board {board.id!r} has {len(board.track())} track holes, the "
                             f"game {track}")
        self.seats = state.opts.seats
        self.exact = {h.sensor for h in self.track} | {h.sensor for row in self.home for h in row}
        self.start_sensors = [[h.sensor for h in row] for row in self.start]

    def hole(self, position: int) -> Hole:
        """The board hole of an engine position on the track or in HOME."""
        if position < len(self.track):
            return self.track[position]
        k = position - len(self.track)
        return self.home[k // 4][k % 4]

    def target(self, state: State) -> Target:
        holes = frozenset(self.hole(p).sensor for p in state.pos if p != START)
        counts = tuple((s, sum(1 for m in range(4 * s, 4 * s + 4) if state.pos[m] == START))
                       for s in self.seats)
        return Target(holes, counts)

    def setup(self, state: State) -> set[int]:
        """The sensors holding a marble on a board set up as ``state`` stands (waiting
        marbles fill their START rows from the first hole)."""
        target = self.target(state)
        sensors = set(target.holes)
        for seat, count in target.start_counts:
            sensors |= set(self.start_sensors[seat][:count])
        return sensors

    def matches(self, occupied: set[int], target: Target) -> bool:
        if {s for s in occupied if s in self.exact} != target.holes:
            return False
        return all(sum(1 for s in self.start_sensors[seat] if s in occupied) == n
                   for seat, n in target.start_counts)

    def differences(self, occupied: set[int], target: Target) -> tuple[list[int], list[int]]:
        """Sensors holding a marble they should not, and sensors missing one."""
        extra = sorted(s for s in occupied if s in self.exact and s not in target.holes)
        missing = sorted(s for s in target.holes if s not in occupied)
        for seat, n in target.start_counts:
            row = self.start_sensors[seat]
            full = [s for s in row if s in occupied]
            free = [s for s in row if s not in occupied]
            if len(full) > n:
                extra += full[n:]
            elif len(full) < n:
                missing += free[: n - len(full)]
        return extra, missing
