"""The ring module: the circuit board under one hole of a board whose holes go
right through (a marble pushed through falls into the tray beneath), a ring
round the cut-out, carrying the hole's TMAG5170s where the sensing was computed
(the board file's build sites: four on top that see any piece, two underneath
that see a standing piece), their capacitors, the hole's LED, and the wire pads.

Four layers, so that nothing on the outside has to cross: the sensors, the LED
and their short tracks on the outer layers, ground on the first inner layer, and
on the second the seven lines the sensors share, each a circle at its own
radius (``LANES``). Every pin reaches its circle by a short track outward and a
via; a via crosses the other circles' layer at a radius where there is none.

Coordinates in mm, y pointing down, the hole's axis at the origin. The sensors'
axes lie along x and y, as the sensing assumes; the module may be fitted turned
by any quarter turn, which the square grid does not tell apart.
"""

from __future__ import annotations

import math

from .build import Build, Site
from .pcbdesign import (
    Design,
    Label,
    Part,
    Point,
    Track,
    Via,
    chip_0603,
    ground,
    vssop8,
    wire_pad,
    ws2812b,
)
from .pinmaps import TMAG5170, WS2812B, by_number

RADIUS_MM = 19.5  # 40 mm apart, two rings leave 1 mm between them
F, B, LANE_LAYER = "F.Cu", "B.Cu", "In2.Cu"
# SCK and SDI leave a sensor from neighbouring pins: two circles apart, their vias
# stay clear of each other.
LANES = {"+5V": 14.97, "SCK": 15.62, "CS": 16.27, "SDI": 16.92, "PRESENCE": 17.57,
         "PIECE_CS": 18.22, "STOMPER": 18.87}
# How far from the x axis a pin of a sensor's inner column turns outward, on top
# and underneath.
JOG = 6.6
BOTTOM_JOG = 2.6  # clear of the package's courtyard, so its capacitor is too
# Where a top sensor's capacitor crosses the supply's run out along x: past the
# package's courtyard, and within 5 mm of its supply pin.
CAP_X = 12.2
# The wire pads, two rows of four south of the cut-out: pad -> (net, x, y).
J1 = {"1": ("SCK", -3.81, 10.8), "2": ("SDI", -1.27, 10.8), "3": ("CS", 1.27, 10.8),
      "4": ("PIECE_CS", 3.81, 10.8), "5": ("+5V", -3.81, 13.0), "6": ("GND", -1.27, 13.0),
      "7": ("PRESENCE", 1.27, 13.0), "8": ("STOMPER", 3.81, 13.0)}
# The module as one part of a board's netlist: J1's pads, then J2's.
WIRES = {**{pad: net for pad, (net, _, _) in J1.items()}, "9": "DIN", "10": "DOUT"}
J1_LABELS = {"SCK": "SCK", "SDI": "SDI", "CS": "CS", "PIECE_CS": "CS2", "+5V": "5V",
             "GND": "GND", "PRESENCE": "PRES", "STOMPER": "STMP"}
ORDER = {"TMAG5170A1": "TMAG5170A1QDGKR", "100nF": "CL10B104KB8NNNC", "WS2812B": "WS2812B"}


def _across(net: str, y: float, toward: float) -> Point:
    """Where a run along x at height y, heading toward the sign of `toward`,
    meets its net's circle."""
    r = LANES[net]
    return math.copysign(math.sqrt(r * r - y * y), toward), y


def _along(net: str, x: float, toward: float) -> Point:
    """Where a run along y at x, heading toward the sign of `toward`, meets its
    net's circle."""
    r = LANES[net]
    return x, math.copysign(math.sqrt(r * r - x * x), toward)


