"""The circuit boards a maker orders (the hole, register and controller modules):
their designs against the parts' datasheets and the boards' netlists, and KiCad's
own design rule check of the boards they become (KiCad's pcbnew, from Debian's
kicad package)."""

import collections
import dataclasses
import itertools
import math

import pytest

from marbleboard.board import bodies, build_layout, pcb
from marbleboard.board.controllerboard import PADS, controller_board
from marbleboard.board.holemodule import WIRES, hole_module
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.netlist import build
from marbleboard.board.pcbdesign import EDGE_CLEARANCE_MM, Track
from marbleboard.board.registermodule import TOWARD_NEXT, TOWARD_PICO, register_module
from marbleboard.board.ringmodule import LANES, ROLE_NETS, ring_build, ring_module, site_xy

# TI SBASAF4, 5 Pin Configuration and Functions.
TMAG5170_PINS = {"1": "SCK", "2": "SDI", "4": "CS", "5": "+5V", "6": "GND", "7": "GND",
                 "8": "ALERT"}  # 3 SDO is left unconnected: nothing reads a sensor
# Worldsemi WS2812B, PIN function: 1 VDD, 2 DOUT, 3 VSS, 4 DIN.
WS2812B_PINS = {"1": "+5V", "2": "DOUT", "3": "GND", "4": "DIN"}


@pytest.fixture(scope="module")
def design():
    return hole_module()


@pytest.fixture(scope="module", params=sorted(pcb.DESIGNS))
def any_design(request):
    return pcb.DESIGNS[request.param]()


def test_every_pad_lies_on_the_board_clear_of_its_edge(any_design):
    for part in any_design.parts:
        for pad in part.pads:
            x, y = part.pad_xy(pad.number)
            room = any_design.room_inside(x, y, *part.pad_extent(pad.number))
            assert room >= EDGE_CLEARANCE_MM, (part.ref, pad.number, room)


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


def test_kicad_finds_no_design_rule_violation_and_no_unconnected_pad(kicad, any_design,
                                                                     tmp_path):
    checked = pcb.build(any_design, tmp_path)
    assert checked.ok, checked.report
    name = any_design.name
    for layer in ("F_Cu", "B_Cu", "F_Mask", "B_Mask", "F_Paste", "F_SilkS", "Edge_Cuts"):
        assert (tmp_path / f"{name}-{layer}.gbr").stat().st_size > 200
    drill = (tmp_path / f"{name}-PTH.drl").read_text()
    assert "C1.000" in drill and "C0.300" in drill  # the wire pads and the vias
    holes = [line for line in drill.splitlines() if line.startswith("X")]
    through = sum(1 for part in any_design.parts for pad in part.pads if pad.drill)
    assert len(holes) == through + len({(v.x, v.y) for v in any_design.vias})
    placed = (tmp_path / f"{name}-cpl.csv").read_text().splitlines()[1:]
    assert len(placed) == sum(1 for part in any_design.parts if part.solder)


def test_the_check_catches_a_short_and_a_missing_track(kicad, design, tmp_path):
    # The sensor's output moved onto the LED data out's lane: copper too close.
    shorted = dataclasses.replace(design, tracks=[
        Track(t.net, t.layer, tuple((6.0 if x == 5.2 else x, y) for x, y in t.points))
        if t.net == "ALERT" else t for t in design.tracks])
    assert pcb.build(shorted, tmp_path / "short").violations > 0
    # The chip select's tracks left out: its pads are unconnected.
    missing = dataclasses.replace(design, tracks=[t for t in design.tracks if t.net != "CS"])
    assert pcb.build(missing, tmp_path / "missing").unconnected > 0


def test_the_check_catches_two_parts_whose_bodies_would_touch(kicad, design, tmp_path):
    # The 5 V capacitor slid 3.2 mm toward the sensor: their pads stay apart, but
    # the courtyards overlap.
    crowded = dataclasses.replace(design, tracks=[], vias=[], parts=[
        dataclasses.replace(p, x=p.x - 3.2) if p.ref == "C1" else p for p in design.parts])
    checked = pcb.build(crowded, tmp_path)
    assert checked.violations == 1 and "courtyards_overlap" in checked.report, checked.report


