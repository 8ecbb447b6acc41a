"""Figures for the simulated board's sensing: long games on each board whose build
is designed, every position the game reaches read through its sensors as the
computed physics gives it (sim/field.py, sim/sensors.py), and counted against
what the holes hold, beside the rates the sensing pages predict.

Each game is played on a board built anew (its tolerances, its parts and the
room drawn from a new seed), with random legal moves and chance; after each
step the holes that changed get their pieces, drawn anew, and the sensors are
read a few conversions later, as the firmware's debounce would take them.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..board import Board, build_layout
from ..board.layouts import LAYOUTS
from ..board.tmag5170 import board_setups
from ..games.base import Game
from ..sim.physical import PhysicalBoard
from ..table.boardmap import BoardMap
from ..web.hub import games_for
from .report import Row

CONVERSIONS = 8  # reads after each step: the firmware takes a hole after a run of them
MAX_STEPS = 3000  # a random game that has not ended by then is cut off


@dataclass
class Tally:
    """Reads of one board over its games, by the role of the sensor."""

    games: int = 0
    steps: int = 0
    empty: dict[str, int] = field(default_factory=dict)  # reads of an empty hole
    full: dict[str, int] = field(default_factory=dict)
    phantom: dict[str, int] = field(default_factory=dict)  # an empty hole read full
    missed: dict[str, int] = field(default_factory=dict)  # a full hole read empty
    crowded: int = 0  # reads of an empty hole with every hole next to it full
    beside_pieces: int = 0  # phantoms with two or more standing pieces next to them
    where: dict[str, int] = field(default_factory=dict)  # phantoms and misses by hole
    seconds: float = 0.0


def play_and_read(board: Board, game: Game, games: int, seed: int,
                  tally: Tally | None = None) -> Tally:
    """Random games of ``game`` on ``board``, each on a board built from its own seed."""
    assert game.marbles is not None
    tally = tally or Tally()
    bmap = BoardMap(board, game.marbles)
    players = max(p for p in game.players if p <= len(board.seats))
    options = game.options(game.marbles.fit({"players": players}, board.id))
    pieces = {h.piece_sensor: h.sensor for h in board.holes if h.piece_sensor is not None}
    role_of = {h.sensor: "presence" for h in board.holes}
    role_of.update({h.piece_sensor: "piece" for h in board.holes if h.piece_sensor is not None})
    hole_of = board.by_sensor
    ring = _next_to(board)
    t0 = time.perf_counter()
    for k in range(games):
        rng = random.Random(seed * 1000 + k)
        physical = PhysicalBoard(board, seed=seed * 1000 + k, dip_every_s=None)
        for group, (_role, frames) in enumerate(board_setups(board.build)):
            physical.hear_setup(group, frames)
        state = game.new_state(options)
        for _ in range(MAX_STEPS):
            if state.is_over():
                break
            if state.is_chance():
                state.apply_chance(state.chance_due().draw(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
            tally.steps += 1
            holding = bmap.setup(state)
            physical.setup(holding)
            for _ in range(CONVERSIONS):
                sensed = physical.sensed()
            for s, role in role_of.items():
                full = s in holding
                count = tally.full if full else tally.empty
                count[role] = count.get(role, 0) + 1
                wrong = full != (s in sensed)
                if not full and role == "presence" and all(
                        n in holding for n in ring[hole_of[s].id]):
                    tally.crowded += 1
                if wrong:
                    bad = tally.missed if full else tally.phantom
                    bad[role] = bad.get(role, 0) + 1
                    if not full and sum(1 for n in ring[hole_of[s].id]
                                        if pieces and _standing(n, pieces, holding)) >= 2:
                        tally.beside_pieces += 1
                    where = hole_of[s].id
                    tally.where[where] = tally.where.get(where, 0) + 1
        tally.games += 1
    tally.seconds += time.perf_counter() - t0
    return tally


def _standing(sensor: int, pieces: dict[int, int], holding: set[int]) -> bool:
    """Whether a standing piece is in the hole of presence sensor ``sensor``."""
    return any(p in holding for p, s in pieces.items() if s == sensor)


def _next_to(board: Board) -> dict[str, list[int]]:
    """The presence sensors of the holes next to each hole, as the sensing pages
    count them (board/sensing.py RING)."""
    from ..board.sensing import RING

    out = {}
    for h in board.holes:
        dist = [(math.hypot(o.x - h.x, o.y - h.y), o) for o in board.holes if o is not h]
        nearest = min(d for d, _ in dist)
        out[h.id] = [o.sensor for d, o in dist if d <= RING * nearest]
    return out


def predicted(board: Board) -> dict[str, tuple[float, str, list[float]]]:
    """What the sensing page says, role by role: the share of random turns of the
    marbles round an empty hole, every hole next to it full, that its sensor at
    its lowest release point sees, at the worst hole; and there with 1, 2, ...
    standing pieces next to it."""
    from ..board import sensing

    build = board.build
    assert build is not None
    interference = sensing._Interference(board, build, sensing.pieces_of(board))
    out = {}
    for role in ("presence", "piece"):
        sites = build.sites_of(role)
        if not sites or (role == "piece" and not board.piece_sensors):
            continue
        points = sensing.sensor_points(build, sites)
        share, hole, _most = max(interference.chance(h, points) for h in board.holes)
        standing = []
        if any(p.playing_piece for p in sensing.pieces_of(board)):
            for k in (1, 2, 3):
                standing.append(interference.chance(board.hole(hole), points, k)[0])
        out[role] = share, hole, standing
    return out


def sensing_figures(games: int = 10, seed: int = 1,
                    layouts: list[str] | None = None) -> list[Row]:
    """One row a board: phantoms and misses over long random games, beside what
    its sensing page predicts."""
    rows = []
    for name in layouts or sorted(LAYOUTS):
        board = build_layout(name)
        if board.build is None:
            continue
        tally = Tally()
        played = [g for g in games_for(board) if g.marbles is not None]
        for game in played:
            play_and_read(board, game, games, seed, tally)
        rows.append(sensing_row(board, played, tally, predicted(board)))
    return rows


def sensing_row(board: Board, played: list[Game], tally: Tally,
                page: dict[str, tuple[float, str, list[float]]]) -> Row:
    def rate(bad: dict[str, int], reads: dict[str, int], role: str) -> str:
        n, m = bad.get(role, 0), reads.get(role, 0)
        return f"{n}/{m}" + (f" ({n / m:.3%})" if n and m else "")

    roles = sorted(tally.empty)
    value = "; ".join(f"{role}: {rate(tally.phantom, tally.empty, role)} phantom, "
                      f"{rate(tally.missed, tally.full, role)} missed" for role in roles)
    share, hole, standing = page.get("presence", (0.0, "-", []))
    worst = sorted(tally.where.items(), key=lambda kv: -kv[1])[:3]
    return Row(
        f"sensing, {board.id}: {tally.games} random games "
        f"({', '.join(g.title for g in played)}), {tally.steps} positions read",
        value,
        f"page: {share:.2%} of random turns at {hole}, every neighbour full, a sensor at "
        f"its lowest release point; {tally.crowded} such reads here (at that rate "
        f"{tally.crowded * share:.0f})"
        + (f"; with 1/2/3 standing pieces next to it {'/'.join(f'{v:.0%}' for v in standing)}"
           f", and {tally.beside_pieces} phantoms here beside two or more" if standing else "")
        + "; no marble missed (margins >= 1.25)"
        + (f"; most at {', '.join(f'{h} ({n})' for h, n in worst)}" if worst else "")
        + f"; {tally.seconds:.0f} s")
