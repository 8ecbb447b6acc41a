# How long a WS2812 chain is busy with one frame.
#
# Each LED takes 24 bits at 800 kHz, and the chain latches a frame only after
# its data line has stayed low for the reset time. Older parts latch after
# 50 us; newer ones (WS2812B-V5, SK6812 and their clones) need 280 us or more,
# and a frame started sooner is taken as more of the last one.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


BYTE_US = const(10)  # 8 bits of 1.25 us
RESET_US = const(300)


def busy_us(nbytes):
    """From the start of a frame of nbytes until the chain takes the next one."""
    return nbytes * BYTE_US + RESET_US
