"""The Stomple notation: holes, moves, chance outcomes and positions as text, and
JSON, both ways; bad text refused with a clear error."""

import json
import random

import pytest
from stomple_helpers import NO_STRINGS, deal, grid, play, position

from marbleboard.games.base import RuleError
from marbleboard.games.record import GameRecord, verify
from marbleboard.games.stomple import Options, new_game, notation
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.games.stomple.grid import HOLES, hole_name, parse_hole
from marbleboard.games.stomple.notation import (
    outcome_text,
    parse_action,
    parse_outcome,
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)
from marbleboard.games.stomple.state import DRAW, LAYOUT


def test_every_hole_round_trips():
    assert [parse_hole(hole_name(h)) for h in range(HOLES)] == list(range(HOLES))
    assert hole_name(0) == "a1" and hole_name(6) == "g1" and hole_name(48) == "g7"
    for bad in ("h1", "a8", "a0", "A1", "", "a11"):
        with pytest.raises(ValueError, match="not a hole"):
            parse_hole(bad)


def test_the_docstring_examples():
    # "Yc3: stomp the yellow marble in c3", ">Wf6: hop", "out"
    state = position("Yc3 Wf6", stompers="Wd4,R-")
    assert sorted(STOMPLE.action_text(state, a) for a in state.legal_actions()) == [
        ">Wf6", "Yc3"]
    assert parse_action(state, "Yc3") == parse_action(state, "c3") == 2 * 7 + 2
    assert parse_action(state, ">Wf6") == parse_action(state, "f6")
    trapped = position("Wf6", stompers="Rd4,B-")
    assert STOMPLE.action_text(trapped, parse_action(trapped, "out")) == "out"


def test_a_move_that_is_not_legal_is_refused_with_the_legal_ones():
    state = position("Yc3 Wf6", stompers="Wd4,R-")
    for bad in ("Yd3", "Rc3", "e5", "", "out", "c3c3"):
        with pytest.raises(RuleError, match=r"legal|empty"):
            parse_action(state, bad)
    with pytest.raises(RuleError, match=r"legal: >Wf6, Yc3|legal: Yc3, >Wf6"):
        parse_action(state, "a1")


def test_positions_round_trip_and_read_as_documented():
    text = ("4 RYGB*PW/......./......./......./......./......./RRRRRR. "
            "Wd4,R-,?-,Gx 2~Y 12,3,0,7 3 - 41")
    with pytest.raises(ValueError, match="draws a Stomper"):
        parse_position(text)  # one seat still to draw while the others have
    text = text.replace("?-", "B-").replace("Wd4", "Wd5")
    state = parse_position(text.replace("2~Y", "1~Y").replace("Wd5", "Wb6"))
    assert state.current == 0 and state.chain == 1 and state.at[0] == 5 * 7 + 1
    assert position_text(state) == text.replace("2~Y", "1~Y").replace("Wd5", "Wb6")
    start = new_game(Options(players=3))
    assert position_text(start) == ("3 ......./......./......./......./......./......./"
                                    "....... ?-,?-,?- layout>1 0,0,0 1 - 0")
    assert parse_position(position_text(start)) == start


