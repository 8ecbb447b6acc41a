"""The bill of materials of a board, with quantities computed from its board file."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board
from .parts import ORDER, THRESHOLD_SENSORS
from .power import budget, sensor_count, sensor_part


@dataclass(frozen=True)
class Item:
    qty: int
    part: str
    note: str


def bill_of_materials(board: Board) -> list[Item]:
    sensors = sensor_count(board)
    registers = board.sensor_registers
    leds = board.led_count
    pb = budget(board)
    items = [
        Item(1, "Raspberry Pi Pico or Pico 2 (RP2040 / RP2350), with headers",
             "runs the firmware; USB to the Pi"),
        Item(1, "Raspberry Pi (Zero 2 W, 3, 4 or 5) with power supply and microSD card",
             "runs the host service"),
    ]
    part = sensor_part(board)
    configured = part in THRESHOLD_SENSORS
    if configured:
        site = board.build.sites_of("presence")[0] if board.build else None
        items.append(Item(
            len(board.holes), ORDER[part],
            f"under each hole's centre; set up by the Pico to switch at "
            f"{site.threshold_mt if site else 0:g} mT along any axis, so a marble is "
            f"seen however it lies (hardware/sensing/{board.id}.md)"))
    else:
        items.append(Item(
            len(board.holes), ORDER[part],
            "one under each hole; omnipolar so a marble's magnet works either way up"))
    if board.piece_sensors:
        items.append(Item(
            board.piece_sensors, ORDER["DRV5023BI"],
            "the second sensor of a hole, beside the first: only a playing piece's "
            "foot magnet, south face down, reaches it, never a marble's small magnet"))
    items += [
        Item(sensors, "Resistor 10 kOhm",
             "pull-up to 3.3 V on each sensor's open-drain output"),
        Item(sensors, "Capacitor 100 nF ceramic", "decoupling at each sensor, across its 5 V"),
        Item(registers, "74HC165 8-bit parallel-in shift register (SOIC-16 or DIP-16)",
             f"{registers * 8} inputs for {sensors} sensors; runs from the Pico's 3.3 V"),
        Item(registers, "Capacitor 100 nF ceramic", "decoupling at each 74HC165"),
    ]
    spare = registers * 8 - sensors
    if spare:
        items.append(Item(spare, "Resistor 10 kOhm", "pull-up on each unused 74HC165 input"))
    buffers = ("gate 1 lifts the Pico's 3.3 V LED data to 5 V; gates 2 to 4 drive the "
               "sensors' clock, data and chip select at 5 V, which they need (0.75 x VCC)"
               if configured else "gate 1 lifts the Pico's 3.3 V LED data to 5 V; "
               "tie the inputs of gates 2 to 4 to ground")
    # Series resistors at the drivers of the long lines: the registers' clock, and
    # the sensors' three lines where the board has them.
    series = 4 if configured else 1
    items += [
        Item(leds, "WS2812B RGB LED (5050) or WS2812B-2020",
             f"{len(board.holes)} under holes, {len(board.lamps)} lamps"),
        Item(leds, "Capacitor 100 nF ceramic",
             "decoupling at each LED (skip for LEDs on ready-made modules)"),
        Item(1, "74AHCT125 quad buffer, powered from 5 V (SOIC-14 or DIP-14)", buffers),
        Item(1, "Resistor 330 Ohm", "in series with the LED data line, at the first LED"),
        Item(series, "Resistor 33 Ohm",
             "in series with each long line at its driver: the registers' clock"
             + (", and the sensors' clock, data and chip select" if configured else "")),
        Item(3 if configured else 1, "Resistor 10 kOhm",
             "pull-down on the buffer's inputs while the Pico boots: LED data"
             + (", sensor clock and data" if configured else "")),
    ]
    if configured:
        items.append(Item(1, "Resistor 10 kOhm",
                          "pull-up to 3.3 V on the buffer's chip-select input: the "
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
    for piece in board.pieces:
        items.append(Item(piece.count, f"{piece.kind.capitalize()}", piece.note))
    return items


def format_bom(board: Board, markdown: bool = False) -> str:
    items = bill_of_materials(board)
    if markdown:
        rows = ["| qty | part | why |", "|---:|---|---|"]
        rows += [f"| {i.qty} | {i.part} | {i.note} |" for i in items]
        return "\n".join(rows) + "\n"
    width = max(len(i.part) for i in items)
    return "\n".join(f"{i.qty:>5}  {i.part:<{width}}  {i.note}" for i in items) + "\n"
