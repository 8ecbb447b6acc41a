"""The per-register wiring tables agree with the order the Pico reads the chain."""

import doctest

import pytest

from marbleboard.board import build_layout, tmag5170, wiring
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.pinmaps import INPUT_PINS
from marbleboard.board.wiring import register_rows
from marbleboard.sim.physical import PhysicalBoard


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_sensor_has_one_input_and_every_input_one_line(layout):
    board = build_layout(layout)
    rows = register_rows(board)
    assert len(rows) == board.sensor_registers * 8
    assert [r.sensor for r in rows] == list(range(len(rows)))
    used = [r for r in rows if r.hole is not None]
    # A board built from tiles leaves the last inputs of each tile's last register
    # unused; every sensor a hole names has its row.
    sensed = {h.sensor for h in board.holes} | {
        h.piece_sensor for h in board.holes if h.piece_sensor is not None}
    assert {r.sensor for r in used} == sensed
    assert {(r.register, r.pin) for r in rows} == {
        (reg, pin) for reg in range(board.sensor_registers) for pin in INPUT_PINS.values()}


@pytest.mark.parametrize("layout", ["wampoo", "stomple"])
def test_a_marble_over_a_hole_lights_the_bit_its_table_row_names(layout):
    # The simulated chain is the firmware's view: byte r is register r, and its
    # first bit shifted out (the most significant) is D7.
    board = build_layout(layout)
    rows = {r.sensor: r for r in register_rows(board)}
    physical = PhysicalBoard(board)
    for group, (_, frames) in enumerate(tmag5170.board_setups(board.build)):
        physical.hear_setup(group, frames)
    buf = bytearray((board.sensor_count + 7) // 8)
    for hole in board.holes:
        physical.setup([hole.id])
        physical.read_chain(buf)
        low = [(i, b) for i, byte in enumerate(buf) for b in range(8) if not byte & 0x80 >> b]
        assert len(low) == 1, hole.id
        register, first_out = low[0]
        row = rows[hole.sensor]
        assert (row.register, row.input, row.hole) == (register, f"D{7 - first_out}", hole.id)


def test_the_examples_in_the_modules_run():
    for module in (wiring, tmag5170):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
