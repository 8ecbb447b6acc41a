"""The firmware's hardware interface, played by the simulated board and a pty."""

from __future__ import annotations

import contextlib
import os
import time

from marblefw.hardware import Hardware
from marblefw.ticks import TICKS_PERIOD

from .physical import PhysicalBoard
from .usb import UsbLine


class SimHardware(Hardware):
    def __init__(self, physical: PhysicalBoard, usb: UsbLine, usb_fd: int, *,
                 uid: str, tick_offset: int = 0):
        self.physical = physical
        self.usb = usb
        self.fd = usb_fd
        self.uid = uid
        self.tick_offset = tick_offset
        self.kbd_intr = True  # as MicroPython starts: Ctrl-C breaks into the REPL
        self.watchdog_on = True
        self.last_feed = time.monotonic()

    def ticks_ms(self) -> int:
        ticks: int = (int(time.monotonic() * 1000) + self.tick_offset) % TICKS_PERIOD
        return ticks

    def read_sensors(self, buf: bytearray) -> None:
        self.physical.read_chain(buf, active_low=True)

    def write_leds(self, frame: bytearray) -> None:
        self.physical.show(frame)

    def read_serial(self, buf: bytearray) -> int:
        usb = self.usb
        data = usb.take_injected(len(buf))
        with contextlib.suppress(OSError):  # nothing waiting, or the cable is out
            data += os.read(self.fd, len(buf) - len(data))
        if not data:
            return 0
        if usb.corrupt_to_pico and b"\n" in data:
            usb.corrupt_to_pico -= 1
            data = usb.corrupt(data)
        if self.kbd_intr and b"\x03" in data:
            # MicroPython takes Ctrl-C out of the stream and raises at once.
            raise KeyboardInterrupt
        buf[: len(data)] = data
        usb.to_pico += len(data)
        return len(data)

    def write_serial(self, data: bytes) -> None:
        usb = self.usb
        if usb.corrupt_to_host:
            usb.corrupt_to_host -= 1
            data = usb.corrupt(data)
        try:
            os.write(self.fd, data)
            usb.to_host += len(data)
        except OSError:
            usb.dropped_to_host += len(data)  # nobody reading: USB CDC drops it too

    def unique_id(self) -> str:
        return self.uid

    def feed_watchdog(self) -> None:
        self.last_feed = time.monotonic()

    def keyboard_interrupt(self, enabled: bool) -> None:
        self.kbd_intr = enabled

    def stop(self) -> None:
        self.watchdog_on = False
        self.physical.show(bytes(3 * self.physical.board.led_count))

    def idle(self) -> None:
        time.sleep(0.0005)  # the real loop scans about once a millisecond
