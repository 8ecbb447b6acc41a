"""``marbleboard firmware build`` and ``flash``."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..board import BoardError, get_board
from ..games.registry import default_layout
from ..link.ports import NoPicoFound
from .build import ARCH, BuildError, build
from .flash import FlashError, flash


def cmd_build(args: argparse.Namespace) -> int:
    try:
        files = build(get_board(args.board), args.chip, Path(args.out))
    except (BoardError, BuildError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e
    size = sum(f.stat().st_size for f in files)
    print(f"built {len(files)} files ({size / 1024:.1f} KiB) for {args.board} on {args.chip} "
          f"in {args.out}")
    return 0


def cmd_flash(args: argparse.Namespace) -> int:
    try:
        commands = flash(Path(args.build), args.port, dry_run=args.dry_run)
    except (FlashError, NoPicoFound) as e:
        raise SystemExit(f"error: {e}") from e
    for cmd in commands:
        shown = " ".join(cmd[2:]).replace("\n", "\\n")
        print(("would run: " if args.dry_run else "ran: ") + shown)
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("firmware", help="build the Pico firmware, or flash it")
    fsub = p.add_subparsers(dest="firmware_command", required=True)
    b = fsub.add_parser("build", help="generate the config and compile with mpy-cross")
    b.add_argument("--board", default=default_layout())
    b.add_argument("--chip", default="rp2040", choices=sorted(ARCH))
    b.add_argument("--out", default=f"build/firmware/{default_layout()}-rp2040")
    b.set_defaults(func=cmd_build)
    f = fsub.add_parser("flash", help="copy a build onto a Pico with mpremote and reset it")
    f.add_argument("--build", default=f"build/firmware/{default_layout()}-rp2040")
    f.add_argument("--port", help="the Pico's serial port (default: the one Pico on USB)")
    f.add_argument("--dry-run", action="store_true", help="print what would run")
    f.set_defaults(func=cmd_flash)
