"""The 7x7 grid, its marbles and its Stompers' colours, as small integers.

Holes are numbered row by row, ``7 * row + column``: hole 0 is ``a1`` in the
notation (column a, row 1), hole 48 is ``g7``. A hole holds a colour (0-5), the
Bonus Point marble, or nothing.
"""

from __future__ import annotations

SIZE = 7
HOLES = SIZE * SIZE
COLOURS = ("red", "yellow", "green", "blue", "purple", "white")  # the Stompers' too
LETTERS = "RYGBPW"  # the colours in the notation
BONUS = len(COLOURS)  # a Bonus Point marble: no colour of a Stomper
BONUS_LETTER = "*"
EMPTY = -1
PER_COLOUR = 7  # solid marbles of each colour; there are as many Bonus Point marbles
MARBLES = PER_COLOUR * (len(COLOURS) + 1)  # 49: one in every hole at the start


def marble_colour(marble: int) -> int:
    """The colour of a marble of the layout's numbering: seven of each colour in
    order, then the seven Bonus Point marbles."""
    return marble // PER_COLOUR


def _neighbours(hole: int) -> tuple[int, ...]:
    row, col = divmod(hole, SIZE)
    return tuple(7 * r + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                 if (r, c) != (row, col) and 0 <= r < SIZE and 0 <= c < SIZE)


# Each hole's neighbours: the holes next to it across a side or a corner.
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(h) for h in range(HOLES))
OUTER: tuple[int, ...] = tuple(h for h in range(HOLES)
                               if h // SIZE in (0, SIZE - 1) or h % SIZE in (0, SIZE - 1))


def hole_name(hole: int) -> str:
    return "abcdefg"[hole % SIZE] + str(hole // SIZE + 1)


def parse_hole(text: str) -> int:
    if len(text) == 2 and text[0] in "abcdefg" and text[1] in "1234567":
        return (int(text[1]) - 1) * SIZE + "abcdefg".index(text[0])
    raise ValueError(f"not a hole of the grid (a1 to g7): {text!r}")
