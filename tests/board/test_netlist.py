"""Each board's netlist joins what the wiring tables, the pinout and the LED order
say, and nothing else."""

import re

import pytest

from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.netlist import build, netlist, pins_by_net
from marbleboard.board.pinmaps import pico_pin
from marbleboard.board.wiring import register_rows


@pytest.fixture(scope="module", params=sorted(LAYOUTS))
def circuit(request):
    board = build_layout(request.param)
    return board, pins_by_net(build(board))


def net_of(nets, ref, pin):
    found = [name for name, pins in nets.items() if (ref, str(pin)) in pins]
    assert len(found) == 1, (ref, pin, found)
    return found[0]


def test_the_pico_pins_are_the_pinout_pages(root):
    # hardware/pinout.md: GP2 pin 4, GP3 5, GP4 6, GP5 7, GP6 9, GP7 10, GP8 11.
    text = (root / "hardware" / "pinout.md").read_text()
    for gpio, pin in re.findall(r"\| GP(\d+) \| (\d+) \|", text):
        assert pico_pin(int(gpio)) == int(pin), gpio
    grounds = {3, 8, 13, 18, 23, 28, 33, 38}
    assert not grounds & {pico_pin(g) for g in (*range(23), 26, 27, 28)}


def test_every_sensor_line_reaches_the_register_input_its_table_names(circuit):
    board, nets = circuit
    # The 74HC165s are the parts whose pin 1 (PL) is on the load line.
    hc165 = sorted((ref for ref, pin in nets["LOAD"] if pin == "1"), key=lambda r: int(r[1:]))
    assert len(hc165) == board.sensor_registers
    for row in register_rows(board):
        name = net_of(nets, hc165[row.register], row.pin)
        assert name == f"S{row.sensor}"
        if row.hole is not None:
            assert len(nets[name]) >= 3  # the register pin, its pull-up, the sensor(s)


def test_the_led_chain_runs_in_led_order_from_the_buffer(circuit):
    board, nets = circuit
    assert len(nets["LED_DIN_0"]) == 2  # the 330 Ohm resistor and the first LED
    for led in range(board.led_count):
        assert len(nets[f"LED_DIN_{led}"]) == 2, led  # one out, one in
    assert len(nets[f"LED_DIN_{board.led_count}"]) == 1  # the last LED's data out


def test_no_net_is_left_with_a_single_pin_but_the_chains_ends(circuit):
    board, nets = circuit
    alone = {name for name, pins in nets.items() if len(pins) < 2}
    assert alone == {f"LED_DIN_{board.led_count}"}


def test_committed_netlists_are_current(root, circuit):
    board, _ = circuit
    assert (root / f"hardware/netlist/{board.id}.net").read_text() == netlist(board)
