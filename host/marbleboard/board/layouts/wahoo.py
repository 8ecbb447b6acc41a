"""The Wa-Hoo boards, four colours and six, built from a few parameters.

The Path runs round a star of arms, one arm per colour (a plus sign on the
four-colour board), play going clockwise, to each player's left: red sits at the
south arm, the next seat at the next arm clockwise. The numbering of the holes,
the seats and their colours are the engine's (``games/wahoo/geometry.py``); this
module only places them.

Each arm is worked out in its own frame, in pitch units: ``u`` out along the arm
from the board's centre, ``v`` across it, ``+v`` on the side the Path goes out
by. With the arm's half-width ``A``, the inner corner where two arms meet is at
``u0 = A / tan(180° / colours)`` and the arm's end at ``R = u0 + L``:

- the pink arrow is the inner corner (u0, A); the Path goes out along v = A,
  across the end u = R, and back in along v = -A to the next arm's arrow;
- the Tee-Pee climbs the centre line from (R-1, 0) to (R-4, 0), branching off
  the entry (R, 0), the middle of the arm's end;
- the Starting Position is (R-2, -A), four holes after the entry, and the Tribal
  Grounds lie beside it in the corner between this arm and the next: across the
  corner on the four-colour board (R-i, -A-i), along the middle of the narrower
  corner on the six-colour board;
- the centre hole (the forehead) is the middle of the board; the die's seven
  lamps are in the north-east corner, the status lamp in the south-west: the host
  rolls the die and these lamps show it, so no die comes with the board.
"""

from __future__ import annotations

import math
from typing import Any

from ...games.wahoo.geometry import ARM_HALF_WIDTH, ROW, SEATS, check_side, geometry
from ..fileformat import FORMAT, VERSION
from ..tiles import in_tile_order
from .marbles import MARBLE_MAGNET, MARBLE_NOTE, SENSOR_MA, rim_build

SIDES = {4: ("south", "west", "north", "east"),
         6: ("south", "south-west", "north-west", "north", "north-east", "south-east")}
DIE_PIPS = ((-1, 1), (1, 1), (-1, 0), (0, 0), (1, 0), (-1, -1), (1, -1))  # die.1 .. die.7
PIP_SPACING = 0.45  # pitches between the die's lamps
MARGIN = 0.9  # pitches from the outermost hole or lamp to the board's edge
TURN_LAMP = 1.1  # pitches beyond the arm's end

DEFAULTS: dict[str, Any] = {
    "colours": 4,
    # 14 holes an arm (56 round the four-colour Path) is the size of the family's
    # wooden boards; the die then takes about ten turns to bring a marble round.
    "holes_per_side": 14,
    "pitch_mm": 25.0,  # hole to hole along the Path: room for fingers round a marble
    "hole_diameter_mm": 14.0,  # a 16 mm marble sits 4 mm deep and does not roll off
    "marble_diameter_mm": 16.0,
    "supply_a": 4.0,
}
# The six-colour board has half as many LEDs again: a bigger supply keeps them bright.
DEFAULTS6: dict[str, Any] = {**DEFAULTS, "colours": 6, "supply_a": 5.0}

Point = tuple[float, float]


def arm_track(index: int, reach: int, u0: float) -> Point:
    """Hole ``index`` of an arm's part of the Path, in the arm's frame."""
    a = ARM_HALF_WIDTH
    end = u0 + reach
    if index <= reach:
        return (u0 + index, a)
    if index <= reach + 2 * a:
        return (end, a - (index - reach))
    return (end - (index - reach - 2 * a), -a)


def tribal_grounds(colours: int, reach: int, u0: float) -> list[Point]:
    a = ARM_HALF_WIDTH
    end = u0 + reach
    if colours == 4:
        return [(end - i, -a - i) for i in range(1, ROW + 1)]
    # Along the corner's middle, from two pitches beyond the inner corner: each hole
    # then clears both arms' sides by at least a pitch.
    half = math.pi / colours
    corner = a / math.sin(half)
    return [((corner + 1 + i) * math.cos(half), -(corner + 1 + i) * math.sin(half))
            for i in range(1, ROW + 1)]


