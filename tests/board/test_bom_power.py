"""Bill of materials and power budget, computed from the board file."""

import dataclasses

import pytest

from marbleboard.board import build_layout
from marbleboard.board.bom import (
    bill_of_materials,
    cables_plugged,
    default_assembly,
    format_bom,
    hand_joints,
    total,
)
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.power import budget, format_budget
from marbleboard.board.prices import ASSEMBLY_JOINT, PRICES
from marbleboard.board.wiring import format_wiring


@pytest.fixture(scope="module")
def board():
    return build_layout("wampoo")


def qty(items, word):
    return sum(i.qty for i in items if word in i.part)


def qty_for(items, part, why):
    return sum(i.qty for i in items if part in i.part and why in i.note)


def test_bom_quantities_follow_the_board(board):
    items = bill_of_materials(board, "hand")
    assert qty(items, "Hall sensor") == 104
    assert qty(items, "74HC165") == 16  # as the tiles read it: 3 an arm, 1 a strip
    assert qty(items, "WS2812B") == 109
    assert qty(items, "Marble") == 16
    assert qty(items, "Raspberry Pi Pico") == 1


def test_bom_grows_with_the_track(board):
    bigger = build_layout("wampoo", holes_per_side=22)  # 88 track + 32 rows = 120 holes
    items = bill_of_materials(bigger, "hand")
    assert qty(items, "Hall sensor") == 120
    # Arms of 26 holes take 4 registers each (6 inputs spare), strips 1 (4 spare).
    assert qty(items, "74HC165") == 4 * 4 + 4
    assert qty_for(items, "10 kOhm", "unused") == 4 * 6 + 4 * 4


def test_every_sensor_output_and_spare_register_input_gets_a_pull_up():
    # 80 + 32 = 112 holes, read as its tiles wire them: 4 arms of 24 holes (3
    # registers each) and 4 strips of 4 (one each), 16 registers, 16 inputs unused.
    board = build_layout("wampoo", holes_per_side=20)
    items = bill_of_materials(board, "hand")
    assert qty_for(items, "10 kOhm", "on each register input") == 112
    assert qty_for(items, "10 kOhm", "unused") == 16
    odd = build_layout("wampoo", holes_per_side=16)  # 64 + 32 = 96 holes: 12 x 8
    tiny = dataclasses.replace(odd, holes=odd.holes[:-3], sensor_count=93)
    items = bill_of_materials(tiny, "hand")
    assert qty_for(items, "10 kOhm", "on each register input") == 93
    assert qty_for(items, "10 kOhm", "unused") == 3


def test_the_sensors_run_from_5_v_and_no_regulator_is_needed(board):
    # The 3.3 V rail is the Pico's own: registers and pull-ups only, so with the
    # 5 V supply on and the Pico off nothing on it can feed the Pico.
    items = bill_of_materials(board, "hand")
    assert not any("regulator" in i.part for i in items)
    b = budget(board)
    assert b.pico_3v3_ma == pytest.approx(16 * 0.08 + 104 * 0.33)  # the tiles' 16 registers
    assert b.pico_3v3_share < 0.2
    # TMAG5170 at 5 V x 3.4 mA through SBASAF4 6.4's 170.9 C/W.
    assert b.sensor_warming_c == pytest.approx(5 * 0.0034 * 170.9)


def test_the_sensors_lines_are_buffered_to_5_v_on_a_board_of_configured_sensors(board):
    items = bill_of_materials(board, "hand")
    buffer = next(i for i in items if "74AHCT125" in i.part)
    assert "chip select" in buffer.note
    assert qty(items, "33 Ohm") == 4  # the registers' clock and the sensors' three lines
    # Stomple's piece sensors switch at another threshold: their own chip select,
    # driven by a second buffer.
    stomple = bill_of_materials(build_layout("stomple"), "hand")
    assert qty(stomple, "33 Ohm") == 5
    assert qty(stomple, "SN74AHCT1G125") == 1


def test_power_budget_of_the_wampoo_board(board):
    b = budget(board)
    assert b.led_max_a == pytest.approx(6.54)
    assert b.led_typical_a == pytest.approx(2.18)
    assert b.sensor_a == pytest.approx(104 * 0.0034)
    # 4 A x 0.9 - 0.3536 - 0.06 = 3.186 A for LEDs that could draw 6.54 A
    assert b.brightness_cap == pytest.approx(3.1864 / 6.54)
    assert b.injection_leds == (0, 50, 100)


