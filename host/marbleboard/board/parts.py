"""Datasheet figures of the parts the sensing depends on, each with where it comes
from. Nothing here is computed: the computations in ``sensing.py`` start from these.

The minimum and maximum thresholds below are still being checked line by line
against each datasheet's magnetic characteristics table; no shipped board file
relies on them yet (none has a ``build`` section)."""

from __future__ import annotations

from dataclasses import dataclass

# The room a board is played in, for the magnets' remanence: cold end, warm end.
ROOM_C = (10.0, 40.0)


@dataclass(frozen=True)
class HallSwitch:
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


# TI DRV5033 (SLIS152G), 6.7 Magnetic Characteristics, TA = -40 to 125 C; 6.5
# Electrical Characteristics for ICC; the Hall element's depth from the package's
# "Hall Element Location" figure (7.3.1).
_DRV5033 = "TI DRV5033 datasheet SLIS152G: table 6.7 (BOP, BRP), table 6.5 (ICC)"
_DRV5023 = "TI DRV5023 datasheet SLIS151G: table 6.7 (BOP, BRP), table 6.5 (ICC)"

SWITCHES: dict[str, HallSwitch] = {
    "DRV5033AJ": HallSwitch("DRV5033AJ", True, bop_min_mt=3.0, bop_max_mt=12.0,
                            brp_min_mt=1.0, brp_max_mt=5.0, icc_max_ma=3.5, vcc_min_v=2.5,
                            element_above_board_mm=0.5, source=_DRV5033),
    "DRV5023BI": HallSwitch("DRV5023BI", False, bop_min_mt=9.6, bop_max_mt=24.0,
                            brp_min_mt=3.0, brp_max_mt=20.0, icc_max_ma=3.5, vcc_min_v=2.5,
                            element_above_board_mm=0.5, source=_DRV5023),
}


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
