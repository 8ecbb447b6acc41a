"""Whether a board's tiles fit together under it, and where their screws go.

Each drawn tile lies on the board as its design lies on its first tile, turned
round the board's centre onto the others (``on_board``); the controller sits
on the centre. ``clashes`` names every two outlines that overlap or come
closer than ``GAP_MM``.

A tile's rectangle is half a pitch round its holes, so where two tiles meet at
a corner the rectangles overlap. The overlap goes to the tile whose hole lies
nearest it; the other's outline is its rectangle less the keeper's, grown by
the gap (``outline``). Wampoo's red arm, for one, gives up the 25.5 mm square
at its corner with the blue arm, whose corner hole stands there, and keeps the
one at the green arm's corner round its own.

Every tile and controller is held up against the top by M3 screws into the
wood, through holes placed where nothing else is (``spread_spots``): no part,
track or via under a screw's head, and no marble hole or lamp window in the
wood over its shank (``screws``).

>>> clashes("wampoo")
[]
>>> sorted({(s.tile.split(".")[0], len([t for t in screws("wampoo") if t.tile == s.tile]))
...         for s in screws("wampoo")})
[('arm', 3), ('controller', 4), ('start', 2)]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point as Circle
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from .bodies import SCREW_KEEPOUT_MM
from .build import LAMP_WINDOW_MM
from .fit import _placed as placed_at_hole
from .fit import through_shape
from .model import Board
from .pcbdesign import EDGE_CLEARANCE_MM, Design, Point
from .tilepcb import _bounds, frame
from .tiles import Tile, plan

# JLCPCB routes a board's outline to +-0.2 mm (PCB capabilities, "Dimension
# Tolerance", CNC routing): two neighbouring edges both 0.2 mm proud still leave
# 0.1 mm between the tiles.
GAP_MM = 0.5
SCREWS = {"arm": 3, "start": 2, "controller": 4}  # spread over each board
SPOT_STEP_MM = 1.3  # the grid the screws' places are sought on: two routing pitches


def _centre(board: Board) -> Point:
    return board.width_mm / 2, board.height_mm / 2


def _bearing(board: Board, tile: Tile) -> float:
    """The direction of the tile's holes from the board's centre, as tilebom
    turns a design's header onto each of its tiles."""
    where = {h.id: (h.x, h.y) for h in board.holes}
    pts = [where[h] for h in tile.holes]
    cx, cy = _centre(board)
    return math.degrees(math.atan2(sum(p[1] for p in pts) / len(pts) - cy,
                                   sum(p[0] for p in pts) / len(pts) - cx))


def on_board(board: Board, tile: Tile) -> Callable[[float, float], Point]:
    """Where a point of the tile's design lands on the board under this tile."""
    first = plan(board).of_design(tile.design)[0]
    f = frame(board, first)
    a = math.radians(f.angle_deg)
    t = math.radians(_bearing(board, tile) - _bearing(board, first))
    cx, cy = _centre(board)

    def to(u: float, v: float) -> Point:
        dx = f.origin[0] + u * math.cos(a) - v * math.sin(a) - cx
        dy = f.origin[1] + u * math.sin(a) + v * math.cos(a) - cy
        return cx + dx * math.cos(t) - dy * math.sin(t), cy + dx * math.sin(t) + dy * math.cos(t)

    return to


def to_design(board: Board, tile: Tile) -> Callable[[float, float], Point]:
    """The other way: a board position in the frame of the tile's design."""
    first = plan(board).of_design(tile.design)[0]
    f = frame(board, first)
    t = math.radians(_bearing(board, first) - _bearing(board, tile))
    cx, cy = _centre(board)

    def to(x: float, y: float) -> Point:
        dx, dy = x - cx, y - cy
        return f.to_tile(cx + dx * math.cos(t) - dy * math.sin(t),
                         cy + dx * math.sin(t) + dy * math.cos(t))

    return to


def rectangle(board: Board, tile: Tile) -> tuple[float, float, float, float]:
    """The tile's rectangle in its own frame, half a pitch round its holes."""
    x0, y0, x1, y1 = _bounds(board, tile, frame(board, tile))
    return round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)


def _rectangle_on_board(board: Board, tile: Tile) -> Polygon:
    f = frame(board, tile)
    a = math.radians(f.angle_deg)
    x0, y0, x1, y1 = rectangle(board, tile)
    return Polygon([(f.origin[0] + u * math.cos(a) - v * math.sin(a),
                     f.origin[1] + u * math.sin(a) + v * math.cos(a))
                    for u, v in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])