def test_a_big_supply_needs_no_cap(board):
    big = dataclasses.replace(board, power=dataclasses.replace(board.power, supply_a=10))
    assert budget(big).brightness_cap == 1.0


def test_tables_print(board):
    assert "| 104 | 3-axis linear Hall sensor" in format_bom(board, markdown=True,
                                                            assembly="hand")
    assert "| 104 | hole-module circuit board" in format_bom(board, markdown=True,
                                                           assembly="fab")
    assert "Brightness cap" in format_budget(board)
    assert "49%" in format_budget(board, markdown=True)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_committed_tables_are_current(root, layout):
    board = build_layout(layout)
    assert (root / f"hardware/bom/{layout}.md").read_text() == format_bom(board, markdown=True)
    assert (root / f"hardware/power/{layout}.md").read_text() == format_budget(board,
                                                                               markdown=True)
    assert (root / f"hardware/wiring/{layout}.md").read_text() == format_wiring(board,
                                                                                markdown=True)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_bom_orders_the_circuit_boards_each_board_needs(root, layout):
    board = build_layout(layout)
    boards = [i for i in bill_of_materials(board, "fab")
              if i.part.endswith("assembled by the fab")]
    modules = {i.part.split(" (")[1].split(")")[0]: i.qty for i in boards}
    for folder in modules:
        assert (root / folder).is_dir(), folder
    holes = len(board.holes)
    # One module under each hole: the hole module, or the ring module round a cut-out.
    assert modules.get("hardware/pcb/hole-module", 0) + modules.get(
        "hardware/pcb/ring-module", 0) == holes
    assert modules["hardware/pcb/register-module"] == board.sensor_registers
    assert modules["hardware/pcb/controller"] == 1


def test_each_part_is_counted_once_however_the_board_is_built(board):
    fab, hand = bill_of_materials(board, "fab"), bill_of_materials(board, "hand")
    # Built from the fab's boards, the sensors are on the hole modules' line only.
    assert qty(fab, "Hall sensor") == 0 and qty(hand, "Hall sensor") == 104
    modules = next(i for i in fab if i.part.startswith("hole-module circuit board"))
    assert modules.qty == 104 and "TMAG5170A1QDGKR" in modules.made_of
    # The lamps' LEDs are on no circuit board: listed either way, once.
    assert qty(fab, "WS2812B") == len(board.lamps) and qty(hand, "WS2812B") == 109
    assert not any("circuit board" in i.part for i in hand)
    with pytest.raises(ValueError, match="fab or hand"):
        bill_of_materials(board, "glued")


def test_every_price_names_its_source_and_date_and_the_total_adds_them_up(board):
    items = bill_of_materials(board, "fab")
    priced = [i for i in items if i.unit is not None]
    assert priced and all(i.unit.source and i.unit.dated for i in priced)
    summed = total(items)
    assert summed.usd == pytest.approx(sum(i.qty * i.unit.usd for i in priced), abs=0.01)
    # What has no price is said, not dropped: the bare boards among them.
    assert summed.unpriced and all(i.unit is None for i in items if i.part in summed.unpriced)
    assert any("bare circuit board" in part for part in summed.unpriced)
    # A hole module's price is its parts' and the fab's joints, at the cited prices.
    module = next(i for i in items if i.part.startswith("hole-module circuit board"))
    assert module.unit.usd == pytest.approx(PRICES["TMAG5170A1QDGKR"].usd
                                            + PRICES["WS2812B"].usd
                                            + 2 * PRICES["CL10B104KB8NNNC"].usd
                                            + 16 * ASSEMBLY_JOINT.usd)
    table = format_bom(board, markdown=True, assembly="fab")
    assert f"Priced lines: ${summed.usd:,.2f}" in table
    assert "LCSC C5220642" in table and "(2024-11-02)" in table


