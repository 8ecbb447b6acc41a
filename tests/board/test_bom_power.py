"""Bill of materials and power budget, computed from the board file."""

import dataclasses

import pytest

from marbleboard.board import build_layout
from marbleboard.board.bom import bill_of_materials, format_bom
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.power import budget, format_budget


@pytest.fixture(scope="module")
def board():
    return build_layout("wampoo")


def qty(items, word):
    return sum(i.qty for i in items if word in i.part)


def test_bom_quantities_follow_the_board(board):
    items = bill_of_materials(board)
    assert qty(items, "Hall sensor") == 104
    assert qty(items, "74HC165") == 13
    assert qty(items, "WS2812B") == 109
    assert qty(items, "Marble") == 16
    assert qty(items, "Raspberry Pi Pico") == 1


def test_bom_grows_with_the_track(board):
    bigger = build_layout("wampoo", holes_per_side=22)  # 88 track + 32 rows = 120 holes
    items = bill_of_materials(bigger)
    assert qty(items, "Hall sensor") == 120
    assert qty(items, "74HC165") == 15
    assert not any("unused" in i.note for i in items)  # 120 = 15 x 8: no spare inputs


def test_spare_register_inputs_get_pull_ups():
    board = build_layout("wampoo", holes_per_side=20)  # 80 + 32 = 112 holes: 14 x 8
    assert qty(bill_of_materials(board), "Resistor 10 kOhm") == 112
    odd = build_layout("wampoo", holes_per_side=16)  # 64 + 32 = 96 holes: 12 x 8
    assert qty(bill_of_materials(odd), "Resistor 10 kOhm") == 96
    tiny = dataclasses.replace(odd, holes=odd.holes[:-3], sensor_count=93)
    assert qty(bill_of_materials(tiny), "Resistor 10 kOhm") == 93 + 3


def test_power_budget_of_the_wampoo_board(board):
    b = budget(board)
    assert b.led_max_a == pytest.approx(6.54)
    assert b.led_typical_a == pytest.approx(2.18)
    assert b.sensor_a == pytest.approx(0.312)
    # 4 A x 0.9 - 0.312 - 0.06 = 3.228 A for LEDs that could draw 6.54 A
    assert b.brightness_cap == pytest.approx(3.228 / 6.54)
    assert b.injection_leds == (0, 50, 100)


def test_a_big_supply_needs_no_cap(board):
    big = dataclasses.replace(board, power=dataclasses.replace(board.power, supply_a=10))
    assert budget(big).brightness_cap == 1.0


def test_tables_print(board):
    assert "| 104 | 3-axis linear Hall sensor" in format_bom(board, markdown=True)
    assert "Brightness cap" in format_budget(board)
    assert "49%" in format_budget(board, markdown=True)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_committed_tables_are_current(root, layout):
    board = build_layout(layout)
    assert (root / f"hardware/bom/{layout}.md").read_text() == format_bom(board, markdown=True)
    assert (root / f"hardware/power/{layout}.md").read_text() == format_budget(board,
                                                                               markdown=True)
