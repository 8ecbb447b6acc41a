"""Reading a move from the marbles: which legal actions have the outcome the board
now shows.

Occupancy decides almost every move, in any order of lifting and placing, with
knocked-off marbles put into any free hole of their START row. Two things it
cannot tell apart are settled otherwise: a Jack swap leaves occupancy as it was,
so the holes that were lifted during the turn name the pair; and several cards
can have one outcome (an Ace, King or Joker all bring a marble out), so the card
chosen on the player's phone decides, or the player is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.wampoo import State
from ..games.wampoo.actions import FOLD, SWAP, action_rank
from .boardmap import Target, WampooBoard


@dataclass(frozen=True)
class Reading:
    actions: tuple[int, ...]  # the legal actions the board matches
    unchanged: bool  # the board still shows the position before the move

    @property
    def settled(self) -> bool:
        return len(self.actions) == 1


def outcomes(state: State, board: WampooBoard) -> dict[int, Target]:
    """The board target after each legal action of the player to move."""
    result = {}
    for action in state.legal_actions():
        if action == FOLD:
            continue
        after = state.clone()
        after.apply(action)
        result[action] = board.target(after)
    return result


def read_move(state: State, board: WampooBoard, occupied: set[int], lifted: set[int],
              allowed: set[int] | None = None, rank: int | None = None) -> Reading:
    """Match the board against the outcomes of the legal actions.

    ``lifted`` holds the sensors that went empty at some moment of this turn;
    ``allowed`` narrows the actions (a bot's chosen move); ``rank`` is the card the
    player chose on their phone, if any.
    """
    unchanged = board.matches(occupied, board.target(state))
    found = []
    for action, target in outcomes(state, board).items():
        if allowed is not None and action not in allowed:
            continue
        if rank is not None and action_rank(action) != rank:
            continue
        if action & 7 == SWAP:
            if unchanged and _swapped_holes(state, board, action) <= lifted:
                found.append(action)
        elif board.matches(occupied, target):
            found.append(action)
    return Reading(tuple(found), unchanged)


def _swapped_holes(state: State, board: WampooBoard, action: int) -> set[int]:
    a, b = action >> 7 & 15, action >> 11
    return {board.hole(state.pos[a]).sensor, board.hole(state.pos[b]).sensor}
