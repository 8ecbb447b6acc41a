"""Actions as integers, the way random playouts want them.

    bits 0-2   kind: PASS, OUT (a marble comes out), MOVE (along the Path, into
               the Tee-Pee, or out of the centre with a 1), ARROWS (the short cut
               from arrow to arrow), CENTRE (into the centre)
    bits 3-7   the marble moved (4 * seat + k)
    bits 8-    the position it goes to

The roll is not in the action: it is the state's, and an action is only ever
read with the state it was legal in.
"""

from __future__ import annotations

PASS = 0
OUT = 1
MOVE = 2
ARROWS = 3
CENTRE = 4
KINDS = {PASS: "pass", OUT: "out", MOVE: "move", ARROWS: "arrows", CENTRE: "centre"}


def make(kind: int, marble: int, target: int) -> int:
    return kind | marble << 3 | target << 8


def action_kind(action: int) -> int:
    return action & 7


def action_marble(action: int) -> int:
    return action >> 3 & 31


def action_target(action: int) -> int:
    return action >> 8
