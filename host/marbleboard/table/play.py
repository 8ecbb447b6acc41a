"""``marbleboard play``: a game at a board, played from a terminal.

On the simulated board a simulated person carries out every move: the bots'
moves as they are lit, and yours as you type them. On a real board you move the
marbles yourself and the terminal shows what the table sees.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ..board import get_board
from ..bots import make_bot
from ..games.base import Game, RuleError
from ..games.commands import add_rule_argument, rule_options
from ..games.fairness import ChanceSource
from ..games.registry import GAMES, get_game
from ..link import LinkError
from ..sim.console import SimConsole
from ..sim.emulated import EmulatorError
from ..sim.local import BOARD_HELP, LOCAL_NAMES, LocalPico, open_board, pace_hand
from .hand import SimulatedHand, carry_out_bot_moves
from .service import QUIET_S, Table
from .store import DAMAGED_EXIT, DEFAULT_DB, GameStore, StoreDamaged
from .terminal import render

HELP = """\
  a move, as listed      e.g. 'K RS-0' or '7 12-19'  (on the simulated board it is carried out)
  card K                 choose a card: the board lights its moves (card games)
  1, 2, ...              answer a question
  takeback               undo the last move (when the table allows it)
  show                   the board again
  place/lift/slide ...   move marbles by hand on the simulated board
  quit"""


@dataclass
class PlayConfig:
    game: str
    seats: list[str]
    board: str = "sim"  # "sim", "emu", "auto" (the one Pico on USB) or a serial port
    db: Path = DEFAULT_DB
    quiet_s: float = QUIET_S
    new: bool = False
    takeback: bool = False
    seed: int | None = None
    pace_s: float = 0.15
    rules: dict[str, Any] = field(default_factory=dict)  # the game's options


def _seat_kinds(game: Game, seats: list[str]) -> list[str]:
    kinds = []
    for spec in seats:
        spec = spec.strip()
        if spec == "human":
            kinds.append(spec)
            continue
        bot = spec.removeprefix("bot:")
        try:
            make_bot(bot, game)  # a bot that cannot be made is refused here, said plainly
        except ValueError as e:
            raise ValueError(f"a seat is 'human' or 'bot:NAME': {e}") from None
        kinds.append("bot:" + bot)
    if len(kinds) not in game.players:
        raise ValueError(f"{game.title} is for {', '.join(map(str, game.players))} seats")
    return kinds


async def play(cfg: PlayConfig) -> int:
    console = Console(highlight=False)
    game = get_game(cfg.game)
    assert game.marbles is not None
    kinds = _seat_kinds(game, cfg.seats)
    options = game.options({"players": len(kinds), **cfg.rules})
    seats = dict(zip(game.seats(options), kinds, strict=True))
    board = get_board(game.marbles.layout_for(options))
    try:
        store = GameStore(cfg.db)
    except StoreDamaged as e:
        console.print(f"[red]error:[/] {e}: it has been left as it is (`marbleboard serve "
                      f"--fresh-store` keeps it aside and starts an empty one)")
        return DAMAGED_EXIT
    if cfg.new and (old := store.unfinished(game.name)) is not None:
        store.abandon(old)  # left unfinished: a new game starts
    rng = random.Random(cfg.seed)
    try:
        sim, link = open_board(cfg.board, board)
    except EmulatorError as e:
        console.print(f"[red]error:[/] {e}")
        return 1
    try:
        await link.connect()
    except LinkError as e:
        console.print(f"[red]error:[/] {e}")
        if sim is not None:
            sim.close()
        return 1
    table = Table(game, board, link, store, seats, options, quiet_s=cfg.quiet_s,
                  chance=ChanceSource(random.Random(rng.random())) if cfg.seed is not None
                  else None,
                  bot_rng=random.Random(rng.random()), takeback=cfg.takeback)
    table.listeners.append(lambda line: console.print(f"  {line}", style="dim"))
    await table.start()
    hand = None
    if sim is not None:
        # The players set the board up as the game stands.
        sim.physical.setup(table.map.setup(table.state))
        hand = SimulatedHand(sim.physical, game, table.map, random.Random(rng.random()),
                             pace_s=cfg.pace_s / 3)
        pace_hand(hand, sim)
    local = [s for s, k in seats.items() if k == "human"]
    tasks = [asyncio.create_task(table.run())]
    if hand is not None:
        tasks.append(asyncio.create_task(carry_out_bot_moves(lambda: table, hand)))
    tasks.append(asyncio.create_task(_show_turns(table, local, console, sim)))
    names = game.seat_names
    console.print(f"[bold]{game.title}[/], {len(kinds)} players: "
                  + ", ".join(f"[{names[s]}]{names[s]}[/] {k}" for s, k in seats.items())
                  + (f" — on {LOCAL_NAMES[cfg.board]}" if sim else ""))
    console.print(HELP, style="dim")
    try:
        await _read_commands(table, local, hand, sim, console)
    finally:
        for task in tasks:
            task.cancel()
        table.close()
        await link.close()
        store.close()
        if sim is not None:
            sim.close()
    return 0


def _picture(table: Table, local: list[int], console: Console, sim: LocalPico | None) -> None:
    occupied = table.occupied
    lit = set()
    if sim is not None:
        leds = sim.physical.leds()
        lit = {h.sensor for h in table.board.holes if any(leds[h.led])}
    console.print(render(table, local, occupied, lit))


async def _show_turns(table: Table, local: list[int], console: Console,
                      sim: LocalPico | None) -> None:
    await asyncio.sleep(0.3)  # the board's first readings arrive
    _picture(table, local, console, sim)
    while True:
        event = table.committed
        await event.wait()
        await asyncio.sleep(0.05)
        if table.state.current in local or table.state.is_over():
            _picture(table, local, console, sim)


async def _read_commands(table: Table, local: list[int], hand: SimulatedHand | None,
                         sim: LocalPico | None, console: Console) -> None:
    loop = asyncio.get_running_loop()
    sim_console = SimConsole(sim) if sim else None
    while True:
        if not sys.stdin.isatty():
            await asyncio.Event().wait()  # nobody to type: let the bots play on
        line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
        if line in ("quit", "exit") or (not line and table.state.is_over()):
            return
        words = line.split()
        if not words:
            continue
        state = table.state
        if words[0] == "show":
            _picture(table, local, console, sim)
        elif words[0] == "help":
            console.print(HELP)
        elif words[0] == "takeback":
            ok = await table.takeback()
            console.print("taken back" if ok else "no takeback now")
        elif words[0] == "card" and len(words) == 2 and state.current in local:
            await table.choose(state.current, words[1].upper())
        elif words[0].isdigit() and table.status.question is not None:
            q = table.status.question
            i = int(words[0]) - 1
            if 0 <= i < len(q.actions):
                await table.answer(q.seat, q.actions[i])
        elif sim_console is not None and words[0] in ("place", "lift", "slide", "bounce",
                                                       "unplug", "replug", "reset", "hang",
                                                       "garbage"):
            console.print(await asyncio.to_thread(sim_console.run, line))
        elif state.current in local:
            try:
                action = table.game.parse_action(state, line)
            except RuleError as e:
                console.print(f"[red]{e}[/]")
                continue
            await table.choose(state.current, table.game.action_group(state, action))
            if hand is None:
                console.print("move the marbles on the board: the lights show the way")
            else:
                await asyncio.to_thread(hand.perform, state, action)
        else:
            console.print("[yellow]not your turn[/] (type 'help')")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a game at a board, real or simulated")
    p.add_argument("game", choices=sorted(n for n, g in GAMES.items() if g.marbles))
    p.add_argument("--seats", default="human,bot:family,bot:strong,bot:family",
                   help="each seat in order: human, or bot:LEVEL (beginner, family, strong), "
                        "or a bot by its configuration: bot:random|greedy|plausible[:ratio]|"
                        "search[:seconds]")
    p.add_argument("--board", default="sim", help=BOARD_HELP)
    p.add_argument("--db", default=str(PlayConfig.db), help="where games are saved")
    p.add_argument("--new", action="store_true", help="start a new game, not the saved one")
    p.add_argument("--takeback", action="store_true", help="allow taking back the last move")
    p.add_argument("--quiet-ms", type=int, default=int(QUIET_S * 1000),
                   help="how long marbles must be still before a move is read")
    p.add_argument("--seed", type=int, help="for repeatable shuffles and bots")
    add_rule_argument(p)

    def run(args: argparse.Namespace) -> int:
        try:
            cfg = PlayConfig(game=args.game, seats=args.seats.split(","), board=args.board,
                             db=Path(args.db), quiet_s=args.quiet_ms / 1000, new=args.new,
                             takeback=args.takeback, seed=args.seed,
                             rules=rule_options(args.rule))
            game = get_game(cfg.game)
            game.options({"players": len(_seat_kinds(game, cfg.seats)), **cfg.rules})
        except ValueError as e:
            raise SystemExit(f"error: {e}") from e
        return asyncio.run(play(cfg))

    p.set_defaults(func=run)
