"""What every hall switch under a board feels, computed with magpylib.

For each board this finds, over every resting orientation of a piece and every
corner of the build's tolerances:

- the weakest field a piece in a hole gives the switches of a role under that hole
  (a role's switches are wired together, so the strongest of them counts), with
  every other hole holding a piece turned to work against it;
- the strongest field the pieces in all the other holes give each switch of an
  empty hole, each turned the worst way;

and compares them with the switch's datasheet limits: a present piece must reach
the highest operate point the datasheet allows, and the neighbours must stay under
the lowest release point, each by ``REQUIRED_MARGIN``.

A magnet is an ideal, uniformly magnetised cylinder (magpylib's analytic field);
its remanence comes from the grade's minimum (for a piece that must be seen) or
maximum (for one that must not), moved by its temperature coefficient to the warm
or cold end of a room.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import magpylib
import numpy as np
from scipy.optimize import minimize  # type: ignore[import-untyped]
from scipy.spatial.transform import Rotation  # type: ignore[import-untyped]

from .build import Build, Magnet, Site
from .model import Board, Hole
from .parts import GRADES, ROOM_C, HallSwitch, switch_for
from .pull import Pull, format_pull, marble_pull

Array: TypeAlias = Any  # a numpy array; numpy's own types do not survive its indexing

REQUIRED_MARGIN = 1.25  # on top of the datasheet's own worst-case limits
FREE_DIRECTIONS = 2000  # a marble's magnet axis, spread evenly over the sphere
NEIGHBOUR_DIRECTIONS = 400
# The holes next to one: within this times the nearest one's distance (the
# diagonal ones of a square grid, at 1.41, are next to it as much as the others).
RING = 1.5
CHANCE_SAMPLES = 4000  # random orientations of the pieces round an empty hole
NEAR_MM = 100.0  # neighbours closer than this are searched over every tolerance corner


class SensingError(ValueError):
    pass


def fibonacci_directions(n: int) -> Array:
    """``n`` unit vectors spread evenly over the sphere."""
    i = np.arange(n) + 0.5
    polar = np.arccos(1 - 2 * i / n)
    azimuth = math.pi * (1 + 5 ** 0.5) * i
    return np.c_[np.cos(azimuth) * np.sin(polar), np.sin(azimuth) * np.sin(polar),
                 np.cos(polar)]


def rotations_to(directions: Array) -> Rotation:
    """Rotations that turn a magnet's axis (+z) to each direction."""
    z = np.array([0.0, 0.0, 1.0])
    axis = np.cross(z, directions)
    s = np.linalg.norm(axis, axis=1)
    angle = np.arctan2(s, directions[:, 2])
    safe = np.where(s > 1e-12, s, 1.0)
    rotvec = axis / safe[:, None] * angle[:, None]
    flipped = (s <= 1e-12) & (directions[:, 2] < 0)
    rotvec[flipped] = [math.pi, 0.0, 0.0]
    return Rotation.from_rotvec(rotvec)


def _angles_to_direction(theta: float, phi: float) -> Array:
    return np.array([[math.sin(theta) * math.cos(phi), math.sin(theta) * math.sin(phi),
                      math.cos(theta)]])


def _direction_angles(d: Array) -> tuple[float, float]:
    return math.acos(max(-1.0, min(1.0, float(d[2])))), math.atan2(float(d[1]), float(d[0]))


def remanence(magnet: Magnet, strong: bool) -> float:
    """The magnet's remanence in tesla at the room's cold end (``strong``) or warm end."""
    grade = GRADES[magnet.grade]
    if strong:
        return grade.br_max_t * (1 + grade.br_tc_per_c * (ROOM_C[0] - 20))
    return grade.br_min_t * (1 + grade.br_tc_per_c * (ROOM_C[1] - 20))


