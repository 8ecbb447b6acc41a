"""Reading, checking and writing board files (JSON, ``docs/board-format.md``).

Every problem in a file is collected before anything is raised, so a maker fixing
a hand-edited file sees all of them at once, each naming the file, the hole (or
section) and what is wrong.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .build import CUTS, POLES, RESTS, SIDES, Build, Cut, Magnet, Opposed, Site
from .build import ROLES as SITE_ROLES
from .build import SEATS as SEAT_KINDS
from .model import (
    LAMP_ROLES,
    LOOP_ROLES,
    ROLES,
    SEATED_ROLES,
    Board,
    Hole,
    Lamp,
    Pico,
    Piece,
    Power,
    Seat,
)

FORMAT = "marbleboard-board"
VERSION = 1

# GPIO numbers that can carry each SPI signal on the RP2040 and RP2350.
SPI_PINS = {
    0: {"sck": {2, 6, 18, 22}, "miso": {0, 4, 16, 20}},
    1: {"sck": {10, 14, 26}, "miso": {8, 12, 24, 28}},
}
SPI_TX_PINS = {0: (3, 7, 19), 1: (11, 15, 27)}
PICO_GPIOS = set(range(29)) - {23, 24, 25}  # 23-25 are wired on the Pico board itself


def spi_tx_pin(pico: Pico) -> int | None:
    """The TX pin the sensor bus takes, though the chain is only read: MicroPython
    sets up all three SPI pins, so the firmware names one no signal uses (the one
    beside SCK when it is free) rather than leave the port to take its default."""
    used = {pico.sck, pico.miso, pico.load, pico.led, pico.cs, pico.piece_cs}
    beside = pico.sck + 1
    order = sorted(SPI_TX_PINS.get(pico.spi, ()), key=lambda p: p != beside)
    return next((p for p in order if p in PICO_GPIOS and p not in used), None)

_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$")
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


class BoardError(ValueError):
    """A board file is broken.  ``problems`` holds (where, what) pairs."""

    def __init__(self, source: str, problems: list[tuple[str, str]]):
        self.source = source
        self.problems = problems
        lines = [f"{source}: {where}: {what}" if where else f"{source}: {what}"
                 for where, what in problems]
        super().__init__("\n".join(lines))


class _Checker:
    """Collects problems while reading typed fields out of plain JSON data."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []

    def fail(self, where: str, what: str) -> None:
        self.problems.append((where, what))

    def obj(self, data: Any, where: str, required: set[str], optional: set[str]) -> bool:
        if not isinstance(data, dict):
            self.fail(where, f"must be an object, got {_kind(data)}")
            return False
        for key in sorted(required - data.keys()):
            self.fail(where, f"missing field {key!r}")
        for key in sorted(data.keys() - required - optional):
            self.fail(where, f"unknown field {key!r}")
        return True

    def get(self, data: Mapping[str, Any], key: str, where: str, kind: type,
            default: Any = None) -> Any:
        if key not in data:
            return default
        value = data[key]
        ok = isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            self.fail(where, f"{key!r} must be {_KIND_NAMES[kind]}, got {value!r}")
            return default
        if kind is float and not math.isfinite(value):
            self.fail(where, f"{key!r} must be a finite number, got {value!r}")
            return default
        return value

    def positive(self, data: Mapping[str, Any], key: str, where: str) -> float:
        value = self.get(data, key, where, float)
        if value is None:
            return 1.0
        if value <= 0:
            self.fail(where, f"{key!r} must be positive, got {value:g}")
        return float(value)


_KIND_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false",
               dict: "an object", list: "a list"}


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
            int: "a number", float: "a number"}.get(type(value), "null")


