"""The Wampoo board, built from a few parameters.

The track is the outline of a plus sign: each seat's arm has a side going out, an
end, and a side coming back; each seat's quarter of the track is ``holes_per_side``
holes long.  Seat 0 (red) sits at the south arm; play goes clockwise, which is to
each player's left, so the seats follow south, west, north, east.

Geometry is worked out for the south arm in pitch units (origin at the centre, y
up) and turned a quarter clockwise for each next seat.  In those units, with the
arm's half-width ``A`` and its reach ``R = holes_per_side / 2``:

- the HOME entry is the middle of the arm's end, (0, -R); the HOME row climbs the
  arm's centre line from (0, -R+1) to (0, -R+4);
- the STARTER hole is four holes on from the HOME entry, (-A, -R+2), so a 4 played
  backwards from the STARTER lands just outside the HOME row, as the rules say;
- the START row runs diagonally beside the STARTER, (-A-i, -R+i) for i = 1..4.
"""

from __future__ import annotations

from typing import Any

from ..fileformat import FORMAT, VERSION
from ..tiles import in_tile_order
from .marbles import MARBLE_MAGNET, MARBLE_NOTE, SENSOR_MA, rim_build

SEATS = [("red", "#d62828", "south"), ("blue", "#1d4ed8", "west"),
         ("yellow", "#e9b308", "north"), ("green", "#15803d", "east")]
ARM_HALF_WIDTH = 2  # pitches from the centre line to each side of an arm
ROW = 4  # holes in each START and HOME row
MIN_HOLES_PER_SIDE = 14  # fewer leaves no room for the START row beside the arm
MAX_HOLES_PER_SIDE = 40

DEFAULTS: dict[str, Any] = {
    # 18 holes a side (72 round the track) is the size of the family's wooden
    # boards: a Joker's 20 takes a marble just past one seat's side, a King's 13
    # most of one, and a lap costs about six cards, so a hand of four or five cards
    # is one real decision after another rather than a sprint.
    "holes_per_side": 18,
    "pitch_mm": 25.0,  # hole to hole along the track: room for fingers round a marble
    "hole_diameter_mm": 14.0,  # a 16 mm marble sits 4 mm deep and does not roll off
    "marble_diameter_mm": 16.0,
    "supply_a": 4.0,
}


def _turn(p: tuple[float, float], quarters: int) -> tuple[float, float]:
    x, y = p
    for _ in range(quarters):
        x, y = y, -x  # a quarter turn clockwise, y up
    return x, y


def _south_quarter(r: int) -> list[tuple[float, float]]:
    """Seat 0's side of the track, from its STARTER, in pitch units."""
    a = ARM_HALF_WIDTH
    pts: list[tuple[float, float]] = [(-a, y) for y in range(-r + 2, -a + 1)]
    pts += [(x, -a) for x in range(-a - 1, -r - 1, -1)]
    pts += [(-r, y) for y in range(-a + 1, a + 1)]
    pts += [(-r + 1, a)]
    assert len(pts) == 2 * r
    return pts


