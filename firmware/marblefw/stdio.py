# The host's line on the Pico: MicroPython's own USB serial, the one its REPL uses.
#
# Reading: that stream has no read that returns what is there without waiting
# (read(n) waits for all n bytes), so the bytes waiting are taken one at a time,
# each after an allocation-free poll, into a one-byte buffer: no object is made
# per byte, and at most `limit` bytes a pass keep the scan going under a burst.
#
# Writing: MicroPython waits up to 500 ms for room in the USB buffer on every
# write, so a host that keeps the port open but has stopped reading would hold
# the loop half a second per frame and starve the watchdog. A write goes only
# when the poll says there is room, and one that comes back short tells the
# firmware the host is not reading (app.py drops what follows until it is).

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


LIMIT = const(256)


class StdioSerial:
    def __init__(self, stdin, stdout, poll_in, poll_out, limit=LIMIT):
        """poll_in has stdin registered for POLLIN, poll_out stdout for POLLOUT."""
        self.stdin = stdin
        self.stdout = stdout
        self.poll_in = poll_in
        self.poll_out = poll_out
        self.limit = limit
        self.one = bytearray(1)

    def read(self, buf):
        """What is waiting, into buf, without waiting; the count."""
        one = self.one
        poll = self.poll_in
        size = min(len(buf), self.limit)
        n = 0
        while n < size and _ready(poll):
            if not self.stdin.readinto(one):
                break
            buf[n] = one[0]
            n += 1
        return n

    def writable(self):
        return _ready(self.poll_out)

    def write(self, data):
        """Bytes written: 0 when there is no room at all, fewer than len(data) when
        the host stopped taking them part way."""
        if not _ready(self.poll_out):
            return 0
        n = self.stdout.write(data)
        return len(data) if n is None else n


def _ready(poll):
    # ipoll hands back the poll object's own tuple: nothing is allocated.
    for _ in poll.ipoll(0):
        return True
    return False
