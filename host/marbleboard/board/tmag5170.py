"""Setting up the TMAG5170 sensors: the SPI frames that make each one a three-axis
magnetic switch, the two that make every sensor prove itself, and a model of what a
sensor makes of the frames it is sent, faults included.

A board's sensors share their clock and data lines, and those of one role (a
hole's presence or piece sensors) a chip select, so the Pico writes every frame to
a whole role at once; their data outputs are not wired. A sensor forgets its setup
when its supply drops, so the firmware sends the setup again every ``SETUP_MS``.

Nothing is read back, so the sensors prove themselves through their ALERT pins,
which the register chain reads anyway: under the *probe* setup every healthy sensor
asserts ALERT whatever the field, and under the *quiet* one none does. A sensor
that stays released under the probe hears nothing (a cut chip select or data line,
frames it rejects, no supply, a setup it cannot keep); one that reads asserted
under the quiet setup is stuck on.

Every figure is from TI's TMAG5170 datasheet, SBASAF4 (September 2021): 7.5.2 the
32-bit frame, 7.5.2.5 its CRC, 7.3.5.2 the magnetic switch mode, 7.6 the registers.

>>> frame(0x0F, 0x0004).hex()  # the datasheet's "disable CRC" command, 0x0F000407
'0f000407'
"""

from __future__ import annotations

from collections.abc import Sequence

from .build import Build
from .parts import THRESHOLD_SENSORS

DEVICE_CONFIG = 0x0
SENSOR_CONFIG = 0x1
SYSTEM_CONFIG = 0x2
ALERT_CONFIG = 0x3
THRX_CONFIG = (0x4, 0x5, 0x6)  # X, Y and Z
RESET = {DEVICE_CONFIG: 0, SENSOR_CONFIG: 0, SYSTEM_CONFIG: 0, ALERT_CONFIG: 0,
         THRX_CONFIG[0]: 0x7D83, THRX_CONFIG[1]: 0x7D83, THRX_CONFIG[2]: 0x7D83}

ACTIVE_MEASURE = 2  # DEVICE_CONFIG OPERATING_MODE: continuous conversion
# DEVICE_CONFIG CONV_AVG: 32 samples a result, 400 sets of three axes a second. The
# noise the switching limits allow for (parts.py, 6.6) is the datasheet's at 32.
AVERAGE_32 = 5
XYZ = 7  # SENSOR_CONFIG MAG_CH_EN: X, Y and Z
RANGE_25MT = 1  # SENSOR_CONFIG X/Y/Z_RANGE on the A1: +-25 mT
RANGE_100MT = 2  # ... and +-100 mT, the probe's and the quiet setup's
RANGES_MT = {0: 50.0, 1: 25.0, 2: 100.0}  # the A1's ranges by code
SWITCH_MODE = 1 << 12  # ALERT_CONFIG ALERT_MODE
# MAG_CH_EN codes 8-15 read axes in a sequence; what matters here is which ones.
CHANNELS = {0: "", 1: "x", 2: "y", 3: "xy", 4: "z", 5: "xz", 6: "yz", 7: "xyz",
            8: "xy", 9: "xy", 10: "yz", 11: "yz", 12: "xz", 13: "xz", 14: "xyz",
            15: "xyz"}
# Two conversions in a row past the threshold before the switch changes, either
# way (7.3.6): one noisy conversion near the threshold cannot flip it, and the
# second costs 2.5 ms, well inside the firmware's 50 ms debounce.
COUNT = 1

SETUP_MS = 500  # a sensor that lost its setup is blind this long at most
# How long a setup takes to show on ALERT: the set of three conversions under way
# when it lands, then COUNT + 1 sets past the threshold (7.3.6), at 400 sets a
# second (CONV_AVG 32x, 7.3.4); a sensor still in configuration mode starts
# converting within 0.2 ms (7.4.1, tstand_by + 35 us). 7.5 ms in all: the check
# reads the chain 20 ms after each of its setups, over twice that.
SETS_PER_S = 400
SWITCH_MS = (COUNT + 2) * 1000 / SETS_PER_S
CHECK_WAIT_MS = 20
# Windows in X/Y/Z_THRX_CONFIG (7.6.1.5): HI in the high byte, LO in the low one,
# each 8-bit signed, in steps of the axis's range / 128. On the +-100 mT range (the
# largest field a piece gives a sensor is far below it, hardware/sensing/):
# - the probe: LO = HI = +127 (99.2 mT). ALERT asserts for a field "smaller than
#   *_LO_THRESHOLD" (7.3.5.2), which every field short of 99.2 mT is: no magnet, a
#   marble, a standing piece or a neighbour's all make a healthy sensor assert;
# - the quiet setup: HI = +127, LO = -128 (-100 mT), the whole range: no field a
#   piece gives is outside it, so ALERT stays released.
PROBE_WINDOW = (127 << 8) | 127
QUIET_WINDOW = (127 << 8) | (-128 & 0xFF)
PART = "TMAG5170A1"


