"""A board's holes divided into tiles: every hole and lamp on one, the arms of a
symmetric board one circuit board turned, and the cables a maker plugs within
what a weekend's build allows."""

import doctest
import math

import pytest

from marbleboard.board import build_layout, tiles
from marbleboard.board.layouts import LAYOUTS

# Boards, designs, cables: the counts hardware/pcb/tiles.md gives.
EXPECTED = {
    "wampoo": ({"arm": (4, 22), "start": (4, 4)}, 8),
    "wahoo": ({"arm": (4, 18), "start": (4, 4), "lamps.1": (1, 0), "lamps.7": (1, 0)}, 10),
    "wahoo6": ({"arm": (6, 18), "start": (6, 4), "lamps.1": (1, 0), "lamps.7": (1, 0)}, 14),
    "stomple": ({"row": (7, 7), "lamps.1": (7, 0)}, 14),
}


@pytest.fixture(params=sorted(LAYOUTS))
def layout(request):
    return request.param


def test_every_hole_and_lamp_is_on_exactly_one_tile_or_the_controller(layout):
    board = build_layout(layout)
    plan = tiles.plan(board)
    holes = [h for t in plan.tiles for h in t.holes] + list(plan.controller_holes)
    lamps = [lamp for t in plan.tiles for lamp in t.lamps] + list(plan.controller_lamps)
    assert sorted(holes) == sorted(h.id for h in board.holes)
    assert sorted(lamps) == sorted(lamp.id for lamp in board.lamps)


def test_the_tiles_and_cables_of_each_board(layout):
    plan = tiles.plan(build_layout(layout))
    designs, cables = EXPECTED[layout]
    assert {d: (len(plan.of_design(d)), len(plan.of_design(d)[0].holes))
            for d in plan.designs} == designs
    assert plan.cables == cables


def test_arms_of_one_design_are_one_circuit_board_turned():
    board = build_layout("wahoo6")
    plan = tiles.plan(board)
    arms = plan.of_design("arm")
    by_id = {h.id: h for h in board.holes}
    centre = tiles._centre(board.holes)

    def shape(tile):  # each hole's distances to the others: unchanged by turning
        points = [(by_id[h].x, by_id[h].y) for h in tile.holes]
        return sorted(math.dist(p, q) for p in points for q in points)

    assert all(shape(arm) == pytest.approx(shape(arms[0]), abs=0.01) for arm in arms)
    assert {arm.size_mm for arm in arms} == {(170.0, 125.0)}
    # The centre hole goes on the controller, not on an arm.
    assert plan.controller_holes == ("centre",)
    assert math.dist((by_id["centre"].x, by_id["centre"].y), centre) < 1


def test_an_unsymmetric_board_is_cut_into_rows():
    board = build_layout("wampoo")
    lopsided = type(board)(**{**board.__dict__, "holes": board.holes[:-1]})
    plan = tiles.plan(lopsided)
    assert set(plan.designs) <= {"row", "lamps.1"}
    assert sum(len(t.holes) for t in plan.tiles) == len(board.holes) - 1


def test_wampoo_meets_the_cable_count_a_weekend_build_allows():
    # At most 12 cables plugged for Wampoo (hardware/pcb/tiles.md).
    assert tiles.plan(build_layout("wampoo")).cables <= 12


def test_the_examples_in_the_module_run():
    result = doctest.testmod(tiles)
    assert result.attempted and not result.failed
