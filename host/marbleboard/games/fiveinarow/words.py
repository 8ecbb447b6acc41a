"""Five in a Row's moves and holes in words: phrases (``marbleboard.words``) whose
texts, in every language, are in ``words.json`` beside this module."""

from __future__ import annotations

from typing import Any

from ..gridwords import hole_from_centre
from .marbles import HOLE_IDS
from .notation import parse_hole
from .state import SIZE

Phrase = list[Any]


def action_words(action: int) -> Phrase:
    """A move in words, its hole found from the grid's centre (the board prints no
    hole names): "a marble 2↑ 1→ from the centre"."""
    return ["fiveinarow.put", {"hole": hole_from_centre(SIZE, action)}]


def hole_words(hole_id: str) -> Phrase:
    """Where a board hole is: "at the centre", "3↙ from the centre"."""
    if hole_id not in HOLE_IDS:
        raise ValueError(f"Five in a Row has no hole {hole_id!r}")
    return hole_from_centre(SIZE, parse_hole(hole_id.removeprefix("grid.")))
