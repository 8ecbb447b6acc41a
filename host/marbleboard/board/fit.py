"""Whether the sensor board lies flat against the wood: every part on its top face
must stand in the hole, or in a counterbore, pocket or notch of the board file
(``build.cuts``) at least as deep as the part is tall, wherever the module sits
within its registration.

A part that finds wood above it holds the module off the top by its height: the
sensors then sit lower than the sensing was computed for. ``check`` says which
parts do and by how much (``drop_mm``); the board file's cuts are right when there
are none.

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> fit = check(build_layout(default_layout()))
>>> fit.ok, fit.drop_mm
(True, 0.0)
>>> min(p.depth_spare_mm for p in fit.parts)  # the LED's 1.6 mm in a 2 mm counterbore
0.4
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import affinity
from shapely.geometry import Point as Circle
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from .bodies import body_of, body_outline
from .build import Build, Cut
from .holemodule import hole_module
from .model import Board, Hole
from .pcbdesign import Design
from .ringmodule import ring_module

# Nothing stands on the top face but what is listed in bodies.py; a wire is
# soldered from beneath, its end cut flush with the pad on the top face.


@dataclass(frozen=True)
class PartFit:
    ref: str
    height_mm: float
    depth_spare_mm: float  # how much deeper than the part is tall its recess is
    side_spare_mm: float  # how far the part may move before it meets the recess's wall
    where: str  # "hole", or the cut it stands in, or "wood"


@dataclass(frozen=True)
class Fit:
    board: str
    parts: tuple[PartFit, ...]

    @property
    def collisions(self) -> tuple[PartFit, ...]:
        return tuple(p for p in self.parts if p.where == "wood")

    @property
    def ok(self) -> bool:
        return not self.collisions

    @property
    def drop_mm(self) -> float:
        """How far below the wood the module rests, held off by its tallest collision."""
        return max((p.height_mm for p in self.collisions), default=0.0)


def module_for(board: Board) -> Design:
    """The circuit board under each of the board's holes."""
    build = board.build
    if build is None:
        raise ValueError(f"{board.id}: the board file says nothing of how it is built")
    return ring_module(build) if build.cutout_mm else hole_module()


def cut_shape(cut: Cut) -> Polygon:
    """A cut's outline about the hole's axis, x east and y north."""
    if cut.kind == "counterbore":
        return Circle(cut.x_mm, cut.y_mm).buffer(cut.w_mm / 2, quad_segs=32)
    rect = box(-cut.w_mm / 2, -cut.l_mm / 2, cut.w_mm / 2, cut.l_mm / 2)
    return affinity.translate(affinity.rotate(rect, cut.angle_deg, origin=(0, 0)),
                              cut.x_mm, cut.y_mm)


def through_shape(board: Board) -> Polygon:
    """The hole through the top, at its narrowest."""
    assert board.build is not None
    return Circle(0, 0).buffer((board.hole_diameter_mm - board.build.hole_tolerance_mm) / 2,
                               quad_segs=32)


def cut_depth(cut: Cut, build: Build) -> float:
    return build.top_mm if cut.kind == "notch" else cut.depth_mm


def check(board: Board, design: Design | None = None) -> Fit:
    """Each top-face part of the module (``module_for`` unless given) against the
    hole and the cuts round it."""
    build = board.build
    design = design or module_for(board)
    assert build is not None
    hole = through_shape(board)
    recesses = [(cut_shape(c), cut_depth(c, build), f"{c.kind} {c.w_mm:g} mm") for c in build.cuts]
    fits = []
    for part in design.parts:
        body, outline = body_of(part), body_outline(part)
        if part.side != "top" or body is None or outline is None:
            continue
        # KiCad's y points down; the board file's north up.
        shape = Polygon([(x, -y) for x, y in outline])
        reach = shape.buffer(build.registration_mm, join_style="mitre")
        if hole.contains(reach):
            fits.append(PartFit(part.ref, body.height_mm, build.top_mm - body.height_mm,
                                _spare(shape, hole), "hole"))
            continue
        deep = [(s, d, name) for s, d, name in recesses if d >= body.height_mm]
        room = unary_union([hole, *[s for s, _, _ in deep]])
        if not room.contains(reach):
            fits.append(PartFit(part.ref, body.height_mm, 0.0,
                                -(_outside(shape, room) + build.registration_mm), "wood"))
            continue
        # Named after the recess it mostly stands in.
        _, d, name = max(deep, key=lambda r: r[0].intersection(shape).area)
        fits.append(PartFit(part.ref, body.height_mm, round(d - body.height_mm, 3),
                            _spare(shape, room), name))
    return Fit(board.id, tuple(fits))


def _spare(shape: Polygon, room: Polygon) -> float:
    """How far the part's body is from leaving the room it stands in."""
    edge = room.exterior if room.geom_type == "Polygon" else room.boundary
    return round(float(edge.distance(shape)), 3)


def _outside(shape: Polygon, room: Polygon) -> float:
    """How far the part's body, where it is drawn, reaches past its room."""
    return round(max(float(room.distance(Circle(x, y))) for x, y in shape.exterior.coords), 3)


def neighbours_apart(board: Board) -> float:
    """The least wood left between two neighbouring holes' cuts and hole, in mm."""
    build = board.build
    assert build is not None
    local = unary_union([through_shape(board), *[cut_shape(c) for c in build.cuts]])
    least = math.inf
    holes = board.holes
    for i, a in enumerate(holes):
        for b in holes[i + 1:]:
            if math.dist((a.x, a.y), (b.x, b.y)) > 3 * board.hole_diameter_mm + 40:
                continue
            least = min(least, _placed(local, a, build).distance(_placed(local, b, build)))
    return round(least, 3)


def _placed(shape: Polygon, hole: Hole, build: Build) -> Polygon:
    # The board file's y grows southward, as on the drilling template.
    turned = affinity.rotate(shape, build.rotation_deg, origin=(0, 0))
    return affinity.translate(affinity.scale(turned, 1, -1, origin=(0, 0)), hole.x, hole.y)


@dataclass(frozen=True)
class PlacedCut:
    """One cut at one hole, as the drilling template draws it (y southward)."""
    hole: str
    cut: Cut
    depth_mm: float  # the top's thickness for a notch
    outline: tuple[tuple[float, float], ...]


def placed_cuts(board: Board) -> list[PlacedCut]:
    build = board.build
    if build is None:
        return []
    out = []
    for hole in board.holes:
        for cut in build.cuts:
            shape = _placed(cut_shape(cut), hole, build)
            out.append(PlacedCut(hole.id, cut, cut_depth(cut, build),
                                 tuple((round(x, 3), round(y, 3))
                                       for x, y in shape.exterior.coords)))
    return out
