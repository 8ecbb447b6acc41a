"""SVG pictures of a board: the game view and the 1:1 drilling template."""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape

from .build import LAMP_WINDOW_MM
from .model import Board

WOOD = "#e6c79c"
HOLE = "#4a3728"
PINK = "#ec4899"  # the short cuts: arrow holes and the centre


def _svg(width: str, height: str, board: Board, body: list[str], title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {board.width_mm:g} {board.height_mm:g}" font-family="sans-serif">\n'
        f"<title>{escape(title)}</title>\n" + "\n".join(body) + "\n</svg>\n"
    )


# How each light effect is drawn, so a still picture (and a colour-blind reader)
# can tell the patterns apart: an extra ring style around the glow.
EFFECT_RINGS = {
    "dim": "",
    "solid": "",
    "blink": 'stroke-width="1.4" stroke-dasharray="4 3"',
    "fast": 'stroke-width="2.2" stroke-dasharray="1.5 1.5"',
    "pulse": 'stroke-width="3" stroke-opacity="0.5"',
}


def game_view(board: Board, marbles: Mapping[str, str] | None = None,
              lights: Mapping[str, str] | None = None, px: int = 640,
              effects: Mapping[str, str] | None = None,
              paths: list[list[str]] | None = None) -> str:
    """The board as players see it.

    ``marbles`` maps a hole id to the seat whose marble sits there (or to the
    marble's own colour, ``#rrggbb``, for a marble that is nobody's); ``lights`` maps
    a hole or lamp id to a ``#rrggbb`` colour shown under it, ``effects`` to its
    effect (see ``EFFECT_RINGS``); ``paths`` are chases, drawn as arrows along holes.
    """
    marbles = marbles or {}
    lights = lights or {}
    effects = effects or {}
    colours = {s.name: s.colour for s in board.seats}
    r = board.hole_diameter_mm / 2
    body = [f'<rect x="0" y="0" width="{board.width_mm:g}" height="{board.height_mm:g}" '
            f'rx="{board.min_pitch_mm:g}" fill="{WOOD}" stroke="#a07850" stroke-width="2"/>']
    # Faint lines along the track and into each HOME row show the way round.
    track = board.track()
    if track:
        pts = " ".join(f"{h.x:g},{h.y:g}" for h in track)
        body.append(f'<polygon points="{pts}" fill="none" stroke="#c9a677" stroke-width="3"/>')
    for h in board.holes:
        if h.branch:
            row = [h, *board.home_row(board.hole(h.branch).seat or "")]
            pts = " ".join(f"{p.x:g},{p.y:g}" for p in row)
            colour = colours.get(row[-1].seat or "", "#c9a677")
            body.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                        f'stroke-opacity="0.35" stroke-width="3"/>')
    # The short cut from arrow to arrow, in track order, and the centre they surround.
    arrows = [h for h in track if h.role == "arrow"]
    if len(arrows) > 1:
        pts = " ".join(f"{h.x:g},{h.y:g}" for h in arrows)
        body.append(f'<polygon points="{pts}" fill="none" stroke="{PINK}" stroke-opacity="0.45" '
                    f'stroke-width="3" stroke-dasharray="6 4"/>')
    for lamp in board.lamps:
        lit = lights.get(lamp.id)
        body.append(f'<rect x="{lamp.x - 4:g}" y="{lamp.y - 4:g}" width="8" height="8" rx="2" '
                    f'fill="{lit or "#b89468"}" stroke="#7a5a3a" stroke-width="0.6"/>')
    for h in board.holes:
        lit = lights.get(h.id)
        if lit:
            effect = effects.get(h.id, "solid")
            opacity = 0.25 if effect == "dim" else 0.55
            body.append(f'<circle cx="{h.x:g}" cy="{h.y:g}" r="{r * 1.7:g}" fill="{lit}" '
                        f'fill-opacity="{opacity}"/>')
            pattern = EFFECT_RINGS.get(effect, "")
            if pattern:
                body.append(f'<circle cx="{h.x:g}" cy="{h.y:g}" r="{r * 1.9:g}" fill="none" '
                            f'stroke="{lit}" {pattern}/>')
        ring = (PINK if h.role in ("arrow", "centre") else
                colours.get(h.seat or "") if h.role != "track" else None)
        stroke = f' stroke="{ring}" stroke-width="2.2"' if ring else ""
        body.append(f'<circle cx="{h.x:g}" cy="{h.y:g}" r="{r:g}" fill="{HOLE}"{stroke}>'
                    f"<title>{escape(h.id)}</title></circle>")
        if h.role == "starter":
            d = r * 0.55
            body.append(f'<path d="M{h.x - d:g},{h.y - d:g}L{h.x + d:g},{h.y + d:g}'
                        f'M{h.x - d:g},{h.y + d:g}L{h.x + d:g},{h.y - d:g}" '
                        f'stroke="{ring}" stroke-width="1.6"/>')
        if h.id in marbles:
            what = marbles[h.id]  # a seat, or a marble's own colour as #rrggbb
            colour = what if what.startswith("#") else colours.get(what, "#888888")
            m = board.marble_diameter_mm / 2
            body.append(f'<circle cx="{h.x:g}" cy="{h.y:g}" r="{m:g}" fill="{colour}" '
                        f'stroke="#00000055" stroke-width="0.8"/>'
                        f'<circle cx="{h.x - m / 3:g}" cy="{h.y - m / 3:g}" r="{m / 4:g}" '
                        f'fill="#ffffff" fill-opacity="0.45"/>')
    for chase in paths or []:
        pts = " ".join(f"{board.hole(i).x:g},{board.hole(i).y:g}" for i in chase)
        body.append(f'<polyline points="{pts}" fill="none" stroke="#ffffff" stroke-width="2.5" '
                    f'stroke-dasharray="6 4" marker-end="url(#arrow)"/>')
    if paths:
        body.insert(0, '<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" '
                       'markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
                       '<path d="M0,0L10,5L0,10z" fill="#ffffff"/></marker></defs>')
    return _svg(f"{px}", f"{px * board.height_mm / board.width_mm:g}", board, body, board.name)


