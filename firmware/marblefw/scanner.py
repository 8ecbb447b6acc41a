# Per-hole deferred debounce of the sensor chain.
#
# A hole's change is reported only once its new reading has held for
# debounce_ms without a flicker. A marble rolling or sliding across a hole
# covers it for less than that, so the holes it only passed never report, and
# contact bounce restarts the hole's timer instead of making events.
#
# The chain is read as bytes, sensor n at byte n // 8, bit 7 - n % 8 (the order
# the 74HC165s shift them out). A pass with nothing changing compares whole
# buffers in C. When something differs, blocks of four bytes are compared (C
# again, through memoryviews made once), and only a changed block is looked at
# byte by byte, its set bits taken lowest first. A pass that is quiet, that
# sees a flicker or that waits out a debounce allocates nothing: on the Pico
# every Python step costs microseconds, and a collection a millisecond.
#
# A hole whose reading never holds for debounce_ms (a loose wire, a failing
# sensor, a marble balanced on the edge) would otherwise stay pending and
# silent for ever: once it has been unsettled for unsteady_ms it is reported,
# once, with how many times it changed, so a maker knows which sensor to check.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


UNSTEADY_MS = const(1000)
_BLOCK = const(4)  # bytes compared at once when the chain has changed
# ticks.py's wrap, repeated because const() only folds this module's names
_HALF = const(1 << 29)
_MASK = const((1 << 30) - 1)
# A byte's lowest set bit -> the sensor's place in the byte (bit 7 is first).
_PLACE = {0x80: 0, 0x40: 1, 0x20: 2, 0x10: 3, 0x08: 4, 0x04: 5, 0x02: 6, 0x01: 7}


class Scanner:
    def __init__(self, sensors, debounce_ms, active_low=True, unsteady_ms=UNSTEADY_MS):
        self.sensors = sensors
        self.nbytes = (sensors + 7) // 8
        self.debounce_ms = debounce_ms
        self.idle = 0xFF if active_low else 0x00  # reading of an empty hole
        self.raw = bytearray(self.nbytes)  # filled by the hardware each pass
        self.last = bytearray(self.nbytes)  # the previous pass's reading
        self.stable = bytearray(self.nbytes)  # what has been reported
        raw, last = memoryview(self.raw), memoryview(self.last)
        self.blocks = tuple((raw[i:i + _BLOCK], last[i:i + _BLOCK], i)
                            for i in range(0, self.nbytes, _BLOCK))
        self.pending = {}  # sensor -> tick its latest flicker began
        self.began = {}  # sensor -> tick it first left its stable reading
        self.changes = {}  # sensor -> readings it went through since; negative once reported
        self.unsteady_ms = unsteady_ms
        self.unsteady = []  # (sensor, changes, began) to report; the caller empties it
        self.flickers = 0  # holes reported unsteady since boot
        self.seq = 0
        self.primed = False

    def prime(self, now):
        """Take the first reading as the stable state (nothing to report)."""
        self.last[:] = self.raw
        self.stable[:] = self.raw
        self.pending = {}
        self.began = {}
        self.changes = {}
        self.primed = True

    def scan(self, now, out):
        """Debounce the reading in self.raw; append (seq, t, sensor, on) to out.

        t is the tick at which the new reading began to hold.
        """
        raw = self.raw
        if not self.primed:
            self.prime(now)
            return
        pending = self.pending
        if raw != self.last:
            last = self.last
            began = self.began
            changes = self.changes
            for now_block, last_block, first in self.blocks:
                if now_block == last_block:
                    continue
                for i in range(first, first + len(now_block)):
                    d = raw[i] ^ last[i]
                    while d:
                        low = d & -d
                        d ^= low
                        sensor = (i << 3) + _PLACE[low]
                        if sensor in pending:
                            n = changes[sensor]
                            changes[sensor] = n + 1 if n > 0 else n - 1
                        else:
                            began[sensor] = now
                            changes[sensor] = 1
                        pending[sensor] = now
            last[:] = raw
        elif not pending:
            return
        done = None
        changes = self.changes
        debounce = self.debounce_ms
        for sensor in pending:
            since = pending[sensor]
            # ticks_diff(now, since), written out: a call costs more than the sum
            if ((now - since + _HALF) & _MASK) - _HALF >= debounce:
                if done is None:
                    done = []
                done.append((sensor, since))
            elif changes[sensor] > 0:
                began = self.began[sensor]
                if ((now - began + _HALF) & _MASK) - _HALF >= self.unsteady_ms:
                    self.unsteady.append((sensor, changes[sensor], began))
                    self.flickers += 1
                    changes[sensor] = -changes[sensor]  # reported: counted on, not again
        if done is None:
            return
        stable = self.stable
        for sensor, since in done:
            del pending[sensor]
            del self.began[sensor]
            del changes[sensor]
            i = sensor >> 3
            mask = 0x80 >> (sensor & 7)
            bit = raw[i] & mask
            if bit == stable[i] & mask:
                continue  # it came back to where it was: a bounce or a pass-over
            stable[i] = (stable[i] & ~mask) | bit
            self.seq += 1
            # stamped with when the new reading began, not when it was confirmed
            out.append((self.seq, since, sensor, (bit != 0) != (self.idle != 0)))

    def occupied(self, sensor):
        bit = self.stable[sensor >> 3] & (0x80 >> (sensor & 7))
        return (bit != 0) != (self.idle != 0)

    def occupancy(self):
        """Stable occupancy as bytes, 1 = a marble, in chain order."""
        if self.idle:
            return bytes(b ^ 0xFF for b in self.stable)
        return bytes(self.stable)