class _Ring:
    def __init__(self, cutout_mm: float) -> None:
        self.d = Design("ring-module", radius_mm=RADIUS_MM, cutout_mm=cutout_mm / 2, layers=4)
        self.caps = 0

    def spur(self, net: str, layer: str, *points: Point) -> None:
        """A pin's track to its circle, and the via that joins them."""
        self.d.tracks.append(Track(net, layer, points))
        self.d.vias.append(Via(net, *points[-1]))

    def capacitor(self, x: float, y: float, side: str, pad1: Point) -> Part:
        """A 100 nF at (x, y), turned so its supply end lands on pad1."""
        self.caps += 1
        for rotation in (0.0, 90.0, 180.0, 270.0):
            part = Part(f"C{self.caps}", "100nF", "C_0603", x, y, rotation, chip_0603(),
                        {"1": "+5V", "2": "GND"}, order=ORDER["100nF"], side=side)
            if math.dist(part.pad_xy("1"), pad1) < 1e-3:
                self.d.parts.append(part)
                return part
        raise ValueError(f"no quarter turn puts C{self.caps}'s pad 1 at {pad1}")

    def sensor(self, ref: str, x: float, y: float, side: str, cs: str, alert: str) -> None:
        """A sensor and its capacitor, its pins taken outward: the column holding
        SCK, SDI and CS faces out along x; of the other column, on top the pin
        farther from the x axis goes straight out along y and the nearer turns out
        along x at the jog line; underneath, where the sensors sit on the x axis,
        both turn out along x. The routing suits the build's sites (on top at the
        diagonals, underneath on the x axis); KiCad's check says if another
        build's do not fit it."""
        sx, sy = math.copysign(1.0, x), math.copysign(1.0, y) if y else 1.0
        bottom = side == "bottom"
        rotation = (0.0 if sx > 0 else 180.0) if bottom else (180.0 if sx > 0 else 0.0)
        nets = {"1": "SCK", "2": "SDI", "4": cs, "5": "+5V", "6": "GND", "7": "GND",
                "8": alert}
        u = Part(ref, "TMAG5170A1", "VSSOP-8_DGK", x, y, rotation, vssop8(), nets,
                 order=ORDER["TMAG5170A1"], pin_names=by_number(TMAG5170), side=side)
        self.d.parts.append(u)
        layer = B if bottom else F
        for pin in ("1", "2", "4"):
            px, py = u.pad_xy(pin)
            self.spur(nets[pin], layer, (px, py), _across(nets[pin], py, sx))
        far, near = sorted(("5", "8"), key=lambda n: -abs(u.pad_xy(n)[1]))
        if bottom:
            # Both turn out along x, each on its own side of the package.
            for pin in (far, near):
                px, py = u.pad_xy(pin)
                turn = (px + sx * 0.5, math.copysign(BOTTOM_JOG, py))
                self.spur(nets[pin], layer, (px, py), turn, _across(nets[pin], turn[1], sx))
        else:
            fx, fy = u.pad_xy(far)
            self.spur(nets[far], layer, (fx, fy), _along(nets[far], fx, sy))
            nx, ny = u.pad_xy(near)
            turn = (nx + sx * 0.6, sy * JOG)
            self.spur(nets[near], layer, (nx, ny), turn, _across(nets[near], turn[1], sx))
        # Its two ground pins, joined, and a via at the package's centre.
        g6, g7 = u.pad_xy("6"), u.pad_xy("7")
        self.d.tracks.append(Track("GND", layer, (g6, g7)))
        ground(self.d, ((g6[0] + g7[0]) / 2, (g6[1] + g7[1]) / 2), (x, y), layer)
        self.decouple(u, layer, sx, sy)

    def decouple(self, u: Part, layer: str, sx: float, sy: float) -> None:
        """The sensor's 100 nF on its supply track, its ground end to a via."""
        vx, vy = u.pad_xy("5")
        if u.side == "bottom":
            # On the supply's run out along x, beside the package.
            pad1 = (u.x - sx * 0.4, math.copysign(BOTTOM_JOG, vy))
            c = self.capacitor(pad1[0], math.copysign(BOTTOM_JOG + 0.8, vy), "bottom", pad1)
            gx, gy = c.pad_xy("2")
            ground(self.d, (gx, gy), (gx + sx * 1.1, gy), layer)
        elif abs(vy) > abs(u.y):
            # The supply runs straight out along y: the capacitor across it.
            c = self.capacitor(vx + sx * 0.8, sy * 11.5, "top", (vx, sy * 11.5))
            gx, gy = c.pad_xy("2")
            ground(self.d, (gx, gy), (gx + sx * 0.8, gy - sy * 0.9), layer)
        else:
            # The supply turns out along x at the jog line: the capacitor past the
            # package, toward the axis.
            c = self.capacitor(sx * CAP_X, sy * (JOG - 0.8), "top", (sx * CAP_X, sy * JOG))
            gx, gy = c.pad_xy("2")
            ground(self.d, (gx, gy), (gx + sx * 1.2, gy), layer)


