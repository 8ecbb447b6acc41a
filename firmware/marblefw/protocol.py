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
    pass


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

    Raises FrameError for a bad checksum, a control byte or a malformed field.
    """
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 9:
        raise FrameError("no checksum")
    body = line[:star]
    try:
        want = int(line[star + 1 :], 16)
    except ValueError:
        raise FrameError("bad checksum digits")
    if crc32(body) != want:
        raise FrameError("checksum mismatch")
    for b in body:
        if b < 0x20 or b > 0x7E:
            raise FrameError("control byte")
    words = body.decode().split(" ")
    kind = words[0]
    if not kind:
        raise FrameError("empty frame")
    fields = {}
    for word in words[1:]:
        eq = word.find("=")
        if eq <= 0:
            raise FrameError("bad field")
        fields[word[:eq]] = word[eq + 1 :]
    return kind, fields


class LineReader:
    """Splits a byte stream into lines, dropping over-long ones.

    feed() returns complete lines; counters say how much garbage was thrown away.
    """

    def __init__(self, max_line=MAX_LINE):
        self.max_line = max_line
        self.buf = bytearray()
        self.skipping = False
        self.too_long = 0

    def feed(self, data):
        lines = []
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                break
            if self.skipping:
                self.skipping = False
            elif len(self.buf) + nl - start < self.max_line:
                self.buf.extend(data[start:nl])
                line = bytes(self.buf)
                if line.endswith(b"\r"):
                    line = line[:-1]
                lines.append(line)
            else:
                self.too_long += 1
            self.buf = bytearray()
            start = nl + 1
        if not self.skipping:
            rest = len(data) - start
            if len(self.buf) + rest >= self.max_line:
                self.too_long += 1
                self.skipping = True
                self.buf = bytearray()
            else:
                self.buf.extend(data[start:])
        return lines


# --- field helpers shared by both ends ---------------------------------------


def to_b64(data):
    return binascii.b2a_base64(data).strip().decode()


def from_b64(text):
    try:
        return binascii.a2b_base64(text.encode())
    except (ValueError, TypeError):
        raise FrameError("bad base64")


def to_int(fields, key, default=None):
    if key not in fields:
        if default is None:
            raise FrameError("missing " + key)
        return default
    try:
        return int(fields[key])
    except ValueError:
        raise FrameError("bad " + key)


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
    """Return (palette as 3-byte RGB values, state bytes, chases) or raise FrameError."""
    palette = []
    text = fields.get("pal", "-")
    if text != "-":
        for item in text.split(","):
            if len(item) != 6:
                raise FrameError("bad colour")
            try:
                v = int(item, 16)
            except ValueError:
                raise FrameError("bad colour")
            palette.append(bytes((v >> 16, (v >> 8) & 255, v & 255)))
    if "leds" not in fields:
        raise FrameError("missing leds")
    state = from_b64(fields["leds"])
    chases = []
    text = fields.get("chase", "")
    for item in text.split(",") if text else ():
        bits = item.split(":")
        if len(bits) != 3:
            raise FrameError("bad chase")
        try:
            pal, step = int(bits[0]), int(bits[1])
        except ValueError:
            raise FrameError("bad chase")
        if step < 1 or not 0 < pal < 16:
            raise FrameError("bad chase")
        raw = from_b64(bits[2])
        chases.append((pal, step, [raw[i] << 8 | raw[i + 1] for i in range(0, len(raw) - 1, 2)]))
    return palette, state, chases
