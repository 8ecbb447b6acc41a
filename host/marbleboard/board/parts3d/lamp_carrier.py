"""The carrier that holds a lamp's LED under the wood: a board's turn and status
lights, which stand under no hole (the board file's ``lamps``).

A WS2812B is soldered to its four wires and its 100 nF capacitor and pressed
face up into a pocket under a light pipe: a plug, printed in one piece with the
carrier from translucent (natural or white) PETG, that fills a window drilled
through the top, so the lamp shows as a lit disc just under the top's face. Two
brass wood screws hold the carrier to the top's underside where the top is thick
enough to take them; a thin top takes glue. The seven pips of a die drawn in
lamps stand too close for a carrier each: one plate carries all seven.

Coordinates in mm: z = 0 at the top's face, the lamp's centre at x = y = 0, the
carrier under the top as it is fitted.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from build123d import Part

from .. import holemodule, ringmodule
from ..bodies import BODIES
from ..build import LAMP_WINDOW_MM
from ..model import Board
from .fits import PRINT_SIZE_MM, hole_for_pin
from .solids import Piece, box, cylinder

_LED = BODIES["LED_WS2812B_PLCC4_5.0x5.0mm"]
LED_MM, LED_H_MM = _LED.w_mm, _LED.height_mm
# The package's own spread is not in the drawing: room for it on each side.
LED_ROOM_MM = 0.1
WINDOW_MM = LAMP_WINDOW_MM
# The plug stops this far under the top's face: a top this much thinner than its
# nominal thickness still hides it.
PLUG_BELOW_FACE_MM = 0.5
FLANGE_L_MM, FLANGE_W_MM, FLANGE_MM = 24.0, 12.0, 3.0
# Under the LED: its solder joints, the capacitor (an 0603, 0.9 mm tall at most)
# and the wires, which leave through a slot on each side.
RECESS_MM, SLOT_W_MM = 10.0, 2.5
# Brass wood screws (DIN 96, round head), 2.0 mm, at the flange's ends; steel
# would be a magnet's neighbour. Their tip stays this far under the top's face.
SCREW_MM, SCREW_X_MM = 2.0, 8.5
SCREW_LENGTHS_MM = (6.0, 8.0, 10.0, 12.0, 16.0)
WOOD_OVER_TIP_MM = 1.0
MIN_BITE_MM = 3.0  # a screw must reach this far into the wood to hold


@dataclass(frozen=True)
class LampCarrier:
    """A carrier for one lamp, or for a group of lamps (a die's pips) at ``leds``:
    each LED's place from the group's centre, x and y as the board file has them."""

    kind: str  # "lamp" or "die"
    top_mm: float
    hole_tolerance_mm: float  # the board's drilling tolerance
    leds: tuple[tuple[float, float], ...]
    boards: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.kind}-carrier-{self.top_mm:g}mm"

    @property
    def plug_mm(self) -> float:
        """The largest plug enters the smallest window."""
        return WINDOW_MM - self.hole_tolerance_mm - PRINT_SIZE_MM

    @property
    def pocket_mm(self) -> float:
        return LED_MM + 2 * (LED_ROOM_MM + PRINT_SIZE_MM)

    @property
    def under_z(self) -> float:
        """The top's underside, where the flange and the LEDs' faces are."""
        return -self.top_mm

    @property
    def half_size(self) -> tuple[float, float]:
        """The flange's half length (along x) and half width, from the centre."""
        return (max(abs(x) for x, _ in self.leds) + FLANGE_L_MM / 2,
                max(abs(y) for _, y in self.leds) + FLANGE_W_MM / 2)

    @property
    def screws(self) -> list[tuple[float, float]]:
        reach = max(abs(x) for x, _ in self.leds) + SCREW_X_MM
        return [(-reach, 0.0), (reach, 0.0)]

    @property
    def screw_mm(self) -> float | None:
        """The longest screw of a standard length whose tip stays in the wood, or
        None when even the shortest would bite too little (the carrier is glued)."""
        most = FLANGE_MM + self.top_mm - WOOD_OVER_TIP_MM
        fitting = [s for s in SCREW_LENGTHS_MM if s <= most and s - FLANGE_MM >= MIN_BITE_MM]
        return max(fitting) if fitting else None

    @cached_property
    def body(self) -> Part:
        z = self.under_z
        half_l, half_w = self.half_size
        part = box(-half_l, half_l, -half_w, half_w, z - FLANGE_MM, z)
        for x, y in self.leds:
            part += cylinder(self.plug_mm / 2, z - 0.01, -PLUG_BELOW_FACE_MM, x, y)
        recess_top = z - LED_H_MM
        p, r = self.pocket_mm / 2, RECESS_MM / 2
        for x, y in self.leds:
            part -= box(x - p, x + p, y - p, y + p, recess_top, z)
            part -= box(x - r, x + r, y - r, y + r, z - FLANGE_MM - 0.01, recess_top + 0.01)
            part -= box(x - SLOT_W_MM / 2, x + SLOT_W_MM / 2, -half_w - 0.01, half_w + 0.01,
                        z - FLANGE_MM - 0.01, recess_top + 0.01)
        for x, y in self.screws:
            part -= cylinder(hole_for_pin(SCREW_MM) / 2, z - FLANGE_MM - 0.01, z + 0.01, x, y)
        return part

    def led_solids(self) -> list[Part]:
        h = LED_MM / 2
        return [box(x - h, x + h, y - h, y + h, self.under_z - LED_H_MM, self.under_z)
                for x, y in self.leds]

    def pieces(self) -> list[Piece]:
        return [Piece(self.name, self.body, True, "#fff3c4"),
                *(Piece("WS2812B", led, False, "#e0e0e0") for led in self.led_solids())]

    def board_pieces(self) -> list[Piece]:
        """The top round the windows, for the drawing."""
        half_l, half_w = self.half_size
        wood = box(-half_l - 4, half_l + 4, -half_w - 4, half_w + 4, -self.top_mm, 0.0)
        for x, y in self.leds:
            wood -= cylinder(WINDOW_MM / 2, -self.top_mm - 1, 1, x, y)
        return [Piece("top", wood, False, "#a1887f")]

    def notes(self) -> list[str]:
        screw = self.screw_mm
        fixing = (f"two {SCREW_MM:g} x {screw:g} mm brass wood screws (DIN 96), tips "
                  f"{self.top_mm + FLANGE_MM - screw:g} mm under the face"
                  if screw else f"glue: a {self.top_mm:g} mm top is too thin for a screw "
                  f"to bite {MIN_BITE_MM:g} mm")
        half_l, half_w = self.half_size
        what = "the lamp's centre" if len(self.leds) == 1 else "each pip's centre"
        return [f"for a {self.top_mm:g} mm top ({', '.join(self.boards)}): a window of "
                f"{WINDOW_MM:g} mm drilled through the top at {what}",
                f"plug {self.plug_mm:.2f} mm, ending {PLUG_BELOW_FACE_MM:g} mm under the face; "
                f"LED pocket {self.pocket_mm:.2f} mm square, {LED_H_MM:g} mm deep; flange "
                f"{2 * half_l:g} x {2 * half_w:g} x {FLANGE_MM:g} mm",
                f"fixing: {fixing}"]


def module_radius_mm(board: Board) -> float:
    """How far from a hole's axis its circuit board reaches under the top."""
    build = board.build
    return ringmodule.RADIUS_MM if build is not None and build.cutout_mm else \
        holemodule.RADIUS_MM


@dataclass(frozen=True)
class Fitted:
    """A carrier where a board has it: its centre and what it carries."""

    name: str  # the lamp's id, or "die"
    x: float
    y: float
    carrier: LampCarrier


def fitted(board: Board) -> list[Fitted]:
    """The carriers a board takes: one per lamp, one for its die's pips."""
    build = board.build
    if build is None or not board.lamps:
        return []
    out = []
    pips = [lamp for lamp in board.lamps if lamp.role == "die"]
    if pips:
        cx = sum(p.x for p in pips) / len(pips)
        cy = sum(p.y for p in pips) / len(pips)
        leds = tuple(sorted((round(p.x - cx, 3), round(p.y - cy, 3)) for p in pips))
        out.append(Fitted("die", cx, cy, LampCarrier("die", build.top_mm,
                                                     build.hole_tolerance_mm, leds,
                                                     (board.id,))))
    for lamp in board.lamps:
        if lamp.role != "die":
            out.append(Fitted(lamp.id, lamp.x, lamp.y, LampCarrier(
                "lamp", build.top_mm, build.hole_tolerance_mm, ((0.0, 0.0),), (board.id,))))
    return out


def room_mm(board: Board) -> dict[str, float]:
    """For each carrier: the least room between its flange and the nearest hole's
    circuit board, another carrier or the board's edge (negative where they
    overlap)."""
    radius = module_radius_mm(board)
    carriers = fitted(board)
    out = {}
    for f in carriers:
        half_l, half_w = f.carrier.half_size
        nearest = min(f.x - half_l, board.width_mm - f.x - half_l,
                      f.y - half_w, board.height_mm - f.y - half_w)
        for hole in board.holes:
            # The flange's nearest point to the hole's axis.
            dx = max(abs(hole.x - f.x) - half_l, 0.0)
            dy = max(abs(hole.y - f.y) - half_w, 0.0)
            nearest = min(nearest, (dx * dx + dy * dy) ** 0.5 - radius)
        for other in carriers:
            if other is f:
                continue
            ol, ow = other.carrier.half_size
            gap = max(abs(other.x - f.x) - half_l - ol, abs(other.y - f.y) - half_w - ow)
            nearest = min(nearest, gap)
        out[f.name] = nearest
    return out


def lamp_carriers(boards: list[Board]) -> list[LampCarrier]:
    """Each carrier the boards take once: the same lamps under the same top share
    one design."""
    found: dict[tuple[str, float, float, tuple[tuple[float, float], ...]], list[str]] = {}
    for board in boards:
        for f in fitted(board):
            c = f.carrier
            ids = found.setdefault((c.kind, c.top_mm, c.hole_tolerance_mm, c.leds), [])
            if board.id not in ids:
                ids.append(board.id)
    carriers = [LampCarrier(kind, top, tol, leds, tuple(ids))
                for (kind, top, tol, leds), ids in sorted(found.items())]
    names = [c.name for c in carriers]
    if len(set(names)) != len(names):
        raise ValueError(f"two lamp carriers of one name, for different lamps: {names}")
    return carriers
