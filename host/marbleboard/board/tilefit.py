"""Whether a board's tiles fit together under it, and where their screws go:
every drawn tile placed on the board as its design lies on its first tile,
turned round the board's centre onto the others (``tileframe.on_board``), and
the controller on the centre. ``clashes`` names every two outlines that overlap
or come closer than ``tileframe.GAP_MM``; ``screws`` gives every mounting hole
on the board and the wood it keeps from the holes through the top.

>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> clashes(default_layout())
[]
>>> found = screws(default_layout())
>>> sorted({(s.tile.split(".")[0], len([t for t in found if t.tile == s.tile])) for s in found})
[('arm', 3), ('controller', 4), ('start', 2)]
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from shapely.geometry import Point as Circle
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from .bodies import SCREW_KEEPOUT_MM
from .model import Board
from .pcbdesign import Design, Point
from .tileframe import GAP_MM, board_centre, on_board, wood_holes
from .tiles import Tile, plan


def _drawn(board: Board) -> dict[str, tuple[Tile | None, Design]]:
    from .pcb import DESIGNS

    out: dict[str, tuple[Tile | None, Design]] = {}
    for t in plan(board).tiles:
        name = f"{board.id}-{t.design}-tile"
        if t.holes and name in DESIGNS:
            out[t.name] = (t, DESIGNS[name]())
    name = f"{board.id}-tile-controller"
    if name in DESIGNS:
        out["controller"] = (None, DESIGNS[name]())
    return out


def _mover(board: Board, tile: Tile | None) -> Callable[[float, float], Point]:
    if tile is not None:
        return on_board(board, tile)
    cx, cy = board_centre(board)
    return lambda u, v: (cx + u, cy + v)


def placed(layout: str) -> dict[str, Polygon]:
    """Each drawn tile's outline, and the controller's, on the board."""
    from . import build_layout

    board = build_layout(layout)
    out = {}
    for name, (tile, d) in _drawn(board).items():
        to = _mover(board, tile)
        out[name] = Polygon([to(u, v) for u, v in d.outline()])
    return out


@dataclass(frozen=True)
class Clash:
    """Two boards that overlap, or come closer than the gap."""
    a: str
    b: str
    apart_mm: float  # 0 where they overlap
    overlap_mm2: float


def clashes(layout: str, gap: float = GAP_MM, outlines: dict[str, Polygon] | None = None
            ) -> list[Clash]:
    """Every two of the placed outlines (``placed``, unless given) that overlap or
    come closer than gap."""
    shapes = outlines if outlines is not None else placed(layout)
    out = []
    for (a, pa), (b, pb) in itertools.combinations(shapes.items(), 2):
        apart = round(float(pa.distance(pb)), 4)
        if apart < gap:
            out.append(Clash(a, b, apart, round(float(pa.intersection(pb).area), 1)))
    return out


# Each screw is an M3 x 6 (ISO 7045) through its tile into the top; its pilot hole
# is ISO 2306's tap drill for M3 x 0.5, cut from beneath 0.6 mm deeper than the
# screw reaches through a 1.6 mm tile (4.4 mm), so the screw never bottoms in it.
SCREW_LENGTH_MM = 6.0
PILOT_MM = 2.5
PILOT_DEPTH_MM = 5.0


@dataclass(frozen=True)
class Screw:
    """A mounting hole where it lies on the board."""
    tile: str
    ref: str
    x: float
    y: float
    wood_mm: float  # its head's keep-out from the nearest hole through the top, grown
    # by the registration (negative: under it)


def screws(layout: str) -> list[Screw]:
    """Every tile's and the controller's mounting holes on the board, each with
    how far it keeps from the wood's holes."""
    from . import build_layout

    board = build_layout(layout)
    holes = unary_union(wood_holes(board))
    out = []
    for name, (tile, d) in _drawn(board).items():
        to = _mover(board, tile)
        for h in d.mounting:
            x, y = to(h.x, h.y)
            out.append(Screw(name, h.ref, round(x, 3), round(y, 3), wood_left(holes, x, y)))
    return out


def wood_left(holes: BaseGeometry, x: float, y: float) -> float:
    """How far a screw's keep-out at (x, y) stays from the wood's holes; less
    than 0, by how far it reaches into one."""
    at = Circle(x, y)
    apart = float(holes.distance(at))
    if apart > 0:
        return round(apart - SCREW_KEEPOUT_MM, 3)
    return -round(SCREW_KEEPOUT_MM + float(holes.boundary.distance(at)), 3)
