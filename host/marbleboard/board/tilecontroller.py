"""The controller of a board built from tiles (``tiles.plan``): the Pico, the
buffers and resistors of ``controllerboard.py`` (the same circuit, the same
reasons), whatever the plan puts on the controller (Wampoo's status lamp,
Wa-Hoo's centre hole with its sensor, LED and a register), and one 16-way JST SH
header per tile, in a star.

The headers carry ``tilepcb.CABLE`` contact for contact. The bus lines (the
sensors' clock, data and chip select, the registers' clock and load, 3.3 V)
reach every header; the chains run through them one after the other: the
controller's own LEDs and register first, then the tiles in the plan's order,
each header's LED out and Q7 in joined to the next one's LED in and DS out. A
tile with no sensors (Wa-Hoo's die and status lamps) takes the LED chain only:
its Q7 and DS contacts stay open, and the register chain skips it.

The controller lies under the board's centre, in the square the arm tiles leave
free (75 mm across on Wampoo and Wa-Hoo): its top face carries only the hole's
or lamp's parts, which lie flat under the top as a tile's do; everything else
is underneath, the Pico too (it hangs from its headers below the board). The
headers sit round the four edges, three an edge in a pinwheel (each edge's row
starts at one corner and leaves the next to the following edge), each given to
the tile it points at. Four layers as on the tiles: ground and 5 V planes
inside, the signals on the outer two, routed by ``gridrouter``.

>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> d = tile_controller(default_layout())
>>> sum(1 for p in d.parts if p.value == "SM16B-SRSS-TB")
8
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from shapely.affinity import translate
from shapely.geometry import Polygon, box

from . import tileframe
from .gridrouter import PITCH_MM, RoutingError, snap
from .pcbdesign import Design, Label, Pad, Part, Point, chip_0402, jst_sh, pico, soic, wire_pad
from .pinmaps import AHCT125 as AHCT125_PINS
from .pinmaps import by_number, pico_pin_names
from .tilepcb import (
    CABLE,
    CAP,
    HEADER,
    LED_DY,
    PULL,
    REGISTER_BOX,
    B,
    _by_hand,
    _grid,
    _placed,
    _spot,
    _Tile,
)
from .tiles import Tile, TilePlan, plan

HALF_MM = 37.0  # half the controller's side: the arm tiles leave 75 mm free round the centre
EDGE_IN_MM = 3.6  # a header's centre from the edge (its nails' edge some 0.5 mm in)
SLOTS_ALONG = (-14.95, 5.85, 26.65)  # a bottom-edge header's centre along the edge
# The 74AHCT125 (TI SCLS262, pin configuration) as controllerboard.py wires it.
AHCT125 = {"1": "GND", "2": "LED_3V3", "3": "LED_5V", "4": "GND", "5": "SCK_3V3",
           "6": "SCK_5V", "7": "GND", "8": "SDI_5V", "9": "MOSI", "10": "GND",
           "11": "CS_5V", "12": "CS_3V3", "13": "GND", "14": "+5V"}
# The Pico's pins (Pico datasheet, pinout) for the default GPIOs of
# hardware/pinout.md: GP2 SCK, GP3 TX, GP4 RX (the registers' Q7), GP5 load,
# GP6 LED, GP7 chip select; RUN and 3V3 OUT; the grounds reach the plane.
PICO = {"4": "SCK_3V3", "5": "MOSI", "6": "Q7", "7": "PL", "9": "LED_3V3", "10": "CS_3V3",
        "30": "RUN", "36": "3V3", **{str(n): "GND" for n in (3, 8, 13, 18, 23, 28, 33, 38)}}
PICO_AT = (0.0, 0.65)
BUFFER = ("74AHCT125", "SOIC-14_3.9x8.7mm_P1.27mm", "SN74AHCT125DR", "C155176")
# UNI-ROYAL 0402WGF thick-film resistors; their LCSC numbers as public JLCPCB
# BOMs list them (C25105 33 Ohm, C25104 330 Ohm, C11702 1 kOhm).
R33 = ("33", "R_0402", "0402WGF330JTCE", "C25105")
R330 = ("330", "R_0402", "0402WGF3300TCE", "C25104")
R1K = ("1k", "R_0402", "0402WGF1001TCE", "C11702")
# The supply's leads: 18 AWG stranded (1.02 mm over the copper, ASTM B258's
# table) through 1.4 mm holes.
LEAD_PAD = (2.8, 1.4)
RESISTOR_BOX = (-0.9, -1.9, 0.9, 1.9)
BUFFER_BOX = (-4.9, -5.6, 4.9, 5.6)
PADS_BOX = (-2.0, -1.6, 2.0, 4.4)  # two wire pads and their labels
LEADS_BOX = (-4.3, -2.0, 4.3, 4.4)


@dataclass(frozen=True)
class Slot:
    """Where a header can sit: its centre, and the part's turn that points its
    opening out of the nearest edge."""
    x: float
    y: float
    rotation: float

    @property
    def angle(self) -> float:
        """Its direction from the centre, y pointing down."""
        return math.degrees(math.atan2(self.y, self.x))


def slots() -> list[Slot]:
    """Three header places an edge, in a pinwheel: the bottom edge's row starts
    at its right-hand corner, and each other edge's is the same turned."""
    out = []
    y = snap(HALF_MM - EDGE_IN_MM)
    for rotation in (0.0, 90.0, 180.0, 270.0):
        for s in SLOTS_ALONG:
            x, yy = _turned(s, y, rotation)
            out.append(Slot(x, yy, rotation))
    return out