class SetupError(ValueError):
    """A board's sensors cannot share one setup."""


def crc4(word: int) -> int:
    """The CRC of a frame's top 28 bits: x^4 + x + 1 from 0b1111, over all 32 bits
    with the four CRC bits taken as zero (7.5.2.5)."""
    crc = 0xF
    word &= ~0xF
    for i in range(31, -1, -1):
        feedback = ((word >> i) & 1) ^ (crc >> 3)
        crc = (crc << 1) & 0xF
        if feedback:
            crc ^= 0x3
    return crc


def frame(address: int, data: int, *, read: bool = False) -> bytes:
    """One 32-bit frame: R/W, a 7-bit address, 16 bits of data, 4 command bits (none
    here) and the CRC, most significant bit first."""
    if not 0 <= address < 0x80 or not 0 <= data < 0x10000:
        raise ValueError(f"no TMAG5170 frame writes {data:#x} at {address:#x}")
    word = (int(read) << 31) | (address << 24) | (data << 8)
    return (word | crc4(word)).to_bytes(4, "big")


def setup(threshold_code: int) -> bytes:
    """The frames that make a sensor a switch on every axis at +-threshold_code
    steps of 25/128 mT. Written in configuration mode; the last starts measuring."""
    if not 1 <= threshold_code <= 127:
        raise ValueError(f"a threshold code runs from 1 to 127, got {threshold_code}")
    window = (threshold_code << 8) | (-threshold_code & 0xFF)  # HI, LO in two's complement
    return _switch(RANGE_25MT, window)


def probe() -> bytes:
    """The frames that make every healthy sensor assert ALERT, whatever the field."""
    return _switch(RANGE_100MT, PROBE_WINDOW)


def quiet() -> bytes:
    """The frames that leave every healthy sensor's ALERT released, whatever the field."""
    return _switch(RANGE_100MT, QUIET_WINDOW)


def _switch(axis_range: int, window: int) -> bytes:
    """Seven frames, the same for every kind of setup, so a sensor that heard the
    probe holds nothing of it once it has heard its working setup."""
    return b"".join((
        frame(SENSOR_CONFIG, XYZ << 6 | axis_range << 4 | axis_range << 2 | axis_range),
        *(frame(register, window) for register in THRX_CONFIG),
        frame(SYSTEM_CONFIG, 0b111),  # X, Y and Z limit checks, which switch mode needs
        frame(ALERT_CONFIG, SWITCH_MODE | COUNT << 4 | 0b111),
        frame(DEVICE_CONFIG, AVERAGE_32 << 12 | ACTIVE_MEASURE << 4),
    ))


ROLES = ("presence", "piece")  # the setup groups, each on its own chip select


def configured_roles(build: Build | None) -> list[str]:
    """The roles whose sensors are set up over SPI, each on its own chip select."""
    if build is None:
        return []
    return [role for role in ROLES if any(s.part == PART for s in build.sites_of(role))]


def board_setups(build: Build | None) -> list[tuple[str, bytes]]:
    """What the firmware sends a board's sensors, role by role: nothing for switches
    that need no setup. A role's TMAG5170s share a chip select and hear the same
    frames, so they must agree on a threshold."""
    if build is None:
        return []
    out = []
    for role in ROLES:
        codes = {THRESHOLD_SENSORS[s.part].code(s.threshold_mt or 0.0)
                 for s in build.sites_of(role) if s.part == PART}
        if len(codes) > 1:
            raise SetupError(f"the {role} {PART}s of a hole share one chip select, so "
                             f"they switch at one threshold; this board asks for codes "
                             f"{sorted(codes)}")
        if codes:
            out.append((role, setup(codes.pop())))
    return out