def load_board(path: str | Path) -> Board:
    """Read and check a board file; raise :class:`BoardError` naming every problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BoardError(str(path), [("", f"cannot read the file: {e.strerror}")]) from e
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise BoardError(str(path), [(f"line {e.lineno} column {e.colno}",
                                      f"not valid JSON: {e.msg}")]) from e
    return parse_board(data, source=str(path))


def parse_board(data: Any, source: str = "<board>") -> Board:
    """Check board data already read from JSON and build the :class:`Board`."""
    c = _Checker()
    top_required = {"format", "version", "id", "name", "size_mm", "hole_diameter_mm",
                    "marble_diameter_mm", "min_pitch_mm", "chains", "pico", "power", "seats",
                    "holes"}
    if not c.obj(data, "board", top_required, {"lamps", "pieces", "parameters", "build"}):
        raise BoardError(source, c.problems)
    if data.get("format") != FORMAT:
        c.fail("board", f"'format' must be {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        c.fail("board", f"'version' {data.get('version')!r} is not supported "
                        f"(this program reads version {VERSION})")
    board_id = c.get(data, "id", "board", str, "")
    if board_id and not _ID.match(board_id):
        c.fail("board", f"'id' {board_id!r} must be lower-case letters, digits and '_'")
    name = c.get(data, "name", "board", str, "")
    size = data.get("size_mm")
    width = height = 0.0
    if (isinstance(size, list) and len(size) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) and v > 0
                    for v in size)):
        width, height = float(size[0]), float(size[1])
    elif "size_mm" in data:
        c.fail("board", f"'size_mm' must be [width, height] in millimetres, got {size!r}")
    hole_d = c.positive(data, "hole_diameter_mm", "board")
    marble_d = c.positive(data, "marble_diameter_mm", "board")
    pitch = c.positive(data, "min_pitch_mm", "board")
    if marble_d and pitch < marble_d:
        c.fail("board", f"'min_pitch_mm' {pitch:g} is less than the marble diameter "
                        f"{marble_d:g}: neighbouring marbles would touch")

    sensor_count, led_count = _chains(c, data.get("chains"))
    pico = _pico(c, data.get("pico"))
    power = _power(c, data.get("power"))
    seats = _seats(c, data.get("seats"))
    seat_names = {s.name for s in seats}
    holes = _holes(c, data.get("holes"), seat_names, (width, height))
    lamps = _lamps(c, data.get("lamps", []), seat_names, (width, height))
    pieces = _pieces(c, data.get("pieces", []))
    build = _build(c, data["build"]) if "build" in data else None
    parameters = data.get("parameters", {})
    if not isinstance(parameters, dict):
        c.fail("board", "'parameters' must be an object")
        parameters = {}

    _check_chains(c, holes, lamps, sensor_count, led_count)
    _check_spacing(c, holes, pitch)
    _check_links(c, holes)
    _check_short_cuts(c, holes)
    _check_die(c, lamps)
    if c.problems:
        raise BoardError(source, c.problems)
    return Board(id=board_id, name=name, width_mm=width, height_mm=height,
                 hole_diameter_mm=hole_d, marble_diameter_mm=marble_d, min_pitch_mm=pitch,
                 sensor_count=sensor_count, led_count=led_count, seats=tuple(seats),
                 holes=tuple(holes), lamps=tuple(lamps), pico=pico, power=power,
                 pieces=tuple(pieces), parameters=parameters, build=build)


def _chains(c: _Checker, data: Any) -> tuple[int, int]:
    if not c.obj(data, "chains", {"sensors", "leds"}, set()):
        return 0, 0
    counts = []
    for key in ("sensors", "leds"):
        n = c.get(data, key, "chains", int, 0)
        if n is not None and n < 1:
            c.fail("chains", f"{key!r} must be at least 1, got {n}")
        counts.append(n or 0)
    return counts[0], counts[1]


def _pico(c: _Checker, data: Any) -> Pico:
    fields = {"spi", "sck", "miso", "load", "led"}
    if not c.obj(data, "pico", fields, {"cs", "piece_cs"}):
        return Pico(0, 2, 4, 5, 6)
    pins = {k: c.get(data, k, "pico", int, -1) for k in sorted(fields)}
    pins["cs"] = c.get(data, "cs", "pico", int, Pico.cs)
    pins["piece_cs"] = c.get(data, "piece_cs", "pico", int, Pico.piece_cs)
    spi = pins.pop("spi")
    if spi not in SPI_PINS:
        c.fail("pico", f"'spi' must be 0 or 1, got {spi}")
    for key, gpio in pins.items():
        if gpio not in PICO_GPIOS:
            c.fail("pico", f"{key!r} GP{gpio} is not a free GPIO on a Pico")
        elif spi in SPI_PINS and key in SPI_PINS[spi] and gpio not in SPI_PINS[spi][key]:
            allowed = ", ".join(f"GP{p}" for p in sorted(SPI_PINS[spi][key]))
            c.fail("pico", f"{key!r} GP{gpio} cannot carry SPI{spi} {key.upper()} "
                           f"(use one of {allowed})")
    used: dict[int, str] = {}
    for key, gpio in pins.items():
        if gpio in used:
            c.fail("pico", f"{key!r} and {used[gpio]!r} both use GP{gpio}")
        used[gpio] = key
    pico = Pico(spi=spi, **pins)
    if spi in SPI_TX_PINS and spi_tx_pin(pico) is None:
        taken = ", ".join(f"GP{p}" for p in SPI_TX_PINS[spi])
        c.fail("pico", f"the SPI{spi} bus needs a free TX pin (one of {taken}) though nothing "
                       f"is wired to it: move 'load', 'led' or 'cs' off one")
    return pico


def _power(c: _Checker, data: Any) -> Power:
    numbers = {"supply_v", "supply_a", "led_ma_typical", "led_ma_max", "sensor_ma",
               "logic_ma", "headroom"}
    if not c.obj(data, "power", numbers | {"supply_name"}, set()):
        return Power(5, 1, "", 20, 60, 3, 50, 0.9)
    values = {k: c.positive(data, k, "power") for k in sorted(numbers)}
    if values["headroom"] > 1:
        c.fail("power", f"'headroom' is the share of the supply to plan for, at most 1, "
                        f"got {values['headroom']:g}")
    return Power(supply_name=c.get(data, "supply_name", "power", str, ""), **values)


def _seats(c: _Checker, data: Any) -> list[Seat]:
    if not isinstance(data, list):
        if data is not None:
            c.fail("seats", "must be a list")
        return []
    seats: list[Seat] = []
    for i, item in enumerate(data):
        where = f"seat {i}"
        if not c.obj(item, where, {"name", "colour", "side"}, set()):
            continue
        name = c.get(item, "name", where, str, "")
        colour = c.get(item, "colour", where, str, "#000000")
        if not _ID.match(name or "") or "." in name:
            c.fail(where, f"'name' {name!r} must be a lower-case word")
        if not _COLOUR.match(colour or ""):
            c.fail(where, f"'colour' {colour!r} must look like #rrggbb")
        if any(s.name == name for s in seats):
            c.fail(where, f"seat name {name!r} is used twice")
        seats.append(Seat(name=name, colour=colour, side=c.get(item, "side", where, str, "")))
    return seats


def _position(c: _Checker, item: Mapping[str, Any], where: str,
              size: tuple[float, float]) -> tuple[float, float]:
    x = c.get(item, "x", where, float, 0.0)
    y = c.get(item, "y", where, float, 0.0)
    if size[0] and not (0 <= x <= size[0] and 0 <= y <= size[1]):
        c.fail(where, f"position ({x:g}, {y:g}) mm is outside the "
                      f"{size[0]:g} x {size[1]:g} mm board")
    return x, y


def _role_and_seat(c: _Checker, item: Mapping[str, Any], where: str, roles: dict[str, str],
                   what: str, seat_names: set[str]) -> tuple[str, str | None]:
    role = c.get(item, "role", where, str, "")
    if role not in roles:
        c.fail(where, f"unknown {what} {role!r} (known: {', '.join(roles)})")
    seat = c.get(item, "seat", where, str)
    if seat is not None and seat not in seat_names:
        c.fail(where, f"seat {seat!r} is not one of the board's seats")
    return role, seat


def _holes(c: _Checker, data: Any, seat_names: set[str],
           size: tuple[float, float]) -> list[Hole]:
    if not isinstance(data, list) or not data:
        c.fail("holes", "must be a non-empty list")
        return []
    holes: list[Hole] = []
    seen: set[str] = set()
    for i, item in enumerate(data):
        hid = item.get("id") if isinstance(item, dict) else None
        where = f"hole {hid!r}" if isinstance(hid, str) else f"hole #{i}"
        if not c.obj(item, where, {"id", "role", "x", "y", "sensor", "led"},
                     {"seat", "next", "branch", "piece_sensor"}):
            continue
        hid = c.get(item, "id", where, str, f"#{i}")
        if not _ID.match(hid):
            c.fail(where, "the id must be dotted lower-case words, like 'track.17'")
        if hid in seen:
            c.fail(where, "this id is used by another hole too")
        seen.add(hid)
        role, seat = _role_and_seat(c, item, where, ROLES, "role", seat_names)
        if role in SEATED_ROLES and seat is None:
            c.fail(where, f"a {role!r} hole must name its seat")
        x, y = _position(c, item, where, size)
        holes.append(Hole(id=hid, role=role, x=x, y=y,
                          sensor=c.get(item, "sensor", where, int, -1),
                          led=c.get(item, "led", where, int, -1), seat=seat,
                          next=c.get(item, "next", where, str),
                          branch=c.get(item, "branch", where, str),
                          piece_sensor=c.get(item, "piece_sensor", where, int)))
    return holes


def _lamps(c: _Checker, data: Any, seat_names: set[str],
           size: tuple[float, float]) -> list[Lamp]:
    if not isinstance(data, list):
        c.fail("lamps", "must be a list")
        return []
    lamps: list[Lamp] = []
    for i, item in enumerate(data):
        lid = item.get("id") if isinstance(item, dict) else None
        where = f"lamp {lid!r}" if isinstance(lid, str) else f"lamp #{i}"
        if not c.obj(item, where, {"id", "role", "x", "y", "led"}, {"seat"}):
            continue
        role, seat = _role_and_seat(c, item, where, LAMP_ROLES, "lamp role", seat_names)
        x, y = _position(c, item, where, size)
        lamps.append(Lamp(id=c.get(item, "id", where, str, f"#{i}"), role=role, x=x, y=y,
                          led=c.get(item, "led", where, int, -1), seat=seat))
    return lamps


def _pieces(c: _Checker, data: Any) -> list[Piece]:
    if not isinstance(data, list):
        c.fail("pieces", "must be a list")
        return []
    pieces = []
    for i, item in enumerate(data):
        where = f"piece #{i}"
        if c.obj(item, where, {"kind", "count"}, {"note", "magnet"}):
            magnet = _magnet(c, item["magnet"], where) if "magnet" in item else None
            pieces.append(Piece(kind=c.get(item, "kind", where, str, ""),
                                count=c.get(item, "count", where, int, 0),
                                note=c.get(item, "note", where, str, ""), magnet=magnet))
    return pieces


def _one_of(c: _Checker, data: Mapping[str, Any], key: str, where: str,
            choices: tuple[str, ...], default: str | None = None) -> Any:
    value = c.get(data, key, where, str, default)
    if value is not None and value not in choices:
        c.fail(where, f"{key!r} must be one of {', '.join(choices)}, got {value!r}")
        return default
    return value


def _magnet(c: _Checker, data: Any, where: str) -> Magnet | None:
    from .parts import GRADES
    where = f"{where} magnet"
    if not c.obj(data, where, {"diameter_mm", "height_mm", "grade"},
                 {"rests", "offset_mm", "pole_down", "z_mm", "tilt_deg", "opposed"}):
        return None
    grade = _one_of(c, data, "grade", where, tuple(GRADES), "N42")
    rests = _one_of(c, data, "rests", where, RESTS, "free")
    pole = _one_of(c, data, "pole_down", where, POLES)
    z = c.get(data, "z_mm", where, float)
    if rests == "upright" and (pole is None or z is None):
        c.fail(where, "a piece that stands upright needs 'pole_down' and 'z_mm'")
    diameter = c.positive(data, "diameter_mm", where)
    height = c.positive(data, "height_mm", where)
    opposed = None
    if "opposed" in data:
        w = f"{where} opposed"
        if rests != "upright":
            c.fail(w, "only a piece that stands upright holds a second magnet turned "
                      "against the first: a marble could rest any way")
        elif c.obj(data["opposed"], w, {"diameter_mm", "height_mm", "distance_mm"}, set()):
            o = data["opposed"]
            opposed = Opposed(diameter_mm=c.positive(o, "diameter_mm", w),
                              height_mm=c.positive(o, "height_mm", w),
                              distance_mm=c.positive(o, "distance_mm", w))
            apart = (height + opposed.height_mm) / 2
            if opposed.distance_mm <= apart:
                c.fail(w, f"'distance_mm' is centre to centre: the two magnets overlap "
                          f"below {apart:g} mm")
    return Magnet(diameter_mm=diameter, height_mm=height, grade=grade,
                  rests=rests, offset_mm=c.get(data, "offset_mm", where, float, 0.5),
                  pole_down=pole, z_mm=z, tilt_deg=c.get(data, "tilt_deg", where, float, 0.0),
                  opposed=opposed)


def _build(c: _Checker, data: Any) -> Build | None:
    from .parts import PARTS, switch_for
    where = "build"
    optional = {"gap_mm", "pcb_mm", "registration_mm", "hole_tolerance_mm", "sheet_mm",
                "sheet_hole_mm", "cutout_mm", "rotation_deg", "cuts"}
    if not c.obj(data, where, {"top_mm", "seat", "sites"}, optional):
        return None
    seat = _one_of(c, data, "seat", where, SEAT_KINDS, "rim")
    if seat == "sheet" and not ("sheet_mm" in data and "sheet_hole_mm" in data):
        c.fail(where, "a 'sheet' seat needs 'sheet_mm' and 'sheet_hole_mm'")
    gap = data.get("gap_mm", [0.0, 0.5])
    if not (isinstance(gap, list) and len(gap) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in gap)
            and 0 <= gap[0] <= gap[1]):
        c.fail(where, f"'gap_mm' must be [least, most] in millimetres, got {gap!r}")
        gap = [0.0, 0.5]
    sites = []
    if not isinstance(data.get("sites"), list) or not data["sites"]:
        c.fail(where, "'sites' must be a list of the switches under each hole")
    else:
        for i, item in enumerate(data["sites"]):
            w = f"build site #{i}"
            if not c.obj(item, w, {"role", "part", "r_mm", "angle_deg"},
                         {"side", "facing_deg", "threshold_mt"}):
                continue
            part = _one_of(c, item, "part", w, PARTS, "DRV5033AJ")
            threshold = c.get(item, "threshold_mt", w, float)
            try:
                switch_for(part, threshold)
            except ValueError as e:
                c.fail(w, str(e))
            sites.append(Site(role=_one_of(c, item, "role", w, SITE_ROLES, "presence"),
                              part=part, r_mm=c.get(item, "r_mm", w, float, 0.0),
                              angle_deg=c.get(item, "angle_deg", w, float, 0.0),
                              side=_one_of(c, item, "side", w, SIDES, "top"),
                              facing_deg=c.get(item, "facing_deg", w, float, 0.0),
                              threshold_mt=threshold))
    cuts = []
    if not isinstance(data.get("cuts", []), list):
        c.fail(where, "'cuts' must be a list of the recesses in the top's underside")
    else:
        for i, item in enumerate(data.get("cuts", [])):
            w = f"build cut #{i}"
            if not c.obj(item, w, {"kind", "w_mm"},
                         {"depth_mm", "l_mm", "x_mm", "y_mm", "angle_deg", "why"}):
                continue
            kind = _one_of(c, item, "kind", w, CUTS, "pocket")
            depth = c.get(item, "depth_mm", w, float, 0.0)
            length = c.get(item, "l_mm", w, float, 0.0)
            if kind != "notch" and not depth > 0:
                c.fail(w, f"a {kind} needs 'depth_mm' above 0: how deep it goes")
            if kind != "counterbore" and not length > 0:
                c.fail(w, f"a {kind} needs 'l_mm' above 0: its length")
            cuts.append(Cut(kind=kind, w_mm=c.positive(item, "w_mm", w), depth_mm=depth,
                            l_mm=length, x_mm=c.get(item, "x_mm", w, float, 0.0),
                            y_mm=c.get(item, "y_mm", w, float, 0.0),
                            angle_deg=c.get(item, "angle_deg", w, float, 0.0),
                            why=c.get(item, "why", w, str, "")))
    get = c.get
    return Build(top_mm=c.positive(data, "top_mm", where), seat=seat, sites=tuple(sites),
                 cuts=tuple(cuts),
                 gap_mm=(float(gap[0]), float(gap[1])),
                 pcb_mm=get(data, "pcb_mm", where, float, 1.6),
                 registration_mm=get(data, "registration_mm", where, float, 0.5),
                 hole_tolerance_mm=get(data, "hole_tolerance_mm", where, float, 0.2),
                 sheet_mm=get(data, "sheet_mm", where, float, 0.0),
                 sheet_hole_mm=get(data, "sheet_hole_mm", where, float, 0.0),
                 cutout_mm=get(data, "cutout_mm", where, float, 0.0),
                 rotation_deg=get(data, "rotation_deg", where, float, 0.0))


def _check_chains(c: _Checker, holes: list[Hole], lamps: list[Lamp],
                  sensors: int, leds: int) -> None:
    by_sensor: dict[int, str] = {}
    for h in holes:
        where = f"hole {h.id!r}"
        for key, sensor in (("sensor", h.sensor), ("piece_sensor", h.piece_sensor)):
            if sensor is None:
                continue
            if not 0 <= sensor < sensors:
                c.fail(where, f"{key} {sensor} is outside the sensor chain "
                              f"(0 to {sensors - 1})")
            elif sensor in by_sensor:
                c.fail(where, f"{key} {sensor} is already used by hole {by_sensor[sensor]!r}")
            else:
                by_sensor[sensor] = h.id
    by_led: dict[int, str] = {}
    items: list[Hole | Lamp] = [*holes, *lamps]
    for item in items:
        kind = "hole" if isinstance(item, Hole) else "lamp"
        where = f"{kind} {item.id!r}"
        if not 0 <= item.led < leds:
            c.fail(where, f"LED {item.led} is outside the LED chain (0 to {leds - 1})")
        elif item.led in by_led:
            c.fail(where, f"LED {item.led} is already used by {by_led[item.led]}")
        else:
            by_led[item.led] = f"{kind} {item.id!r}"


def _check_spacing(c: _Checker, holes: list[Hole], pitch: float) -> None:
    # Sort by x so only holes within one pitch horizontally are compared.
    ordered = sorted(holes, key=lambda h: h.x)
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.x - a.x >= pitch:
                break
            d = math.hypot(a.x - b.x, a.y - b.y)
            if d < pitch - 1e-9:
                first, second = sorted((a.id, b.id))
                c.fail(f"hole {second!r}", f"is {d:.1f} mm from hole {first!r}, closer than "
                                           f"the marble pitch of {pitch:g} mm")


def _check_links(c: _Checker, holes: list[Hole]) -> None:
    by_id = {h.id: h for h in holes}
    for h in holes:
        for key in ("next", "branch"):
            target = getattr(h, key)
            if target is not None and target not in by_id:
                c.fail(f"hole {h.id!r}", f"{key!r} names hole {target!r}, which does not exist")
    if any(p[1].startswith(("'next' names", "'branch' names")) for p in c.problems):
        return
    _check_loop(c, [h for h in holes if h.role in LOOP_ROLES], by_id)
    _check_rows(c, holes, by_id)


def _check_loop(c: _Checker, loop: list[Hole], by_id: dict[str, Hole]) -> None:
    if not loop:
        return
    for h in loop:
        if h.next is None:
            c.fail(f"hole {h.id!r}", "a track hole needs 'next': the track must be one "
                                     "closed loop")
            return
        if by_id[h.next].role not in LOOP_ROLES:
            c.fail(f"hole {h.id!r}", f"'next' leaves the track for {by_id[h.next].role!r} "
                                     f"hole {h.next!r}; a side row starts with 'branch'")
            return
    came_from: dict[str, str] = {}
    for h in loop:
        assert h.next is not None
        if h.next in came_from:
            c.fail(f"hole {h.next!r}", f"both {came_from[h.next]!r} and {h.id!r} lead to it: "
                                       "the track must be one closed loop")
            return
        came_from[h.next] = h.id
    seen = [loop[0].id]
    nxt = by_id[loop[0].id].next
    while nxt is not None and nxt != loop[0].id:
        seen.append(nxt)
        nxt = by_id[nxt].next
    if len(seen) != len(loop):
        missing = sorted({h.id for h in loop} - set(seen))
        c.fail("track", f"following 'next' from {loop[0].id!r} returns after {len(seen)} "
                        f"of {len(loop)} track holes: the track is not one closed loop "
                        f"(not reached: {', '.join(missing[:5])}"
                        f"{', ...' if len(missing) > 5 else ''})")


def _check_rows(c: _Checker, holes: list[Hole], by_id: dict[str, Hole]) -> None:
    """HOME rows: each starts at a track hole's branch and runs through 'next'."""
    reached: set[str] = set()
    for h in holes:
        if h.branch is None:
            continue
        where = f"hole {h.id!r}"
        if h.role not in LOOP_ROLES:
            c.fail(where, "only a track hole can have a 'branch'")
            continue
        row_seat = by_id[h.branch].seat
        hid: str | None = h.branch
        while hid is not None:
            row = by_id[hid]
            if row.role != "home" or row.seat != row_seat:
                c.fail(where, f"the row from its 'branch' reaches {row.role!r} hole {hid!r}; "
                              f"a HOME row holds only its seat's 'home' holes")
                break
            if hid in reached:
                c.fail(f"hole {hid!r}", "this HOME hole is reached twice (a loop in the row, "
                                        "or two branches into one row)")
                break
            reached.add(hid)
            hid = row.next
    for h in holes:
        if h.role == "home" and h.id not in reached:
            c.fail(f"hole {h.id!r}", "no track hole's 'branch' leads into this HOME hole")


