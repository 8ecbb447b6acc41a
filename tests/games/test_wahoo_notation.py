"""The Wa-Hoo notation: holes, moves and positions as text, and JSON, both ways."""

import json

import pytest
from wahoo_helpers import moves, play, position, random_game, roll

from marbleboard.games.base import Chance, RuleError
from marbleboard.games.wahoo import Options, new_game
from marbleboard.games.wahoo.game import WAHOO
from marbleboard.games.wahoo.marbles import WahooMarbles
from marbleboard.games.wahoo.notation import (
    hole_text,
    parse_action,
    parse_hole,
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)

ROLL = Chance("roll", 6, permutation=False, secret=False)


@pytest.mark.parametrize("options", [Options(), Options(players=6)])
def test_every_hole_round_trips(options):
    state = new_game(options)
    for p in range(-1, state.g.positions):
        seat = (p - state.track) // 4 if state.track <= p < state.g.centre else 1
        assert parse_hole(state, hole_text(state, p, seat)) == p
    assert hole_text(state, state.g.centre, 0) == "C"
    assert hole_text(state, state.g.tee_pee(1, 3), 1) == "B4"
    for bad in ("R5", "X1", "999", "c", ""):
        with pytest.raises(ValueError, match="hole"):
            parse_hole(state, bad)


# The examples of notation.py's docstring, each in a position where it is legal.
EXAMPLES = [
    ({}, 6, "6 out"),
    ({"B": "0,BS,BS,BS"}, 6, "6 out xB0"),
    ({"R": "12,RS,RS,RS", "B": "15,BS,BS,BS"}, 3, "3 12-15 xB15"),
    ({"R": "50,RS,RS,RS"}, 3, "3 50-R1"),
    ({"R": "17,RS,RS,RS"}, 4, "4 17>47"),
    ({"R": "4,RS,RS,RS"}, 4, "4 4>C"),
    ({"R": "C,RS,RS,RS"}, 1, "1 C>45"),
    ({"R": "52,RS,RS,RS"}, 5, "pass"),
]


@pytest.mark.parametrize("marbles, face, text", EXAMPLES)
def test_the_documented_moves_are_real(marbles, face, text, root):
    state = position(marbles, face)
    assert text in moves(state)
    assert WAHOO.action_text(state, parse_action(state, text)) == text
    page = (root / "docs" / "rules" / "wa-hoo.md").read_text()
    assert f"`{text}`" in page


def test_a_move_may_leave_out_the_knock_off_and_the_roll():
    state = position({"R": "12,RS,RS,RS", "B": "15,BS,BS,BS"}, 3)
    action = parse_action(state, "3 12-15 xB15")
    assert parse_action(state, "3 12-15") == action == parse_action(state, "12-15")
    assert parse_action(position(roll=6), "out") == parse_action(position(roll=6), "6 out")


def test_an_illegal_move_names_the_legal_ones():
    state = position({"R": "5,7,RS,RS"}, 3)
    with pytest.raises(RuleError, match=r"'3 5-8' is not a legal move here \(legal: 3 7-10\)"):
        parse_action(state, "3 5-8")
    with pytest.raises(RuleError, match="an empty move"):
        parse_action(state, " ")


def test_positions_read_back_and_name_the_turn_and_the_die():
    text = "4 0,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,C R 6 - 12"
    state = parse_position(text)
    assert position_text(state) == text
    assert state.current == 0 and state.roll == 6 and state.turns == 12
    assert state.pos[12:16] == [state.g.tee_pee(3, 0), state.g.tee_pee(3, 1), -1,
                                state.g.centre]
    waiting = parse_position("2 RS,RS,RS,RS/-/3,YS,YS,YS/- Y? 4 - 7")
    assert waiting.is_chance() and waiting.roller == 2 and waiting.roll == 4
    assert position_text(waiting) == "2 RS,RS,RS,RS/-/3,YS,YS,YS/- Y? 4 - 7"


def test_the_roll_for_first_is_in_the_position():
    state = new_game(Options(players=3))
    roll(state, 5)
    assert position_text(state) == "3 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/- first:RBY 5 - 0"
    roll(state, 5)
    roll(state, 2)
    assert position_text(state).split()[2:4] == ["first:RB", "-"]
    again = parse_position(position_text(state), state.opts)
    assert again == state and again.roller == 0
    roll(state, 1)
    roll(state, 3)
    assert position_text(state).split()[2:4] == ["B?", "3"]


