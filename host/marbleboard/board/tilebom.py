"""The lines of a bill of materials for a board built from tiles (``bom.py``,
``--assembly tiles``): each tile design the number of times the plan uses it and
the tile controller, assembled by the fab; one cable a tile, made up of JST's
pre-crimped leads in two housings, each lead the shortest JST makes that reaches
from the tile's header to its place on the controller; the lamps no drawn tile
carries.

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> [round(m) for m in sorted(cable_runs(build_layout(default_layout())).values())]
[10, 28, 57, 76, 152, 159, 195, 207]
"""

from __future__ import annotations

import math
from collections import Counter

from .bomline import C100N, Item, bare_boards
from .model import Board
from .pcbdesign import Design
from .prices import ASSEMBLY_JOINT, ASSEMBLY_SETUP, PRICES, SEEN, Price
from .tiles import Tile, plan

# JST's pre-crimped SH leads (SSH-003T-P0.2-H at both ends, 28 AWG), by length in mm.
LEADS = {51: "ASSHSSH28K51", 102: "ASSHSSH28K102", 152: "ASSHSSH28K152",
         203: "ASSHSSH28K203", 254: "ASSHSSH28K254", 305: "ASSHSSH28K305"}
HOUSING = "SHR-16V-S-B"  # JST SH 16-way receptacle housing, the header's mate
# A lead runs round the tiles' parts, not straight: this much longer than the line
# from header to header (a design allowance, to be checked on the first board).
SLACK = 1.25


def _designs(board: Board) -> dict[str, str]:
    """Each tile design with holes, by its folder's name."""
    return {d: f"{board.id}-{d}-tile" for d in plan(board).designs
            if any(t.holes for t in plan(board).of_design(d))}


def tiles_drawn(board: Board) -> bool:
    """Whether every tile with holes, and the controller, has its design."""
    from .pcb import DESIGNS

    if board.build is None or len(plan(board).tiles) == 0:
        return False
    return (f"{board.id}-tile-controller" in DESIGNS
            and all(name in DESIGNS for name in _designs(board).values()))


def _header_on_board(board: Board, tile: Tile, first: Tile, drawn: Design) -> tuple[float, float]:
    """Where a tile's header lies on the board: the drawn design's (its first
    tile's), turned round the board's centre onto this tile."""
    from .tileframe import frame

    f = frame(board, first)
    j = next(p for p in drawn.parts if p.value == "SM16B-SRSS-TB")
    a = math.radians(f.angle_deg)
    x = f.origin[0] + j.x * math.cos(a) - j.y * math.sin(a)
    y = f.origin[1] + j.x * math.sin(a) + j.y * math.cos(a)
    cx, cy = board.width_mm / 2, board.height_mm / 2
    turn = math.radians(_bearing(board, tile) - _bearing(board, first))
    dx, dy = x - cx, y - cy
    return (cx + dx * math.cos(turn) - dy * math.sin(turn),
            cy + dx * math.sin(turn) + dy * math.cos(turn))


def _bearing(board: Board, tile: Tile) -> float:
    where = {h.id: (h.x, h.y) for h in board.holes}
    pts = [where[h] for h in tile.holes]
    x = sum(p[0] for p in pts) / len(pts) - board.width_mm / 2
    y = sum(p[1] for p in pts) / len(pts) - board.height_mm / 2
    return math.degrees(math.atan2(y, x))


def cable_runs(board: Board) -> dict[str, float]:
    """Each tile with holes: the straight line, in mm, from its header to its
    place on the controller."""
    from .pcb import DESIGNS
    from .tilecontroller import chains, tile_controller

    p = plan(board)
    controller = tile_controller(board.id)
    # The controller's header of each tile: the one its LED chain's link reaches
    # (contact 5, LED in).
    links = {s.name: s.led_in for s in chains(p, len(p.controller_holes)
                                              + len(p.controller_lamps))}
    places = {q.nets.get("5"): q for q in controller.parts if q.value == "SM16B-SRSS-TB"}
    cx, cy = board.width_mm / 2, board.height_mm / 2
    out = {}
    for design, name in _designs(board).items():
        tiles = p.of_design(design)
        drawn = DESIGNS[name]()
        for t in tiles:
            x, y = _header_on_board(board, t, tiles[0], drawn)
            slot = places[links[t.name]]
            out[t.name] = math.dist((x, y), (cx + slot.x, cy + slot.y))
    return out


