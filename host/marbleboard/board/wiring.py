"""Which 74HC165 pin each sensor's output goes to, register by register, for makers
who wire a board by hand.

The Pico clocks the chain out from register 0, the one whose Q7 reaches it, and
each register shifts out D7 first; so sensor ``n`` is register ``n // 8``, input
D(7 - n % 8). Pin numbers are the 16-pin packages' (NXP 74HC165 datasheet, Rev. 4,
Table 2 Pin description; TI names the same pins A to H, D0 being A).

>>> from marbleboard.board import build_layout
>>> from marbleboard.board.layouts import LAYOUTS
>>> rows = register_rows(build_layout(next(iter(LAYOUTS))))  # the first board that ships
>>> rows[0]
Row(register=0, input='D7', pin=6, sensor=0, hole='track.66', role='presence')
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Board
from .pinmaps import INPUT_PINS

# NXP 74HC165, Table 2: the rest of the package, the same on every register of the chain.
COMMON_PINS = (
    (1, "PL (SH/LD)", "the Pico's load pin, shared by every register"),
    (2, "CP (CLK)", "the Pico's SPI clock through 33 Ohm, shared by every register"),
    (7, "/Q7", "not connected"),
    (8, "GND", "ground"),
    (9, "Q7 (QH)", "register 0: the Pico's SPI RX; register n: DS (pin 10) of register n - 1"),
    (10, "DS (SER)", "Q7 (pin 9) of the next register; 10 kOhm to ground, which holds the "
                     "last register's low"),
    (15, "CE (CLK INH)", "ground"),
    (16, "VCC", "the Pico's 3V3 OUT, with 100 nF to ground at the pin"),
)


@dataclass(frozen=True)
class Row:
    register: int
    input: str
    pin: int
    sensor: int
    hole: str | None  # None: an unused input, pulled up
    role: str


def register_rows(board: Board) -> list[Row]:
    by_sensor = board.by_sensor
    rows = []
    for sensor in range(board.sensor_registers * 8):
        bit = 7 - sensor % 8
        hole = by_sensor.get(sensor)
        if hole is None:
            role = "unused: 10 kOhm to 3.3 V"
        elif hole.piece_sensor == sensor:
            role = "piece"
        else:
            role = "presence"
        rows.append(Row(sensor // 8, f"D{bit}", INPUT_PINS[bit], sensor,
                        hole.id if hole else None, role))
    return rows


def format_wiring(board: Board, markdown: bool = False) -> str:
    rows = register_rows(board)
    if not markdown:
        lines = [f"{'reg':>3}  {'input':<5} {'pin':>3}  {'sensor':>6}  hole"]
        lines += [f"{r.register:>3}  {r.input:<5} {r.pin:>3}  {r.sensor:>6}  "
                  f"{r.hole or '-'} ({r.role})" for r in rows]
        return "\n".join(lines) + "\n"
    out = [f"# Sensor wiring: {board.name}", "",
           f"{board.sensor_count} sensors on {board.sensor_registers} 74HC165 registers. "
           "Register 0 is the one whose Q7 goes to the Pico. Each sensor's output goes "
           "to the input below, with its 10 kOhm pull-up to 3.3 V at that pin. Pin "
           "numbers are the 16-pin package's (NXP 74HC165, Table 2); `make docs` "
           "writes this page from the board file.", "",
           "Every register, the same:", "", "| pin | name | goes to |", "|---:|---|---|"]
    out += [f"| {pin} | {name} | {to} |" for pin, name, to in COMMON_PINS]
    for register in range(board.sensor_registers):
        out += ["", f"## Register {register}", "",
                "| input | pin | sensor | hole | |", "|---|---:|---:|---|---|"]
        out += [f"| {r.input} | {r.pin} | {r.sensor} | {r.hole or '-'} | {r.role} |"
                for r in rows if r.register == register]
    return "\n".join(out) + "\n"