@pytest.mark.parametrize("bad, message", [
    ("4 x", "8 fields"),
    ("2 RRRRRRRR/......./......./......./......./......./....... W-,R- 1 0,0 1 - 0",
     "7 rows of 7"),
    ("2 RRRRRRR/R....../......./......./......./......./....... W-,R- 1 0,0 1 - 0",
     "only 7 marbles"),
    ("2 Q....../......./......./......./......./......./....... W-,R- 1 0,0 1 - 0",
     "not a marble"),
    ("2 R....../......./......./......./......./......./....... Wa7,R- 1 0,0 1 - 0",
     "must be empty"),
    ("2 R....../......./......./......./......./......./....... Wa1,Ra1 1 0,0 1 - 0",
     "two Stompers"),
    ("2 R....../......./......./......./......./......./....... W-,W- 1 0,0 1 - 0",
     "own colour"),
    ("2 R....../......./......./......./......./......./....... W-,R- 3 0,0 1 - 0",
     "playing seat"),
    ("2 R....../......./......./......./......./......./....... Wx,R- 1 0,0 1 - 0",
     "out for the round"),
    ("2 R....../......./......./......./......./......./....... W-,R- 1~Y 0,0 1 - 0",
     "string"),
    ("2 R....../......./......./......./......./......./....... W-,R- deal>1 0,0 1 - 0",
     "no chance"),
    ("2 R....../......./......./......./......./......./....... W-,R- layout>1 0,0 1 - 0",
     "in the bag"),
    ("2 R....../......./......./......./......./......./....... W-,R- 1 0,0,0 1 - 0",
     "2 scores"),
    ("2 R....../......./......./......./......./......./....... W-,R- over 0,0 1 - 0",
     "winner"),
    ("2 R....../......./......./......./......./......./....... W-,R- 1 0,0 0 - 0",
     "rounds count"),
])
def test_a_bad_position_is_refused_with_its_reason(bad, message):
    with pytest.raises(ValueError, match=message):
        parse_position(bad)


def test_chance_outcomes_as_text_both_ways():
    rng = random.Random(3)
    for _ in range(20):
        layout = LAYOUT.draw(rng)
        text = outcome_text("layout", layout)
        back = parse_outcome("layout", text)
        assert outcome_text("layout", back) == text  # the same grid, marbles renumbered
        draw = DRAW.draw(rng)
        assert parse_outcome("stompers", outcome_text("stompers", draw)) == draw
    assert parse_outcome("layout", NO_STRINGS) == LAYOUT.check(parse_outcome("layout",
                                                                             NO_STRINGS))
    for kind, bad in (("layout", grid("Rc3")), ("layout", NO_STRINGS.replace("*", "R", 1)),
                      ("stompers", "WRGBY"), ("stompers", "WRGBYY"), ("stompers", "WRGBYQ")):
        with pytest.raises(RuleError, match=f"not a {kind}"):
            parse_outcome(kind, bad)


def test_a_state_round_trips_through_json():
    state = deal(new_game(Options(players=3)), random.Random(8))
    play(state, STOMPLE.action_text(state, state.legal_actions()[5]))
    data = json.loads(json.dumps(state_to_json(state)))
    again = state_from_json(data)
    assert again == state and again.history == state.history
    assert STOMPLE.state_from_json(STOMPLE.state_to_json(state)) == state
    with pytest.raises(ValueError, match="not a Stomple state"):
        state_from_json({**data, "game": "wahoo"})


def test_a_recorded_game_replays_and_verifies():
    from marbleboard.bots.commands import play_game

    state, record = play_game(STOMPLE, ["random"], Options(players=3), random.Random(4))
    assert state.is_over()
    assert record.moves[:2] == ["layout 0", "stompers 1"]
    again = GameRecord.loads(record.dumps())
    assert verify(again) == [] and again.replay() == state
    record.moves[2] = "Rd4" if record.moves[2] != "Rd4" else "Yd4"  # not an outer-row hole
    assert any("do not replay" in p for p in verify(GameRecord.loads(record.dumps())))


def test_the_notation_page_examples_are_real(root):
    text = (root / "docs" / "notation.md").read_text()
    example = ("4 RYGB*PW/......./......./......./......./......./RRRRRR. Wb6,R-,Bx,Gg1 1~Y "
               "12,3,0,7 3 - 41")
    assert example in text and example in notation.__doc__
    state = parse_position(example)
    assert position_text(state) == example
    assert [STOMPLE.action_text(state, a) for a in state.legal_actions()] == ["Yb7"]
    assert STOMPLE.view(state, 2).position == example
    assert "`WRGBYP`" in text and parse_outcome("stompers", "WRGBYP")[:2] == (5, 0)
