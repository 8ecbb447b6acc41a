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


STEPS = ("removing the old firmware", "copying the firmware package",
         "copying config.py and main.py", "resetting the Pico")


def flash(build: Path, port: str | None, dry_run: bool = False) -> list[list[str]]:
    if not (build / "main.py").exists():
        raise FlashError(f"no firmware build in {build}: run `make firmware` first")
    port = choose_port(port)
    commands = flash_commands(build, port)
    if dry_run:
        return commands
    if not Path(port).exists():
        raise FlashError(f"there is no serial port {port}")
    for step, cmd in zip(STEPS, commands, strict=True):
        if subprocess.run(cmd).returncode != 0:
            raise FlashError(f"mpremote failed while {step} on {port}; is the port in use "
                             f"by the marbleboard service? (see docs/flashing.md)")
    return commands
