"""Where a hole of a square grid is, in words a person finds on the board: the
centre, or the steps to it along the arrows of the picture the screens draw,
from the centre or from a piece; a hole next to a piece, by one arrow. The
board prints no names on its holes, so a hole is never called by the
notation's ``c3``.

The arrows follow the screens' picture of the board: ``↑`` is away from the near
side (the notation's row 1), ``→`` to the right. "3↗" is three holes along a
diagonal; "2↑ 1→" two holes up and one to the right. On a 7 x 7 grid the
notation's ``d4`` reads "at the centre", ``a1`` "3↙ from the centre" and ``e6``
"2↑ 1→ from the centre".
"""

from __future__ import annotations

from typing import Any

Phrase = list[Any]

_ARROWS = {(0, 1): "↑", (0, -1): "↓", (1, 0): "→", (-1, 0): "←",
           (1, 1): "↗", (-1, 1): "↖", (1, -1): "↘", (-1, -1): "↙"}


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def steps(dx: int, dy: int) -> str:
    """The way from one hole to another, ``dx`` holes to the right and ``dy`` up:
    one arrow and its count along a line ("1↗", "3←"), else the rows then the
    columns ("2↑ 1→")."""
    if dx == dy == 0:
        raise ValueError("no step from a hole to itself")
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return f"{max(abs(dx), abs(dy))}{_ARROWS[(_sign(dx), _sign(dy))]}"
    return f"{abs(dy)}{_ARROWS[(0, _sign(dy))]} {abs(dx)}{_ARROWS[(_sign(dx), 0)]}"


def arrow(dx: int, dy: int) -> str:
    """The way to a hole next to another (across a side or a corner): one arrow."""
    if max(abs(dx), abs(dy)) != 1:
        raise ValueError(f"not next to it: {dx}, {dy}")
    return _ARROWS[(dx, dy)]


def from_centre(size: int, column: int, row: int) -> Phrase:
    """A hole of a ``size`` x ``size`` grid (columns from the left and rows from the
    near side, from 0): the centre, or the steps to it from the centre."""
    middle = size // 2
    if (column, row) == (middle, middle):
        return ["grid.centre", []]
    return ["grid.from_centre", [steps(column - middle, row - middle)]]



def hole_from_centre(size: int, hole: int) -> Phrase:
    """The same for a hole numbered row by row from the near left corner."""
    row, column = divmod(hole, size)
    return from_centre(size, column, row)
