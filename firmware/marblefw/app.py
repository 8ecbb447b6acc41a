# The firmware's one loop: read the host, scan the holes, show the lights.
#
# Everything here is plain MicroPython and also runs on CPython: the hardware
# comes in as an object (hardware.py), so the simulator and the tests run this
# very code. The firmware knows holes only by their numbers in the chains.

from . import VERSION
from .lights import PULSE, SOLID, Lights
from .protocol import (
    PROTOCOL,
    BodyError,
    FrameError,
    LineReader,
    decode,
    encode,
    parse_lights,
    to_b64,
    to_int,
)
from .scanner import Scanner
from .sensorcheck import SensorCheck
from .ticks import ticks_add, ticks_diff

HOST_TIMEOUT_MS = 2000  # silence after which the host is taken to be gone
WALK_MS = 150  # self-test: how long each LED stays lit
WAITING = b"\x00\x10\x30"  # the dim "waiting for host" colour
WALK_COLOURS = (b"\xff\x00\x00", b"\x00\xff\x00", b"\x00\x00\xff", b"\xff\xff\xff")
ECHO = b"\x00\xff\x40"


class Firmware:
    def __init__(self, hw, cfg):
        self.hw = hw
        self.cfg = cfg
        self.scanner = Scanner(cfg.SENSORS, cfg.DEBOUNCE_MS, cfg.ACTIVE_LOW)
        self.check = SensorCheck(cfg)
        self.lights = Lights(cfg.LEDS, cfg.LED_MA_MAX, cfg.LED_BUDGET_MA)
        self.reader = LineReader()
        self.rx = bytearray(512)
        self.events = []
        self.frame_due = False  # a rendered frame the LED chain has not taken yet
        self.lit = 0  # the number of the host's light state held
        self.tx_stalled = False  # the host stopped taking what is written
        self.session = False
        self.mode = None  # self-test: None, "walk" or "echo"
        self.walk_at = -1
        self.walk_from = None
        self.host_state = None  # the host's last light state, kept through a self-test
        self.rx_ok = 0
        self.rx_bad = 0
        self.tx = 0
        self.tx_dropped = 0
        now = hw.ticks_ms()
        self.last_rx = now
        self.next_frame = now
        self.next_setup = now

    # --- the loop ---------------------------------------------------------------

    def start(self):
        hw = self.hw
        self._setup_sensors(hw.ticks_ms())
        if self.cfg.SENSOR_SETUP:
            # The first reading is the board's state, not changes: it waits until
            # the sensors have switched on their setup, whatever they were told
            # before the Pico restarted (a check's probe, maybe).
            hw.pause(self.check.wait_ms)
        hw.read_sensors(self.scanner.raw)
        self.scanner.prime(hw.ticks_ms())
        # Every sensor proves itself at boot; the host hears how at its HELLO.
        self.check.start(hw, hw.ticks_ms())
        self._waiting()

    def run(self):
        self.start()
        try:
            while True:
                self.step()
        except KeyboardInterrupt:
            # Only reachable outside a host session: someone wants the REPL.
            self.hw.stop()
            raise

    def step(self):
        hw = self.hw
        now = hw.ticks_ms()
        n = hw.read_serial(self.rx)
        if n:
            for line in self.reader.feed(self.rx, n):
                self.handle(line, now)
        if self.tx_stalled and hw.serial_writable():
            self._resume(now)
        events = self.events
        scanner = self.scanner
        check = self.check
        if check.phase:
            # The chain shows the sensors' answers to the check, not the marbles:
            # no scan, and no periodic setup over the check's own.
            if check.step(hw, now):
                if check.setup_sent:
                    self.next_setup = ticks_add(now, self.cfg.SENSOR_SETUP_MS)
                if self.session:
                    self._check_result()
        else:
            if ticks_diff(now, self.next_setup) >= 0:
                self._setup_sensors(now)
            hw.read_sensors(scanner.raw)
            scanner.scan(now, events)
        if events:
            for seq, t, sensor, on in events:
                if self.session:
                    self.send("CHG", (("seq", seq), ("t", t), ("s", sensor), ("on", int(on))))
                if self.mode == "echo":
                    self._echo(sensor, on)
            events.clear()
        if scanner.unsteady:
            for sensor, changes, since in scanner.unsteady:
                if self.session:
                    self.send("FLICKER", (("s", sensor), ("n", changes), ("t", since)))
            scanner.unsteady.clear()
        if self.session and ticks_diff(now, self.last_rx) > HOST_TIMEOUT_MS:
            self._end_session()
        # A new state shows at once; effects animate at the steady frame rate.
        busy = False
        if self.lights.dirty or ticks_diff(now, self.next_frame) >= 0:
            self.next_frame = ticks_add(now, self.cfg.FRAME_MS)
            if self.mode == "walk":
                self._walk(now)
            if self.lights.render(now):
                self.frame_due = True
            busy = True
        # The chain may still be sending the last frame or in its reset gap: the
        # newest frame waits for it, and later renders replace it meanwhile.
        if self.frame_due and hw.write_leds(self.lights.frame):
            self.frame_due = False
            busy = True
        if not busy:
            hw.idle()
        hw.feed_watchdog()

    def _setup_sensors(self, now):
        # Sent again and again: a sensor whose supply dipped has forgotten it and
        # reads as an empty hole until it hears it once more.
        self.next_setup = ticks_add(now, self.cfg.SENSOR_SETUP_MS)
        setups = self.cfg.SENSOR_SETUP
        for group in range(len(setups)):
            self.hw.setup_sensors(group, setups[group])

    # --- messages -----------------------------------------------------------------

    def send(self, kind, fields=None):
        if self.tx_stalled:
            self.tx_dropped += 1
            return
        frame = encode(kind, fields)
        if self.hw.write_serial(frame) < len(frame):
            # The host has the port open but is not reading: writing more would only
            # wait. Drop until it reads again, then send a snapshot (_resume).
            self.tx_stalled = True
            self.tx_dropped += 1
            return
        self.tx += 1

    def _resume(self, now):
        self.tx_stalled = False
        # A frame may have gone out in part: a newline ends it, as a line the host
        # drops, so the snapshot after it reads cleanly.
        if self.hw.write_serial(b"\n") < 1:
            self.tx_stalled = True
            return
        if self.session:
            self._snapshot(now)

    def handle(self, line, now):
        try:
            kind, fields = decode(line)
        except BodyError:
            self.rx_bad += 1
            self._resnap(now)
            return
        except FrameError:
            self.rx_bad += 1
            return
        self.rx_ok += 1
        self.last_rx = now
        ref = fields.get("id")
        try:
            if kind == "HELLO":
                self._hello(fields)
            elif not self.session:
                self._reply("ERR", ref, "hello-first")
            elif kind == "PING":
                self.send("PONG", (("n", fields.get("n", "0")), ("t", now),
                                   ("seq", self.scanner.seq), ("lit", self.lit)))
            elif kind == "SNAP":
                self._snapshot(now)
            elif kind == "LIGHTS":
                lit = to_int(fields, "lit", 0)
                palette, state, chases = parse_lights(fields)
                self.host_state = (palette, state, chases)
                self.lit = lit
                if self.mode is None:
                    self.lights.set_state(palette, state, chases)
                self._reply("OK", ref, lit=lit)
            elif kind == "BRIGHT":
                self.lights.set_brightness(to_int(fields, "level"))
                self._reply("OK", ref)
            elif kind == "SELFTEST":
                self._selftest(fields.get("mode", "off"))
                self._reply("OK", ref)
            elif kind == "CHECK":
                # The answer says which check's result to wait for: one under way
                # finishes first, and this one follows it.
                self._reply("OK", ref, check=self.check.start(self.hw, now))
            elif kind == "STATS":
                self.send("STATS", (("rx_ok", self.rx_ok), ("rx_bad", self.rx_bad),
                                    ("rx_long", self.reader.too_long), ("tx", self.tx),
                                    ("tx_dropped", self.tx_dropped),
                                    ("limited", self.lights.limited),
                                    ("flicker", self.scanner.flickers),
                                    ("seq", self.scanner.seq), ("lit", self.lit)))
            elif kind == "BYE":
                self.send("BYE")
                self._end_session()
            else:
                self._reply("ERR", ref, "unknown")
        except FrameError as e:
            # A good checksum on a bad field: refused, counted, and the host gets
            # the whole occupancy again in case it was more than this frame.
            self.rx_bad += 1
            self._reply("ERR", ref, str(e).replace(" ", "-"))
            self._resnap(now)

    def _resnap(self, now):
        if self.session:
            self._snapshot(now)

    def _reply(self, kind, ref, why=None, lit=None, check=None):
        # Every answer carries the last change's number: a host that missed the
        # last CHG finds out from the next answer, whatever it was.
        fields = []
        if ref is not None:
            fields.append(("id", ref))
        if why is not None:
            fields.append(("why", why))
        fields.append(("seq", self.scanner.seq))
        if lit is not None:
            fields.append(("lit", lit))
        if check is not None:
            fields.append(("n", check))
        self.send(kind, fields)

    def _hello(self, fields):
        cfg = self.cfg
        # The version, and which build of it: make firmware writes BUILD.
        fw = VERSION + "+" + getattr(cfg, "BUILD", "dev")
        self.send("HELLO", (("proto", PROTOCOL), ("fw", fw), ("uid", self.hw.unique_id()),
                            ("board", cfg.BOARD_ID), ("sensors", cfg.SENSORS),
                            ("leds", cfg.LEDS), ("frame_ms", cfg.FRAME_MS),
                            ("debounce_ms", cfg.DEBOUNCE_MS)))
        if to_int(fields, "proto", 0) != PROTOCOL:
            self._reply("ERR", fields.get("id"), "protocol")
            return
        if not self.session:
            self.session = True
            # Inside a session a stray 0x03 must not stop the firmware.
            self.hw.keyboard_interrupt(False)
            # The host is here: its lights replace the waiting pattern.
            self.lights.set_state(*(self.host_state or ([], b"", [])))
        self._snapshot(self.hw.ticks_ms())
        # The last check's result; one still under way is sent when it ends.
        if self.check.done:
            self._check_result()

    def _snapshot(self, now):
        self.send("SNAP", (("seq", self.scanner.seq), ("t", now),
                           ("occ", to_b64(self.scanner.occupancy()))))

    def _check_result(self):
        check = self.check
        self.send("CHECK", (("n", check.done), ("t", check.finished_at),
                            ("checked", to_b64(check.checked)), ("dead", to_b64(check.dead)),
                            ("stuck", to_b64(check.stuck))))

    def _end_session(self):
        self.session = False
        self.mode = None
        self.hw.keyboard_interrupt(True)
        self._waiting()

    # --- what the lights show without the host -------------------------------------

    def _waiting(self):
        self.lights.set_state([WAITING], b"", [])
        self.lights.fill(1, PULSE)

    def _selftest(self, mode):
        if mode not in ("walk", "echo", "off"):
            raise FrameError("bad mode")
        self.mode = None if mode == "off" else mode
        if mode == "walk":
            self.walk_at = -1
            self.walk_from = None
        elif mode == "echo":
            self.lights.set_state([ECHO], b"", [])
            for sensor in range(self.cfg.SENSORS):
                if self.scanner.occupied(sensor):
                    self._echo(sensor, True)
        elif self.host_state is not None:
            self.lights.set_state(*self.host_state)
        else:
            self.lights.set_state([], b"", [])

    def _walk(self, now):
        if self.walk_from is None:
            self.walk_from = now
        step = ticks_diff(now, self.walk_from) // WALK_MS
        if step == self.walk_at:
            return
        self.walk_at = step
        n = self.cfg.LEDS
        led = step % n
        state = bytearray(n)
        state[led] = (SOLID << 4) | 1
        self.lights.set_state([WALK_COLOURS[(step // n) % len(WALK_COLOURS)]], state, [])

    def _echo(self, sensor, on):
        leds = self.cfg.ECHO
        if sensor < len(leds) and leds[sensor] < self.cfg.LEDS:
            self.lights.state[leds[sensor]] = ((SOLID << 4) | 1) if on else 0
            self.lights.dirty = True
