"""Where everything is on a Wa-Hoo board, as the engine counts it: the one place
that names the seats, their colours and the board's holes.

Both the rules engine and the board layout (``board/layouts/wahoo.py``) read this
module, so an engine position and a hole id cannot drift apart.

The Path is cut into one *arm* per colour, ``holes_per_side`` holes each, in
playing order. An arm's holes, counted from where it begins:

- 0: the pink arrow at the inner corner before the arm;
- 1 .. L: out along the arm's first side (L = holes_per_side / 2 - 2);
- L+1 .. L+4: across the arm's end; the middle one, L+2, is the *entry*, the
  Path hole from which the arm's Tee-Pee branches off;
- L+5 .. 2L+3: back in along the other side; L+6, four holes after the entry, is
  the arm's Starting Position, beside its Tribal Grounds.

So a colour's own arrow, hole 0 of its arm, is "the pink arrow just before" its
Tee-Pee. Engine positions are small integers: the Path ``0 .. T-1`` numbered so
that red's Starting Position is 0, then the Tee-Pees, four holes a colour
(``T + 4*seat + k``, k = 0 by the entry), then the centre; ``START`` (-1) is a
marble in its Tribal Grounds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

START = -1
ROW = 4  # marbles a colour, and holes in each Tribal Grounds and Tee-Pee
ARM_HALF_WIDTH = 2  # pitches from an arm's centre line (its Tee-Pee) to each side
MIN_HOLES_PER_SIDE = 14  # fewer leaves no room for the Tribal Grounds between arms
MAX_HOLES_PER_SIDE = 40

# Every seat there can be, in playing order (each is to the left of the last):
# the four-colour board uses the first four, the six-colour board all six.
SEATS: tuple[tuple[str, str], ...] = (
    ("red", "#d62828"), ("blue", "#1d4ed8"), ("yellow", "#e9b308"),
    ("green", "#15803d"), ("purple", "#7e22ce"), ("orange", "#ea580c"))
SEAT_NAMES = tuple(name for name, _colour in SEATS)
LETTERS = "RBYGPO"
BOARDS = {"wahoo": 4, "wahoo6": 6}  # layout name -> colours on the board


def check_side(side: int) -> None:
    if side % 2 or not MIN_HOLES_PER_SIDE <= side <= MAX_HOLES_PER_SIDE:
        raise ValueError(f"holes_per_side must be an even number from {MIN_HOLES_PER_SIDE} "
                         f"to {MAX_HOLES_PER_SIDE}, got {side}")


@dataclass(frozen=True)
class Geometry:
    """The numbering of one board: ``colours`` arms of ``side`` holes."""

    colours: int
    side: int

    @property
    def track(self) -> int:
        return self.colours * self.side

    @property
    def reach(self) -> int:
        """L: holes along each side of an arm, the end's corner included."""
        return self.side // 2 - ARM_HALF_WIDTH

    @property
    def entry_index(self) -> int:
        return self.reach + ARM_HALF_WIDTH

    @property
    def starter_index(self) -> int:
        return self.entry_index + ARM_HALF_WIDTH + 2

    @property
    def centre(self) -> int:
        return self.track + ROW * self.colours

    @property
    def positions(self) -> int:
        """Engine positions on the board: the Path, the Tee-Pees and the centre."""
        return self.centre + 1

    def arm_hole(self, arm: int, index: int) -> int:
        """The Path position of hole ``index`` of an arm."""
        return (arm * self.side + index - self.starter_index) % self.track

    def arm_index(self, position: int) -> tuple[int, int]:
        """(arm, index in the arm) of a Path position."""
        shifted = (position + self.starter_index) % self.track
        return shifted // self.side, shifted % self.side

    def starter(self, seat: int) -> int:
        return seat * self.side

    def entry(self, seat: int) -> int:
        """The Path hole just outside a seat's Tee-Pee: four behind its Starting Position."""
        return self.arm_hole(seat, self.entry_index)

    def arrow(self, arm: int) -> int:
        """The arrow that begins an arm: the one just before that colour's Tee-Pee."""
        return self.arm_hole(arm, 0)

    @property
    def arrows(self) -> tuple[int, ...]:
        return tuple(self.arrow(a) for a in range(self.colours))

    def tee_pee(self, seat: int, k: int) -> int:
        """Tee-Pee hole k (0 = the first, by the entry) of a seat."""
        return self.track + ROW * seat + k

    def hole_id(self, position: int) -> str:
        """The board file's id of an engine position."""
        if 0 <= position < self.track:
            return f"track.{position}"
        if position == self.centre:
            return "centre"
        if self.track <= position < self.centre:
            k = position - self.track
            return f"home.{SEAT_NAMES[k // ROW]}.{k % ROW + 1}"
        raise ValueError(f"position {position} is not a hole of this board")

    def start_ids(self, seat: int) -> tuple[str, ...]:
        """A seat's Tribal Grounds, as board hole ids."""
        return tuple(f"start.{SEAT_NAMES[seat]}.{k}" for k in range(1, ROW + 1))


@cache
def geometry(colours: int, side: int) -> Geometry:
    if colours not in BOARDS.values():
        raise ValueError(f"a Wa-Hoo board has 4 or 6 colours, not {colours}")
    check_side(side)
    return Geometry(colours, side)
