"""The Stomple board: a 7x7 grid of through holes, each with a marble resting in it
at the start of a round, and six Stompers that push marbles through.

Holes are ``grid.a1`` .. ``grid.g7``: column a to g from left to right, row 1 at
the bottom (the south edge, nearest the first seat), as the game's notation names
them. Stomping leaves a Stomper where a marble was, so the presence sensor alone
cannot see a stomp; each hole has a second, less sensitive sensor that only a
Stomper's foot magnet reaches (``piece_sensor``, hardware/README.md explains the
choice). ``stomper_sensors=False`` builds the board without them: it still plays,
and the table asks on a screen what the holes cannot tell.

Sensors are wired hole by hole, row by row: with Stomper sensors a hole's two
switches sit on neighbouring inputs of one 74HC165 (presence even, Stomper odd).
"""

from __future__ import annotations

import math
from typing import Any

from ..fileformat import FORMAT, VERSION
from ..parts import THRESHOLD_SENSORS

# A Stomple marble carries a 10 x 4 mm N35 disc at its centre, larger than the
# other boards' 8 x 3 mm: it rests higher, on a sheet over a through hole, with its
# sensors beside the hole rather than under it.
MARBLE_MAGNET: dict[str, Any] = {"diameter_mm": 10, "height_mm": 4, "grade": "N35",
                                 "rests": "free", "offset_mm": 0.5}
# A Stomper's 12 x 5 mm N42 disc sits at the bottom of its foot, south face down;
# standing in a hole, its centre is 4.5 mm under the top face, level with the piece
# sensors under the sensor board. A 10 x 5 mm disc turned against it, 10.5 mm higher
# in its column, cancels most of its field at the next holes' sensors (two Stompers
# beside an empty hole made its presence sensors read a marble), while its own
# hole's sensors, close by, still feel it (hardware/sensing/design-notes.md).
STOMPER_MAGNET: dict[str, Any] = {"diameter_mm": 12, "height_mm": 5, "grade": "N42",
                                  "rests": "upright", "pole_down": "south", "z_mm": -4.5,
                                  "tilt_deg": 5, "offset_mm": 0.3,
                                  "opposed": {"diameter_mm": 10, "height_mm": 5,
                                              "distance_mm": 10.5}}
# The cut-out a falling marble passes through, and the sensors round it: the
# sensor's land pattern (4.4 x 2.4 mm) stays 0.3 mm clear of the cut-out's edge.
CUTOUT_MM = 19.2
SENSOR_R_MM = 12.3


def stomple_build(pieces_sensed: bool) -> dict[str, Any]:
    """Under each hole: four TMAG5170s on the sensor board's top face round the
    cut-out, wired together, see a marble or a Stomper; two on its underside, where
    a standing Stomper's foot magnet comes level with them, see only a Stomper."""
    sites = [{"role": "presence", "part": "TMAG5170A1", "r_mm": SENSOR_R_MM,
              "angle_deg": a, "side": "top", "threshold_mt": 3.9} for a in (45, 135, 225, 315)]
    if pieces_sensed:
        sites += [{"role": "piece", "part": "TMAG5170A1", "r_mm": SENSOR_R_MM,
                   "angle_deg": a, "side": "bottom", "threshold_mt": 22.5} for a in (0, 180)]
    return {"top_mm": 2, "seat": "sheet", "sheet_mm": 1.5, "sheet_hole_mm": 12,
            "gap_mm": [0, 0.5], "pcb_mm": 1.6, "registration_mm": 0.5,
            "hole_tolerance_mm": 0.2, "cutout_mm": CUTOUT_MM, "sites": sites,
            "cuts": STOMPLE_CUTS}


# What the ring module carries on its top face, under the 2 mm top: each presence
# sensor (1.1 mm tall) with its capacitor in a 1.3 mm pocket, and the LED (1.6 mm)
# with its capacitor in a notch through the top, which the silicone sheet covers.
# Each is the parts' bodies grown by the module's 0.5 mm registration and a 0.25 mm
# clearance, rounded up (board/fit.py checks them); x east, y north of the axis.
STOMPLE_CUTS = [
    *({"kind": "pocket", "w_mm": 7, "l_mm": 6.5, "depth_mm": 1.3, "x_mm": sx * 8.7,
       "y_mm": sx * 9.55, "why": "a presence sensor and its capacitor"} for sx in (1, -1)),
    *({"kind": "pocket", "w_mm": 8, "l_mm": 7, "depth_mm": 1.3, "x_mm": sx * -9.4,
       "y_mm": sx * 7.6, "why": "a presence sensor and its capacitor"} for sx in (1, -1)),
    {"kind": "notch", "w_mm": 7.5, "l_mm": 10.5, "x_mm": 0, "y_mm": 12.25,
     "why": "the LED and its capacitor, lit through the silicone sheet"},
]

SIZE = 7
COLUMNS = "abcdefg"
# Six places round the table, clockwise from the south edge (play goes clockwise).
# The seats' colours are only the screens' and the turn lamps': a seat's Stomper
# takes its colour from the bag each round.
SEATS = [("player1", "#d62828", "south"), ("player2", "#ea580c", "south-west"),
         ("player3", "#15803d", "north-west"), ("player4", "#1d4ed8", "north"),
         ("player5", "#7e22ce", "north-east"), ("player6", "#0891b2", "south-east")]