def field_mt(magnet: Magnet, br: float, positions_mm: Array, directions: Array,
             points_mm: Array) -> Array:
    """The field vector (mT) at each point, for the magnet at each of ``positions``
    turned to each of ``directions``: shape (configs, points, 3)."""
    positions_mm = np.atleast_2d(positions_mm)
    points_mm = np.atleast_2d(points_mm)
    n = max(len(directions), len(positions_mm))
    centres = np.broadcast_to(positions_mm, (n, 3))
    rotations = rotations_to(np.ascontiguousarray(np.broadcast_to(directions, (n, 3))))
    discs = [(magnet.diameter_mm, magnet.height_mm, br, centres)]
    if magnet.opposed is not None:
        o = magnet.opposed
        # On the first's north side, along its axis however the piece is turned.
        discs.append((o.diameter_mm, o.height_mm, -br,
                      centres + rotations.apply([0.0, 0.0, o.distance_mm])))
    total = np.zeros((n, len(points_mm), 3))
    for diameter, height, polarization, where in discs:
        disc = magpylib.magnet.Cylinder(polarization=(0, 0, polarization),
                                        dimension=(diameter * 1e-3, height * 1e-3))
        disc.position = where * 1e-3
        disc.orientation = rotations if n > 1 else rotations[0]
        total += np.reshape(disc.getB(points_mm * 1e-3), (n, len(points_mm), 3)) * 1e3
    return total


def switch_sees(part: HallSwitch, b: Array) -> Array:
    """The field a switch acts on, from the field along its axis: its size for an
    omnipolar part, the signed component for one that answers a south pole only."""
    return np.abs(b) if part.omnipolar else b


def felt_mt(points: list[SensorPoint], b: Array) -> Array:
    """What each switch acts on, from field vectors of shape (configs, points, 3): a
    three-axis sensor switches when any axis passes its threshold, so it acts on
    the largest component."""
    out = np.empty(b.shape[:2])
    for i, p in enumerate(points):
        if p.part.three_axes:
            out[:, i] = np.abs(b[:, i]).max(axis=1)
        else:
            out[:, i] = switch_sees(p.part, b[:, i] @ np.asarray(p.axis))
    return out


# -- the geometry under a hole ---------------------------------------------------

@dataclass(frozen=True)
class SensorPoint:
    site: Site
    part: HallSwitch
    xyz: tuple[float, float, float]  # the Hall element, relative to the hole's axis
    axis: tuple[float, float, float]


def sensor_points(build: Build, sites: tuple[Site, ...]) -> list[SensorPoint]:
    near = build.pcb_top_mm
    points = []
    for site in sites:
        part = switch_for(site.part, site.threshold_mt)
        x, y = site.xy(build.rotation_deg)
        if site.side == "top":
            z, up = near + part.element_above_board_mm, 1.0
        else:
            z, up = near - build.pcb_mm - part.element_above_board_mm, -1.0
        if part.in_plane:
            a = math.radians(site.angle_deg + build.rotation_deg + site.facing_deg)
            axis = (math.cos(a), math.sin(a), 0.0)
        else:
            axis = (0.0, 0.0, up)
        points.append(SensorPoint(site, part, (x, y, z), axis))
    return points


@dataclass(frozen=True)
class PieceSpec:
    kind: str
    count: int
    magnet: Magnet

    @property
    def playing_piece(self) -> bool:
        """A piece that stands (a Stomper) is what a piece switch is for."""
        return self.magnet.rests == "upright"


def magnet_box(board: Board, build: Build, piece: PieceSpec) -> tuple[float, tuple[float, float]]:
    """Where a piece's magnet centre can be, relative to the nominal sensor board:
    how far to each side, and its lowest and highest height."""
    m = piece.magnet
    lateral = build.registration_mm + m.offset_mm
    if m.rests == "free":
        lo, hi = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
    else:
        assert m.z_mm is not None
        lo = hi = m.z_mm
    # The board lying farther down is the magnet lying higher above it.
    lo, hi = lo - m.offset_mm, hi + m.offset_mm + (build.gap_mm[1] - build.gap_mm[0])
    return lateral, (lo, hi)


def own_positions(board: Board, build: Build, piece: PieceSpec) -> Array:
    lateral, (lo, hi) = magnet_box(board, build, piece)
    return np.array([(dx, dy, z) for dx in (-lateral, 0.0, lateral)
                     for dy in (-lateral, 0.0, lateral) for z in (lo, hi)])


