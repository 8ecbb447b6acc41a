"""The bill of materials of a board, with quantities computed from its board file."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board
from .parts import ORDER, THRESHOLD_SENSORS
from .power import budget
from .tmag5170 import configured_roles


@dataclass(frozen=True)
class Item:
    qty: int
    part: str
    note: str


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
                          f"{where}: {what}{how} (hardware/sensing/{board.id}.md)"))
    return items


def bill_of_materials(board: Board) -> list[Item]:
    registers = board.sensor_registers
    leds = board.led_count
    pb = budget(board)
    items = [
        Item(1, "Raspberry Pi Pico or Pico 2 (RP2040 / RP2350), with headers",
             "runs the firmware; USB to the Pi"),
        Item(1, "Raspberry Pi (Zero 2 W, 3, 4 or 5) with power supply and microSD card",
             "runs the host service"),
    ]
    groups = configured_roles(board.build)
    items += _sensors(board)
    inputs = board.sensor_count
    items += [
        Item(inputs, "Resistor 10 kOhm",
             "pull-up to 3.3 V on each register input; the sensors a hole has for one "
             "role share it, their open-drain outputs wired together"),
        Item(pb.sensors, "Capacitor 100 nF ceramic", "decoupling at each sensor, across its 5 V"),
        Item(registers, "74HC165 8-bit parallel-in shift register (SOIC-16 or DIP-16)",
             f"{registers * 8} inputs for {inputs} sensor lines; runs from the Pico's 3.3 V"),
        Item(registers, "Capacitor 100 nF ceramic", "decoupling at each 74HC165"),
        Item(registers, "Resistor 10 kOhm",
             "pull-down on each 74HC165's serial input DS: the last register's has "
             "nothing else driving it"),
    ]
    spare = registers * 8 - inputs
    if spare:
        items.append(Item(spare, "Resistor 10 kOhm", "pull-up on each unused 74HC165 input"))
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
             f"{len(board.holes)} under holes, {len(board.lamps)} lamps"),
        Item(leds, "Capacitor 100 nF ceramic",
             "decoupling at each LED (skip for LEDs on ready-made modules)"),
        Item(1, "74AHCT125 quad buffer, powered from 5 V (SOIC-14 or DIP-14)", buffers),
    ]
    if extra > 0:
        items.append(Item(extra, "Single buffer SN74AHCT1G125, powered from 5 V (SOT-23-5)",
                          "drives the piece sensors' own chip select at 5 V"))
    items += [
        Item(1, "Resistor 330 Ohm", "in series with the LED data line, at the first LED"),
        Item(series, "Resistor 33 Ohm",
             "in series with each long line at its driver: the registers' clock"
             + (", and the sensors' clock, data and chip select" + ("s" if extra else "")
                if groups else "")),
        Item(3 if groups else 1, "Resistor 10 kOhm",
             "pull-down on the buffer's inputs while the Pico boots: LED data"
             + (", sensor clock and data" if groups else "")),
    ]
    if groups:
        items.append(Item(len(groups), "Resistor 10 kOhm",
                          "pull-up to 3.3 V on each chip-select buffer's input: the "
                          "sensors are not selected while the Pico boots"))
    items += [
        Item(1, "Capacitor 1000 uF 10 V electrolytic", "across 5 V at the start of the LED chain"),
        Item(1, f"Power supply: {board.power.supply_name}",
             f"LEDs capped at {pb.brightness_cap:.0%} brightness to fit it; the sensors "
             f"run from it too ({pb.sensor_a * 1000:.0f} mA)"),
        Item(pb.injection_points, "Power injection point (pair of 18 AWG wires)",
             "5 V and ground fed into the LED chain at these LEDs: "
             + ", ".join(str(i) for i in pb.injection_leds)),
    ]
    items += _circuit_boards(board)
    for piece in board.pieces:
        items.append(Item(piece.count, f"{piece.kind.capitalize()}", piece.note))
    return items


def _circuit_boards(board: Board) -> list[Item]:
    """The modules of hardware/pcb that carry the parts above, where the board's
    build has them (or the same parts go on stripboard)."""
    build = board.build
    if build is None:
        return []
    holes = len(board.holes)
    items = []
    presence = build.sites_of("presence")
    if len(presence) == 1 and presence[0].r_mm == 0:
        items.append(Item(holes, "Hole module circuit board (hardware/pcb/hole-module), "
                                 "assembled", "carries a hole's sensor, LED and their "
                                              "capacitors above"))
    elif build.cutout_mm:
        items.append(Item(holes, "Ring module circuit board (hardware/pcb/ring-module), four "
                                 "layers, assembled on both sides",
                          "carries a hole's sensors, LED and their capacitors above"))
    items += [
        Item(board.sensor_registers, "Register module circuit board "
                                     "(hardware/pcb/register-module), assembled",
             "carries a 74HC165, its pull-ups, pull-down and capacitor above"),
        Item(1, "Controller circuit board (hardware/pcb/controller), assembled",
             "carries the buffers, their resistors and capacitors above; the Pico sits on "
             "it on pin headers"),
    ]
    return items


def format_bom(board: Board, markdown: bool = False) -> str:
    items = bill_of_materials(board)
    if markdown:
        rows = ["| qty | part | why |", "|---:|---|---|"]
        rows += [f"| {i.qty} | {i.part} | {i.note} |" for i in items]
        return "\n".join(rows) + "\n"
    width = max(len(i.part) for i in items)
    return "\n".join(f"{i.qty:>5}  {i.part:<{width}}  {i.note}" for i in items) + "\n"
