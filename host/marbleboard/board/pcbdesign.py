"""A circuit board as data: parts with their pads, nets, tracks, vias, copper zones
and silkscreen labels, in millimetres with y pointing down (KiCad's way). The
circuit boards (``holemodule.py``, ``ringmodule.py``, ``registermodule.py``,
``controllerboard.py``) are written in it;
``kicad_board.py`` turns one into a KiCad board, checks it with KiCad's design
rule check and plots what a fab needs.

Land patterns, from the parts' datasheets or KiCad's standard footprints:
- SOT-23-5 (TI SN74AHCT1G125, DBV): 0.6 x 1.06 mm pads, 0.95 mm pitch, rows 2.2 mm apart.
- SOIC-14 and SOIC-16 (TI 74AHCT125 D, Nexperia 74HC165 SOT109-1, IPC-7351
  nominal): 1.95 x 0.6 mm pads, 1.27 mm pitch, centres 4.95 mm apart.
- VSSOP-8 (TI SBASAF4, DGK0008A): 8 pads 1.4 x 0.45 mm, 0.65 mm pitch, 4.4 mm across.
- WS2812B 5050 (KiCad's LED_WS2812B_PLCC4_5.0x5.0mm_P3.2mm): 1.5 x 1 mm pads at
  +-2.45, +-1.6 mm; 1 VDD, 2 DOUT, 3 VSS, 4 DIN as in Worldsemi's pin table.
- 0603 resistor or capacitor: 0.9 x 0.95 mm pads 1.6 mm apart.
- WS2812B-2020 (Worldsemi WS2812B-2020 V1.3, recommended land, as KiCad's
  LED_WS2812B-2020_PLCC4_2.0x2.0mm): 0.7 x 0.7 mm pads at +-0.915, +-0.55 mm; 1 DOUT,
  2 GND, 3 DIN, 4 VDD.
- 0402 resistor or capacitor (KiCad's C_0402_1005Metric, IPC-7351 nominal):
  0.59 x 0.64 mm pads 0.97 mm apart.
- JST SH side entry, SMxxB-SRSS-TB (JST eSH catalogue, as KiCad's
  JST_SH_SMxxB-SRSS-TB footprints): 0.6 x 1.55 mm contact pads on a 1 mm pitch,
  1.2 x 1.8 mm fitting nails 1.3 mm beyond the end contacts and 3.875 mm behind.
- Wire pads: 1.7 mm on a 2.54 mm grid, 1.0 mm drills (a 0.5 mm2 wire fits).
- Mounting holes: 3.2 mm, not plated, ISO 273's fine clearance hole for an M3
  screw (the head's keep-out is in ``bodies.py``).
"""

from __future__ import annotations

import csv
import io
import itertools
import math
from dataclasses import asdict, dataclass, field
from typing import Any

TRACK_MM = 0.25
VIA_MM = (0.6, 0.3)  # diameter, drill
CLEARANCE_MM = 0.2
EDGE_CLEARANCE_MM = 0.3
RULES = {"clearance": CLEARANCE_MM, "track": TRACK_MM, "via_diameter": VIA_MM[0],
         "via_drill": VIA_MM[1], "edge_clearance": EDGE_CLEARANCE_MM}

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
    pin_names: dict[str, str] = field(default_factory=dict)  # pad number -> datasheet name
    side: str = "top"  # or "bottom": soldered underneath, seen mirrored from the top
    lcsc: str = ""  # the assembly fab's stock number, where the board names one

    def pad_xy(self, number: str) -> Point:
        pad = next(p for p in self.pads if p.number == number)
        return self.on_board(pad.x, pad.y)

    def on_board(self, x: float, y: float) -> Point:
        """Where a point of the part's own drawing lands on the board."""
        a = math.radians(self.rotation)
        px = -x if self.side == "bottom" else x
        # KiCad turns counter-clockwise on screen, with y pointing down.
        bx = px * math.cos(a) + y * math.sin(a)
        by = -px * math.sin(a) + y * math.cos(a)
        return round(self.x + bx, 4), round(self.y + by, 4)

    def pad_extent(self, number: str) -> Point:
        """The pad's width and height on the board, after the part's rotation."""
        pad = next(p for p in self.pads if p.number == number)
        turned = round(self.rotation) % 180 == 90
        return (pad.h, pad.w) if turned else (pad.w, pad.h)


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


@dataclass(frozen=True)
class Label:
    """Silkscreen text, for the maker who solders the wires."""
    text: str
    x: float
    y: float
    size: float = 1.0  # character height, mm


M3_HOLE_MM = 3.2  # ISO 273, fine series: the clearance hole for an M3 screw


@dataclass(frozen=True)
class MountingHole:
    """A plain hole, not plated, for a screw that holds the board to the wood."""
    ref: str
    x: float
    y: float
    drill: float = M3_HOLE_MM


