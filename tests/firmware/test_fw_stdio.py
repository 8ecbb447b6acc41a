# The Pico's USB serial line: read without waiting or allocating, write without
# waiting on a host that does not read.

from marblefw.stdio import StdioSerial
from marblefw.ws2812 import RESET_US, busy_us


class FakePoll:
    """What select.poll's ipoll() gives: an iterable of ready streams, or nothing."""

    def __init__(self, ready):
        self.ready = ready
        self.events = [(None, 1)]
        self.none = []

    def ipoll(self, timeout):
        assert timeout == 0  # never waits
        return self.events if self.ready() else self.none


class FakeStdin:
    def __init__(self, data):
        self.data = bytearray(data)
        self.at = 0
        self.calls = 0

    def waiting(self):
        return self.at < len(self.data)

    def readinto(self, buf):
        self.calls += 1
        assert self.waiting()  # reading with nothing there would wait for ever
        n = 0
        while n < len(buf):
            buf[n] = self.data[self.at]
            self.at += 1
            n += 1
        return n


class FakeStdout:
    def __init__(self):
        self.room = 1000
        self.got = bytearray()

    def write(self, data):
        n = min(len(data), self.room)
        self.got.extend(data[:n])
        self.room -= n
        return n


def line(data, limit=256):
    stdin, stdout = FakeStdin(data), FakeStdout()
    serial = StdioSerial(stdin, stdout, FakePoll(stdin.waiting), FakePoll(lambda: stdout.room),
                         limit)
    return serial, stdin, stdout


def test_reads_what_is_waiting_and_never_waits():
    serial, stdin, _ = line(b"PING n=1*0E3857E5\n")
    buf = bytearray(64)
    assert serial.read(buf) == 18
    assert bytes(buf[:18]) == b"PING n=1*0E3857E5\n"
    assert serial.read(buf) == 0 and stdin.calls == 18


def test_a_burst_is_taken_a_bounded_part_a_pass():
    serial, _, _ = line(b"x" * 300, limit=128)
    buf = bytearray(512)
    assert [serial.read(buf), serial.read(buf), serial.read(buf), serial.read(buf)] == [
        128, 128, 44, 0]


def test_reading_allocates_nothing_per_byte():
    import gc

    if not hasattr(gc, "mem_free"):
        return  # measured under MicroPython only
    serial, _, _ = line(b"y" * 2000, limit=2000)
    buf = bytearray(2000)
    gc.collect()
    gc.disable()
    before = gc.mem_free()
    n = serial.read(buf)
    used = before - gc.mem_free()
    gc.enable()
    assert n == 2000 and used == 0


def test_a_write_with_no_room_is_not_tried():
    serial, _, stdout = line(b"")
    stdout.room = 0
    assert serial.write(b"PONG n=1\n") == 0 and not serial.writable()
    stdout.room = 4
    assert serial.writable()
    assert serial.write(b"PONG n=1\n") == 4  # short: the host stopped taking it
    assert bytes(stdout.got) == b"PONG"


def test_the_led_chain_is_busy_for_the_frame_and_the_reset_gap():
    assert RESET_US >= 300
    assert busy_us(3 * 109) == 3 * 109 * 8 * 1.25 + RESET_US
