"""Wampum in the registry: the commands, records and bots find it; it has no
marbles, so no board layout, and its screens show what its public and private
payloads hold."""

import json

from wampum_helpers import play, position

from marbleboard.games.record import GameRecord
from marbleboard.games.registry import GAMES, get_game
from marbleboard.games.wampum import Options
from marbleboard.games.wampum.game import WAMPUM


def test_the_registry_has_wampum():
    assert get_game("wampum") is WAMPUM and GAMES["wampum"].title == "Wampum"
    assert WAMPUM.marbles is None
    assert WAMPUM.players == (2, 3, 4, 5)
    record = GameRecord(WAMPUM, WAMPUM.options({"players": 5}))
    assert record.to_json()["game"] == "wampum"


def test_a_phone_sees_its_hand_its_bid_and_its_chest():
    state = play(position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"],
                          chests=["AT", "-", "-", "W"]), "@3a +W +T")
    assert WAMPUM.private(state, 0) == {
        "hand": ["weapons", "alcohol", "furs"],
        "bid": {"village": "3a", "cards": ["weapons", "tobacco"]},
        "chest": ["alcohol", "tobacco"], "discarded": []}
    assert WAMPUM.private(state, 1)["bid"] is None
    json.dumps(WAMPUM.private(state, 0))


def test_every_screen_sees_the_villages_the_counts_and_the_canoe():
    state = play(position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"],
                          chests=["AT", "-", "-", "W"]), "@3a +W +T bid")
    public = WAMPUM.public(state)
    json.dumps(public)
    assert public["villages"][1] == {"name": "3a", "goods": ["alcohol"] * 3,
                                     "trader": "player1", "bid": 2}
    assert public["seats"]["player1"] == {"cards": 3, "bid": 2, "village": "3a",
                                          "wampums": 2, "discarded": 0}
    assert public["seats"]["player4"]["wampums"] == 1
    assert public["canoe"] == "player1" and public["hand_limit"] == 5
    assert public["set_aside"] == 2 and public["round"] == 1 and public["phase"] == "bid"
    assert "weapons" not in json.dumps(public["seats"])  # no bid's cards


def test_the_last_rounds_trades_are_shown_once_revealed():
    state = position(["GG", "TTG", "FFFF"], ["WTFFF", "WWWAAG", "GGGFF"], deck="WWAAGG")
    play(state, "@3 +W +T bid", "@2 +W +W +W +A +A bid", "@4 +F bid")
    trades = WAMPUM.public(state)["trades"]
    assert trades[0] == {"seat": "player2", "village": "2",
                         "bid": ["weapons"] * 3 + ["alcohol"] * 2, "traded": False}


def test_the_options_refuse_a_seat_that_does_not_play():
    import pytest

    with pytest.raises(ValueError, match="first_player"):
        Options(players=3, first_player=3)
    assert WAMPUM.rule_choices() == {}