@dataclass
class Design:
    """A board whose outline is a circle round (0, 0) (radius_mm), a rectangle
    (rect_mm: left, top, right, bottom) or a polygon inside that rectangle
    (polygon_mm, its corners in order), with a round cut-out at (0, 0) if
    cutout_mm (its radius) is set, on two copper layers or four."""
    name: str
    radius_mm: float = 0.0
    rect_mm: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    cutout_mm: float = 0.0
    layers: int = 2
    parts: list[Part] = field(default_factory=list)
    tracks: list[Track] = field(default_factory=list)
    vias: list[Via] = field(default_factory=list)
    zones: list[tuple[str, str]] = field(default_factory=list)  # (net, layer), the whole board
    labels: list[Label] = field(default_factory=list)
    rules: dict[str, float] = field(default_factory=lambda: dict(RULES))
    polygon_mm: tuple[Point, ...] = ()
    mounting: list[MountingHole] = field(default_factory=list)

    def part(self, ref: str) -> Part:
        return next(p for p in self.parts if p.ref == ref)

    def outline(self) -> list[Point]:
        """The board's edge as a polygon (a circle in 72 sides)."""
        if self.radius_mm:
            r = self.radius_mm
            return [(round(r * math.cos(2 * math.pi * k / 72), 4),
                     round(r * math.sin(2 * math.pi * k / 72), 4)) for k in range(72)]
        if self.polygon_mm:
            return list(self.polygon_mm)
        x0, y0, x1, y1 = self.rect_mm
        return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    def room_inside(self, x: float, y: float, w: float, h: float) -> float:
        """How far a w x h pad centred at (x, y) stays inside the edge (negative: out)."""
        nearest = math.hypot(max(abs(x) - w / 2, 0.0), max(abs(y) - h / 2, 0.0))
        if self.cutout_mm:
            return min(nearest - self.cutout_mm, self.room_inside_outline(x, y, w, h))
        return self.room_inside_outline(x, y, w, h)

    def room_inside_outline(self, x: float, y: float, w: float, h: float) -> float:
        if self.radius_mm:
            return self.radius_mm - math.hypot(abs(x) + w / 2, abs(y) + h / 2)
        if self.polygon_mm:
            from shapely.geometry import Point as Spot
            from shapely.geometry import Polygon, box

            edge = Polygon(self.polygon_mm)
            pad = box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if edge.contains(pad):
                return round(float(edge.exterior.distance(pad)), 4)
            return -round(max(float(edge.distance(Spot(c))) for c in pad.exterior.coords), 4)
        x0, y0, x1, y1 = self.rect_mm
        return min(x - w / 2 - x0, x1 - x - w / 2, y - h / 2 - y0, y1 - y - h / 2)

    def nets(self) -> set[str]:
        return {n for p in self.parts for n in p.nets.values()}


def vssop8() -> tuple[Pad, ...]:
    pads = []
    for i in range(4):
        y = -0.975 + 0.65 * i
        pads.append(Pad(str(i + 1), -1.5, y, 1.4, 0.45))
        pads.append(Pad(str(8 - i), 1.5, y, 1.4, 0.45))
    return tuple(sorted(pads, key=lambda p: int(p.number)))


def soic(pins: int) -> tuple[Pad, ...]:
    """Pin 1 at the top left, counting down the left side and up the right."""
    half = pins // 2
    top = -1.27 * (half - 1) / 2
    pads = [Pad(str(i + 1), -2.475, top + 1.27 * i, 1.95, 0.6) for i in range(half)]
    pads += [Pad(str(pins - i), 2.475, top + 1.27 * i, 1.95, 0.6) for i in range(half)]
    return tuple(sorted(pads, key=lambda p: int(p.number)))


def ws2812b() -> tuple[Pad, ...]:
    return (Pad("1", -2.45, -1.6, 1.5, 1.0), Pad("2", -2.45, 1.6, 1.5, 1.0),
            Pad("3", 2.45, 1.6, 1.5, 1.0), Pad("4", 2.45, -1.6, 1.5, 1.0))


def ws2812b_2020() -> tuple[Pad, ...]:
    return (Pad("1", -0.915, -0.55, 0.7, 0.7), Pad("2", -0.915, 0.55, 0.7, 0.7),
            Pad("3", 0.915, 0.55, 0.7, 0.7), Pad("4", 0.915, -0.55, 0.7, 0.7))


def chip_0402() -> tuple[Pad, ...]:
    """A 0402 resistor or capacitor."""
    return (Pad("1", -0.485, 0.0, 0.59, 0.64), Pad("2", 0.485, 0.0, 0.59, 0.64))


