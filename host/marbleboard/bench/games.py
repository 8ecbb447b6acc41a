"""Figures for the Wampoo engine and its bots."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from ..bots import SearchBot
from ..games.cards import RANK, parse_card
from ..games.wampoo import Options, State, new_game
from ..games.wampoo.views import seat_view
from .report import Row


def random_games(players: int, games: int, seed: int = 1) -> tuple[float, float]:
    """Random full games a second, and turns a game (every rule checked by the
    legal-move generator at every turn)."""
    rng = random.Random(seed)
    turns = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = new_game(Options(players=players))
        while not state.is_over():
            if state.is_chance():
                state.apply_shuffle(rng.sample(range(54), 54))
            else:
                state.apply(rng.choice(state.legal_actions()))
        turns += state.turns
    return games / (time.perf_counter() - t0), turns / games


def mid_game_positions(count: int, seed: int = 2) -> list[State]:
    """Positions from random games, at least 60 turns in, where the player to move
    has a fresh hand of five holding a Jack (so every swap is generated)."""
    rng = random.Random(seed)
    found: list[State] = []
    jack = parse_card("JS")
    while len(found) < count:
        state = new_game(Options(players=4))
        while not state.is_over() and len(found) < count:
            if state.is_chance():
                state.apply_shuffle(rng.sample(range(54), 54))
                continue
            hand = state.hands[state.current]
            if state.turns >= 60 and len(hand) == 5 and sum(
                    0 <= p < state.track for p in state.pos) >= 6:
                probe = state.clone()
                if not any(RANK[c] == 11 for c in hand):
                    spare = [c for c in (jack, jack + 1, jack + 2, jack + 3)
                             if c not in probe.hands[probe.current]]
                    probe.hands[probe.current][0] = spare[0]
                found.append(probe)
            state.apply(rng.choice(state.legal_actions()))
    return found


def legal_move_times(positions: list[State], repeat: int = 50) -> tuple[float, float]:
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


def search_figures(positions: list[State], think_s: float) -> tuple[float, float]:
    bot = SearchBot(random.Random(3), think_s=think_s)
    playouts = []
    t0 = time.perf_counter()
    for state in positions:
        bot.choose(seat_view(state, state.current))
        playouts.append(bot.last_iterations)
    return statistics.mean(playouts), len(positions) / (time.perf_counter() - t0)


def state_memory(state: State, copies: int = 2000) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = [state.clone() for _ in range(copies)]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del kept
    return (after - before) / copies


def game_figures(search_s: float = 1.0) -> list[Row]:
    rows = []
    rate, turns = random_games(4, 200)
    rows.append(Row("random full 4-player games (one core)", f"{rate:.0f} games/s",
                    f"target >= 150; {turns:.0f} turns a game"))
    rate2, turns2 = random_games(2, 200)
    rows.append(Row("random full 2-player games (one core)", f"{rate2:.0f} games/s",
                    f"{turns2:.0f} turns a game"))
    positions = mid_game_positions(200)
    median, count = legal_move_times(positions)
    rows.append(Row("legal moves, mid-game, five cards with a Jack (median)",
                    f"{median:.1f} us", f"target <= 20 us; median {count:.0f} moves"))
    playouts, _rate = search_figures(positions[:3], search_s)
    rows.append(Row(f"search bot, {search_s:g} s decision", f"{playouts:.0f} playouts",
                    "target >= 1000 playouts"))
    _playouts, per_s = search_figures(positions[3:13], 0.1)
    rows.append(Row("search bot at 0.1 s a move", f"{per_s:.1f} decisions/s",
                    f"{_playouts:.0f} playouts each"))
    state = positions[0]
    rows.append(Row("memory per game state (a clone)", f"{state_memory(state):.0f} bytes",
                    f"with its history of {len(state.history)} entries"))
    return rows