def test_the_hand_joints_each_board_leaves(board):
    # The wire pads of 104 hole modules (8 each), 16 register modules (18: the
    # board is numbered for its tiles, whose registers leave 24 inputs unused) and
    # the controller (15, and the Pico's 40 header pins).
    assert hand_joints(board, "fab") == 104 * 8 + 16 * 18 + 55 == 1175
    assert hand_joints(board, "hand") > 2 * hand_joints(board, "fab")
    assert "Hand solder joints: 1175." in format_bom(board, assembly="fab")


def test_the_examples_in_the_price_and_body_tables_run():
    import doctest

    from marbleboard.board import bodies, prices
    for module in (prices, bodies):
        result = doctest.testmod(module)
        assert result.attempted and not result.failed, module.__name__


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
@pytest.mark.parametrize("assembly", ["fab", "hand"])
def test_every_priced_line_of_every_board_cites_a_dated_source_and_adds_up(layout, assembly):
    items = bill_of_materials(build_layout(layout), assembly)
    priced = [i for i in items if i.unit is not None]
    for item in priced:
        assert item.unit.usd > 0 and item.unit.at_qty >= 1, item.part
        assert item.unit.source and item.unit.dated, item.part
        assert item.unit.dated == "undated" or len(item.unit.dated.split("-")[0]) == 4, (
            item.part, item.unit.dated)
    summed = total(items)
    assert summed.usd == pytest.approx(sum(i.qty * i.unit.usd for i in priced), abs=0.01)
    assert len(summed.unpriced) == len(items) - len(priced)


def test_the_buffers_supply_and_controller_board_are_priced(board):
    from marbleboard.board.prices import BARE_BOARDS, BARE_ORDER

    items = bill_of_materials(board, "fab")
    controller = next(i for i in items if i.part.startswith("controller circuit board"))
    # The buffers are priced; the controller still waits on its 0603 resistors.
    assert "SN74AHCT125DR" not in controller.note and "SN74AHCT1G125" not in controller.note
    assert "RC0603FR-0733RL" in controller.note and controller.unit is None
    supply = next(i for i in items if i.part.startswith("Power supply: 5 V 4 A"))
    assert supply.unit is PRICES["GST25A05-P1J"]
    # One controller is within the fab's fewest: one order of five at its listed price.
    bare = next(i for i in items if i.part.startswith("controller: bare circuit boards"))
    assert bare.qty == 1 and bare.unit is BARE_BOARDS[2] and f"({BARE_ORDER})" in bare.part
    # 104 hole modules are more than the fab lists a price for: said, not guessed.
    holes = next(i for i in items if i.part.startswith("hole-module: bare"))
    assert holes.qty == 104 and holes.unit is None
    hand = bill_of_materials(board, "hand")
    assert next(i for i in hand if "74AHCT125" in i.part).unit is PRICES["SN74AHCT125DR"]


# Built from tiles (board/tilebom.py).

def test_wampoo_and_wahoo_are_built_from_tiles_unless_asked_and_the_others_say_why():
    for layout in ("wampoo", "wahoo"):
        board = build_layout(layout)
        assert default_assembly(board) == "tiles"
        assert "Built from the modules" in format_bom(board, markdown=True, assembly="fab")
    for layout in ("wahoo6", "stomple"):
        board = build_layout(layout)
        assert default_assembly(board) == "fab"
        assert "tiles are not all drawn yet" in format_bom(board, markdown=True)
        with pytest.raises(ValueError, match="not all drawn"):
            bill_of_materials(board, "tiles")


@pytest.mark.parametrize(("layout", "tiles", "most_joints"), [("wampoo", 8, 60),
                                                               ("wahoo", 10, 60)])
def test_a_board_from_tiles_meets_the_joint_and_cable_targets(layout, tiles, most_joints):
    # The targets: at most 60 hand joints and 12 cables on Wampoo; Wa-Hoo, with
    # fewer holes, no more.
    board = build_layout(layout)
    assert hand_joints(board, "tiles") <= most_joints
    assert hand_joints(board, "tiles") == 40 + 2 + 2  # the Pico, the supply, the Pi's reset
    assert cables_plugged(board, "tiles") == tiles <= 12
    assert cables_plugged(board, "fab") == 0  # the modules' wires are soldered, not plugged
    assert "Cables plugged: " + str(tiles) in format_bom(board, assembly="tiles")
    assert hand_joints(board, "tiles") < hand_joints(board, "fab") / 20


