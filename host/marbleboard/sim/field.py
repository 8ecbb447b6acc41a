"""The simulated board's magnetic field: every magnet where its piece lies, every
sensor where it sits, computed with magpylib from the board's ``build`` section.

One board is built once, within the tolerances ``board/sensing.py`` searches at
their corners: each hole's sensor board lies up to ``registration_mm`` off the
hole's axis and up to the gap's range lower, each hole is drilled within
``hole_tolerance_mm`` of its size (so a marble rests a little higher or lower),
and the room stands at one temperature within ``parts.ROOM_C``. Each piece put in
a hole is drawn anew: a marble turned any way, its magnet within ``offset_mm`` of
its centre; a standing piece tilted up to ``tilt_deg`` and off its hole's axis by
up to ``offset_mm``; each magnet's remanence anywhere within its grade's limits.

A sensor feels the sum of every magnet's field on the board, not only its
neighbours': the fields are linear, so each hole's share at every sensor is kept
and summed again when a hole changes (one magpylib call, about a millisecond for
the 294 sensors of a Stomple board).

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> field = BoardField(build_layout(default_layout()), seed=1)
>>> field.put(0, MARBLE)
>>> float(abs(field.total[0]).max()) > 5.42  # over the highest operate point
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..board import Board
from ..board.build import Magnet, Site
from ..board.parts import GRADES, ROOM_C, THRESHOLD_SENSORS, HallSwitch, ThresholdSensor
from ..board.sensing import Array, SensorPoint, felt_mt, field_mt, sensor_points, tilted

MARBLE = "marble"
PIECE = "piece"  # a playing piece that stands (a Stomper)


@dataclass(frozen=True)
class Sensor:
    """One sensor chip under one hole, where this board's build put it."""

    hole: int  # index into board.holes
    role: str  # "presence" or "piece"
    input: int  # the chain input its output is wired to (with its hole's others)
    site: Site
    point: SensorPoint  # its part and sensitive axis; ``xyz`` relative to the hole
    xyz: tuple[float, float, float]  # on this board, in the board's millimetres
    # What the datasheet spreads, drawn for this one part (see sensors.py).
    threshold: ThresholdSensor | None

    @property
    def part(self) -> HallSwitch:
        return self.point.part


