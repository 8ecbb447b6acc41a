"""A simulated Pico: the real firmware on CPython, behind a pseudo-terminal.

The host opens ``SimulatedPico.port`` with pyserial exactly as it opens a real
Pico's /dev/ttyACM0. The port path stays the same across unplugging and
resetting, as a real Pico's usually does.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
import tty
from typing import Any

from marblefw.app import Firmware

from ..board import Board
from ..pico.config import config_namespace
from .hardware import SimHardware
from .physical import PhysicalBoard
from .usb import UsbLine


class SimulatedPico:
    def __init__(self, board: Board, *, debounce_ms: int = 50, frame_ms: int = 20,
                 watchdog: bool = True, tick_offset: int = 0, uid: str = "e6614c311b7e5a2b",
                 config: dict[str, Any] | None = None):
        self.board = board
        self.physical = PhysicalBoard(board)
        self.cfg = config_namespace(board, debounce_ms=debounce_ms, frame_ms=frame_ms)
        for key, value in (config or {}).items():
            setattr(self.cfg, key, value)
        self.watchdog = watchdog
        self.tick_offset = tick_offset
        self.uid = uid
        self._dir = tempfile.mkdtemp(prefix="marbleboard-sim-")
        self.port = os.path.join(self._dir, "ttyPICO")
        self._lock = threading.RLock()
        self._fds: tuple[int, int] | None = None
        self._thread: threading.Thread | None = None
        self._halt_event = threading.Event()
        self._hung = threading.Event()
        self._closing = threading.Event()
        self.usb = UsbLine()
        self.firmware: Firmware | None = None
        self.hardware: SimHardware | None = None
        self.boots = 0
        self.watchdog_resets = 0
        self.in_repl = False
        self._monitor = threading.Thread(target=self._watch, name="sim-watchdog", daemon=True)

    # --- life ------------------------------------------------------------------

    def start(self) -> SimulatedPico:
        with self._lock:
            self._plug()
            self._boot()
        self._monitor.start()
        return self

    def close(self) -> None:
        self._closing.set()
        with self._lock:
            self._halt()
            self._unplug()
        shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> SimulatedPico:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what can happen to a Pico ----------------------------------------------

    def unplug(self) -> None:
        """Pull the USB cable: the port vanishes and the Pico loses power."""
        with self._lock:
            self._halt()
            self._unplug()

    def replug(self) -> None:
        with self._lock:
            if self._fds is None:
                self._plug()
                self._boot()

    def reset(self) -> None:
        """Reset (RUN pin or watchdog): the firmware restarts and USB re-enumerates."""
        with self._lock:
            self._halt()
            self._unplug()
            self._plug()
            self._boot()

    def hang(self) -> None:
        """Stall the firmware's loop, as a bug might; only the watchdog gets it out."""
        self._hung.set()

    def inject_to_pico(self, data: bytes) -> None:
        self.usb.inject_to_pico(data)

    def inject_to_host(self, data: bytes) -> None:
        with self._lock:
            if self._fds is not None:
                os.write(self._fds[0], data)

    @property
    def plugged(self) -> bool:
        return self._fds is not None

    # --- inside ------------------------------------------------------------------

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # a USB CDC port has no line discipline
        os.set_blocking(master, False)
        self._fds = (master, slave)
        tmp = self.port + ".new"
        os.symlink(os.ttyname(slave), tmp)
        os.replace(tmp, self.port)

    def _unplug(self) -> None:
        if self._fds is None:
            return
        if os.path.lexists(self.port):
            os.unlink(self.port)
        for fd in self._fds:
            os.close(fd)
        self._fds = None

    def _boot(self) -> None:
        assert self._fds is not None
        self._hung.clear()
        self.in_repl = False
        self.boots += 1
        self.hardware = SimHardware(self.physical, self.usb, self._fds[0], uid=self.uid,
                                    tick_offset=self.tick_offset)
        self.firmware = Firmware(self.hardware, self.cfg)
        self._halt_event = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"sim-pico-{self.boots}",
                                        args=(self.firmware, self._halt_event), daemon=True)
        self._thread.start()

    def _halt(self) -> None:
        self._halt_event.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        self._thread = None
        self.firmware = None

    def _run(self, fw: Firmware, halt: threading.Event) -> None:
        fw.start()
        while not halt.is_set():
            if self._hung.is_set():
                halt.wait(0.01)  # stuck: nothing scanned, nothing sent, no watchdog fed
                continue
            try:
                fw.step()
            except KeyboardInterrupt:
                fw.hw.stop()
                self.in_repl = True  # the REPL now owns the port; the firmware is gone
                return

    def _watch(self) -> None:
        while not self._closing.wait(0.05):
            hw = self.hardware
            if not (self.watchdog and hw is not None and hw.watchdog_on and self.plugged):
                continue
            if time.monotonic() - hw.last_feed > self.cfg.WATCHDOG_MS / 1000:
                self.watchdog_resets += 1
                self.reset()
