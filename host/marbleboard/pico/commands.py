"""``marbleboard firmware build`` and ``flash``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..board import BoardError, get_board
from ..games.registry import default_layout
from ..link.ports import NoPicoFound
from .build import ARCH, BuildError, build
from .flash import PORT_WAIT_S, FlashError, flash
from .image import MicroPythonMissing, firmware_uf2, micropython_uf2


def cmd_build(args: argparse.Namespace) -> int:
    out = Path(args.out)
    try:
        files = build(get_board(args.board), args.chip, out)
    except (BoardError, BuildError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e
    size = sum(f.stat().st_size for f in files)
    print(f"built {len(files)} files ({size / 1024:.1f} KiB) for {args.board} on {args.chip} "
          f"in {args.out}")
    uf2 = Path(args.uf2) if args.uf2 else out.parent / f"marbleboard-{args.board}-{args.chip}.uf2"
    try:
        micropython = micropython_uf2(args.chip, Path(args.micropython) if args.micropython
                                      else None)
        firmware_uf2({f.relative_to(out).as_posix(): f.read_bytes() for f in files},
                     args.chip, micropython, uf2)
    except MicroPythonMissing as e:
        # Without MicroPython the build still flashes a Pico that runs it; only the
        # one file for BOOTSEL mode is missing, unless the maker asked for it.
        if args.micropython:
            raise SystemExit(f"error: {e}") from e
        print(f"no one-file firmware: {e}")
        return 0
    except BuildError as e:
        raise SystemExit(f"error: {e}") from e
    print(f"wrote {uf2} ({uf2.stat().st_size / 1024:.0f} KiB): MicroPython and these files in "
          f"one file, for a Pico in BOOTSEL mode")
    return 0


def cmd_flash(args: argparse.Namespace) -> int:
    try:
        commands = flash(Path(args.build), args.port, dry_run=args.dry_run,
                         drive=Path(args.drive) if args.drive else None, wait_s=args.wait)
    except (FlashError, NoPicoFound, BuildError) as e:
        raise SystemExit(f"error: {e}") from e
    for cmd in commands:
        # mpremote runs as `python -m mpremote`: show it as the command it is.
        shown = " ".join(cmd[2:] if cmd[0] == sys.executable else cmd)
        print(("would run: " if args.dry_run else "ran: ") + shown.replace("\n", "\\n"))
    if not args.dry_run:
        print(f"the Pico runs the build in {args.build}")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("firmware", help="build the Pico firmware, or flash it")
    fsub = p.add_subparsers(dest="firmware_command", required=True)
    b = fsub.add_parser("build", help="generate the config and compile with mpy-cross")
    b.add_argument("--board", default=default_layout())
    b.add_argument("--chip", default="rp2040", choices=sorted(ARCH))
    b.add_argument("--out", default=f"build/firmware/{default_layout()}-rp2040")
    b.add_argument("--micropython", metavar="FILE",
                   help="MicroPython's UF2 for the chip, or a folder holding it (default: "
                        "$MARBLEBOARD_MICROPYTHON, the download cache, ../shared/micropython, "
                        "else downloaded once from micropython.org)")
    b.add_argument("--uf2", metavar="FILE", help="where to write the one-file firmware "
                                                 "(default: marbleboard-BOARD-CHIP.uf2 "
                                                 "beside the build)")
    b.set_defaults(func=cmd_build)
    f = fsub.add_parser("flash", help="put a build on a Pico (BOOTSEL drive, picotool or "
                                      "mpremote) and check it runs")
    f.add_argument("--build", default=f"build/firmware/{default_layout()}-rp2040")
    f.add_argument("--port", help="the Pico's serial port (default: the one Pico on USB)")
    f.add_argument("--dry-run", action="store_true", help="print what would run")
    f.add_argument("--drive", help="a Pico's BOOTSEL drive to copy the one-file firmware "
                                   "onto (default: the one mounted, if any)")
    f.add_argument("--wait", type=float, default=PORT_WAIT_S, metavar="SECONDS",
                   help="how long the Pico may take to come back and answer "
                        "(default: %(default)g)")
    f.set_defaults(func=cmd_flash)
