"""The bench's figures for Wump Rummy: random full games a second (the rules'
games, the platform's rounds; at least 500 a second on one core) and the engine's
rows."""

from marbleboard.bench.games import game_figures, random_rounds
from marbleboard.games.wumprummy.game import WUMPRUMMY


def test_random_four_player_games_are_fast_enough():
    rate, actions = random_rounds(WUMPRUMMY, 4, 500)
    # A game deals 48 cards after the starters, or fewer when cards were set aside
    # from the last game's centre: at most 48 plays and one shuffle.
    assert 10 <= actions <= 49
    assert rate >= 500


def test_the_bench_measures_wump_rummy_as_any_game():
    rows = {row.what: row for row in game_figures(WUMPRUMMY, search_s=0.05, strength_games=0)}
    assert "Wump Rummy: random full 4-player rounds (one core)" in rows
    assert "Wump Rummy: random full 2-player games (one core)" in rows
    assert rows["Wump Rummy: random full 4-player rounds (one core)"].value.endswith("rounds/s")
    assert any(what.startswith("Wump Rummy: legal moves") for what in rows)