@pytest.mark.parametrize("text, message", [
    ("4 RS,RS,RS,RS R 6 0", "6 fields"),
    ("4 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS R 6 - 0", "four or six seats"),
    ("4 5,5,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0", "two marbles in hole 5"),
    ("4 B1,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0", "another seat's Tee-Pee"),
    ("4 BS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0", "its own Tribal Grounds"),
    ("4 RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R 6 - 0", "four marbles"),
    ("2 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/- R 6 - 0", "does not play"),
    ("4 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS R - - 0", "a roll of 1 to 6"),
])
def test_broken_positions_say_what_is_wrong(text, message):
    with pytest.raises(ValueError, match=message):
        parse_position(text)


def test_json_round_trips_with_the_history():
    state = random_game(5, Options(players=4, partners=True), steps=120)
    data = json.loads(json.dumps(state_to_json(state)))
    assert data["game"] == "wahoo" and data["options"]["partners"] is True
    assert all((isinstance(h, int) and h >= 0) or set(h) == {"roll"} for h in data["history"])
    again = state_from_json(data)
    assert again == state and again.history == state.history
    with pytest.raises(ValueError, match="not a Wa-Hoo state"):
        state_from_json({**data, "game": "wampoo"})


def test_rolls_read_as_faces():
    assert [WAHOO.outcome_text(ROLL, (k,)) for k in range(6)] == ["1", "2", "3", "4", "5", "6"]
    assert WAHOO.parse_outcome(ROLL, "6") == (5,)
    for bad in ("0", "7", "six"):
        with pytest.raises(RuleError):
            WAHOO.parse_outcome(ROLL, bad)


def test_the_game_describes_itself():
    assert (WAHOO.name, WAHOO.title) == ("wahoo", "Wa-Hoo")
    assert WAHOO.rule_choices() == {"partners": False}
    assert WAHOO.seat_names[:4] == ("red", "blue", "yellow", "green")
    assert WAHOO.options({"players": 6}).board == "wahoo6"
    assert WAHOO.marbles.layout_for(WAHOO.options({"players": 6})) == "wahoo6"


def test_on_the_six_colour_board_two_to_four_play_on_it_too():
    fitted = WAHOO.marbles.fit({"players": 4, "partners": True}, "wahoo6")
    options = WAHOO.options(fitted)
    assert options.board == "wahoo6" and options.seats == (0, 1, 3, 4)
    assert options.partner(0) == 3 and options.partner(1) == 4
    assert WAHOO.marbles.fit({"players": 4}, "wahoo") == {"players": 4, "board": "wahoo"}
    assert WAHOO.marbles.fit({"players": 2, "board": "wahoo"}, "wahoo6")["board"] == "wahoo"


def test_public_shows_the_die_and_each_seats_progress():
    state = play(position({"R": "5,R1,RS,RS"}, 4, players=2), "4 5-9")
    shown = WAHOO.public(state)
    assert shown["die"] == 4  # the last roll, until yellow rolls
    assert shown["seats"]["red"]["to_come_out"] == 2 and shown["seats"]["red"]["home"] == 1
    assert shown["seats"]["red"]["progress"] > shown["seats"]["yellow"]["progress"] == 0


def test_the_die_lamps_show_the_roll_in_the_rollers_colour():
    lamps = WahooMarbles().lamps
    state = position({"R": "5,RS,RS,RS"}, 5)
    assert lamps(state) == {f"die.{k}": (0, "solid") for k in (1, 2, 4, 6, 7)}
    play(state, "5 5-10")
    assert lamps(state) == {}  # blue's turn lamp asks for the next roll
    roll(state, 1)
    assert lamps(state) == {"die.4": (1, "solid")}
    assert lamps(new_game()) == {}


def test_the_rule_pages_position_example_is_real(root):
    page = (root / "docs" / "rules" / "wa-hoo.md").read_text()
    example = "4 0,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,C R 6 - 12"
    assert f"\n{example}\n" in page
    state = parse_position(example)
    assert position_text(state) == example
    assert moves(state) == ["6 5-11"]  # 0 would pass 5; the Starting Position is taken
