"""The hole module: a small round circuit board that sits under one hole of a marble
board, with the hole's TMAG5170 at its centre, the hole's LED beside it, their
decoupling capacitors, and eight solder pads for the wires to its neighbours and
its register input. Every hole of a board whose one sensor sits under the hole's
centre takes the same module, so one design is ordered in quantity
(hardware/pcb/README.md argues it).

This module holds the design as data: parts with their pads, nets, tracks, vias
and copper zones, in millimetres with the hole's axis at the origin and y pointing
away from the pads (KiCad's way). ``kicad_board.py`` turns it into a KiCad board,
checks it with KiCad's design rule check and plots what a fab needs.

Pad figures: TI SBASAF4, DGK0008A land pattern (8 pads 1.4 x 0.45 mm, 0.65 mm
pitch, 4.4 mm across); KiCad's LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm (pads 1.5 x 1 mm
at +-2.45, +-1.6 mm; 1 VDD, 2 DOUT, 3 VSS, 4 DIN as in Worldsemi's WS2812B pin
table); a 0603 capacitor's usual 0.9 x 0.95 mm pads 1.6 mm apart; 2.54 mm pads,
1.0 mm drills.
"""

from __future__ import annotations

import csv
import io
import math
from dataclasses import asdict, dataclass, field
from typing import Any

RADIUS_MM = 12.0  # two modules 25 mm apart (the smallest pitch) never touch
TRACK_MM = 0.25
VIA_MM = (0.6, 0.3)  # diameter, drill
CLEARANCE_MM = 0.2
EDGE_CLEARANCE_MM = 0.3

Point = tuple[float, float]


@dataclass(frozen=True)
class Pad:
    number: str
    x: float  # relative to the part, before its rotation
    y: float
    w: float
    h: float
    shape: str = "rect"  # rect, circle
    drill: float = 0.0  # through-hole when set


@dataclass(frozen=True)
class Part:
    ref: str
    value: str
    footprint: str
    x: float
    y: float
    rotation: float  # degrees, counter-clockwise as KiCad turns a footprint
    pads: tuple[Pad, ...]
    nets: dict[str, str]  # pad number -> net
    order: str = ""  # manufacturer part number, for assembly
    solder: bool = True  # False: placed by hand (the wire pads)

    def pad_xy(self, number: str) -> Point:
        pad = next(p for p in self.pads if p.number == number)
        a = math.radians(self.rotation)
        # KiCad turns counter-clockwise on screen, with y pointing down.
        x = pad.x * math.cos(a) + pad.y * math.sin(a)
        y = -pad.x * math.sin(a) + pad.y * math.cos(a)
        return round(self.x + x, 4), round(self.y + y, 4)


@dataclass(frozen=True)
class Track:
    net: str
    layer: str  # F.Cu or B.Cu
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Via:
    net: str
    x: float
    y: float


@dataclass
class Design:
    name: str
    radius_mm: float
    parts: list[Part] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    vias: list[Via] = field(default_factory=list)
    zones: list[tuple[str, str]] = field(default_factory=list)  # (net, layer), the whole board
    rules: dict[str, float] = field(default_factory=dict)

    def part(self, ref: str) -> Part:
        return next(p for p in self.parts if p.ref == ref)



def vssop8() -> tuple[Pad, ...]:
    pads = []
    for i in range(4):
        y = -0.975 + 0.65 * i
        pads.append(Pad(str(i + 1), -1.5, y, 1.4, 0.45))
        pads.append(Pad(str(8 - i), 1.5, y, 1.4, 0.45))
    return tuple(sorted(pads, key=lambda p: int(p.number)))


def ws2812b() -> tuple[Pad, ...]:
    return (Pad("1", -2.45, -1.6, 1.5, 1.0), Pad("2", -2.45, 1.6, 1.5, 1.0),
            Pad("3", 2.45, 1.6, 1.5, 1.0), Pad("4", 2.45, -1.6, 1.5, 1.0))


def c0603() -> tuple[Pad, ...]:
    return (Pad("1", -0.8, 0.0, 0.9, 0.95), Pad("2", 0.8, 0.0, 0.9, 0.95))


