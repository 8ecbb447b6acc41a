"""The mould a maker casts marbles in: a resin sphere of a board's marble size with
its disc magnet held at the centre.

Two printed halves split at the sphere's equator, four cavities in a row. The
magnet sits in a printed holder (one per marble, printed by the dozen) whose
stem is pressed into a socket under each cavity's lowest point: three fingers
grip the magnet's rim, its lower face rests on the holder's floor, which stands
half the magnet's height below the centre. One pour fills the sphere round
magnet and holder; the stem is cut flush when the marble comes out.

The magnet's place then rests on few printed fits, each counted in
``placement``: the socket under the cavity (one print), the stem's crush ribs,
the holder's own floor and fingers, and the upper half's keys.

Coordinates in mm: the parting face at z = 0, the cavities' centres on it along
x, z up as the mould stands to be poured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from build123d import Axis, Location, Part, Sphere
from scipy.spatial.transform import Rotation  # type: ignore[import-untyped]

from ..build import Magnet
from ..model import Board
from ..pull import MAGNET_G_CM3, G, pull_n
from ..sensing import remanence
from .fits import (
    MAGNET_SIZE_MM,
    PRINT_HEIGHT_MM,
    PRINT_PLACE_MM,
    Placement,
    Stack,
    crush_diameter,
    grip_circle,
    hole_for_pin,
    pin_play_mm,
)
from .solids import Piece, box, cone, cylinder

CAVITIES = 4
WALL_MM = 6.0  # round a cavity to the mould's side: stiff halves, room for the vent
END_MM = 12.0  # beyond the outer cavities: a key and a bolt hole at each end
MIN_WEB_MM = 4.0  # between two cavities, however weak the magnets
KEY_MM, KEY_H_MM = 5.0, 3.0  # pins on the lower half, holes in the upper
BOLT_MM = 3.4  # an M3 brass or nylon bolt: a steel one would pull the magnets
SOCKET_DEPTH_MM = 5.0  # how much of the holder's stem the lower half grips
BASE_MM = 2.0  # under the socket
PUSH_MM = 1.6  # a hole under each socket to push out a stem that broke off
STEM_MM = 3.0
RIBS, RIB_W_MM = 3, 0.6
FLOOR_MM = 0.8  # the holder's floor, under the magnet
FLOOR_LIP_MM = 0.2
FINGERS, FINGER_MM, FINGER_ARC_DEG = 3, 0.8, 40.0
ABOVE_MM = 5.0  # the upper half over the cavity's top: the sprue's funnel
GATE_MM, FUNNEL_MM = 3.0, 6.0  # the sprue where it enters the cavity, and at the top
VENT_MM = 1.5
# The vent leaves the cavity this far from the top, clear of the sprue's funnel;
# the air above it leaves through the sprue, which fills last.
VENT_FROM_TOP_DEG = 34.0


@dataclass(frozen=True)
class MarbleJig:
    """The mould for a marble of ``diameter_mm`` carrying ``magnet`` within
    ``magnet.offset_mm`` of its centre (the tolerance the board's sensing is
    computed for)."""

    diameter_mm: float
    magnet: Magnet
    boards: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"marble-jig-{self.magnet.diameter_mm:g}x{self.magnet.height_mm:g}"

    @property
    def r(self) -> float:
        return self.diameter_mm / 2

    # -- figures -------------------------------------------------------------------

    @cached_property
    def magnet_weight_n(self) -> float:
        m = self.magnet
        return math.pi * (m.diameter_mm / 2) ** 2 * m.height_mm * MAGNET_G_CM3 / 1e6 * G

    def pull_from_others_n(self, pitch_mm: float) -> float:
        """The most the other cavities' magnets pull one sideways, each in its
        holder, upright either way up, all on one side of it (the ends' case)."""
        m = self.magnet
        br = remanence(m, strong=True)
        up, down = Rotation.identity(), Rotation.from_euler("x", 180, degrees=True)
        return sum(abs(pull_n(m, br, k * pitch_mm, up, down)) for k in range(1, CAVITIES))

    @cached_property
    def pitch_mm(self) -> float:
        """Cavities far enough apart that the other magnets together pull one less
        than its own weight: a magnet laid in its holder is not dragged out of it
        before it is pressed home."""
        pitch = math.ceil(self.diameter_mm + MIN_WEB_MM)
        while self.pull_from_others_n(pitch) > self.magnet_weight_n:
            pitch += 1
        return float(pitch)

    @property
    def centres(self) -> list[float]:
        return [(i - (CAVITIES - 1) / 2) * self.pitch_mm for i in range(CAVITIES)]

    @property
    def length_mm(self) -> float:
        return (CAVITIES - 1) * self.pitch_mm + self.diameter_mm + 2 * (WALL_MM + END_MM)

    @property
    def width_mm(self) -> float:
        return self.diameter_mm + 2 * WALL_MM

    @property
    def socket_mm(self) -> float:
        return hole_for_pin(STEM_MM)

    @property
    def socket_floor_z(self) -> float:
        return -self.r - SOCKET_DEPTH_MM

    @property
    def bottom_z(self) -> float:
        return self.socket_floor_z - BASE_MM

    @property
    def top_z(self) -> float:
        return self.r + ABOVE_MM

    @property
    def floor_top_z(self) -> float:
        """The holder's floor, on which the magnet's lower face rests."""
        return -self.magnet.height_mm / 2

    @property
    def finger_circle_mm(self) -> float:
        return grip_circle(self.magnet.diameter_mm)

    def _ends(self) -> list[tuple[float, float, float]]:
        """Each end's key and bolt: (x, key's y, bolt's y). The keys sit on opposite
        sides, so the upper half goes on one way only."""
        x = self.length_mm / 2 - END_MM / 2
        side = self.width_mm / 4
        return [(-x, side, -side), (x, -side, side)]

    def placement(self) -> Placement:
        """How far the magnet's centre can be from the marble's, every printed fit
        and the magnet's own size at its worst."""
        key_shift = pin_play_mm(KEY_MM) + 2 * PRINT_PLACE_MM
        lateral = (Stack()
                   .add("the socket against its cavity (one print)", PRINT_PLACE_MM)
                   .add("the stem in its socket, centred by its crush ribs", PRINT_PLACE_MM)
                   .add("the holder's fingers against its stem (one print)", PRINT_PLACE_MM)
                   .add("the magnet between the three fingers that grip it", PRINT_PLACE_MM)
                   .add(f"the upper half off the lower by {key_shift:.2f} mm (its keys' "
                        f"play and places): the marble's centre by half", key_shift / 2))
        vertical = (Stack()
                    .add("the marble's centre: each half's cavity one layer deep or "
                         "shallow", PRINT_HEIGHT_MM)
                    .add("the socket's floor, under the cavity (one print)", PRINT_HEIGHT_MM)
                    .add("the holder, from its stem's end to its floor", PRINT_HEIGHT_MM)
                    .add("the magnet's height, half of its tolerance", MAGNET_SIZE_MM / 2))
        return Placement(lateral, vertical)

    # -- solids --------------------------------------------------------------------

    def _block(self, z0: float, z1: float) -> Part:
        half_l, half_w = self.length_mm / 2, self.width_mm / 2
        return box(-half_l, half_l, -half_w, half_w, z0, z1)

    @cached_property
    def lower_half(self) -> Part:
        r = self.r
        part = self._block(self.bottom_z, 0.0)
        for x in self.centres:
            part -= cylinder(self.socket_mm / 2, self.socket_floor_z, -r + 1.0, x)
            part -= cylinder(PUSH_MM / 2, self.bottom_z, self.socket_floor_z, x)
            part -= Sphere(r).moved(_at(x, 0, 0))
        for x, key_y, bolt_y in self._ends():
            part += cylinder(KEY_MM / 2, 0.0, KEY_H_MM, x, key_y)
            part -= cylinder(BOLT_MM / 2, self.bottom_z, 0.0, x, bolt_y)
        return part

    @cached_property
    def upper_half(self) -> Part:
        r = self.r
        part = self._block(0.0, self.top_z)
        vent_y = r * math.sin(math.radians(VENT_FROM_TOP_DEG))
        vent_z = r * math.cos(math.radians(VENT_FROM_TOP_DEG))
        for x in self.centres:
            part -= Sphere(r).moved(_at(x, 0, 0))
            part -= cone(GATE_MM / 2, FUNNEL_MM / 2, r - 1.0, self.top_z, x)
            part -= cylinder(VENT_MM / 2, vent_z - 0.5, self.top_z, x, vent_y)
        for x, key_y, bolt_y in self._ends():
            part -= cylinder(hole_for_pin(KEY_MM) / 2, 0.0, KEY_H_MM + 0.5, x, key_y)
            part -= cylinder(BOLT_MM / 2, 0.0, self.top_z, x, bolt_y)
        return part

    @cached_property
    def holder(self) -> Part:
        """One magnet holder on its own axis, as it is printed."""
        return self.holder_at(0.0)

    def holder_at(self, x: float) -> Part:
        ring = self.finger_circle_mm / 2
        # The floor reaches past the fingers: their faces and its own never meet in
        # one surface, which would leave the triangles open along the seam.
        floor_r = ring + FINGER_MM + FLOOR_LIP_MM
        floor_bottom = self.floor_top_z - FLOOR_MM
        stem_r = STEM_MM / 2
        # The floor's underside is a 45 degree cone down to the stem: it prints
        # without support, standing on the stem's end.
        under = floor_r - stem_r
        part = cylinder(stem_r, self.socket_floor_z, floor_bottom - under + 0.01, x)
        part += cone(stem_r, floor_r, floor_bottom - under, floor_bottom, x)
        part += cylinder(floor_r, floor_bottom, self.floor_top_z, x)
        rib = crush_diameter(self.socket_mm) / 2
        for k in range(RIBS):
            part += (box(0.0, rib, -RIB_W_MM / 2, RIB_W_MM / 2, self.socket_floor_z, -self.r)
                     .rotate(Axis.Z, 360 * k / RIBS).moved(_at(x, 0, 0)))
        top = self.magnet.height_mm / 2
        for k in range(FINGERS):
            turn = 360 * k / FINGERS - FINGER_ARC_DEG / 2
            finger = (cylinder(ring + FINGER_MM, self.floor_top_z - 0.01, top, x, 0,
                               FINGER_ARC_DEG, turn)
                      - cylinder(ring, self.floor_top_z - 0.02, top + 0.01, x))
            part += finger
        return part

    def magnet_at(self, x: float) -> Part:
        m = self.magnet
        return cylinder(m.diameter_mm / 2, -m.height_mm / 2, m.height_mm / 2, x)

    def pieces(self) -> list[Piece]:
        """The printed parts (one holder, to print as many as marbles are cast), and
        the drawing's: the mould closed, a holder and its magnet in every cavity."""
        out = [Piece(f"{self.name}-lower", self.lower_half, True, "#90a4ae"),
               Piece(f"{self.name}-upper", self.upper_half, True, "#b0bec5"),
               Piece(f"{self.name}-holder", self.holder, True, "#ffb74d", drawn=False)]
        for x in self.centres:
            out += [Piece(f"{self.name}-holder", self.holder_at(x), True, "#ffb74d"),
                    Piece("magnet", self.magnet_at(x), False, "#b71c1c")]
        return out

    def notes(self) -> list[str]:
        m = self.magnet
        return [f"{CAVITIES} cavities of {self.diameter_mm:g} mm, {self.pitch_mm:g} mm apart "
                f"(the other magnets pull one {self.pull_from_others_n(self.pitch_mm) * 1e3:.1f}"
                f" mN at most, under its weight, {self.magnet_weight_n * 1e3:.1f} mN); "
                f"mould {self.length_mm:g} x {self.width_mm:g} x "
                f"{self.top_z - self.bottom_z:g} mm",
                f"magnet {m.label} in a holder: floor {FLOOR_MM:g} mm, fingers gripping a "
                f"{self.finger_circle_mm:.2f} mm circle, stem {STEM_MM:g} mm in a "
                f"{self.socket_mm:.2f} mm socket ({RIBS} crush ribs to "
                f"{crush_diameter(self.socket_mm):.2f} mm)",
                f"for the boards: {', '.join(self.boards)}; the sensing allows the magnet "
                f"{m.offset_mm:g} mm off the centre",
                *self.placement().lines()]


def _at(x: float, y: float, z: float) -> Location:
    return Location((x, y, z))


def marble_jigs(boards: list[Board]) -> list[MarbleJig]:
    """One mould for each marble size and magnet the boards' marbles carry."""
    found: dict[tuple[float, float, float, str, float], list[str]] = {}
    for board in boards:
        for piece in board.pieces:
            m = piece.magnet
            if m is None or m.rests != "free":
                continue
            key = (board.marble_diameter_mm, m.diameter_mm, m.height_mm, m.grade, m.offset_mm)
            found.setdefault(key, [])
            if board.id not in found[key]:
                found[key].append(board.id)
    return [MarbleJig(d, Magnet(md, mh, grade, offset_mm=off), tuple(ids))
            for (d, md, mh, grade, off), ids in sorted(found.items())]
