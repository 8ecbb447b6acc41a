"""Stomple's moves in words: phrases (``marbleboard.words``) whose texts, in every
language, are in ``words.json`` beside this module.

A move names the marble by its colour and says which kind of stomp it is: the
round's first, from the outer row; a stomp next to the Stomper; the next marble
of a string; or a hop. Its hole is found as a person finds it on the board
(``games/gridwords.py``): a first stomp from the centre ("3↙ from the centre"),
every later one from the player's own Stomper, an arrow for a hole next to it
("next to your Stomper, ↗") and steps for a hop ("2↑ 1→ from your Stomper").
The board lights the hole too; the notation's ``c3`` is printed nowhere on it.
"""

from __future__ import annotations

from typing import Any

from ..gridwords import arrow, hole_from_centre, steps
from .grid import BONUS, COLOURS, SIZE
from .marbles import grid_hole
from .state import OUT, State

Phrase = list[Any]

P = "stomple."


def marble_words(colour: int) -> Phrase:
    return [P + "marble." + ("bonus" if colour == BONUS else COLOURS[colour]), []]


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "hop to the white marble 2↑ 1→ from
    your Stomper and stomp it"."""
    if action == OUT:
        return [P + "out", []]
    marble = marble_words(state.grid[action])
    here = state.at[state.current]
    if here < 0:  # the round's first stomp: no Stomper on the board yet
        return [P + "first", {"marble": marble, "hole": hole_from_centre(SIZE, action)}]
    dx, dy = action % SIZE - here % SIZE, action // SIZE - here // SIZE
    if state.is_hop(action):
        return [P + "hop", {"marble": marble, "hole": [P + "from_stomper", [steps(dx, dy)]]}]
    return [P + ("string" if state.chain >= 0 else "stomp"),
            {"marble": marble, "way": arrow(dx, dy)}]


def hole_words(hole_id: str) -> Phrase:
    """Where a board hole is: "at the centre", "3↙ from the centre"."""
    return hole_from_centre(SIZE, grid_hole(hole_id))


def outcome_words(kind: str) -> Phrase:
    """A chance outcome in words: the marbles spread out, or the Stompers drawn
    (what was dealt, everyone sees on the board)."""
    return [P + kind, []]
