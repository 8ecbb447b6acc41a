"""Figures for putting the firmware on a Pico: each way ``make flash`` takes, run
on the emulated Pico with the real flash code, in wall time and in the emulated
chip's own time (its cycles at 125 MHz, counted across the reset); and the size
of the one-file firmware for every board."""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..board import Board, build_layout
from ..board.layouts import LAYOUTS
from ..pico.build import build_id_of
from ..pico.flash import flash
from ..sim.emulated import EmulatedPico, firmware_files, micropython_dir
from .report import Row

CLOCK_HZ = 125_000_000
MARBLEBOARD = str(Path(sys.executable).with_name("marbleboard"))
INFO_UF2 = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"


def _build(board: Board, out: Path) -> Path:
    subprocess.run([MARBLEBOARD, "firmware", "build", "--board", board.id, "--out",
                    str(out / f"{board.id}-rp2040")], check=True, capture_output=True,
                   timeout=300)
    return out / f"{board.id}-rp2040"


def _timed(pico: EmulatedPico, action: Callable[[], object]) -> tuple[float, float]:
    """Wall seconds and emulated seconds an action takes on a running Pico."""
    before = pico.stats()
    t0 = time.monotonic()
    action()
    wall = time.monotonic() - t0
    after = pico.stats()
    return wall, (after["all_cycles"] - before["all_cycles"]) / CLOCK_HZ


# A host that opens a session with the firmware (which then ignores Ctrl-C) and
# is killed holding it: the port closes with no goodbye.
HOST = """
import asyncio, sys, time
from marbleboard.link import BoardLink

async def main():
    await BoardLink(sys.argv[1], hello_timeout=10.0).connect()
    print("session open", flush=True)
    time.sleep(300)

asyncio.run(main())
"""


def _kill_a_host_mid_session(port: str) -> None:
    host = subprocess.Popen([sys.executable, "-c", HOST, port], stdout=subprocess.PIPE,
                            text=True)
    try:
        assert host.stdout is not None
        if host.stdout.readline().strip() != "session open":
            raise RuntimeError("the host could not open a session with the emulated Pico")
    finally:
        host.kill()
        host.wait(timeout=10)


def flashing_figures(board: Board) -> list[Row]:
    if micropython_dir() is None or shutil.which("node") is None:
        return [Row("flashing on the emulated Pico", "not run",
                    "needs Node.js, the MicroPython UF2 and the RP2040 boot ROM")]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        build = _build(board, Path(tmp))
        uf2 = build.parent / f"marbleboard-{build.name}.uf2"
        nothing: dict[str, bytes | None] = {
            name: None for name in firmware_files(board, Path(tmp) / "stock")}
        config = (build / "config.py").read_text()
        older: dict[str, bytes | None] = {"config.py": config.replace(
            f"BUILD = '{build_id_of(build)}'", "BUILD = '000000000000'").encode()}
        for label, files in (("onto plain MicroPython (mpremote)", nothing),
                             ("over an older build (mpremote)", older)):
            with EmulatedPico(board, files=files) as pico:
                wall, sim = _timed(pico, functools.partial(flash, build, pico.port))
            rows.append(Row(f"make flash {label}: wall / emulated",
                            f"{wall:.1f} s / {sim:.1f} s",
                            "removes the old package, copies 12 files, resets, HELLO"))
        with EmulatedPico(board, files=older) as pico:
            _kill_a_host_mid_session(pico.port)
            wall, sim = _timed(pico, functools.partial(flash, build, pico.port))
        rows.append(Row("make flash just after a host was killed mid-session (mpremote): "
                        "wall / emulated", f"{wall:.1f} s / {sim:.1f} s",
                        "ends the session with BYE, reaches the REPL, then as above"))
        # BOOTSEL: the copy onto the drive, the boot ROM's reboot into what
        # landed, and HELLO; the emulated time is the boot's.
        drive = Path(tmp) / "RPI-RP2"
        drive.mkdir()
        (drive / "INFO_UF2.TXT").write_text(INFO_UF2)
        pico = EmulatedPico(board, uf2=drive / uf2.name)
        try:
            def boot_rom() -> None:
                while not ((drive / uf2.name).exists()
                           and (drive / uf2.name).stat().st_size == uf2.stat().st_size):
                    time.sleep(0.02)
                pico.start()

            threading.Thread(target=boot_rom, daemon=True).start()
            t0 = time.monotonic()
            flash(build, pico.port, drive=drive)
            wall = time.monotonic() - t0
            sim = pico.stats()["all_cycles"] / CLOCK_HZ
        finally:
            pico.close()
        rows.append(Row("make flash onto a Pico in BOOTSEL mode (one-file UF2): wall / "
                        "emulated", f"{wall:.1f} s / {sim:.1f} s",
                        "the copy onto the drive and the boot to HELLO; a real drive "
                        "writes 3.5 MB at its own speed"))
        sizes = []
        for name in sorted(LAYOUTS):
            other = build_layout(name)
            made = _build(other, Path(tmp) / "sizes")
            size = (made.parent / f"marbleboard-{made.name}.uf2").stat().st_size
            carried = sum(f.stat().st_size for f in made.rglob("*") if f.is_file())
            sizes.append(f"{name} {size / 1024:.0f} KiB ({carried / 1024:.1f} KiB of files)")
        rows.append(Row("one-file firmware (MicroPython and the whole filesystem), per board",
                        "; ".join(sizes), "every one the same size: the filesystem region "
                                          "is whole, whatever the files"))
    return rows
