"""The bill of materials of a board, with quantities computed from its board file,
each line's unit price with its source, and the hand solder joints it leaves.

A maker chooses how it is built: ``tiles`` orders the board's tiles and their
controller assembled by the fab, and plugs one cable a tile; ``fab`` orders the
modules of ``hardware/pcb`` assembled (one under each hole), so their parts are
counted once, on those boards' lines; ``hand`` lists every part for building the
same circuit by hand. A board whose tiles are all drawn is built from them unless
asked otherwise; any other from the fab's modules.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .bomline import C100N, R10K, Item, bare_boards
from .model import Board
from .parts import ORDER, THRESHOLD_SENSORS
from .pcbdesign import Design
from .power import Budget, budget
from .prices import (
    ASSEMBLY_JOINT,
    ASSEMBLY_SETUP,
    PRICES,
    SEEN,
    Price,
)
from .tmag5170 import configured_roles

ASSEMBLIES = ("tiles", "fab", "hand")


def _sensors(board: Board) -> list[Item]:
    """The sensor parts, role by role."""
    build = board.build
    if build is None:
        items = [Item(len(board.holes), ORDER["DRV5033AJ"],
                      "one under each hole; omnipolar so a marble's magnet works either "
                      "way up")]
        if board.piece_sensors:
            items.append(Item(board.piece_sensors, ORDER["DRV5023BI"],
                              "the second sensor of a hole: only a playing piece's foot "
                              "magnet, south face down, reaches it"))
        return items
    items = []
    for role in ("presence", "piece"):
        sites = build.sites_of(role)
        if not sites:
            continue
        holes = len(board.holes) if role == "presence" else board.piece_sensors
        part = sites[0].part
        where = ("under each hole's centre" if len(sites) == 1 and sites[0].r_mm == 0
                 else f"{len(sites)} round each hole, wired together")
        what = ("sees a marble or a playing piece" if role == "presence"
                else "sees only a playing piece standing in the hole")
        how = (f"; set up by the Pico to switch at {sites[0].threshold_mt:g} mT along any "
               f"axis" if part in THRESHOLD_SENSORS else "")
        items.append(Item(holes * len(sites), ORDER[part],
                          f"{where}: {what}{how} (hardware/sensing/{board.id}.md)",
                          order=ORDER_CODES.get(part, "")))
    return items


ORDER_CODES = {"TMAG5170A1": "TMAG5170A1QDGKR"}
# A board file names its supply by what it gives; the adapter of that rating whose price
# was found.
SUPPLIES = {"5 V 4 A mains adapter": "GST25A05-P1J"}


def default_assembly(board: Board) -> str:
    """``tiles`` for a board whose tiles and tile controller are all drawn (its
    board file numbered in their chains' order, tiles.numbering; tests/board
    checks both), else the fab-assembled modules."""
    from .tilebom import tiles_drawn

    return "tiles" if tiles_drawn(board) else "fab"


def chosen_assembly(board: Board, assembly: str | None) -> str:
    """How the board is built: ``assembly``, checked, or by default
    ``default_assembly``. ValueError for one not known, or tiles not drawn."""
    assembly = assembly or default_assembly(board)
    if assembly not in ASSEMBLIES:
        raise ValueError(f"a board is built {', '.join(ASSEMBLIES[:-1])} or {ASSEMBLIES[-1]}, "
                         f"not {assembly!r}")
    if assembly == "tiles":
        from .tilebom import tiles_drawn

        if not tiles_drawn(board):
            raise ValueError(f"{board.id}: its tiles are not all drawn yet "
                             "(hardware/pcb/tiles.md); build it fab or hand")
    return assembly


def bill_of_materials(board: Board, assembly: str | None = None) -> list[Item]:
    """Every line a maker buys, for the way they build it (``ASSEMBLIES``; by
    default ``default_assembly``)."""
    assembly = chosen_assembly(board, assembly)
    pb = budget(board)
    items = _host()
    if assembly == "tiles":
        from .tilebom import tile_lines

        items += tile_lines(board)
        items += _supply(board, pb, through_cables=True)
        items += [Item(piece.count, piece.kind.capitalize(), piece.note)
                  for piece in board.pieces]
        return items
    modules = _modules(board)
    if assembly == "hand" or not modules:
        items += _electronics(board)
    else:
        lamps = len(board.lamps)
        items += [
            Item(lamps, "WS2812B RGB LED (5050), in its lamp carrier",
                 "the lamps: no circuit board carries them", order="WS2812B"),
            Item(lamps, "Capacitor 100 nF ceramic", "decoupling at each lamp's LED",
                 order=C100N),
        ]
        items += [line for name, qty, design, what in modules
                  for line in _module_lines(name, qty, design, what)]
    items += _supply(board, pb)
    for piece in board.pieces:
        items.append(Item(piece.count, f"{piece.kind.capitalize()}", piece.note))
    return items


def _host() -> list[Item]:
    return [
        Item(1, "Raspberry Pi Pico or Pico 2 (RP2040 / RP2350), with headers",
             "runs the firmware; USB to the Pi", order="Raspberry Pi Pico"),
        Item(1, "Raspberry Pi (Zero 2 W, 3, 4 or 5) with power supply and microSD card",
             "runs the host service"),
    ]


def _electronics(board: Board) -> list[Item]:
    """The parts the circuit boards carry, for building the circuit by hand."""
    registers = board.sensor_registers
    leds = board.led_count
    pb = budget(board)
    groups = configured_roles(board.build)
    items = _sensors(board)
    inputs = board.sensor_lines
    items += [
        Item(inputs, "Resistor 10 kOhm",
             "pull-up to 3.3 V on each register input; the sensors a hole has for one "
             "role share it, their open-drain outputs wired together", order=R10K),
        Item(pb.sensors, "Capacitor 100 nF ceramic", "decoupling at each sensor, across its 5 V",
             order=C100N),
        Item(registers, "74HC165 8-bit parallel-in shift register (SOIC-16 or DIP-16)",
             f"{registers * 8} inputs for {inputs} sensor lines; runs from the Pico's 3.3 V",
             order="74HC165D"),
        Item(registers, "Capacitor 100 nF ceramic", "decoupling at each 74HC165", order=C100N),
        Item(registers, "Resistor 10 kOhm",
             "pull-down on each 74HC165's serial input DS: the last register's has "
             "nothing else driving it", order=R10K),
    ]
    spare = registers * 8 - inputs
    if spare:
        items.append(Item(spare, "Resistor 10 kOhm", "pull-up on each unused 74HC165 input",
                          order=R10K))
    buffers = ("gate 1 lifts the Pico's 3.3 V LED data to 5 V; gates 2 to 4 drive the "
               "sensors' clock, data and chip select at 5 V, which they need (0.75 x VCC)"
               if groups else "gate 1 lifts the Pico's 3.3 V LED data to 5 V; "
               "tie the inputs of gates 2 to 4 to ground")
    extra = len(groups) - 1  # chip selects beyond the quad buffer's one
    # Series resistors at the drivers of the long lines: the registers' clock, and
    # the sensors' clock, data and chip selects where the board has them.
    series = 1 + (2 + len(groups) if groups else 0)
    items += [
        Item(leds, "WS2812B RGB LED (5050) or WS2812B-2020",
             f"{len(board.holes)} under holes, {len(board.lamps)} lamps", order="WS2812B"),
        Item(leds, "Capacitor 100 nF ceramic",
             "decoupling at each LED (skip for LEDs on ready-made modules)", order=C100N),
        Item(1, "74AHCT125 quad buffer, powered from 5 V (SOIC-14 or DIP-14)", buffers,
             order="SN74AHCT125DR"),
    ]
    if extra > 0:
        items.append(Item(extra, "Single buffer SN74AHCT1G125, powered from 5 V (SOT-23-5)",
                          "drives the piece sensors' own chip select at 5 V",
                          order="SN74AHCT1G125DBVR"))
    items += [
        Item(1, "Resistor 330 Ohm", "in series with the LED data line, at the first LED"),
        Item(series, "Resistor 33 Ohm",
             "in series with each long line at its driver: the registers' clock"
             + (", and the sensors' clock, data and chip select" + ("s" if extra else "")
                if groups else "")),
        Item(3 if groups else 1, "Resistor 10 kOhm",
             "pull-down on the buffer's inputs while the Pico boots: LED data"
             + (", sensor clock and data" if groups else ""), order=R10K),
    ]
    if groups:
        items.append(Item(len(groups), "Resistor 10 kOhm",
                          "pull-up to 3.3 V on each chip-select buffer's input: the "
                          "sensors are not selected while the Pico boots", order=R10K))
    return items


def _supply(board: Board, pb: Budget, through_cables: bool = False) -> list[Item]:
    items = [
        Item(1, "Capacitor 1000 uF 10 V electrolytic",
             "across the controller's 5V IN pads, with the supply's leads" if through_cables
             else "across 5 V at the start of the LED chain"),
        Item(1, f"Power supply: {board.power.supply_name}",
             f"LEDs capped at {pb.brightness_cap:.0%} brightness to fit it; the sensors "
             f"run from it too ({pb.sensor_a * 1000:.0f} mA)",
             order=SUPPLIES.get(board.power.supply_name, "")),
    ]
    if through_cables:
        return [*items, Item(1, "Supply leads (pair of 18 AWG wires)",
                             "from the supply to the controller's 5V IN pads; each tile takes "
                             "its 5 V through its cable's two 5 V contacts")]
    return [*items, Item(pb.injection_points, "Power injection point (pair of 18 AWG wires)",
                         "5 V and ground fed into the LED chain at these LEDs: "
                         + ", ".join(str(i) for i in pb.injection_leds))]


def _modules(board: Board) -> list[tuple[str, int, Design, str]]:
    """The circuit boards of hardware/pcb the board's build takes: each one's name,
    how many, its design and what it carries."""
    from .controllerboard import controller_board
    from .holemodule import hole_module
    from .registermodule import register_module
    from .ringmodule import ring_module

    build = board.build
    if build is None:
        return []
    holes = len(board.holes)
    presence = build.sites_of("presence")
    out = []
    if len(presence) == 1 and presence[0].r_mm == 0:
        out.append(("hole-module", holes, hole_module(), "a hole's sensor, LED and their "
                                                         "capacitors"))
    elif build.cutout_mm:
        out.append(("ring-module", holes, ring_module(build),
                    "a hole's sensors, LED and their capacitors; four layers, parts on both "
                    "sides"))
    else:
        return []
    out += [("register-module", board.sensor_registers, register_module(),
             "a 74HC165, its pull-ups, pull-down and capacitor"),
            ("controller", 1, controller_board(),
             "the buffers, their resistors and capacitors; the Pico sits on it on pin "
             "headers")]
    return out


def _module_lines(name: str, qty: int, design: Design, what: str) -> list[Item]:
    """A circuit board assembled by the fab: its parts' price and the fab's per-joint
    fee, once a board; the fab's set-up once a design; the bare boards, priced only
    where the fab lists them."""
    placed = [p for p in design.parts if p.solder]
    unpriced = sorted({p.order or p.value for p in placed if p.order not in PRICES})
    joints = sum(len(p.pads) for p in placed)
    price = None
    counts = Counter(p.order for p in placed)
    if not unpriced:
        usd = sum(PRICES[p.order].usd for p in placed) + joints * ASSEMBLY_JOINT.usd
        parts = ", ".join(f"{n} x {order}" for order, n in counts.items())
        price = Price(round(usd, 4), 1, f"{parts}, and {joints} joints placed", SEEN)
    missing = f"; no price found for {', '.join(unpriced)}" if unpriced else ""
    return [
        Item(qty, f"{name} circuit board (hardware/pcb/{name}), assembled by the fab",
             f"carries {what}{missing}", price=price,
             made_of=(*counts, "joint") if price else ()),
        Item(1, f"{name}: assembly set-up and stencil", "once an order", price=ASSEMBLY_SETUP),
        bare_boards(name, qty, design),
    ]


def hand_joints(board: Board, assembly: str | None = None) -> int:
    """The solder joints the maker makes: the wire pads and the Pico's header on the
    fab's boards, or every pad when the circuit is built by hand; built from
    tiles, the controller's pads the fab leaves (a tile's probe holes take a
    meter, not solder)."""
    assembly = chosen_assembly(board, assembly)
    if assembly == "tiles":
        from .tilebom import controller_joints

        return controller_joints(board)
    modules = _modules(board)
    if assembly == "hand":
        return sum(qty * sum(len(p.pads) for p in d.parts) for _, qty, d, _ in modules)
    return sum(qty * sum(len(p.pads) for p in d.parts if not p.solder)
               for _, qty, d, _ in modules)


@dataclass(frozen=True)
class Total:
    usd: float  # the priced lines
    unpriced: tuple[str, ...]  # the lines with no price found


def total(items: list[Item]) -> Total:
    usd = sum(i.qty * i.unit.usd for i in items if i.unit is not None)
    return Total(round(usd, 2), tuple(i.part for i in items if i.unit is None))


def cables_plugged(board: Board, assembly: str | None = None) -> int:
    """The cables the maker plugs: one a tile, built from tiles."""
    if chosen_assembly(board, assembly) != "tiles":
        return 0
    from .tiles import plan

    return plan(board).cables


def format_bom(board: Board, markdown: bool = False, assembly: str | None = None) -> str:
    assembly = chosen_assembly(board, assembly)
    items = bill_of_materials(board, assembly)
    sources: dict[str, int] = {}

    def cite(item: Item) -> str:
        unit = item.unit
        if unit is None:
            return "-"
        for order in item.made_of:  # what an assembled board's price is made of
            sources.setdefault((PRICES.get(order) or ASSEMBLY_JOINT).cite(), len(sources) + 1)
        n = sources.setdefault(unit.cite(), len(sources) + 1)
        return f"${unit.usd:g} [{n}]"

    def line_total(item: Item) -> str:
        return "-" if item.unit is None else f"${item.qty * item.unit.usd:,.2f}"

    summed = total(items)
    joints = hand_joints(board, assembly)
    how = {"tiles": "its tiles and their controller assembled by the fab",
           "fab": "the circuit boards assembled by the fab",
           "hand": "every part soldered by hand"}[assembly]
    why = ""
    if assembly == "fab":
        why = (f" (Built from the modules; from its tiles, `--assembly tiles`, it takes "
               f"{hand_joints(board, 'tiles')} hand joints.)"
               if default_assembly(board) == "tiles" else
               " (Its tiles are not all drawn yet, hardware/pcb/tiles.md: it is built from "
               "the modules.)")
    said = [f"Built with {how}.{why} Priced lines: ${summed.usd:,.2f}; "
            f"{len(summed.unpriced)} lines with no price found, not in it: "
            f"{'; '.join(summed.unpriced)}.",
            f"Hand solder joints: {joints}." + {
                "fab": " (The wire pads on the circuit boards, and the Pico's header.)",
                "tiles": " (The Pico's header, the supply's two leads and the Pi's reset "
                         "pair on the controller; the lamp carriers' wires not counted.)",
                "hand": ""}[assembly]]
    if assembly == "tiles":
        said.append(f"Cables plugged: {cables_plugged(board, assembly)} (one from each tile "
                    "to the controller).")
    if markdown:
        rows = ["| qty | part | unit | line | why |", "|---:|---|---:|---:|---|"]
        rows += [f"| {i.qty} | {i.part} | {cite(i)} | {line_total(i)} | {i.note} |"
                 for i in items]
        rows += ["", *said, "", f"Prices (each read on {SEEN}):", ""]
        rows += [f"{n}. {text}" for text, n in sources.items()]
        return "\n".join(rows) + "\n"
    width = max(len(i.part) for i in items)
    rows = [f"{i.qty:>5}  {i.part:<{width}}  {cite(i):>12}  {line_total(i):>10}  {i.note}"
            for i in items]
    rows += ["", *said, f"Prices (each read on {SEEN}):"]
    rows += [f"  [{n}] {text}" for text, n in sources.items()]
    return "\n".join(rows) + "\n"
