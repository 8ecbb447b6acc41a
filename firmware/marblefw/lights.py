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
EFFECTS = const(5)
ANIMATED = (BLINK, FAST, PULSE)

PALETTE = const(16)  # index 0 is "off"
BLINK_MS = const(500)
FAST_MS = const(125)
PULSE_MS = const(1600)
_TRAIL = (256, 128, 64)  # chase head and the two LEDs behind it; the rest of the path is faint
_PATH = const(20)


def _gamma_table(gamma):
    return bytes(int((i / 255) ** gamma * 255 + 0.5) for i in range(256))


class Lights:
    def __init__(self, leds, led_ma_max, budget_ma, gamma=2.2):
        self.n = leds
        self.frame = bytearray(3 * leds)  # G, R, B per LED, as WS2812s take it
        self.state = bytearray(leds)
        self.palette = [b"\x00\x00\x00"] * PALETTE  # R, G, B
        self.chases = []  # (palette index, step ms, [led, ...])
        self.brightness = 255
        self.gamma = _gamma_table(gamma)
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
        animated = bool(chases)
        for v in self.state:
            if (v >> 4) in ANIMATED and v & 15:
                animated = True
                break
        self.animated = animated
        self.dirty = True

    def set_brightness(self, level):
        self.brightness = max(0, min(255, level))
        self.dirty = True

    def fill(self, palette_index, effect=SOLID):
        v = (effect << 4) | palette_index
        for i in range(self.n):
            self.state[i] = v
        self.animated = effect in ANIMATED
        self.chases = []
        self.dirty = True

    def _scales(self, now):
        """Per effect, the share of full brightness (of 256) at tick now."""
        pulse = now % PULSE_MS
        tri = pulse if pulse < PULSE_MS // 2 else PULSE_MS - pulse
        return (
            256,
            64,
            256 if (now // BLINK_MS) % 2 == 0 else 0,
            256 if (now // FAST_MS) % 2 == 0 else 0,
            40 + tri * 216 * 2 // PULSE_MS,
        )

    def _colour(self, rgb, scale):
        g = self.gamma
        k = scale * (self.brightness + 1)  # 255 at full scale and brightness
        return bytes((g[rgb[1] * k >> 16], g[rgb[0] * k >> 16], g[rgb[2] * k >> 16]))

    def render(self, now):
        """Render the frame for tick now; True when it differs from the last one."""
        if not (self.dirty or self.animated):
            return False
        self.dirty = False
        frame = self.frame
        scales = self._scales(now)
        cache = {0: b"\x00\x00\x00"}
        palette = self.palette
        state = self.state
        j = 0
        for v in state:
            col = cache.get(v)
            if col is None:
                col = self._colour(palette[v & 15], scales[min(v >> 4, EFFECTS - 1)])
                cache[v] = col
            frame[j : j + 3] = col
            j += 3
        for pal, step, path in self.chases:
            count = len(path)
            if not count:
                continue
            head = (now // step) % count
            rgb = palette[pal & 15]
            for k in range(count):
                behind = (head - k) % count
                scale = _TRAIL[behind] if behind < len(_TRAIL) else _PATH
                led = path[k]
                if led < self.n:
                    frame[3 * led : 3 * led + 3] = self._colour(rgb, scale)
        self._limit()
        return True

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
