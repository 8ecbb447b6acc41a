# The light state the host asks for, rendered into LED frames on the Pico.
#
# The host sends state, not frames: a palette of up to 15 colours and one byte
# per LED (effect << 4 | palette index, 0 = off), plus chases that run along a
# list of LEDs. The Pico animates that at a steady frame rate, applies gamma and
# the global brightness, and caps each frame's estimated current to the board's
# budget, so no light state the host can send overloads the supply.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


SOLID = const(0)
DIM = const(1)  # a quarter of the brightness, steady
BLINK = const(2)  # 1 Hz
FAST = const(3)  # 4 Hz, for errors
PULSE = const(4)  # a slow breath
EFFECTS = const(5)  # effects past these are shown as a pulse
ANIMATED = (BLINK, FAST, PULSE)

PALETTE = const(16)  # index 0 is "off"
BLINK_MS = const(500)
FAST_MS = const(125)
PULSE_MS = const(1600)
_TRAIL = (256, 128, 64)  # chase head and the two LEDs behind it; the rest of the path is faint
_PATH = const(20)


def _gamma_table(gamma):
    return bytes(int((i / 255) ** gamma * 255 + 0.5) for i in range(256))


# Rendering makes no object in steady state: a table holds the G, R, B bytes of
# every state byte (effect << 4 | palette index) at this frame's brightness, and
# only the rows of effects that change over time are worked out again each
# frame; each LED then copies its three bytes from the table.


class Lights:
    def __init__(self, leds, led_ma_max, budget_ma, gamma=2.2):
        self.n = leds
        self.frame = bytearray(3 * leds)  # G, R, B per LED, as WS2812s take it
        self.state = bytearray(leds)
        self.palette = [b"\x00\x00\x00"] * PALETTE  # R, G, B
        self.chases = []  # (palette index, step ms, [led, ...])
        self.brightness = 255
        self.gamma = _gamma_table(gamma)
        self.table = bytearray(3 * 256)  # G, R, B for each state byte
        self.row_scale = [-1] * 16  # the scale each effect's row was worked out at
        self.live = []  # effects in use whose rows change over time
        # The frame's byte sum that draws budget_ma: a full-white LED sums to 765.
        self.budget_sum = int(budget_ma * 765 / led_ma_max) if led_ma_max else 1 << 30
        self.animated = False
        self.dirty = True
        self.limited = 0  # frames scaled down by the current cap

    def set_state(self, palette, state, chases):
        """palette: list of RGB 3-byte values for indexes 1..; state: bytes per LED."""
        pal = [b"\x00\x00\x00"] * PALETTE
        for i in range(min(len(palette), PALETTE - 1)):
            pal[i + 1] = palette[i]
        n = min(len(state), self.n)
        self.state[:n] = state[:n]
        for i in range(n, self.n):
            self.state[i] = 0
        self.palette = pal
        self.chases = chases
        self.dirty = True

    def set_brightness(self, level):
        self.brightness = max(0, min(255, level))
        self.dirty = True

    def fill(self, palette_index, effect=SOLID):
        v = (effect << 4) | palette_index
        for i in range(self.n):
            self.state[i] = v
        self.chases = []
        self.dirty = True

    def _scale(self, effect, now):
        """The effect's share of full brightness (of 256) at tick now."""
        if effect == SOLID:
            return 256
        if effect == DIM:
            return 64
        if effect == BLINK:
            return 256 if (now // BLINK_MS) % 2 == 0 else 0
        if effect == FAST:
            return 256 if (now // FAST_MS) % 2 == 0 else 0
        pulse = now % PULSE_MS
        tri = pulse if pulse < PULSE_MS // 2 else PULSE_MS - pulse
        return 40 + tri * 216 * 2 // PULSE_MS

    def _survey(self):
        """After a change of state: which effects are in use, and which of them move."""
        used = 0
        for v in self.state:
            if v & 15:
                used |= 1 << (v >> 4)
        live = []
        for effect in range(16):
            if used >> effect & 1 and effect > DIM:
                live.append(effect)
        self.live = live
        self.animated = bool(live) or bool(self.chases)
        for effect in range(16):
            self.row_scale[effect] = -1

    def _row(self, effect, scale):
        t = self.table
        g = self.gamma
        pal = self.palette
        k = scale * (self.brightness + 1)  # 255 at full scale and brightness
        j = 48 * effect + 3
        for p in range(1, PALETTE):  # unset colours are black, not an older state's
            rgb = pal[p]
            t[j] = g[rgb[1] * k >> 16]
            t[j + 1] = g[rgb[0] * k >> 16]
            t[j + 2] = g[rgb[2] * k >> 16]
            j += 3
        self.row_scale[effect] = scale

    def render(self, now):
        """Render the frame for tick now; True when it differs from the last one."""
        if not (self.dirty or self.animated):
            return False
        changed = self.dirty
        if changed:
            self.dirty = False
            self._survey()
            self._row(SOLID, 256)
            self._row(DIM, 64)
        for effect in self.live:
            scale = self._scale(effect if effect < EFFECTS else PULSE, now)
            if scale != self.row_scale[effect]:
                self._row(effect, scale)
                changed = True
        if not (changed or self.chases):
            return False
        frame = self.frame
        t = self.table
        j = 0
        for v in self.state:
            k = 3 * v
            frame[j] = t[k]
            frame[j + 1] = t[k + 1]
            frame[j + 2] = t[k + 2]
            j += 3
        for pal, step, path in self.chases:
            count = len(path)
            if not count:
                continue
            head = (now // step) % count
            rgb = self.palette[pal & 15]
            for i in range(count):
                behind = (head - i) % count
                scale = _TRAIL[behind] if behind < len(_TRAIL) else _PATH
                led = path[i]
                if led < self.n:
                    self._put(3 * led, rgb, scale)
        self._limit()
        return True

    def _put(self, j, rgb, scale):
        g = self.gamma
        k = scale * (self.brightness + 1)
        frame = self.frame
        frame[j] = g[rgb[1] * k >> 16]
        frame[j + 1] = g[rgb[0] * k >> 16]
        frame[j + 2] = g[rgb[2] * k >> 16]

    def _limit(self):
        total = sum(self.frame)
        if total <= self.budget_sum:
            return
        # Current grows with each channel's duty, so scaling the bytes scales it.
        k = self.budget_sum * 256 // total
        frame = self.frame
        for j in range(len(frame)):
            frame[j] = frame[j] * k >> 8
        self.limited += 1

    def estimate_ma(self, led_ma_max):
        return sum(self.frame) * led_ma_max / 765
