# Every sensor proves itself: at boot, and whenever the host asks (CHECK).
#
# The sensors set up over SPI cannot be read back (their data outputs are not
# wired), but their ALERT pins are what the register chain reads anyway. So every
# group of sensors hears the probe setup, under which a healthy sensor asserts
# ALERT whatever the field, and the chain is read; then the quiet setup, under
# which none does, and the chain is read again; then its working setup. A sensor
# released under the probe is dead (it heard nothing, rejected every frame, has no
# supply or cannot keep a setup); one asserted under the quiet setup is stuck on.
#
# The frames come from the config, made on the host (board/tmag5170.py): this
# module knows only that a setup shows on ALERT within SENSOR_CHECK_MS. Nothing
# here waits: the loop calls step() each pass, and each phase ends when its time
# has come. Meanwhile the chain shows the sensors' answers, not the marbles, so
# the loop does not scan it: the holes keep what they last held.

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


from .ticks import ticks_add, ticks_diff

IDLE = const(0)
PROBING = const(1)  # the probe sent: every checked sensor should be asserted
QUIETING = const(2)  # the quiet setup sent: none should be
SETTLING = const(3)  # the working setup sent: the sensors catch up with the marbles


class SensorCheck:
    def __init__(self, cfg):
        self.setups = cfg.SENSOR_SETUP
        self.probe = getattr(cfg, "SENSOR_PROBE", b"")
        self.quiet = getattr(cfg, "SENSOR_QUIET", b"")
        self.wait_ms = getattr(cfg, "SENSOR_CHECK_MS", 20)
        nbytes = (cfg.SENSORS + 7) // 8
        checked = getattr(cfg, "SENSOR_CHECKED", None)
        if not self.setups or not self.probe or not self.quiet or checked is None:
            checked = bytes(nbytes)  # switches that need no setup: nothing to check
        self.checked = checked
        self.active = any(checked)
        # XORed with the chain, gives 1 for a released ALERT.
        self.to_released = 0x00 if cfg.ACTIVE_LOW else 0xFF
        self.reading = bytearray(nbytes)
        self.dead = bytearray(nbytes)
        self.stuck = bytearray(nbytes)
        self.phase = IDLE
        self.due = 0
        self.number = 0  # checks begun since boot
        self.done = 0  # the number of the last one finished; its result is in dead, stuck
        self.finished_at = 0
        self.again = False  # asked for while one ran: another follows it
        self.setup_sent = False  # the last check left the working setup just sent

    def start(self, hw, now):
        """Begin a check, or queue one after the check under way; return the number
        its result will carry."""
        if self.phase != IDLE:
            self.again = True
            return self.number + 1
        self.number += 1
        if self.active:
            self._send(hw, self.probe)
            self.phase = PROBING
            self.due = ticks_add(now, self.wait_ms)
        else:
            self.phase = SETTLING
            self.due = now
        return self.number

    def step(self, hw, now):
        """Move the check on; True when one has just finished."""
        if ticks_diff(now, self.due) < 0:
            return False
        phase = self.phase
        if phase == PROBING:
            self._read(hw, self.dead, True)
            self._send(hw, self.quiet)
            self.phase = QUIETING
            self.due = ticks_add(now, self.wait_ms)
            return False
        if phase == QUIETING:
            self._read(hw, self.stuck, False)
            setups = self.setups
            for group in range(len(setups)):
                hw.setup_sensors(group, setups[group])
            self.phase = SETTLING
            self.due = ticks_add(now, self.wait_ms)
            return False
        self.setup_sent = self.active
        self.phase = IDLE
        self.done = self.number
        self.finished_at = now
        if self.again:
            self.again = False
            self.start(hw, now)
        return True

    def _send(self, hw, frames):
        for group in range(len(self.setups)):
            hw.setup_sensors(group, frames)

    def _read(self, hw, out, released):
        # out gets, for each checked sensor, 1 where its ALERT is released (the
        # probe's dead ones) or asserted (the quiet setup's stuck ones).
        reading = self.reading
        hw.read_sensors(reading)
        mask = self.to_released if released else self.to_released ^ 0xFF
        checked = self.checked
        for i in range(len(out)):
            out[i] = (reading[i] ^ mask) & checked[i]
