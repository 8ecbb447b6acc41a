"""``marbleboard simulate``: bots play each other, and a table of the results."""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path
from typing import Any

from ..games.base import Game
from ..games.commands import add_rule_argument, rule_options
from ..games.fairness import ChanceSource
from ..games.record import GameRecord
from ..games.registry import GAMES, get_game
from . import make_bot
from .learned import TRAINING, WEIGHTS, Trainer


def play_game(game: Game, bot_specs: list[str], options: Any, rng: random.Random,
              turn_limit: int = 20000) -> tuple[Any, GameRecord]:
    """One game between bots; each seat's bot sees only its view."""
    seats = game.seats(options)
    bots = {seat: make_bot(bot_specs[i % len(bot_specs)], game, random.Random(rng.random()),
                           options)
            for i, seat in enumerate(seats)}
    record = GameRecord(game, options, players={game.seat_names[s]: f"bot:{b.name}"
                                                for s, b in bots.items()})
    source = ChanceSource(random.Random(rng.random()))
    state = game.new_state(options)
    while not state.is_over() and state.turns < turn_limit:
        if state.is_chance():
            record.add_chance(state, source.draw(state.chance_due(), game.outcome_text))
        else:
            # A turn with nothing to choose (a hand thrown away, a roll that cannot
            # move) is played without asking the bot, as at the table.
            action = game.forced(state)
            if action is None:
                action = bots[state.current].choose(game.view(state, state.current))
            if action not in state.legal_actions():
                raise RuntimeError(f"bot {bots[state.current].name} chose an illegal action")
            record.add_move(state, action)
    return state, record


def cmd_simulate(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    specs = args.bots.split(",")
    try:
        for spec in specs:
            make_bot(spec, game)
        options = game.options({"players": args.players, **rule_options(args.rule)})
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    rng = random.Random(args.seed)
    wins: dict[str, int] = {}
    seats_played: dict[str, int] = {}
    turns = 0
    unfinished = draws = 0
    t0 = time.perf_counter()
    out = Path(args.record) if args.record else None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    for i in range(args.games):
        state, record = play_game(game, specs, options, rng)
        if out is not None:
            (out / f"{game.name}-{args.seed}-{i + 1:04d}.json").write_text(record.dumps() + "\n")
        turns += state.turns
        for seat in game.seats(options):
            name = record.players[game.seat_names[seat]]
            seats_played[name] = seats_played.get(name, 0) + 1
            if seat in state.winners:
                wins[name] = wins.get(name, 0) + 1
        unfinished += not state.is_over()
        draws += state.is_over() and not state.winners
    elapsed = time.perf_counter() - t0
    print(f"{args.games} games of {game.title}, {args.players} players, seed {args.seed}")
    width = max(14, *map(len, seats_played))
    print(f"{'bot':{width}} {'seats':>6} {'wins':>6} {'win rate':>9}")
    for name in sorted(seats_played):
        won = wins.get(name, 0)
        print(f"{name:{width}} {seats_played[name]:6} {won:6} {won / seats_played[name]:9.1%}")
    print(f"average turns per game {turns / args.games:.1f}; {args.games / elapsed:.1f} games "
          f"per second ({elapsed:.2f} s)" + (f"; {draws} drawn" if draws else "")
          + (f"; {unfinished} hit the turn limit" if unfinished else ""))
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    try:
        options = game.options({"players": args.players, **rule_options(args.rule)})
    except ValueError as e:
        raise SystemExit(f"error: {e}") from e
    settings = {**TRAINING, **game.training}
    games = args.games or int(settings["games"])
    if game.feature_key(options) is None:
        raise SystemExit(f"error: {game.title} has no learned evaluation for these options")
    trainer = Trainer(game, options, seed=args.seed, rate=settings["rate"],
                      hand=settings["hand"], learn_hand=bool(settings["learn_hand"]),
                      blend=settings["blend"])
    print(f"training {game.title}, {args.players} players: {games} games of self-play, "
          f"seed {args.seed}")

    def report(done: int) -> None:
        print(f"  {done} games, {trainer.seconds + time.perf_counter() - t0:.0f} s", flush=True)

    t0 = time.perf_counter()
    model = trainer.run(games, report=report if games >= 2000 else None)
    out = Path(args.out) if args.out else WEIGHTS / f"{model.key}.npz"
    out.parent.mkdir(parents=True, exist_ok=True)
    model.save(out)
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) after {trainer.seconds:.0f} s")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="bots play each other; a table of the results")
    p.add_argument("game", choices=sorted(GAMES))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--bots", default="greedy,random",
                   help="bots for the seats in turn: a level (beginner, family, strong) "
                        "or random, greedy, plausible[:ratio], lookahead, search[:seconds], "
                        "the last four with +learned if wanted")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--record", metavar="DIR", help="write each game's record (JSON) here")
    add_rule_argument(p)
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("train", help="learn a game's evaluation by self-play, into the "
                                     "package's weights")
    p.add_argument("game", choices=sorted(name for name, g in GAMES.items()
                                          if g.feature_key(g.options({"players": 2}))))
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=0,
                   help="games of self-play (default: the game's own number)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", metavar="FILE", help="write the weights here instead")
    add_rule_argument(p)
    p.set_defaults(func=cmd_train)
