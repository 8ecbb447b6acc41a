"""Boards built from parameters: the layouts that ship with marbleboard.

A new game's board is one module here with a ``build(**params)`` function that
returns board file data, and one line in ``LAYOUTS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import stomple, wahoo, wampoo

LAYOUTS: dict[str, tuple[Callable[..., dict[str, Any]], dict[str, Any]]] = {
    "wampoo": (wampoo.build, wampoo.DEFAULTS),
    "wahoo": (wahoo.build, wahoo.DEFAULTS),
    "wahoo6": (wahoo.build6, wahoo.DEFAULTS6),
    "stomple": (stomple.build, stomple.DEFAULTS),
}
# The layouts built from tiles: their tiles and tile controller are drawn, and
# their board files numbered in the tiles' order (tiles.in_tile_order).
TILED = ("wampoo", "wahoo")
