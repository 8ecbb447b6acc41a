"""How a board's holes divide into tiles: a few large circuit boards, each carrying
many holes' sensors and LEDs, that the fab assembles and the maker plugs together
(``hardware/pcb/tiles.md`` argues for them).

A board that looks the same turned by a seat's share of a turn (Wampoo and Wa-Hoo
turned a quarter, Wa-Hoo with six colours a sixth) is one arm repeated: each seat's
sector of the board is an arm tile (its track and home row) and a start tile (its
start holes), and every arm tile is the same circuit board, turned. A hole on the
board's centre, and the status lamp near it, go on the controller. A board with no
such symmetry (Stomple's grid) is cut into its rows.

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> p = plan(build_layout(default_layout()))
>>> [(d, len(p.of_design(d)), len(p.of_design(d)[0].holes)) for d in p.designs]
[('arm', 4, 22), ('start', 4, 4)]
>>> p.cables
8

A board built from tiles reads its sensors and lights its LEDs in the order the
tiles' chains run (``numbering``): the controller's own first, then each tile in
the plan's order, along its ``chain_order``; eight sensors a register, a tile's
last register partly unused.

>>> n = numbering(build_layout(default_layout()))
>>> n.sensor_chain, n.led_chain  # 4 arms of 3 registers and 4 strips of 1
(128, 109)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .model import LOOP_ROLES, Board, Hole, Lamp

MARGIN_MM = 12.5  # round each hole of a tile, unless the board's pitch says otherwise
LAMP_MARGIN_MM = 5.0  # beyond a lamp's LED centre
CENTRE_MM = 40.0  # a lamp this close to the board's centre goes on the controller
CLUSTER_MM = 40.0  # lamps this close together share a little circuit board
BORDER_DEG = 0.01
SENSORS_PER_REGISTER = 8  # a 74HC165's inputs


@dataclass(frozen=True)
class Tile:
    name: str  # e.g. "arm.red"
    design: str  # tiles of one design are one circuit board, turned
    seat: str | None
    holes: tuple[str, ...]
    lamps: tuple[str, ...]
    size_mm: tuple[float, float]  # the rectangle it fits in, half a pitch round its holes


@dataclass(frozen=True)
class TilePlan:
    board: str
    tiles: tuple[Tile, ...]
    controller_holes: tuple[str, ...]  # on the controller (Wa-Hoo's centre)
    controller_lamps: tuple[str, ...]

    @property
    def designs(self) -> list[str]:
        return list(dict.fromkeys(t.design for t in self.tiles))

    def of_design(self, design: str) -> list[Tile]:
        return [t for t in self.tiles if t.design == design]

    @property
    def cables(self) -> int:
        """Each tile plugs into the controller: a star, through which the chains run
        in one order."""
        return len(self.tiles)


def plan(board: Board, sized: bool = True) -> TilePlan:
    """The board's tiles. Their sizes need shapely (the hardware extra); who is on
    which tile, and so the numbering, does not (``sized=False``: sizes 0)."""
    n = len(board.seats)
    centre = _centre(board.holes)
    size = _size if sized else _unsized
    if n >= 2 and _symmetric(board.holes, centre, n):
        return _arms(board, centre, n, size)
    return _rows(board, size)


def chain_order(board: Board, tile: Tile) -> list[str]:
    """The tile's holes in the order its LED chain and its sensors run, then its
    lamps: along the track (from the hole whose predecessor is on another tile),
    then each row a seat owns, in its own order."""
    holes = {h.id: h for h in board.holes}
    order: list[str] = []

    def walk(ids: list[str]) -> None:
        """Each run of ids joined by ``next``, from the one nothing leads to."""
        heads = [h for h in ids if not any(holes[o].next == h for o in ids)] or ids[:1]
        for head in sorted(heads):
            h: str | None = head
            while h is not None and h in ids and h not in order:
                order.append(h)
                h = holes[h].next

    walk([h for h in tile.holes if holes[h].role in LOOP_ROLES])
    while rest := [h for h in tile.holes if h not in order]:
        walk(rest)
    return order + list(tile.lamps)


@dataclass(frozen=True)
class Numbering:
    sensors: dict[str, int]  # a hole's place in the sensor chain (its register bit)
    leds: dict[str, int]  # a hole's or lamp's place in the LED chain
    sensor_chain: int  # eight a register
    led_chain: int


def numbering(board: Board) -> Numbering:
    """Where each hole and lamp sits in the chains of a board built from tiles:
    the controller's own (a centre hole, then its lamps) first, then every tile in
    the plan's order, along its chain. A register's first input out is its D7, so
    the k-th sensor of a register's eight (D0 to D7, in chain order) is bit 7 - k."""
    p = plan(board, sized=False)
    leds: dict[str, int] = {}
    sensors: dict[str, int] = {}
    registers = 0

    def chain(items: list[str], holes: list[str]) -> None:
        nonlocal registers
        for item in items:
            leds[item] = len(leds)
        for i, h in enumerate(holes):
            r, k = divmod(i, SENSORS_PER_REGISTER)
            sensors[h] = SENSORS_PER_REGISTER * (registers + r) + SENSORS_PER_REGISTER - 1 - k
        registers += math.ceil(len(holes) / SENSORS_PER_REGISTER)

    chain([*p.controller_holes, *p.controller_lamps], list(p.controller_holes))
    for tile in p.tiles:
        order = chain_order(board, tile)
        chain(order, [h for h in order if h in tile.holes])
    return Numbering(sensors, leds, SENSORS_PER_REGISTER * registers, len(leds))


