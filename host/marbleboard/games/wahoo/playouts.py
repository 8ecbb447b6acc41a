"""Random playouts: whole games of uniformly random legal moves and random rolls,
as the search bot plays them to the end. Run as a module to measure their speed::

    python -m marbleboard.games.wahoo.playouts --players 4 --seconds 10
"""

from __future__ import annotations

import argparse
import random
import time

from .options import Options
from .state import State


def playout(state: State, rng: random.Random) -> State:
    """Play ``state`` to its end, in place, and return it."""
    choice, randrange = rng.choice, rng.randrange
    while not state.is_over():
        if state.is_chance():
            state.roll_die(randrange(6) + 1)
        else:
            state.apply(choice(state.legal_actions()))
    return state


def measure(options: Options, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(games a second, turns a game) of random playouts from the start."""
    rng = random.Random(seed)
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        turns += playout(State(options), rng).turns
        games += 1
    return games / (time.perf_counter() - start), turns / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--partners", action="store_true")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    rate, length = measure(Options(players=args.players, partners=args.partners), args.seconds)
    print(f"{rate:.0f} random games a second ({length:.0f} turns a game), one core")


if __name__ == "__main__":
    main()
