"""Datasheet figures of the parts the sensing depends on, each with where it comes
from. Nothing here is computed but the limits a programmable sensor's threshold
gives: the computations in ``sensing.py`` start from these."""

from __future__ import annotations

from dataclasses import dataclass

# The room a board is played in, for the magnets' remanence and the sensors'
# drift: cold end, warm end.
ROOM_C = (10.0, 40.0)
# Every sensor runs from the board's 5 V supply; its open-drain output is pulled up
# to the 74HC165s' 3.3 V, so nothing on the sensors' rail reaches the Pico's.
SENSOR_SUPPLY_V = 5.0


def self_heating_c(icc_ma: float, theta_ja_c_per_w: float) -> float:
    """How far a sensor's die sits above the room: its own power through its
    package's junction-to-ambient thermal resistance."""
    return SENSOR_SUPPLY_V * icc_ma / 1000 * theta_ja_c_per_w


@dataclass(frozen=True)
class HallSwitch:
    """A switch as the computation sees it: the fields at which it must operate and
    release, whatever the part's spread."""

    name: str
    omnipolar: bool  # False: answers a south pole at its marked face only
    bop_min_mt: float
    bop_max_mt: float
    brp_min_mt: float
    brp_max_mt: float
    icc_max_ma: float
    vcc_min_v: float
    # The Hall element's height above the board the package is soldered to.
    element_above_board_mm: float
    source: str
    # True for a switch that feels the field along the board (in the package's
    # plane) rather than across it; a site then says which way it faces.
    in_plane: bool = False
    # True for a sensor that measures the field along three axes and switches when
    # any of them passes its threshold, so no way of turning a magnet hides it.
    three_axes: bool = False
    # The package body's largest length, width and height (mm), from its outline
    # drawing: what must clear a marble that dips below the sensor board's top.
    body_mm: tuple[float, float, float] = (3.04, 1.40, 1.12)
    theta_ja_c_per_w: float = 333.2  # the SOT-23 DBZ package's, SLIS151G 6.4


@dataclass(frozen=True)
class ThresholdSensor:
    """A linear sensor whose alert pin is a switch at a threshold set when it is
    configured: the field at which it switches is the threshold moved by the
    sensitivity error, offset and noise the datasheet allows."""

    name: str
    lsb_mt: float  # one step of the threshold register
    code_max: int
    gain_error: float  # sensitivity error at 25 C, its drift over the room, lifetime
    offset_mt: float  # offset at 25 C, its drift over the room, lifetime
    noise_mt: float  # RMS noise with the averaging used
    icc_max_ma: float
    vcc_min_v: float
    element_above_board_mm: float
    body_mm: tuple[float, float, float]
    theta_ja_c_per_w: float
    source: str

    def code(self, threshold_mt: float) -> int:
        code = round(threshold_mt / self.lsb_mt)
        if not 1 <= code <= self.code_max:
            raise ValueError(f"{self.name} cannot switch at {threshold_mt:g} mT: its "
                             f"threshold runs from {self.lsb_mt:g} to "
                             f"{self.code_max * self.lsb_mt:g} mT")
        return code

    def as_switch(self, threshold_mt: float) -> HallSwitch:
        """The switch this sensor is at a threshold: it surely operates once the
        field is above the threshold by every error, and surely stays off while
        it is below by every error (five standard deviations of noise)."""
        t = self.code(threshold_mt) * self.lsb_mt
        spread = self.offset_mt + 5 * self.noise_mt
        # One threshold with no hysteresis: it operates and releases at the same field.
        low = (t - spread) / (1 + self.gain_error)
        high = (t + spread) / (1 - self.gain_error)
        return HallSwitch(
            f"{self.name} at {t:.2f} mT", True, bop_min_mt=low, bop_max_mt=high,
            brp_min_mt=low, brp_max_mt=high,
            icc_max_ma=self.icc_max_ma, vcc_min_v=self.vcc_min_v,
            element_above_board_mm=self.element_above_board_mm, source=self.source,
            three_axes=True, body_mm=self.body_mm, theta_ja_c_per_w=self.theta_ja_c_per_w)


# TI DRV5023, SLIS151G: 6.7 Magnetic Characteristics (TA -40 to 125 C), 6.5
# Electrical Characteristics (ICC 3.5 mA at most), 7.3.4 Hall element location (the
# package's centre, 0.7 mm above its bottom in the SOT-23 DBZ package).
_DRV5023 = "TI DRV5023 datasheet SLIS151G: 6.7 Magnetic Characteristics, 6.5, 7.3.4"
# The DRV5033 is the omnipolar DRV5023; its own table (SLIS152G 6.7) could not be
# read here, so its figures are the DRV5023 AJ's, which the DRV5033-Q1's first page
# matches in its typical values (SLIS164C: 6.9 and 3.5 mT).
_DRV5033 = ("TI DRV5033 (SLIS152G): the DRV5023 AJ's 6.7 limits, the same typical "
            "values; to be checked against SLIS152G 6.7")

