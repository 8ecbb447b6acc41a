"""Put a firmware build on a Pico, and check it runs.

Three ways, by the state the Pico is in:
- in BOOTSEL mode, its boot ROM showing a drive holding INFO_UF2.TXT: copy the
  one-file UF2 that ``make firmware`` wrote onto the drive;
- in BOOTSEL mode with no drive mounted (a Pi without a desktop mounts none),
  where ``picotool`` is installed and sees it: load the same UF2 with picotool;
- running MicroPython (the firmware or not): replace the files with mpremote and
  reset it.

Either way it then waits for the Pico's serial port and asks it HELLO: the Pico
must name the board and the build just flashed (``BUILD`` in config.py), or the
flash failed, and it says why.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from ..link import BoardLink, LinkError
from ..link.events import Hello
from ..link.ports import STABLE_NAME, choose_port, find_picos
from .build import build_id_of, config_value

# What the boot ROM's INFO_UF2.TXT says, by chip (RP2040 and RP2350 datasheets,
# the USB mass storage section).
BOOTSEL_BOARD_IDS = {"RPI-RP2": "rp2040", "RP2350": "rp2350"}
PORT_WAIT_S = 30.0  # for the Pico to come back on USB after a copy or a reset
REPL_WAIT_S = 20.0  # for firmware to give the REPL back after BYE and Ctrl-C


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


def end_session(port: str) -> None:
    """Close a host session the firmware may still hold open: a host killed
    without saying goodbye leaves the firmware ignoring Ctrl-C (so a stray 0x03
    cannot stop it mid-game) until its 2 s host timeout, and mpremote's one
    Ctrl-C would be lost. BYE ends the session at once. On a Pico at the plain
    REPL the line is an error message, and harmless."""
    import serial
    from marblefw.protocol import encode

    try:
        # Exclusive, as the host's link opens it: a running service holds the lock.
        with serial.Serial(port, timeout=0.5, write_timeout=1.0, exclusive=True) as s:
            s.write(encode("BYE"))
            s.flush()
            s.read(256)  # its answer, or the REPL's
            # Then stop it at the REPL and wait for the prompt: mpremote gives a
            # slow Pico (or the emulated one) only a moment to get there.
            seen = b""
            deadline = time.monotonic() + REPL_WAIT_S
            while b">>> " not in seen and time.monotonic() < deadline:
                s.write(b"\x03")
                seen = (seen + s.read(512))[-1024:]
            if b">>> " not in seen:
                raise FlashError(f"the Pico on {port} does not stop for Ctrl-C (within "
                                 f"{REPL_WAIT_S:g} s it showed no REPL prompt): use the "
                                 f"one-file way to start it clean (docs/flashing.md)")
    except serial.SerialException as e:
        raise FlashError(f"{port} is in use by another program, most likely the marbleboard "
                         f"service or a `marbleboard` command: stop it first (`sudo systemctl "
                         f"stop marbleboard` where it is installed) ({e})") from e


def bootsel_drives() -> list[Path]:
    """The mounted drives of Picos in BOOTSEL mode."""
    try:
        with open("/proc/mounts") as f:
            mounts = [line.split()[1].replace("\\040", " ") for line in f if line.strip()]
    except OSError:
        return []
    return sorted(Path(m) for m in mounts if (Path(m) / "INFO_UF2.TXT").is_file())


def drive_chip(drive: Path) -> str:
    """Which chip a BOOTSEL drive belongs to, from its INFO_UF2.TXT."""
    info = (drive / "INFO_UF2.TXT").read_text(errors="replace")
    for line in info.splitlines():
        if line.startswith("Board-ID:"):
            board = line.split(":", 1)[1].strip()
            for prefix, chip in BOOTSEL_BOARD_IDS.items():
                if board.startswith(prefix):
                    return chip
            raise FlashError(f"{drive} is a UF2 drive for {board!r}, not a Pico's")
    raise FlashError(f"{drive / 'INFO_UF2.TXT'} names no board")


def one_file(build: Path) -> Path:
    """The one-file UF2 ``make firmware`` writes beside a build."""
    return build.parent / f"marbleboard-{build.name}.uf2"


def flash(build: Path, port: str | None, dry_run: bool = False, drive: Path | None = None,
          wait_s: float = PORT_WAIT_S) -> list[list[str]]:
    """Flash the build onto the one Pico, by its BOOTSEL drive if it shows one (or
    the drive given), else over its serial port; return what was done."""
    if not (build / "main.py").exists():
        raise FlashError(f"no firmware build in {build}: run `make firmware` first")
    drives = [drive] if drive is not None else bootsel_drives()
    if len(drives) > 1:
        raise FlashError(f"several Picos in BOOTSEL mode ({', '.join(map(str, drives))}): "
                         f"leave one plugged in")
    if drives:
        return _flash_drive(build, drives[0], port, dry_run, wait_s)
    if drive is None and (picotool := bootsel_picotool()):
        return _flash_picotool(build, picotool, port, dry_run, wait_s)
    port = choose_port(port)
    commands = flash_commands(build, port)
    if dry_run:
        return commands
    if not Path(port).exists():
        raise FlashError(f"there is no serial port {port}")
    end_session(port)
    for n, (step, cmd) in enumerate(zip(STEPS, commands, strict=True)):
        if subprocess.run(cmd).returncode == 0:
            continue
        # A slow Pico (or a busy host) can miss mpremote's moment to enter the raw
        # REPL. Every step but the reset can run again: back to the REPL, once more.
        if n < len(STEPS) - 1:
            print(f"mpremote failed while {step}: trying once more", file=sys.stderr)
            end_session(port)
            if subprocess.run(cmd).returncode == 0:
                continue
        raise FlashError(f"mpremote failed while {step} on {port}: the Pico stopped "
                         f"answering; unplug it, plug it in and run `make flash` again "
                         f"(docs/flashing.md)")
    check_running(build, _wait_for_port(port, wait_s), wait_s)
    return commands


def _flash_drive(build: Path, drive: Path, port: str | None, dry_run: bool,
                 wait_s: float) -> list[list[str]]:
    uf2 = one_file(build)
    chip = drive_chip(drive)
    if not build.name.endswith("-" + chip):
        raise FlashError(f"the Pico in BOOTSEL mode at {drive} is a {chip}, and the build "
                         f"{build.name} is not for it: `make flash CHIP={chip}`")
    if not uf2.is_file():
        raise FlashError(f"no one-file firmware at {uf2} for the Pico in BOOTSEL mode at "
                         f"{drive}: `make firmware` writes it when it has MicroPython's "
                         f"UF2 (docs/flashing.md)")
    step = ["cp", str(uf2), str(drive)]
    if dry_run:
        return [step]
    # The boot ROM writes each block as it arrives and reboots after the last.
    with open(uf2, "rb") as src, open(drive / uf2.name, "wb") as dst:
        shutil.copyfileobj(src, dst, 64 * 1024)
        dst.flush()
        os.fsync(dst.fileno())
    check_running(build, _wait_for_port(port, wait_s), wait_s)
    return [step]


def bootsel_picotool() -> str | None:
    """picotool, when it is installed and sees a Pico in BOOTSEL mode."""
    picotool = shutil.which("picotool")
    if picotool is None:
        return None
    try:
        seen = subprocess.run([picotool, "info"], capture_output=True, text=True, timeout=15)
    except (OSError, subprocess.TimeoutExpired):
        return None
    # It exits non-zero when no device in BOOTSEL mode is reachable.
    return picotool if seen.returncode == 0 else None


def _flash_picotool(build: Path, picotool: str, port: str | None, dry_run: bool,
                    wait_s: float) -> list[list[str]]:
    uf2 = one_file(build)
    if not uf2.is_file():
        raise FlashError(f"no one-file firmware at {uf2} for the Pico in BOOTSEL mode: "
                         f"`make firmware` writes it when it has MicroPython's UF2 "
                         f"(docs/flashing.md)")
    # -v reads the flash back against the file; -x starts it once loaded.
    step = [picotool, "load", "-v", "-x", str(uf2)]
    if dry_run:
        return [step]
    loaded = subprocess.run(step, capture_output=True, text=True)
    if loaded.returncode != 0:
        said = (loaded.stderr or loaded.stdout).strip().splitlines()
        raise FlashError(f"picotool could not load {uf2.name} onto the Pico in BOOTSEL "
                         f"mode: {said[-1] if said else f'exit {loaded.returncode}'}")
    check_running(build, _wait_for_port(port, wait_s), wait_s)
    return [step]


def _wait_for_port(port: str | None, wait_s: float) -> str:
    """The Pico's serial port once it is back on USB."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if port is not None:
            if Path(port).exists():
                return port
        elif Path(STABLE_NAME).exists():
            return STABLE_NAME
        elif len(found := find_picos()) == 1:
            return found[0]
        time.sleep(0.1)
    raise FlashError(f"the Pico did not come back on USB within {wait_s:g} s"
                     + (f" as {port}" if port else ""))


def check_running(build: Path, port: str, wait_s: float = PORT_WAIT_S) -> str:
    """Ask the Pico HELLO: it must run this build, for this board. Returns its
    firmware version."""
    want = build_id_of(build)
    board = config_value(build, "BOARD_ID")
    try:
        hello = asyncio.run(_hello(port, wait_s))
    except LinkError as e:
        raise FlashError(f"the Pico on {port} does not answer as the marbleboard firmware "
                         f"({e}): is its MicroPython 1.23 or newer? (docs/flashing.md)") from e
    if hello.board != board or not hello.fw.endswith("+" + want):
        raise FlashError(f"the Pico on {port} runs firmware {hello.fw} for {hello.board}, not "
                         f"the build just flashed (+{want} for {board})")
    return hello.fw


async def _hello(port: str, wait_s: float) -> Hello:
    # Booting MicroPython and the firmware takes a moment; ask until it answers.
    link = BoardLink(port, hello_timeout=1.0, hello_tries=max(1, int(wait_s)))
    try:
        return await link.connect()
    finally:
        await link.close()
