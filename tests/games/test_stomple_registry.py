"""Stomple in the registry: the commands, records and bots find it; its own board,
and only that, offers it, and the table refuses it on a board it does not fit."""

import pytest
from stomple_helpers import position

from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.games.registry import GAMES, get_game
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.web.hub import games_for


def test_the_registry_has_stomple_on_its_own_board():
    assert get_game("stomple") is STOMPLE and GAMES["stomple"].title == "Stomple"
    assert STOMPLE.marbles is not None
    assert STOMPLE.marbles.layout_for(STOMPLE.options({"players": 5})) == "stomple"


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_only_the_stomple_board_offers_stomple(layout):
    offered = games_for(build_layout(layout))
    assert (STOMPLE in offered) == (layout == "stomple") and offered


def test_a_presence_only_stomple_board_offers_it_too():
    assert STOMPLE in games_for(build_layout("stomple", stomper_sensors=False))


def test_the_table_refuses_stomple_on_a_board_it_does_not_fit():
    from marbleboard.table.service import Table

    with pytest.raises(ValueError, match="does not fit"):
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
