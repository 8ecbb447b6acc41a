"""Random rounds: whole rounds of uniformly random legal stomps, as the search
bot plays them. Run as a module to measure their speed::

    python -m marbleboard.games.stomple.playouts --players 4 --seconds 10
"""

from __future__ import annotations

import argparse
import random
import time

from ..base import CHANCE
from .options import Options
from .state import State


def play_round(state: State, rng: random.Random) -> State:
    """Deal a round (when one is due) and play it to its end with random stomps,
    in place; return the state."""
    rounds = len(state.rounds)
    while len(state.rounds) == rounds:
        if state.current == CHANCE:
            state.apply_chance(state.chance_due().draw(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def measure_rounds(players: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(rounds a second, actions a round) of random rounds, each dealt afresh and
    played to its end, on one core."""
    rng = random.Random(seed)
    # A target nobody reaches: every round is played, none ends the game.
    options = Options(players=players, target=10**9)
    rounds = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = play_round(State(options), rng)
        actions += state.turns
        rounds += 1
    return rounds / (time.perf_counter() - start), actions / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rate, length = measure_rounds(args.players, args.seconds)
    print(f"{rate:.0f} random rounds a second ({length:.0f} stomps a round), one core")


if __name__ == "__main__":
    main()
