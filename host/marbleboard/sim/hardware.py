"""The firmware's hardware interface, played by the simulated board and a pty."""

from __future__ import annotations

import contextlib
import os
import random
import time
from typing import TYPE_CHECKING

from marblefw.hardware import Hardware
from marblefw.ticks import TICKS_PERIOD

if TYPE_CHECKING:
    from .pico import SimulatedPico


class SimHardware(Hardware):
    def __init__(self, sim: SimulatedPico, usb_fd: int):
        self.sim = sim
        self.fd = usb_fd
        self.kbd_intr = True  # as MicroPython starts: Ctrl-C breaks into the REPL
        self.watchdog_on = True
        self.last_feed = time.monotonic()
        self.rng = random.Random()

    def ticks_ms(self) -> int:
        ticks: int = (int(time.monotonic() * 1000) + self.sim.tick_offset) % TICKS_PERIOD
        return ticks

    def read_sensors(self, buf: bytearray) -> None:
        self.sim.physical.read_chain(buf, active_low=True)

    def write_leds(self, frame: bytearray) -> None:
        self.sim.physical.show(frame)

    def read_serial(self, buf: bytearray) -> int:
        data = self.sim.take_injected(len(buf))
        with contextlib.suppress(OSError):  # nothing waiting, or the cable is out
            data += os.read(self.fd, len(buf) - len(data))
        if not data:
            return 0
        if self.sim.corrupt_to_pico and b"\n" in data:
            self.sim.corrupt_to_pico -= 1
            data = self._corrupt(data)
        if self.kbd_intr and b"\x03" in data:
            # MicroPython takes Ctrl-C out of the stream and raises at once.
            raise KeyboardInterrupt
        buf[: len(data)] = data
        self.sim.wire_to_pico += len(data)
        return len(data)

    def write_serial(self, data: bytes) -> None:
        if self.sim.corrupt_to_host:
            self.sim.corrupt_to_host -= 1
            data = self._corrupt(data)
        try:
            os.write(self.fd, data)
            self.sim.wire_to_host += len(data)
        except (BlockingIOError, OSError):
            self.sim.dropped_to_host += len(data)  # nobody reading: USB CDC drops it too

    def _corrupt(self, data: bytes) -> bytes:
        """Flip one bit of one byte that is not a newline."""
        spots = [i for i, b in enumerate(data) if b != 0x0A]
        if not spots:
            return data
        i = self.rng.choice(spots)
        flipped = data[i] ^ (1 << self.rng.randrange(7))
        if flipped == 0x0A:
            flipped ^= 0x01
        return data[:i] + bytes([flipped]) + data[i + 1 :]

    def unique_id(self) -> str:
        return self.sim.uid

    def feed_watchdog(self) -> None:
        self.last_feed = time.monotonic()

    def keyboard_interrupt(self, enabled: bool) -> None:
        self.kbd_intr = enabled

    def stop(self) -> None:
        self.watchdog_on = False
        self.sim.physical.show(bytes(3 * self.sim.board.led_count))

    def idle(self) -> None:
        time.sleep(0.0005)  # the real loop scans about once a millisecond