def _check_short_cuts(c: _Checker, holes: list[Hole]) -> None:
    """Arrows and the centre: the stops of a short cut, shared by every seat."""
    centres = [h for h in holes if h.role == "centre"]
    for h in holes:
        if h.role in ("arrow", "centre") and h.seat is not None:
            c.fail(f"hole {h.id!r}", f"an {h.role!r} hole belongs to no seat: every "
                                     f"player's marbles use it")
    for extra in centres[1:]:
        c.fail(f"hole {extra.id!r}", f"a board has only one 'centre' hole "
                                     f"(the first is {centres[0].id!r})")
    for h in centres:
        if h.next is not None or h.branch is not None:
            c.fail(f"hole {h.id!r}", "a 'centre' hole stands off the track: it has no "
                                     "'next' or 'branch'")
    if centres and not any(h.role == "arrow" for h in holes):
        c.fail(f"hole {centres[0].id!r}", "a 'centre' hole is reached by way of the "
                                          "track's arrows, and there is no 'arrow' hole")


DIE_LAMPS = tuple(f"die.{k}" for k in range(1, 8))


def _check_die(c: _Checker, lamps: list[Lamp]) -> None:
    for lamp in lamps:
        if lamp.role == "die" and lamp.id not in DIE_LAMPS:
            c.fail(f"lamp {lamp.id!r}", "a 'die' lamp is one of die.1 .. die.7, the pips "
                                        "of a die row by row")