def frames(data: bytes) -> list[bytes]:
    if len(data) % 4:
        raise ValueError(f"TMAG5170 frames are 4 bytes each, got {len(data)} bytes")
    return [data[i:i + 4] for i in range(0, len(data), 4)]


def _signed(byte: int) -> int:
    return byte - 256 if byte & 0x80 else byte


# What can go wrong with one sensor on a board, as a test sets it (Tmag5170.fault):
CS_CUT = "cs-cut"  # its chip select is not connected: it hears nothing
BAD_DATA = "bad-data"  # its data line is spoilt: every frame fails its CRC (7.5.2.5)
LOSES_SETUP = "loses-setup"  # its supply sags when it starts converting (a missing
# decoupling capacitor, a poor joint on VCC): it resets to power-on at once
STUCK = "stuck"  # its ALERT line is held low (a short to ground, a failed output)
FAULTS = (CS_CUT, BAD_DATA, LOSES_SETUP, STUCK)


class Tmag5170:
    """What one sensor does with the frames it hears, as far as its ALERT pin goes.
    A frame whose CRC is wrong is ignored, as the sensor does (7.5.2.5).

    >>> sensor = Tmag5170()
    >>> for one in frames(probe()):
    ...     sensor.hear(one)
    >>> sensor.alert((0.0, 0.0, 0.0)), sensor.alert((6.3, 0.0, -25.0))
    (True, True)
    >>> sensor.fault = CS_CUT
    >>> sensor.power_on()
    >>> for one in frames(probe()):
    ...     sensor.hear(one)
    >>> sensor.alert((0.0, 0.0, 0.0))
    False
    """

    def __init__(self, fault: str | None = None) -> None:
        self.registers = dict(RESET)
        self.rejected = 0
        self._fault: str | None = None
        self._in_no_field: bool | None = None  # alert() with no magnet near, until a change
        self.fault = fault

    @property
    def fault(self) -> str | None:
        return self._fault

    @fault.setter
    def fault(self, fault: str | None) -> None:
        if fault is not None and fault not in FAULTS:
            raise ValueError(f"a TMAG5170 fault is one of {', '.join(FAULTS)}, not {fault!r}")
        self._fault = fault
        self._in_no_field = None

    def power_on(self) -> None:
        self.registers = dict(RESET)
        self._in_no_field = None

    def hear(self, data: bytes) -> None:
        if self.fault == CS_CUT:
            return
        word = int.from_bytes(data, "big")
        if self.fault == BAD_DATA:
            word ^= 1 << 8  # any one bit spoilt is enough for the CRC to catch it
        if crc4(word) != word & 0xF:
            self.rejected += 1
            return
        address = (word >> 24) & 0x7F
        if not word >> 31 and address in self.registers:
            self.registers[address] = (word >> 8) & 0xFFFF
            self._in_no_field = None
        if (self.fault == LOSES_SETUP and address == DEVICE_CONFIG
                and (self.registers[DEVICE_CONFIG] >> 4) & 7 == ACTIVE_MEASURE):
            self.power_on()

    def alert_in_no_field(self) -> bool:
        """Whether ALERT is asserted with no magnet near: under the probe, or stuck.
        Asked of every sensor at every scan of a simulated board, so remembered."""
        if self._in_no_field is None:
            self._in_no_field = self.alert((0.0, 0.0, 0.0))
        return self._in_no_field

    def alert(self, field_mt: Sequence[float]) -> bool:
        """Whether ALERT is asserted (pulled low) in a steady field (x, y, z)."""
        if self.fault == STUCK:
            return True
        r = self.registers
        if (r[DEVICE_CONFIG] >> 4) & 7 != ACTIVE_MEASURE or not r[ALERT_CONFIG] & SWITCH_MODE:
            return False
        channels = CHANNELS[(r[SENSOR_CONFIG] >> 6) & 0xF]
        for axis, name in enumerate("xyz"):
            bit = 1 << axis
            if name not in channels or not r[SYSTEM_CONFIG] & bit or not r[ALERT_CONFIG] & bit:
                continue
            full_scale = RANGES_MT.get((r[SENSOR_CONFIG] >> (2 * axis)) & 3, RANGES_MT[0])
            window = r[THRX_CONFIG[axis]]
            high = _signed(window >> 8) * full_scale / 128
            low = _signed(window & 0xFF) * full_scale / 128
            if field_mt[axis] > high or field_mt[axis] < low:
                return True
        return False
