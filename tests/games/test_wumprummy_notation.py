"""The Wump Rummy notation: cards, moves, shuffles and positions as text, and
JSON, both ways; bad text refused with a clear error."""

import json
import random

import pytest
from wumprummy_helpers import position

from marbleboard.games.base import RuleError
from marbleboard.games.record import GameRecord, verify
from marbleboard.games.wumprummy import Options, new_game
from marbleboard.games.wumprummy.game import WUMPRUMMY
from marbleboard.games.wumprummy.notation import (
    card,
    cards_from,
    outcome_text,
    parse_action,
    parse_outcome,
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
    unseen_cards,
)

ORDERED = "".join(f"{v}{s}" for v in "A23456789TJQK" for s in "SHDC")


def test_cards_are_value_then_suit():
    assert [card(t) for t in ("AS", "AH", "2S", "TD", "KC")] == [0, 1, 4, 38, 51]
    assert cards_from("jHqD3s") == [card("JH"), card("QD"), card("3S")]
    assert cards_from("-") == []
    for bad in ("X1", "1S", "AX", "A", "10H"):
        with pytest.raises(ValueError):
            cards_from(bad)


def test_the_docstring_moves():
    # "3Sx3H: take the 3 of hearts with the 3 of spades", "5D: into the centre"
    state = position("3S5D,KCKS", centre="3H", deck=8)
    assert [WUMPRUMMY.action_text(state, a) for a in state.legal_actions()] == ["3Sx3H"]
    assert parse_action(state, "3Sx3H") == parse_action(state, "3sX3h")
    state = position("3S5D,KCKS", centre="9C", deck=8)
    assert sorted(WUMPRUMMY.action_text(state, a) for a in state.legal_actions()) == [
        "3S", "5D"]


def test_a_move_that_is_not_legal_is_refused_with_the_legal_ones():
    state = position("3S5D,KCKS", centre="3H", deck=8)
    for bad in ("5D", "3S", "5Dx3H", "KCx3H", "", "3Sx3H3H"):
        with pytest.raises(RuleError, match=r"legal|empty"):
            parse_action(state, bad)
    with pytest.raises(RuleError, match=r"legal: 3Sx3H"):
        parse_action(state, "AS")


def test_the_documented_position_reads_as_documented():
    # docs/notation.md: seat 1 to play, seat 3 dealt, game 2 deal 2.
    text = "3 1 3 2.2 3H5D,3SJH,4HQD - 2H2C,-,KSKH ?42 1,0,0 - 30"
    state = parse_position(text)
    assert state.current == 0 and state.dealer == 2 and (state.game, state.deal) == (2, 2)
    assert state.claimed[2].bit_count() == 2 and len(state.deck) == 42
    assert state.wins == [1, 0, 0] and state.turns == 30
    assert position_text(state, seen_by=1) == text
    with pytest.raises(ValueError, match="games won"):
        parse_position(text.replace(" 2.2 ", " 1.2 "))  # a game won before one is over


def test_positions_round_trip():
    state = position("3H5D,3SJH,4HQD", centre="9C", deck=20, game="2.3", wins="1,0,0")
    assert parse_position(position_text(state)) == state
    start = new_game(Options(players=3))
    assert position_text(start) == "3 shuffle 1 1.0 -,-,- - -,-,- - 0,0,0 - 0"
    assert parse_position(position_text(start)) == start


def test_a_hidden_deck_is_filled_from_the_cards_not_shown():
    state = position("3H5D,3SJH", centre="9C", deck=30)
    view = WUMPRUMMY.view(state, 0).position
    assert view.split()[7] == "?30"
    assert sorted(unseen_cards(view)) == sorted(state.deck)
    guess = WUMPRUMMY.sample(WUMPRUMMY.view(state, 0), random.Random(1))
    assert sorted(guess.deck) == sorted(state.deck) and guess.deck != state.deck


@pytest.mark.parametrize("bad, message", [
    ("3 x", "11 fields"),
    ("2 1 2 1.1 3H,3H - -,- ?50 0,0 - 0", "two places"),
    ("2 1 2 1.1 3H,4H - -,- ?40 0,0 - 0", "cards not shown"),
    ("2 1 2 1.1 3H,4H - -,- 5S 0,0 - 0", "every card"),
    ("2 1 2 1 3H,4H - -,- ?50 0,0 - 0", "two numbers"),
    ("2 3 2 1.1 3H,4H - -,- ?50 0,0 - 0", "not a playing seat"),
    ("2 1 2 1.1 3H,4H4S - -,- ?49 0,0 - 0", "in turn"),
    ("2 2 2 1.1 3H,4H - -,- ?50 0,0 - 0", "in turn"),
    ("2 1 2 1.1 3H5H6H7H8H,4H4S4D4C4S - -,- ?42 0,0 - 0", "two places"),
    ("2 1 2 1.1 3H5H6H7H8H,4H4S4D4C9S - -,- ?42 0,0 - 0", "four at most"),
    ("2 over 2 1.1 -,- - -,- - 0,0 - 0", "winner"),
    ("2 shuffle 2 1.0 3H,- - -,- - 0,0 - 0", "before the shuffle"),
    ("2 1 2 1.1 3H,X1 - -,- ?50 0,0 - 0", "jokers"),
    ("2 1 2 1.1 3H,4H - -,- ?50 0,0,0 - 0", "games won"),
])
def test_bad_positions_are_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        parse_position(bad)


def test_shuffles_as_text():
    values = parse_outcome(ORDERED)
    assert values == tuple(range(52))
    assert outcome_text(values) == ORDERED
    for bad in (ORDERED[:-2], ORDERED[:-2] + "AS", ORDERED + "X1"):
        with pytest.raises(RuleError, match="shuffle"):
            parse_outcome(bad)


def test_json_round_trip_keeps_the_games_and_the_history():
    rng = random.Random(3)
    state = new_game(Options(players=2, games_to_win=2))
    while len(state.rounds) < 1 or state.is_chance():
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state_to_json(state)))
    again = state_from_json(data)
    assert again == state and again.rounds == state.rounds and again.history == state.history
    with pytest.raises(ValueError, match="Wump Rummy"):
        state_from_json({**data, "game": "stomple"})


def test_a_recorded_match_verifies():
    from marbleboard.bots.commands import play_game

    state, record = play_game(WUMPRUMMY, ["greedy", "random"],
                              Options(players=3, games_to_win=2), random.Random(5))
    again = GameRecord.loads(record.dumps())
    assert verify(again) == [] and again.replay() == state
    assert record.moves[0] == "shuffle 0"
    assert all(c.kind == "shuffle" and c.secret for c in record.chances)
    # One shuffle a game.
    assert len(record.chances) == len(state.rounds)
    hidden = record.to_json(reveal=False)["chances"]
    assert all("outcome" not in c for c in hidden)
