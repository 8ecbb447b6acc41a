"""Figures for the game engines and their bots, for every registered game:
random playouts a second, legal-move generation in busy positions, the search
bot's playouts, and how often each bot beats the one below it."""

from __future__ import annotations

import math
import os
import random
import statistics
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..bots import SearchBot
from ..bots.commands import play_game
from ..bots.levels import level_config, record_strength
from ..games.base import Game
from ..games.registry import get_game
from .playouts import playout_rows, random_game
from .report import Row


def random_games(game: Game, players: int, games: int, seed: int = 1) -> tuple[float, float]:
    """Random full games a second, and turns a game (every rule checked by the
    legal-move generator at every turn), chance drawn from a plain Random."""
    rng = random.Random(seed)
    options = game.options({"players": players})
    turns = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state, _steps = random_game(game, options, rng)
        turns += state.turns
    return games / (time.perf_counter() - t0), turns / games


def random_rounds(game: Game, players: int, rounds: int, seed: int = 1) -> tuple[float, float]:
    """For a game played in rounds (``Game.rounds_played`` counts them): random full
    rounds a second, each dealt and played to its end inside whole random games,
    and actions a round."""
    rng = random.Random(seed)
    options = game.options({"players": players})
    played = turns = 0
    t0 = time.perf_counter()
    while played < rounds:
        state, _steps = random_game(game, options, rng)
        played += game.rounds_played(state)
        turns += state.turns
    return played / (time.perf_counter() - t0), turns / played


def legal_move_times(positions: list[Any], repeat: int = 50) -> tuple[float, float]:
    """Median time to list the legal moves, in microseconds, and the median count."""
    times = []
    counts = []
    for state in positions:
        t0 = time.perf_counter()
        for _ in range(repeat):
            actions = state.legal_actions()
        times.append((time.perf_counter() - t0) / repeat * 1e6)
        counts.append(len(actions))
    return statistics.median(times), statistics.median(counts)


def search_figures(game: Game, positions: list[Any], think_s: float) -> tuple[float, float]:
    bot = SearchBot(game, random.Random(3), think_s=think_s)
    playouts = []
    t0 = time.perf_counter()
    for state in positions:
        bot.choose(game.view(state, state.current))
        playouts.append(bot.last_iterations)
    return statistics.mean(playouts), len(positions) / (time.perf_counter() - t0)


def state_memory(state: Any, copies: int = 2000) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state.clone() for _ in range(copies)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / copies


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's score interval)."""
    if not games:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def _paired_game(job: tuple[str, list[str], float, int]) -> float:
    """One game of a match (run in a worker process): what seat ``index % 2``
    scored, 1 for a win, a half for a draw (or a game cut off unfinished)."""
    name, specs, deal, index = job
    game = get_game(name)
    options = game.options({"players": 2})
    state, _record = play_game(game, specs, options, random.Random(deal))
    if not state.winners:
        return 0.5
    return 1.0 if game.seats(options)[index % 2] in state.winners else 0.0


def match(game: Game, first: str, second: str, games: int, seed: int = 11,
          workers: int = 0) -> float:
    """Two-player games of ``first`` against ``second``, seats swapped every game:
    how many ``first`` won, a draw counting a half. The games go in pairs that
    deal the same cards and roll the same dice, once from each seat, so that luck
    weighs less. Games run side by side on ``workers`` processes (one a core by
    default): each bot keeps a core to itself, so a search bot's time a move buys
    what it would alone."""
    rng = random.Random(seed)
    jobs = []
    deal = 0.0
    for i in range(games):
        if i % 2 == 0:
            deal = rng.random()
        specs = [first, second] if i % 2 == 0 else [second, first]
        jobs.append((game.name, specs, deal, i))
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        return sum(map(_paired_game, jobs))
    with ProcessPoolExecutor(workers) as pool:
        return sum(pool.map(_paired_game, jobs))


# A level against one that does not search is quick: it plays at least this many
# games (pairs of them), enough for an interval a few points wide.
QUICK_GAMES = 2000
# The beginner loses to the family bot at least this share of paired two-player
# games; what the strong bot must win against the family one, each game says
# (``strong_target``: else its interval above a half).
BEGINNER_LOSES = 0.65
# A match of at least this many games is kept for the lobby to show (with its
# count); a shorter one, from a quick bench run, would tell a family nothing.
SHOWN_GAMES = 50


def strength_rows(game: Game, games: int) -> list[Row]:
    """Each level against the one below it: won, the 95% interval (Wilson) and
    the target. A match with a level that searches by the clock plays ``games``
    games, the others at least QUICK_GAMES; the results are kept for the lobby
    (bots/strength.json)."""
    rows = []
    for first, second, share in (("family", "beginner", BEGINNER_LOSES),
                                 ("strong", "family", game.strong_target)):
        two = game.options({"players": 2})
        searching = level_config(first, game, two).startswith("search")
        count = games if searching else max(games, QUICK_GAMES)
        count += count % 2  # whole pairs
        t0 = time.perf_counter()
        won = match(game, first, second, count)
        if count >= SHOWN_GAMES:
            record_strength(game, first, second, won, count)
        low, high = wilson(won, count)
        met = low > 0.5 if share is None else won / count >= share
        rows.append(Row(
            f"{game.title}: {first} ({level_config(first, game, two)}) against {second} "
            f"({level_config(second, game, two)}), 2 players",
            f"{won:g}/{count} won ({won / count:.0%})",
            f"95% interval {low:.0%}-{high:.0%}; target "
            + ("interval above 50%" if share is None else f">= {share:.0%}")
            + f": {'met' if met else 'not met'}; {time.perf_counter() - t0:.0f} s"))
    return rows


def game_figures(game: Game, search_s: float = 1.0, strength_games: int = 60) -> list[Row]:
    rows = []
    counts = sorted({p for p in (4, 2) if p in game.players})
    for players in reversed(counts):
        rate, turns = random_games(game, players, 200)
        target = game.games_target  # games a second the game must reach
        rows.append(Row(f"{game.title}: random full {players}-player games (one core)",
                        f"{rate:.0f} games/s", f"{turns:.0f} turns a game"
                        + (f"; target >= {target} games/s" if target else "")))
        if game.rounds_target:
            rate, turns = random_rounds(game, players, 1000)
            rows.append(Row(f"{game.title}: random full {players}-player rounds (one core)",
                            f"{rate:.0f} rounds/s", f"{turns:.0f} actions a round; "
                            f"target >= {game.rounds_target} rounds/s"))
    rows += playout_rows(game)
    positions = game.busy_positions(200, seed=2)
    median, count = legal_move_times(positions)
    rows.append(Row(f"{game.title}: legal moves, {game.busy_positions.__doc__ or ''}".strip()
                    + " (median)", f"{median:.1f} us", f"median {count:.0f} moves"))
    playouts, _rate = search_figures(game, positions[:3], search_s)
    rows.append(Row(f"{game.title}: search bot, {search_s:g} s decision",
                    f"{playouts:.0f} playouts", "target >= 1000 playouts"))
    _playouts, per_s = search_figures(game, positions[3:13], 0.1)
    rows.append(Row(f"{game.title}: search bot at 0.1 s a move", f"{per_s:.1f} decisions/s",
                    f"{_playouts:.0f} playouts each"))
    rows.append(Row(f"{game.title}: memory per game state (a clone)",
                    f"{state_memory(positions[0]):.0f} bytes",
                    f"after {positions[0].turns} turns"))
    if strength_games:
        rows += strength_rows(game, strength_games)
    return rows
