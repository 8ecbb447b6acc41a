"""The controller board: the Pico on pin headers, the 74AHCT125 that lifts the
LED data and the sensors' SPI lines to 5 V, the SN74AHCT1G125 for the second
chip select (the piece sensors', on a board that reads pieces), the resistors
that hold every line while the Pico boots and damp the long lines, and a column
of wire pads: to the Pi's reset pin, the 5 V supply, the holes and the
registers.

It carries the controller part of every board's netlist (``netlist.py``) with
the same net names, for the default pins of hardware/pinout.md, which every
shipped board uses; tests/board/test_pcb.py checks the two agree. On a board
without piece sensors U2 and its two resistors do nothing and may be left off.

Laid out from the Pico's pins to the right: each signal leaves its pin on the
top copper, jogs up or down underneath (``route``), and reaches its buffer,
resistor and pad. Coordinates in mm, y pointing down; the Pico's USB end is the
board's bottom edge.
"""

from __future__ import annotations

from .pcbdesign import (
    F_CU,
    Design,
    Label,
    Part,
    Point,
    Track,
    Via,
    chip_0603,
    ground,
    pico,
    route,
    soic,
    sot23_5,
    wire_pad,
)
from .pinmaps import AHCT1G125 as AHCT1G125_PINS
from .pinmaps import AHCT125 as AHCT125_PINS
from .pinmaps import by_number, pico_pin_names

RECT_MM = (-32.0, -28.0, 30.0, 25.5)
PICO_AT = (-20.0, 0.0)
PAD_X = 27.0  # the wire pads' column
SERIES_X = 20.0  # the series resistors, in line on their rows

# 74AHCT125 (TI SCLS262, pin configuration) and SN74AHCT1G125 (TI SCLS377, DBV).
AHCT125 = {"1": "GND", "2": "LED_3V3", "3": "LED_5V", "4": "GND", "5": "SCK_3V3",
           "6": "SCK_5V", "7": "GND", "8": "SDI_5V", "9": "MOSI", "10": "GND",
           "11": "CS_5V", "12": "CS_3V3", "13": "GND", "14": "+5V"}
AHCT1G125 = {"1": "GND", "2": "PIECE_CS_3V3", "3": "GND", "4": "PIECE_CS_5V", "5": "+5V"}
# The Pico's pins (Pico datasheet, pinout) for the default GPIOs of
# hardware/pinout.md: GP2 SCK, GP3 TX, GP4 RX, GP5 load, GP6 LED, GP7 and GP8
# the chip selects; its grounds, 3V3 OUT and RUN.
PICO = {"4": "SCK_3V3", "5": "MOSI", "6": "MISO", "7": "LOAD", "9": "LED_3V3",
        "10": "CS_3V3", "11": "PIECE_CS_3V3", "30": "RUN", "36": "+3V3",
        **{str(n): "GND" for n in (3, 8, 13, 18, 23, 28, 33, 38)}}

# The wire pads, top to bottom: (connector, net, label, y).
PADS = [("J1", "PI_GPIO17", "RUN", -25.4), ("J1", "GND", "GND", -22.86),
        ("J3", "SCK", "SCK", -17.78), ("J3", "LED_DIN_0", "DIN", -15.24),
        ("J2", "+5V", "+5V", -12.7), ("J2", "GND", "GND", -10.16),
        ("J3", "CS", "CS", -7.62), ("J3", "SDI", "SDI", -5.08),
        ("J3", "PIECE_CS", "CS2", -0.32), ("J3", "GND", "GND", 2.54),
        ("J4", "LOAD", "PL", 8.89), ("J4", "MISO", "Q7", 11.43), ("J4", "GND", "GND", 13.97),
        ("J4", "CP", "CP", 16.51), ("J4", "+3V3", "3V3", 19.05)]
TITLES = {"J1": "to the Pi", "J2": "5 V in", "J3": "to the holes", "J4": "to the registers"}


def resistor(ref: str, value: str, x: float, y: float, rotation: float, a: str,
             b: str) -> Part:
    order = {"10k": "RC0603FR-0710KL", "33": "RC0603FR-0733RL", "330": "RC0603FR-07330RL",
             "1k": "RC0603FR-071KL"}[value]
    return Part(ref, value, "R_0603", x, y, rotation, chip_0603(), {"1": a, "2": b},
                order=order)