def _turned(dx: float, dy: float, rotation: float) -> Point:
    """A point of the bottom edge's drawing turned as a part turned by rotation
    (counter-clockwise on screen, y pointing down)."""
    a = math.radians(rotation)
    return (round(dx * math.cos(a) + dy * math.sin(a), 4),
            round(-dx * math.sin(a) + dy * math.cos(a), 4))


def _direction(tile: Tile, centre: Point, where: dict[str, Point]) -> float:
    pts = [where[i] for i in (*tile.holes, *tile.lamps)]
    x = sum(p[0] for p in pts) / len(pts) - centre[0]
    y = sum(p[1] for p in pts) / len(pts) - centre[1]
    return math.degrees(math.atan2(y, x))


def assign(board_plan: TilePlan, centre: Point, where: dict[str, Point]
           ) -> list[dict[str, Slot]]:
    """Ways to give each tile its header's place, best first: the tiles in the
    plan's order on places one after the other round the edge (so each link of
    the chains runs to the next header along), turned so the headers point
    nearest their tiles."""
    ring = sorted(slots(), key=lambda s: s.angle)
    tiles = list(board_plan.tiles)
    wanted = [_direction(t, centre, where) for t in tiles]
    step = len(ring) / len(tiles) if len(tiles) <= len(ring) else 0

    def places(start: int, way: int) -> list[Slot]:
        return [ring[(start + way * round(k * step)) % len(ring)] for k in range(len(tiles))]

    def miss(chosen: list[Slot]) -> float:
        return sum(abs((s.angle - a + 180) % 360 - 180) for s, a in zip(chosen, wanted,
                                                                         strict=True))

    if not step:
        raise ValueError(f"{board_plan.board}: {len(tiles)} tiles, but the controller has "
                         f"room for {len(ring)} headers")
    ways = sorted((places(k, way) for k in range(len(ring)) for way in (1, -1)), key=miss)
    return [{t.name: s for t, s in zip(tiles, way, strict=True)} for way in ways]


@dataclass(frozen=True)
class Station:
    """One link of the chains: a tile's header, or the controller's own parts."""
    name: str
    led_in: str
    led_out: str
    q7: str  # the net its register data leaves on ("" for none)
    ds: str  # the net it takes the next one's on ("" for the last, or none)


def chains(board_plan: TilePlan, own_leds: int) -> list[Station]:
    """The LED and register chains through the controller's own parts (first),
    then every tile in the plan's order: net names LED0 (after the LED data's
    330 Ohm) onward, and Q7 (the Pico's input), Q7_2 onward."""
    names = (["controller"] if own_leds else []) + [t.name for t in board_plan.tiles]
    sensing = ({"controller"} if board_plan.controller_holes else set()) | {
        t.name for t in board_plan.tiles if t.holes}
    leds = {t.name: len(t.holes) + len(t.lamps) for t in board_plan.tiles} | {
        "controller": own_leds}
    regs = [n for n in names if n in sensing]
    q7 = {n: ("Q7" if k == 0 else f"Q7_{k + 1}") for k, n in enumerate(regs)}
    out, k = [], 0
    for n in names:
        last = n == names[-1]
        led_out = "" if last else f"LED{k + 1}"
        r = regs.index(n) if n in q7 else -1
        ds = q7[regs[r + 1]] if 0 <= r < len(regs) - 1 else ""
        out.append(Station(n, f"LED{k}", led_out, q7.get(n, ""), ds))
        k += 1 if leds[n] else 0
    return out