def orientations(magnet: Magnet, n_free: int) -> Array:
    """The directions of the magnet's north-pointing axis the piece can rest in."""
    if magnet.rests == "free":
        return fibonacci_directions(n_free)
    down = -1.0 if magnet.pole_down == "north" else 1.0
    out = [(0.0, 0.0, down)]
    for tilt in (magnet.tilt_deg / 2, magnet.tilt_deg):
        if tilt <= 0:
            continue
        t = math.radians(tilt)
        for k in range(12):
            a = 2 * math.pi * k / 12
            out.append((math.sin(t) * math.cos(a), math.sin(t) * math.sin(a),
                        down * math.cos(t)))
    return np.array(sorted(set(out)))


def tilted(magnet: Magnet, tilt_deg: Array, azimuth: Array) -> Array:
    """A standing piece's north-pointing axis, tilted from upright by ``tilt_deg``
    towards each ``azimuth``."""
    down = -1.0 if magnet.pole_down == "north" else 1.0
    t = np.radians(tilt_deg)
    return np.c_[np.sin(t) * np.cos(azimuth), np.sin(t) * np.sin(azimuth), down * np.cos(t)]


# -- results ------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """One comparison with a datasheet limit. ``seen`` checks want ``field_mt`` at or
    above the limit (the highest operate point); the others want it at or under the
    lowest release point."""

    role: str
    piece: str
    seen: bool
    field_mt: float
    limit_mt: float
    part: str
    hole: str
    what: str

    @property
    def margin(self) -> float:
        if self.seen:
            return self.field_mt / self.limit_mt
        return self.limit_mt / self.field_mt if self.field_mt > 0 else math.inf

    @property
    def ok(self) -> bool:
        return self.margin >= REQUIRED_MARGIN


@dataclass
class Report:
    board: Board
    build: Build
    pieces: list[PieceSpec]
    checks: list[Check] = field(default_factory=list)
    # Reported beside the checks, which take one neighbour at a time: the most
    # field the pieces in all the holes next to an empty one can put on one of its
    # switches together, each turned the worst way, and every piece of the game.
    ring: dict[str, float] = field(default_factory=dict)
    crowded: dict[str, float] = field(default_factory=dict)
    # How often that worst case happens: the share of random ways the pieces in the
    # holes next to an empty one can lie (each pressed toward it, strongest magnet)
    # for which a switch there at its lowest release point sees them; the hole where
    # that share is largest, and the most field sampled there.
    chance: dict[str, tuple[float, str, float]] = field(default_factory=dict)
    # The same share at that hole with standing pieces (Stompers) in 1, 2, ... of
    # the holes next to it, where their fields add most, marbles in the others:
    # a standing piece's field points the same way each time, so theirs add up.
    standing: dict[str, list[float]] = field(default_factory=dict)
    clearances: list[Clearance] = field(default_factory=list)
    pull: Pull | None = None  # marbles resting on rims: one pulled from its hole?

    @property
    def ok(self) -> bool:
        return (all(c.ok for c in self.checks) and all(c.ok for c in self.clearances)
                and (self.pull is None or self.pull.ok))


CLEARANCE_MM = 0.3  # between a resting marble and anything under it


@dataclass(frozen=True)
class Clearance:
    """Room between a marble resting as low as its hole lets it and a part of the
    build: ``have_mm`` must reach ``CLEARANCE_MM``."""

    what: str
    have_mm: float

    @property
    def ok(self) -> bool:
        return self.have_mm >= CLEARANCE_MM


def clearances(board: Board, build: Build) -> list[Clearance]:
    """Whether the sensor board and its switches leave room for a marble resting as
    low as its hole allows, with the sensor board off its place by the registration
    tolerance: where the marble dips below the board's top the board needs a
    cut-out (``cutout_mm``), and no switch may stand where the marble is."""
    r = board.marble_diameter_mm / 2
    centre, _ = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
    bottom = centre - r
    top = build.pcb_top_mm
    slack = build.registration_mm

    def reach(z: float) -> float:
        """How far out from the hole's axis the marble is at height ``z``."""
        dz = centre - z
        return math.sqrt(r * r - dz * dz) if abs(dz) < r else 0.0

    def beside(inner: float, z_from: float, z_to: float) -> float:
        """Room between the marble and a part from ``inner`` outwards between two
        heights: above the marble's lowest point, or beside it."""
        if bottom >= z_to:
            return bottom - z_to
        return inner - slack - max(reach(z) for z in np.linspace(z_from, z_to, 12))

    hole = build.cutout_mm / 2
    out = []
    if build.cutout_mm:
        out.append(Clearance(f"the marble in the sensor board's {build.cutout_mm:g} mm "
                             f"cut-out", round(beside(hole, top - build.pcb_mm, top), 3)))
    else:
        out.append(Clearance("the marble above the sensor board (no cut-out)",
                             round(bottom - top, 3)))
    for site in build.sites:
        length, width, height = switch_for(site.part, site.threshold_mt).body_mm
        inner = site.r_mm - math.hypot(length, width) / 2  # however the package is turned
        if site.side == "top":
            gap = beside(inner, top, top + height)
        else:
            below = top - build.pcb_mm
            gap = beside(inner, below - height, below)
        if build.cutout_mm:
            gap = min(gap, inner - hole)  # a package cannot sit over the cut-out
        out.append(Clearance(f"{site.role} switch {site.part} at {site.r_mm:g} mm, "
                             f"{site.angle_deg:g} degrees, {site.side} side", round(gap, 3)))
    return out


