# Heap the firmware's loop takes in steady state, in bytes, measured with
# gc.mem_free() under the MicroPython VM (`marbleboard bench` runs it there).
# Plain MicroPython.
#
# A four-player cross board (104 sensors, 109 LEDs) in a session with the host, on a
# stand-in board whose clock, sensors and line cost nothing themselves.

import gc

from marblefw.app import Firmware
from marblefw.hardware import Hardware
from marblefw.protocol import PROTOCOL, encode, lights_fields

PASSES = 1000


class Config:
    BOARD_ID = "bench"
    SENSORS = 104
    LEDS = 109
    ACTIVE_LOW = True
    DEBOUNCE_MS = 50
    FRAME_MS = 20
    WATCHDOG_MS = 2000
    LED_MA_MAX = 60
    LED_BUDGET_MA = 3228
    ECHO = list(range(104))
    SENSOR_CS = (7,)
    SENSOR_SETUP = (bytes(28),)  # seven frames, as the TMAG5170 boards send
    SENSOR_SETUP_MS = 500


class Board(Hardware):
    def __init__(self):
        self.now = 1000
        self.inbox = b""
        self.frames = 0

    def ticks_ms(self):
        return self.now

    def read_sensors(self, buf):
        for i in range(len(buf)):
            buf[i] = 0xFF

    def write_leds(self, frame):
        self.frames += 1
        return True

    def read_serial(self, buf):
        n = len(self.inbox)
        if not n:
            return 0
        buf[:n] = self.inbox
        self.inbox = b""
        return n

    def write_serial(self, data):
        return len(data)


def heap(fn, times):
    fn()  # the first call may set things up
    gc.collect()
    gc.disable()
    before = gc.mem_free()
    for _ in range(times):
        fn()
    used = before - gc.mem_free()
    gc.enable()
    return used


def measure():
    hw = Board()
    fw = Firmware(hw, Config)
    fw.start()
    hw.inbox = encode("HELLO", (("proto", PROTOCOL),))
    fw.step()
    # A busy turn's state: every hole dim, lamps pulsing, blinking targets, a chase.
    state = bytearray([(1 << 4) | 1] * Config.LEDS)
    for led in (0, 1, 2, 3):
        state[led] = (4 << 4) | 2
    for led in (20, 41, 62):
        state[led] = (2 << 4) | 3
    hw.inbox = encode("LIGHTS", [("id", 1), ("lit", 1)] + lights_fields(
        [b"\x28\x1e\x14", b"\xff\xff\xff", b"\x00\xff\x00"], state,
        [(2, 120, [3, 4, 5, 6, 7, 8, 9, 10])]))
    fw.step()

    def scan_pass():
        hw.now += 1
        fw.last_rx = hw.now  # heartbeats are measured on their own, below
        fw.step()

    def light_frame():
        hw.now += Config.FRAME_MS
        fw.last_rx = hw.now
        fw.step()

    ping = encode("PING", (("n", 7),))

    def heartbeat():
        hw.now += 1
        hw.inbox = ping
        fw.step()

    # The quiet passes first, with a static state: then no frame is due.
    fw.lights.set_state([b"\x28\x1e\x14"], bytes([1] * Config.LEDS), [])
    fw.step()
    quiet = heap(scan_pass, PASSES)
    hw.inbox = encode("LIGHTS", [("id", 2), ("lit", 2)] + lights_fields(
        [b"\x28\x1e\x14", b"\xff\xff\xff", b"\x00\xff\x00"], state,
        [(2, 120, [3, 4, 5, 6, 7, 8, 9, 10])]))
    fw.step()
    frames = hw.frames
    animated = heap(light_frame, PASSES)
    frames = hw.frames - frames - 1  # the first call is not measured
    beat = heap(heartbeat, 100)
    return quiet / PASSES, animated / max(1, frames), frames, beat / 100


quiet, frame, frames, beat = measure()
print("fw-alloc quiet=%.1f frame=%.1f frames=%d heartbeat=%.0f" % (quiet, frame, frames, beat))