def board_to_data(board: Board) -> dict[str, Any]:
    """The JSON data of a board: the inverse of :func:`parse_board`."""

    def drop_none(d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if v is not None}

    return {
        "format": FORMAT,
        "version": VERSION,
        "id": board.id,
        "name": board.name,
        "parameters": board.parameters,
        "size_mm": [_num(board.width_mm), _num(board.height_mm)],
        "hole_diameter_mm": _num(board.hole_diameter_mm),
        "marble_diameter_mm": _num(board.marble_diameter_mm),
        "min_pitch_mm": _num(board.min_pitch_mm),
        "chains": {"sensors": board.sensor_count, "leds": board.led_count},
        "pico": vars(board.pico).copy(),
        "power": {k: (v if isinstance(v, str) else _num(v)) for k, v in vars(board.power).items()},
        "pieces": [drop_none({"kind": p.kind, "count": p.count, "note": p.note,
                              "magnet": _magnet_data(p.magnet)}) for p in board.pieces],
        "seats": [vars(s).copy() for s in board.seats],
        "lamps": [drop_none({"id": lamp.id, "role": lamp.role, "seat": lamp.seat,
                             "x": _num(lamp.x), "y": _num(lamp.y), "led": lamp.led})
                  for lamp in board.lamps],
        "holes": [drop_none({"id": h.id, "role": h.role, "seat": h.seat, "x": _num(h.x),
                             "y": _num(h.y), "sensor": h.sensor,
                             "piece_sensor": h.piece_sensor, "led": h.led, "next": h.next,
                             "branch": h.branch})
                  for h in board.holes],
    } | ({"build": _build_data(board.build)} if board.build else {})


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(v, 3)


