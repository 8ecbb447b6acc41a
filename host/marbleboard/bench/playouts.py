"""Random playouts beside a reference: OpenSpiel's ``maedn`` (Mensch ärgere Dich
nicht, a race game of four marbles a colour and a die, written in C++), driven
by the same Python loop as the game: the legal actions listed, one chosen at
random, applied; chance drawn at random. Both run in turns of a fifth of a
second, alternated, so the machine's noise falls on both alike; the figure is the
ratio, which is what carries from one machine to another.

OpenSpiel is a bench-only install (``pip install open_spiel``, the ``bench``
extra): without it the rows say so.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..games.base import Game
from .report import Row

SLICE_S = 0.2


def random_game(game: Game, options: Any, rng: random.Random) -> tuple[Any, int]:
    """A whole game of random legal moves, chance drawn from ``rng``: its last state
    and its steps (each action and each chance outcome)."""
    state = game.new_state(options)
    steps = 0
    while not state.is_over():
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state, steps


def _ours(game: Game, options: Any, rng: random.Random, seconds: float) -> tuple[int, int]:
    """(games, steps) of random playouts in about ``seconds``."""
    games = steps = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        steps += random_game(game, options, rng)[1]
        games += 1
    return games, steps


def _maedn(reference: Any, rng: random.Random, seconds: float) -> tuple[int, int]:
    games = steps = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        state = reference.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    return games, steps


def side_by_side(game: Game, players: int, seconds: float) -> tuple[float, float, float, float]:
    """(our games/s, our steps/s, maedn's games/s, maedn's steps/s), measured in
    alternating slices; raises ImportError without OpenSpiel."""
    import pyspiel  # the bench extra; not a dependency of the product

    reference = pyspiel.load_game("maedn", {"players": players})
    options = game.options({"players": players})
    rng = random.Random(5)
    totals = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # games, steps, seconds: ours, then maedn's
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for k, run in ((0, lambda: _ours(game, options, rng, SLICE_S)),
                       (3, lambda: _maedn(reference, rng, SLICE_S))):
            t0 = time.perf_counter()
            games, steps = run()
            totals[k] += games
            totals[k + 1] += steps
            totals[k + 2] += time.perf_counter() - t0
    return (totals[0] / totals[2], totals[1] / totals[2], totals[3] / totals[5],
            totals[4] / totals[5])


def playout_rows(game: Game, seconds: float = 10.0) -> list[Row]:
    """The game's random playouts against maedn's, for each player count both
    have; the targets are the game's ``playout_targets``."""
    targets = game.playout_targets
    if not targets:
        return []
    rows = []
    for players, (measure, share) in sorted(targets.items()):
        try:
            ours_g, ours_s, ref_g, ref_s = side_by_side(game, players, seconds)
        except ImportError:
            return [Row(f"{game.title}: random playouts against OpenSpiel's maedn",
                        "not measured", "OpenSpiel is not installed (pip install open_spiel)")]
        ratio = ours_s / ref_s if measure == "steps" else ours_g / ref_g
        rows.append(Row(
            f"{game.title}: random {players}-player playouts, {measure} a second "
            "against OpenSpiel's maedn (same Python loop, one core)",
            f"{ratio:.2f} of maedn's",
            f"{ours_g:.0f} games, {ours_s / 1000:.0f}k steps/s against {ref_g:.0f} games, "
            f"{ref_s / 1000:.0f}k steps/s; target >= {share:g}: "
            + ("met" if ratio >= share else "not met")))
    return rows
