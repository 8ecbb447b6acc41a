"""Reading a move from the marbles: which legal actions have the outcome the board
now shows.

Occupancy decides almost every move, in any order of lifting and placing, with
knocked-off marbles put into any free hole of their START row. Two things it
cannot tell apart are settled otherwise: an action that leaves occupancy as it was
(a Jack swap) is read from the holes lifted during the turn; and several actions
can have one outcome (an Ace, King or Joker all bring a marble out), so the choice
made on the player's phone (the card) decides, or the player is asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games.base import Game
from .boardmap import BoardMap, SensorTarget


@dataclass(frozen=True)
class Reading:
    actions: tuple[int, ...]  # the legal actions the board matches
    unchanged: bool  # the board still shows the position before the move

    @property
    def settled(self) -> bool:
        return len(self.actions) == 1


def outcomes(game: Game, state: Any, board: BoardMap) -> dict[int, SensorTarget]:
    """The board target after each legal action that moves a marble."""
    assert game.marbles is not None
    path = game.marbles.path
    result = {}
    for action in state.legal_actions():
        if not path(state, action):
            continue
        after = state.clone()
        after.apply(action)
        result[action] = board.target(after)
    return result


def read_move(game: Game, state: Any, board: BoardMap, occupied: set[int], lifted: set[int],
              allowed: set[int] | None = None, group: str | None = None) -> Reading:
    """Match the board against the outcomes of the legal actions.

    ``lifted`` holds the sensors that went empty at some moment of this turn;
    ``allowed`` narrows the actions (a bot's chosen move); ``group`` is what the
    player chose on their phone (a card), if anything.
    """
    assert game.marbles is not None
    before = board.target(state)
    unchanged = board.matches(occupied, before)
    found = []
    for action, target in outcomes(game, state, board).items():
        if allowed is not None and action not in allowed:
            continue
        if group is not None and game.action_group(state, action) != group:
            continue
        if target == before:  # a swap: the lifted holes tell it
            touched = set(board.sensors(game.marbles.path(state, action)))
            if unchanged and touched <= lifted:
                found.append(action)
        elif board.matches(occupied, target):
            found.append(action)
    return Reading(tuple(found), unchanged)