class BoardField:
    """The field every sensor of one built board feels from the pieces in its holes."""

    def __init__(self, board: Board, seed: int = 0):
        build = board.build
        if build is None:
            raise ValueError(f"board {board.id!r} has no 'build' section: nothing says "
                             f"where its sensors sit or what magnets its pieces carry")
        self.board, self.build = board, build
        self.rng = np.random.default_rng(seed)
        rng = self.rng
        self.marble = _magnet(board, "free")
        self.piece = _magnet(board, "upright")
        self.room_c = float(rng.uniform(*ROOM_C))
        r = board.marble_diameter_mm / 2
        self.sensors: list[Sensor] = []
        self.rest_z: list[float] = []  # a marble's centre over each hole, as drilled
        for index, hole in enumerate(board.holes):
            seat_z, seat_d = build.seat_z_and_diameter(board.hole_diameter_mm)
            d = seat_d + rng.uniform(-build.hole_tolerance_mm, build.hole_tolerance_mm)
            half = min(d / 2, r)
            self.rest_z.append(seat_z + math.sqrt(r * r - half * half))
            # The hole's sensor board: off the axis, and lower where glue or a warp
            # leaves a gap (pcb_top_mm already has the gap's least).
            dx, dy = rng.uniform(-build.registration_mm, build.registration_mm, 2)
            dz = -rng.uniform(0.0, build.gap_mm[1] - build.gap_mm[0])
            for role, wired in (("presence", hole.sensor), ("piece", hole.piece_sensor)):
                sites = build.sites_of(role)
                if wired is None or not sites:
                    continue
                for site, point in zip(sites, sensor_points(build, sites), strict=True):
                    x, y, z = point.xyz
                    self.sensors.append(Sensor(
                        index, role, wired, site, point,
                        (hole.x + x + dx, hole.y + y + dy, z + dz),
                        THRESHOLD_SENSORS.get(site.part)))
        self.points = np.array([s.xyz for s in self.sensors]).reshape(-1, 3)
        self.held: dict[int, str] = {}  # hole index -> what stands in it
        self._share: dict[int, Array] = {}  # hole index -> its field at every sensor
        self.total = np.zeros((len(self.sensors), 3))

    # -- pieces ------------------------------------------------------------------

    def put(self, hole: int, kind: str | None) -> None:
        """Put a piece of ``kind`` (MARBLE or PIECE) in a hole, drawn anew, or
        empty it (None)."""
        self.put_many({hole: kind})

    def put_many(self, holes: dict[int, str | None]) -> None:
        """Several holes at once: one magpylib call per kind of magnet."""
        for hole, kind in holes.items():
            self.held.pop(hole, None)
            self._share.pop(hole, None)
            if kind is not None:
                self.held[hole] = kind
        for kind in (MARBLE, PIECE):
            placed = [h for h, k in holes.items() if k == kind]
            if placed:
                self._share.update(zip(placed, self._fields(kind, placed), strict=True))
        self._sum()

    def turn(self, hole: int, axis: Sequence[float] | None = None) -> None:
        """Turn the marble in a hole where it lies: at random, or its magnet's north
        pole toward ``axis``."""
        if self.held.get(hole) != MARBLE:
            raise ValueError(f"hole {self.board.holes[hole].id!r} holds no marble to turn")
        self._share[hole] = self._fields(MARBLE, [hole], axis)[0]
        self._sum()

    def aligned(self, empty: int) -> Iterator[dict[int, Array]]:
        """Ways to turn the marbles round an empty hole so that their fields add
        along one axis at one of its sensors: for each sensor and axis, each
        marble's magnet turned the way a dipole there gives that axis most."""
        holes = self.board.holes
        for sensor in self.sensors:
            if sensor.hole != empty or sensor.role != "presence":
                continue
            for axis in (*np.eye(3), *-np.eye(3)):
                turns = {}
                for h, kind in self.held.items():
                    if kind != MARBLE:
                        continue
                    r = np.array(sensor.xyz) - (holes[h].x, holes[h].y, self.rest_z[h])
                    u = r / np.linalg.norm(r)
                    turns[h] = 3 * (axis @ u) * u - axis
                yield turns

    def _sum(self) -> None:
        self.total = (np.sum(list(self._share.values()), axis=0) if self._share
                      else np.zeros((len(self.sensors), 3)))

    def _fields(self, kind: str, holes: list[int], turned: Sequence[float] | None = None
                ) -> Array:
        magnet = self.marble if kind == MARBLE else self.piece
        if magnet is None:
            raise ValueError(f"board {self.board.id!r} names no "
                             f"{'marble' if kind == MARBLE else 'standing piece'} "
                             f"with a magnet")
        n = len(holes)
        rng = self.rng
        centre = np.array([[self.board.holes[h].x, self.board.holes[h].y, 0.0]
                           for h in holes])
        if kind == MARBLE:
            centre[:, 2] = [self.rest_z[h] for h in holes]
            # Turned any way: its axis uniform over the sphere, and the magnet's
            # offset from the marble's centre turned with it.
            axis = _unit(rng.normal(size=(n, 3)) if turned is None
                         else np.tile(np.asarray(turned, dtype=float), (n, 1)))
            offset = rng.uniform(-magnet.offset_mm, magnet.offset_mm, (n, 3))
            position = centre + _turn(offset, axis)
        else:
            assert magnet.z_mm is not None
            axis = tilted(magnet, rng.uniform(0.0, magnet.tilt_deg, n),
                          rng.uniform(0.0, 2 * math.pi, n))
            centre[:, 2] = magnet.z_mm
            position = centre + rng.uniform(-magnet.offset_mm, magnet.offset_mm, (n, 3))
        grade = GRADES[magnet.grade]
        br = rng.uniform(grade.br_min_t, grade.br_max_t, n) * (
            1 + grade.br_tc_per_c * (self.room_c - 20))
        unit = field_mt(magnet, 1.0, position, axis, self.points)
        return list(unit * br[:, None, None])

    # -- what the sensors feel ---------------------------------------------------

    def felt(self, i: int) -> float:
        """What sensor ``i`` switches on (its largest component, for a three-axis
        sensor), as sensing.py reckons it."""
        return float(felt_mt([self.sensors[i].point], self.total[i][None, None, :])[0, 0])


def _magnet(board: Board, rests: str) -> Magnet | None:
    return next((p.magnet for p in board.pieces
                 if p.magnet is not None and p.magnet.rests == rests), None)


def _unit(v: Array) -> Array:
    return v / np.linalg.norm(v, axis=1)[:, None]


def _turn(offset: Array, axis: Array) -> Array:
    """``offset`` (given with the magnet's axis along +z) turned with the magnet to
    ``axis``: the same rotation as sensing.rotations_to, by Rodrigues' formula."""
    z = np.array([0.0, 0.0, 1.0])
    k = np.cross(z, axis)
    s = np.linalg.norm(k, axis=1)
    c = axis[:, 2]
    safe = np.where(s > 1e-12, s, 1.0)
    k = k / safe[:, None]
    turned = (offset * c[:, None] + np.cross(k, offset) * s[:, None]
              + k * np.sum(k * offset, axis=1)[:, None] * (1 - c)[:, None])
    flipped = (s <= 1e-12) & (c < 0)
    turned[flipped] = offset[flipped] * [1.0, -1.0, -1.0]  # half a turn about x
    return turned