def _lead(run_mm: float) -> str:
    need = run_mm * SLACK
    fits = [n for n in sorted(LEADS) if n >= need]
    if not fits:
        raise ValueError(f"a cable run of {run_mm:.0f} mm needs leads over the longest JST "
                         f"makes ({max(LEADS)} mm)")
    return LEADS[fits[0]]


def _assembled(name: str, qty: int, design: Design, what: str) -> list[Item]:
    """A board the fab assembles: the parts priced and the fab's joints, once a
    board, and on lines of their own the parts it places whose price was not
    found; the set-up once an order; the bare boards."""
    placed = [q for q in design.parts if q.solder]
    joints = sum(len(q.pads) for q in placed)
    counts = Counter(q.order for q in placed)
    priced = {o: n for o, n in counts.items() if o in PRICES}
    usd = sum(PRICES[o].usd * n for o, n in priced.items()) + joints * ASSEMBLY_JOINT.usd
    parts = ", ".join(f"{n} x {o}" for o, n in priced.items())
    missing = {o: n for o, n in counts.items() if o not in PRICES}
    note = f"carries {what}" + (f"; without {', '.join(missing)} (below)" if missing else "")
    items = [Item(qty, f"{name} circuit board (hardware/pcb/{name}), assembled by the fab", note,
                  price=Price(round(usd, 4), 1, f"{parts}, and {joints} joints placed", SEEN),
                  made_of=(*priced, "joint"))]
    items += [Item(qty * n, f"{order}, placed by the fab on {name}", "no price found",
                   order=order) for order, n in missing.items()]
    items += [Item(1, f"{name}: assembly set-up and stencil", "once an order",
                   price=ASSEMBLY_SETUP), bare_boards(name, qty, design)]
    return items


def tile_lines(board: Board) -> list[Item]:
    """The tiles, their controller, the cables and the lamps on no drawn tile."""
    from .pcb import DESIGNS

    p = plan(board)
    items: list[Item] = []
    for design, name in _designs(board).items():
        tiles = p.of_design(design)
        holes = len(tiles[0].holes)
        lamps = len(tiles[0].lamps)
        what = (f"{holes} holes' sensors and LEDs" + (f" and {lamps} lamp" if lamps else "")
                + ", their registers and the 16-way header")
        items += _assembled(name, len(tiles), DESIGNS[name](), what)
    held = [*p.controller_holes, *p.controller_lamps]
    items += _assembled(f"{board.id}-tile-controller", 1,
                        DESIGNS[f"{board.id}-tile-controller"](),
                        "the buffers and their resistors, a header a tile"
                        + (f", and {', '.join(held)}" if held else "")
                        + "; the Pico sits underneath on its pin headers")
    loose = [t for t in p.tiles if not t.holes]
    lamps = sum(len(t.lamps) for t in loose)
    if lamps:
        items += [
            Item(lamps, "WS2812B RGB LED (5050), in its lamp carrier",
                 f"the lamps on no drawn tile ({', '.join(t.name for t in loose)}): each "
                 "group wired to its cable's housing", order="WS2812B"),
            Item(lamps, "Capacitor 100 nF ceramic", "decoupling at each lamp's LED",
                 order=C100N),
        ]
    runs = cable_runs(board)
    leads = Counter(_lead(run) for run in runs.values())
    longest = max(LEADS)
    if loose:  # their runs are not drawn: the longest lead
        leads[LEADS[longest]] += len(loose)
    items.append(Item(2 * p.cables, f"JST {HOUSING} housing, 16-way",
                      "both ends of each tile's cable, one a tile (the tiles' and the "
                      "controller's SM16B-SRSS-TB headers take it)", order=HOUSING))
    for mm, lead in LEADS.items():
        if cables := leads.get(lead, 0):
            items.append(Item(16 * cables, f"JST {lead} pre-crimped lead, {mm} mm, 28 AWG",
                              f"16 a cable, contact 1 to contact 1, for {cables} "
                              f"cable{'s' if cables > 1 else ''} whose run from header to "
                              f"header ({SLACK:g} times the straight line) is {mm} mm or less",
                              order=lead))
    return items


def controller_joints(board: Board) -> int:
    """The pads on the controller the maker solders: the Pico's header, the
    supply's leads, the Pi's reset pair."""
    from .tilecontroller import tile_controller

    return sum(len(q.pads) for q in tile_controller(board.id).parts if not q.solder)