def build(**params: Any) -> dict[str, Any]:
    """Board file data for a Wampoo board (see ``DEFAULTS`` for the parameters)."""
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown Wampoo board parameter(s): {', '.join(sorted(unknown))}")
    p = {**DEFAULTS, **params}
    side = int(p["holes_per_side"])
    if side % 2 or not MIN_HOLES_PER_SIDE <= side <= MAX_HOLES_PER_SIDE:
        raise ValueError(f"holes_per_side must be an even number from {MIN_HOLES_PER_SIDE} "
                         f"to {MAX_HOLES_PER_SIDE}, got {side}")
    r = side // 2
    pitch = float(p["pitch_mm"])
    half = (r + 1.8) * pitch  # room for the turn lamps beyond each arm's end
    size = 2 * half

    def mm(pt: tuple[float, float]) -> tuple[float, float]:
        return round(half + pt[0] * pitch, 3), round(half - pt[1] * pitch, 3)

    n_track = 4 * side
    quarter = _south_quarter(r)
    holes: list[dict[str, Any]] = []
    lamps: list[dict[str, Any]] = []
    led = 0
    lamps.append({"id": "status", "role": "status", "x": half, "y": half, "led": led})
    led += 1
    sensor = 0

    def add(hole: dict[str, Any], at: tuple[float, float]) -> None:
        nonlocal sensor, led
        x, y = mm(at)
        holes.append({**hole, "x": x, "y": y, "sensor": sensor, "led": led})
        sensor += 1
        led += 1

    for s, (name, _colour, _side) in enumerate(SEATS):
        x, y = mm(_turn((0, -r - 1.1), s))
        lamps.append({"id": f"turn.{name}", "role": "turn", "seat": name, "x": x, "y": y,
                      "led": led})
        led += 1
        # Numbered as listed here (each seat's HOME row from the centre outwards, its
        # START row, then its side of the track); in_tile_order then numbers them as
        # the tiles' chains run.
        for i in range(ROW, 0, -1):
            add({"id": f"home.{name}.{i}", "role": "home", "seat": name,
                 **({"next": f"home.{name}.{i + 1}"} if i < ROW else {})},
                _turn((0, -r + i), s))
        for i in range(1, ROW + 1):
            add({"id": f"start.{name}.{i}", "role": "start", "seat": name},
                _turn((-ARM_HALF_WIDTH - i, -r + i), s))
        for q, pt in enumerate(quarter):
            t = s * side + q
            hole: dict[str, Any] = {"id": f"track.{t}", "role": "track",
                                    "next": f"track.{(t + 1) % n_track}"}
            if q == 0:
                hole.update(role="starter", seat=name)
            add(hole, _turn(pt, s))
    # Each HOME row branches off the track four holes before its seat's STARTER.
    by_id = {h["id"]: h for h in holes}
    for s, (name, _c, _side) in enumerate(SEATS):
        entry = by_id[f"track.{(s * side - ROW) % n_track}"]
        entry["branch"] = f"home.{name}.1"
    # Holes listed in track order first, so the file reads round the board.
    holes.sort(key=lambda h: _order(h["id"]))

    data = {
        "format": FORMAT,
        "version": VERSION,
        "id": "wampoo",
        "name": "Wampoo, 2 to 4 players",
        "parameters": {k: p[k] for k in sorted(p)},
        "size_mm": [round(size, 3), round(size, 3)],
        "hole_diameter_mm": p["hole_diameter_mm"],
        "marble_diameter_mm": p["marble_diameter_mm"],
        "min_pitch_mm": p["marble_diameter_mm"] + 2,
        "chains": {"sensors": sensor, "leds": led},
        "pico": {"spi": 0, "sck": 2, "miso": 4, "load": 5, "led": 6, "cs": 7, "piece_cs": 8},
        "power": {"supply_v": 5, "supply_a": p["supply_a"],
                  "supply_name": f"5 V {p['supply_a']:g} A mains adapter",
                  "led_ma_typical": 20, "led_ma_max": 60, "sensor_ma": SENSOR_MA,
                  "logic_ma": 60, "headroom": 0.9},
        "pieces": [{"kind": "marble", "count": 4 * ROW,
                    "note": f"4 in each seat's colour, each {MARBLE_NOTE}",
                    "magnet": MARBLE_MAGNET}],
        "build": rim_build(),
        "seats": [{"name": n, "colour": c, "side": sd} for n, c, sd in SEATS],
        "lamps": lamps,
        "holes": holes,
    }
    return in_tile_order(data)


def _order(hole_id: str) -> tuple[int, str, int]:
    """Track holes by number, then each seat's HOME and START rows."""
    parts = hole_id.split(".")
    if parts[0] == "track":
        return (-1, "", int(parts[1]))
    seat = [n for n, _c, _s in SEATS].index(parts[1])
    return (seat, parts[0], int(parts[2]))
