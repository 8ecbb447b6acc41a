"""The controller of a board built from tiles (board/tilecontroller.py): KiCad's
check, one header per tile of the plan, each contact on its cable line, and the
chains followed net by net through the headers in the plan's order."""

import doctest
import math

import pytest

from marbleboard.board import build_layout, pcb, tilebom, tilecontroller
from marbleboard.board.pinmaps import HC165
from marbleboard.board.tilecontroller import HALF_MM, chains, tile_controller
from marbleboard.board.tilepcb import CABLE
from marbleboard.board.tiles import plan

LAYOUTS = ("wampoo", "wahoo")


@pytest.fixture(scope="module", params=LAYOUTS)
def controller(request):
    layout = request.param
    return layout, plan(build_layout(layout)), tile_controller(layout)


def headers(d):
    return [p for p in d.parts if p.value == "SM16B-SRSS-TB"]


def contact(part, role):
    return part.nets.get(str(CABLE.index(role) + 1), "")


def test_each_controller_is_registered_under_its_name(controller):
    layout, _, d = controller
    assert pcb.DESIGNS[f"{layout}-tile-controller"]().name == d.name == f"{layout}-tile-controller"


def test_one_header_per_tile_of_the_plan(controller):
    _, p, d = controller
    assert len(headers(d)) == len(p.tiles) == p.cables
    assert len(headers(d)) == {"wampoo": 8, "wahoo": 10}[p.board]


def test_every_header_contact_is_its_cable_line(controller):
    _, p, d = controller
    chained = {"LED_IN", "LED_OUT", "Q7", "DS"}
    for h in headers(d):
        assert [h.pin_names[str(i + 1)] for i in range(16)] == list(CABLE)
        for role in CABLE:
            net = contact(h, role)
            if role in chained:
                continue  # followed link by link below
            # A tile with no sensors (Wa-Hoo's lamps) takes no sensor or register line.
            assert net in (role, ""), (h.ref, role, net)
        assert all(contact(h, r) == r for r in ("GND", "+5V"))
    readers = [h for h in headers(d) if contact(h, "SCK")]
    assert len(readers) == sum(1 for t in p.tiles if t.holes)
    assert all(contact(h, r) == r for h in readers for r in ("SCK", "SDI", "CS", "CP", "PL",
                                                               "3V3"))


def test_the_led_chain_runs_through_the_headers_in_the_plans_order(controller):
    _, p, d = controller
    by_net = {}
    for h in headers(d):
        by_net.setdefault(contact(h, "LED_IN"), []).append(h)
    leds = {q.nets["3"]: q for q in d.parts if q.value == "WS2812B-2020"}  # 3 DIN
    # From the LED data's 330 Ohm, through the controller's own LEDs, then tile by tile.
    series = next(q for q in d.parts if q.value == "330")
    net = series.nets["2"]
    own, visited = 0, []
    while True:
        if net in leds:
            net = leds.pop(net).nets["1"]  # 1 DOUT
            own += 1
            continue
        nxt = by_net.pop(net, [])
        if not nxt:
            break
        assert len(nxt) == 1, net  # one header takes each link
        visited.append(nxt[0])
        net = contact(nxt[0], "LED_OUT")
    assert own == len(p.controller_holes) + len(p.controller_lamps)
    assert len(visited) == len(p.tiles) and net == ""
    order = chains(p, own)
    assert [contact(h, "LED_IN") for h in visited] == [s.led_in for s in order
                                                       if s.name != "controller"]


def test_the_register_chain_runs_through_every_sensing_tile_in_the_plans_order(controller):
    _, p, d = controller
    pico = next(q for q in d.parts if q.value == "Raspberry Pi Pico")
    net = pico.nets["6"]  # GP4, the Pico's data in (hardware/pinout.md)
    by_q7 = {contact(h, "Q7"): h for h in headers(d) if contact(h, "Q7")}
    regs = {q.nets[str(HC165["Q7"])]: q for q in d.parts if q.value == "74HC165"}
    stations = []
    while True:
        if net in regs:  # the controller's own register: on to its DS
            stations.append("controller")
            net = regs.pop(net).nets[str(HC165["DS"])]
        elif net in by_q7:
            h = by_q7.pop(net)
            stations.append(h.ref)
            net = contact(h, "DS")
        else:
            break
    sensing = [t for t in p.tiles if t.holes]
    assert not by_q7 and not regs
    assert len(stations) == len(sensing) + (1 if p.controller_holes else 0)
    # The headers in the plan's order: the LED chain's order, lamps left out.
    led_order = {contact(h, "LED_IN"): h.ref for h in headers(d)}
    expected = [led_order[s.led_in] for s in chains(p, len(p.controller_holes) + len(
        p.controller_lamps)) if s.name != "controller" and s.q7]
    assert [s for s in stations if s != "controller"] == expected


def test_the_controller_carries_the_centre_the_plan_gives_it(controller):
    _, p, d = controller
    sensors = [q for q in d.parts if q.value == "TMAG5170A1"]
    leds = [q for q in d.parts if q.value == "WS2812B-2020"]
    assert len(sensors) == len(p.controller_holes)
    assert len(leds) == len(p.controller_holes) + len(p.controller_lamps)
    assert all(q.side == "top" and math.dist((q.x, q.y), (0, 0)) < 5 for q in sensors + leds)
    # Everything else the fab places is underneath: the top face lies flat under the wood.
    placed = [q for q in d.parts if q.solder]
    assert all(q.side == "bottom" for q in placed if math.dist((q.x, q.y), (0, 0)) > 6)
    assert next(q for q in d.parts if q.value == "Raspberry Pi Pico").side == "bottom"


def test_the_controller_fits_the_square_the_arm_tiles_leave(controller):
    _, _, d = controller
    assert d.rect_mm == (-HALF_MM, -HALF_MM, HALF_MM, HALF_MM)
    assert 2 * HALF_MM <= 75.0  # Wampoo's and Wa-Hoo's arms stand 37.5 mm off the centre


def test_kicad_finds_no_violation_and_no_unconnected_pad(controller, tmp_path):
    _, _, d = controller
    checked = pcb.build(d, tmp_path)
    assert checked.ok, checked.report
    assert d.layers == 4 and set(d.zones) == {("GND", "In1.Cu"), ("+5V", "In2.Cu")}


def test_the_committed_fab_files_are_current(controller, root, tmp_path):
    _, _, d = controller
    checked = pcb.build(d, tmp_path)
    committed = root / "hardware" / "pcb" / d.name
    for name in [*checked.files, f"{d.name}-drc.txt"]:
        assert (committed / name).read_bytes() == (tmp_path / name).read_bytes(), name


def test_the_examples_in_the_modules_run():
    for module in (tilecontroller, tilebom):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
