# The serial protocol between the Pico and the host (docs/protocol.md).
#
# One message is one line of printable ASCII: a TYPE word, then key=value
# fields, then '*' and the CRC-32 of everything before the '*' as 8 hex digits.
#
#     CHG seq=42 t=1234 s=17 on=1*5D2A9F10\n
#
# Lines never carry control bytes, so a stray Ctrl-C or Ctrl-D cannot break a
# frame, any serial terminal can read the traffic, and a reader finds the next
# frame at the next newline whatever garbage came before.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


import binascii

PROTOCOL = const(1)  # major version: a host and a Pico must agree on it
MAX_LINE = const(1024)  # bytes, newline included


class FrameError(ValueError):
    """A line that is not a frame: no checksum, or one that does not match."""


class BodyError(FrameError):
    """A frame whose checksum is good but whose body is not: a bad field, bad base64,
    a field missing. The peers disagree about the message or the checksum missed a
    fault, so the receiver drops it and both sides resynchronise."""


def crc32(data):
    return binascii.crc32(data) & 0xFFFFFFFF


def encode(kind, fields=None):
    """Build one frame from a type word and a dict (or list of pairs) of fields."""
    parts = [kind]
    if fields:
        items = fields.items() if hasattr(fields, "items") else fields
        for key, value in items:
            parts.append("%s=%s" % (key, value))
    body = " ".join(parts).encode()
    return body + b"*%08X\n" % crc32(body)


def decode(line):
    """Check one line (without its newline) and return (kind, {key: text}).

    Raises FrameError for a missing or wrong checksum, BodyError for a good
    checksum on a control byte or a malformed field.
    """
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 9:
        raise FrameError("no checksum")
    body = line[:star]
    # Compared as text, so only the canonical 8 upper-case digits pass.
    if line[star + 1 :] != b"%08X" % crc32(body):
        raise FrameError("checksum mismatch")
    for b in body:
        if b < 0x20 or b > 0x7E:
            raise BodyError("control byte")
    words = body.decode().split(" ")
    kind = words[0]
    if not kind:
        raise BodyError("empty frame")
    fields = {}
    for word in words[1:]:
        eq = word.find("=")
        if eq <= 0:
            raise BodyError("bad field")
        fields[word[:eq]] = word[eq + 1 :]
    return kind, fields


class LineReader:
    """Splits a byte stream into lines, dropping over-long ones.

    feed() returns complete lines; counters say how much garbage was thrown away.
    The part of a line not yet ended waits in a buffer made once: a read costs a
    copy of what it brought and the list of lines, never an object per byte.
    """

    def __init__(self, max_line=MAX_LINE):
        self.max_line = max_line
        self.buf = bytearray(max_line)
        self.view = memoryview(self.buf)
        self.used = 0
        self.skipping = False
        self.too_long = 0

    def feed(self, data, count=-1):
        """The lines that data[:count] (all of data by default) completes."""
        end = len(data) if count < 0 else count
        lines = []
        start = 0
        while start < end:
            nl = data.find(b"\n", start, end)
            stop = end if nl < 0 else nl
            size = stop - start
            if self.skipping:
                pass
            elif self.used + size < self.max_line:
                self.buf[self.used : self.used + size] = data[start:stop]
                self.used += size
            else:
                self.too_long += 1
                self.skipping = True
            if nl < 0:
                break
            n = self.used
            if n and self.buf[n - 1] == 0x0D:
                n -= 1
            if n and not self.skipping:  # an empty line carries nothing to count
                lines.append(bytes(self.view[:n]))
            self.used = 0
            self.skipping = False
            start = nl + 1
        return lines


# --- field helpers shared by both ends ---------------------------------------
#
# Every error a malformed field can raise becomes a BodyError here: MicroPython's
# binascii may raise a bare Exception, and CPython's quietly skips characters
# outside the alphabet, so a decoded field is checked by encoding it back.


def to_b64(data):
    return binascii.b2a_base64(data).strip().decode()


def from_b64(text):
    try:
        data = binascii.a2b_base64(text.encode())
        ok = to_b64(data) == text
    except Exception:
        ok = False
    if not ok:
        raise BodyError("bad base64")
    return data


def to_int(fields, key, default=None):
    if key not in fields:
        if default is None:
            raise BodyError("missing " + key)
        return default
    return _number(fields[key], "bad " + key)


def _number(text, why):
    digits = text[1:] if text[:1] == "-" else text
    # int() would also take "1_0", " 1" or "+1"; a field holds plain digits only.
    if not digits or not digits.isdigit():
        raise BodyError(why)
    return int(text)


def _hex_colour(text):
    if len(text) != 6:
        raise BodyError("bad colour")
    for c in text:
        if c not in "0123456789abcdefABCDEF":
            raise BodyError("bad colour")
    v = int(text, 16)
    return bytes((v >> 16, (v >> 8) & 255, v & 255))


# --- light state ---------------------------------------------------------------
#
#   pal=ff0000,00ff00       colours for palette indexes 1, 2, ...
#   leds=<base64>           one byte per LED: effect << 4 | palette index
#   chase=1:120:<base64>    palette index, ms per step, LED numbers (16-bit, big-endian)


def lights_fields(palette, state, chases=()):
    fields = [
        ("pal", ",".join("%02x%02x%02x" % (c[0], c[1], c[2]) for c in palette) or "-"),
        ("leds", to_b64(bytes(state))),
    ]
    if chases:
        parts = []
        for pal, step, path in chases:
            raw = bytearray(2 * len(path))
            for i, led in enumerate(path):
                raw[2 * i] = led >> 8
                raw[2 * i + 1] = led & 255
            parts.append("%d:%d:%s" % (pal, step, to_b64(raw)))
        fields.append(("chase", ",".join(parts)))
    return fields


def parse_lights(fields):
    """Return (palette as 3-byte RGB values, state bytes, chases) or raise BodyError."""
    palette = []
    text = fields.get("pal", "-")
    if text != "-":
        for item in text.split(","):
            palette.append(_hex_colour(item))
    if "leds" not in fields:
        raise BodyError("missing leds")
    state = from_b64(fields["leds"])
    chases = []
    text = fields.get("chase", "")
    for item in text.split(",") if text else ():
        bits = item.split(":")
        if len(bits) != 3:
            raise BodyError("bad chase")
        pal = _number(bits[0], "bad chase")
        step = _number(bits[1], "bad chase")
        if step < 1 or not 0 < pal < 16:
            raise BodyError("bad chase")
        raw = from_b64(bits[2])
        chases.append((pal, step, [raw[i] << 8 | raw[i + 1] for i in range(0, len(raw) - 1, 2)]))
    return palette, state, chases
