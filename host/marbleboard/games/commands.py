"""``marbleboard simulate``, ``marbleboard wampoo moves`` and ``verify``."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from ..bots import make_bot
from .fairness import Shuffler
from .wampoo import Options, State
from .wampoo.notation import action_text, parse_position
from .wampoo.options import SEAT_NAMES
from .wampoo.record import GameRecord, verify
from .wampoo.views import seat_view


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
            action = bots[state.current].choose(seat_view(state, state.current))
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


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        state = parse_position(args.position)
        if args.hand is not None:
            from .cards import parse_cards

            if state.current < 0:
                raise ValueError("the position has nobody to play")
            state.hands[state.current] = parse_cards(args.hand)
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    if state.current < 0:
        print("nobody to play: " + ("the game is over" if state.is_over() else
                                    "a shuffle is due"))
        return 0
    actions = state.legal_actions()
    print(f"{SEAT_NAMES[state.current]} to play, {len(actions)} legal move"
          f"{'' if len(actions) == 1 else 's'}:")
    for action in actions:
        print("  " + action_text(state, action))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    try:
        record = GameRecord.loads(Path(args.record).read_text())
    except (OSError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e
    problems = verify(record)
    for p in problems:
        print(f"{args.record}: {p}", file=sys.stderr)
    if not problems:
        print(f"{args.record}: fair and by the rules: {len(record.shuffles)} shuffles match "
              f"their commitments, {len(record.moves)} entries replay, winners "
              f"{', '.join(record.winners)}")
    return 1 if problems else 0


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

    w = sub.add_parser("wampoo", help="Wampoo positions and game records")
    wsub = w.add_subparsers(dest="wampoo_command", required=True)
    m = wsub.add_parser("moves", help="the legal moves of a position (docs/notation.md)")
    m.add_argument("position", help="a position in the one-line notation, quoted")
    m.add_argument("--hand", help="the hand of the seat to play, e.g. AS7HJDX1")
    m.set_defaults(func=cmd_moves)
    v = wsub.add_parser("verify", help="check a finished game's record: fair decks, legal moves")
    v.add_argument("record")
    v.set_defaults(func=cmd_verify)
