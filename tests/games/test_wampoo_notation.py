"""Move and position notation, views, game records and fair dealing."""

import json
import random

import pytest
from wampoo_helpers import position, recorded_game

from marbleboard.games.cards import card_name, cards_text, parse_cards
from marbleboard.games.fairness import ChanceSource, Outcome, commitment
from marbleboard.games.record import GameRecord, verify
from marbleboard.games.wampoo import RuleError
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import (
    action_text,
    parse_action,
    parse_position,
    position_text,
)
from marbleboard.games.wampoo.state import SHUFFLE

EXAMPLE = ("4 0!,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,GS AS7H/9C/KDQS/2H R Y "
           "3H4D 5C+0 - - 12")


def test_cards_have_two_letter_names():
    assert [card_name(c) for c in (0, 1, 36, 51, 52, 53)] == ["AS", "AH", "TS", "KC", "X1", "X2"]
    assert parse_cards("AS7HX2") == [0, 25, 53]
    assert cards_text(list(range(54))).count("X") == 2
    for bad in ("1S", "AZ", "X3", "A"):
        with pytest.raises(ValueError):
            parse_cards(bad)


def test_the_documented_position_round_trips():
    state = parse_position(EXAMPLE)
    assert position_text(state) == EXAMPLE
    assert state.pos[:4] == [0, 5, -1, -1] and state.fresh == 1
    assert state.pos[12:14] == [state.home(3, 0), state.home(3, 1)]


@pytest.mark.parametrize("text, error", [
    ("4 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS -/-/-/- R - - +0 - -", "10 fields"),
    ("4 0,0,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS -/-/-/- R - - +0 - - 0", "two marbles"),
    ("4 B1,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS -/-/-/- R - - +0 - - 0", "HOME row"),
    ("4 5!,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS -/-/-/- R - - +0 - - 0", "protected"),
    ("4 99,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS -/-/-/- R - - +0 - - 0", "no track"),
])
def test_bad_positions_are_explained(text, error):
    with pytest.raises(ValueError, match=error):
        parse_position(text)


def test_moves_round_trip_through_text():
    state = position({"R": "0!,30,R1,RS", "B": "18!,10,50,BS", "Y": "44,YS,YS,YS",
                      "G": "60,62,GS,GS"}, "AS4H7DJCX1")
    for action in state.legal_actions():
        assert parse_action(state, action_text(state, action)) == action


def test_knocks_may_be_left_out_and_swaps_named_either_way():
    state = position({"R": "10,RS,RS,RS", "Y": "15,YS,YS,YS"}, "5SJS")
    assert parse_action(state, "5 10-15") == parse_action(state, "5 10-15 xY15")
    assert parse_action(state, "J 15<>10") == parse_action(state, "J 10<>15")


def test_an_illegal_move_names_the_legal_ones():
    state = position({"R": "10,RS,RS,RS"}, "5S")
    with pytest.raises(RuleError, match=r"'5 10-16' is not a legal move here \(legal: 5 10-15"):
        parse_action(state, "5 10-16")
    with pytest.raises(RuleError):
        state.play(12345)


def test_a_seat_sees_its_own_hand_and_no_other():
    state = parse_position(EXAMPLE)
    view = WAMPOO.view(state, 0)
    assert view.position.split()[2] == "AS7H/?1/?2/?1"
    assert view.position.split()[5] == "?2"  # the deck, face down
    public = WAMPOO.view(state, None)
    assert public.position.split()[2] == "?2/?1/?2/?1"
    dumped = json.dumps([view.to_json(WAMPOO.seat_names), WAMPOO.private(state, 0),
                         WAMPOO.public(state)])
    for hidden in ("9C", "KD", "QS", "2H", "3H", "4D"):
        assert hidden not in dumped
    assert WAMPOO.private(state, 0)["hand"] == ["AS", "7H"]
    assert "A 5-6" in [WAMPOO.action_text(state, a) for a in state.legal_actions()]


def draw_shuffle(rng=None):
    return ChanceSource(rng).draw(SHUFFLE, WAMPOO.outcome_text)


def test_commitments_check_the_deck_and_the_salt():
    shuffle = draw_shuffle(random.Random(3))
    assert shuffle.verify()
    assert sorted(shuffle.values) == list(range(54))
    swapped = list(shuffle.values)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    text = WAMPOO.outcome_text(SHUFFLE, swapped)
    assert commitment(shuffle.salt, text) != shuffle.commitment
    assert not Outcome("shuffle", tuple(swapped), text, shuffle.salt,
                       shuffle.commitment).verify()


def test_live_games_shuffle_with_the_system_random_source():
    import secrets

    assert isinstance(ChanceSource().rng, secrets.SystemRandom)


def finished_record(seed=2):
    return recorded_game(seed, 2)[0]


def test_a_fair_record_verifies():
    record = finished_record()
    assert verify(record) == []
    data = record.to_json()
    assert data["format"] == "marbleboard-game" and data["version"] == 2
    assert data["moves"][:2] == ["shuffle 0", "shuffle 1"]


def test_a_stacked_deck_is_caught():
    record = finished_record()
    first = record.chances[1]
    deck = list(first.values)
    deck[0], deck[-1] = deck[-1], deck[0]
    record.chances[1] = Outcome("shuffle", tuple(deck), WAMPOO.outcome_text(SHUFFLE, deck),
                                first.salt, first.commitment)
    problems = verify(record)
    assert "shuffle 1: the outcome is not the one committed to" in problems


def test_a_doctored_move_is_caught():
    record = finished_record()
    record.moves[5] = "K RS-0" if record.moves[5] != "K RS-0" else "fold"
    assert any("do not replay" in p for p in verify(record))


def test_while_the_game_is_on_only_commitments_are_published():
    record = finished_record()
    hidden = record.to_json(reveal=False)
    assert all(set(s) == {"kind", "commitment"} for s in hidden["chances"])
    with pytest.raises(ValueError, match="not revealed yet"):
        GameRecord.from_json(hidden)
