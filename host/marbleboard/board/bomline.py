"""A line of a bill of materials, and the bare circuit boards a fab makes, priced
where its listed price covers them: what ``bom.py`` and ``tilebom.py`` both write.
"""

from __future__ import annotations

from dataclasses import dataclass

from .pcbdesign import Design
from .prices import BARE_BOARDS, BARE_MAX_MM, BARE_ORDER, PRICES, Price

R10K, C100N = "RC0603FR-0710KL", "CL10B104KB8NNNC"


@dataclass(frozen=True)
class Item:
    qty: int
    part: str
    note: str
    order: str = ""  # the manufacturer's part number its price is listed under
    price: Price | None = None  # for one; None: no price found
    made_of: tuple[str, ...] = ()  # the part numbers an assembled board's price adds up

    @property
    def unit(self) -> Price | None:
        return self.price or PRICES.get(self.order)


def _extent_mm(design: Design) -> tuple[float, float]:
    if design.radius_mm:
        return 2 * design.radius_mm, 2 * design.radius_mm
    x0, y0, x1, y1 = design.rect_mm
    return x1 - x0, y1 - y0


def bare_boards(name: str, qty: int, design: Design) -> Item:
    """The bare boards: the fab's fewest at its listed price where they are enough and
    small enough; otherwise its quote, which is not priced."""
    listed = BARE_BOARDS.get(design.layers)
    if listed and qty <= BARE_ORDER and max(_extent_mm(design)) <= BARE_MAX_MM:
        return Item(1, f"{name}: bare circuit boards, the fab's fewest ({BARE_ORDER})",
                    f"{qty} used", price=listed)
    return Item(qty, f"{name}: bare circuit board", "the fab's quote for the gerbers in "
                                                    f"hardware/pcb/{name}: no price found")
