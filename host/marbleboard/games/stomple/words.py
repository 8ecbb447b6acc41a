"""Stomple's moves in words: phrases (``marbleboard.words``) whose texts, in every
language, are in ``words.json`` beside this module.

A move names the marble by its colour and its hole as the notation does
(``c3``), and says which kind of stomp it is: the round's first, from the outer
row; a stomp next to the Stomper; the next marble of a string; or a hop.
"""

from __future__ import annotations

from typing import Any

from .grid import BONUS, COLOURS, hole_name
from .marbles import grid_hole
from .state import OUT, UNPLACED, State

Phrase = list[Any]

P = "stomple."


def marble_words(colour: int) -> Phrase:
    return [P + "marble." + ("bonus" if colour == BONUS else COLOURS[colour]), []]


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "hop to the white marble in f6 and
    stomp it"."""
    if action == OUT:
        return [P + "out", []]
    if state.chain >= 0:
        kind = "string"
    elif state.at[state.current] == UNPLACED:
        kind = "first"
    elif state.is_hop(action):
        kind = "hop"
    else:
        kind = "stomp"
    return [P + kind, {"marble": marble_words(state.grid[action]), "hole": hole_name(action)}]


def hole_words(hole_id: str) -> Phrase:
    """Where a board hole is: at its name on the grid's edges, ``at c3``."""
    return [P + "at", [hole_name(grid_hole(hole_id))]]


def outcome_words(kind: str) -> Phrase:
    """A chance outcome in words: the marbles spread out, or the Stompers drawn
    (what was dealt, everyone sees on the board)."""
    return [P + kind, []]