# -- the computation -------------------------------------------------------------

def pieces_of(board: Board) -> list[PieceSpec]:
    specs = [PieceSpec(p.kind, p.count, p.magnet) for p in board.pieces
             if p.magnet is not None]
    if not specs:
        raise SensingError(f"board {board.id!r} names no magnet in any piece")
    return specs


def analyse(board: Board) -> Report:
    """Every check for every role and piece of the board."""
    build = board.build
    if build is None:
        raise SensingError(f"board {board.id!r} has no 'build' section: nothing says "
                           f"where its switches sit")
    pieces = pieces_of(board)
    marbles = [p.magnet for p in pieces if p.magnet.rests == "free"]
    standing = [(p.kind, p.magnet) for p in pieces if p.magnet.rests == "upright"]
    pull = (marble_pull(board, build, marbles[0], standing[0] if standing else None)
            if marbles else None)
    report = Report(board, build, pieces, clearances=clearances(board, build), pull=pull)
    interference = _Interference(board, build, pieces)
    for role in ("presence", "piece"):
        sites = build.sites_of(role)
        if not sites:
            continue
        if role == "piece" and not any(h.piece_sensor is not None for h in board.holes):
            continue
        points = sensor_points(build, sites)
        both = {h.id: interference.at(h, points) for h in board.holes}
        noise = {hole_id: v[0] for hole_id, v in both.items()}
        report.ring[role] = max(float(v[1].max()) for v in both.values())
        report.crowded[role] = max(float(v[2].max()) for v in both.values())
        report.chance[role] = max(interference.chance(h, points) for h in board.holes)
        if any(p.playing_piece for p in pieces):
            worst = board.hole(report.chance[role][1])
            report.standing[role] = []
            for k in range(1, min(sum(p.count for p in pieces if p.playing_piece),
                                  len(interference.ring(worst))) + 1):
                report.standing[role].append(interference.chance(worst, points, k)[0])
                if report.standing[role][-1] > 0.999:
                    break
        for piece in pieces:
            must_see = role == "presence" or piece.playing_piece
            if must_see:
                report.checks.append(_seen(board, build, piece, role, points, noise))
            else:
                report.checks.append(_unseen_own(board, build, piece, role, points, noise))
        report.checks.append(_empty(role, points, noise))
    return report


def _parts(points: list[SensorPoint]) -> str:
    return "/".join(sorted({p.part.name for p in points}))


def _own_field(board: Board, build: Build, piece: PieceSpec, points: list[SensorPoint],
               strong: bool) -> tuple[Array, Array, Array]:
    """The field at each point for every resting pose: (fields, positions, dirs)."""
    positions = own_positions(board, build, piece)
    dirs = orientations(piece.magnet, FREE_DIRECTIONS)
    pos = np.repeat(positions, len(dirs), axis=0)
    d = np.tile(dirs, (len(positions), 1))
    xyz = np.array([p.xyz for p in points])
    b = felt_mt(points, field_mt(piece.magnet, remanence(piece.magnet, strong), pos, d, xyz))
    return b, pos, d


