# Millisecond ticks that wrap like MicroPython's time.ticks_ms().
#
# The hardware layer hands out ticks; this module only does the arithmetic, so
# the same code runs on the Pico and on CPython.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


TICKS_PERIOD = const(1 << 30)
_HALF = const(1 << 29)


def ticks_diff(a, b):
    """a - b, correct across one wrap of the tick counter."""
    return ((a - b + _HALF) & (TICKS_PERIOD - 1)) - _HALF


def ticks_add(a, delta):
    return (a + delta) & (TICKS_PERIOD - 1)
