"""The bench's figures for Wampum: random full games a second (at least 200 on
one core) and the engine's rows."""

from marbleboard.bench.games import game_figures, random_games
from marbleboard.games.wampum.game import WAMPUM


def test_random_full_games_are_fast_enough():
    for players in (2, 5):
        rate, turns = random_games(WAMPUM, players, 100)
        assert 50 <= turns <= 1000
        assert rate >= 200


def test_the_bench_measures_wampum_as_any_game():
    rows = {row.what: row for row in game_figures(WAMPUM, search_s=0.05, strength_games=0)}
    assert "Wampum: random full 4-player games (one core)" in rows
    assert "Wampum: random full 2-player games (one core)" in rows
    assert any(what.startswith("Wampum: legal moves") for what in rows)