def header_2x4() -> tuple[Pad, ...]:
    """Odd pads in the row nearer the hole's centre, even ones behind them."""
    pads = []
    for i in range(8):
        x = -3.81 + 2.54 * (i // 2)
        y = -1.27 + 2.54 * (i % 2)
        pads.append(Pad(str(i + 1), x, y, 1.7, 1.7, "rect" if i == 0 else "circle", 1.0))
    return tuple(pads)


# The eight wires, by pad of J1: the sensors' three SPI lines and the LED data in
# on the left, ground, power, the sensor's output and the LED data out on the right.
WIRES = {"1": "CS", "2": "SCK", "3": "DIN", "4": "SDI",
         "5": "GND", "6": "ALERT", "7": "+5V", "8": "DOUT"}


def hole_module() -> Design:
    d = Design("hole-module", RADIUS_MM, rules={
        "clearance": CLEARANCE_MM, "track": TRACK_MM, "via_diameter": VIA_MM[0],
        "via_drill": VIA_MM[1], "edge_clearance": EDGE_CLEARANCE_MM})
    d.parts = [
        # TMAG5170: 1 SCK, 2 SDI, 3 SDO (not wired), 4 CS, 5 VCC, 6 GND, 7 TEST, 8 ALERT.
        Part("U1", "TMAG5170A1", "VSSOP-8_DGK", 0.0, 0.0, 0.0, vssop8(),
             {"1": "SCK", "2": "SDI", "4": "CS", "5": "+5V", "6": "GND", "7": "GND",
              "8": "ALERT"}, order="TMAG5170A1QDGKR"),
        # Turned half a turn: data in on the left, out on the right. Under the hole,
        # it lights the marble from below.
        Part("D1", "WS2812B", "LED_WS2812B_PLCC4_5.0x5.0mm", 0.0, -6.0, 180.0, ws2812b(),
             {"1": "+5V", "2": "DOUT", "3": "GND", "4": "DIN"}, order="WS2812B"),
        Part("C1", "100nF", "C_0603", 5.4, 2.5, 0.0, c0603(), {"1": "+5V", "2": "GND"},
             order="CL10B104KB8NNNC"),
        Part("C2", "100nF", "C_0603", 5.0, -4.4, 0.0, c0603(), {"1": "+5V", "2": "GND"},
             order="CL10B104KB8NNNC"),
        Part("J1", "wires", "Pads_2x4_P2.54mm", 0.0, 7.5, 0.0, header_2x4(), dict(WIRES),
             solder=False),
    ]
    u1, d1, j1 = d.part("U1"), d.part("D1"), d.part("J1")
    c1, c2 = d.part("C1"), d.part("C2")
    F, B = "F.Cu", "B.Cu"
    channel = j1.y  # between J1's two rows of pads
    d.tracks = [
        # Left: the SPI lines drop to vias beside U1 and run down the underside in
        # lanes, the outermost to the farthest pad; the LED's data in on top.
        Track("SCK", F, (u1.pad_xy("1"), (-3.0, -1.6))),
        Track("SCK", B, ((-3.0, -1.6), (-5.7, -1.6), (-5.7, j1.pad_xy("2")[1]), j1.pad_xy("2"))),
        Track("SDI", F, (u1.pad_xy("2"), (-3.6, u1.pad_xy("2")[1]))),
        Track("SDI", B, ((-3.6, u1.pad_xy("2")[1]), (-5.0, u1.pad_xy("2")[1]), (-5.0, channel),
                         (j1.pad_xy("4")[0], channel), j1.pad_xy("4"))),
        Track("CS", F, (u1.pad_xy("4"), (-3.0, 1.6))),
        Track("CS", B, ((-3.0, 1.6), (j1.pad_xy("1")[0], 1.6), j1.pad_xy("1"))),
        Track("DIN", F, (d1.pad_xy("4"), (-6.5, d1.pad_xy("4")[1]), (-6.5, 4.6),
                         (j1.pad_xy("3")[0], 4.6), j1.pad_xy("3"))),
        # Right: 5 V on top to U1, the LED and their capacitors; the sensor's output
        # and the LED's data out down the underside.
        Track("+5V", F, (d1.pad_xy("1"), (3.81, d1.pad_xy("1")[1]), (3.81, j1.pad_xy("7")[1]),
                         j1.pad_xy("7"))),
        Track("+5V", F, ((3.81, d1.pad_xy("1")[1]), c2.pad_xy("1"))),
        Track("+5V", F, (u1.pad_xy("5"), (3.81, u1.pad_xy("5")[1]))),
        Track("+5V", F, ((3.81, c1.pad_xy("1")[1]), c1.pad_xy("1"))),
        Track("GND", F, (u1.pad_xy("6"), u1.pad_xy("7"))),
        Track("GND", F, (u1.pad_xy("6"), (2.7, u1.pad_xy("6")[1]), (2.7, 0.0))),
        Track("ALERT", F, (u1.pad_xy("8"), (3.0, -1.9))),
        Track("ALERT", B, ((3.0, -1.9), (5.2, -1.9), (5.2, channel), (j1.pad_xy("6")[0], channel),
                           j1.pad_xy("6"))),
        Track("DOUT", F, (d1.pad_xy("2"), (4.3, d1.pad_xy("2")[1]))),
        Track("DOUT", B, ((4.3, d1.pad_xy("2")[1]), (6.0, d1.pad_xy("2")[1]),
                          (6.0, j1.pad_xy("8")[1]), j1.pad_xy("8"))),
    ]
    d.vias = [Via("SCK", -3.0, -1.6), Via("SDI", -3.6, u1.pad_xy("2")[1]), Via("CS", -3.0, 1.6),
              Via("ALERT", 3.0, -1.9), Via("DOUT", 4.3, d1.pad_xy("2")[1]),
              Via("GND", 2.7, 0.0), Via("GND", -4.3, d1.pad_xy("3")[1]),
              Via("GND", 7.5, -3.0), Via("GND", -7.4, 0.0)]
    d.zones = [("GND", F), ("GND", B)]
    return d


def placement_csv(design: Design) -> str:
    """The parts an assembly service places: designator, value, footprint, where."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Designator", "Val", "Package", "Mid X", "Mid Y", "Rotation", "Layer"])
    for p in design.parts:
        if p.solder:
            w.writerow([p.ref, p.value, p.footprint, f"{p.x + 0.0:.2f}mm", f"{0.0 - p.y:.2f}mm",
                        f"{p.rotation:g}", "top"])
    return out.getvalue()


def bom_csv(design: Design) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Comment", "Designator", "Footprint", "Part number"])
    groups: dict[tuple[str, str, str], list[str]] = {}
    for p in design.parts:
        if p.solder:
            groups.setdefault((p.value, p.footprint, p.order), []).append(p.ref)
    for (value, footprint, order), refs in groups.items():
        w.writerow([value, ",".join(refs), footprint, order])
    return out.getvalue()


def design_data(design: Design) -> dict[str, Any]:
    """What kicad_board.py reads: every pad placed, with its net."""
    data = asdict(design)
    data["placed_pads"] = [
        {"ref": p.ref, "number": pad.number, "xy": p.pad_xy(pad.number),
         "net": p.nets.get(pad.number, "")} for p in design.parts for pad in p.pads]
    return data
