"""The bench's sensing rows: random games read through a built board's sensors,
counted against what the holes hold."""

import dataclasses

from marbleboard.bench.sensing import Tally, play_and_read, sensing_row
from marbleboard.board import build_layout
from marbleboard.games.registry import get_game


def test_a_stomple_game_is_read_hole_by_hole_without_a_phantom_or_a_miss():
    board = build_layout("stomple")
    stomple = get_game("stomple")
    tally = play_and_read(board, stomple, games=2, seed=1)
    holes = len(board.holes)
    assert tally.games == 2 and tally.steps > 50
    # Every position reads every hole's two sensors once.
    for role in ("presence", "piece"):
        assert tally.empty[role] + tally.full.get(role, 0) == tally.steps * holes
    assert tally.missed == {} and tally.phantom == {}
    row = sensing_row(board, [stomple], tally, {"presence": (0.029, "grid.f6", [0.03, 0.03])})
    assert row.what.startswith("sensing, stomple: 2 random games (Stomple)")
    assert f"presence: 0/{tally.empty['presence']} phantom" in row.value
    assert "2.90% of random turns at grid.f6" in row.against
    assert "0 phantoms here beside two or more" in row.against


def test_with_the_foot_magnet_alone_stompers_make_the_phantoms_and_the_row_says_so():
    # The Stomper as first drawn, one magnet: its field adds up at an empty hole
    # beside two or more of them, and every phantom the games meet stands there.
    board = build_layout("stomple")
    pieces = tuple(dataclasses.replace(p, magnet=dataclasses.replace(p.magnet, opposed=None))
                   if p.magnet is not None else p for p in board.pieces)
    single = dataclasses.replace(board, pieces=pieces)
    tally = play_and_read(single, get_game("stomple"), games=2, seed=1)
    assert tally.phantom.get("presence", 0) == tally.beside_pieces > 0
    row = sensing_row(single, [get_game("stomple")], tally,
                      {"presence": (0.029, "grid.f6", [0.03, 0.93])})
    assert f"presence: {tally.phantom['presence']}/{tally.empty['presence']}" in row.value
    assert f"{tally.beside_pieces} phantoms here beside two or more" in row.against


def test_the_marble_boards_read_random_games_without_a_phantom_or_a_miss():
    board = build_layout("wampoo")
    tally = play_and_read(board, get_game("wampoo"), games=1, seed=2, tally=Tally())
    assert tally.steps > 100 and tally.crowded > 0
    assert tally.phantom == {} and tally.missed == {}
