"""The hole module: a small round circuit board that sits under one hole of a marble
board, with the hole's TMAG5170 at its centre, the hole's LED beside it, their
decoupling capacitors, and eight solder pads for the wires to its neighbours and
its register input. Every hole of a board whose one sensor sits under the hole's
centre takes the same module, so one design is ordered in quantity
(hardware/pcb/README.md argues it). Coordinates have the hole's axis at the
origin and y pointing away from the pads.
"""

from __future__ import annotations

from .pcbdesign import Design, Pad, Part, Track, Via, chip_0603, vssop8, wire_pad, ws2812b
from .pinmaps import TMAG5170, WS2812B, by_number

RADIUS_MM = 12.0  # two modules 25 mm apart (the smallest pitch) never touch


def header_2x4() -> tuple[Pad, ...]:
    """Odd pads in the row nearer the hole's centre, even ones behind them."""
    return tuple(wire_pad(str(i + 1), -3.81 + 2.54 * (i // 2), -1.27 + 2.54 * (i % 2), i == 0)
                 for i in range(8))


# The eight wires, by pad of J1: the sensors' three SPI lines and the LED data in
# on the left, ground, power, the sensor's output and the LED data out on the right.
WIRES = {"1": "CS", "2": "SCK", "3": "DIN", "4": "SDI",
         "5": "GND", "6": "ALERT", "7": "+5V", "8": "DOUT"}


def hole_module() -> Design:
    d = Design("hole-module", radius_mm=RADIUS_MM)
    d.parts = [
        # TMAG5170: 1 SCK, 2 SDI, 3 SDO (not wired), 4 CS, 5 VCC, 6 GND, 7 TEST, 8 ALERT.
        Part("U1", "TMAG5170A1", "VSSOP-8_DGK", 0.0, 0.0, 0.0, vssop8(),
             {"1": "SCK", "2": "SDI", "4": "CS", "5": "+5V", "6": "GND", "7": "GND",
              "8": "ALERT"}, order="TMAG5170A1QDGKR", pin_names=by_number(TMAG5170)),
        # Turned half a turn: data in on the left, out on the right. Under the hole,
        # it lights the marble from below.
        Part("D1", "WS2812B", "LED_WS2812B_PLCC4_5.0x5.0mm", 0.0, -6.0, 180.0, ws2812b(),
             {"1": "+5V", "2": "DOUT", "3": "GND", "4": "DIN"}, order="WS2812B",
             pin_names=by_number(WS2812B)),
        Part("C1", "100nF", "C_0603", 5.4, 2.5, 0.0, chip_0603(), {"1": "+5V", "2": "GND"},
             order="CL10B104KB8NNNC"),
        Part("C2", "100nF", "C_0603", 5.0, -4.4, 0.0, chip_0603(), {"1": "+5V", "2": "GND"},
             order="CL10B104KB8NNNC"),
        Part("J1", "wires", "Pads_2x4_P2.54mm", 0.0, 7.5, 0.0, header_2x4(), dict(WIRES),
             solder=False, pin_names=dict(WIRES)),
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
