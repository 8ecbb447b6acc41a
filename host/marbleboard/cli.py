"""The ``marbleboard`` command."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .board import commands as board_commands
from .games import commands as game_commands
from .pico import commands as pico_commands
from .sim import commands as sim_commands


def cmd_run(args: argparse.Namespace) -> int:
    """The main job: a board on the simulated Pico, its holes and lights live."""
    import asyncio

    from .board import get_board
    from .sim.console import HELP

    board = get_board(args.board)
    banner = (f"marbleboard {__version__}: {board.name} on a simulated board, running the "
              f"real firmware over a serial line.\nMove marbles by typing commands "
              f"(Ctrl-C or 'quit' to stop):\n{HELP}")
    return asyncio.run(sim_commands.monitor(board, None, simulate=True, banner=banner))


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench.run import main as bench

    return bench(args.board, args.samples)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="marbleboard", description="An electronic board for marble and card games.")
    parser.add_argument("--version", action="version", version=f"marbleboard {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start marbleboard")
    run.add_argument("--board", default="wampoo", help="layout name or board file")
    run.set_defaults(func=cmd_run)
    bench = sub.add_parser("bench", help="measure speed, latency and sizes; print a table")
    bench.add_argument("--board", default="wampoo")
    bench.add_argument("--samples", type=int, default=200)
    bench.set_defaults(func=cmd_bench)
    board_commands.register(sub)
    sim_commands.register(sub)
    pico_commands.register(sub)
    game_commands.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
