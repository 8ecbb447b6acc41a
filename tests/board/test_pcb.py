"""The hole module's circuit board: its design, and KiCad's own design rule check of
the board it becomes (KiCad's pcbnew, from Debian's kicad package)."""

import dataclasses
import math

import pytest

from marbleboard.board import build_layout, pcb
from marbleboard.board.holemodule import (
    EDGE_CLEARANCE_MM,
    RADIUS_MM,
    WIRES,
    Track,
    hole_module,
)

# TI SBASAF4, 5 Pin Configuration and Functions.
TMAG5170_PINS = {"1": "SCK", "2": "SDI", "4": "CS", "5": "+5V", "6": "GND", "7": "GND",
                 "8": "ALERT"}  # 3 SDO is left unconnected: nothing reads a sensor
# Worldsemi WS2812B, PIN function: 1 VDD, 2 DOUT, 3 VSS, 4 DIN.
WS2812B_PINS = {"1": "+5V", "2": "DOUT", "3": "GND", "4": "DIN"}


@pytest.fixture(scope="module")
def design():
    return hole_module()


def test_every_pad_lies_on_the_board_clear_of_its_edge(design):
    for part in design.parts:
        for pad in part.pads:
            x, y = part.pad_xy(pad.number)
            reach = math.hypot(x, y) + math.hypot(pad.w, pad.h) / 2
            assert reach <= RADIUS_MM - EDGE_CLEARANCE_MM, (part.ref, pad.number, reach)


def test_the_sensor_and_the_led_are_wired_as_their_datasheets_say(design):
    assert design.part("U1").nets == TMAG5170_PINS
    assert design.part("D1").nets == WS2812B_PINS
    assert (design.part("U1").x, design.part("U1").y) == (0.0, 0.0)  # under the hole's axis


def test_the_wire_pads_carry_every_signal_once(design):
    assert design.part("J1").nets == WIRES
    assert sorted(WIRES.values()) == sorted({"SCK", "SDI", "CS", "DIN", "DOUT", "ALERT",
                                             "+5V", "GND"})


def test_the_led_stays_clear_of_a_marble_resting_as_low_as_it_can(design):
    # A WS2812B 5050 stands 1.6 mm on the board; the marble hangs into its hole.
    board = build_layout("wampoo")
    build = board.build
    low, _ = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
    r = board.marble_diameter_mm / 2
    led = design.part("D1")
    nearest = abs(led.y) - 2.5  # the LED body's edge nearest the hole's axis
    surface = low - math.sqrt(r * r - nearest * nearest)
    led_top = build.pcb_top_mm + 1.6
    assert surface - led_top >= 0.3, surface - led_top


@pytest.fixture(scope="module")
def kicad():
    return pcb.kicad_python()  # fails, saying how to install KiCad, when it is missing


def test_kicad_finds_no_design_rule_violation_and_no_unconnected_pad(kicad, design, tmp_path):
    checked = pcb.build(design, tmp_path)
    assert checked.ok, checked.report
    for layer in ("F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Paste", "F_SilkS", "Edge_Cuts"):
        assert (tmp_path / f"hole-module-{layer}.gbr").stat().st_size > 200
    drill = (tmp_path / "hole-module-PTH.drl").read_text()
    assert "C1.000" in drill and "C0.300" in drill  # the wire pads and the vias
    holes = [line for line in drill.splitlines() if line.startswith("X")]
    assert len(holes) == 8 + len(design.vias)


def test_the_check_catches_a_short_and_a_missing_track(kicad, design, tmp_path):
    # The sensor's output moved onto the LED data out's lane: copper too close.
    shorted = dataclasses.replace(design, tracks=[
        Track(t.net, t.layer, tuple((6.0 if x == 5.2 else x, y) for x, y in t.points))
        if t.net == "ALERT" else t for t in design.tracks])
    assert pcb.build(shorted, tmp_path / "short").violations > 0
    # The chip select's tracks left out: its pads are unconnected.
    missing = dataclasses.replace(design, tracks=[t for t in design.tracks if t.net != "CS"])
    assert pcb.build(missing, tmp_path / "missing").unconnected > 0


def test_committed_board_files_are_current(kicad, root, design, tmp_path):
    checked = pcb.build(design, tmp_path)
    committed = root / "hardware" / "pcb" / "hole-module"
    for name in [*checked.files, "hole-module-drc.txt"]:
        assert (committed / name).read_bytes() == (tmp_path / name).read_bytes(), name
