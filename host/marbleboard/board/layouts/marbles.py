"""What the marble boards share under their holes: the marble and its magnet, and
how a hole is built over its sensor (``hardware/sensing/design-notes.md`` argues
each figure; ``marbleboard board sensing`` proves them for a board).

A resin marble 16 mm across carries an 8 x 3 mm N35 disc magnet cast at its
centre (N35, not N42: two N42 marbles in neighbouring holes could pull one out,
``board/pull.py``). It rests on the rim of a 14 mm hole through a 6 mm top; the
sensor board lies under the top, and one TMAG5170 three-axis sensor sits on its
top face under each hole's centre, configured to switch when the field along any
axis passes 4.5 mT."""

from __future__ import annotations

from typing import Any

from ..parts import THRESHOLD_SENSORS

MARBLE_MAGNET: dict[str, Any] = {"diameter_mm": 8, "height_mm": 3, "grade": "N35",
                                 "rests": "free", "offset_mm": 0.5}

# Each sensor's supply current, for the power budget (the datasheet's typical: it
# gives no maximum).
SENSOR_MA = THRESHOLD_SENSORS["TMAG5170A1"].icc_max_ma

MARBLE_NOTE = "a resin marble with an 8 x 3 mm N35 magnet cast at its centre"


def rim_build() -> dict[str, Any]:
    """The build section of a board whose marbles rest on the rims of their holes."""
    return {"top_mm": 6, "seat": "rim", "gap_mm": [0, 0.5], "pcb_mm": 1.6,
            "registration_mm": 0.5, "hole_tolerance_mm": 0.2,
            "sites": [{"role": "presence", "part": "TMAG5170A1", "r_mm": 0,
                       "angle_deg": 0, "side": "top", "threshold_mt": 4.5}],
            # The hole module's LED (1.6 mm tall, reaching 8.9 mm from the axis) and
            # capacitors stand under the wood: a 20 mm Forstner bit, 2 mm deep, makes
            # room for them wherever the module sits within its 0.5 mm (board/fit.py).
            "cuts": [{"kind": "counterbore", "w_mm": 20, "depth_mm": 2,
                      "why": "the hole module's LED and capacitors"}]}