def _seen(board: Board, build: Build, piece: PieceSpec, role: str,
          points: list[SensorPoint], noise: dict[str, Array]) -> Check:
    sees, pos, dirs = _own_field(board, build, piece, points, strong=False)
    bop = np.array([p.part.bop_max_mt for p in points])
    # Each switch against its own limit: the group operates when any one does.
    worst_hole, worst_value, worst_cfg = "", math.inf, 0
    for hole_id, n in noise.items():
        ratio = ((sees - n[None, :]) / bop[None, :]).max(axis=1)
        k = int(ratio.argmin())
        if ratio[k] < worst_value:
            worst_hole, worst_value, worst_cfg = hole_id, float(ratio[k]), k
    n = noise[worst_hole]
    if piece.magnet.rests == "free":
        worst_value = _refine_min(piece, points, pos[worst_cfg], dirs[worst_cfg], n, bop,
                                  worst_value)
    limit = float(bop.min())
    return Check(role, piece.kind, True, worst_value * limit, limit, _parts(points), worst_hole,
                 f"{piece.kind} in the hole, turned the worst way, the nearest "
                 f"neighbour's piece against it")


def _search_direction(fun: Any, direction: Array, step: float) -> float:
    """The least of ``fun(direction)`` near a sampled direction: a local search
    over the direction's two angles, to polish what the sampling found."""
    start = np.array(_direction_angles(direction))
    found = minimize(lambda a: fun(_angles_to_direction(float(a[0]), float(a[1]))), start,
                     method="Nelder-Mead", options={"xatol": 1e-4, "fatol": 1e-7,
                     "initial_simplex": [start, start + np.array([step, 0.0]),
                                         start + np.array([0.0, step])]})
    return float(found.fun)


def _refine_min(piece: PieceSpec, points: list[SensorPoint], position: Array,
                direction: Array, noise: Array, bop: Array, sampled: float) -> float:
    """Polish the sampled worst orientation of a piece that must be seen."""
    xyz = np.array([p.xyz for p in points])
    br = remanence(piece.magnet, strong=False)

    def ratio(d: Array) -> float:
        sees = felt_mt(points, field_mt(piece.magnet, br, position[None, :], d, xyz))[0]
        return float(((sees - noise) / bop).max())

    return min(sampled, _search_direction(ratio, direction, 0.08))


def _unseen_own(board: Board, build: Build, piece: PieceSpec, role: str,
                points: list[SensorPoint], noise: dict[str, Array]) -> Check:
    """A piece the role must not see, in the hole itself (a marble under a piece
    switch), turned the worst way, with the neighbours adding to it."""
    sees, _pos, _dirs = _own_field(board, build, piece, points, strong=True)
    brp = np.array([p.part.brp_min_mt for p in points])
    worst_hole, worst = "", -math.inf
    for hole_id, n in noise.items():
        ratio = float(((sees + n[None, :]) / brp[None, :]).max())
        if ratio > worst:
            worst_hole, worst = hole_id, ratio
    limit = float(brp.min())
    return Check(role, piece.kind, False, worst * limit, limit, _parts(points), worst_hole,
                 f"{piece.kind} in the hole, turned the worst way, the nearest "
                 f"neighbour's piece adding to it")


def _empty(role: str, points: list[SensorPoint], noise: dict[str, Array]) -> Check:
    brp = np.array([p.part.brp_min_mt for p in points])
    hole_id, n = max(noise.items(), key=lambda kv: float((kv[1] / brp).max()))
    ratio = float((n / brp).max())
    limit = float(brp.min())
    return Check(role, "neighbours", False, ratio * limit, limit, _parts(points), hole_id,
                 "the hole empty, the neighbour's piece that does most harm turned "
                 "the worst way")


