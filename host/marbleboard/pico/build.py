"""Build the firmware for one board and chip: a config module plus every
firmware file compiled with mpy-cross."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from ..board import Board
from .config import config_source, firmware_config

FIRMWARE_DIR = Path(__file__).resolve().parents[3] / "firmware"
ARCH = {"rp2040": "armv6m", "rp2350": "armv7emsp"}  # Cortex-M0+, Cortex-M33


class BuildError(RuntimeError):
    pass


def firmware_dir() -> Path:
    if not (FIRMWARE_DIR / "marblefw").is_dir():
        raise BuildError(f"the firmware sources are not at {FIRMWARE_DIR}")
    return FIRMWARE_DIR


def mpy_cross(source: Path, target: Path, chip: str) -> None:
    cmd = [sys.executable, "-m", "mpy_cross", f"-march={ARCH[chip]}", "-o", str(target),
           "-s", source.name, str(source)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"mpy-cross failed on {source}:\n{result.stderr.strip()}")


def build(board: Board, chip: str, out: Path) -> list[Path]:
    """Write the build into out; return the files a Pico needs, in copy order."""
    if chip not in ARCH:
        raise BuildError(f"unknown chip {chip!r} (choose {' or '.join(ARCH)})")
    src = firmware_dir()
    if out.exists():
        shutil.rmtree(out)
    (out / "marblefw").mkdir(parents=True)
    files = []
    for source in sorted((src / "marblefw").glob("*.py")):
        target = out / "marblefw" / (source.stem + ".mpy")
        mpy_cross(source, target, chip)
        files.append(target)
    config = out / "config.py"
    config.write_text(config_source(firmware_config(board)))
    # main.py and config.py stay source (MicroPython only runs main.py as
    # source, and a maker may read the config on the board); compile them once
    # anyway so a syntax error shows here and not on the Pico.
    shutil.copy(src / "main.py", out / "main.py")
    for source in (config, out / "main.py"):
        mpy_cross(source, out / ".check.mpy", chip)
    (out / ".check.mpy").unlink()
    files += [config, out / "main.py"]
    return files