SWITCHES: dict[str, HallSwitch] = {
    "DRV5033AJ": HallSwitch("DRV5033AJ", True, bop_min_mt=3.0, bop_max_mt=12.0,
                            brp_min_mt=1.0, brp_max_mt=5.0, icc_max_ma=3.5, vcc_min_v=2.5,
                            element_above_board_mm=0.7, source=_DRV5033),
    "DRV5023AJ": HallSwitch("DRV5023AJ", False, bop_min_mt=3.0, bop_max_mt=12.0,
                            brp_min_mt=1.0, brp_max_mt=5.0, icc_max_ma=3.5, vcc_min_v=2.5,
                            element_above_board_mm=0.7, source=_DRV5023),
    "DRV5023BI": HallSwitch("DRV5023BI", False, bop_min_mt=6.0, bop_max_mt=24.0,
                            brp_min_mt=3.0, brp_max_mt=9.0, icc_max_ma=3.5, vcc_min_v=2.5,
                            element_above_board_mm=0.7, source=_DRV5023),
}

# TI TMAG5170A1, SBASAF4 (September 2021). 6.6 Magnetic Characteristics, 25 mT
# range: sensitivity error 2.5 % at 25 C, drift from 25 C at most 4.3 % (to -40 C;
# 2.8 % to 125 C), lifetime drift 0.5 %; offset 200 uT at 25 C, drift at most
# 6.5 uT/C (X or Y axis, to -40 C) over the room's 15 C either side of 25 C and
# the die's own warming (6.4: RθJA 170.9 C/W at 3.4 mA from 5 V), lifetime 50 uT;
# noise 34 uT RMS at most (X or Y axis, CONV_AVG 101b, 32 averages, which the
# setup in tmag5170.py chooses). 7.6 X_THRX_CONFIG: threshold = range / 128 x
# code, 8-bit signed. 6.5 Electrical Characteristics: 3.4 mA active (typical; no
# maximum is given, so the power budget uses it), VCC 2.3 to 5.5 V. 7.3.2 Sensor
# Location: elements 0.32 mm under the top of the DGK (VSSOP-8) package, at most
# 1.1 mm tall.
THRESHOLD_SENSORS: dict[str, ThresholdSensor] = {
    "TMAG5170A1": ThresholdSensor(
        "TMAG5170A1", lsb_mt=25 / 128, code_max=127,
        gain_error=0.025 + 0.043 + 0.005,
        offset_mt=0.200 + 0.0065 * (max(25 - ROOM_C[0], ROOM_C[1] - 25)
                                    + self_heating_c(3.4, 170.9)) + 0.050,
        noise_mt=0.034, icc_max_ma=3.4, vcc_min_v=2.3,
        element_above_board_mm=1.1 - 0.32, body_mm=(3.1, 3.1, 1.1),
        theta_ja_c_per_w=170.9,
        source="TI TMAG5170 datasheet SBASAF4: 6.6 Magnetic Characteristics (25 mT "
               "range), 6.4 Thermal Information, 6.5 Electrical Characteristics, "
               "7.3.2 Sensor Location, 7.6 X_THRX_CONFIG"),
}

PARTS = tuple(SWITCHES) + tuple(THRESHOLD_SENSORS)

# How each part is bought: its description and order code for a bill of materials.
ORDER: dict[str, str] = {
    "DRV5033AJ": "Hall-effect switch, omnipolar, continuous sampling (DRV5033AJQDBZR, SOT-23)",
    "DRV5023AJ": "Hall-effect switch, unipolar (DRV5023AJQDBZR, SOT-23)",
    "DRV5023BI": "Hall-effect switch, unipolar, low sensitivity (DRV5023BIQDBZR, SOT-23: "
                 "operates at 14.5 mT typical, releases at 3 mT or more)",
    "TMAG5170A1": "3-axis linear Hall sensor with a magnetic-switch alert output "
                  "(TMAG5170A1QDGKR, VSSOP-8)",
}


def switch_for(part: str, threshold_mt: float | None = None) -> HallSwitch:
    """The switch a site's part is: a fixed switch, or a programmable sensor at the
    site's threshold."""
    if part in THRESHOLD_SENSORS:
        if threshold_mt is None:
            raise ValueError(f"{part} needs a threshold ('threshold_mt')")
        return THRESHOLD_SENSORS[part].as_switch(threshold_mt)
    return SWITCHES[part]


@dataclass(frozen=True)
class Grade:
    name: str
    br_min_t: float
    br_max_t: float
    br_tc_per_c: float  # reversible temperature coefficient of remanence
    source: str


_GRADES = "Arnold Magnetic Technologies, sintered NdFeB grade table"
GRADES: dict[str, Grade] = {
    "N35": Grade("N35", 1.17, 1.22, -0.0012, _GRADES),
    "N42": Grade("N42", 1.28, 1.32, -0.0012, _GRADES),
    "N52": Grade("N52", 1.42, 1.47, -0.0012, _GRADES),
}