def _magnet_data(m: Magnet | None) -> dict[str, Any] | None:
    if m is None:
        return None
    data: dict[str, Any] = {"diameter_mm": _num(m.diameter_mm), "height_mm": _num(m.height_mm),
                            "grade": m.grade, "rests": m.rests, "offset_mm": _num(m.offset_mm)}
    if m.rests == "upright":
        assert m.z_mm is not None
        data |= {"pole_down": m.pole_down, "z_mm": _num(m.z_mm), "tilt_deg": _num(m.tilt_deg)}
    if m.opposed is not None:
        data["opposed"] = {"diameter_mm": _num(m.opposed.diameter_mm),
                           "height_mm": _num(m.opposed.height_mm),
                           "distance_mm": _num(m.opposed.distance_mm)}
    return data


def _build_data(b: Build) -> dict[str, Any]:
    data: dict[str, Any] = {"top_mm": _num(b.top_mm), "seat": b.seat}
    if b.seat == "sheet":
        data |= {"sheet_mm": _num(b.sheet_mm), "sheet_hole_mm": _num(b.sheet_hole_mm)}
    data |= {"gap_mm": [_num(v) for v in b.gap_mm], "pcb_mm": _num(b.pcb_mm),
             "registration_mm": _num(b.registration_mm),
             "hole_tolerance_mm": _num(b.hole_tolerance_mm)}
    if b.cutout_mm:
        data["cutout_mm"] = _num(b.cutout_mm)
    if b.rotation_deg:
        data["rotation_deg"] = _num(b.rotation_deg)
    data["sites"] = [_site_data(s) for s in b.sites]
    if b.cuts:
        data["cuts"] = [_cut_data(cut) for cut in b.cuts]
    return data


def _cut_data(cut: Cut) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": cut.kind, "w_mm": _num(cut.w_mm)}
    for key in ("depth_mm", "l_mm", "x_mm", "y_mm", "angle_deg"):
        if getattr(cut, key):
            data[key] = _num(getattr(cut, key))
    if cut.why:
        data["why"] = cut.why
    return data


def _site_data(s: Site) -> dict[str, Any]:
    data: dict[str, Any] = {"role": s.role, "part": s.part, "r_mm": _num(s.r_mm),
                            "angle_deg": _num(s.angle_deg), "side": s.side}
    if s.facing_deg:
        data["facing_deg"] = _num(s.facing_deg)
    if s.threshold_mt is not None:
        data["threshold_mt"] = _num(s.threshold_mt)
    return data


def dump_board(board: Board) -> str:
    """Board file text: one hole per line, so a diff shows which holes changed."""
    data = board_to_data(board)
    head = {k: v for k, v in data.items() if k not in ("holes", "lamps")}
    text = json.dumps(head, indent=2)[:-2]
    for key in ("lamps", "holes"):
        rows = ",\n".join("    " + json.dumps(item) for item in data[key])
        text += f',\n  "{key}": [\n{rows}\n  ]'
    return text + "\n}\n"