def test_every_part_the_fab_places_has_a_body_and_a_courtyard(any_design, kicad, tmp_path):
    placed = [p for p in any_design.parts if p.solder]
    assert placed and all(bodies.body_of(p) is not None for p in placed), \
        [p.footprint for p in placed if bodies.body_of(p) is None]
    board = (tmp_path / f"{any_design.name}.kicad_pcb")
    pcb.build(any_design, tmp_path)
    text = board.read_text()
    # Each body drawn as four lines on the fab layer, each courtyard on its own; a
    # mounting hole's screw head as a round courtyard on both faces.
    sides = collections.Counter(p.side for p in any_design.parts if bodies.body_of(p))
    drawn = bodies.drawn(any_design)
    screws = {side: sum(len(c["outline"]) for c in drawn["courtyards"]
                        if c["ref"].startswith("H") and c["side"] == side)
              for side in ("top", "bottom")}
    assert screws["top"] == screws["bottom"] == (
        len(any_design.mounting) * len(bodies.screw_keepout(any_design.mounting[0]))
        if any_design.mounting else 0)
    assert text.count('(layer "F.CrtYd")') == 4 * sides["top"] + screws["top"]
    assert text.count('(layer "B.CrtYd")') == 4 * sides["bottom"] + screws["bottom"]
    assert text.count('(layer "F.Fab")') == 4 * sides["top"]


def test_committed_board_files_are_current(kicad, root, any_design, tmp_path):
    checked = pcb.build(any_design, tmp_path)
    committed = root / "hardware" / "pcb" / any_design.name
    for name in [*checked.files, f"{any_design.name}-drc.txt"]:
        assert (committed / name).read_bytes() == (tmp_path / name).read_bytes(), name


# Nexperia 74HC165, Table 2 "Pin description".
HC165_PINS = {"1": "PL", "2": "CP", "3": "D4", "4": "D5", "5": "D6", "6": "D7", "8": "GND",
              "9": "Q7", "10": "DS", "11": "D0", "12": "D1", "13": "D2", "14": "D3",
              "15": "GND", "16": "3V3"}  # 15 is CE, held low so the clock shifts


def test_the_register_module_wires_the_chip_as_its_datasheet_says():
    d = register_module()
    assert d.part("U1").nets == HC165_PINS
    assert "7" not in d.part("U1").nets  # /Q7: nothing reads it


def test_each_register_input_has_its_pad_and_its_pull_up():
    d = register_module()
    pads = {**d.part("J3").nets, **d.part("J4").nets}
    assert sorted(pads.values()) == [f"D{i}" for i in range(8)]
    assert all(number == net for number, net in pads.items())  # pads named for their input
    pull_ups = [p for p in d.parts if p.value == "10k" and "3V3" in p.nets.values()]
    assert sorted(p.nets["1"] for p in pull_ups) == [f"D{i}" for i in range(8)]
    labels = {label.text for label in d.labels}
    assert {f"D{i}" for i in range(8)} <= labels


def test_the_register_chain_pads_line_up_from_one_module_to_the_next():
    d = register_module()
    toward_pico, toward_next = d.part("J1"), d.part("J2")
    assert tuple(toward_pico.nets[str(i + 1)] for i in range(5)) == TOWARD_PICO
    assert tuple(toward_next.nets[str(i + 1)] for i in range(5)) == TOWARD_NEXT
    # A module's DS pad faces the next module's Q7 pad, and so on down the row.
    for i in range(5):
        assert toward_pico.pad_xy(str(i + 1))[1] == toward_next.pad_xy(str(i + 1))[1]
    ds_pull = [p for p in d.parts if set(p.nets.values()) == {"DS", "GND"}]
    assert [p.value for p in ds_pull] == ["10k"]


