"""Wump Rummy in the registry: the commands, records and bots find it; it has no
marbles, so every board offers it, the board lighting each player's place, and the
screens show its cards from ``public`` and ``private``."""

import json

import pytest
from wumprummy_helpers import position

from marbleboard import words
from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.games.registry import GAMES, get_game
from marbleboard.games.wumprummy.game import WUMPRUMMY
from marbleboard.web.hub import games_for, player_counts


def test_the_registry_has_wump_rummy():
    assert get_game("wumprummy") is WUMPRUMMY and GAMES["wumprummy"].title == "Wump Rummy"
    assert WUMPRUMMY.marbles is None and WUMPRUMMY.players == (2, 3, 4)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_every_board_offers_wump_rummy_for_the_places_it_has(layout):
    board = build_layout(layout)
    assert WUMPRUMMY in games_for(board)
    assert player_counts(WUMPRUMMY, board) == [n for n in (2, 3, 4) if n <= len(board.seats)]


def test_every_screen_sees_the_centre_the_hands_and_the_scores():
    state = position("3H5D,3SJH,4HQD", centre="9C", claimed="ASAH,-,KSKH", deck=20,
                     game="2.3", wins="1,0,0")
    public = WUMPRUMMY.public(state)
    assert public["centre"] == ["9C"] and public["deck"] == 20
    assert (public["game"], public["deal"], public["games_to_win"]) == (2, 3, 5)
    assert public["dealer"] == "player3"
    assert public["seats"]["player1"]["hand"] == ["3H", "5D"]  # face up: every screen
    assert public["seats"]["player1"]["games"] == 1
    assert public["seats"]["player3"]["claimed"] == state.claimed[2].bit_count()
    private = WUMPRUMMY.private(state, 1)
    assert private["hand"] == ["3S", "JH"] and "claimed" in private
    json.dumps(public), json.dumps(private)  # plain data


def test_a_phone_picks_the_card_first_and_one_move_is_played_for_the_seat():
    state = position("3H5D,3SJH", centre="3C", deck=20)
    (only,) = state.legal_actions()
    assert WUMPRUMMY.action_group(state, only) == "3H"
    assert WUMPRUMMY.forced(state) == only
    # The log says it as every screen may be told it.
    assert words.say(WUMPRUMMY.public_words(state, only)) == (
        "take the 3 of clubs with the 3 of hearts")
    state = position("3H5D,3SJH", centre="3C5C", deck=20)
    assert WUMPRUMMY.forced(state) is None  # two claims: the player chooses
    state = position("5D,JH", centre="9C", deck=20)
    assert words.say(WUMPRUMMY.public_words(state, WUMPRUMMY.forced(state))) == (
        "put the 5 of diamonds in the centre")
