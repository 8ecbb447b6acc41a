# The cost of one scan-and-debounce pass over 256 holes. Plain MicroPython:
# `marbleboard bench` runs this file under CPython and under the MicroPython VM.

import time

from marblefw.scanner import Scanner

try:
    _now_us = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:  # CPython

    def _now_us():
        return time.perf_counter_ns() // 1000

    def _diff(a, b):
        return a - b


PASSES = 20000


def measure(holes=256):
    s = Scanner(holes, 50, active_low=True)
    s.raw[:] = b"\xff" * s.nbytes
    s.prime(0)
    out = []
    t0 = _now_us()
    for i in range(PASSES):
        s.scan(i, out)
    quiet = _diff(_now_us(), t0) / PASSES
    raw = s.raw
    t0 = _now_us()
    for i in range(PASSES):
        raw[17] ^= 0x10  # one hole flickers: a changed byte every pass
        s.scan(i, out)
    changing = _diff(_now_us(), t0) / PASSES
    return quiet, changing


quiet, changing = measure()
print("scan-pass-us quiet=%.2f changing=%.2f" % (quiet, changing))