def _keeper(board: Board, a: Tile, b: Tile, shared: Polygon) -> Tile:
    """Which of two tiles keeps the ground both rectangles cover: the one whose
    hole is nearest it."""
    c = shared.centroid
    where = {h.id: (h.x, h.y) for h in board.holes}
    return min((a, b), key=lambda t: (min(math.dist((c.x, c.y), where[h]) for h in t.holes),
                                      t.name))


def outline(board: Board, tile: Tile) -> tuple[Point, ...]:
    """The tile's outline in its own frame: its rectangle less every neighbour's
    that keeps the ground they share, grown by the gap; () where nothing is cut."""
    mine = _rectangle_on_board(board, tile)
    cut = mine
    for other in plan(board).tiles:
        if other is tile or not other.holes:
            continue
        theirs = _rectangle_on_board(board, other)
        if mine.distance(theirs) >= GAP_MM:
            continue
        shared = mine.buffer(GAP_MM, join_style="mitre").intersection(
            theirs.buffer(GAP_MM, join_style="mitre"))
        if _keeper(board, tile, other, shared) is other:
            cut = cut.difference(theirs.buffer(GAP_MM, join_style="mitre"))
    if cut.equals(mine):
        return ()
    if cut.geom_type != "Polygon":
        raise ValueError(f"{tile.name}: cut back by its neighbours it falls in pieces")
    f = frame(board, tile)
    corners = shapely.simplify(cut, 1e-6).exterior.coords[:-1]
    return tuple((round(u, 4), round(v, 4)) for u, v in (f.to_tile(x, y) for x, y in corners))


def wood_holes(board: Board) -> list[Polygon]:
    """Every marble hole (at its narrowest, as the fit check takes it) and lamp
    window through the top, grown by the registration a tile may sit off by."""
    build = board.build
    if build is None:
        raise ValueError(f"{board.id}: the board file says nothing of how it is built")
    hole = through_shape(board)
    out = [placed_at_hole(hole, h, build) for h in board.holes]
    out += [Circle(lamp.x, lamp.y).buffer(LAMP_WINDOW_MM / 2, quad_segs=16) for lamp in board.lamps]
    return [s.buffer(build.registration_mm) for s in out]


def spread_spots(room: Polygon, barred: list[Polygon], count: int, name: str) -> list[Point]:
    """count places for a screw, far apart: each head's keep-out inside room (an
    edge's clearance in) and clear of everything barred. The first is the
    free place farthest from the middle of the room, each next the one
    farthest from those chosen."""
    x0, y0, x1, y1 = room.bounds
    xs = np.arange(math.ceil(x0 / SPOT_STEP_MM), math.floor(x1 / SPOT_STEP_MM) + 1) * SPOT_STEP_MM
    ys = np.arange(math.ceil(y0 / SPOT_STEP_MM), math.floor(y1 / SPOT_STEP_MM) + 1) * SPOT_STEP_MM
    gx, gy = np.meshgrid(np.round(xs, 4), np.round(ys, 4), indexing="ij")
    pts = shapely.points(gx.ravel(), gy.ravel())
    inside = room.buffer(-(SCREW_KEEPOUT_MM + EDGE_CLEARANCE_MM), join_style="mitre")
    free = shapely.contains(inside, pts)
    if barred:
        free &= shapely.distance(unary_union(barred), pts) > SCREW_KEEPOUT_MM
    spots = [(float(x), float(y)) for x, y in zip(gx.ravel()[free], gy.ravel()[free],
                                                   strict=True)]
    if len(spots) < count:
        raise ValueError(f"{name}: room for {len(spots)} of its {count} screws")
    middle = room.centroid
    chosen = [max(spots, key=lambda p: (math.dist(p, (middle.x, middle.y)), p))]
    while len(chosen) < count:
        nxt = max(spots, key=lambda p: (min(math.dist(p, q) for q in chosen), p))
        if min(math.dist(nxt, q) for q in chosen) < 2 * SCREW_KEEPOUT_MM:
            raise ValueError(f"{name}: room for {len(chosen)} of its {count} screws")
        chosen.append(nxt)
    return chosen


def wood_in_design(board: Board, tile: Tile) -> list[Polygon]:
    """The wood's holes over every tile of a design, in the design's frame: a
    screw's place must be clear of them all, wherever the design lies."""
    out = []
    for t in plan(board).of_design(tile.design):
        to = to_design(board, t)
        out += [Polygon([to(x, y) for x, y in s.exterior.coords]) for s in wood_holes(board)]
    return out


# -- the check ------------------------------------------------------------------------


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
    cx, cy = _centre(board)
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
