"""``marbleboard simulate``: bots play each other, and a table of the results."""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from ..games.fairness import Shuffler
from ..games.wampoo import Options, State
from ..games.wampoo.actions import FOLD
from ..games.wampoo.options import SEAT_NAMES
from ..games.wampoo.record import GameRecord
from ..games.wampoo.views import seat_view
from . import make_bot


def play_game(bot_specs: list[str], options: Options, rng: random.Random,
              turn_limit: int = 20000) -> tuple[State, GameRecord]:
    """One game between bots; each seat's bot sees only its view."""
    bots = {seat: make_bot(bot_specs[i % len(bot_specs)], random.Random(rng.random()))
            for i, seat in enumerate(options.seats)}
    record = GameRecord(options, players={SEAT_NAMES[s]: f"bot:{b.name}"
                                          for s, b in bots.items()})
    shuffler = Shuffler(random.Random(rng.random()))
    state = State(options)
    while not state.is_over() and state.turns < turn_limit:
        if state.is_chance():
            record.add_shuffle(state, shuffler.shuffle())
        else:
            # A hand that cannot be played is thrown away without asking the bot,
            # as at the table.
            legal = state.legal_actions()
            action = FOLD if legal == [FOLD] else bots[state.current].choose(
                seat_view(state, state.current))
            if action not in state.legal_actions():
                raise RuntimeError(f"bot {bots[state.current].name} chose an illegal action")
            record.add_move(state, action)
    return state, record


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.game != "wampoo":
        raise SystemExit(f"error: no game called {args.game!r} yet (wampoo)")
    specs = args.bots.split(",")
    try:
        for spec in specs:
            make_bot(spec)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    options = Options(players=args.players)
    rng = random.Random(args.seed)
    wins: dict[str, int] = {}
    seats_played: dict[str, int] = {}
    turns = 0
    unfinished = 0
    t0 = time.perf_counter()
    out = Path(args.record) if args.record else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for i in range(args.games):
        state, record = play_game(specs, options, rng)
        if out is not None:
            (out / f"wampoo-{args.seed}-{i + 1:04d}.json").write_text(record.dumps() + "\n")
        turns += state.turns
        for seat in options.seats:
            name = record.players[SEAT_NAMES[seat]]
            seats_played[name] = seats_played.get(name, 0) + 1
            if seat in state.winners:
                wins[name] = wins.get(name, 0) + 1
        unfinished += not state.is_over()
    elapsed = time.perf_counter() - t0
    print(f"{args.games} games of Wampoo, {args.players} players, seed {args.seed}")
    print(f"{'bot':14} {'seats':>6} {'wins':>6} {'win rate':>9}")
    for name in sorted(seats_played):
        won = wins.get(name, 0)
        print(f"{name:14} {seats_played[name]:6} {won:6} {won / seats_played[name]:9.1%}")
    print(f"average turns per game {turns / args.games:.1f}; {args.games / elapsed:.1f} games "
          f"per second ({elapsed:.2f} s)" + (f"; {unfinished} hit the turn limit"
                                              if unfinished else ""))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="bots play each other; a table of the results")
    p.add_argument("game", choices=["wampoo"])
    p.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    p.add_argument("--bots", default="greedy,random",
                   help="bots for the seats in turn: random, greedy, search[:seconds]")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--record", metavar="DIR", help="write each game's record (JSON) here")
    p.set_defaults(func=cmd_simulate)