class _Interference:
    """The most field the pieces in other holes can put on each switch of a hole.

    Each piece is turned and shifted within its tolerances the worst way for that
    switch. Fields of different holes are added as magnitudes, as if every piece
    were turned to point its field the same way at the switch (a dipole can give
    a point a field in any direction), so they never cancel."""

    def __init__(self, board: Board, build: Build, pieces: list[PieceSpec]):
        self.board, self.build, self.pieces = board, build, pieces
        self._cache: dict[tuple[Any, ...], float] = {}
        self._boxes = {p.kind: magnet_box(board, build, p) for p in pieces}
        self._dirs = {p.kind: orientations(p.magnet, NEIGHBOUR_DIRECTIONS) for p in pieces}

    def at(self, hole: Hole, points: list[SensorPoint]) -> tuple[Array, Array, Array]:
        """For each switch: the most field one other hole's piece can give it (the
        nearest neighbour's, as a rule); the most the pieces in all the holes next
        to this one can together (every hole within ``RING`` times the nearest
        one's distance: two on a track, eight on a square grid); and the most every
        piece of the game can, each in one of the holes where it does most harm."""
        others = [h for h in self.board.holes if h.id != hole.id]
        dist = np.array([math.hypot(h.x - hole.x, h.y - hole.y) for h in others])
        ring = dist <= RING * dist.min()
        pieces = sum(p.count for p in self.pieces)
        one, near, total = [], [], []
        for point in points:
            # Each hole at its most harmful piece: an upper bound, since it may use
            # more of the strongest kind than the game has.
            worst = np.max([[self._one(p, point, hole, h) for h in others]
                            for p in self.pieces], axis=0)
            one.append(float(worst.max()))
            near.append(float(np.sort(worst[ring])[::-1][:pieces].sum()))
            total.append(float(np.sort(worst)[::-1][:pieces].sum()))
        return np.array(one), np.array(near), np.array(total)

    def ring(self, hole: Hole) -> list[Hole]:
        """The holes next to one: within ``RING`` times the nearest one's distance."""
        others = [h for h in self.board.holes if h.id != hole.id]
        dist = np.array([math.hypot(h.x - hole.x, h.y - hole.y) for h in others])
        return [h for h, d in zip(others, dist, strict=True) if d <= RING * dist.min()]

    def chance(self, hole: Hole, points: list[SensorPoint],
               standing: int = 0) -> tuple[float, str, float]:
        """The share of random orientations of marbles in every hole next to this
        one that one of its switches sees, and the most field among them; with
        ``standing`` of those holes holding a standing piece instead, each tilted
        at random within its tilt, in the holes where their fields add most."""
        ring = self.ring(hole)
        free = [p for p in self.pieces if p.magnet.rests == "free"]
        if not free:
            return 0.0, hole.id, 0.0
        stands = self._stands(hole, ring, points, standing) if standing else set()
        upright = next((p for p in self.pieces if p.playing_piece), free[0])
        rng = np.random.default_rng(0)  # the same sample every run: pages do not churn
        xyz = np.array([p.xyz for p in points])
        total = np.zeros((CHANCE_SAMPLES, len(points), 3))
        for other in ring:
            # One way of lying for each sample, the same at every switch of the hole.
            piece = upright if other.id in stands else free[0]
            if piece.magnet.rests == "free":
                dirs = rng.normal(size=(CHANCE_SAMPLES, 3))
            else:
                dirs = tilted(piece.magnet, rng.uniform(0, piece.magnet.tilt_deg,
                                                         CHANCE_SAMPLES),
                               rng.uniform(0, 2 * math.pi, CHANCE_SAMPLES))
            dirs /= np.linalg.norm(dirs, axis=1)[:, None]
            total += self._pressed(piece, hole, other, dirs, xyz)
        felt = felt_mt(points, total)
        brp = np.array([p.part.brp_min_mt for p in points])
        return float((felt > brp).any(axis=1).mean()), hole.id, float(felt.max())

    def _pressed(self, piece: PieceSpec, hole: Hole, other: Hole, dirs: Array,
                 xyz: Array) -> Array:
        """The field at a hole's switches (``xyz``) of a piece in the hole ``other``,
        pressed toward it as far as its tolerances allow, the strongest magnet,
        turned to each of ``dirs``."""
        lateral, (lo, _) = self._boxes[piece.kind]
        dx, dy = other.x - hole.x, other.y - hole.y
        d = math.hypot(dx, dy)
        pos = np.repeat([[-dx / d * lateral, -dy / d * lateral, lo]], len(dirs), axis=0)
        return field_mt(piece.magnet, remanence(piece.magnet, strong=True), pos, dirs,
                        xyz - [dx, dy, 0.0])

    def _stands(self, hole: Hole, ring: list[Hole], points: list[SensorPoint],
                count: int) -> set[str]:
        """The ``count`` holes next to this one where standing pieces, upright,
        give one of its switches most field along one axis together."""
        upright = next(p for p in self.pieces if p.playing_piece)
        down = np.array([[0.0, 0.0, -1.0 if upright.magnet.pole_down == "north" else 1.0]])
        xyz = np.array([p.xyz for p in points])
        each = np.array([self._pressed(upright, hole, other, down, xyz)[0] for other in ring])
        best: tuple[float, set[str]] = (-math.inf, set())
        for p in range(len(points)):
            for axis in range(3):
                for sign in (1.0, -1.0):
                    order = np.argsort(-sign * each[:, p, axis])[:count]
                    value = float(sign * each[order, p, axis].sum())
                    if value > best[0]:
                        best = (value, {ring[i].id for i in order})
        return best[1]

    def _one(self, piece: PieceSpec, point: SensorPoint, hole: Hole, other: Hole) -> float:
        sx, sy, sz = point.xyz
        rx, ry = round(hole.x - other.x + sx, 2), round(hole.y - other.y + sy, 2)
        key = (piece.kind, point.site, rx, ry)
        if key in self._cache:
            return self._cache[key]
        lateral, (lo, hi) = self._boxes[piece.kind]
        dist = math.hypot(rx, ry)
        # The piece shifted as far toward the switch as its tolerances allow.
        toward = (np.array([rx, ry]) / dist * lateral) if dist > 0 else np.zeros(2)
        if dist < NEAR_MM:
            shifts = [toward] + [np.array([a, b]) for a in (-lateral, lateral)
                                 for b in (-lateral, lateral)]
        else:
            shifts = [toward]
        positions = np.array([(s[0], s[1], z) for s in shifts for z in (lo, hi)])
        dirs = self._dirs[piece.kind]
        pos = np.repeat(positions, len(dirs), axis=0)
        d = np.tile(dirs, (len(positions), 1))
        rel = np.array([[rx, ry, sz]])
        b = felt_mt([point], field_mt(piece.magnet, remanence(piece.magnet, strong=True),
                                      pos, d, rel))[:, 0]
        value = float(b.max())
        value = max(value, 0.0)
        if piece.magnet.rests == "free" and dist < NEAR_MM:
            value = _refine_max(piece, point, rel, pos[int(b.argmax())], d[int(b.argmax())],
                                value)
        self._cache[key] = value
        return value


