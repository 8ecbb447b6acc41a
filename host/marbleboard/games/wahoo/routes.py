"""Where a marble can go with each roll, worked out once per board and option.

For a seat, a position and a roll, :func:`routes` gives every way the marble
may go: its kind (:mod:`.actions`), the position it lands on, and the bit mask
of every position it passes or lands on, so that "never land on or pass one's
own marble" is one ``&`` with the seat's occupancy mask during play.
"""

from __future__ import annotations

from functools import cache

from .actions import ARROWS, CENTRE, MOVE
from .geometry import ROW, Geometry, geometry

Route = tuple[int, int, int]  # kind, landing position, mask of the positions crossed


def path_walk(g: Geometry, seat: int, p: int, n: int) -> tuple[int, ...] | None:
    """The positions a marble of ``seat`` passes moving ``n`` along the Path from
    ``p`` (landing last), or None when the Tee-Pee is too short for ``n``."""
    track = g.track
    if p == g.centre:
        return (g.arrow(seat),) if n == 1 else None
    if p >= track:  # inside the Tee-Pee: exact count
        k = p - g.tee_pee(seat, 0)
        if k + n >= ROW:
            return None
        return tuple(p + i for i in range(1, n + 1))
    to_entry = (g.entry(seat) - p) % track
    if n <= to_entry:
        return tuple((p + i) % track for i in range(1, n + 1))
    k = n - to_entry - 1
    if k >= ROW:
        return None
    first = g.tee_pee(seat, 0)
    return tuple((p + i) % track for i in range(1, to_entry + 1)) + tuple(
        range(first, first + k + 1))


def arrow_walk(g: Geometry, seat: int, p: int, n: int) -> tuple[int, ...] | None:
    """The first short cut: from an arrow, one space per arrow clockwise, leaving
    at the seat's own arrow and finishing the roll on the Path."""
    arrows = g.arrows
    if p not in arrows or p == g.arrow(seat):
        return None
    arm = arrows.index(p)
    to_own = (seat - arm) % g.colours
    hops = min(n, to_own)
    walk = tuple(arrows[(arm + i) % g.colours] for i in range(1, hops + 1))
    if n == hops:
        return walk
    rest = path_walk(g, seat, walk[-1], n - hops)
    return None if rest is None else walk + rest


def beyond_arrow(g: Geometry, p: int) -> bool:
    """Whether ``p`` is the Path hole one space beyond an arrow."""
    return 0 <= p < g.track and g.arm_index(p)[1] == 1


def _mask(walk: tuple[int, ...]) -> int:
    mask = 0
    for q in walk:
        mask |= 1 << q
    return mask


@cache
def routes(colours: int, side: int, centre_roll: int) -> tuple[tuple[tuple[tuple[Route, ...],
                                                                          ...], ...], ...]:
    """``routes(...)[seat][position][roll]``: the routes of a marble of ``seat``
    (roll 1..6; index 0 unused)."""
    g = geometry(colours, side)
    table = []
    for seat in range(colours):
        per_position = []
        for p in range(g.positions):
            per_roll: list[tuple[Route, ...]] = [()]
            own_tee_pee = g.tee_pee(seat, 0) <= p < g.tee_pee(seat, 0) + ROW
            on_board = p < g.track or own_tee_pee or p == g.centre
            for n in range(1, 7):
                found: list[Route] = []
                if on_board:
                    walk = path_walk(g, seat, p, n)
                    if walk is not None:
                        found.append((MOVE, walk[-1], _mask(walk)))
                    walk = arrow_walk(g, seat, p, n)
                    if walk is not None:
                        found.append((ARROWS, walk[-1], _mask(walk)))
                    if beyond_arrow(g, p) and centre_roll in (0, n):
                        found.append((CENTRE, g.centre, 1 << g.centre))
                per_roll.append(tuple(found))
            per_position.append(tuple(per_roll))
        table.append(tuple(per_position))
    return tuple(table)


def route_walk(g: Geometry, seat: int, kind: int, p: int, n: int) -> tuple[int, ...]:
    """The positions passed by a route (for lights and the table), landing last."""
    if kind == CENTRE:
        return (g.centre,)
    walk = arrow_walk(g, seat, p, n) if kind == ARROWS else path_walk(g, seat, p, n)
    assert walk is not None
    return walk


@cache
def moves(colours: int, side: int, centre_roll: int) -> tuple[tuple[tuple[tuple[
        tuple[int, int], ...], ...], ...], ...]:
    """The routes as the legal-move generator reads them: for each, the action
    it makes for marble 0 (``kind | landing << 8``; a marble's number goes
    between) and the mask of positions crossed."""
    return tuple(tuple(tuple(tuple((kind | dest << 8, mask) for kind, dest, mask in by_roll)
                             for by_roll in by_position) for by_position in by_seat)
                 for by_seat in routes(colours, side, centre_roll))