def in_tile_order(data: dict[str, Any]) -> dict[str, Any]:
    """Board file data renumbered in its tiles' order (``numbering``), so that
    the tiles and their controller read and light the holes the file names; the
    modules' wiring tables follow the same numbers."""
    from .fileformat import parse_board

    n = numbering(parse_board(data, source=f"layout {data['id']!r}"))
    for hole in data["holes"]:
        hole["sensor"], hole["led"] = n.sensors[hole["id"]], n.leds[hole["id"]]
    for lamp in data["lamps"]:
        lamp["led"] = n.leds[lamp["id"]]
    data["chains"] = {"sensors": n.sensor_chain, "leds": n.led_chain}
    return data


def _centre(holes: Iterable[Hole]) -> tuple[float, float]:
    points = [(h.x, h.y) for h in holes]
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _turn(x: float, y: float, centre: tuple[float, float], degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    dx, dy = x - centre[0], y - centre[1]
    return (centre[0] + dx * math.cos(a) - dy * math.sin(a),
            centre[1] + dx * math.sin(a) + dy * math.cos(a))


SAME_MM = 0.01  # two positions this close are one (board files keep 3 decimals)


def _same_points(a: Iterable[tuple[float, float]], b: Iterable[tuple[float, float]]) -> bool:
    left, right = list(a), list(b)
    if len(left) != len(right):
        return False
    for p in left:
        match = next((i for i, q in enumerate(right) if math.dist(p, q) < SAME_MM), None)
        if match is None:
            return False
        right.pop(match)
    return True


def _symmetric(holes: tuple[Hole, ...], centre: tuple[float, float], n: int) -> bool:
    points = [(h.x, h.y) for h in holes]
    return _same_points(points, [_turn(x, y, centre, 360 / n) for x, y in points])


def _angle(x: float, y: float, centre: tuple[float, float]) -> float:
    return math.degrees(math.atan2(y - centre[1], x - centre[0]))


def _arms(board: Board, centre: tuple[float, float], n: int, size: Any) -> TilePlan:
    share = 360 / n
    axes = {}  # seat -> the angle of its home row from the centre
    for s in board.seats:
        home = [h for h in board.holes if h.role == "home" and h.seat == s.name]
        x, y = _centre(home)
        axes[s.name] = _angle(x, y, centre)

    def sector(x: float, y: float) -> str | None:
        if math.dist((x, y), centre) < CENTRE_MM:
            return None
        a = _angle(x, y, centre)
        for seat, axis in axes.items():
            # Half open, so a hole on a border goes to one sector, the same one on
            # every arm; a board file's rounding moves a border hole a hair.
            d = (a - axis + 180) % 360 - 180 + BORDER_DEG
            if -share / 2 <= d < share / 2:
                return seat
        raise AssertionError(f"({x}, {y}) falls in no seat's sector")

    margin = _margin(board)
    groups: dict[tuple[str, str], list[Hole]] = {}
    middle: list[str] = []
    for h in board.holes:
        # A seat's own holes (home and start) go with it; the track by sector.
        owner = h.seat if h.role in ("home", "start") else sector(h.x, h.y)
        if owner is None:
            middle.append(h.id)
            continue
        groups.setdefault(("start" if h.role == "start" else "arm", owner), []).append(h)
    lamps: dict[tuple[str, str], list[Lamp]] = {}
    loose: list[str] = []
    apart: list[Lamp] = []
    for lamp in board.lamps:
        owner = lamp.seat if lamp.role == "turn" else None
        if owner is not None:
            lamps.setdefault(("arm", owner), []).append(lamp)
        elif math.dist((lamp.x, lamp.y), centre) < CENTRE_MM:
            loose.append(lamp.id)
        else:
            apart.append(lamp)
    tiles: list[Tile] = []
    first = board.seats[0].name
    for (kind, seat), holes in groups.items():
        # The same circuit board as the first seat's, turned onto this seat's arm?
        turn = axes[first] - axes[seat]
        theirs = _points(groups[(kind, first)], lamps.get((kind, first), []))
        mine = _points(holes, lamps.get((kind, seat), []))
        same = _same_points(theirs, [_turn(x, y, centre, turn) for x, y in mine])
        tiles.append(Tile(f"{kind}.{seat}", kind if same else f"{kind}.{seat}", seat,
                          tuple(h.id for h in holes),
                          tuple(lamp.id for lamp in lamps.get((kind, seat), [])),
                          size(holes, lamps.get((kind, seat), []), margin)))
    tiles += _lamp_tiles(apart, size)
    return TilePlan(board.id, tuple(tiles), tuple(middle), tuple(loose))


def _points(holes: list[Hole], lamps: list[Lamp]) -> list[tuple[float, float]]:
    return [(h.x, h.y) for h in holes] + [(lamp.x, lamp.y) for lamp in lamps]


def _lamp_tiles(lamps: list[Lamp], size: Any) -> list[Tile]:
    """Lamps on no arm: those close together (a die's seven) on one small board,
    each other one on its own."""
    clusters: list[list[Lamp]] = []
    for lamp in lamps:
        near = [c for c in clusters if any(math.dist((lamp.x, lamp.y), (o.x, o.y)) < CLUSTER_MM
                                           for o in c)]
        for c in near:
            clusters.remove(c)
        clusters.append([lamp, *(o for c in near for o in c)])
    tiles = []
    for group in clusters:
        role = group[0].role
        name = role if len(group) > 1 or role != "turn" else group[0].id
        design = f"lamps.{len(group)}"
        tiles.append(Tile(name, design, None, (), tuple(sorted(lamp.id for lamp in group)),
                          size([], group)))
    return tiles


def _rows(board: Board, size: Any) -> TilePlan:
    margin = _margin(board)
    rows: dict[float, list[Hole]] = {}
    for h in board.holes:
        rows.setdefault(round(h.y, 1), []).append(h)
    tiles = [Tile(f"row.{i + 1}", "row", None, tuple(h.id for h in sorted(row, key=lambda h: h.x)),
                  (), size(row, [], margin)) for i, (_, row) in enumerate(sorted(rows.items()))]
    tiles += _lamp_tiles(list(board.lamps), size)
    return TilePlan(board.id, tuple(tiles), (), ())


def _unsized(holes: list[Hole], lamps: Iterable[Lamp], margin: float = MARGIN_MM
             ) -> tuple[float, float]:
    return 0.0, 0.0


def _size(holes: list[Hole], lamps: Iterable[Lamp], margin: float = MARGIN_MM
          ) -> tuple[float, float]:
    """The smallest rectangle, turned any way, round the holes (and lamps) with their
    margins: long side first."""
    from shapely.geometry import Point
    from shapely.ops import unary_union

    rounds = [Point(p.x, p.y).buffer(m, quad_segs=16)
              for items, m in ((holes, margin), (list(lamps), LAMP_MARGIN_MM))
              for p in items]
    rect = unary_union(rounds).minimum_rotated_rectangle
    corners = list(rect.exterior.coords)
    sides = sorted((math.dist(corners[0], corners[1]), math.dist(corners[1], corners[2])),
                   reverse=True)
    return round(sides[0], 1), round(sides[1], 1)


def _margin(board: Board) -> float:
    """Half the board's smallest pitch: the room each hole's circuit takes."""
    holes = board.holes
    return min(math.dist((a.x, a.y), (b.x, b.y))
               for i, a in enumerate(holes) for b in holes[i + 1:]) / 2