def jst_sh(contacts: int) -> tuple[Pad, ...]:
    """A JST SH side-entry header: contact 1 at the left, the fitting nails (MP1,
    MP2) behind the row, toward the mating side."""
    first = -(contacts - 1) / 2
    pads = [Pad(str(i + 1), first + i, -2.0, 0.6, 1.55) for i in range(contacts)]
    nail = -first + 1.3
    return (*pads, Pad("MP1", -nail, 1.875, 1.2, 1.8), Pad("MP2", nail, 1.875, 1.2, 1.8))


def chip_0603() -> tuple[Pad, ...]:
    """A 0603 resistor or capacitor."""
    return (Pad("1", -0.8, 0.0, 0.9, 0.95), Pad("2", 0.8, 0.0, 0.9, 0.95))


def sot23_5() -> tuple[Pad, ...]:
    """SOT-23-5 (TI DBV): pins 1 to 3 along one side, 4 and 5 back along the other."""
    return (Pad("1", -0.95, 1.1, 0.6, 1.06), Pad("2", 0.0, 1.1, 0.6, 1.06),
            Pad("3", 0.95, 1.1, 0.6, 1.06), Pad("4", 0.95, -1.1, 0.6, 1.06),
            Pad("5", -0.95, -1.1, 0.6, 1.06))


def pico() -> tuple[Pad, ...]:
    """A Raspberry Pi Pico (or Pico 2) on pin headers, USB end up: pins 1 to 20
    down the left, 21 to 40 up the right, 17.78 mm apart (Pico datasheet,
    mechanical drawing)."""
    left = [wire_pad(str(n), -8.89, -24.13 + 2.54 * (n - 1), n == 1) for n in range(1, 21)]
    right = [wire_pad(str(n), 8.89, 24.13 - 2.54 * (n - 21)) for n in range(21, 41)]
    return tuple(left + right)


def wire_pad(number: str, x: float, y: float, square: bool = False) -> Pad:
    return Pad(number, x, y, 1.7, 1.7, "rect" if square else "circle", 1.0)


def placement_csv(design: Design) -> str:
    """The parts an assembly service places: designator, value, footprint, where."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["Designator", "Val", "Package", "Mid X", "Mid Y", "Rotation", "Layer"])
    for p in design.parts:
        if p.solder:
            w.writerow([p.ref, p.value, p.footprint, f"{p.x + 0.0:.2f}mm", f"{0.0 - p.y:.2f}mm",
                        f"{p.rotation:g}", p.side])
    return out.getvalue()


def bom_csv(design: Design) -> str:
    """The parts to place, one row a kind; with the fab's stock numbers (LCSC) in a
    column of their own on a board whose parts name them."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    stocked = any(p.lcsc for p in design.parts)
    w.writerow(["Comment", "Designator", "Footprint", "Part number",
                *(["LCSC"] if stocked else [])])
    groups: dict[tuple[str, str, str, str], list[str]] = {}
    for p in design.parts:
        if p.solder:
            groups.setdefault((p.value, p.footprint, p.order, p.lcsc), []).append(p.ref)
    for (value, footprint, order, lcsc), refs in groups.items():
        w.writerow([value, ",".join(refs), footprint, order, *([lcsc] if stocked else [])])
    return out.getvalue()


def design_data(design: Design) -> dict[str, Any]:
    """What kicad_board.py reads: every pad placed, with its net, and the outline."""
    data = asdict(design)
    data["placed_pads"] = [
        {"ref": p.ref, "number": pad.number, "xy": p.pad_xy(pad.number),
         "net": p.nets.get(pad.number, "")} for p in design.parts for pad in p.pads]
    data["outline"] = design.outline()
    return data


def ground(design: Design, at: Point, via: Point, layer: str = "F.Cu") -> None:
    """A pad's short track to a via into the ground planes."""
    design.tracks.append(Track("GND", layer, (at, via)))
    design.vias.append(Via("GND", *via))


def route(design: Design, net: str, *points: Point, branch: bool = False) -> None:
    """A path of horizontal and vertical runs: horizontal ones on the top copper,
    the others underneath, a via wherever the path changes side. Routed this
    way, two nets cross without meeting; only their vias need room. A branch
    leaves a top-copper track, so it starts with a via if it first goes down."""
    layers = [F_CU if y0 == y1 else B_CU for (_, y0), (_, y1) in itertools.pairwise(points)]
    if branch and layers[0] == B_CU:
        design.vias.append(Via(net, *points[0]))
    start = 0
    for i in range(1, len(layers) + 1):
        if i == len(layers) or layers[i] != layers[start]:
            design.tracks.append(Track(net, layers[start], tuple(points[start:i + 1])))
            if i < len(layers):
                design.vias.append(Via(net, *points[i]))
            start = i


F_CU, B_CU = "F.Cu", "B.Cu"