class _Controller(_Tile):
    """The controller being drawn: a tile's drawing tools, and its own parts."""

    def header(self, slot: Slot, nets: dict[str, str]) -> dict[str, Point]:
        """The 16-way header underneath, its opening out of the edge, each
        contact's first via a row further in (as a tile's, turned with it)."""
        j = self.part("J", HEADER, slot.x, slot.y, slot.rotation, jst_sh(16),
                      {str(i + 1): nets[role] for i, role in enumerate(CABLE) if nets[role]},
                      side="bottom", pin_names={str(i + 1): n for i, n in enumerate(CABLE)})
        # In the bottom edge's drawing the contacts are 2 mm in from the centre
        # (facing the edge); their vias 9 grid lines in, 1.3 mm apart.
        order = 1 if _unturned(*_rel(j, "1", slot), slot.rotation)[0] < 0 else -1
        esc: dict[str, Point] = {}
        for i, role in enumerate(CABLE):
            net = nets[role]
            if not net:
                continue
            px, py = j.pad_xy(str(i + 1))
            lx, _ = _unturned(px - slot.x, py - slot.y, slot.rotation)
            vx, vy = _turned(order * (2 * i - 15) * PITCH_MM, -9 * PITCH_MM,
                             slot.rotation)
            bend = _turned(lx, -2.0 - 1.2, slot.rotation)
            via = (slot.x + vx, slot.y + vy)
            self.track(net, B, (px, py), (slot.x + bend[0], slot.y + bend[1]), via)
            if net in ("GND", "+5V"):
                self.via(net, *via)
            else:
                esc[role] = self.escape(net, B, *via)
        return esc

    def resistor(self, kind: tuple[str, str, str, str], x: float, y: float, a: str, b: str
                 ) -> tuple[Point | None, Point | None]:
        """A 0402 underneath, its pads along y, each taken 1.3 mm out to its
        first via (a ground or 5 V one straight into its plane)."""
        r = self.part("R", kind, x, y, 90.0, chip_0402(), {"1": a, "2": b}, "bottom")
        return self._ends(r, (a, b))

    def capacitor(self, x: float, y: float) -> None:
        c = self.part("C", CAP, x, y, 90.0, chip_0402(), {"1": "+5V", "2": "GND"}, "bottom")
        self._ends(c, ("+5V", "GND"))

    def _ends(self, p: Part, nets: tuple[str, str]) -> tuple[Point | None, Point | None]:
        out: list[Point | None] = []
        for pad, net in zip(("1", "2"), nets, strict=True):
            px, py = p.pad_xy(pad)
            end = (px, round(p.y + (2 * PITCH_MM if py > p.y else -2 * PITCH_MM), 4))
            self.track(net, B, (px, py), end)
            if net in ("GND", "+5V"):
                self.via(net, *end)
                out.append(None)
            else:
                out.append(self.escape(net, B, *end))
        self.keepout.append(_placed(RESISTOR_BOX, p.x, p.y))
        return out[0], out[1]

    def buffer(self, x: float, y: float) -> dict[str, Point]:
        """The 74AHCT125 underneath, its rows along x, each pin's first via 7
        grid lines out and 1.3 mm apart (as a tile's register); its 100 nF
        beside its supply pin."""
        u = self.part("U", BUFFER, x, y, 90.0, soic(14), dict(AHCT125), side="bottom",
                      pin_names=by_number(AHCT125_PINS))
        esc: dict[str, Point] = {}
        for pin in range(1, 15):
            px, py = u.pad_xy(str(pin))
            side = 1 if py > y else -1
            k = round((px - x) / 1.27 * 2)
            vx, vy = x + k * PITCH_MM, y + side * 7 * PITCH_MM
            net = AHCT125[str(pin)]
            self.track(net, B, (px, py), (px, py + side * 1.2), (vx, vy))
            if net in ("GND", "+5V"):
                self.via(net, vx, vy)
            else:
                esc[net] = self.escape(net, B, vx, vy)
        self.keepout.append(_placed(BUFFER_BOX, x, y))
        return esc

    def pads(self, ref_name: str, x: float, y: float, nets: tuple[str, str],
             texts: tuple[str, str], size: tuple[float, float] | None = None) -> list[Point]:
        """Two pads 2.54 mm apart (or the supply's larger ones 5.08 mm apart)
        for wires the maker solders, labelled."""
        if size is None:
            pads = (wire_pad("1", -1.27, 0.0, True), wire_pad("2", 1.27, 0.0))
        else:
            w, drill = size
            pads = (Pad("1", -2.54, 0.0, w, w, "rect", drill),
                    Pad("2", 2.54, 0.0, w, w, "circle", drill))
        p = self.part("J", (ref_name, f"Pads_1x2_{ref_name}", "", ""), x, y, 0.0, pads,
                      {"1": nets[0], "2": nets[1]}, pin_names={"1": texts[0], "2": texts[1]})
        self.d.parts[-1] = _by_hand(p)
        self.d.labels.append(Label(" ".join(texts), x, y + 2.6, 0.8))
        return [p.pad_xy("1"), p.pad_xy("2")]


