"""Reading a move from the marbles: which legal actions have the outcome the board
now shows.

Occupancy decides almost every move, in any order of lifting and placing, with
knocked-off marbles put into any free hole of their START row. Two things it
cannot tell apart are settled otherwise: an action that leaves occupancy as it was
(a Jack swap) is read from the holes lifted during the turn; and several actions
can have one outcome (an Ace, King or Joker all bring a marble out), so the choice
made on the player's phone (the card) decides, or the player is asked.

Moves can also follow each other faster than the board is read: a person carries
out a bot's move and at once makes their own, or the next player reaches in while
the last marble is still settling (lifting a marble, or, in a game whose marbles
come from off the board, putting one down). The changes since the turn began are kept in
order, so a move the board showed complete before the next player started theirs
is found even though the last snapshot shows neither (:func:`earlier_move`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..games.base import Game, GameState
from .boardmap import BoardMap, SensorTarget


@dataclass(frozen=True)
class Reading:
    actions: tuple[int, ...]  # the legal actions the board matches
    unchanged: bool  # the board still shows the position before the move

    @property
    def settled(self) -> bool:
        return len(self.actions) == 1


Change = tuple[int, bool]  # a sensor and whether it now holds a marble


def outcomes(game: Game, state: GameState, board: BoardMap,
             only: set[int] | None = None) -> dict[int, SensorTarget]:
    """The board target after each legal action that moves a marble (of ``only``
    those, if given)."""
    assert game.marbles is not None
    path = game.marbles.path
    result = {}
    for action in state.legal_actions():
        if only is not None and action not in only:
            continue
        if not path(state, action):
            continue
        after = state.clone()
        after.apply(action)
        result[action] = board.target(after)
    return result


def read_move(game: Game, state: GameState, board: BoardMap, occupied: set[int], lifted: set[int],
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
    for action, target in outcomes(game, state, board, allowed).items():
        if group is not None and game.action_group(state, action) != group:
            continue
        if target == before:  # a swap: the lifted holes tell it
            touched = set(board.sensors(game.marbles.path(state, action)))
            if unchanged and touched <= lifted:
                found.append(action)
        elif board.matches(occupied, target):
            found.append(action)
    return Reading(tuple(found), unchanged)


def earlier_move(game: Game, state: GameState, board: BoardMap, start: set[int],
                 changes: list[Change], allowed: set[int] | None = None,
                 group: str | None = None) -> tuple[int, int] | None:
    """A move that the board showed complete part-way through ``changes`` (in the
    order they happened, from ``start``), with the next player's move begun after
    it: (how many changes it took, the action). None if there is none.

    Taken only when what followed lifts a marble the next player may move, so a
    player who finishes a move and picks the marble up again to think is not read
    as having played."""
    assert game.marbles is not None
    occupied, lifted = set(start), set()
    for used, (sensor, on) in enumerate(changes[:-1], start=1):
        if on:
            occupied.add(sensor)
        else:
            occupied.discard(sensor)
            lifted.add(sensor)
        reading = read_move(game, state, board, occupied, lifted, allowed, group)
        if reading.settled and _begins_a_move(game, state, board, reading.actions[0],
                                              changes[used:]):
            return used, reading.actions[0]
    return None


def _begins_a_move(game: Game, state: GameState, board: BoardMap, action: int,
                   rest: list[Change]) -> bool:
    """Whether ``rest`` lifts a marble that a legal move after ``action`` moves or
    knocks off, or puts a marble down where a legal move after it places one from
    off the board: the next player has begun."""
    assert game.marbles is not None
    rules = game.marbles
    after = state.clone()
    after.apply(action)
    lifted = {sensor for sensor, on in rest if not on}
    placed = {sensor for sensor, on in rest if on}
    if after.current < 0 or not (lifted or placed):
        return False
    for move in after.legal_actions():
        path = rules.path(after, move)
        if not path:
            continue
        if len(path) == 1 and board.sensors(path)[0] in placed:
            return True  # a marble put down from off the board
        pool = rules.pool(after, rules.mover(after, move))
        # A marble coming out may be taken from any hole of its START row; one
        # the move knocks off may be lifted before the marble that moves.
        touched = [*(pool if path[0] in pool else (path[0],)),
                   *(hole for hole, _seat in rules.knocked(after, move))]
        if lifted & set(board.sensors(touched)):
            return True
    return False
