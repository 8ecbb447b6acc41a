"""The register module: a small circuit board carrying one 74HC165 with the 10 kOhm
pull-ups of its eight inputs, chained to the next module by five wires. Every
board takes the same module, one per eight sensors (13 on a board of 104 holes), so it is one
design to order in quantity (hardware/pcb/README.md).

Seen from the top, with the chip at the centre and its rows of pins along x:
- the sensors' wires solder to eight pads, D3..D0 along the top edge and D4..D7
  along the bottom one, each straight out from its pin, with its pull-up on the
  way (the pull-ups' 3.3 V runs underneath);
- the chain solders to five pads at each end: J1 on the left toward the Pico
  (3V3, Q7, CP, PL, GND), J2 on the right toward the next module (3V3, DS, CP,
  PL, GND), in the same order so the wires between two modules run straight;
- DS has a pull-down on the module, so the last module of a chain needs no wire
  there.

Pin numbers are the 16-pin package's (Nexperia 74HC165, Table 2 "Pin
description"); coordinates in mm, y pointing down, the chip's centre at the
origin.
"""

from __future__ import annotations

from .pcbdesign import Design, Label, Pad, Part, Point, Track, Via, chip_0603, soic, wire_pad
from .pinmaps import HC165, by_number

RECT_MM = (-14.0, -13.5, 14.0, 13.5)

# 74HC165 pins, from Nexperia's Table 2.
PINS = {"1": "PL", "2": "CP", "3": "D4", "4": "D5", "5": "D6", "6": "D7", "7": "",
        "8": "GND", "9": "Q7", "10": "DS", "11": "D0", "12": "D1", "13": "D2",
        "14": "D3", "15": "GND", "16": "3V3"}  # 7 (/Q7) unused; 15 (CE) held low

CHAIN_Y = (-5.08, -2.54, 0.0, 2.54, 5.08)
TOWARD_PICO = ("3V3", "Q7", "CP", "PL", "GND")
TOWARD_NEXT = ("3V3", "DS", "CP", "PL", "GND")
CHAIN_X = 12.0
INPUT_X = (-3.81, -1.27, 1.27, 3.81)
INPUT_Y = 10.5  # the input pads' rows, above and below the chip
PULL_UP_Y = 7.0  # each pull-up stands between its input's track and the next
BUS_Y = 9.0  # the pull-ups' 3.3 V, underneath
SPINE_X = -8.0  # joins the two 3.3 V buses, on top
F, B = "F.Cu", "B.Cu"


