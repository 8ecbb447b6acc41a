"""A side section through a hole and the next one, with the field a marble gives:
the drawing on each board's sensing page.

The cut runs from a hole's axis towards the next hole along the bearing of its
presence sensor (towards the nearest hole when the sensor is on the axis). The
marble sits in the first hole, turned the way that gives its own sensors least;
the second hole is empty. Each place in the cut is coloured by what a presence
sensor there would do with that field (the largest of its three components):
surely switch (at or above the highest operate point), surely not (under the
lowest release point), or either. The sensors are drawn where they are.
"""

from __future__ import annotations

import math
from html import escape

import numpy as np

from .model import Board
from .sensing import (
    FREE_DIRECTIONS,
    SensingError,
    felt_mt,
    field_mt,
    orientations,
    pieces_of,
    remanence,
    sensor_points,
)

SCALE = 10.0  # pixels a millimetre
STEP_MM = 0.5
COLOURS = {"on": "#4caf50", "either": "#ffd54f", "off": "#eceff1"}


def _bearing(board: Board) -> tuple[float, float, float]:
    """The cut's direction (unit x, y) and the distance to the next hole along it."""
    build = board.build
    assert build is not None
    site = next(s for s in build.sites if s.role == "presence")
    a = math.radians(site.angle_deg + build.rotation_deg)
    best = (math.inf, (1.0, 0.0))
    for first in board.holes:
        for h in board.holes:
            d = math.hypot(h.x - first.x, h.y - first.y)
            if d == 0:
                continue
            ux, uy = (h.x - first.x) / d, (h.y - first.y) / d
            if site.r_mm > 0 and ux * math.cos(a) + uy * math.sin(a) < 0.99:
                continue  # not along the sensor's bearing
            best = min(best, (d, (ux, uy)))
    if best[0] == math.inf:
        raise SensingError(f"board {board.id!r}: no hole along its presence sensor's bearing")
    return best[1][0], best[1][1], best[0]