def _rel(p: Part, pad: str, slot: Slot) -> Point:
    x, y = p.pad_xy(pad)
    return x - slot.x, y - slot.y


def _unturned(dx: float, dy: float, rotation: float) -> Point:
    return _turned(dx, dy, -rotation)


@functools.cache
def tile_controller(layout: str) -> Design:
    """The controller of a board built from its tiles: the headers' places
    nearest their tiles that the router finds room for."""
    from . import build_layout

    board = build_layout(layout)
    p = plan(board)
    centre = (board.width_mm / 2, board.height_mm / 2)
    where = {h.id: (h.x, h.y) for h in board.holes} | {
        lamp.id: (lamp.x, lamp.y) for lamp in board.lamps}
    tried = 0
    for places in assign(p, centre, where):
        try:
            return _drawn(layout, p, centre, where, places)
        except RoutingError:
            tried += 1
    raise RoutingError(f"{layout}: no room to route the controller with its headers in any "
                       f"of {tried} ways round the edge")


def _drawn(layout: str, p: TilePlan, centre: Point, where: dict[str, Point],
           places: dict[str, Slot]) -> Design:
    from . import build_layout

    rect = (-HALF_MM, -HALF_MM, HALF_MM, HALF_MM)
    t = _Controller(f"{layout}-tile-controller", rect)
    w = t.wanted

    def here(item: str) -> Point:
        x, y = where[item]
        return round(x - centre[0], 4), round(y - centre[1], 4)

    own = [*p.controller_holes, *p.controller_lamps]
    stations = chains(p, len(own))
    by_name = {s.name: s for s in stations}

    # The controller's own hole and lamp, on the top face: LED0 on.
    own_esc: dict[str, Point] = {}
    own_leds: list[dict[str, Point]] = []
    if own:
        s = by_name["controller"]
        links = [s.led_in, *(f"{s.led_in}_{k}" for k in range(1, len(own))), s.led_out]
        for k, item in enumerate(own):
            ax, ay = here(item)
            if item in p.controller_holes:
                own_leds.append(t.led(ax, ay, links[k], links[k + 1]))
                own_esc |= t.sensor(ax, ay, "ALERT_CENTRE")
            else:  # a lamp: its LED right under the window
                own_leds.append(t.led(ax, ay - LED_DY, links[k], links[k + 1]))
        w += [(links[k + 1], a["DOUT"], b["DIN"]) for k, (a, b) in
              enumerate(itertools.pairwise(own_leds))]
    t.keepout.append(box(-10.8, -26.3, 10.8, 27.6))  # the Pico's courtyard, underneath

    # The Pico underneath, USB toward the top edge.
    pico_part = t.part("A", ("Raspberry Pi Pico", "RaspberryPi_Pico_Headers", "", ""),
                       *PICO_AT, 0.0, pico(), dict(PICO), side="bottom",
                       pin_names={str(n): name for n, name in pico_pin_names().items()})
    t.d.parts[-1] = _by_hand(pico_part)

    def pin(n: str) -> Point:
        x, y = pico_part.pad_xy(n)
        return snap(x), snap(y)

    # The headers.
    heads: dict[str, dict[str, Point]] = {}
    for tile in p.tiles:
        s = by_name[tile.name]
        nets = {role: role for role in CABLE} | {
            "LED_IN": s.led_in, "LED_OUT": s.led_out, "Q7": s.q7, "DS": s.ds}
        if not tile.holes:  # nothing to read: no register contacts, no bus lines
            nets |= {"SCK": "", "SDI": "", "CS": "", "CP": "", "PL": "", "3V3": ""}
        slot = places[tile.name]
        heads[tile.name] = t.header(slot, nets)
        t.keepout.append(_box_at(slot))

    # The buffer and its parts, right of the Pico.
    grid = _grid(rect)
    bx, by = _spot(t, lambda x, y: _placed(BUFFER_BOX, x, y), (18.2, -12.0), grid)
    u = t.buffer(bx, by)
    cx, cy = _spot(t, lambda x, y: _placed(RESISTOR_BOX, x, y), (bx - 6.5, by), grid)
    t.capacitor(cx, cy)

    def resistor(kind: tuple[str, str, str, str], a: str, b: str, near: Point
                 ) -> tuple[Point | None, Point | None]:
        x, y = _spot(t, lambda x, y: _placed(RESISTOR_BOX, x, y), near, grid)
        return t.resistor(kind, x, y, a, b)

    pull = PULL
    r_led = resistor(pull, "LED_3V3", "GND", u["LED_3V3"])
    r_sck = resistor(pull, "SCK_3V3", "GND", u["SCK_3V3"])
    r_mosi = resistor(pull, "MOSI", "GND", u["MOSI"])
    r_cs = resistor(pull, "CS_3V3", "3V3", u["CS_3V3"])
    s_led = resistor(R330, "LED_5V", "LED0", u["LED_5V"])
    s_sck = resistor(R33, "SCK_5V", "SCK", u["SCK_5V"])
    s_sdi = resistor(R33, "SDI_5V", "SDI", u["SDI_5V"])
    s_cs = resistor(R33, "CS_5V", "CS", u["CS_5V"])
    s_cp = resistor(R33, "SCK_3V3", "CP", pin("4"))
    s_run = resistor(R1K, "RUN", "PI_GPIO17", pin("30"))

    def two(x: tuple[Point | None, Point | None], k: int) -> Point:
        v = x[k]
        assert v is not None
        return v

    # The register of the controller's own hole (Wa-Hoo's centre).
    regs: dict[str, Point] = {}
    if p.controller_holes:
        s = by_name["controller"]
        fine = [(snap(x / 2), snap(y / 2)) for x, y in grid]
        rx, ry = _spot(t, lambda x, y: _placed(REGISTER_BOX, x, y), (-20.0, 12.0),
                       fine + grid, room=0.3)
        t.keepout.append(_placed(REGISTER_BOX, rx, ry))
        regs = t.register(rx, ry, {0: "ALERT_CENTRE"}, s.q7, s.ds or "DS_END", "SPARE")
        w.append(("ALERT_CENTRE", own_esc["ALERT"], regs["ALERT_CENTRE"]))

    # The wires the maker solders: the supply's leads, the Pi's reset.
    lx, ly = _spot(t, lambda x, y: _placed(LEADS_BOX, x, y), (20.0, 20.0), grid)
    t.pads("5V_IN", lx, ly, ("+5V", "GND"), ("5V", "GND"), LEAD_PAD)
    t.keepout.append(_placed(LEADS_BOX, lx, ly))
    ex, ey = _spot(t, lambda x, y: _placed(PADS_BOX, x, y), (-18.0, 0.0), grid)
    reset = t.pads("RESET", ex, ey, ("PI_GPIO17", "GND"), ("RUN", "GND"))
    t.keepout.append(_placed(PADS_BOX, ex, ey))

    # The screws, in the corners the rest leaves, under no hole of the wood.
    board = build_layout(layout)
    wood = [translate(s, -centre[0], -centre[1]) for s in tileframe.wood_holes(board)]
    t.mount(tileframe.spread_spots(box(*rect), [*t.keepout, *wood], tileframe.SCREWS["controller"],
                                 t.d.name))

    # What the router joins. Local nets first.
    w += [("SCK_3V3", pin("4"), u["SCK_3V3"]), ("SCK_3V3", u["SCK_3V3"], two(r_sck, 0)),
          ("SCK_3V3", pin("4"), two(s_cp, 0)),
          ("MOSI", pin("5"), u["MOSI"]), ("MOSI", u["MOSI"], two(r_mosi, 0)),
          ("LED_3V3", pin("9"), u["LED_3V3"]), ("LED_3V3", u["LED_3V3"], two(r_led, 0)),
          ("CS_3V3", pin("10"), u["CS_3V3"]), ("CS_3V3", u["CS_3V3"], two(r_cs, 0)),
          ("LED_5V", u["LED_5V"], two(s_led, 0)), ("SCK_5V", u["SCK_5V"], two(s_sck, 0)),
          ("SDI_5V", u["SDI_5V"], two(s_sdi, 0)), ("CS_5V", u["CS_5V"], two(s_cs, 0)),
          ("RUN", pin("30"), two(s_run, 0)),
          ("PI_GPIO17", two(s_run, 1), (snap(reset[0][0]), snap(reset[0][1])))]

    # The buses: from their source round the headers, nearest first.
    ring = sorted(p.tiles, key=lambda tile: places[tile.name].angle)
    sources = {"SCK": two(s_sck, 1), "SDI": two(s_sdi, 1), "CS": two(s_cs, 1),
               "CP": two(s_cp, 1), "PL": pin("7"), "3V3": pin("36")}
    extra: dict[str, list[Point]] = {"3V3": [two(r_cs, 1)]}
    if own_esc:
        for bus in ("SCK", "SDI", "CS"):
            extra.setdefault(bus, []).append(own_esc[bus])
    if regs:
        for bus in ("CP", "PL"):
            extra.setdefault(bus, []).append(regs[bus])
        extra["3V3"] += [regs["3V3"], regs["3V3_PULL"]]
    for bus, src in sources.items():
        ends = [heads[tile.name][bus] for tile in ring if bus in heads[tile.name]]
        w += _chain(bus, [src, *extra.get(bus, [])], ends)

    # The chains, station to station.
    prev_led = two(s_led, 1)
    for s in stations:
        if s.name == "controller":
            w.append((s.led_in, prev_led, own_leds[0]["DIN"]))
            prev_led = own_leds[-1]["DOUT"]
            continue
        h = heads[s.name]
        w.append((s.led_in, prev_led, h["LED_IN"]))
        prev_led = h.get("LED_OUT", prev_led)

    def q7_at(name: str) -> Point:
        return regs[by_name[name].q7] if name == "controller" else heads[name]["Q7"]

    def ds_at(name: str) -> Point:
        return regs[by_name[name].ds] if name == "controller" else heads[name]["DS"]

    readers = [s.name for s in stations if s.q7]
    w.append(("Q7", pin("6"), q7_at(readers[0])))
    w += [(by_name[b].q7, ds_at(a), q7_at(b)) for a, b in itertools.pairwise(readers)]

    # Shortest first, but what leaves the room between the Pico's rows of pins
    # (the centre's hole or lamp) before anything: it must get round their
    # ends, where the buses crowd.
    def walled(q: Point) -> bool:
        return abs(q[0] - PICO_AT[0]) < 8.0 and abs(q[1] - PICO_AT[1]) < 24.0

    return t.routed(lambda c: not (walled(c[1]) or walled(c[2])))




def _box_at(slot: Slot) -> Polygon:
    """The header's room, its vias and tracks included, turned with it."""
    x0, y0, x1, y1 = (-10.6, -6.5, 10.6, 3.0)
    corners = [_turned(x, y, slot.rotation) for x, y in ((x0, y0), (x1, y1))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return box(slot.x + min(xs), slot.y + min(ys), slot.x + max(xs), slot.y + max(ys))


def _chain(net: str, sources: list[Point], ends: list[Point]) -> list[tuple[str, Point, Point]]:
    """A bus from its sources through every end, each joined to the nearest
    point already on it."""
    on = list(sources)
    out = [(net, a, b) for a, b in itertools.pairwise(sources)]
    for e in ends:
        near = min(on, key=lambda q: abs(q[0] - e[0]) + abs(q[1] - e[1]))
        out.append((net, near, e))
        on.append(e)
    return out