DEFAULTS: dict[str, Any] = {
    # 40 mm between holes: what keeps a neighbour's marble and Stomper from the
    # sensors of an empty hole (hardware/sensing/design-notes.md, Stomple); a
    # Stomper's 24 mm cap beside a marble leaves room for the fingers that press it.
    "pitch_mm": 40.0,
    # A 16 mm marble rests on a 1.5 mm silicone sheet with 12 mm holes laid over
    # 17 mm through holes: a Stomper's push squeezes it through, and it falls into
    # the tray beneath.
    "hole_diameter_mm": 17.0,
    "marble_diameter_mm": 16.0,
    "stomper_sensors": True,
    "supply_a": 4.0,  # 294 sensors draw 1 A of it
}


def build(**params: Any) -> dict[str, Any]:
    """Board file data for a Stomple board (see ``DEFAULTS`` for the parameters)."""
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown Stomple board parameter(s): {', '.join(sorted(unknown))}")
    p = {**DEFAULTS, **params}
    pitch = float(p["pitch_mm"])
    if pitch < float(p["marble_diameter_mm"]) + 8:
        raise ValueError(f"pitch_mm must leave room for a Stomper beside a marble: at least "
                         f"{float(p['marble_diameter_mm']) + 8:g} mm, got {pitch:g}")
    pieces_sensed = p["stomper_sensors"]
    if not isinstance(pieces_sensed, bool):
        raise ValueError(f"stomper_sensors is true or false, got {pieces_sensed!r}")
    margin = 2.0 * pitch  # room for the turn lamps and the players' hands
    size = round((SIZE - 1) * pitch + 2 * margin, 3)
    centre = size / 2

    corner = round(size - margin / 3, 3)
    lamps: list[dict[str, Any]] = [{"id": "status", "role": "status", "x": corner,
                                    "y": corner, "led": 0}]
    led = 1
    reach = (SIZE - 1) * pitch / 2 + margin * 0.7
    for i, (name, _colour, _side) in enumerate(SEATS):
        # Seat 1 sits at the south edge; the others follow clockwise, seen from above.
        angle = math.pi / 2 + i * math.pi / 3
        lamps.append({"id": f"turn.{name}", "role": "turn", "seat": name,
                      "x": round(centre + reach * math.cos(angle), 3),
                      "y": round(centre + reach * math.sin(angle), 3), "led": led})
        led += 1

    holes: list[dict[str, Any]] = []
    sensor = 0
    for row in range(1, SIZE + 1):
        # Rows snake, so the LED and sensor chains run on without a long return wire.
        columns = range(SIZE) if row % 2 else range(SIZE - 1, -1, -1)
        for col in columns:
            hole: dict[str, Any] = {
                "id": f"grid.{COLUMNS[col]}{row}", "role": "grid",
                "x": round(margin + col * pitch, 3),
                "y": round(size - margin - (row - 1) * pitch, 3),
                "sensor": sensor, "led": led}
            sensor += 1
            if pieces_sensed:
                hole["piece_sensor"] = sensor
                sensor += 1
            led += 1
            holes.append(hole)
    holes.sort(key=lambda h: (h["id"][-1], h["id"]))

    pieces = [
        {"kind": "marble", "count": 42,
         "note": "7 in each of red, yellow, green, blue, purple and white: resin, 16 mm, "
                 "a 10 x 4 mm N35 magnet cast at the centre",
         "magnet": MARBLE_MAGNET},
        {"kind": "bonus point marble", "count": 7,
         "note": "clear or patterned, with the same magnet", "magnet": MARBLE_MAGNET},
        {"kind": "stomper", "count": 6,
         "note": "one topped by a marble of each colour; a 12 x 5 mm N42 magnet at the "
                 "bottom of its foot, south face down, 4.5 mm under the top face when it "
                 "stands in a hole, and a 10 x 5 mm N42 turned against it 10.5 mm higher, "
                 "south face up" + ("" if pieces_sensed else
                                       " (this board does not read it)"),
         "magnet": STOMPER_MAGNET},
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "id": "stomple",
        "name": "Stomple, 2 to 6 players" + ("" if pieces_sensed else
                                              ", presence sensing only"),
        "parameters": {k: p[k] for k in sorted(p)},
        "size_mm": [size, size],
        "hole_diameter_mm": p["hole_diameter_mm"],
        "marble_diameter_mm": p["marble_diameter_mm"],
        "min_pitch_mm": p["marble_diameter_mm"] + 8,
        "chains": {"sensors": sensor, "leds": led},
        "pico": {"spi": 0, "sck": 2, "miso": 4, "load": 5, "led": 6, "cs": 7, "piece_cs": 8},
        "power": {"supply_v": 5, "supply_a": p["supply_a"],
                  "supply_name": f"5 V {p['supply_a']:g} A mains adapter",
                  "led_ma_typical": 20, "led_ma_max": 60,
                  "sensor_ma": THRESHOLD_SENSORS["TMAG5170A1"].icc_max_ma,
                  "logic_ma": 60, "headroom": 0.9},
        "pieces": pieces,
        "seats": [{"name": n, "colour": c, "side": sd} for n, c, sd in SEATS],
        "lamps": lamps,
        "holes": holes,
        "build": stomple_build(pieces_sensed),
    }
