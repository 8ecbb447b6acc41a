"""A part's section drawing: its pieces cut through the plane y = 0 and seen from
the front, to scale, each in its colour, with the part's figures beneath."""

from __future__ import annotations

import textwrap
from html import escape

import numpy as np
from build123d import Face, Plane, Rectangle, Wire

from .solids import Piece

# Pixels a millimetre: a drawing about 800 pixels wide, within these bounds.
SCALES = (6.0, 20.0)
WIDTH_PX = 800.0
MARGIN = 16.0
CURVE_POINTS = 24  # along each curved edge
LINE_H = 16.0
MIN_WIDTH = 560.0  # room for the figures beneath a small part


def _wire_points(wire: Wire) -> list[tuple[float, float]]:
    """The wire as one closed run of (x, z) points, each edge taken the way the
    run goes."""
    pts: list[tuple[float, float]] = []
    for edge in wire.order_edges():
        n = 2 if edge.geom_type.name == "LINE" else CURVE_POINTS
        run = [(p.X, p.Z) for p in edge.positions(list(np.linspace(0.0, 1.0, n)))]
        if pts and _far(pts[-1], run[0]) and not _far(pts[-1], run[-1]):
            run.reverse()
        pts += run if not pts else run[1:]
    return pts


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) > 1e-4


def _faces(piece: Piece, size: float) -> list[Face]:
    cut = piece.solid & (Plane.XZ * Rectangle(size, size))
    # In one order every time, whatever order the kernel hands them in.
    return sorted(cut.faces(), key=lambda f: (round(f.center().X, 3), round(f.center().Z, 3),
                                              round(f.area, 3)))


def section_svg(title: str, pieces: list[Piece], notes: list[str]) -> str:
    boxes = [p.solid.bounding_box() for p in pieces]
    size = 4 * max(max(abs(b.min.X), abs(b.max.X), abs(b.min.Z), abs(b.max.Z)) for b in boxes)
    cuts = [(p, _faces(p, size)) for p in pieces]
    xs = [v.X for _, faces in cuts for f in faces for v in f.vertices()]
    zs = [v.Z for _, faces in cuts for f in faces for v in f.vertices()]
    x0, x1, z0, z1 = min(xs), max(xs), min(zs), max(zs)
    scale = min(max(WIDTH_PX / (x1 - x0), SCALES[0]), SCALES[1])

    def px(x: float) -> float:
        return round(MARGIN + (x - x0) * scale, 2)

    def pz(z: float) -> float:
        return round(MARGIN + LINE_H + (z1 - z) * scale, 2)

    width = max((x1 - x0) * scale + 2 * MARGIN, MIN_WIDTH)
    # Long figures wrap to the drawing's width (about 6.5 px a character).
    notes = [part for line in notes
             for part in textwrap.wrap(line, int((width - 2 * MARGIN) / 6.5),
                                       subsequent_indent="    ")]
    drawing_h = (z1 - z0) * scale + 2 * MARGIN + LINE_H
    height = drawing_h + LINE_H * (len(notes) + len(pieces) + 3)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
           f'<text x="{MARGIN}" y="{MARGIN + 2}" font-weight="bold">{escape(title)}</text>']
    for piece, faces in cuts:
        for face in faces:
            d = ""
            for wire in [face.outer_wire(), *face.inner_wires()]:
                pts = _wire_points(wire)
                d += "M" + "L".join(f"{px(x)},{pz(z)}" for x, z in pts) + "Z"
            out.append(f'<path d="{d}" fill="{piece.colour}" fill-rule="evenodd" '
                       f'stroke="#263238" stroke-width="0.8"><title>{escape(piece.name)}'
                       f'</title></path>')
    y = drawing_h
    bar = 10 * scale
    out.append(f'<path d="M{MARGIN},{y}h{bar}M{MARGIN},{y - 4}v8M{MARGIN + bar},{y - 4}v8" '
               f'stroke="black" stroke-width="1.2"/>')
    out.append(f'<text x="{MARGIN + bar + 8}" y="{y + 4}">10 mm (cut through the middle, '
               f'seen from the front)</text>')
    y += LINE_H * 1.5
    seen = set()
    for piece, faces in cuts:
        if piece.name in seen or not faces:
            continue
        seen.add(piece.name)
        kind = "printed" if piece.printed else "bought or the board's"
        out.append(f'<rect x="{MARGIN}" y="{y - 10}" width="12" height="12" '
                   f'fill="{piece.colour}" stroke="#263238"/>'
                   f'<text x="{MARGIN + 18}" y="{y}">{escape(piece.name)} ({kind})</text>')
        y += LINE_H
    for line in notes:
        y += LINE_H
        out.append(f'<text x="{MARGIN}" y="{y}" xml:space="preserve">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"

