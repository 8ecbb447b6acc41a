"""The ``marbleboard`` command."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from . import install as system_install
from .board import commands as board_commands
from .bots import commands as bot_commands
from .games import commands as game_commands
from .pico import commands as pico_commands
from .sim import commands as sim_commands
from .sim.local import BOARD_HELP
from .table import play as table_play
from .web import serve as web_serve


def cmd_run(args: argparse.Namespace) -> int:
    """The main job: the table service with a board, on the web."""
    import asyncio

    from .web.serve import ServeConfig, serve

    return asyncio.run(serve(ServeConfig(board=args.board, layout=args.layout or "",
                                         port=args.port, url=args.url,
                                         mdns=not args.no_mdns,
                                         trusted_proxy=args.trusted_proxy,
                                         fresh_store=args.fresh_store,
                                         bot_pace_s=args.bot_pace)))


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench.run import main as bench
    from .bench.slow_cpu import SHARES

    shares = SHARES if args.slow_shares is None else tuple(args.slow_shares)
    return bench(args.board, args.samples, args.table_moves, args.game, args.strength_games,
                 args.fast_reply_moves, shares)


def cmd_selftest(args: argparse.Namespace) -> int:
    """The makers' self-test: every sensor checked and shown on a map, then the LEDs."""
    import asyncio

    from .board import BoardError, get_board
    from .sim.selftest import selftest

    try:
        board = get_board(args.board)
    except (BoardError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e
    mode = None if args.check else "echo" if args.echo else "walk"
    return asyncio.run(selftest(board, args.port, args.sim, mode, args.seconds))


def register_selftest(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from .games.registry import default_layout

    p = sub.add_parser(
        "selftest", help="check every sensor, then walk every LED or echo every sensor",
        description="Check every sensor and show which holes are dead or stuck on, then walk "
                    "every LED (or, with --echo, light each hole while it holds a marble). "
                    "Exits 1 when a sensor failed.")
    p.add_argument("--board", default=default_layout())
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port")
    where.add_argument("--sim", action="store_true")
    p.add_argument("--echo", action="store_true", help="light each hole while it is occupied")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--check", action="store_true",
                   help="check the sensors and show the map, without the LED self-test")
    p.set_defaults(func=cmd_selftest)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="marbleboard", description="An electronic board for marble and card games.")
    parser.add_argument("--version", action="version", version=f"marbleboard {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="serve the games on the simulated board: open the printed "
                         "link")
    run.add_argument("--board", default="sim", help=BOARD_HELP)
    run.add_argument("--layout", help="the board's layout (the first game's by default)")
    run.add_argument("--port", type=int, default=8000)
    web_serve.add_shared_options(run)
    run.set_defaults(func=cmd_run)
    bench = sub.add_parser("bench", help="measure speed, latency and sizes; print a table")
    bench.add_argument("--board", default="", help="a layout (the first game's by default)")
    bench.add_argument("--game", action="append", help="only these games (may repeat)")
    bench.add_argument("--strength-games", type=int, default=60,
                       help="two-player games of the strong level against the family one "
                       "in the bot strength table (family against beginner plays at "
                       "least 2000)")
    bench.add_argument("--samples", type=int, default=200)
    bench.add_argument("--table-moves", type=int, default=120,
                       help="moves the simulated hand makes at the table (1000 for the soak)")
    bench.add_argument("--fast-reply-moves", type=int, default=1000,
                       help="moves of the soak where replies come inside the quiet period")
    bench.add_argument("--slow-shares", type=float, nargs="*",
                       help="shares of one core the slow-CPU games are held to (default "
                       "1 0.25 0.125 0.0625 0.05; given with no share: skip them)")
    bench.set_defaults(func=cmd_bench)
    board_commands.register(sub)
    sim_commands.register(sub)
    register_selftest(sub)
    pico_commands.register(sub)
    game_commands.register(sub)
    bot_commands.register(sub)
    table_play.register(sub)
    web_serve.register(sub)
    system_install.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