def _refine_max(piece: PieceSpec, point: SensorPoint, rel: Array, position: Array,
                direction: Array, sampled: float) -> float:
    """Polish the sampled strongest orientation of a neighbour's piece."""
    br = remanence(piece.magnet, strong=True)

    def minus(d: Array) -> float:
        return -float(felt_mt([point], field_mt(piece.magnet, br, position[None, :], d,
                                                rel))[0, 0])

    return max(sampled, -_search_direction(minus, direction, 0.15))


# -- the report -------------------------------------------------------------------

def _fmt(v: float) -> str:
    return "inf" if math.isinf(v) else f"{v:.2f}"


def _page_head(report: Report) -> list[str]:
    """What the page is about: the build and the pieces the figures come from."""
    b, board = report.build, report.board
    seat = (f"on the rim of its {board.hole_diameter_mm:g} mm hole" if b.seat == "rim"
            else f"on a {b.sheet_mm:g} mm sheet pierced {b.sheet_hole_mm:g} mm")
    lines = [f"# Sensing on the {board.name} board", "",
             "Computed by `marbleboard board sensing " + board.id + "` (magpylib) from the "
             "board file's `build` section; `make docs` writes this page. Every "
             f"orientation of a piece and every corner of the tolerances is searched; a "
             f"check passes with a margin of {REQUIRED_MARGIN:g} or more.", "",
             "## The build", "",
             f"- A {board.marble_diameter_mm:g} mm marble rests {seat}; the sensor board "
             f"lies {b.top_mm:g} mm under the top face, {b.gap_mm[0]:g} to "
             f"{b.gap_mm[1]:g} mm lower still where glue or a warp leaves a gap, and up "
             f"to {b.registration_mm:g} mm off the hole's axis.",
             f"- Holes are drilled within {b.hole_tolerance_mm:g} mm of their size."]
    for p in report.pieces:
        m = p.magnet
        z = m.z_mm or 0.0
        height = f"{z:g} mm above the top face" if z >= 0 else f"{-z:g} mm below the top face"
        where = (f"cast within {m.offset_mm:g} mm of its centre, turned any way" if
                 m.rests == "free" else f"{m.pole_down} pole down, its centre "
                 f"{height}, tilted up to {m.tilt_deg:g} degrees")
        if m.opposed is not None:
            o = m.opposed
            where += (f"; a second disc, {o.label} {m.grade}, turned against it, its centre "
                      f"{o.distance_mm:g} mm above the first's")
        single = dataclasses.replace(m, opposed=None)
        lines.append(f"- {p.count} x {p.kind}, magnet {single.label} (a disc), {where}.")
    for site in b.sites:
        part = switch_for(site.part, site.threshold_mt)
        lines.append(f"- {site.role} sensor: {site.part}"
                     + (f" switching at {site.threshold_mt:g} mT" if site.threshold_mt
                        else "")
                     + f", {site.r_mm:g} mm from the hole's axis, on the sensor board's "
                       f"{site.side} side; figures from {part.source}.")
    lines += ["", f"![A side section through a hole and the next, with the field a marble "
                  f"gives the sensors]({board.id}-section.svg)", "",
              f"The section (`marbleboard board section {board.id}`) runs through a hole "
              f"and the next one along its presence sensor's bearing: where a presence "
              f"sensor would surely switch for a marble in the left hole turned the way its "
              f"own sensors feel least, where it may, and where it surely would not."]
    return [*lines, "", "## The checks", ""]


