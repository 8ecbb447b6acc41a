"""What each part's body takes up: its outline on the circuit board and how tall it
stands, from its datasheet's package drawing (greatest sizes, not nominal), and the
courtyard round it that no other part may enter.

The circuit boards draw these on KiCad's fab and courtyard layers, so KiCad's
check finds two parts that overlap, and the fit check (``fit.py``) holds each
body against the wood above it.

>>> from marbleboard.board.pcbdesign import Part, ws2812b
>>> BODIES["LED_WS2812B_PLCC4_5.0x5.0mm"].height_mm
1.6
>>> led = Part("D1", "WS2812B", "LED_WS2812B_PLCC4_5.0x5.0mm", 0, -6, 0, ws2812b(), {})
>>> courtyard(led)
[(-3.45, -8.75), (3.45, -8.75), (3.45, -3.25), (-3.45, -3.25)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pcbdesign import Design, MountingHole, Part, Point

# IPC-7351B's courtyard excess for a part of nominal density: the courtyard is the
# pads' and the body's outline grown this much on every side.
COURTYARD_EXCESS_MM = 0.25


@dataclass(frozen=True)
class Body:
    """A part's body, centred on the part's origin, in the part's own drawing."""
    w_mm: float  # along the part's x
    l_mm: float  # along the part's y
    height_mm: float  # above the board, at most
    source: str


BODIES: dict[str, Body] = {
    "VSSOP-8_DGK": Body(
        # The leads reach 5.05 mm across (E, max); the moulded body 3.1 by 3.1.
        5.05, 3.1, 1.1, "TI SBASAF4 (TMAG5170), package outline DGK0008A: E 5.05 max, "
        "D 3.1 max, A 1.1 max"),
    "LED_WS2812B_PLCC4_5.0x5.0mm": Body(
        5.0, 5.0, 1.6, "Worldsemi WS2812B datasheet, Mechanical Dimensions: 5.0 x 5.0 mm, "
        "1.6 mm tall"),
    "C_0603": Body(
        # The tallest 0603 part the boards carry: Samsung's 100 nF X7R is 0.8 mm
        # thick, +-0.1, where a 0603 resistor is 0.45.
        1.7, 0.9, 0.9, "Samsung CL10B104KB8NNNC data sheet: L 1.6 +-0.1, W 0.8 +-0.1, "
        "T 0.8 +-0.1 mm"),
    "R_0603": Body(
        1.7, 0.95, 0.55, "Yageo RC0603 data sheet, dimensions: L 1.6 +-0.1, W 0.8 +-0.15, "
        "H 0.45 +-0.1 mm"),
    "SOT-23-5": Body(
        # DBV: the leads 3.0 mm across at most (along y as drawn), the body 3.05 long.
        3.05, 3.0, 1.45, "TI SN74AHCT1G125, package outline DBV0005A: D 3.05 max, "
        "E 3.0 max, A 1.45 max"),
    "SOIC-16_3.9x9.9mm_P1.27mm": Body(
        6.2, 10.0, 1.75, "Nexperia 74HC165, package outline SOT109-1: HE 6.2 max, D 10.0 max, "
        "A 1.75 max"),
    "SOIC-14_3.9x8.7mm_P1.27mm": Body(
        6.2, 8.75, 1.75, "TI SN74AHCT125, package outline D0014A: E 6.2 max, D 8.75 max, "
        "h 1.75 max"),
    "LED_WS2812B-2020_PLCC4_2.0x2.0mm": Body(
        # No tolerance is printed: taken 0.1 mm larger each way, and 1.0 mm tall.
        2.2, 2.2, 1.0, "Worldsemi WS2812B-2020 V1.3, Mechanical Dimensions: 2.0 x 2.0 mm, "
        "0.84 mm tall"),
    "C_0402": Body(
        1.05, 0.55, 0.55, "Samsung CL05B104KO5NNNC data sheet: L 1.0 +-0.05, W 0.5 +-0.05, "
        "T 0.5 +-0.05 mm"),
    "R_0402": Body(
        1.05, 0.55, 0.4, "UNI-ROYAL 0402WGF data sheet, dimensions: L 1.00 +-0.05, "
        "W 0.50 +-0.05, H 0.35 +-0.05 mm"),
    "JST_SH_SM16B-SRSS-TB_1x16-1MP_P1.00mm_Horizontal": Body(
        # B = A + 3 mm across, A the 15 mm from the first contact to the last.
        18.0, 4.25, 2.9, "JST eSH catalogue, SMxxB-SRSS-TB: B = (n - 1) + 3 mm wide, "
        "4.25 mm deep, 2.9 mm tall"),
    "RaspberryPi_Pico_Headers": Body(
        # The Pico on 2.54 mm headers: 8.5 mm plastic-and-pin stand-off plus its
        # own 1 mm board and 3.2 mm USB connector, the tallest part on it.
        21.0, 51.0, 12.7, "Raspberry Pi Pico datasheet, mechanical drawing: 21 x 51 mm, "
        "1 mm board; a 2.54 mm socket header stands 8.5 mm; the micro-USB connector 3.2 mm"),
}


