"""Five in a Row's moves and holes in words: phrases (``marbleboard.words``) whose
texts, in every language, are in ``words.json`` beside this module."""

from __future__ import annotations

from typing import Any

from .marbles import HOLE_IDS
from .notation import hole_name

Phrase = list[Any]


def action_words(action: int) -> Phrase:
    """A move in words: "a marble in d4"."""
    return ["fiveinarow.put", {"hole": hole_name(action)}]


def hole_words(hole_id: str) -> Phrase:
    """Where a board hole is: at its name on the grid's edges, ``at d4``."""
    if hole_id not in HOLE_IDS:
        raise ValueError(f"Five in a Row has no hole {hole_id!r}")
    return ["fiveinarow.at", [hole_id.removeprefix("grid.")]]
