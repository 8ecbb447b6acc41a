"""The sensing computation: what a hall switch feels from a marble's magnet, over
every way the marble can rest, computed with magpylib."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from marbleboard.board import board_to_data, get_board, parse_board, sensing
from marbleboard.board.build import Build, Magnet, Site

MARBLE = Magnet(6, 3, "N42", rests="free", offset_mm=0.0)
DOWN = np.array([0.0, 0.0, 1.0])


def field_at(points, directions, magnet=MARBLE):
    """Bz (mT) at each point, for the magnet at the origin turned each way."""
    pts = np.array(points, dtype=float)
    return sensing.field_mt(magnet, 1.3, np.zeros((1, 3)), directions, pts) @ DOWN


def test_one_switch_misses_some_orientation_wherever_it_sits():
    # Whatever way a magnet is fixed in a marble, turning the marble over flips the
    # sign of the one component a switch feels, so some way of resting gives zero.
    dirs = sensing.fibonacci_directions(4000)
    for point in [(0, 0, -9), (4, 0, -8), (7, 3, -6)]:
        b = field_at([point], dirs)[:, 0]
        assert np.abs(b).max() > 5
        assert np.abs(b).min() < 0.02 * np.abs(b).max(), point


def test_three_switches_round_the_hole_see_every_orientation():
    dirs = sensing.fibonacci_directions(4000)
    triad = [(5 * math.cos(a), 5 * math.sin(a), -8)
             for a in (math.pi / 2, math.pi / 2 + 2.1, math.pi / 2 + 4.2)]
    b = np.abs(field_at(triad, dirs)).max(axis=1)
    assert b.min() > 0.4 * b.max()
    # Two switches are not enough: their blind orientations meet.
    two = np.abs(field_at(triad[:2], dirs)).max(axis=1)
    assert two.min() < 0.05 * two.max()


def test_switch_on_the_board_underside_answers_the_other_pole():
    build = Build(top_mm=5, seat="rim", sites=(Site("piece", "DRV5023BI", 10, 0, "bottom"),
                                               Site("piece", "DRV5023BI", 10, 0, "top")))
    bottom, top = sensing.sensor_points(build, build.sites)
    assert bottom.axis == (0.0, 0.0, -1.0) and top.axis == (0.0, 0.0, 1.0)
    assert bottom.xyz[2] < -5 - 1.6 < top.xyz[2]


def test_a_marble_on_a_rim_sits_as_high_as_the_chord_says():
    build = Build(top_mm=6, seat="rim", sites=(), hole_tolerance_mm=0.0)
    lo, hi = build.marble_centre_z(16, 14)
    assert lo == pytest.approx(math.sqrt(64 - 49)) == hi
    sheet = Build(top_mm=6, seat="sheet", sites=(), sheet_mm=1.5, sheet_hole_mm=12,
                  hole_tolerance_mm=0.2)
    lo, hi = sheet.marble_centre_z(16, 17)
    assert lo < 1.5 + math.sqrt(64 - 36) < hi


def test_a_magnet_is_weaker_warm_and_stronger_cold():
    weak, strong = sensing.remanence(MARBLE, strong=False), sensing.remanence(MARBLE, True)
    assert weak < 1.28 < 1.32 < strong


def small_board(pitch: float = 32.0, sites=None):
    board = get_board("stomple", stomper_sensors=False, pitch_mm=pitch)
    sites = sites or tuple(Site("presence", "DRV5033AJ", 5, 90 + 120 * k) for k in range(3))
    build = Build(top_mm=3, seat="rim", sites=sites)
    pieces = tuple(dataclasses.replace(p, magnet=MARBLE if p.kind != "stomper" else None)
                   for p in board.pieces)
    return dataclasses.replace(board, build=build, pieces=pieces, hole_diameter_mm=14)


@pytest.fixture
def fewer_directions(monkeypatch):
    monkeypatch.setattr(sensing, "FREE_DIRECTIONS", 400)
    monkeypatch.setattr(sensing, "NEIGHBOUR_DIRECTIONS", 150)


def test_report_names_each_check_and_the_neighbours_fall_with_distance(fewer_directions):
    near = sensing.analyse(small_board(32))
    far = sensing.analyse(small_board(64))
    kinds = [(c.role, c.piece, c.seen) for c in near.checks]
    assert ("presence", "marble", True) in kinds
    assert ("presence", "neighbours", False) in kinds
    n_near = next(c for c in near.checks if c.piece == "neighbours").field_mt
    n_far = next(c for c in far.checks if c.piece == "neighbours").field_mt
    # A dipole's field falls with the cube of distance: twice as far, about an eighth.
    assert 5 < n_near / n_far < 12
    # All holes together give at least what the nearest one gives.
    assert near.crowded["presence"] > n_near
    text = sensing.format_report(near, markdown=True)
    assert "| presence | marble | must see it |" in text


def test_present_piece_is_as_weak_as_its_worst_sampled_pose(fewer_directions):
    board = small_board(32)
    report = sensing.analyse(board)
    seen = next(c for c in report.checks if c.seen)
    points = sensing.sensor_points(board.build, board.build.sites)
    spec = sensing.pieces_of(board)[0]
    b, _pos, _dirs = sensing._own_field(board, board.build, spec, points, strong=False)
    sampled = np.abs(b).max(axis=1).min()
    # The nearest neighbour may only weaken it further; the search may only find worse.
    assert seen.field_mt <= sampled + 1e-9
    assert seen.field_mt > 0


def test_build_and_magnets_round_trip_through_the_board_file():
    board = small_board()
    again = parse_board(board_to_data(board))
    assert again.build == board.build
    assert [p.magnet for p in again.pieces] == [p.magnet for p in board.pieces]


def test_a_bad_build_section_names_each_problem():
    data = board_to_data(small_board())
    data["build"]["seat"] = "cup"
    data["build"]["sites"][0]["part"] = "HALL9000"
    data["pieces"][0]["magnet"]["grade"] = "N99"
    with pytest.raises(Exception) as e:
        parse_board(data, "test.json")
    text = str(e.value)
    assert "'seat' must be one of rim, sheet" in text
    assert "'part' must be one of" in text and "'HALL9000'" in text
    assert "'grade' must be one of" in text
