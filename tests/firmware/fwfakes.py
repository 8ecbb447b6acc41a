# Fakes for the firmware's logic tests. Plain MicroPython-compatible code: these
# tests run under pytest on CPython and under the MicroPython VM alike.

from marblefw.hardware import Hardware


class Config:
    BOARD_ID = "test"
    SENSORS = 24
    LEDS = 26
    ACTIVE_LOW = True
    DEBOUNCE_MS = 50
    FRAME_MS = 20
    WATCHDOG_MS = 2000
    LED_MA_MAX = 60
    LED_BUDGET_MA = 600
    ECHO = [i + 2 for i in range(24)]  # LEDs 0 and 1 are lamps
    SENSOR_CS = (7, 8)
    # Any frames, two groups: the firmware only relays them.
    SENSOR_SETUP = (b"\x01\x00\x01\xd5\x00\x00\x20\x00", b"\x04\x00\x17\xe9")
    SENSOR_SETUP_MS = 500


class FakeHardware(Hardware):
    """A board whose clock, sensors and serial line the test drives by hand."""

    def __init__(self, sensors=24):
        self.now = 1000
        self.chain = bytearray(b"\xff" * ((sensors + 7) // 8))  # all empty (active low)
        self.inbox = bytearray()
        self.outbox = bytearray()
        self.frames = []
        self.kbd = True
        self.fed = 0
        self.leds_free_at = 0  # the chain takes no frame before this tick
        self.leds_busy_ms = 0  # how long a frame keeps it busy
        self.host_reading = True  # False: the host keeps the port open, reads nothing
        self.writes = 0
        self.keep_frames = True  # False: count frames without copying them
        self.shown = 0
        self.setups = 0  # setups sent to the sensors; the last at setup_at, to this
        self.setup_at = None  # group, these frames:
        self.setup_group = None
        self.setup_frames = None

    def ticks_ms(self):
        return self.now

    def read_sensors(self, buf):
        buf[:] = self.chain

    def setup_sensors(self, group, frames):
        self.setups += 1  # counted, not listed: the allocation tests run with this
        self.setup_at = self.now
        self.setup_group = group
        self.setup_frames = frames

    def write_leds(self, frame):
        if self.now - self.leds_free_at < 0:
            return False
        self.leds_free_at = self.now + self.leds_busy_ms
        self.shown += 1
        if self.keep_frames:
            self.frames.append(bytes(frame))
        return True

    def read_serial(self, buf):
        if not self.inbox:
            return 0
        n = min(len(buf), len(self.inbox))
        buf[:n] = self.inbox[:n]
        self.inbox = self.inbox[n:]
        return n

    def write_serial(self, data):
        self.writes += 1
        if not self.host_reading:
            return 0
        self.outbox.extend(data)
        return len(data)

    def serial_writable(self):
        return self.host_reading

    def feed_watchdog(self):
        self.fed += 1

    def keyboard_interrupt(self, enabled):
        self.kbd = enabled

    # helpers for tests
    def magnet(self, sensor, present):
        mask = 0x80 >> (sensor & 7)
        if present:
            self.chain[sensor >> 3] &= ~mask & 0xFF
        else:
            self.chain[sensor >> 3] |= mask

    def lines(self):
        out = [bytes(line) for line in bytes(self.outbox).split(b"\n") if line]
        self.outbox = bytearray()
        return out


def raises(exc, fn, *args):
    try:
        fn(*args)
    except exc:
        return True
    return False


def allocated(fn, passes):
    """Bytes of heap that passes calls of fn take, under MicroPython (0 on CPython)."""
    import gc

    measure = hasattr(gc, "mem_free")
    fn()  # the first pass may set things up
    if measure:
        gc.collect()
        gc.disable()
        before = gc.mem_free()
    for _ in range(passes):
        fn()
    if not measure:
        return 0
    used = before - gc.mem_free()
    gc.enable()
    return used
