"""How hard two marbles' magnets pull on each other: whether a marble stays in its
hole beside another, and how far apart marbles must lie to stop clinging together.

Forces come from magpylib-force (each magnet a meshed cylinder in the other's
field). A marble resting on the rim of its hole rolls out over the rim when a
sideways pull at its magnet turns it about the rim's far edge harder than its
weight turns it back: pull x height of the magnet over the rim > weight x the
rim's radius. Weight is computed from densities, not weighed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import magpylib as magpy
import numpy as np
from magpylib_force import getFT  # type: ignore[import-untyped]
from scipy.spatial.transform import Rotation  # type: ignore[import-untyped]

from .build import Build, Magnet
from .model import Board
from .parts import GRADES, ROOM_C

G = 9.81
# Sintered NdFeB, the low end of 7.4-7.5 g/cm3 (ALB Magnets, "Specifications of
# Neodymium Magnets"); cured clear epoxy casting resin, taken at 1.1 g/cm3 until a
# finished marble is weighed. Lighter is worse: the pull must lift less.
MAGNET_G_CM3 = 7.4
RESIN_G_CM3 = 1.1
MESH = 20  # cells of each target magnet: finer changes the force by under 0.5 %
RANDOM_PAIRS = 300  # random orientations of the two marbles, beside the worst known
REQUIRED_MARGIN = 1.25


@dataclass(frozen=True)
class Pull:
    weight_n: float
    rollout_n: float  # the sideways pull at the magnet that rolls a marble out
    pitch_mm: float  # between the nearest two holes
    neighbour_n: float  # the strongest sideways pull from a marble in that hole
    touching_n: float  # two marbles touching, their magnets lined up
    clear_mm: float  # centres further apart than this: the pull is under the weight
    # The strongest sideways pull from a standing playing piece in that hole, for
    # boards that have one, and its kind.
    piece_n: float = 0.0
    piece: str = ""

    @property
    def margin(self) -> float:
        return self.rollout_n / max(self.neighbour_n, self.piece_n)

    @property
    def ok(self) -> bool:
        return self.margin >= REQUIRED_MARGIN


def _magnet(magnet: Magnet, br: float, at_mm: tuple[float, float, float],
            rotation: Rotation) -> Any:
    """The magnet as magpylib draws it: with its opposed second disc, if it has one,
    the two as one collection (a source of field, never a target of force)."""
    m = magpy.magnet.Cylinder(polarization=(0, 0, br),
                              dimension=(magnet.diameter_mm / 1000, magnet.height_mm / 1000),
                              position=np.array(at_mm) / 1000, orientation=rotation)
    m.meshing = MESH  # type: ignore[attr-defined]  # magpylib-force reads it
    if magnet.opposed is None:
        return m
    o = magnet.opposed
    partner = magpy.magnet.Cylinder(
        polarization=(0, 0, -br), dimension=(o.diameter_mm / 1000, o.height_mm / 1000),
        position=(np.array(at_mm) + rotation.apply([0.0, 0.0, o.distance_mm])) / 1000,
        orientation=rotation)
    return magpy.Collection(m, partner)


def pull_n(magnet: Magnet, br: float, distance_mm: float, a: Rotation, b: Rotation) -> float:
    """The pull of a magnet at the origin on a like one ``distance_mm`` along x,
    towards it."""
    return pull_between(magnet, br, a, magnet, br, (distance_mm, 0, 0), b)


def pull_between(source: Magnet, source_br: float, source_rot: Rotation, target: Magnet,
                 target_br: float, at_mm: tuple[float, float, float],
                 target_rot: Rotation) -> float:
    """The pull along x, towards the source at the origin, on the target at ``at_mm``."""
    force, _ = getFT(_magnet(source, source_br, (0, 0, 0), source_rot),
                     _magnet(target, target_br, at_mm, target_rot),
                     anchor=np.array(at_mm) / 1000)
    return float(-force[0])


def strongest_pull_n(magnet: Magnet, br: float, distance_mm: float, seed: int = 0) -> float:
    # Both axes along the line between them, like poles apart: a dipole pair's
    # strongest pull. Random pairs check nothing the shape adds beats it.
    lined_up = Rotation.from_euler("y", 90, degrees=True)
    best = pull_n(magnet, br, distance_mm, lined_up, lined_up)
    rng = np.random.default_rng(seed)
    for _ in range(RANDOM_PAIRS):
        a = Rotation.random(random_state=rng)
        b = Rotation.random(random_state=rng)
        best = max(best, pull_n(magnet, br, distance_mm, a, b))
    return best


def strongest_piece_pull_n(piece: Magnet, piece_br: float, marble: Magnet, marble_br: float,
                           at_mm: tuple[float, float, float], seed: int = 0) -> float:
    """A standing piece's strongest pull on a marble turned any way: the marble
    turned along the piece's field there (the way it turns if it can), or any of
    RANDOM_PAIRS random ways."""
    up = Rotation.identity() if piece.pole_down == "south" else Rotation.from_euler(
        "x", 180, degrees=True)
    field = _magnet(piece, piece_br, (0, 0, 0), up).getB(np.array(at_mm) / 1000)
    z = np.array([0.0, 0.0, 1.0])
    along = Rotation.align_vectors([field / np.linalg.norm(field)], [z])[0]
    best = pull_between(piece, piece_br, up, marble, marble_br, at_mm, along)
    rng = np.random.default_rng(seed)
    for _ in range(RANDOM_PAIRS):
        best = max(best, pull_between(piece, piece_br, up, marble, marble_br, at_mm,
                                      Rotation.random(random_state=rng)))
    return best


def marble_weight_n(diameter_mm: float, magnet: Magnet) -> float:
    sphere = 4 / 3 * math.pi * (diameter_mm / 2) ** 3
    disc = math.pi * (magnet.diameter_mm / 2) ** 2 * magnet.height_mm
    grams = ((sphere - disc) * RESIN_G_CM3 + disc * MAGNET_G_CM3) / 1000
    return grams / 1000 * G


def nearest_pitch_mm(board: Board) -> float:
    xy = np.array([(h.x, h.y) for h in board.holes])
    d = np.hypot(*(xy[:, None, :] - xy[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    return float(d.min())


def _strong(magnet: Magnet) -> float:
    grade = GRADES[magnet.grade]
    return grade.br_max_t * (1 + grade.br_tc_per_c * (ROOM_C[0] - 20))  # cold: strongest


def marble_pull(board: Board, build: Build, magnet: Magnet,
                piece: tuple[str, Magnet] | None = None) -> Pull:
    """Marbles resting on the rims of their holes (or of the sheet's holes), every
    tolerance against them; ``piece``, a kind of standing piece and its magnet."""
    br = _strong(magnet)
    radius = board.marble_diameter_mm / 2
    _, seat_d = build.seat_z_and_diameter(board.hole_diameter_mm)
    rim = (seat_d - build.hole_tolerance_mm) / 2  # a tight hole: less stable
    centre_over_rim = math.sqrt(radius ** 2 - rim ** 2)
    weight = marble_weight_n(board.marble_diameter_mm, magnet)
    # The magnet sits up to offset_mm off the centre: higher gives the pull more
    # leverage, and its mass off-centre shortens the weight's.
    disc = math.pi * (magnet.diameter_mm / 2) ** 2 * magnet.height_mm
    sphere = 4 / 3 * math.pi * radius ** 3
    mass_shift = magnet.offset_mm * disc * MAGNET_G_CM3 / (
        (sphere - disc) * RESIN_G_CM3 + disc * MAGNET_G_CM3)
    rollout = weight * (rim - mass_shift) / (centre_over_rim + magnet.offset_mm)
    pitch = nearest_pitch_mm(board)
    neighbour = strongest_pull_n(magnet, br, pitch - 2 * magnet.offset_mm)
    lined_up = Rotation.from_euler("y", 90, degrees=True)
    touching = pull_n(magnet, br, board.marble_diameter_mm - 2 * magnet.offset_mm,
                      lined_up, lined_up)
    # The lined-up pull falls as the fourth power of distance, near enough to
    # bisect for where it drops under the weight.
    low, high = board.marble_diameter_mm, 10 * board.marble_diameter_mm
    for _ in range(30):
        mid = (low + high) / 2
        if pull_n(magnet, br, mid, lined_up, lined_up) > weight:
            low = mid
        else:
            high = mid
    piece_n, kind = 0.0, ""
    if piece is not None:
        kind, standing = piece
        marble_z, _ = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
        assert standing.z_mm is not None
        at = (pitch - magnet.offset_mm - standing.offset_mm, 0.0, marble_z - standing.z_mm)
        piece_n = strongest_piece_pull_n(standing, _strong(standing), magnet, br, at)
    return Pull(weight, rollout, pitch, neighbour, touching, high, piece_n, kind)


def format_pull(pull: Pull) -> list[str]:
    piece = (f"; a {pull.piece} there pulls it {pull.piece_n * 1000:.1f} mN at most"
             if pull.piece else "")
    return [
        f"Marble to marble (magpylib-force; a marble weighing {pull.weight_n * 1000:.1f} mN, "
        f"from the densities of resin and NdFeB):",
        f"- a marble rolls out of its hole under a sideways pull of "
        f"{pull.rollout_n * 1000:.1f} mN; the marble in the nearest hole "
        f"({pull.pitch_mm:g} mm away) pulls it {pull.neighbour_n * 1000:.1f} mN at most"
        f"{piece}: margin {pull.margin:.2f} ({'ok' if pull.ok else 'TOO LITTLE'}, at least "
        f"{REQUIRED_MARGIN:g})",
        f"- two marbles touching pull each other {pull.touching_n * 1000:.0f} mN, "
        f"{pull.touching_n / pull.weight_n:.1f} times a marble's weight: off the board "
        f"they cling together; a tray keeps them apart with wells more than "
        f"{pull.clear_mm:.0f} mm between centres, where the pull is under a marble's "
        f"weight",
    ]
