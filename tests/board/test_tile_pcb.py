"""The tiles' circuit boards (board/tilepcb.py), drawn from the board file: KiCad's
check of each, every hole of the tile's plan with its sensor and its LED, the
circuit the tile must carry (sensors to registers, the LED chain, the cable),
the top face against the wood, and the committed fab files."""

import dataclasses
import doctest
import itertools
import math
import re

import pytest

from marbleboard.board import build_layout, gridrouter, pcb, tilepcb
from marbleboard.board.gridrouter import PITCH_MM, Router, RoutingError
from marbleboard.board.pcbdesign import bom_csv
from marbleboard.board.pinmaps import HC165
from marbleboard.board.tileframe import frame
from marbleboard.board.tilepcb import CABLE, _the_tile, lies_flat, tile_design
from marbleboard.board.tiles import chain_order

TILES = [(layout, design) for layout in ("wampoo", "wahoo") for design in ("start", "arm")]


@pytest.fixture(scope="module", params=TILES, ids=lambda t: f"{t[0]}-{t[1]}")
def tile(request):
    layout, design = request.param
    board = build_layout(layout)
    t = _the_tile(board, design)
    return board, t, tile_design(layout, design), request.param


def parts_of(d, value):
    return [p for p in d.parts if p.value == value]


def test_each_tile_is_registered_under_its_design_name(tile):
    _, _, d, (layout, design) = tile
    assert pcb.DESIGNS[f"{layout}-{design}-tile"]().name == d.name


def test_each_hole_has_one_sensor_at_its_axis_and_one_led_in_it(tile):
    board, t, d, _ = tile
    f = frame(board, t)
    holes = {h.id: h for h in board.holes}
    sensors, leds = parts_of(d, "TMAG5170A1"), parts_of(d, "WS2812B-2020")
    assert len(sensors) == len(t.holes) and len(leds) == len(t.holes) + len(t.lamps)
    radius = board.hole_diameter_mm / 2
    for h in t.holes:
        x, y = f.to_tile(holes[h].x, holes[h].y)
        at_axis = [p for p in sensors if math.dist((p.x, p.y), (x, y)) < 1e-3]
        inside = [p for p in leds if math.dist((p.x, p.y), (x, y)) < radius]
        assert len(at_axis) == 1 and len(inside) == 1, h
        assert at_axis[0].side == inside[0].side == "top", h


def test_the_frame_keeps_the_holes_distances(tile):
    board, t, _, _ = tile
    f = frame(board, t)
    holes = [h for h in board.holes if h.id in t.holes]
    for a, b in itertools.pairwise(holes):
        assert math.dist(f.to_tile(a.x, a.y), f.to_tile(b.x, b.y)) == pytest.approx(
            math.dist((a.x, a.y), (b.x, b.y)), abs=1e-3)


def registers(d):
    return parts_of(d, "74HC165")


def test_every_sensor_alert_reaches_a_distinct_register_input_with_a_pull_up(tile):
    _, t, d, _ = tile
    inputs = {}
    for r in registers(d):
        for bit in range(8):
            inputs.setdefault(r.nets[str(HC165[f"D{bit}"])], []).append((r.ref, bit))
    alerts = [p.nets["8"] for p in parts_of(d, "TMAG5170A1")]
    assert len(set(alerts)) == len(t.holes)
    for net in alerts:
        assert len(inputs.get(net, [])) == 1, net  # one register input, and only one
        pull = [p for p in d.parts if p.value == "10k" and sorted(p.nets.values()) == sorted(
            [net, "3V3"])]
        assert len(pull) == 1, net
    assert len(registers(d)) == math.ceil(len(t.holes) / 8)


def test_the_led_chain_visits_every_hole_and_lamp_once_in_chain_order(tile):
    board, t, d, _ = tile
    f = frame(board, t)
    places = {h.id: f.to_tile(h.x, h.y) for h in board.holes if h.id in t.holes}
    places |= {lamp.id: f.to_tile(lamp.x, lamp.y) for lamp in board.lamps if lamp.id in t.lamps}
    plug = next(p for p in d.parts if p.value == "SM16B-SRSS-TB")
    by_din = {p.nets["3"]: p for p in parts_of(d, "WS2812B-2020")}  # 3 DIN (Worldsemi)
    net = plug.nets[str(CABLE.index("LED_IN") + 1)]
    visited = []
    while net in by_din:
        led = by_din.pop(net)
        visited.append(min(places, key=lambda k: math.dist(places[k], (led.x, led.y))))
        net = led.nets["1"]  # 1 DOUT
    assert visited == chain_order(board, t)
    assert net == plug.nets[str(CABLE.index("LED_OUT") + 1)]