def format_report(report: Report, markdown: bool = False) -> str:
    """The tables ``marbleboard board sensing`` prints and ``hardware/sensing/`` holds."""

    lines: list[str] = []
    if markdown:
        lines += _page_head(report)
    rows = [(c.role, c.piece, ("must see it" if c.seen else "must not see it"),
             c.part, f"{c.field_mt:.2f}",
             (f">= {c.limit_mt:.2f} (highest operate point)" if c.seen
              else f"<= {c.limit_mt:.2f} (lowest release point)"),
             _fmt(c.margin), "yes" if c.ok else "NO", c.hole, c.what)
            for c in report.checks]
    head = ("switches", "piece", "", "part", "field mT", "datasheet limit mT", "margin",
            f"margin >= {REQUIRED_MARGIN:g}", "worst hole", "case")
    if markdown:
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|" + "---|" * len(head))
        lines += ["| " + " | ".join(r) + " |" for r in rows]
    else:
        for r in rows:
            lines.append(f"{r[0]:8} {r[1]:18} {r[2]:15} {r[4]:>7} mT vs {r[5]:38} "
                         f"margin {r[6]:>5} {'ok' if r[7] == 'yes' else 'FAILS'}  ({r[8]})")
    lines.append("")
    for role in report.ring:
        lines.append(f"Beyond the checks, one {role} switch of an empty hole, each "
                     f"piece turned the worst way for it: {report.ring[role]:.2f} mT at "
                     f"most from the holes next to it all full; "
                     f"{report.crowded[role]:.2f} mT from every piece of the game in "
                     f"the holes round it.")
        share, hole_id, most = report.chance[role]
        lines.append(f"How often: with the marbles next to an empty hole each turned at "
                     f"random (pressed toward it, the strongest magnet), a switch at its "
                     f"lowest release point sees them in {share:.2%} of "
                     f"{CHANCE_SAMPLES} samples at {hole_id}, the worst hole (at most "
                     f"{most:.2f} mT sampled).")
        if report.standing.get(role):
            kind = next(p.kind for p in report.pieces if p.playing_piece)
            shares = ", ".join(f"{k} {kind}{'s' * (k > 1)}: {v:.2%}"
                               for k, v in enumerate(report.standing[role], start=1))
            lines.append(f"With a {kind} standing in some of the holes next to "
                         f"{hole_id} (where their fields add most, each tilted at random, "
                         f"pressed toward it) and marbles in the others: {shares}.")
    if report.clearances:
        lines.append("")
        lines.append("Room round a marble resting as low as its hole lets it "
                     f"(at least {CLEARANCE_MM:g} mm):")
        lines += [f"- {c.what}: {c.have_mm:.2f} mm{'' if c.ok else '  TOO LITTLE'}"
                  for c in report.clearances]
    if report.pull is not None:
        lines.append("")
        lines += format_pull(report.pull)
    lines.append("")
    return "\n".join(lines)