# The screw that holds a board to the wood: an M3 pan head under the board,
# ISO 7045 (dk 5.6 max, k 2.4 max; a brass or nylon one, no steel near a sensor).
SCREW_HEAD = Body(5.6, 5.6, 2.4, "ISO 7045, M3 pan head: dk 5.6 max, k 2.4 max")
# Its courtyard, on both faces: the head underneath, and on top the wood the screw
# pulls the board against.
SCREW_KEEPOUT_MM = SCREW_HEAD.w_mm / 2 + COURTYARD_EXCESS_MM


def body_of(part: Part) -> Body | None:
    """The part's body; None for a part that is only pads (a row of wire pads),
    which has no courtyard either: copper clearance keeps its pads apart."""
    return BODIES.get(part.footprint)


def _outline(part: Part, left: float, top: float, right: float, bottom: float) -> list[Point]:
    return [part.on_board(x, y) for x, y in ((left, top), (right, top), (right, bottom),
                                             (left, bottom))]


def body_outline(part: Part) -> list[Point] | None:
    """The body's corners on the board, turned with the part."""
    body = body_of(part)
    if body is None:
        return None
    w, h = body.w_mm / 2, body.l_mm / 2
    return _outline(part, -w, -h, w, h)


def courtyard(part: Part) -> list[Point] | None:
    """The rectangle round the part's pads and body in its own drawing, grown by the
    courtyard excess, with its corners on the board."""
    body = body_of(part)
    if body is None:
        return None
    w, h = body.w_mm / 2, body.l_mm / 2
    boxes = [(-w, -h, w, h)]
    boxes += [(p.x - p.w / 2, p.y - p.h / 2, p.x + p.w / 2, p.y + p.h / 2) for p in part.pads]
    e = COURTYARD_EXCESS_MM
    return _outline(part, min(b[0] for b in boxes) - e, min(b[1] for b in boxes) - e,
                    max(b[2] for b in boxes) + e, max(b[3] for b in boxes) + e)


def round_outline(x: float, y: float, r: float, sides: int = 24) -> list[Point]:
    """A circle as a polygon of sides drawn outside it (its sides touch it)."""
    out = r / math.cos(math.pi / sides)
    return [(round(x + out * math.cos(2 * math.pi * k / sides), 4),
             round(y + out * math.sin(2 * math.pi * k / sides), 4)) for k in range(sides)]


def screw_keepout(hole: MountingHole) -> list[Point]:
    return round_outline(hole.x, hole.y, SCREW_KEEPOUT_MM)


def drawn(design: Design) -> dict[str, list[dict[str, Any]]]:
    """Each part's body and courtyard as KiCad draws them (kicad_board.py), on the
    fab and courtyard layers of the side the part is soldered; each mounting
    hole's screw head underneath, and its courtyard on both faces."""
    screws = design.mounting
    return {
        "bodies": [{"ref": p.ref, "side": p.side, "outline": outline}
                   for p in design.parts if (outline := body_outline(p))]
        + [{"ref": h.ref, "side": "bottom",
            "outline": round_outline(h.x, h.y, SCREW_HEAD.w_mm / 2)} for h in screws],
        "courtyards": [{"ref": p.ref, "side": p.side, "outline": outline}
                       for p in design.parts if (outline := courtyard(p))]
        + [{"ref": h.ref, "side": side, "outline": screw_keepout(h)}
           for h in screws for side in ("top", "bottom")],
    }