def drill_template(board: Board, underside: bool = False, assembly: str | None = None) -> str:
    """A 1:1 template: print at 100 % and drill through each centre.

    Each hole shows its diameter ring, a centre cross, and the sensor (S) and LED (L)
    numbers that the wiring must match; each lamp (an LED under no hole) is marked
    as the 8 mm window drilled over it. What is cut from beneath is drawn for the
    way the board is built (``assembly``, as its bill of materials says):

    - from tiles: each tile's outline (grey, dashed), where it lies, and a pilot
      hole for each of its screws (green, with its depth); the top needs no recess;
    - from modules: each cut of the board file round its hole, a notch (solid,
      through the top) and the counterbores and pockets (dashed, with their depth).

    The ``underside`` template is the same drawing seen from below, to tape to the
    underside once the holes are drilled.
    """
    # shapely, from the hardware extra: only the templates need it
    from . import fit, tilefit
    from .bom import chosen_assembly

    def at(x: float) -> float:
        return board.width_mm - x if underside else x

    r = board.hole_diameter_mm / 2
    tiles = chosen_assembly(board, assembly) == "tiles"
    body = [f'<rect x="0.5" y="0.5" width="{board.width_mm - 1:g}" '
            f'height="{board.height_mm - 1:g}" fill="white" stroke="black" stroke-width="0.5"/>']
    for cut in [] if tiles else fit.placed_cuts(board):
        points = " ".join(f"{at(x):g},{y:g}" for x, y in cut.outline)
        through = cut.cut.kind == "notch"
        dashes = "" if through else ' stroke-dasharray="1.2,0.8"'
        depth = "through" if through else f"{cut.depth_mm:g} mm deep"
        body.append(f'<polygon points="{points}" fill="none" stroke="#1565c0" '
                    f'stroke-width="0.3"{dashes}><title>{escape(cut.hole)}: {cut.cut.kind}, '
                    f'{depth}: {escape(cut.cut.why)}</title></polygon>')
    if tiles:
        for name, outline in tilefit.placed(board.id).items():
            points = " ".join(f"{at(x):.2f},{y:.2f}" for x, y in outline.exterior.coords)
            body.append(f'<polyline points="{points}" fill="none" stroke="#888888" '
                        f'stroke-width="0.3" stroke-dasharray="3,1.5"><title>{escape(name)}: '
                        f'where the tile lies</title></polyline>')
        pilot = tilefit.PILOT_MM / 2
        for screw in tilefit.screws(board.id):
            x = at(screw.x)
            body.append(
                f'<g><title>{escape(screw.tile)} {escape(screw.ref)}: pilot hole '
                f'{tilefit.PILOT_MM:g} mm, {tilefit.PILOT_DEPTH_MM:g} mm deep from beneath, '
                f'for an M3 x {tilefit.SCREW_LENGTH_MM:g} screw</title>'
                f'<circle cx="{x:g}" cy="{screw.y:g}" r="{pilot:g}" fill="none" '
                f'stroke="#2e7d32" stroke-width="0.3"/>'
                f'<path d="M{x - pilot - 1:g},{screw.y:g}H{x + pilot + 1:g}M{x:g},'
                f'{screw.y - pilot - 1:g}V{screw.y + pilot + 1:g}" stroke="#2e7d32" '
                f'stroke-width="0.15"/></g>')
    for h in board.holes:
        c, x = r + 2, at(h.x)
        body.append(
            f'<g><title>{escape(h.id)}</title>'
            f'<circle cx="{x:g}" cy="{h.y:g}" r="{r:g}" fill="none" stroke="black" '
            f'stroke-width="0.3"/>'
            f'<path d="M{x - c:g},{h.y:g}H{x + c:g}M{x:g},{h.y - c:g}V{h.y + c:g}" '
            f'stroke="black" stroke-width="0.15"/>'
            f'<text x="{x + r + 0.8:g}" y="{h.y - 0.6:g}" font-size="2.6">S{h.sensor}</text>'
            f'<text x="{x + r + 0.8:g}" y="{h.y + 2.6:g}" font-size="2.6" '
            f'fill="#b00000">L{h.led}</text>'
            f'<text x="{x:g}" y="{h.y + r + 3.2:g}" font-size="2.2" text-anchor="middle" '
            f'fill="#555555">{escape(h.id)}</text></g>')
    window = LAMP_WINDOW_MM / 2  # drilled through, for the lamp carrier's light pipe
    for lamp in board.lamps:
        x = at(lamp.x)
        body.append(
            f'<g><title>{escape(lamp.id)}</title>'
            f'<circle cx="{x:g}" cy="{lamp.y:g}" r="{window:g}" fill="none" '
            f'stroke="#b00000" stroke-width="0.3"/>'
            f'<path d="M{x - window - 1:g},{lamp.y:g}H{x + window + 1:g}M{x:g},'
            f'{lamp.y - window - 1:g}V{lamp.y + window + 1:g}" stroke="#b00000" '
            f'stroke-width="0.15"/>'
            f'<text x="{x + window + 1.5:g}" y="{lamp.y + 1:g}" font-size="2.6" fill="#b00000">'
            f'L{lamp.led} {escape(lamp.id)}</text></g>')
    cuts = board.build.cuts if board.build and not tiles else ()
    side = ("SEEN FROM BENEATH: tape to the underside, holes on holes"
            if underside else "seen from above")
    if tiles:
        body.append(f'<text x="10" y="16" font-size="3.2">{side}. Built from tiles: no '
                    f'recess. In green, a pilot hole for each tile screw, '
                    f'{tilefit.PILOT_MM:g} mm, {tilefit.PILOT_DEPTH_MM:g} mm deep from '
                    f'beneath; in grey, where each tile lies.</text>')
    if cuts:
        said = "; ".join(f"{c.kind} {c.w_mm:g}" + (f" x {c.l_mm:g}" if c.l_mm else "")
                         + (" through" if c.kind == "notch" else f", {c.depth_mm:g} deep")
                         + f" ({c.why})" for c in cuts)
        body.append(f'<text x="10" y="16" font-size="3.2">{side}. Round every hole, in '
                    f'blue: {escape(said)}.</text>')
    # A scale bar to check the print really came out at 100 %.
    x0, y0 = 10.0, board.height_mm - 12
    body.append(
        f'<path d="M{x0:g},{y0:g}h100M{x0:g},{y0 - 2:g}v4M{x0 + 100:g},{y0 - 2:g}v4" '
        f'stroke="black" stroke-width="0.4"/>'
        f'<text x="{x0:g}" y="{y0 + 5:g}" font-size="3.2">100 mm: measure this before '
        f'drilling</text>'
        f'<text x="{x0:g}" y="10" font-size="4">{escape(board.name)}: '
        f'{len(board.holes)} holes of {board.hole_diameter_mm:g} mm, board '
        f'{board.width_mm:g} x {board.height_mm:g} mm. S = sensor, L = LED.</text>')
    return _svg(f"{board.width_mm:g}mm", f"{board.height_mm:g}mm", board, body,
                f"{board.name}: drilling template")
