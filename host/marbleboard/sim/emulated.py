"""An emulated Pico: stock MicroPython and the firmware as built for a real one,
on an RP2040 emulated under Node (rp2040js), behind a pseudo-terminal.

Where SimulatedPico runs the firmware's Python on CPython, this runs the real
thing: the boot ROM, MicroPython's UF2, and a flash filesystem holding exactly
the files ``make flash`` copies (the compiled package, config.py and main.py).
The host opens ``EmulatedPico.port`` as it opens a real Pico's /dev/ttyACM0.

The emulator (emulator/pico.mjs) speaks to this module over its stdin and
stdout; marbles and LEDs live in a PhysicalBoard, as for the simulator.
"""

from __future__ import annotations

import contextlib
import os
import re
import select
import shutil
import subprocess
import tempfile
import threading
import time
import tty
from pathlib import Path

from ..board import Board
from ..pico.build import build
from ..pico.config import firmware_config
from ..pico.image import ENV_DIR, FLASH, PINNED, filesystem_image
from .hardware import read_chain
from .physical import PhysicalBoard

ROOT = Path(__file__).resolve().parents[3]
EMULATOR = Path(__file__).resolve().parent / "emulator" / "pico.mjs"
UF2 = PINNED["rp2040"].file  # the MicroPython the firmware is pinned to
BOOTROM = "rp2040-bootrom-b1.bin"
# MicroPython's filesystem on a Pico (RPI_PICO): littlefs2 at flash offset
# 0xA0000, 352 blocks of 4 KiB.
FS_BLOCK_SIZE = FLASH["rp2040"].block_size
FS_BLOCKS = FLASH["rp2040"].fs_blocks
SENSOR_POLL_S = 0.001  # how often the marbles are looked at for a change


class EmulatorError(RuntimeError):
    pass


def micropython_dir() -> Path | None:
    """Where the UF2 and the boot ROM are: ../shared/micropython beside the project,
    else the folder named by $MARBLEBOARD_MICROPYTHON; None when neither has them."""
    places = [ROOT.parent / "shared" / "micropython"]
    if os.environ.get(ENV_DIR):
        places.append(Path(os.environ[ENV_DIR]))
    for place in places:
        if (place / UF2).is_file() and (place / BOOTROM).is_file():
            return place
    return None


def firmware_files(board: Board, out: Path) -> dict[str, bytes]:
    """What ``make flash`` puts on the Pico, by its path there."""
    files = build(board, "rp2040", out)
    return {f.relative_to(out).as_posix(): f.read_bytes() for f in files}