def nets_by_part(circuit):
    """Each netlist part: its name, value and pin -> net."""
    out = {p.ref: (p.name, str(p.value), {}) for p in circuit.parts}
    for net in circuit.nets:
        for pin in net.pins:
            out[pin.part.ref][2][str(pin.num)] = net.name
    return out


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_controller_board_is_the_controller_of_every_board_netlist(layout):
    """Same nets on the Pico and the buffers, the same resistors between the same
    nets: the board a maker orders is the circuit the netlist describes."""
    d = controller_board()
    parts = nets_by_part(build(build_layout(layout)))
    in_netlist = {net for _, _, pins in parts.values() for net in pins.values()}
    # Without Stomper sensors, the netlist has no second chip select: the board's
    # U2, R5 and R10 are the parts left off.
    unused = {"PIECE_CS_3V3", "PIECE_CS_5V", "PIECE_CS"} - in_netlist
    board_nets = d.nets() - unused

    def on_board(pins):
        return {pin: net for pin, net in pins.items() if net in board_nets}

    assert on_board(parts["A1"][2]) == on_board(d.part("A1").nets)
    for name, ref in (("74AHCT125", "U1"), ("SN74AHCT1G125", "U2")):
        found = [pins for n, _, pins in parts.values() if n == name]
        assert found == ([d.part(ref).nets] if ref == "U1" or not unused else []), name
    resistors = collections.Counter(
        (value, frozenset(pins.values())) for name, value, pins in parts.values()
        if name == "R" and set(pins.values()) <= board_nets
)
    ours = collections.Counter((p.value, frozenset(p.nets.values())) for p in d.parts
                               if p.footprint == "R_0603" and not unused & set(p.nets.values()))
    assert resistors == ours
    wired = {net for _, net, _, _ in PADS}
    assert wired == {"PI_GPIO17", "GND", "+5V", "+3V3", "SCK", "SDI", "CS", "PIECE_CS",
                     "LED_DIN_0", "LOAD", "MISO", "CP"}


def test_the_ring_module_puts_each_sensor_where_the_sensing_was_computed():
    """hardware/sensing/<board>.md is computed for the build's sites: the module
    must put every sensor there, on that side, its axes along the board's."""
    build = ring_build()
    d = ring_module(build)
    sensors = [p for p in d.parts if p.value == "TMAG5170A1"]
    assert len(sensors) == len(build.sites)
    for part, site in zip(sensors, build.sites, strict=True):
        assert (part.x, part.y) == pytest.approx(site_xy(site), abs=1e-3), part.ref
        assert math.hypot(part.x, part.y) == pytest.approx(site.r_mm, abs=1e-3)
        assert part.side == site.side
        assert part.rotation % 90 == 0  # x and y along the board's, as computed
        cs, out = ROLE_NETS[site.role]
        assert part.nets == {"1": "SCK", "2": "SDI", "4": cs, "5": "+5V", "6": "GND",
                             "7": "GND", "8": out}  # TI SBASAF4, 5
    assert d.cutout_mm == build.cutout_mm / 2


def test_ring_modules_fit_side_by_side_and_every_chip_has_its_capacitor():
    board = next(b for b in map(build_layout, sorted(LAYOUTS)) if b.build == ring_build())
    pitch = min(math.dist((a.x, a.y), (b.x, b.y)) for a in board.holes for b in board.holes
                if a is not b)
    d = ring_module()
    assert 2 * d.radius_mm < pitch
    chips = [p for p in d.parts if p.value in ("TMAG5170A1", "WS2812B")]
    caps = [p for p in d.parts if p.value == "100nF"]
    assert len(caps) == len(chips)
    # On the supply track, near the pin it serves: a diagonal sensor's capacitor
    # sits 5.1 mm away, just outside the package's courtyard (some 5 nH of track,
    # nothing at the sensor's 3.4 mA).
    for cap in caps:
        nearest = min(math.dist(cap.pad_xy("1"), c.pad_xy("5" if c.value != "WS2812B" else "1"))
                      for c in chips if c.side == cap.side)
        assert nearest < 5.5, cap.ref


def test_the_ring_module_shared_lines_are_circles_a_via_can_sit_between():
    radii = sorted(LANES.values())
    gaps = [b - a for a, b in itertools.pairwise(radii)]
    # A via (0.3 mm radius) on one circle keeps 0.2 mm from the next (0.125 mm half-width).
    assert min(gaps) >= 0.3 + 0.2 + 0.125
    d = ring_module()
    assert radii[-1] + 0.3 <= d.radius_mm - EDGE_CLEARANCE_MM
    wires = [*d.part("J1").nets.values(), *d.part("J2").nets.values()]
    assert sorted(wires) == sorted([*LANES, "GND", "DIN", "DOUT"])
