"""Actions as integers, the way random playouts want them.

    bits 0-2   kind: OUT (a marble comes out), MOVE, SWAP (Jack), FOLD
    bits 3-6   the card's rank: 1 Ace .. 13 King, 14 Joker
    bits 7-10  the marble moved (or the first marble swapped)
    bits 11-   the hole it goes to (or the second marble swapped)

Which of two cards of one rank is played makes no difference to the game, so an
action names the rank; the first card of that rank in the hand is played.
"""

from __future__ import annotations

OUT = 0
MOVE = 1
SWAP = 2
FOLD = 3
KINDS = {OUT: "out", MOVE: "move", SWAP: "swap", FOLD: "fold"}


def make(kind: int, rank: int, marble: int, target: int) -> int:
    return kind | rank << 3 | marble << 7 | target << 11


def action_kind(action: int) -> int:
    return action & 7


def action_rank(action: int) -> int:
    return action >> 3 & 15


def action_marble(action: int) -> int:
    return action >> 7 & 15


def action_target(action: int) -> int:
    return action >> 11
