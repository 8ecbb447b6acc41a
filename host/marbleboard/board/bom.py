"""The bill of materials of a board, with quantities computed from its board file."""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board
from .power import budget, sensor_count


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
    presence = board.build.sites_of("presence") if board.build else ()
    if presence and presence[0].part == "TMAG5170A1":
        items.append(Item(
            len(board.holes) * len(presence),
            "3-axis linear Hall sensor with a magnetic-switch alert output "
            "(TMAG5170A1QDGKR, VSSOP-8)",
            f"under each hole's centre; set at power-up to switch at "
            f"{presence[0].threshold_mt:g} mT along any axis, so a marble is seen "
            f"however it lies (hardware/sensing/{board.id}.md)"))
    else:
        items.append(Item(
            len(board.holes),
            "Hall-effect switch, omnipolar, continuous sampling (DRV5033AJ, SOT-23)",
            "one under each hole; omnipolar so a marble's magnet works either way up"))
    if board.piece_sensors:
        items.append(Item(
            board.piece_sensors, "Hall-effect switch, unipolar, low sensitivity "
            "(DRV5023BI, SOT-23: operates at 14.5 mT typical, releases at 3 mT or more)",
            "the second sensor of a hole, beside the first: only a playing piece's "
            "foot magnet, south face down, reaches it, never a marble's small magnet"))
    items += [
        Item(sensors, "Resistor 10 kOhm", "pull-up on each sensor's open-drain output"),
        Item(sensors, "Capacitor 100 nF ceramic", "decoupling at each sensor"),
        Item(registers, "74HC165 8-bit parallel-in shift register (DIP-16 or SOIC-16)",
             f"{registers * 8} inputs for {sensors} sensors"),
        Item(registers, "Capacitor 100 nF ceramic", "decoupling at each 74HC165"),
    ]
    spare = registers * 8 - sensors
    if spare:
        items.append(Item(spare, "Resistor 10 kOhm", "pull-up on each unused 74HC165 input"))
    items += [
        Item(leds, "WS2812B RGB LED (5050) or WS2812B-2020",
             f"{len(board.holes)} under holes, {len(board.lamps)} lamps"),
        Item(leds, "Capacitor 100 nF ceramic",
             "decoupling at each LED (skip for LEDs on ready-made modules)"),
        Item(1, "74AHCT125 quad buffer (or SN74AHCT1G125)",
             "lifts the Pico's 3.3 V LED data to 5 V logic"),
        Item(1, "Resistor 330 Ohm", "in series with the LED data line, at the first LED"),
        Item(1, "Capacitor 1000 uF 10 V electrolytic", "across 5 V at the start of the LED chain"),
        Item(1, "3.3 V regulator, 500 mA or more (AP2112K-3.3 or similar)",
             f"feeds the sensors ({pb.sensor_a * 1000:.0f} mA): more than the Pico's "
             "own 3V3 pin should give"),
        Item(1, f"Power supply: {board.power.supply_name}",
             f"LEDs capped at {pb.brightness_cap:.0%} brightness to fit it"),
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
