"""Build the firmware for one board and chip: a config module plus every
firmware file compiled with mpy-cross."""

from __future__ import annotations

import hashlib
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


def build_id(files: list[Path], config: str) -> str:
    """Twelve hex digits of the SHA-256 of the compiled modules, main.py and the
    config: any change to what goes on the Pico changes it."""
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes())
    digest.update(config.encode())
    return digest.hexdigest()[:12]


def config_value(out: Path, key: str) -> str:
    """A string setting of a build's config.py, as make firmware wrote it."""
    for line in (out / "config.py").read_text().splitlines():
        if line.startswith(f"{key} = "):
            return line.split("=", 1)[1].strip().strip("'\"")
    raise BuildError(f"{out / 'config.py'} has no {key}: run `make firmware` again")


def build_id_of(out: Path) -> str:
    """The identity written into a build's config.py."""
    return config_value(out, "BUILD")


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
    values = firmware_config(board)
    shutil.copy(src / "main.py", out / "main.py")
    # The build's identity, which the Pico reports in HELLO: so a flash can check
    # that the Pico runs what was just built.
    values["BUILD"] = build_id([*files, out / "main.py"], config_source(values))
    config.write_text(config_source(values))
    # main.py and config.py stay source (MicroPython only runs main.py as
    # source, and a maker may read the config on the board); compile them once
    # anyway so a syntax error shows here and not on the Pico.
    for source in (config, out / "main.py"):
        mpy_cross(source, out / ".check.mpy", chip)
    (out / ".check.mpy").unlink()
    files += [config, out / "main.py"]
    return files
