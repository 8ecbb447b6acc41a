"""Put a firmware build on a Pico with mpremote."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ..link.ports import choose_port


class FlashError(RuntimeError):
    pass


def flash_commands(build: Path, port: str) -> list[list[str]]:
    """The mpremote calls that replace the firmware on the Pico at port."""
    mpremote = [sys.executable, "-m", "mpremote", "connect", port]
    return [
        # The old package goes first: a stale .py would shadow its new .mpy.
        [*mpremote, "exec", "import os\ntry:\n for f in os.listdir('marblefw'): "
                            "os.remove('marblefw/' + f)\nexcept OSError: pass"],
        [*mpremote, "cp", "-r", str(build / "marblefw"), ":"],
        [*mpremote, "cp", str(build / "config.py"), str(build / "main.py"), ":"],
        [*mpremote, "reset"],
    ]


def flash(build: Path, port: str | None, dry_run: bool = False) -> list[list[str]]:
    if not (build / "main.py").exists():
        raise FlashError(f"no firmware build in {build}: run `make firmware` first")
    commands = flash_commands(build, choose_port(port))
    for cmd in commands:
        if dry_run:
            continue
        result = subprocess.run(cmd)
        if result.returncode != 0:
            raise FlashError(f"mpremote failed: {' '.join(cmd[2:])}")
    return commands
