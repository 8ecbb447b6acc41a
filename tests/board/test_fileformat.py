"""Board files: every validation error names the file, the hole and the problem."""

import json
from pathlib import Path

import pytest

from marbleboard.board import BoardError, board_to_data, dump_board, load_board, parse_board

FIXTURES = Path(__file__).parent / "fixtures"

# broken fixture -> (where, a phrase of what is wrong)
BROKEN = {
    "not_json": ("line 3 column 12", "not valid JSON"),
    "duplicate_id": ("hole 'start.red.1'", "used by another hole"),
    "missing_field": ("hole 'track.3'", "missing field 'sensor'"),
    "unknown_field": ("hole 'track.3'", "unknown field 'sensr'"),
    "wrong_type": ("hole 'track.3'", "'x' must be a number, got '75'"),
    "unknown_role": ("hole 'track.5'", "unknown role 'hom'"),
    "unknown_seat": ("hole 'start.red.1'", "seat 'purple' is not one of the board's seats"),
    "seat_missing": ("hole 'start.red.1'", "a 'start' hole must name its seat"),
    "duplicate_sensor": ("hole 'track.4'", "sensor 2 is already used by hole 'track.2'"),
    "sensor_out_of_range": ("hole 'track.4'", "sensor 16 is outside the sensor chain (0 to 15)"),
    "duplicate_led": ("hole 'track.4'", "LED 2 is already used by hole 'track.2'"),
    "led_out_of_range": ("hole 'track.4'", "LED 12 is outside the LED chain (0 to 11)"),
    "lamp_led_clash": ("lamp 'turn.red'", "LED 3 is already used by hole 'track.3'"),
    "too_close": ("hole 'start.red.2'", "is 10.0 mm from hole 'start.red.1', closer than the "
                                        "marble pitch of 18 mm"),
    "outside_board": ("hole 'start.red.2'", "outside the 150 x 100 mm board"),
    "next_unknown": ("hole 'track.2'", "'next' names hole 'track.9', which does not exist"),
    "track_open": ("hole 'track.7'", "needs 'next'"),
    "track_merge": ("hole 'track.0'", "both 'track.6' and 'track.7' lead to it"),
    "track_two_loops": ("track", "returns after 4 of 8 track holes: the track is not one closed"),
    "home_unreached": ("hole 'home.red.1'", "no track hole's 'branch' leads into this HOME"),
    "branch_to_start": ("hole 'track.7'", "reaches 'start' hole 'start.red.1'"),
    "bad_version": ("board", "'version' 2 is not supported"),
    "bad_pin": ("pico", "'sck' GP3 cannot carry SPI0 SCK"),
    "pin_twice": ("pico", "both use GP5"),
    "bad_colour": ("seat 0", "'colour' 'red' must look like #rrggbb"),
    "pitch_below_marble": ("board", "neighbouring marbles would touch"),
    "chains_missing": ("board", "missing field 'chains'"),
    "arrow_seated": ("hole 'track.2'", "an 'arrow' hole belongs to no seat"),
    "centre_linked": ("hole 'centre'", "a 'centre' hole stands off the track"),
    "two_centres": ("hole 'centre.two'", "a board has only one 'centre' hole"),
    "centre_without_arrows": ("hole 'centre'", "there is no 'arrow' hole"),
    "die_lamp_id": ("lamp 'die.8'", "a 'die' lamp is one of die.1 .. die.7"),
    "piece_sensor_clash": ("hole 'track.4'", "piece_sensor 2 is already used by hole 'track.2'"),
}


def test_every_broken_fixture_is_covered():
    on_disk = {p.stem for p in (FIXTURES / "broken").glob("*.json")}
    assert on_disk == set(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_names_file_hole_and_problem(name):
    path = FIXTURES / "broken" / f"{name}.json"
    where, what = BROKEN[name]
    with pytest.raises(BoardError) as info:
        load_board(path)
    err = info.value
    assert err.source == str(path)
    assert any(w == where and what in msg for w, msg in err.problems), err.problems
    assert str(path) in str(err) and what in str(err)


def test_the_valid_tiny_board_loads():
    board = load_board(FIXTURES / "tiny.json")
    assert [h.id for h in board.track()] == [f"track.{i}" for i in range(8)]
    assert [h.id for h in board.home_row("red")] == ["home.red.1"]
    assert board.home_entry("red").id == "track.7"
    assert board.by_led[11].id == "turn.red"


def test_every_problem_is_reported_at_once(tmp_path):
    text = (FIXTURES / "tiny.json").read_text()
    text = text.replace('"sensor": 4,', '"sensor": 40,').replace('"role": "track", "x": 50, '
                                                                  '"y": 75', '"role": "trak", '
                                                                  '"x": 50, "y": 75')
    path = tmp_path / "two.json"
    path.write_text(text)
    with pytest.raises(BoardError) as info:
        load_board(path)
    wheres = [w for w, _ in info.value.problems]
    assert "hole 'track.4'" in wheres and "hole 'track.5'" in wheres


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(BoardError, match="cannot read the file"):
        load_board(tmp_path / "nope.json")


def test_board_round_trips_through_its_file_text():
    board = load_board(FIXTURES / "tiny.json")
    again = parse_board(board_to_data(board))
    assert again == board

    assert parse_board(json.loads(dump_board(board))) == board


def test_a_stompers_second_magnet_round_trips_and_is_checked():
    from marbleboard.board import build_layout

    board = build_layout("stomple")
    data = board_to_data(board)
    assert parse_board(json.loads(json.dumps(data))) == board
    stomper = next(p for p in data["pieces"] if p["kind"] == "stomper")
    assert stomper["magnet"]["opposed"] == {"diameter_mm": 10, "height_mm": 5,
                                            "distance_mm": 10.5}
    # Two discs whose centres are closer than their half heights would overlap.
    stomper["magnet"]["opposed"]["distance_mm"] = 4.0
    # A marble rests any way: a second magnet in it cancels nothing it can count on.
    marble = next(p for p in data["pieces"] if p["kind"] == "marble")
    marble["magnet"]["opposed"] = {"diameter_mm": 4, "height_mm": 2, "distance_mm": 5}
    with pytest.raises(BoardError) as info:
        parse_board(data)
    problems = dict(info.value.problems)
    assert "the two magnets overlap below 5 mm" in problems["piece #2 magnet opposed"]
    assert "only a piece that stands upright" in problems["piece #0 magnet opposed"]
