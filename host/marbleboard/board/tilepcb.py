"""The tiles' circuit boards, drawn from the board file: each hole of a tile
(``tiles.plan``) gets its sensor right under its axis, its LED beside it and
their capacitors, all on the top face and inside the hole, so the tile lies
flat under the top with no counterbore; the registers, their pull-ups and the
cable's connector go underneath. Four copper layers: ground on the first inner
one, 5 V on the second, the signals on the outer two, routed by
``gridrouter``. One board file drives every tile of it: moving a hole moves its
parts and their tracks.

A tile is drawn in its own frame: millimetres from the middle of its rectangle,
y pointing down; the arm as it lies on the board (its first seat's), the start
strip turned so its holes run along x. ``frame`` turns a board position into
the tile's.

>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> d = tile_design(default_layout(), "start")
>>> [p.ref for p in d.parts if p.value == "TMAG5170A1"]
['U1', 'U2', 'U3', 'U4']
>>> d.rect_mm
(-65.53, -12.5, 65.53, 12.5)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from shapely.geometry import LineString, Polygon, box
from shapely.geometry import Point as Circle

from .build import LAMP_WINDOW_MM
from .gridrouter import PITCH_MM, Router, RoutingError, snap
from .model import Board
from .pcbdesign import (
    TRACK_MM,
    VIA_MM,
    Design,
    Label,
    MountingHole,
    Pad,
    Part,
    Point,
    Track,
    Via,
    chip_0402,
    jst_sh,
    soic,
    vssop8,
    wire_pad,
    ws2812b_2020,
)
from .pinmaps import HC165, TMAG5170, WS2812B_2020, by_number
from .tileframe import SCREWS, bounds, frame, outline, spread_spots, wood_in_design
from .tiles import SENSORS_PER_REGISTER, Tile, chain_order, plan

F, B = "F.Cu", "B.Cu"
LED_DY = -4.2  # the LED's centre from the hole's axis, toward the top of the tile

# (value, footprint, manufacturer's number, LCSC number) of each part the fab places.
SENSOR = ("TMAG5170A1", "VSSOP-8_DGK", "TMAG5170A1QDGKR", "C5220642")
LED = ("WS2812B-2020", "LED_WS2812B-2020_PLCC4_2.0x2.0mm", "WS2812B-2020", "C965555")
CAP = ("100nF", "C_0402", "CL05B104KO5NNNC", "C1525")
PULL = ("10k", "R_0402", "0402WGF1002TCE", "C25744")
REGISTER = ("74HC165", "SOIC-16_3.9x9.9mm_P1.27mm", "74HC165D,653", "C5613")
# No LCSC number for the 16-way header was found in a source that could be cited.
HEADER = ("SM16B-SRSS-TB", "JST_SH_SM16B-SRSS-TB_1x16-1MP_P1.00mm_Horizontal",
          "SM16B-SRSS-TB(LF)(SN)", "")

# The cable, contact by contact: a ground between the LED data and the sensors'
# lines, and at each end. "LED_IN" and "LED_OUT" stand for the first and the last
# link of the tile's LED chain.
CABLE = ("GND", "+5V", "+5V", "GND", "LED_IN", "LED_OUT", "GND", "SCK", "SDI", "CS", "3V3",
         "CP", "PL", "Q7", "DS", "GND")


def _the_tile(board: Board, design: str) -> Tile:
    tiles = plan(board).of_design(design)
    if not tiles:
        raise ValueError(f"{board.id} has no {design!r} tile (it has "
                         f"{', '.join(plan(board).designs)})")
    return tiles[0]


class _Tile:
    """A tile's design being drawn: its parts, the copper they bring, and what the
    router is to join."""

    def __init__(self, name: str, rect: tuple[float, float, float, float]) -> None:
        self.d = Design(name, rect_mm=rect, layers=4)
        self.router = Router(rect)
        self.count: dict[str, int] = {}
        self.wanted: list[tuple[str, Point, Point]] = []
        self.keepout: list[Polygon] = []  # what a register or the connector must not overlap
        self.escapes: dict[Point, str] = {}  # each first via: the layer its part's track is on

    def routed(self, first: Callable[[tuple[str, Point, Point]], Any] = lambda c: 0) -> Design:
        """The design with every wanted connection routed, those ``first`` puts
        first before the rest, each group shortest first; then its vias (a first
        via whose tracks all run on its part's side is no via at all) and the
        planes."""
        for net, a, b in sorted(self.wanted, key=lambda c: (
                first(c), abs(c[1][0] - c[2][0]) + abs(c[1][1] - c[2][1]))):
            self.router.connect(net, a, b)
        d = self.d
        d.tracks += self.router.tracks()
        lone = {p for p, layer in self.escapes.items() if self.router.layers_at(p) <= {layer}}
        d.vias = [v for v in d.vias if (v.x, v.y) not in lone]
        seen = {(v.x, v.y) for v in d.vias}
        d.vias += [v for v in self.router.vias() if (v.x, v.y) not in seen]
        d.zones = [("GND", "In1.Cu"), ("+5V", "In2.Cu")]
        return d

    def cut(self, corners: tuple[Point, ...]) -> None:
        """The outline cut back to a polygon inside the rectangle: the router
        keeps an edge's clearance from it."""
        if not corners:
            return
        self.d.polygon_mm = corners
        outside = box(*self.d.rect_mm).buffer(1.0, join_style="mitre").difference(
            Polygon(corners))
        # 0.1 mm more than a grid point's own room: a via's edge keeps the edge
        # clearance (0.6 / 2 + 0.3 mm from the edge).
        self.router.block("", (F, B), outside.buffer(0.1))

    def mount(self, spots: list[Point]) -> None:
        """A mounting hole at each spot: nothing is drawn or routed under its
        screw's head, on either face."""
        from .bodies import SCREW_KEEPOUT_MM

        for k, (x, y) in enumerate(spots, start=1):
            self.d.mounting.append(MountingHole(f"H{k}", round(x, 4), round(y, 4)))
            keep = Circle(x, y).buffer(SCREW_KEEPOUT_MM, quad_segs=16)
            self.keepout.append(keep)
            self.router.block("", (F, B), keep)

    def escape(self, net: str, layer: str, x: float, y: float) -> Point:
        """A part's first via on a net, where the router takes over."""
        p = self.via(net, x, y)
        self.escapes[p] = layer
        return p

    def ref(self, prefix: str) -> str:
        self.count[prefix] = self.count.get(prefix, 0) + 1
        return f"{prefix}{self.count[prefix]}"

    def part(self, prefix: str, kind: tuple[str, str, str, str], x: float, y: float,
             rotation: float, pads: tuple[Pad, ...], nets: dict[str, str], side: str = "top",
             pin_names: dict[str, str] | None = None) -> Part:
        value, footprint, order, lcsc = kind
        p = Part(self.ref(prefix), value, footprint, round(x, 4), round(y, 4), rotation, pads,
                 nets, order=order, side=side, pin_names=pin_names or {}, lcsc=lcsc)
        self.d.parts.append(p)
        layers = (F, B) if any(pad.drill for pad in pads) else ((F,) if side == "top" else (B,))
        for pad in pads:
            x0, y0 = p.pad_xy(pad.number)
            w, h = p.pad_extent(pad.number)
            shape = (Circle(x0, y0).buffer(w / 2) if pad.shape == "circle"
                     else box(x0 - w / 2, y0 - h / 2, x0 + w / 2, y0 + h / 2))
            self.router.block(nets.get(pad.number, ""), layers, shape)
        return p

    def track(self, net: str, layer: str, *points: Point) -> None:
        pts = tuple((round(x, 4), round(y, 4)) for x, y in points)
        self.d.tracks.append(Track(net, layer, pts))
        self.router.block(net, (layer,), LineString(pts).buffer(TRACK_MM / 2))

    def via(self, net: str, x: float, y: float) -> Point:
        self.d.vias.append(Via(net, round(x, 4), round(y, 4)))
        self.router.block(net, (F, B), Circle(x, y).buffer(VIA_MM[0] / 2))
        return round(x, 4), round(y, 4)

    def cap(self, x: float, y: float, rotation: float, supply: str, side: str = "top") -> Part:
        return self.part("C", CAP, x, y, rotation, chip_0402(), {"1": supply, "2": "GND"},
                         side)

    # -- a hole ------------------------------------------------------------------------

    def led(self, ax: float, ay: float, din: str, dout: str) -> dict[str, Point]:
        """The LED 4.2 mm above the hole's axis (ax, ay) on the page, its
        capacitor, and the first vias of its data in and out, on the router's grid
        round the grid point nearest the axis (so every hole's are alike)."""
        cx, cy = snap(ax), snap(ay)

        def g(i: int, j: int) -> Point:
            return cx + i * PITCH_MM, cy + j * PITCH_MM

        led = self.part("D", LED, ax, ay + LED_DY, 0.0, ws2812b_2020(),
                        {"1": dout, "2": "GND", "3": din, "4": "+5V"},
                        pin_names=by_number(WS2812B_2020))
        c = self.cap(ax + 2.7, ay - 4.75, 0.0, "+5V")
        vdd, gnd = led.pad_xy("4"), led.pad_xy("2")
        self.track("+5V", F, vdd, c.pad_xy("1"))
        self.track("+5V", F, (ax + 1.75, vdd[1]), self.via("+5V", ax + 1.75, ay - 6.0))
        self.track("GND", F, c.pad_xy("2"), self.via("GND", ax + 3.3, ay - 6.1))
        self.track("GND", F, gnd, self.via("GND", ax - 2.2, ay - 3.4))
        out = self.escape(dout, F, *g(-4, -8))
        self.track(dout, F, led.pad_xy("1"), (ax - 1.6, led.pad_xy("1")[1]), out)
        into = self.escape(din, F, *g(6, -5))
        self.track(din, F, led.pad_xy("3"), (ax + 1.6, led.pad_xy("3")[1]), into)
        self.keepout.append(box(ax - 4.8, ay - 6.8, ax + 4.6, ay + 3.4))
        return {"DIN": into, "DOUT": out}

    def sensor(self, ax: float, ay: float, alert: str) -> dict[str, Point]:
        """The sensor right under the axis, its capacitor, and the first vias of
        its bus lines and its output."""
        cx, cy = snap(ax), snap(ay)

        def g(i: int, j: int) -> Point:
            return cx + i * PITCH_MM, cy + j * PITCH_MM

        nets = {"1": "SCK", "2": "SDI", "4": "CS", "5": "+5V", "6": "GND", "7": "GND", "8": alert}
        u = self.part("U", SENSOR, ax, ay, 0.0, vssop8(), nets, pin_names=by_number(TMAG5170))
        esc = {}
        # The bus lines leave the left column straight out before they turn, so
        # they stay clear of the next pad down.
        for pin, (i, j) in (("1", (-6, -2)), ("2", (-8, 0)), ("4", (-6, 2))):
            px, py = u.pad_xy(pin)
            esc[nets[pin]] = self.escape(nets[pin], F, *g(i, j))
            self.track(nets[pin], F, (px, py), (ax - 2.6, py), esc[nets[pin]])
        px, py = u.pad_xy("8")
        esc["ALERT"] = self.escape(alert, F, *g(6, -2))
        self.track(alert, F, (px, py), (ax + 2.6, py), esc["ALERT"])
        self.track("GND", F, u.pad_xy("7"), u.pad_xy("6"))
        self.track("GND", F, u.pad_xy("6"), self.via("GND", ax + 2.9, ay + 0.2))
        c = self.cap(ax + 1.5, ay + 2.45, 0.0, "+5V")
        self.track("+5V", F, u.pad_xy("5"), c.pad_xy("1"))
        self.track("+5V", F, c.pad_xy("1"), self.via("+5V", ax, ay + 2.45))
        self.track("GND", F, c.pad_xy("2"), self.via("GND", ax + 3.1, ay + 2.45))
        return esc

    # -- a register ----------------------------------------------------------------------

    def register(self, x: float, y: float, inputs: dict[int, str], q7: str, ds: str,
                 spare: str) -> dict[str, Point]:
        """A 74HC165 underneath at (x, y) (on the grid), its rows of pins along x:
        PL, CP, D4-D7 on the north row, D3-D0, DS, Q7 on the south (Nexperia
        74HC165, Table 2), each input with its 10k pull-up to 3.3 V beyond its
        first via, as the register module wires them, and DS held low."""
        nets = {"1": "PL", "2": "CP", "8": "GND", "9": q7, "10": ds, "15": "GND", "16": "3V3"}
        for bit in range(8):
            nets[str(HC165[f"D{bit}"])] = inputs.get(bit, f"{spare}_D{bit}")
        u = self.part("U", REGISTER, x, y, 90.0, soic(16), nets, side="bottom",
                      pin_names=by_number(HC165))
        esc: dict[str, Point] = {}
        buses: dict[int, list[Point]] = {-1: [], 1: []}
        for pin in range(1, 17):
            if pin in (7,):  # /Q7: nothing reads it
                continue
            px, py = u.pad_xy(str(pin))
            side = 1 if py > y else -1
            k = round((px - x) / 1.27 * 2)  # odd: -7 .. 7
            vx, vy = x + k * PITCH_MM, y + side * 7 * PITCH_MM
            net = nets[str(pin)]
            if pin == 16:  # 3.3 V: the chip's capacitor, then the via
                c = self.cap(x - 6.3, py, 90.0 if side > 0 else 270.0, "3V3", "bottom")
                self.track("3V3", B, (px, py), c.pad_xy("1"))
                g = c.pad_xy("2")
                self.track("GND", B, g, self.via("GND", x - 7.5, g[1]))
            is_input = pin in {HC165[f"D{b}"] for b in range(8)}
            self.track(net, B, (px, py), (px, py + side * 1.2), (vx, vy))
            if net == "GND":
                v = self.via(net, vx, vy)
            elif net.startswith(spare):  # nothing to route: the pin to its pull-up only
                v = (vx, vy)
            else:
                v = esc[net] = self.escape(net, B, vx, vy)
            if is_input or pin == 10:
                # The resistor straight out beyond the via: pull-up, or DS's pull-down.
                r = self._resistor(vx, vy + side * 1.45, side, net,
                                   "3V3" if is_input else "GND")
                self.track(net, B, v, r.pad_xy("1"))
                if is_input:
                    buses[side].append(r.pad_xy("2"))
                else:
                    e = r.pad_xy("2")
                    self.track("GND", B, e, self.via("GND", e[0], e[1] + side * 1.0))
        # The pull-ups' 3.3 V: the south row's to the chip's supply via, the north
        # row's to a via of its own.
        south = sorted(buses[1])
        self.track("3V3", B, south[-1], south[0], (esc["3V3"][0], south[0][1]), esc["3V3"])
        north = sorted(buses[-1])
        tail = self.escape("3V3", B, x - 9 * PITCH_MM, y - 10 * PITCH_MM)
        self.track("3V3", B, north[-1], north[0], (tail[0], north[0][1]), tail)
        esc["3V3_PULL"] = tail
        return esc

    def _resistor(self, x: float, y: float, side: int, net: str, other: str) -> Part:
        for rotation in (90.0, 270.0):
            r = Part("", "", "", x, y, rotation, chip_0402(), {}, side="bottom")
            if (r.pad_xy("1")[1] - y) * side < 0:  # pad 1 toward the chip
                return self.part("R", PULL, x, y, rotation, chip_0402(), {"1": net, "2": other},
                                 "bottom")
        raise AssertionError("a quarter turn always faces pad 1 one way or the other")

    # -- the connector -------------------------------------------------------------------

    def connector(self, x: float, y: float, facing: int, led_in: str, led_out: str
                  ) -> dict[str, Point]:
        """The 16-way header underneath at (x, y), its opening toward the tile's
        edge (facing -1: the top edge, 1: the bottom one), each contact's first via
        a row further in."""
        nets = {str(i + 1): {"LED_IN": led_in, "LED_OUT": led_out}.get(n, n)
                for i, n in enumerate(CABLE)}
        j = self.part("J", HEADER, x, y, 180.0 if facing < 0 else 0.0, jst_sh(16), nets,
                      side="bottom", pin_names={str(i + 1): n for i, n in enumerate(CABLE)})
        esc: dict[str, Point] = {}
        inward = -facing
        row = y + inward * 9 * PITCH_MM
        for i, net in enumerate(nets.values()):
            px, py = j.pad_xy(str(i + 1))
            vx = x + (2 * i - 15) * PITCH_MM * (1 if j.pad_xy("1")[0] < x else -1)
            self.track(net, B, (px, py), (px, py + inward * 1.2), (vx, row))
            if net in ("GND", "+5V"):
                self.via(net, vx, row)
            else:
                esc[net] = self.escape(net, B, vx, row)
        return esc

    def probes(self, x: float, y: float) -> None:
        """Two 1 mm holes for a meter's probes (or a bench supply's wires) on 5 V
        and ground; the planes reach them."""
        pads = (wire_pad("1", -1.27, 0.0, True), wire_pad("2", 1.27, 0.0))
        self.part("J", ("power", "Pads_1x2_P2.54mm", "", ""), x, y, 0.0, pads,
                  {"1": "+5V", "2": "GND"}, pin_names={"1": "5V", "2": "GND"})
        self.d.parts[-1] = _by_hand(self.d.parts[-1])
        self.d.labels.append(Label("5V GND", x, y + 2.0, 0.8))
        self.keepout.append(box(x - 3.0, y - 1.5, x + 3.0, y + 3.0))


def _by_hand(p: Part) -> Part:
    return replace(p, solder=False)


REGISTER_BOX = (-8.6, -7.6, 5.6, 8.6)  # round a register's centre: its parts and vias
CONNECTOR_BOX = (-10.6, -3.0, 10.6, 6.5)  # round the header's, its opening at the top
PROBES_BOX = (-3.0, -1.5, 3.0, 3.0)


def _placed(box_: tuple[float, float, float, float], x: float, y: float, flip: bool = False
            ) -> Polygon:
    x0, y0, x1, y1 = box_
    if flip:
        y0, y1 = -y1, -y0
    return box(x + x0, y + y0, x + x1, y + y1)


def _grid(rect: tuple[float, float, float, float]) -> list[Point]:
    step = 2 * PITCH_MM
    return [(round(i * step, 4), round(j * step, 4))
            for i in range(math.ceil(rect[0] / step), math.floor(rect[2] / step) + 1)
            for j in range(math.ceil(rect[1] / step), math.floor(rect[3] / step) + 1)]


def _spot(t: _Tile, shape_of: Callable[[float, float], Polygon], target: Point,
          candidates: list[Point], room: float = 1.5, edge: float = 0.8) -> Point:
    """The candidate nearest target where shape_of(x, y) lies on the board (edge
    in from its edge) and clear of every hole's parts and of what is already
    placed by room."""
    inside = Polygon(t.d.outline()).buffer(-edge, join_style="mitre")
    taken = [k.buffer(room) for k in t.keepout]
    for p in sorted(candidates, key=lambda c: (math.dist(c, target), c)):
        s = shape_of(*p)
        if inside.contains(s) and not any(s.intersects(k) for k in taken):
            return p
    raise RoutingError(f"no room on {t.d.name} for a part near {target}")


@functools.cache
def tile_design(layout: str, design: str) -> Design:
    """The circuit board of one of a board's tile designs ("arm", "start")."""
    from . import build_layout

    board = build_layout(layout)
    tile = _the_tile(board, design)
    f = frame(board, tile)
    x0, y0, x1, y1 = bounds(board, tile, f)
    rect = (round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2))
    t = _Tile(f"{layout}-{design}-tile", rect)
    t.cut(outline(board, tile))
    holes = {h.id: h for h in board.holes}
    lamps = {lamp.id: lamp for lamp in board.lamps}
    order = chain_order(board, tile)
    sensors = [h for h in order if h in holes]
    n = len(order)

    escapes: list[dict[str, Point]] = []
    for k, item in enumerate(order, start=1):
        src = holes.get(item) or lamps[item]
        ax, ay = f.to_tile(src.x, src.y)
        if item in holes:
            e = t.led(ax, ay, f"LED{k - 1}", f"LED{k}")
            e |= t.sensor(ax, ay, f"ALERT{k}")
        else:  # a lamp: its LED right under the window
            e = t.led(ax, ay - LED_DY, f"LED{k - 1}", f"LED{k}")
        escapes.append(e)

    # The connector on the edge toward the board's middle, the registers near
    # their sensors.
    cx, cy = f.to_tile(board.width_mm / 2, board.height_mm / 2)
    facing = -1 if cy < 0 else 1
    edge_y = rect[1] if facing < 0 else rect[3]
    # The nails' edge some 0.5 mm in from the tile's, on the grid.
    jy = snap(edge_y - facing * 3.6)
    along = [(round(i * PITCH_MM, 4), jy) for i in range(math.ceil(rect[0] / PITCH_MM),
                                                          math.floor(rect[2] / PITCH_MM))]
    jx, _ = _spot(t, lambda x, y: _placed(CONNECTOR_BOX, x, y, facing > 0), (cx, jy), along,
                  room=1.0, edge=0.3)
    t.keepout.append(_placed(CONNECTOR_BOX, jx, jy, facing > 0))
    plug = t.connector(jx, jy, facing, "LED0", f"LED{n}")
    t.probes(*_spot(t, lambda x, y: _placed(PROBES_BOX, x, y), (jx + 14.0, jy), _grid(rect),
                    room=1.0))

    regs = []
    count = math.ceil(len(sensors) / SENSORS_PER_REGISTER)
    for r in range(count):
        mine = sensors[r * SENSORS_PER_REGISTER:(r + 1) * SENSORS_PER_REGISTER]
        pts = [f.to_tile(holes[h].x, holes[h].y) for h in mine]
        target = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
        rx, ry = _spot(t, lambda x, y: _placed(REGISTER_BOX, x, y), target, _grid(rect))
        t.keepout.append(_placed(REGISTER_BOX, rx, ry))
        q7 = "Q7" if r == 0 else f"Q7_{r + 1}"
        ds = "DS" if r == count - 1 else f"Q7_{r + 2}"
        inputs = {b: f"ALERT{order.index(h) + 1}" for b, h in enumerate(mine)}
        regs.append(t.register(rx, ry, inputs, q7, ds, f"SPARE{r + 1}"))

    # The screws, where nothing else is, and under no hole of the wood wherever
    # the design lies.
    t.mount(spread_spots(Polygon(t.d.outline()), [*t.keepout, *wood_in_design(board, tile)],
                         SCREWS[design], t.d.name))

    w = t.wanted
    prev = plug["LED0"]
    for k, e in enumerate(escapes, start=1):
        w.append((f"LED{k - 1}", prev, e["DIN"]))
        prev = e["DOUT"]
    w.append((f"LED{n}", prev, plug[f"LED{n}"]))
    sensed = [escapes[order.index(h)] for h in sensors]
    for bus in ("SCK", "SDI", "CS"):
        chain = [plug[bus], *(e[bus] for e in sensed)]
        w += [(bus, a, b) for a, b in itertools.pairwise(chain)]
    for k, h in enumerate(sensors):
        net = f"ALERT{order.index(h) + 1}"
        w.append((net, escapes[order.index(h)]["ALERT"], regs[k // SENSORS_PER_REGISTER][net]))
    for bus in ("CP", "PL"):
        chain = [plug[bus], *(r[bus] for r in regs)]
        w += [(bus, a, b) for a, b in itertools.pairwise(chain)]
    supply = [plug["3V3"], *(p for r in regs for p in (r["3V3"], r["3V3_PULL"]))]
    w += [("3V3", a, b) for a, b in itertools.pairwise(supply)]
    w.append(("Q7", plug["Q7"], regs[0]["Q7"]))
    for r in range(1, count):
        w.append((f"Q7_{r + 1}", regs[r - 1][f"Q7_{r + 1}"], regs[r][f"Q7_{r + 1}"]))
    w.append(("DS", regs[-1]["DS"], plug["DS"]))

    return t.routed()


@dataclass(frozen=True)
class PartRoom:
    """A part on a tile's top face against the hole (or lamp window) it stands in."""
    ref: str
    under: str  # the hole's or lamp's id; "" where the part finds wood above it
    side_spare_mm: float  # how far its body may still move, past the registration
    height_spare_mm: float  # room above it: under a marble resting as low as it can,
    # less the clearance the sensing asks; under a lamp's window, the top's thickness


def lies_flat(layout: str, design: str, drawn: Design | None = None) -> list[PartRoom]:
    """Each top-face part of a tile (as drawn, or as given) against the board file:
    its body, grown by the registration, inside its hole at the hole's narrowest
    (or its lamp's window), and below a marble resting as low as its hole lets it.
    The tile lies flat under the top when every one has room to spare."""
    from . import build_layout
    from .bodies import body_of, body_outline
    from .sensing import CLEARANCE_MM

    board = build_layout(layout)
    build = board.build
    if build is None:
        raise ValueError(f"{board.id}: the board file says nothing of how it is built")
    tile = _the_tile(board, design)
    f = frame(board, tile)
    d = drawn or tile_design(layout, design)
    holes = {h.id: h for h in board.holes}
    lamps = {lamp.id: lamp for lamp in board.lamps}
    hole_r = (board.hole_diameter_mm - build.hole_tolerance_mm) / 2 - build.registration_mm
    lamp_r = LAMP_WINDOW_MM / 2 - build.registration_mm
    centre, _ = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
    under_marble = centre - board.marble_diameter_mm / 2 - build.pcb_top_mm - CLEARANCE_MM
    rounds = [(h, f.to_tile(holes[h].x, holes[h].y), hole_r, under_marble) for h in tile.holes]
    rounds += [(x, f.to_tile(lamps[x].x, lamps[x].y), lamp_r, build.top_mm) for x in tile.lamps]
    out = []
    for part in d.parts:
        body, outline = body_of(part), body_outline(part)
        if part.side != "top" or body is None or outline is None:
            continue
        name, (cx, cy), r, above = min(rounds, key=lambda c: math.dist(c[1], (part.x, part.y)))
        reach = max(math.dist((cx, cy), p) for p in outline)
        inside = reach <= r
        out.append(PartRoom(part.ref, name if inside else "", round(r - reach, 3),
                            round(above - body.height_mm, 3)))
    return out
