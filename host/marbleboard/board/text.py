"""A board drawn in characters, for terminals and quick checks.

One character cell per hole position on a grid of the board's closest hole
spacing (no finer than half the closest distance between two holes, so a board
not drawn on a square grid still fits a screen).  Legend: ``o`` track, ``X`` a
STARTER hole, ``s`` START row, ``h`` HOME row, ``a`` an arrow, ``c`` the centre;
a marble shows as its seat's initial in capitals, a lit empty hole as ``*``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

from .model import Board

SYMBOLS = {"track": "o", "starter": "X", "start": "s", "home": "h", "arrow": "a",
           "centre": "c", "grid": "."}


def grid_step(board: Board) -> float:
    """The closest spacing between two holes in x or y, which sets the grid, but no
    less than half the closest distance between two holes: two holes can then
    never share a cell."""
    step = math.inf
    xs = sorted({round(h.x, 3) for h in board.holes})
    ys = sorted({round(h.y, 3) for h in board.holes})
    for values in (xs, ys):
        for a, b in itertools.pairwise(values):
            step = min(step, b - a)
    if not math.isfinite(step):
        return 1.0
    closest = min((math.dist((a.x, a.y), (b.x, b.y))
                   for a, b in itertools.combinations(board.holes, 2)), default=step)
    return max(step, closest / 2)


def render(board: Board, marbles: Mapping[str, str] | None = None,
           lights: Mapping[str, str] | None = None) -> str:
    marbles = marbles or {}
    lights = lights or {}
    step = grid_step(board)
    x0 = min(h.x for h in board.holes)
    y0 = min(h.y for h in board.holes)
    cells: dict[tuple[int, int], str] = {}
    for h in board.holes:
        col, row = round((h.x - x0) / step), round((h.y - y0) / step)
        if h.id in marbles:
            ch = marbles[h.id][:1].upper()
        elif h.id in lights:
            ch = "*"
        else:
            ch = SYMBOLS.get(h.role, "?")
        cells[(col, row)] = ch
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    lines = []
    for row in range(height):
        line = " ".join(cells.get((col, row), " ") for col in range(width))
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"
