"""A Five in a Row position: the 7x7 grid, whose turn, and how it ended.

Holes are numbered row by row, ``7 * row + column``: hole 0 is ``a1`` (the near
left corner, seen from red's side), hole 48 is ``g7``. A hole holds a seat's
marble (0 red, 1 blue) or nothing. An action is the hole a marble goes into.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import OVER, Chance, RuleError, StateRules
from .options import Options

SIZE = 7
HOLES = SIZE * SIZE
EMPTY = -1
# The four ways a line runs from a hole: along a row, up a column, and the two
# diagonals.
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def _windows(length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` holes in a straight line."""
    found = []
    for row in range(SIZE):
        for col in range(SIZE):
            for dr, dc in DIRECTIONS:
                end_r, end_c = row + dr * (length - 1), col + dc * (length - 1)
                if 0 <= end_r < SIZE and 0 <= end_c < SIZE:
                    found.append(tuple(SIZE * (row + dr * i) + col + dc * i
                                       for i in range(length)))
    return tuple(found)


WINDOWS = {4: _windows(4), 5: _windows(5)}


class State(StateRules):
    __slots__ = ("current", "grid", "line", "opts", "turns", "winners")

    def __init__(self, options: Options):
        self.opts = options
        self.grid = [EMPTY] * HOLES
        self.current = options.first_player
        self.turns = 0
        self.winners: tuple[int, ...] = ()
        self.line: tuple[int, ...] = ()  # the winning row, once there is one

    def legal_actions(self) -> list[int]:
        if self.current < 0:
            return []
        return [h for h in range(HOLES) if self.grid[h] == EMPTY]

    def apply(self, action: int) -> None:
        seat = self.current
        self.grid[action] = seat
        self.turns += 1
        line = self.row_through(action)
        if line:
            self.line = line
            self.winners = (seat,)
            self.current = OVER
        elif self.turns == HOLES:
            self.current = OVER  # the grid is full and nobody has a row: a draw
        else:
            self.current = 1 - seat

    def row_through(self, hole: int) -> tuple[int, ...]:
        """The line of the marble in ``hole`` that is long enough to win, or ()."""
        seat = self.grid[hole]
        row, col = divmod(hole, SIZE)
        for dr, dc in DIRECTIONS:
            line = [hole]
            for sign in (1, -1):
                r, c = row + sign * dr, col + sign * dc
                while 0 <= r < SIZE and 0 <= c < SIZE and self.grid[SIZE * r + c] == seat:
                    line.append(SIZE * r + c)
                    r, c = r + sign * dr, c + sign * dc
            if len(line) >= self.opts.row:
                return tuple(sorted(line))
        return ()

    def chance_due(self) -> Chance:
        raise RuleError("Five in a Row has no chance")

    def apply_chance(self, outcome: Sequence[int]) -> None:
        raise RuleError("Five in a Row has no chance")

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts = self.opts
        new.grid = self.grid[:]
        new.current = self.current
        new.turns = self.turns
        new.winners = self.winners
        new.line = self.line
        return new

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, State) and all(
            getattr(self, name) == getattr(other, name) for name in State.__slots__)

    __hash__ = None  # type: ignore[assignment]  # a state changes as it is played
