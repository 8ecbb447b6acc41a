"""The few shapes the parts are made of, placed by the heights and centres the
parts' figures give (build123d places a solid by its centre otherwise), and what
every part is: a named solid to print, or one that stands for a bought part."""

from __future__ import annotations

from dataclasses import dataclass

from build123d import Align, Box, Cone, Cylinder, Part, Pos, Rot

# A cylinder's or cone's own axis and base at the origin (centring would move a
# slice of a cylinder by its bounding box); a box's base at its z.
AXIS = (Align.NONE, Align.NONE, Align.NONE)
BASE = (Align.CENTER, Align.CENTER, Align.MIN)


def cylinder(r: float, z0: float, z1: float, x: float = 0.0, y: float = 0.0,
             arc_deg: float = 360.0, turn_deg: float = 0.0) -> Part:
    """A cylinder (or a slice of one, ``arc_deg`` wide from ``turn_deg``) from z0 to z1."""
    solid = Cylinder(r, z1 - z0, arc_size=arc_deg, align=AXIS)
    return Pos(x, y, z0) * (Rot(0, 0, turn_deg) * solid)


def cone(r0: float, r1: float, z0: float, z1: float, x: float = 0.0, y: float = 0.0) -> Part:
    """Radius ``r0`` at z0 to ``r1`` at z1."""
    return Pos(x, y, z0) * Cone(r0, r1, z1 - z0, align=AXIS)


def box(x0: float, x1: float, y0: float, y1: float, z0: float, z1: float) -> Part:
    return Pos((x0 + x1) / 2, (y0 + y1) / 2, z0) * Box(x1 - x0, y1 - y0, z1 - z0, align=BASE)


@dataclass(frozen=True)
class Piece:
    """One solid of a part, where it stands in the part's assembly drawing."""

    name: str
    solid: Part
    printed: bool  # False: a bought part (a magnet, an LED), drawn to show the fit
    colour: str
    drawn: bool = True  # False: a piece to print that the drawing shows elsewhere