# Each role's chip select and output: the presence sensors see a marble or a
# Stomper, the piece sensors a Stomper only.
ROLE_NETS = {"presence": ("CS", "PRESENCE"), "piece": ("PIECE_CS", "STOMPER")}


def site_xy(site: Site) -> Point:
    """Where a sensor of the board file's build sits on the module: its angle
    counter-clockwise from +x, seen from the top, with y pointing down."""
    x, y = site.xy()
    return round(x, 4), round(-y, 4)


def ring_build() -> Build:
    """The build of the shipped board whose holes have a cut-out under them."""
    from . import build_layout
    from .layouts import LAYOUTS

    builds = [build_layout(name).build for name in sorted(LAYOUTS)]
    return next(b for b in builds if b is not None and b.cutout_mm)


def ring_module(build: Build | None = None) -> Design:
    """The module for a build with a cut-out under each hole (the shipped one's by
    default): its sensors where the build's sites put them, round the cut-out."""
    build = build or ring_build()
    ring = _Ring(build.cutout_mm)
    d = ring.d
    for n, site in enumerate(build.sites, start=1):
        ring.sensor(f"U{n}", *site_xy(site), site.side, *ROLE_NETS[site.role])

    # The lanes: a circle of 72 sides for each shared line.
    for net, r in LANES.items():
        pts = [(round(r * math.cos(2 * math.pi * k / 72), 4),
                round(r * math.sin(2 * math.pi * k / 72), 4)) for k in range(73)]
        d.tracks.append(Track(net, LANE_LAYER, tuple(pts)))

    # The LED north of the cut-out; its data in and out to two pads beside it.
    led = Part("D1", "WS2812B", "LED_WS2812B_PLCC4_5.0x5.0mm", 0.0, -12.3, 0.0, ws2812b(),
               {"1": "+5V", "2": "DOUT", "3": "GND", "4": "DIN"}, order=ORDER["WS2812B"],
               pin_names=by_number(WS2812B))
    j2 = Part("J2", "LED data", "Pads_1x2", 0.0, -11.2, 0.0,
              (wire_pad("1", 5.0, 0.0, True), wire_pad("2", -5.0, 0.0)),
              {"1": "DIN", "2": "DOUT"}, solder=False, pin_names={"1": "DIN", "2": "DOUT"})
    d.parts += [led, j2]
    vdd = led.pad_xy("1")
    ring.spur("+5V", F, vdd, _along("+5V", vdd[0], -1.0))
    d.tracks += [Track("DIN", F, (led.pad_xy("4"), (4.0, led.pad_xy("4")[1]), j2.pad_xy("1"))),
                 Track("DOUT", F, (led.pad_xy("2"), (-4.2, led.pad_xy("2")[1]),
                                   j2.pad_xy("2")))]
    c = ring.capacitor(-1.0, -15.9, "top", (-1.8, -15.9))
    d.tracks.append(Track("+5V", F, (c.pad_xy("1"), (vdd[0], c.pad_xy("1")[1]), vdd)))

    # The wire pads, each taken straight south to its circle (the inner row's
    # between the outer row's pads, or outside them).
    j1 = Part("J1", "wires", "Pads_2x4", 0.0, 0.0, 0.0,
              tuple(wire_pad(p, x, y, p == "1") for p, (_, x, y) in J1.items()),
              {p: net for p, (net, _, _) in J1.items()}, solder=False,
              pin_names={p: J1_LABELS[net] for p, (net, _, _) in J1.items()})
    d.parts.append(j1)
    channel = {"1": -5.0, "2": -2.54, "3": 2.54, "4": 5.0}  # the inner row's
    for pad, (net, x, y) in J1.items():
        if net == "GND":
            continue
        if pad in channel:
            lx = channel[pad]
            ring.spur(net, F, (x, y), (lx, y + 1.1), _along(net, lx, 1.0))
        else:
            ring.spur(net, F, (x, y), _along(net, x, 1.0))
    d.labels.append(Label("J1", 0.0, 15.2, 0.8))

    d.zones = [("GND", F), ("GND", "In1.Cu"), ("GND", B)]
    return d
