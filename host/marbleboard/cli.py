"""The ``marbleboard`` command."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .board import commands as board_commands


def cmd_run(args: argparse.Namespace) -> int:
    """The main job: for now, the Wampoo board as the table will see it."""
    from .board import get_board, text

    board = get_board(args.board)
    print(board_commands.summary(board))
    print(text.render(board))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="marbleboard", description="An electronic board for marble and card games.")
    parser.add_argument("--version", action="version", version=f"marbleboard {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="start marbleboard")
    run.add_argument("--board", default="wampoo", help="layout name or board file")
    run.set_defaults(func=cmd_run)
    board_commands.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
