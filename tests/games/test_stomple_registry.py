"""Stomple in the registry: the commands, records and bots find it; no board
offers it yet (it has no board layout, so no marble rules), and the table refuses
it rather than play it on a board it does not fit."""

import pytest

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
