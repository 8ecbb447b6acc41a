"""How a board is built, as far as sensing goes: the layers under a hole, where its
hall switches sit, and the magnet each kind of piece carries.

Heights are in millimetres with z = 0 at the top face of the wooden top and z up.
A marble rests on the rim of its hole (``seat`` "rim"), or on a silicone sheet laid
on the top and pierced with a smaller hole (``seat`` "sheet"). The sensor board lies
under the top, ``gap_mm`` below it (glue, or a warped sheet). Each hole has the same
sensor sites, placed by radius and angle around the hole's axis, on the sensor
board's top side (sensitive axis up) or its underside (sensitive axis down, so a
switch that answers a south pole there answers a north pole from above).

``board/sensing.py`` computes from these what each switch feels.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

ROLES = ("presence", "piece")  # a hole's ``sensor`` and its ``piece_sensor``
SEATS = ("rim", "sheet")
SIDES = ("top", "bottom")
RESTS = ("free", "upright")
POLES = ("north", "south")


@dataclass(frozen=True)
class Site:
    """One hall switch under every hole. Switches of one role under a hole share one
    pull-up and one register input: their open-drain outputs are wired together, so
    the input reads "magnet" when any of them does."""

    role: str
    part: str
    r_mm: float
    angle_deg: float
    side: str = "top"
    # For a switch that feels the field along the board: the direction it feels,
    # in degrees from the line out from the hole's axis through the switch.
    facing_deg: float = 0.0
    # For a sensor whose switching field is set when it is configured.
    threshold_mt: float | None = None

    def xy(self, rotation_deg: float = 0.0) -> tuple[float, float]:
        a = math.radians(self.angle_deg + rotation_deg)
        return self.r_mm * math.cos(a), self.r_mm * math.sin(a)


@dataclass(frozen=True)
class Opposed:
    """A second disc on a magnet's axis, of the same grade, turned against it: its
    centre ``distance_mm`` from the first's, on the first's north side. The pair's
    fields cancel far away much more than close by, so a standing piece with one
    still reaches its own hole's sensors and much less of its neighbours'."""

    diameter_mm: float
    height_mm: float
    distance_mm: float

    @property
    def label(self) -> str:
        return f"{self.diameter_mm:g} x {self.height_mm:g} mm"


@dataclass(frozen=True)
class Magnet:
    """An axially magnetised disc magnet in a piece.

    A marble (``rests`` "free") can come to rest turned any way: its magnet is cast
    at its centre, within ``offset_mm`` in each direction. A playing piece that
    stands (``rests`` "upright") holds its magnet's axis within ``tilt_deg`` of
    vertical, ``pole_down`` face down, its centre at ``z_mm`` when the piece stands
    in a hole; it may hold an ``opposed`` second magnet on the same axis."""

    diameter_mm: float
    height_mm: float
    grade: str
    rests: str = "free"
    offset_mm: float = 0.5
    pole_down: str | None = None
    z_mm: float | None = None
    tilt_deg: float = 0.0
    opposed: Opposed | None = None

    @property
    def label(self) -> str:
        own = f"{self.diameter_mm:g} x {self.height_mm:g} mm {self.grade}"
        if self.opposed is None:
            return own
        return (f"{own} with a {self.opposed.label} turned against it, "
                f"{self.opposed.distance_mm:g} mm above")


CUTS = ("counterbore", "pocket", "notch")
# The window drilled through the top over each lamp: a standard drill just over the
# WS2812B's 7.1 mm diagonal, so the lamp carrier's light pipe covers the whole of
# the LED's face (hardware/mechanical).
LAMP_WINDOW_MM = 8.0


@dataclass(frozen=True)
class Cut:
    """A recess in the top's underside at every hole, where the sensor board carries
    a part taller than nothing: a round ``counterbore`` about the hole's axis
    (``w_mm`` its diameter), or a rectangular ``pocket`` centred at (x, y) from the
    axis and turned ``angle_deg``, or a ``notch``: a pocket that goes right through
    the top, widening the hole. Placed, like the sites, before the board's rotation;
    x east and y north, as the sites' angles run."""

    kind: str
    w_mm: float
    depth_mm: float = 0.0  # from the underside; a notch's is the top's thickness
    l_mm: float = 0.0
    x_mm: float = 0.0
    y_mm: float = 0.0
    angle_deg: float = 0.0
    why: str = ""


@dataclass(frozen=True)
class Build:
    top_mm: float
    seat: str
    sites: tuple[Site, ...]
    gap_mm: tuple[float, float] = (0.0, 0.5)
    pcb_mm: float = 1.6
    registration_mm: float = 0.5
    hole_tolerance_mm: float = 0.2
    sheet_mm: float = 0.0
    sheet_hole_mm: float = 0.0
    cutout_mm: float = 0.0
    rotation_deg: float = 0.0
    cuts: tuple[Cut, ...] = ()

    def sites_of(self, role: str) -> tuple[Site, ...]:
        return tuple(s for s in self.sites if s.role == role)

    @property
    def pcb_top_mm(self) -> float:
        """The sensor board's top face at its nearest to the top (lower by up to the
        gap's range, which the computation moves onto the magnet instead)."""
        return -self.top_mm - self.gap_mm[0]

    def seat_z_and_diameter(self, hole_diameter_mm: float) -> tuple[float, float]:
        """Where a marble's rim contact lies: its height and diameter."""
        if self.seat == "sheet":
            return self.sheet_mm, self.sheet_hole_mm
        return 0.0, hole_diameter_mm

    def marble_centre_z(self, marble_d: float, hole_d: float) -> tuple[float, float]:
        """A resting marble's centre height, lowest and highest over the hole's
        diameter tolerance."""
        seat_z, seat_d = self.seat_z_and_diameter(hole_d)
        r = marble_d / 2
        heights = []
        for d in (seat_d + self.hole_tolerance_mm, seat_d - self.hole_tolerance_mm):
            half = min(d / 2, r)
            heights.append(seat_z + math.sqrt(r * r - half * half))
        return min(heights), max(heights)
