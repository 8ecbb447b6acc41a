"""The drilling template as a DXF drawing, for a CNC router or a laser cutter: every
hole and notch through the top on the ``THROUGH`` layer, each recess and pilot
hole on a layer named by its depth (``UNDERSIDE_2MM`` is cut 2 mm deep from
beneath), and the lamps' windows (drilled through) on ``LAMPS``. In millimetres,
seen from above with y up (the board file's y grows southward: the drawing turns
it over), the board's outline and a note of all this on ``OUTLINE``. R12, the
DXF every cutter's software reads: it names no unit, so the note does.

Wampoo built from its tiles (its default) needs a pilot hole for each of their
24 screws and no recess; built from one module per hole, a counterbore under
each of its 104 holes:

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> doc = drawing(build_layout(default_layout()))
>>> sorted(layer.dxf.name for layer in doc.layers if layer.dxf.name.isupper())
['LAMPS', 'OUTLINE', 'THROUGH', 'TILES', 'UNDERSIDE_5MM']
>>> len(doc.modelspace().query('CIRCLE[layer=="THROUGH"]'))
104
>>> len(doc.modelspace().query('CIRCLE[layer=="UNDERSIDE_5MM"]'))
24
>>> modules = drawing(build_layout(default_layout()), "fab")
>>> len(modules.modelspace().query('CIRCLE[layer=="UNDERSIDE_2MM"]'))
104
"""

from __future__ import annotations

import io

import ezdxf
from ezdxf.document import Drawing
from ezdxf.filemanagement import new

from .build import LAMP_WINDOW_MM
from .fit import placed_cuts
from .model import Board


def _layer(depth_mm: float) -> str:
    return f"UNDERSIDE_{depth_mm:g}MM".replace(".", "_")


def drawing(board: Board, assembly: str | None = None) -> Drawing:
    """The template for the way the board is built (``svg.drill_template`` says
    what each build needs from the wood): from tiles, each tile screw's pilot hole
    on the layer of its depth and each tile's outline on ``TILES``, to place them
    by (not cut); from modules, the board file's cuts."""
    from . import tilefit
    from .bom import chosen_assembly

    doc = new("R12")  # R12: what every cutter's software reads
    msp = doc.modelspace()
    height = board.height_mm

    def up(x: float, y: float) -> tuple[float, float]:
        return x, height - y

    doc.layers.add("OUTLINE", color=7)
    doc.layers.add("THROUGH", color=1)
    doc.layers.add("LAMPS", color=3)
    msp.add_polyline2d([up(0, 0), up(board.width_mm, 0), up(board.width_mm, height),
                        up(0, height)], close=True, dxfattribs={"layer": "OUTLINE"})
    for hole in board.holes:
        msp.add_circle(up(hole.x, hole.y), board.hole_diameter_mm / 2,
                       dxfattribs={"layer": "THROUGH"})
    tiles = chosen_assembly(board, assembly) == "tiles"
    for cut in [] if tiles else placed_cuts(board):
        layer = "THROUGH" if cut.cut.kind == "notch" else _layer(cut.depth_mm)
        if layer not in doc.layers:
            doc.layers.add(layer, color=5)
        if cut.cut.kind == "counterbore":
            hole = board.hole(cut.hole)
            msp.add_circle(up(hole.x + cut.cut.x_mm, hole.y - cut.cut.y_mm), cut.cut.w_mm / 2,
                           dxfattribs={"layer": layer})
        else:
            msp.add_polyline2d([up(x, y) for x, y in cut.outline[:-1]], close=True,
                               dxfattribs={"layer": layer})
    if tiles:
        pilots = _layer(tilefit.PILOT_DEPTH_MM)
        doc.layers.add(pilots, color=5)
        doc.layers.add("TILES", color=8)
        for screw in tilefit.screws(board.id):
            msp.add_circle(up(screw.x, screw.y), tilefit.PILOT_MM / 2,
                           dxfattribs={"layer": pilots})
        for outline in tilefit.placed(board.id).values():
            msp.add_polyline2d([up(x, y) for x, y in outline.exterior.coords[:-1]],
                               close=True, dxfattribs={"layer": "TILES"})
    msp.add_text(f"{board.name}: millimetres, seen from above. THROUGH: cut right through; "
                 "UNDERSIDE_n: cut n mm deep from beneath"
                 + ("; TILES: where each tile lies, not cut." if tiles else "."), height=4,
                 dxfattribs={"layer": "OUTLINE", "insert": up(10, 10)})
    for lamp in board.lamps:
        msp.add_circle(up(lamp.x, lamp.y), LAMP_WINDOW_MM / 2, dxfattribs={"layer": "LAMPS"})
    return doc


def dxf_text(board: Board, assembly: str | None = None) -> str:
    """The drawing as DXF text, the same at every run: the dates and ids a DXF
    stamps are written fixed, so the file changes only with the board."""
    out = io.StringIO()
    options = ezdxf.options  # type: ignore[attr-defined]  # public, but not re-exported
    was = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        drawing(board, assembly).write(out)
    finally:
        options.write_fixed_meta_data_for_testing = was
    return out.getvalue()