def build(**params: Any) -> dict[str, Any]:
    """Board file data for a Wa-Hoo board (see ``DEFAULTS`` for the parameters)."""
    unknown = set(params) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown Wa-Hoo board parameter(s): {', '.join(sorted(unknown))}")
    p = {**DEFAULTS, **params}
    colours, side = int(p["colours"]), int(p["holes_per_side"])
    if colours not in SIDES:
        raise ValueError(f"a Wa-Hoo board has 4 or 6 colours, not {colours}")
    check_side(side)
    g = geometry(colours, side)
    pitch = float(p["pitch_mm"])
    reach = g.reach
    u0 = ARM_HALF_WIDTH / math.tan(math.pi / colours)
    end = u0 + reach

    def place(arm: int, pt: Point) -> Point:
        # Arm 0 points south; each next arm a turn of 1/colours clockwise (y up).
        angle = -math.pi / 2 - 2 * math.pi * arm / colours
        c, s = math.cos(angle), math.sin(angle)
        return (pt[0] * c - pt[1] * s, pt[0] * s + pt[1] * c)

    holes: list[tuple[dict[str, Any], Point]] = []
    lamps: list[tuple[dict[str, Any], Point]] = []
    lamps.append(({"id": "status", "role": "status"}, (-end, -end)))
    for k, (dx, dy) in enumerate(DIE_PIPS, start=1):
        lamps.append(({"id": f"die.{k}", "role": "die"},
                      (end + dx * PIP_SPACING, end + dy * PIP_SPACING)))
    holes.append(({"id": "centre", "role": "centre"}, (0.0, 0.0)))
    for s in range(colours):
        name = SEATS[s][0]
        lamps.append(({"id": f"turn.{name}", "role": "turn", "seat": name},
                      place(s, (end + TURN_LAMP, 0))))
        # Numbered as listed here (the four-colour board is then numbered as its
        # tiles' chains run, in_tile_order): each arm in turn, its Tee-Pee from the centre
        # outwards, its Tribal Grounds, then its part of the Path.
        for k in range(ROW, 0, -1):
            holes.append(({"id": f"home.{name}.{k}", "role": "home", "seat": name,
                           **({"next": f"home.{name}.{k + 1}"} if k < ROW else {})},
                          place(s, (end - k, 0))))
        for k, pt in enumerate(tribal_grounds(colours, reach, u0), start=1):
            holes.append(({"id": f"start.{name}.{k}", "role": "start", "seat": name},
                          place(s, pt)))
        for i in range(side):
            t = g.arm_hole(s, i)
            hole: dict[str, Any] = {"id": f"track.{t}", "role": "track",
                                    "next": f"track.{(t + 1) % g.track}"}
            if i == 0:
                hole["role"] = "arrow"
            elif t == g.starter(s):
                hole.update(role="starter", seat=name)
            elif t == g.entry(s):
                hole["branch"] = f"home.{name}.1"
            holes.append((hole, place(s, arm_track(i, reach, u0))))

    everything = [pt for _h, pt in holes + lamps]
    half_w = max(abs(x) for x, _y in everything) + MARGIN
    half_h = max(abs(y) for _x, y in everything) + MARGIN

    def mm(pt: Point) -> tuple[float, float]:
        return round((half_w + pt[0]) * pitch, 3), round((half_h - pt[1]) * pitch, 3)

    hole_data, lamp_data = [], []
    led = 0
    for lamp, pt in lamps[:1 + len(DIE_PIPS)]:
        x, y = mm(pt)
        lamp_data.append({**lamp, "x": x, "y": y, "led": led})
        led += 1
    turn_lamps = {lamp["seat"]: (lamp, pt) for lamp, pt in lamps[1 + len(DIE_PIPS):]}
    for sensor, (hole, pt) in enumerate(holes):
        seat = hole.get("seat")
        if hole["id"].startswith("home.") and hole["id"].endswith(f".{ROW}") and seat:
            lamp, lpt = turn_lamps[seat]  # each arm's turn lamp leads its stretch of chain
            x, y = mm(lpt)
            lamp_data.append({**lamp, "x": x, "y": y, "led": led})
            led += 1
        x, y = mm(pt)
        hole_data.append({**hole, "x": x, "y": y, "sensor": sensor, "led": led})
        led += 1
    # Holes listed in Path order first, so the file reads round the board.
    hole_data.sort(key=_order)
    board_id = "wahoo" if colours == 4 else "wahoo6"
    data = {
        "format": FORMAT,
        "version": VERSION,
        "id": board_id,
        "name": f"Wa-Hoo, {colours} colours, 2 to {colours} players",
        "parameters": {k: p[k] for k in sorted(p)},
        "size_mm": [round(2 * half_w * pitch, 3), round(2 * half_h * pitch, 3)],
        "hole_diameter_mm": p["hole_diameter_mm"],
        "marble_diameter_mm": p["marble_diameter_mm"],
        "min_pitch_mm": p["marble_diameter_mm"] + 2,
        "chains": {"sensors": len(hole_data), "leds": led},
        "pico": {"spi": 0, "sck": 2, "miso": 4, "load": 5, "led": 6, "cs": 7, "piece_cs": 8},
        "power": {"supply_v": 5, "supply_a": p["supply_a"],
                  "supply_name": f"5 V {p['supply_a']:g} A mains adapter",
                  "led_ma_typical": 20, "led_ma_max": 60, "sensor_ma": SENSOR_MA,
                  "logic_ma": 60, "headroom": 0.9},
        "pieces": [{"kind": "marble", "count": ROW * colours,
                    "note": f"4 in each seat's colour, each {MARBLE_NOTE}",
                    "magnet": MARBLE_MAGNET}],
        "build": rim_build(),
        "seats": [{"name": n, "colour": c, "side": sd}
                  for (n, c), sd in zip(SEATS, SIDES[colours], strict=False)],
        "lamps": lamp_data,
        "holes": hole_data,
    }
    # The six-colour board's tiles are not all drawn: its chains stay as listed.
    return in_tile_order(data) if colours == 4 else data


def build6(**params: Any) -> dict[str, Any]:
    """The six-colour board: ``build`` with ``DEFAULTS6`` where not given."""
    return build(**{**DEFAULTS6, **params})


def _order(hole: dict[str, Any]) -> tuple[int, str, int]:
    """Path holes by number, the centre, then each seat's Tee-Pee and Tribal Grounds."""
    parts = hole["id"].split(".")
    if parts[0] == "track":
        return (-2, "", int(parts[1]))
    if parts[0] == "centre":
        return (-1, "", 0)
    seat = [n for n, _c in SEATS].index(parts[1])
    return (seat, parts[0], int(parts[2]))
