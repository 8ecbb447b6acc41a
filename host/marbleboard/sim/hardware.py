"""The firmware's hardware interface, played by the simulated board and a pty."""

from __future__ import annotations

import contextlib
import os
import select
import time

from marblefw.hardware import Hardware
from marblefw.ticks import TICKS_PERIOD
from marblefw.ws2812 import busy_us

from ..board.tmag5170 import Tmag5170
from .physical import PhysicalBoard
from .usb import UsbLine

CDC_TX_TIMEOUT_S = 0.5  # how long MicroPython's USB serial waits for room before giving up


def read_chain(physical: PhysicalBoard, buf: bytearray, active_low: bool = True) -> None:
    """What the 74HC165 chain shifts out. PhysicalBoard.read_chain may ask a sensor's
    ALERT only where a marble lies (its ideal board does); a sensor of an empty hole
    asserts too when it is stuck on, or under the sensor check's probe whatever the
    field, and the firmware must see that as it would on a board."""
    physical.read_chain(buf, active_low)
    occupied = physical.occupied()
    for sensor, (_, chip) in list(physical.chips.items()):
        if sensor not in occupied and chip.alert_in_no_field():
            mask = 0x80 >> (sensor & 7)
            if active_low:
                buf[sensor >> 3] &= ~mask & 0xFF
            else:
                buf[sensor >> 3] |= mask


def sensor_chips(physical: PhysicalBoard, sensor: int) -> list[Tmag5170]:
    """The TMAG5170s whose ALERT pins are wired to one chain input (on Stomple, four
    for a hole's presence), for a test to break one: ``chip.fault = STUCK``."""
    bank = getattr(physical, "bank", None)  # a board whose fields are computed
    if bank is not None:
        return [chip.model for chip in bank.threshold if chip.sensor.input == sensor]
    return [physical.chips[sensor][1]] if sensor in physical.chips else []


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
        self.leds_free_at = 0.0  # when the last LED frame and its reset gap are out
        self.leds_busy = 0  # frames offered while the chain was still busy

    def ticks_ms(self) -> int:
        ticks: int = (int(time.monotonic() * 1000) + self.tick_offset) % TICKS_PERIOD
        return ticks

    def read_sensors(self, buf: bytearray) -> None:
        read_chain(self.physical, buf, active_low=True)

    def pause(self, ms: int) -> None:
        time.sleep(ms / 1000)

    def setup_sensors(self, group: int, frames: bytes) -> None:
        self.physical.hear_setup(group, bytes(frames))

    def write_leds(self, frame: bytearray) -> bool:
        now = time.monotonic()
        if now < self.leds_free_at:
            self.leds_busy += 1
            return False
        self.leds_free_at = now + busy_us(len(frame)) / 1e6
        self.physical.show(frame)
        return True

    def read_serial(self, buf: bytearray) -> int:
        usb = self.usb
        data = usb.take_injected(len(buf))
        with contextlib.suppress(OSError):  # nothing waiting, or the cable is out
            data += os.read(self.fd, len(buf) - len(data))
        data = usb.to_pico_bytes(data)
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

    def write_serial(self, data: bytes) -> int:
        usb = self.usb
        if usb.host_stalled:
            time.sleep(CDC_TX_TIMEOUT_S)
            usb.dropped_to_host += len(data)
            return 0
        size = len(data)
        line = usb.to_host_frame(bytes(data))
        if line is None:
            return size  # lost on the way: the Pico cannot tell
        if usb.corrupt_to_host:
            usb.corrupt_to_host -= 1
            line = usb.corrupt(line)
        try:
            os.write(self.fd, line)
            usb.to_host += len(line)
        except BlockingIOError:
            usb.dropped_to_host += len(line)  # the host has let the line fill up
            return 0
        except OSError:
            usb.dropped_to_host += len(line)  # nobody reading: USB CDC drops it too
        return size

    def serial_writable(self) -> bool:
        if self.usb.host_stalled:
            return False
        try:
            return bool(select.select([], [self.fd], [], 0)[1])
        except (OSError, ValueError):
            return True  # the cable is out: writes go nowhere, without waiting

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