def controller_board() -> Design:
    d = Design("controller", rect_mm=RECT_MM)
    a1 = Part("A1", "Raspberry Pi Pico", "RaspberryPi_Pico_Headers", *PICO_AT, 180.0,
              pico(), dict(PICO), solder=False,
              pin_names={str(n): name for n, name in pico_pin_names().items()})
    u1 = Part("U1", "74AHCT125", "SOIC-14_3.9x8.7mm_P1.27mm", 4.0, -8.89, 0.0, soic(14),
              dict(AHCT125), order="SN74AHCT125DR", pin_names=by_number(AHCT125_PINS))
    u2 = Part("U2", "SN74AHCT1G125", "SOT-23-5", 14.0, -1.27, 270.0, sot23_5(),
              dict(AHCT1G125), order="SN74AHCT1G125DBVR",
              pin_names=by_number(AHCT1G125_PINS))
    d.parts = [a1, u1, u2]
    p, u, g = a1.pad_xy, u1.pad_xy, u2.pad_xy

    # The wire pads, and their labels beside them.
    for jref in TITLES:
        rows = [(net, text, y) for j, net, text, y in PADS if j == jref]
        pads = tuple(wire_pad(str(k + 1), 0.0, y, k == 0) for k, (_, _, y) in enumerate(rows))
        d.parts.append(Part(jref, TITLES[jref], f"Pads_1x{len(rows)}", PAD_X, 0.0, 0.0, pads,
                            {str(k + 1): net for k, (net, _, _) in enumerate(rows)},
                            solder=False,
                            pin_names={str(k + 1): text for k, (_, text, _) in enumerate(rows)}))
    d.labels += [Label(text, PAD_X - 3.0, y, 0.8) for _, _, text, y in PADS]
    d.labels += [Label("Pico", PICO_AT[0], -10.0, 1.5), Label("USB", PICO_AT[0], 23.0, 1.2)]

    def pad(net: str) -> Point:
        return next((PAD_X, y) for _, n, _, y in PADS if n == net)

    def series(ref: str, value: str, y: float, a: str, b: str) -> None:
        d.parts.append(resistor(ref, value, SERIES_X, y, 0.0, a, b))
        d.tracks.append(Track(b, F_CU, ((SERIES_X + 0.8, y), pad(b))))

    # To the registers: load and data straight across; the clock through 33 Ohm,
    # and up to the buffer.
    route(d, "LOAD", p("7"), pad("LOAD"))
    route(d, "MISO", p("6"), pad("MISO"))
    route(d, "SCK_3V3", p("4"), (SERIES_X - 0.8, p("4")[1]))
    series("R11", "33", p("4")[1], "SCK_3V3", "CP")
    route(d, "SCK_3V3", (-4.27, p("4")[1]), (-4.27, u("5")[1]), u("5"), branch=True)
    d.parts.append(resistor("R2", "10k", -5.8, u("5")[1], 0.0, "GND", "SCK_3V3"))
    d.tracks.append(Track("SCK_3V3", F_CU, ((-4.27, u("5")[1]), (-5.0, u("5")[1]))))
    ground(d, (-6.6, u("5")[1]), (-7.7, u("5")[1]))

    # The LED data, up to gate 1; its pull-down at the top of the jog.
    route(d, "LED_3V3", p("9"), (-3.0, p("9")[1]), (-3.0, u("2")[1]), u("2"))
    d.parts.append(resistor("R1", "10k", -4.5, u("2")[1], 0.0, "GND", "LED_3V3"))
    d.tracks.append(Track("LED_3V3", F_CU, ((-3.0, u("2")[1]), (-3.7, u("2")[1]))))
    ground(d, (-5.3, u("2")[1]), (-6.4, u("2")[1]))

    # The sensors' data and chip select, round to gates 3 and 4 on the far side.
    route(d, "MOSI", p("5"), (10.77, p("5")[1]), (10.77, u("9")[1]), u("9"))
    d.parts.append(resistor("R3", "10k", 12.0, u("9")[1], 0.0, "MOSI", "GND"))
    d.tracks.append(Track("MOSI", F_CU, ((10.77, u("9")[1]), (11.2, u("9")[1]))))
    ground(d, (12.8, u("9")[1]), (13.9, u("9")[1]))
    route(d, "CS_3V3", p("10"), (9.5, p("10")[1]), (9.5, u("12")[1]), u("12"))
    route(d, "PIECE_CS_3V3", p("11"), g("2"))

    # 3.3 V from the Pico's 3V3 OUT: under the Pico, between its pins, to the
    # registers' pad and up to the chip selects' pull-ups.
    route(d, "+3V3", p("36"), (-26.0, p("36")[1]), (-26.0, 15.24), (7.0, 15.24),
          (7.0, pad("+3V3")[1]), pad("+3V3"))
    route(d, "+3V3", (7.0, 15.24), (7.0, -0.33), (8.2, -0.33), (9.0, -0.33))
    d.tracks.append(Track("+3V3", F_CU, ((9.0, -0.33), (9.66, 0.33), (10.8, 0.33))))
    d.parts.append(resistor("R4", "10k", 8.2, 0.47, 90.0, "CS_3V3", "+3V3"))
    d.parts.append(resistor("R5", "10k", 10.8, -0.47, 270.0, "PIECE_CS_3V3", "+3V3"))

    # The buffers' outputs through their series resistors to the pads.
    route(d, "LED_5V", u("3"), (-0.6, u("3")[1]), (-0.6, pad("LED_DIN_0")[1]),
          (SERIES_X - 0.8, pad("LED_DIN_0")[1]))
    series("R6", "330", pad("LED_DIN_0")[1], "LED_5V", "LED_DIN_0")
    route(d, "SCK_5V", u("6"), (-1.87, u("6")[1]), (-1.87, pad("SCK")[1]),
          (SERIES_X - 0.8, pad("SCK")[1]))
    series("R7", "33", pad("SCK")[1], "SCK_5V", "SCK")
    route(d, "CS_5V", u("11"), (SERIES_X - 0.8, u("11")[1]))
    series("R9", "33", u("11")[1], "CS_5V", "CS")
    route(d, "SDI_5V", u("8"), (SERIES_X - 0.8, u("8")[1]))
    series("R8", "33", u("8")[1], "SDI_5V", "SDI")
    route(d, "PIECE_CS_5V", g("4"), (SERIES_X - 0.8, g("4")[1]))
    series("R10", "33", g("4")[1], "PIECE_CS_5V", "PIECE_CS")

    # 5 V: the pad to both buffers, each with its 100 nF.
    route(d, "+5V", pad("+5V"), (17.5, pad("+5V")[1]), u("14"))
    route(d, "+5V", (17.5, pad("+5V")[1]), (17.5, g("5")[1]), g("5"), branch=True)
    # Each capacitor just outside its buffer's courtyard.
    d.parts.append(Part("C1", "100nF", "C_0603", 8.3, -14.3, 0.0, chip_0603(),
                        {"1": "+5V", "2": "GND"}, order="CL10B104KB8NNNC"))
    d.tracks.append(Track("+5V", F_CU, ((7.5, u("14")[1]), (7.5, -14.3))))
    ground(d, (9.1, -14.3), (10.2, -14.3))
    d.parts.append(Part("C2", "100nF", "C_0603", 16.65, -3.02, 90.0, chip_0603(),
                        {"1": "+5V", "2": "GND"}, order="CL10B104KB8NNNC"))
    ground(d, (16.65, -3.82), (15.5, -3.9))

    # The Pi's reset: RUN under the Pico and along the top edge, through 1 kOhm.
    route(d, "RUN", p("30"), (-26.5, p("30")[1]), (-26.5, pad("PI_GPIO17")[1]),
          (SERIES_X - 0.8, pad("PI_GPIO17")[1]))
    series("R12", "1k", pad("PI_GPIO17")[1], "RUN", "PI_GPIO17")

    # The buffers' grounds: U1's output enables and ground joined under the chip.
    left, right = u1.x - 1.0, u1.x + 1.0
    d.tracks += [Track("GND", F_CU, (u("1"), (left, u("1")[1]), (left, u("7")[1]), u("7"))),
                 Track("GND", F_CU, (u("4"), (left, u("4")[1]))),
                 Track("GND", F_CU, (u("13"), (right, u("13")[1]), (right, u("10")[1]),
                                     u("10"))),
                 Track("GND", F_CU, ((left, -9.5), (right, -9.5)))]
    d.vias.append(Via("GND", u1.x, -7.0))
    ground(d, g("1"), (11.7, -2.6))
    ground(d, g("3"), (12.9, 0.9))
    d.zones = [("GND", F_CU), ("GND", "B.Cu")]
    return d
