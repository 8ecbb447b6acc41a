"""How far a printed part and a bought one may be off their drawn sizes, and how
those errors add up where a part must hold something in place.

The printer's figures are what these parts are designed for, not a measurement:
a calibrated FDM printer with a 0.4 mm nozzle and 0.1 mm layers. A printer that
does worse should print the test pieces the parts' page describes first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

# A printed hole's or pin's diameter (or a slot's width) comes out within this of
# its drawn size: the extrusion's width varies with flow, so holes print small and
# pins large by up to this.
PRINT_SIZE_MM = 0.1
# Where one feature lies against another of the same print: the axes' positioning
# over a few centimetres (belts and steppers), not the extrusion's width.
PRINT_PLACE_MM = 0.05
# A height within one print: one 0.1 mm layer.
PRINT_HEIGHT_MM = 0.1
# Neodymium discs: diameter and height within +-0.1 mm (Dhit sp. z o.o., product
# cards of its axial discs and rings: "Manufacturing Tolerance +-0.1 mm").
MAGNET_SIZE_MM = 0.1
# The silicone sheet of a Stomple board, bought as 1.5 +-0.1 mm: a figure to ask
# the seller for, on which the Stomper's height rests.
SHEET_THICKNESS_MM = 0.1


def hole_for_pin(pin_mm: float) -> float:
    """The drawn diameter of a hole that takes a pin of ``pin_mm`` however both
    print: the largest pin still enters the smallest hole."""
    return pin_mm + 2 * PRINT_SIZE_MM


def pin_play_mm(pin_mm: float) -> float:
    """How far a pin in its ``hole_for_pin`` hole can lie off the hole's axis at
    worst: the smallest pin in the largest hole."""
    return ((hole_for_pin(pin_mm) + PRINT_SIZE_MM) - (pin_mm - PRINT_SIZE_MM)) / 2


def crush_diameter(hole_mm: float) -> float:
    """The circle crush ribs reach, for a hole drawn ``hole_mm``: the smallest ribs
    still press into the largest hole, so the ribs, not the hole's play, centre
    what they carry."""
    return hole_mm + 2 * PRINT_SIZE_MM + 0.1


# A gripping circle is smaller than the smallest magnet by this at least, so every
# magnet is held, not merely surrounded.
GRIP_MM = 0.05


def grip_circle(magnet_mm: float) -> float:
    """The circle that fingers or ribs drawn round a magnet of ``magnet_mm`` reach:
    however the print and the magnet come out, they press on its rim."""
    return magnet_mm - MAGNET_SIZE_MM - PRINT_SIZE_MM - GRIP_MM


def hole_for_magnet(magnet_mm: float) -> float:
    """A pocket the largest magnet enters when the pocket prints smallest."""
    return magnet_mm + MAGNET_SIZE_MM + PRINT_SIZE_MM


@dataclass
class Stack:
    """The worst case of errors that add up along one direction: each term what
    moves a part, and by how much at most."""

    terms: list[tuple[str, float]] = field(default_factory=list)

    def add(self, what: str, mm: float) -> Stack:
        self.terms.append((what, mm))
        return self

    @property
    def total_mm(self) -> float:
        return sum(mm for _, mm in self.terms)


@dataclass
class Placement:
    """Where a magnet's centre can be against where it should be: along the
    board's face (any direction), up and down, and its tilt."""

    lateral: Stack
    vertical: Stack
    tilt_deg: float = 0.0

    @property
    def distance_mm(self) -> float:
        """Both at their worst at once."""
        return math.hypot(self.lateral.total_mm, self.vertical.total_mm)

    def lines(self) -> list[str]:
        out = []
        for name, stack in (("sideways", self.lateral), ("up or down", self.vertical)):
            out.append(f"{name}: {stack.total_mm:.2f} mm at most")
            out += [f"  {mm:.2f} mm  {what}" for what, mm in stack.terms]
        out.append(f"both at once: {self.distance_mm:.2f} mm")
        if self.tilt_deg:
            out.append(f"tilt: {self.tilt_deg:.1f} degrees at most")
        return out
