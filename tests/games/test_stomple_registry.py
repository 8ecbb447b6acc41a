"""Stomple in the registry: the commands, records and bots find it; no board
offers it yet (it has no board layout, so no marble rules), and the table refuses
it rather than play it on a board it does not fit."""

import pytest
from stomple_helpers import position

from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.games.registry import GAMES, default_layout, get_game
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.web.hub import games_for


def test_the_registry_has_stomple():
    assert get_game("stomple") is STOMPLE and GAMES["stomple"].title == "Stomple"
    assert STOMPLE.marbles is None
    assert default_layout() in LAYOUTS  # still a board of a game that has one


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_no_board_offers_stomple(layout):
    offered = games_for(build_layout(layout))
    assert STOMPLE not in offered and offered  # the board's own games still are


def test_the_table_refuses_a_game_with_no_marble_rules():
    from marbleboard.table.service import Table

    with pytest.raises(ValueError, match="Stomple"):
        Table(STOMPLE, build_layout("wampoo"), link=None, store=None, seats={},
              options=STOMPLE.options({"players": 2}))


def test_every_screen_sees_the_scores_the_round_and_the_stompers():
    state = position("Ra7 *b7", stompers="Wd4,Bx,Y-", scores="4,0,9", round_=3)
    assert STOMPLE.public(state) == {
        "round": 3, "points_to_win": 20, "round_points": 3 + 3 + 1,
        "seats": {"player1": {"score": 4, "stomper": "white", "out": False},
                  "player2": {"score": 0, "stomper": "blue", "out": True},
                  "player3": {"score": 9, "stomper": "yellow", "out": False}}}
    assert STOMPLE.private(state, 0) == {}  # nothing is hidden
