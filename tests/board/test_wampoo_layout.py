"""The Wampoo board built from its parameters (rules: ../shared/rules/wampoo.txt)."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marbleboard.board import build_layout, dump_board, load_board
from marbleboard.board.layouts import LAYOUTS, wampoo

SEATS = ["red", "blue", "yellow", "green"]


@pytest.fixture(scope="module")
def board():
    return build_layout("wampoo")


def test_hole_counts(board):
    # "4 sets of 4 different colored marbles": four seats, a START and a HOME row of
    # four each; 18 holes a side make a 72-hole track.
    roles = {}
    for h in board.holes:
        roles[h.role] = roles.get(h.role, 0) + 1
    assert roles == {"track": 68, "starter": 4, "start": 16, "home": 16}
    assert len(board.track()) == 72
    # 104 sensors read through the tiles' registers: 3 on each arm of 22 holes,
    # 1 on each start strip of 4, so 24 of the chain's 128 inputs stand unused.
    assert len({h.sensor for h in board.holes}) == 104
    assert board.sensor_count == 128 and board.sensor_registers == 16
    assert board.led_count == 109  # every hole, a turn lamp per seat, one status lamp
    for seat in SEATS:
        assert len(board.holes_with("start", seat)) == 4
        assert len(board.home_row(seat)) == 4
        assert len(board.holes_with("starter", seat)) == 1


def test_a_4_backwards_from_the_starter_lands_just_outside_home(board):
    # "4 - move back 4 spaces instead of ahead. This card is especially useful when
    # used from the STARTER hole, since it puts your marble next to your HOME row."
    n = len(board.track())
    for seat in SEATS:
        starter = int(board.starter(seat).id.split(".")[1])
        four_back = board.hole(f"track.{(starter - 4) % n}")
        assert four_back == board.home_entry(seat)
        first_home = board.home_row(seat)[0]
        assert math.dist((four_back.x, four_back.y), (first_home.x, first_home.y)) == 25


def test_play_goes_clockwise_from_south_to_west(board):
    # "moving clockwise around the game board"; play passes to the left, so the
    # seat after red (south) sits west.  Screen y grows downwards.
    red, blue = board.starter("red"), board.starter("blue")
    centre = board.width_mm / 2
    assert red.y > centre and blue.x < centre
    track = board.track("track.0")
    assert track[6].x < track[5].x  # from the south arm the track turns west


def test_track_is_one_pitch_per_step(board):
    track = board.track()
    for a, b in zip(track, track[1:] + track[:1], strict=True):
        assert math.dist((a.x, a.y), (b.x, b.y)) == pytest.approx(25)


def test_seats_are_quarter_turns_of_each_other(board):
    c = board.width_mm / 2
    for i, seat in enumerate(SEATS):
        nxt = SEATS[(i + 1) % 4]
        for row in ("start", "home"):
            for a, b in zip(board.holes_with(row, seat), board.holes_with(row, nxt),
                            strict=True):
                # clockwise on screen (y down): (x, y) -> (-y, x) about the centre
                assert (c - (a.y - c), c + (a.x - c)) == pytest.approx((b.x, b.y))


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_hardware_board_file_is_the_built_layout(root, layout):
    path = root / "hardware" / "boards" / f"{layout}.json"
    assert path.read_text() == dump_board(build_layout(layout)), "run `make docs`"
    assert load_board(path) == build_layout(layout)


@given(st.integers(7, 20).map(lambda r: 2 * r))
def test_every_allowed_side_length_builds_a_valid_board(side):
    board = build_layout("wampoo", holes_per_side=side)
    assert len(board.track()) == 4 * side
    n = 4 * side
    for seat in SEATS:
        starter = int(board.starter(seat).id.split(".")[1])
        assert board.home_entry(seat).id == f"track.{(starter - 4) % n}"


@pytest.mark.parametrize("side", [12, 15, 42])
def test_side_lengths_out_of_range_are_refused(side):
    with pytest.raises(ValueError, match="holes_per_side must be an even number"):
        wampoo.build(holes_per_side=side)


def test_unknown_parameter_is_refused():
    with pytest.raises(ValueError, match="unknown Wampoo board parameter"):
        wampoo.build(holes=3)


def test_board_file_is_json_with_one_hole_per_line(board):
    text = dump_board(board)
    assert json.loads(text)["id"] == "wampoo"
    assert sum(1 for line in text.splitlines() if '"sensor"' in line) == len(board.holes)
