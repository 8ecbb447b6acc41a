"""The drilling template as a DXF drawing, for a CNC router or a laser cutter: every
hole and notch through the top on the ``THROUGH`` layer, each counterbore and
pocket on a layer named by its depth (``UNDERSIDE_2MM`` is cut 2 mm deep from
beneath), and the lamps' windows (drilled through) on ``LAMPS``. In millimetres, seen from above
with y up (the board file's y grows southward: the drawing turns it over), the
board's outline and a note of all this on ``OUTLINE``. R12, the DXF every
cutter's software reads: it names no unit, so the note does.

>>> from marbleboard.board import build_layout
>>> from marbleboard.games.registry import default_layout  # Wampoo's board
>>> doc = drawing(build_layout(default_layout()))
>>> sorted(layer.dxf.name for layer in doc.layers if layer.dxf.name.isupper())
['LAMPS', 'OUTLINE', 'THROUGH', 'UNDERSIDE_2MM']
>>> len(doc.modelspace().query('CIRCLE[layer=="THROUGH"]'))
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


def drawing(board: Board) -> Drawing:
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
    for cut in placed_cuts(board):
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
    msp.add_text(f"{board.name}: millimetres, seen from above. THROUGH: cut right through; "
                 "UNDERSIDE_n: cut n mm deep from beneath.", height=4,
                 dxfattribs={"layer": "OUTLINE", "insert": up(10, 10)})
    for lamp in board.lamps:
        msp.add_circle(up(lamp.x, lamp.y), LAMP_WINDOW_MM / 2, dxfattribs={"layer": "LAMPS"})
    return doc


def dxf_text(board: Board) -> str:
    """The drawing as DXF text, the same at every run: the dates and ids a DXF
    stamps are written fixed, so the file changes only with the board."""
    out = io.StringIO()
    options = ezdxf.options  # type: ignore[attr-defined]  # public, but not re-exported
    was = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        drawing(board).write(out)
    finally:
        options.write_fixed_meta_data_for_testing = was
    return out.getvalue()
