"""Stomple's Stomper: a printed piece with the board's Stomper magnet at the bottom
of its foot, shaped so that, standing in a hole, the magnet is where the sensing
computation puts it (the board file's Stomper magnet: its height, its offset and
its tilt).

Standing in a hole, from the bottom up: the foot, a cylinder round the magnet
that reaches down through the top's hole into the sensor board's cut-out; a neck
through the silicone sheet, a little wider than the sheet's hole so the
stretched silicone grips it all round and centres it on the hole the marbles
rest in; a flange resting on the sheet, which sets the magnet's height; a column,
which holds the second magnet turned against the first where the board file puts
it; and the cap, a cup for a marble of the Stomper's colour, which carries no
magnet (the sensing counts the foot's pair alone).

The second magnet's pocket is closed: the print pauses at the layer over it and
the magnet drops in, south face up. It pushes back against the foot's magnet
below it: pushing back is the right way round.

Coordinates in mm as the board's build has them: z = 0 at the wooden top's face,
the hole's axis at x = y = 0, the Stomper standing in it.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import cached_property

from build123d import Axis, Location, Part, Sphere
from scipy.spatial.transform import Rotation  # type: ignore[import-untyped]

from ..build import Build, Magnet
from ..model import Board
from ..parts import switch_for
from ..pull import marble_weight_n, pull_between
from ..sensing import CLEARANCE_MM, remanence
from .fits import (
    MAGNET_SIZE_MM,
    PRINT_HEIGHT_MM,
    PRINT_PLACE_MM,
    PRINT_SIZE_MM,
    SHEET_THICKNESS_MM,
    Placement,
    Stack,
    grip_circle,
    hole_for_magnet,
)
from .solids import Piece, box, cone, cylinder

FOOT_WALL_MM = 1.0  # round the magnet
FOOT_CHAMFER_MM = 0.8  # the foot's lower edge, so it enters the sheet's hole
POCKET_RIBS, RIB_W_MM = 3, 0.8
# The neck is wider than the sheet's hole at its widest by this, so the sheet
# always grips it.
NECK_GRIP_MM = 0.2
# The layout's "24 mm cap beside a marble" (layouts/stomple.py, DEFAULTS): the
# Stomper's widest, at its flange and its cap.
CAP_MM = 24.0
FLANGE_MM = 3.0  # thick
COLUMN_MM = 12.0
CAP_H_MM = 8.0
CUP_DEPTH_MM = 5.0
CUP_CLEARANCE_MM = 0.1  # on the marble's radius: room for the glue
# The cap's widest stands this far above the neighbours' marbles, room for the
# fingers that press it.
FINGER_ROOM_MM = 5.0


@dataclass(frozen=True)
class Stomper:
    board: Board
    build: Build
    magnet: Magnet
    marble: Magnet  # the board's marble magnet, for the pull between them

    name = "stomper"

    # -- figures -------------------------------------------------------------------

    @property
    def magnet_z(self) -> float:
        assert self.magnet.z_mm is not None
        return self.magnet.z_mm

    @property
    def foot_bottom_z(self) -> float:
        """The magnet's lower face, flush with the foot's."""
        return self.magnet_z - self.magnet.height_mm / 2

    @property
    def pocket_top_z(self) -> float:
        return self.magnet_z + self.magnet.height_mm / 2

    @property
    def opposed_z(self) -> float | None:
        """The second magnet's centre, on the first's north side (up: south is down)."""
        o = self.magnet.opposed
        if o is None:
            return None
        return self.magnet_z + (o.distance_mm if self.magnet.pole_down == "south"
                                else -o.distance_mm)

    @property
    def column_mm(self) -> float:
        o = self.magnet.opposed
        if o is None:
            return COLUMN_MM
        return max(COLUMN_MM, hole_for_magnet(o.diameter_mm) + 2 * FOOT_WALL_MM)

    @property
    def foot_mm(self) -> float:
        return self.magnet.diameter_mm + 2 * FOOT_WALL_MM

    @property
    def neck_mm(self) -> float:
        return self.build.sheet_hole_mm + self.build.hole_tolerance_mm + NECK_GRIP_MM + \
            PRINT_SIZE_MM

    @property
    def sheet_top_z(self) -> float:
        return self.build.sheet_mm

    @property
    def flange_top_z(self) -> float:
        return self.sheet_top_z + FLANGE_MM

    @property
    def cap_z(self) -> float:
        """Where the cap is at its widest: above a neighbouring marble's top."""
        _, high = self.build.marble_centre_z(self.board.marble_diameter_mm,
                                             self.board.hole_diameter_mm)
        return high + self.board.marble_diameter_mm / 2 + FINGER_ROOM_MM

    @property
    def top_z(self) -> float:
        return self.cap_z + CAP_H_MM

    def placement(self) -> Placement:
        """How far the magnet can be from where the sensing puts it."""
        sheet_tilt = math.degrees(math.atan(2 * SHEET_THICKNESS_MM / CAP_MM))
        seat_tilt = math.degrees(math.atan(PRINT_HEIGHT_MM / self.magnet.diameter_mm))
        tilt = sheet_tilt + seat_tilt
        # Tilting, the Stomper turns about its neck, held in the sheet.
        lever = self.sheet_top_z / 2 - self.magnet_z
        lateral = (Stack()
                   .add("the magnet's pocket against the neck (one print)", PRINT_PLACE_MM)
                   .add("the magnet between the pocket's crush ribs", PRINT_PLACE_MM)
                   .add(f"the Stomper tilted {tilt:.2f} degrees about its neck",
                        lever * math.sin(math.radians(tilt))))
        vertical = (Stack()
                    .add("the silicone sheet's thickness, on which the flange rests",
                         SHEET_THICKNESS_MM)
                    .add("the pocket's end, below the flange (one print)", PRINT_HEIGHT_MM)
                    .add("the magnet's height, half of its tolerance", MAGNET_SIZE_MM / 2))
        return Placement(lateral, vertical, tilt)

    def clearances(self) -> list[tuple[str, float]]:
        """Room round the foot, the board's parts at their worst tolerance (at least
        ``sensing.CLEARANCE_MM``)."""
        b = self.build
        foot = (self.foot_mm + PRINT_SIZE_MM) / 2
        out = [("the foot in the top's hole",
                (self.board.hole_diameter_mm - b.hole_tolerance_mm) / 2 - foot)]
        if b.cutout_mm:
            out.append(("the foot in the sensor board's cut-out",
                        b.cutout_mm / 2 - b.registration_mm - foot))
        for site in b.sites:
            length, width, _ = switch_for(site.part, site.threshold_mt).body_mm
            inner = site.r_mm - math.hypot(length, width) / 2 - b.registration_mm
            out.append((f"the foot and the {site.role} sensor at {site.angle_deg:g} degrees",
                        inner - foot))
        return out

    def _least_room(self) -> list[tuple[str, float]]:
        """The clearances, the sensors' reduced to the nearest one."""
        rows = self.clearances()
        parts = [r for r in rows if "sensor at" not in r[0]]
        sensors = [r for r in rows if "sensor at" in r[0]]
        if sensors:
            parts.append(("the foot and the nearest sensor", min(h for _, h in sensors)))
        return parts

    @property
    def clear(self) -> bool:
        return all(have >= CLEARANCE_MM for _, have in self.clearances())

    def stomped_marble_pull_n(self, gap_mm: float = 0.0) -> float:
        """The pull of the Stomper's magnet on a marble ``gap_mm`` under its foot,
        both magnets on one axis and lined up (the way the marble turns, free to
        roll): what holds a stomped marble to the foot."""
        below = self.foot_bottom_z - gap_mm - self.board.marble_diameter_mm / 2
        distance = self.magnet_z - below
        up = Rotation.identity() if self.magnet.pole_down == "south" else Rotation.from_euler(
            "x", 180, degrees=True)
        # The Stomper's up turned to -x, so the marble below it lies along +x (and a
        # second magnet, above the first, along -x).
        turned = Rotation.from_euler("y", -90, degrees=True) * up
        return pull_between(self.magnet, remanence(self.magnet, strong=False), turned,
                            self.marble, remanence(self.marble, strong=False),
                            (distance, 0, 0), turned)

    def magnets_push_n(self) -> float:
        """How hard the two magnets push apart: what the column between them holds."""
        o = self.magnet.opposed
        assert o is not None
        single = dataclasses.replace(self.magnet, opposed=None)
        second = dataclasses.replace(self.magnet, diameter_mm=o.diameter_mm,
                                     height_mm=o.height_mm, opposed=None)
        # Both turned to lie along x, the second at x = distance, facing the first.
        along = Rotation.from_euler("y", 90, degrees=True)
        toward = -pull_between(single, remanence(self.magnet, strong=True), along, second,
                               remanence(self.magnet, strong=True), (o.distance_mm, 0, 0),
                               along * Rotation.from_euler("x", 180, degrees=True))
        return toward

    @cached_property
    def marble_weight_n(self) -> float:
        return marble_weight_n(self.board.marble_diameter_mm, self.marble)

    @cached_property
    def falls_free_gap_mm(self) -> float:
        """How far under the foot a marble must be for its weight to beat the pull."""
        low, high = 0.0, 200.0
        for _ in range(30):
            mid = (low + high) / 2
            if self.stomped_marble_pull_n(mid) > self.marble_weight_n:
                low = mid
            else:
                high = mid
        return high

    # -- solids --------------------------------------------------------------------

    @cached_property
    def body(self) -> Part:
        foot_r = self.foot_mm / 2
        z0 = self.foot_bottom_z
        part = cone(foot_r - FOOT_CHAMFER_MM, foot_r, z0, z0 + FOOT_CHAMFER_MM)
        part += cylinder(foot_r, z0 + FOOT_CHAMFER_MM - 0.01, 0.0)
        part += cylinder(self.neck_mm / 2, -0.01, self.sheet_top_z)
        part += cylinder(CAP_MM / 2, self.sheet_top_z, self.flange_top_z)
        # The cap widens at 45 degrees from the column: it prints without support.
        column = self.column_mm
        widen = (CAP_MM - column) / 2
        part += cylinder(column / 2, self.flange_top_z - 0.01, self.cap_z - widen + 0.01)
        part += cone(column / 2, CAP_MM / 2, self.cap_z - widen, self.cap_z)
        part += cylinder(CAP_MM / 2, self.cap_z - 0.01, self.top_z)
        r = self.board.marble_diameter_mm / 2
        cup = self.top_z - CUP_DEPTH_MM + r
        part -= Sphere(r + CUP_CLEARANCE_MM).moved(Location((0, 0, cup)))
        pocket = hole_for_magnet(self.magnet.diameter_mm) / 2
        part -= cylinder(pocket, z0 - 0.01, self.pocket_top_z)
        rib_inner = grip_circle(self.magnet.diameter_mm) / 2
        for k in range(POCKET_RIBS):
            part += (box(rib_inner, pocket + 0.01, -RIB_W_MM / 2, RIB_W_MM / 2, z0,
                         self.pocket_top_z).rotate(Axis.Z, 360 * k / POCKET_RIBS))
        o, oz = self.magnet.opposed, self.opposed_z
        if o is not None and oz is not None:
            # Sized like the foot's, ribs and all; the print closes over it.
            lo, hi = oz - o.height_mm / 2, oz + o.height_mm / 2
            pocket = hole_for_magnet(o.diameter_mm) / 2
            part -= cylinder(pocket, lo, hi)
            rib_inner = grip_circle(o.diameter_mm) / 2
            for k in range(POCKET_RIBS):
                part += (box(rib_inner, pocket + 0.01, -RIB_W_MM / 2, RIB_W_MM / 2, lo, hi)
                         .rotate(Axis.Z, 360 * k / POCKET_RIBS))
        return part

    def magnet_solid(self) -> Part:
        m = self.magnet
        solid = cylinder(m.diameter_mm / 2, self.foot_bottom_z, self.pocket_top_z)
        o, oz = m.opposed, self.opposed_z
        if o is not None and oz is not None:
            solid += cylinder(o.diameter_mm / 2, oz - o.height_mm / 2, oz + o.height_mm / 2)
        return solid

    def board_pieces(self) -> list[Piece]:
        """The hole the Stomper stands in, cut through its axis, for the drawing:
        the top, the sheet, the sensor board and its sensors."""
        b = self.build
        half = 24.0
        top_r = self.board.hole_diameter_mm / 2
        wood = box(-half, half, -half, half, -b.top_mm, 0.0) - cylinder(top_r, -b.top_mm - 1, 1)
        sheet = (box(-half, half, -half, half, 0.0, b.sheet_mm)
                 - cylinder(b.sheet_hole_mm / 2, -1, b.sheet_mm + 1))
        pcb_top = b.pcb_top_mm
        pcb = (box(-half, half, -half, half, pcb_top - b.pcb_mm, pcb_top)
               - cylinder(b.cutout_mm / 2, pcb_top - b.pcb_mm - 1, pcb_top + 1))
        pieces = [Piece("top", wood, False, "#a1887f"), Piece("sheet", sheet, False, "#cfd8dc"),
                  Piece("sensor board", pcb, False, "#455a64")]
        for site in b.sites:
            length, width, height = switch_for(site.part, site.threshold_mt).body_mm
            x, y = site.xy(b.rotation_deg)
            if site.side == "top":
                z0, z1 = pcb_top, pcb_top + height
            else:
                z0, z1 = pcb_top - b.pcb_mm - height, pcb_top - b.pcb_mm
            chip = box(x - length / 2, x + length / 2, y - width / 2, y + width / 2, z0, z1)
            pieces.append(Piece(f"{site.role} sensor", chip, False, "#212121"))
        return pieces

    def pieces(self) -> list[Piece]:
        return [Piece(self.name, self.body, True, "#ffb74d"),
                Piece("magnet", self.magnet_solid(), False, "#b71c1c")]

    def notes(self) -> list[str]:
        m = self.magnet
        pull = self.stomped_marble_pull_n()
        foot = dataclasses.replace(m, opposed=None)
        lines = [f"magnet {foot.label}, {m.pole_down} face down, flush with the foot's end; its "
                 f"centre {-self.magnet_z:g} mm under the top face as the sensing computes "
                 f"(within {m.offset_mm:g} mm, tilted up to {m.tilt_deg:g} degrees)",
                 *([] if m.opposed is None or self.opposed_z is None else [
                     f"second magnet {m.opposed.label} {m.grade}, turned against the first, "
                     f"its centre {self.opposed_z:g} mm above the top face in a closed "
                     f"pocket: the print pauses over it for the magnet, south face up; "
                     f"the two push apart {self.magnets_push_n():.1f} N"]),
                 f"foot {self.foot_mm:g} mm, neck {self.neck_mm:.2f} mm through the sheet's "
                 f"{self.build.sheet_hole_mm:g} mm hole, flange and cap {CAP_MM:g} mm, "
                 f"{self.top_z - self.foot_bottom_z:.1f} mm tall without its marble",
                 *self.placement().lines(),
                 f"room round the foot (at least {CLEARANCE_MM:g} mm): "
                 + "; ".join(f"{what} {have:.2f} mm" for what, have in self._least_room()),
                 f"a stomped marble under the foot: the magnets pull it {pull:.2f} N, "
                 f"{pull / self.marble_weight_n:.0f} times its weight "
                 f"({self.marble_weight_n * 1e3:.1f} mN); it falls only "
                 f"{self.falls_free_gap_mm:.0f} mm or more under the foot"]
        return lines


def stomper(board: Board) -> Stomper | None:
    """The board's Stomper, if it has standing pieces with a magnet."""
    if board.build is None:
        return None
    marbles = [p.magnet for p in board.pieces if p.magnet and p.magnet.rests == "free"]
    for piece in board.pieces:
        m = piece.magnet
        if m is not None and m.rests == "upright" and marbles:
            return Stomper(board, board.build, m, marbles[0])
    return None