def test_each_tile_is_ordered_as_often_as_the_plan_uses_it_with_one_cable_each():
    board = build_layout("wahoo")
    items = bill_of_materials(board, "tiles")
    boards = {i.part.split(" circuit board")[0]: i.qty for i in items
              if i.part.endswith("assembled by the fab")}
    assert boards == {"wahoo-arm-tile": 4, "wahoo-start-tile": 4, "wahoo-tile-controller": 1}
    housings = next(i for i in items if "SHR-16V-S-B" in i.part)
    leads = sum(i.qty for i in items if "pre-crimped lead" in i.part)
    assert housings.qty == 2 * 10 and leads == 16 * 10
    # The die and status lamps are on no drawn tile: their LEDs are listed, once.
    assert qty(items, "WS2812B RGB LED (5050)") == 8


def test_built_from_tiles_no_part_is_both_on_a_tile_and_loose():
    board = build_layout("wampoo")
    items = bill_of_materials(board, "tiles")
    assert qty(items, "Hall sensor") == 0 and qty(items, "74HC165 8-bit") == 0
    assert not any(i.part.startswith(("Resistor", "74AHCT125")) for i in items)
    arm = next(i for i in items if i.part.startswith("wampoo-arm-tile circuit board"))
    assert arm.qty == 4 and "TMAG5170A1QDGKR" in arm.made_of
    # A part the fab places with no price found has a line of its own, never in the
    # board's price as well.
    for i in items:
        if ", placed by the fab on " in i.part:
            board_line = next(b for b in items if b.part.startswith(
                i.part.split(" on ")[-1] + " circuit board"))
            assert i.order not in board_line.made_of and i.unit is None
    # Wampoo puts its status lamp on the controller: no lamp is left loose.
    assert qty(items, "WS2812B RGB LED (5050)") == 0


@pytest.mark.parametrize("layout", ["wampoo", "wahoo"])
def test_built_from_tiles_the_total_adds_up_the_priced_lines(layout):
    items = bill_of_materials(build_layout(layout), "tiles")
    summed = total(items)
    priced = [i for i in items if i.unit is not None]
    assert summed.usd == pytest.approx(sum(i.qty * i.unit.usd for i in priced), abs=0.01)
    assert {i.part for i in items if i.unit is None} == set(summed.unpriced)
    for i in priced:  # an assembled board's price is its priced parts and joints
        if i.made_of:
            parts = {o: PRICES[o].usd for o in i.made_of if o != "joint"}
            assert i.unit.usd > sum(parts.values()) > 0
    assert f"Priced lines: ${summed.usd:,.2f}" in format_bom(build_layout(layout),
                                                             assembly="tiles")


@pytest.mark.parametrize("layout", ["wampoo", "wahoo"])
def test_committed_module_tables_are_current(root, layout):
    assert (root / f"hardware/bom/{layout}-modules.md").read_text() == format_bom(
        build_layout(layout), markdown=True, assembly="fab")


@pytest.mark.parametrize("layout", ["wampoo", "wahoo"])
def test_built_from_tiles_the_registers_and_the_controllers_resistors_are_in_the_boards_price(
        layout):
    items = bill_of_materials(build_layout(layout), "tiles")
    boards = {i.part.split(" circuit board")[0]: i for i in items
              if i.part.endswith("assembled by the fab")}
    for name in (f"{layout}-arm-tile", f"{layout}-start-tile"):
        assert "74HC165D,653" in boards[name].made_of
    resistors = ("0402WGF3300TCE", "0402WGF330JTCE", "0402WGF1001TCE")
    assert set(resistors) <= set(boards[f"{layout}-tile-controller"].made_of)
    # None of them is left on an unpriced line of its own.
    loose = {i.order for i in items if ", placed by the fab on " in i.part}
    assert loose.isdisjoint({"74HC165D,653", *resistors})
    # The controller's price counts them: one 330 Ohm, four 33 Ohm, one 1 kOhm.
    controller = boards[f"{layout}-tile-controller"].unit
    assert "1 x 0402WGF3300TCE, 4 x 0402WGF330JTCE, 1 x 0402WGF1001TCE" in controller.source
