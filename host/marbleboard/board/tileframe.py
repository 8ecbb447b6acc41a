"""Where a tile lies: its own frame (along its holes' line if they are one row),
the rectangle half a pitch round its holes, where a point of its design lands on
the board under each tile of that design (``on_board``) and back
(``to_design``), its outline cut back where it meets a neighbour (``outline``),
and the places its screws can go (``spread_spots``). The drawings (``tilepcb``,
``tilecontroller``) take their outlines and screws from here; ``tilefit``
checks the drawn boards together.

A tile's rectangle is half a pitch round its holes, so where two tiles meet at
a corner the rectangles overlap. The overlap goes to the tile whose hole lies
nearest it; the other's outline is its rectangle less the keeper's, grown by
the gap. Wampoo's red arm, for one, gives up the 25.5 mm square at its corner
with the blue arm, whose corner hole stands there, and keeps the one at the
green arm's corner round its own.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Point as Circle
from shapely.geometry import Polygon
from shapely.ops import unary_union

from .bodies import SCREW_KEEPOUT_MM
from .build import LAMP_WINDOW_MM
from .fit import _placed as placed_at_hole
from .fit import through_shape
from .model import Board
from .pcbdesign import EDGE_CLEARANCE_MM, Point
from .tiles import LAMP_MARGIN_MM, Tile, chain_order, plan


@dataclass(frozen=True)
class Frame:
    """Where a tile lies on the board: a board position minus ``origin``, turned
    by ``angle_deg`` (counter-clockwise on the page, y pointing down), is the
    tile's."""
    origin: Point
    angle_deg: float

    def to_tile(self, x: float, y: float) -> Point:
        a = math.radians(self.angle_deg)
        dx, dy = x - self.origin[0], y - self.origin[1]
        return (round(dx * math.cos(a) + dy * math.sin(a), 4),
                round(-dx * math.sin(a) + dy * math.cos(a), 4))


def frame(board: Board, tile: Tile) -> Frame:
    """The tile's frame: along its holes' line if they are one row, as on the
    board otherwise; centred on the rectangle round its holes and lamps."""
    holes = {h.id: h for h in board.holes}
    pts = [(holes[h].x, holes[h].y) for h in chain_order(board, tile) if h in holes]
    angle = 0.0
    ends = pts[0], pts[-1]
    if len(pts) > 1 and all(abs(_cross(ends, p)) < 0.01 for p in pts):
        angle = math.degrees(math.atan2(ends[1][1] - ends[0][1], ends[1][0] - ends[0][0]))
        angle = (angle + 90) % 180 - 90  # either way along the row; the smaller turn
    turned = Frame((0.0, 0.0), angle)
    x0, y0, x1, y1 = bounds(board, tile, turned)
    a = math.radians(angle)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # Back from the turned frame to the board's: the middle of the rectangle.
    origin = (cx * math.cos(a) - cy * math.sin(a), cx * math.sin(a) + cy * math.cos(a))
    return Frame((round(origin[0], 4), round(origin[1], 4)), angle)


def _cross(ends: tuple[Point, Point], p: Point) -> float:
    (x0, y0), (x1, y1) = ends
    return ((x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)) / max(math.dist(*ends), 1e-9)


def _margin(board: Board) -> float:
    holes = board.holes
    return min(math.dist((a.x, a.y), (b.x, b.y))
               for i, a in enumerate(holes) for b in holes[i + 1:]) / 2


def bounds(board: Board, tile: Tile, f: Frame) -> tuple[float, float, float, float]:
    holes = {h.id: h for h in board.holes}
    lamps = {lamp.id: lamp for lamp in board.lamps}
    m = _margin(board)
    rounds = [(f.to_tile(holes[h].x, holes[h].y), m) for h in tile.holes]
    rounds += [(f.to_tile(lamps[x].x, lamps[x].y), LAMP_MARGIN_MM) for x in tile.lamps]
    return (min(p[0] - r for p, r in rounds), min(p[1] - r for p, r in rounds),
            max(p[0] + r for p, r in rounds), max(p[1] + r for p, r in rounds))



# JLCPCB routes a board's outline to +-0.2 mm (PCB capabilities, "Dimension
# Tolerance", CNC routing): two neighbouring edges both 0.2 mm proud still leave
# 0.1 mm between the tiles.
GAP_MM = 0.5
SCREWS = {"arm": 3, "start": 2, "controller": 4}  # spread over each board
SPOT_STEP_MM = 1.3  # the grid the screws' places are sought on: two routing pitches


def board_centre(board: Board) -> Point:
    return board.width_mm / 2, board.height_mm / 2


def _bearing(board: Board, tile: Tile) -> float:
    """The direction of the tile's holes from the board's centre, as tilebom
    turns a design's header onto each of its tiles."""
    where = {h.id: (h.x, h.y) for h in board.holes}
    pts = [where[h] for h in tile.holes]
    cx, cy = board_centre(board)
    return math.degrees(math.atan2(sum(p[1] for p in pts) / len(pts) - cy,
                                   sum(p[0] for p in pts) / len(pts) - cx))


def on_board(board: Board, tile: Tile) -> Callable[[float, float], Point]:
    """Where a point of the tile's design lands on the board under this tile."""
    first = plan(board).of_design(tile.design)[0]
    f = frame(board, first)
    a = math.radians(f.angle_deg)
    t = math.radians(_bearing(board, tile) - _bearing(board, first))
    cx, cy = board_centre(board)

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
    cx, cy = board_centre(board)

    def to(x: float, y: float) -> Point:
        dx, dy = x - cx, y - cy
        return f.to_tile(cx + dx * math.cos(t) - dy * math.sin(t),
                         cy + dx * math.sin(t) + dy * math.cos(t))

    return to


def rectangle(board: Board, tile: Tile) -> tuple[float, float, float, float]:
    """The tile's rectangle in its own frame, half a pitch round its holes."""
    x0, y0, x1, y1 = bounds(board, tile, frame(board, tile))
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
