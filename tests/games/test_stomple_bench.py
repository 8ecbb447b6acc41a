"""The bench's figures for Stomple: random full rounds a second (make bench asks
for at least 200 four-player rounds a second on one core) and the engine's rows."""

from marbleboard.bench.games import game_figures, random_rounds
from marbleboard.games.stomple.game import STOMPLE


def test_random_four_player_rounds_are_fast_enough():
    rate, actions = random_rounds(STOMPLE, 4, 200)
    # A round is at least the four first stomps and three seats going out, at most
    # one stomp a marble and one out a seat.
    assert 7 <= actions <= 49 + 4
    assert rate >= 200


def test_the_bench_measures_stomple_as_any_game():
    rows = {row.what: row for row in game_figures(STOMPLE, search_s=0.05, strength_games=0)}
    assert "Stomple: random full 4-player rounds (one core)" in rows
    assert "Stomple: random full 2-player games (one core)" in rows
    assert rows["Stomple: random full 4-player rounds (one core)"].value.endswith("rounds/s")
    assert any(what.startswith("Stomple: legal moves") for what in rows)