class EmulatedPico:
    def __init__(self, board: Board, *, node: str = "node",
                 files: dict[str, bytes | None] | None = None, uf2: Path | None = None):
        self.board = board
        # A whole firmware UF2 (MicroPython and its filesystem, as a maker drags
        # onto the drive) to boot instead of stock MicroPython plus the build.
        self.uf2 = uf2
        # Files to add to (or, as None, take from) what make flash copies: tests
        # and measurements, e.g. a filesystem without main.py boots to the REPL.
        self.files = dict(files or {})
        self.physical = PhysicalBoard(board)
        self.cfg = firmware_config(board)
        self.node = node
        self._dir = Path(tempfile.mkdtemp(prefix="marbleboard-emu-"))
        self.port = str(self._dir / "ttyPICO")
        self._proc: subprocess.Popen[bytes] | None = None
        self._fds: tuple[int, int] | None = None
        self._stdin_lock = threading.Lock()
        self._chain_lock = threading.Lock()
        self._chain_sent = b""
        self._closing = threading.Event()
        self._threads: list[threading.Thread] = []
        self._stats: dict[str, int] = {}
        self._stats_seen = threading.Condition()
        self.boots = 0
        self.watchdog_resets = 0
        self.sensor_frames = 0  # setup frames the Pico sent its sensors
        self.to_host = self.to_pico = 0  # bytes that crossed the USB line, each way
        self.dropped_to_host = 0  # the host let the pty fill up
        self.led_frame_us = 0  # simulated time the last LED frame took to enter the PIO
        self.started_at = 0.0  # time.monotonic() when the emulator started
        # Simulated microseconds since boot: when the marbles last changed under the
        # sensors, and when the firmware last wrote a change (CHG) to the host.
        self.chain_at_us = 0
        self.change_sent_at_us = 0

    # --- life ------------------------------------------------------------------

    def start(self) -> EmulatedPico:
        found = micropython_dir()
        if found is None:
            raise EmulatorError(f"no {UF2} and {BOOTROM} in ../shared/micropython "
                                f"or ${ENV_DIR}")
        if shutil.which(self.node) is None:
            raise EmulatorError("Node.js is needed to run the emulated Pico")
        if self.uf2 is not None:
            flashed = ["--uf2", str(self.uf2)]
        else:
            image = self._dir / "littlefs.img"
            files = firmware_files(self.board, self._dir / "build")
            for name, data in self.files.items():
                if data is None:
                    files.pop(name, None)
                else:
                    files[name] = data
            image.write_bytes(filesystem_image(files))
            flashed = ["--uf2", str(found / UF2), "--fs", str(image)]
        master, slave = os.openpty()
        tty.setraw(slave)  # a USB CDC port has no line discipline
        os.set_blocking(master, False)
        self._fds = (master, slave)
        os.symlink(os.ttyname(slave), self.port)
        self.started_at = time.monotonic()
        self._proc = subprocess.Popen(
            [self.node, str(EMULATOR), "--bootrom", str(found / BOOTROM), *flashed,
             "--spi", str(self.cfg["SPI"]),
             "--load", str(self.cfg["LOAD"]),
             "--cs", ",".join(str(pin) for pin in self.cfg["SENSOR_CS"])],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._push_chain()
        for target in (self._from_emulator, self._from_host, self._watch_marbles):
            thread = threading.Thread(target=target, name=f"emu-{target.__name__}", daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def close(self) -> None:
        self._closing.set()
        if self._proc is not None:
            with contextlib.suppress(OSError):
                assert self._proc.stdin is not None
                self._proc.stdin.close()  # the emulator exits at the end of its input
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        for thread in self._threads:
            thread.join(timeout=2)
        if self._fds is not None:
            for fd in self._fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._fds = None
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> EmulatedPico:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what can happen to a Pico ----------------------------------------------

    def hang(self) -> None:
        """Stall the CPU, as a bug in the loop would; only the watchdog gets it out."""
        self._send("hang")

    def reset(self) -> None:
        """The RUN pin: a fresh chip with the same flash. The pty stays, as a real
        Pico's port path usually does across a re-enumeration."""
        self._send("reset")

    def unplug(self) -> None:
        raise OSError("the emulated Pico cannot be unplugged; 'reset' restarts it")

    def replug(self) -> None:
        raise OSError("the emulated Pico cannot be unplugged; 'reset' restarts it")

    def inject_to_pico(self, data: bytes) -> None:
        """Bytes on the USB line towards the Pico that the host did not write."""
        self._send(f"usb {data.hex()}")

    def inject_to_host(self, data: bytes) -> None:
        self._to_host(data)

    def stats(self, timeout: float = 5.0) -> dict[str, int]:
        """The emulator's counters: CPU cycles, simulated and wall milliseconds."""
        with self._stats_seen:
            self._stats = {}
            self._send("stats")
            if not self._stats_seen.wait_for(lambda: bool(self._stats), timeout):
                raise EmulatorError("the emulator did not answer")
            return dict(self._stats)

    def sleep_simulated(self, seconds: float) -> None:
        """Wait until this much simulated time has passed on the chip."""
        last = self.stats()["sim_ms"]
        until = last + seconds * 1000
        while last < until:
            time.sleep(SENSOR_POLL_S * 5)
            now = self.stats()["sim_ms"]
            if now < last:
                return  # the chip was reset: its clock began again
            last = now

    # --- inside ------------------------------------------------------------------

    def _send(self, line: str) -> None:
        proc = self._proc
        if proc is None or proc.stdin is None:
            return
        with self._stdin_lock, contextlib.suppress(OSError, ValueError):
            proc.stdin.write(line.encode("ascii") + b"\n")
            proc.stdin.flush()

    def _chain(self) -> bytes:
        buf = bytearray((self.cfg["SENSORS"] + 7) // 8)
        read_chain(self.physical, buf, active_low=self.cfg["ACTIVE_LOW"])
        return bytes(buf)

    def _push_chain(self) -> None:
        """Give the emulated registers the chain as it reads now, if it changed."""
        with self._chain_lock:
            chain = self._chain()
            if chain != self._chain_sent:
                self._send(f"chain {chain.hex()}")
                self._chain_sent = chain

    def _watch_marbles(self) -> None:
        while not self._closing.wait(SENSOR_POLL_S):
            self._push_chain()

    def _from_host(self) -> None:
        assert self._fds is not None
        master = self._fds[0]
        while not self._closing.is_set():
            ready, _, _ = select.select([master], [], [], 0.05)
            if not ready:
                continue
            try:
                data = os.read(master, 4096)
            except (BlockingIOError, OSError):
                continue
            if data:
                self.to_pico += len(data)
                self._send(f"usb {data.hex()}")

    def _from_emulator(self) -> None:
        assert self._proc is not None and self._proc.stdout is not None
        for raw in self._proc.stdout:
            kind, _, payload = raw.decode("ascii", "replace").strip().partition(" ")
            if kind == "usb":
                data, _, at = payload.partition(" ")
                sent = bytes.fromhex(data)
                if b"CHG " in sent:
                    self.change_sent_at_us = int(at or 0)
                self._to_host(sent)
            elif kind == "chain":
                self.chain_at_us = int(payload or 0)
            elif kind == "leds":
                frame, _, took = payload.partition(" ")
                self.physical.show(bytes.fromhex(frame))
                self.led_frame_us = int(took or 0)
            elif kind == "sensors":
                group, _, data = payload.partition(" ")
                self.physical.hear_setup(int(group), bytes.fromhex(data))
                self.sensor_frames += 1
                # At once, not at the next look at the marbles: a setup shows on
                # the sensors' ALERT pins within milliseconds of the chip's time.
                self._push_chain()
            elif kind == "boot":
                self.boots += 1
            elif kind == "watchdog":
                self.watchdog_resets += 1
            elif kind == "stats":
                with self._stats_seen:
                    self._stats = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", payload)}
                    self._stats_seen.notify_all()

    def _to_host(self, data: bytes) -> None:
        if self._fds is None:
            return
        try:
            os.write(self._fds[0], data)
            self.to_host += len(data)
        except OSError:
            self.dropped_to_host += len(data)