def section_svg(board: Board) -> str:
    build = board.build
    if build is None:
        raise SensingError(f"board {board.id!r} has no 'build' section")
    piece = next(p for p in pieces_of(board) if p.magnet.rests == "free")
    points = sensor_points(build, build.sites_of("presence"))
    part = points[0].part
    ux, uy, pitch = _bearing(board)
    low, high = build.marble_centre_z(board.marble_diameter_mm, board.hole_diameter_mm)
    centre = np.array([[0.0, 0.0, (low + high) / 2]])
    br = remanence(piece.magnet, strong=False)
    # The way of lying that gives the hole's sensors least, nominal geometry.
    dirs = orientations(piece.magnet, FREE_DIRECTIONS)
    xyz = np.array([p.xyz for p in points])
    felt = felt_mt(points, field_mt(piece.magnet, br, np.repeat(centre, len(dirs), 0), dirs,
                                    xyz))
    weakest = dirs[int(felt.max(axis=1).argmin())]

    x0, x1 = -0.6 * pitch, 1.6 * pitch
    z0 = build.pcb_top_mm - build.pcb_mm - 3.0
    z1 = high + board.marble_diameter_mm / 2 + 2.0
    xs = np.arange(x0, x1 + 1e-9, STEP_MM)
    zs = np.arange(z0, z1 + 1e-9, STEP_MM)
    grid = np.array([(x * ux, x * uy, z) for z in zs for x in xs])
    b = field_mt(piece.magnet, br, centre, weakest[None, :], grid)[0]
    largest = np.abs(b).max(axis=1).reshape(len(zs), len(xs))

    width = (x1 - x0) * SCALE
    height = (z1 - z0) * SCALE

    def px(x: float) -> float:
        return round((x - x0) * SCALE, 1)

    def pz(z: float) -> float:
        return round((z1 - z) * SCALE, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
           f'height="{height + 110:.0f}" viewBox="0 0 {width:.0f} {height + 110:.0f}" '
           f'font-family="sans-serif" font-size="12" shape-rendering="crispEdges">',
           f"<title>Side section of the {board.name} board through a hole and the next, "
           f"with the field of a marble turned its weakest way</title>"]
    half = STEP_MM / 2
    for i, z in enumerate(zs):
        row = ["on" if v >= part.bop_max_mt else "off" if v < part.brp_min_mt else "either"
               for v in largest[i]]
        start = 0
        for j in range(1, len(xs) + 1):
            if j == len(xs) or row[j] != row[start]:
                out.append(f'<rect x="{px(xs[start] - half)}" y="{pz(z + half)}" '
                           f'width="{round((j - start) * STEP_MM * SCALE, 1)}" '
                           f'height="{STEP_MM * SCALE + 0.2:.1f}" fill="{COLOURS[row[start]]}"/>')
                start = j
    # The top, with its two holes (or the sheet's), and the sensor board under it.
    seat_z, seat_d = build.seat_z_and_diameter(board.hole_diameter_mm)
    hole_r = board.hole_diameter_mm / 2
    for a, b_ in ((x0, -hole_r), (hole_r, pitch - hole_r), (pitch + hole_r, x1)):
        out.append(f'<rect x="{px(a)}" y="{pz(0)}" width="{round((b_ - a) * SCALE, 1)}" '
                   f'height="{build.top_mm * SCALE}" fill="#a1887f" fill-opacity="0.55"/>')
    if build.seat == "sheet":
        r = seat_d / 2
        for a, b_ in ((x0, -r), (r, pitch - r), (pitch + r, x1)):
            out.append(f'<rect x="{px(a)}" y="{pz(seat_z)}" width="{round((b_ - a) * SCALE, 1)}"'
                       f' height="{seat_z * SCALE}" fill="#37474f" fill-opacity="0.6"/>')
    top = build.pcb_top_mm
    cut = build.cutout_mm / 2
    spans = ((x0, -cut), (cut, pitch - cut), (pitch + cut, x1)) if cut else ((x0, x1),)
    for a, b_ in spans:
        out.append(f'<rect x="{px(a)}" y="{pz(top)}" width="{round((b_ - a) * SCALE, 1)}" '
                   f'height="{build.pcb_mm * SCALE}" fill="#455a64" fill-opacity="0.8"/>')
    r = board.marble_diameter_mm / 2
    zc = float(centre[0, 2])
    out.append(f'<circle cx="{px(0)}" cy="{pz(zc)}" r="{r * SCALE}" fill="none" '
               f'stroke="#1565c0" stroke-width="2"/>')
    m = piece.magnet
    ang = math.degrees(math.atan2(-weakest[2], weakest[0] * ux + weakest[1] * uy))
    out.append(f'<rect x="{px(-m.diameter_mm / 2)}" y="{pz(zc + m.height_mm / 2)}" '
               f'width="{m.diameter_mm * SCALE}" height="{m.height_mm * SCALE}" fill="#b71c1c" '
               f'transform="rotate({ang + 90:.1f} {px(0)} {pz(zc)})"/>')
    for offset in (0.0, pitch):
        for p in points:
            along = p.xyz[0] * ux + p.xyz[1] * uy
            if abs(-p.xyz[0] * uy + p.xyz[1] * ux) > 1.0:
                continue  # not in this cut
            out.append(f'<rect x="{px(offset + along - 1.5)}" y="{pz(p.xyz[2] + 0.5)}" '
                       f'width="{3 * SCALE}" height="{1.1 * SCALE}" fill="#212121"/>')
    legend = [("on", f"a sensor here surely switches (at {part.bop_max_mt:.2f} mT or more)"),
              ("either", "it may or may not"),
              ("off", f"surely not (under {part.brp_min_mt:.2f} mT)")]
    y = height + 20
    for key, text in legend:
        out.append(f'<rect x="10" y="{y - 11}" width="14" height="14" '
                   f'fill="{COLOURS[key]}" stroke="#555"/>')
        out.append(f'<text x="30" y="{y}">{escape(text)}</text>')
        y += 18
    out.append(f'<text x="10" y="{y + 4}">Marble blue, its magnet red, in the left hole, '
               f'turned the way its sensors feel least; the right hole,</text>')
    out.append(f'<text x="10" y="{y + 20}">{pitch:.1f} mm on, is empty. Sensors black, '
               f'top brown, sensor board grey. 1 mm = {SCALE:g} px.</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
