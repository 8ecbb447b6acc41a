# Per-hole deferred debounce of the sensor chain.
#
# A hole's change is reported only once its new reading has held for
# debounce_ms without a flicker. A marble rolling or sliding across a hole
# covers it for less than that, so the holes it only passed never report, and
# contact bounce restarts the hole's timer instead of making events.
#
# The chain is read as bytes, sensor n at byte n // 8, bit 7 - n % 8 (the order
# the 74HC165s shift them out). A pass with nothing changing compares whole
# buffers; only when something differs are the changed bits picked out, through
# one big-integer XOR, so the cost follows the changed bytes, not the holes.

from .ticks import ticks_diff


class Scanner:
    def __init__(self, sensors, debounce_ms, active_low=True):
        self.sensors = sensors
        self.nbytes = (sensors + 7) // 8
        self.debounce_ms = debounce_ms
        self.idle = 0xFF if active_low else 0x00  # reading of an empty hole
        self.raw = bytearray(self.nbytes)  # filled by the hardware each pass
        self.last = bytearray(self.nbytes)  # the previous pass's reading
        self.stable = bytearray(self.nbytes)  # what has been reported
        self.pending = {}  # sensor -> tick its latest flicker began
        self.seq = 0
        self.primed = False

    def prime(self, now):
        """Take the first reading as the stable state (nothing to report)."""
        self.last[:] = self.raw
        self.stable[:] = self.raw
        self.pending = {}
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
            nbytes = self.nbytes
            # XOR the whole chain at once, then let C find the first and last
            # changed bytes; only those are looked at bit by bit.
            diff = int.from_bytes(raw, "big") ^ int.from_bytes(last, "big")
            diff = diff.to_bytes(nbytes, "big")
            first = nbytes - len(diff.lstrip(b"\x00"))
            end = len(diff.rstrip(b"\x00"))
            for i in range(first, end):
                d = diff[i]
                if d:
                    base = i << 3
                    for bit in range(8):
                        if d & (0x80 >> bit):
                            pending[base + bit] = now
            last[:] = raw
        elif not pending:
            return
        done = None
        for sensor, since in pending.items():
            if ticks_diff(now, since) >= self.debounce_ms:
                if done is None:
                    done = []
                done.append((sensor, since))
        if done is None:
            return
        stable = self.stable
        for sensor, since in done:
            del pending[sensor]
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
