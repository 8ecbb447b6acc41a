"""The Stomple board built from its parameters (rules: ../shared/rules/stomple.txt):
a 7x7 grid whose holes each have a presence sensor and a Stomper sensor, and its
agreement with the engine's names for holes."""

import pytest

from marbleboard.board import build_layout, load_board
from marbleboard.board.bom import bill_of_materials
from marbleboard.board.fileformat import board_to_data, parse_board
from marbleboard.board.power import budget
from marbleboard.games.registry import get_game
from marbleboard.games.stomple.grid import HOLES, hole_name

STOMPLE = get_game("stomple")


@pytest.fixture(scope="module")
def board():
    return build_layout("stomple")


def test_a_grid_of_49_holes_named_as_the_notation_names_them(board):
    # "spread them out randomly, so that one marble rests in each hole": 7 x 7.
    assert {h.id for h in board.holes} == {f"grid.{hole_name(h)}" for h in range(HOLES)}
    assert {h.role for h in board.holes} == {"grid"}
    assert board.holes_with("grid") == list(board.holes)
    a1, g1, a7 = board.hole("grid.a1"), board.hole("grid.g1"), board.hole("grid.a7")
    assert a1.y == g1.y > a7.y and a1.x == a7.x < g1.x  # row 1 on the near (south) edge


def test_every_hole_has_a_stomper_sensor_beside_its_presence_sensor(board):
    sensors = [s for h in board.holes for s in (h.sensor, h.piece_sensor)]
    assert sorted(sensors) == list(range(2 * HOLES)) and board.sensor_count == 2 * HOLES
    for h in board.holes:
        # Both switches of a hole on one 74HC165, presence on the even input.
        assert h.piece_sensor == h.sensor + 1 and h.sensor % 2 == 0
        assert board.by_sensor[h.piece_sensor] is h


def test_the_board_file_round_trips_with_its_piece_sensors(board):
    again = parse_board(board_to_data(board))
    assert again == board
    assert load_board("hardware/boards/stomple.json") == board


def test_a_presence_only_board_has_the_same_holes_and_half_the_sensors():
    plain = build_layout("stomple", stomper_sensors=False)
    assert plain.id == "stomple" and plain.piece_sensors == 0 and plain.sensor_count == HOLES
    assert {h.id for h in plain.holes} == {h.id for h in build_layout("stomple").holes}
    with pytest.raises(ValueError, match="true or false"):
        build_layout("stomple", stomper_sensors="no")


def test_the_bill_of_materials_and_power_count_every_sensor(board):
    # Four presence sensors and two Stomper sensors round each hole, each pair of
    # wired-together groups on two register inputs (listed part by part, as for
    # building by hand; the fab's ring modules carry them otherwise).
    items = bill_of_materials(board, "hand")
    rings = next(i for i in bill_of_materials(board) if i.part.startswith("ring-module circuit"))
    assert rings.qty == 49 and "TMAG5170A1QDGKR" in rings.made_of
    sensors = [i for i in items if "TMAG5170" in i.part]
    assert [i.qty for i in sensors] == [4 * 49, 2 * 49]
    assert "sees only a playing piece" in sensors[1].note
    assert next(i for i in items if "74HC165" in i.part).qty == 13
    assert sum(i.qty for i in items if "on each register input" in i.note) == 98
    stompers = [i for i in items if i.part == "Stomper"]
    assert stompers[0].qty == 6 and "south face down" in stompers[0].note
    # SBASAF4 6.5: 3.4 mA active
    assert budget(board).sensor_a == pytest.approx(294 * 3.4 / 1000)
    assert budget(build_layout("stomple", stomper_sensors=False)).sensor_a == \
        pytest.approx(196 * 3.4 / 1000)


def test_a_lamp_for_each_of_six_seats(board):
    turns = [lamp for lamp in board.lamps if lamp.role == "turn"]
    assert [lamp.seat for lamp in turns] == list(STOMPLE.seat_names)
    grid = [(h.x, h.y) for h in board.holes]
    for lamp in board.lamps:  # no lamp under a marble
        assert all(abs(lamp.x - x) + abs(lamp.y - y) > board.min_pitch_mm for x, y in grid)