def test_the_connector_carries_every_line_the_tile_needs(tile):
    _, _, d, _ = tile
    plug = next(p for p in d.parts if p.value == "SM16B-SRSS-TB")
    carried = set(plug.nets.values())
    assert {"+5V", "GND", "3V3", "SCK", "SDI", "CS", "CP", "PL", "Q7", "DS"} <= carried
    assert [plug.pin_names[str(i + 1)] for i in range(16)] == list(CABLE)
    for bus in ("SCK", "SDI", "CS"):
        assert all(p.nets[str({"SCK": 1, "SDI": 2, "CS": 4}[bus])] == bus
                   for p in parts_of(d, "TMAG5170A1"))
    regs = registers(d)
    assert all(r.nets["1"] == "PL" and r.nets["2"] == "CP" and r.nets["16"] == "3V3"
               for r in regs)
    # The registers' chain: the first one's Q7 to the cable, each DS from the next
    # one's Q7, the last one's DS from the cable.
    assert regs[0].nets["9"] == "Q7" and regs[-1].nets["10"] == "DS"
    for a, b in itertools.pairwise(regs):
        assert a.nets["10"] == b.nets["9"]


def test_kicad_finds_no_violation_and_no_unconnected_pad(tile, tmp_path):
    _, _, d, _ = tile
    checked = pcb.build(d, tmp_path)
    assert checked.ok, checked.report
    assert d.layers == 4 and set(d.zones) == {("GND", "In1.Cu"), ("+5V", "In2.Cu")}
    assert {t.layer for t in d.tracks} <= {"F.Cu", "B.Cu"}  # the inner layers are planes


def test_the_committed_fab_files_are_current(tile, root, tmp_path):
    _, _, d, _ = tile
    checked = pcb.build(d, tmp_path)
    committed = root / "hardware" / "pcb" / d.name
    for name in [*checked.files, f"{d.name}-drc.txt"]:
        assert (committed / name).read_bytes() == (tmp_path / name).read_bytes(), name


def test_the_tile_lies_flat_under_the_top_with_no_counterbore(tile):
    _, _, d, (layout, design) = tile
    rooms = lies_flat(layout, design)
    on_top = [p for p in d.parts if p.side == "top" and p.solder]
    assert len(rooms) == len(on_top)
    assert all(r.under and r.side_spare_mm >= 0 and r.height_spare_mm >= 0 for r in rooms), \
        [r for r in rooms if not (r.under and r.side_spare_mm >= 0 and r.height_spare_mm >= 0)]


def test_the_fit_check_finds_an_led_moved_out_of_its_hole(tile):
    _, _, d, (layout, design) = tile
    led = parts_of(d, "WS2812B-2020")[0]
    moved = dataclasses.replace(d, parts=[dataclasses.replace(p, y=p.y - 3.0) if p is led else p
                                          for p in d.parts])
    room = next(r for r in lies_flat(layout, design, moved) if r.ref == led.ref)
    assert room.under == "" and room.side_spare_mm < 0, room


def test_every_part_the_fab_places_has_its_numbers(tile):
    _, _, d, _ = tile
    placed = [p for p in d.parts if p.solder]
    assert all(p.order for p in placed), [p.ref for p in placed if not p.order]
    assert all(re.fullmatch(r"C\d+", p.lcsc) for p in placed if p.lcsc)
    # The 16-way header's LCSC number is still to be found (hardware/pcb/tiles.md).
    assert {p.order for p in placed if not p.lcsc} == {"SM16B-SRSS-TB(LF)(SN)"}
    header = bom_csv(d).splitlines()[0]
    assert header.endswith(",LCSC")


def test_the_router_keeps_two_nets_apart_or_says_it_cannot():
    r = Router((-3.0, -3.0, 3.0, 3.0))
    r.connect("A", (-1.95, 0.0), (1.95, 0.0))
    r.connect("B", (0.0, -1.95), (0.0, 1.95))  # across A, underneath
    layers = {(t.net, t.layer) for t in r.tracks()}
    assert ("A", "F.Cu") in layers and ("B", "B.Cu") in layers
    walled = Router((-3.0, -3.0, 3.0, 3.0))
    from shapely.geometry import box
    walled.block("", ("F.Cu", "B.Cu"), box(-0.3, -3.0, 0.3, 3.0))  # a wall across the board
    with pytest.raises(RoutingError, match="no room to route A"):
        walled.connect("A", (-1.95, 0.0), (1.95, 0.0))
    assert PITCH_MM - 0.6 / 2 - 0.25 / 2 >= 0.2  # a via beside a track keeps the clearance


def test_the_examples_in_the_modules_run():
    for module in (tilepcb, gridrouter):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__