def register_module() -> Design:
    d = Design("register-module", rect_mm=RECT_MM)
    chip = Part("U1", "74HC165", "SOIC-16_3.9x9.9mm_P1.27mm", 0.0, 0.0, 90.0, soic(16),
                {k: v for k, v in PINS.items() if v}, order="74HC165D",
                pin_names=by_number(HC165))
    d.parts = [chip]
    pin = chip.pad_xy

    # The inputs: top row D3..D0, bottom row D4..D7, each fanned out from its pin
    # to a pad on the 2.54 mm grid, past its pull-up.
    top = [("D3", "14"), ("D2", "13"), ("D1", "12"), ("D0", "11")]
    bottom = [("D4", "3"), ("D5", "4"), ("D6", "5"), ("D7", "6")]
    for side, row, jref in ((-1, top, "J3"), (1, bottom, "J4")):
        pads: list[Pad] = []
        for x, (name, number) in zip(INPUT_X, row, strict=True):
            px, py = pin(number)
            bend = side * 3.8
            d.tracks.append(Track(name, F, ((px, py), (px, bend),
                                            (x, bend + side * abs(x - px)),
                                            (x, side * PULL_UP_Y), (x, side * INPUT_Y))))
            # Turned so its input end faces the chip on either side.
            r = Part(f"R{int(name[1]) + 1}", "10k", "R_0603", x + 1.27, side * PULL_UP_Y,
                     90.0 if side < 0 else 270.0, chip_0603(), {"1": name, "2": "3V3"},
                     order="RC0603FR-0710KL")
            d.parts.append(r)
            d.tracks.append(Track(name, F, ((x, r.pad_xy("1")[1]), r.pad_xy("1"))))
            d.tracks.append(Track("3V3", F, (r.pad_xy("2"), (r.x, side * BUS_Y))))
            d.vias.append(Via("3V3", r.x, side * BUS_Y))
            pads.append(wire_pad(name, x, 0.0, name == row[0][0]))
            d.labels.append(Label(name, x, side * (INPUT_Y + 1.9), 0.8))
        d.parts.append(Part(jref, "inputs", "Pads_1x4_P2.54mm", 0.0, side * INPUT_Y, 0.0,
                            tuple(pads), {p.number: p.number for p in pads}, solder=False,
                            pin_names={p.number: p.number for p in pads}))

    # The chain pads at both ends; the label of each beside it, inboard.
    for jref, x, nets in (("J1", -CHAIN_X, TOWARD_PICO), ("J2", CHAIN_X, TOWARD_NEXT)):
        chain = tuple(wire_pad(str(i + 1), 0.0, y, i == 0) for i, y in enumerate(CHAIN_Y))
        d.parts.append(Part(jref, "chain", "Pads_1x5_P2.54mm", x, 0.0, 0.0, chain,
                            {str(i + 1): n for i, n in enumerate(nets)}, solder=False,
                            pin_names={str(i + 1): n for i, n in enumerate(nets)}))
        for y, net in zip(CHAIN_Y, nets, strict=True):
            d.labels.append(Label(net, x * 0.825, y, 0.8))
    d.labels += [Label("to Pico", -11.0, -7.0, 0.8), Label("to next", 11.0, -7.0, 0.8)]

    # C1 at VCC; R9 holds DS low where no module follows.
    d.parts.append(Part("C1", "100nF", "C_0603", -6.3, -3.275, 90.0, chip_0603(),
                        {"1": "3V3", "2": "GND"}, order="CL10B104KB8NNNC"))
    d.parts.append(Part("R9", "10k", "R_0603", 6.9, -4.0, 0.0, chip_0603(),
                        {"1": "GND", "2": "DS"}, order="RC0603FR-0710KL"))
    c1, r9 = d.part("C1"), d.part("R9")

    def lane(net: str, y: float, x0: float = -CHAIN_X, x1: float = CHAIN_X) -> Track:
        return Track(net, B, ((x0, y), (x1, y)))

    q7, ds, cp, pl = CHAIN_Y[1], CHAIN_Y[1], CHAIN_Y[2], CHAIN_Y[3]
    spine_top: Point = (SPINE_X, -BUS_Y)
    spine_bottom: Point = (SPINE_X, BUS_Y)
    d.tracks += [
        # 3.3 V: the chip and C1 to the spine, the spine to J1 and to both buses,
        # the top bus to J2.
        Track("3V3", F, (pin("16"), (SPINE_X, pin("16")[1]))),
        Track("3V3", F, (spine_top, spine_bottom)),
        Track("3V3", F, ((SPINE_X, CHAIN_Y[0]), (-CHAIN_X, CHAIN_Y[0]))),
        Track("3V3", B, (spine_top, (CHAIN_X, -BUS_Y), (CHAIN_X, CHAIN_Y[0]))),
        Track("3V3", B, (spine_bottom, (INPUT_X[-1] + 1.27, BUS_Y))),
        Track("GND", F, (c1.pad_xy("2"), (c1.x, -5.3))),
        # The chain: PL and CP pass from end to end underneath; Q7 goes back
        # toward the Pico, DS comes from the next module.
        Track("PL", F, (pin("1"), (-5.6, pl))),
        lane("PL", pl),
        Track("CP", F, (pin("2"), (pin("2")[0], cp))),
        lane("CP", cp),
        Track("Q7", F, (pin("9"), (5.6, q7))),
        lane("Q7", q7, x1=5.6),
        Track("DS", F, (pin("10"), (pin("10")[0], -0.9))),
        Track("DS", B, ((pin("10")[0], -0.9), (7.0, -0.9), (7.0, ds), (CHAIN_X, ds))),
        Track("DS", F, (r9.pad_xy("2"), (r9.pad_xy("2")[0], ds), (CHAIN_X, ds))),
        # CE and GND to the ground planes.
        Track("GND", F, (pin("15"), (pin("15")[0], -0.9))),
        Track("GND", F, (pin("8"), (5.6, pin("8")[1]), (5.6, 4.2))),
    ]
    d.vias += [Via("3V3", *spine_top), Via("3V3", *spine_bottom),
               Via("PL", -5.6, pl), Via("CP", pin("2")[0], cp), Via("Q7", 5.6, q7),
               Via("DS", pin("10")[0], -0.9),
               Via("GND", c1.x, -5.3), Via("GND", 7.0, -5.5), Via("GND", pin("15")[0], -0.9),
               Via("GND", 5.6, 4.2), Via("GND", -6.8, -1.27), Via("GND", -6.8, 1.27),
               Via("GND", 6.0, 1.27)]
    d.zones = [("GND", F), ("GND", B)]
    return d
