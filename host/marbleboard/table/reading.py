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

A sensor may also read a marble that is not there: the pieces in the holes next
to an empty one can add their fields at its sensor past its threshold, as
``hardware/sensing/`` computes (more often beside several Stompers). Such a
phantom needs at least two full holes next to it, and does not block a move:
when no outcome matches the board exactly, one that matches but for sensors
reading full in such crowded holes is taken (:class:`Crowding`), preferring the
sensors that already read full when the turn began. A marble the board cannot
feel is never assumed: it may be in a player's hand.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

from ..board import Board
from ..games.base import Game, GameState
from .boardmap import BoardMap, SensorTarget

# The holes next to one: those within this times the nearest one's distance (the
# eight round a hole of a square grid), as hardware/sensing/ counts them
# (board/sensing.py RING).
NEXT_TO = 1.5
# Full holes next to an empty one before its sensor may read their marbles: one
# alone stays under the sensor's lowest release point by the margin the sensing
# checks prove ("neighbours" on hardware/sensing/BOARD.md).
CROWD = 2


@dataclass(frozen=True)
class Reading:
    actions: tuple[int, ...]  # the legal actions the board matches
    unchanged: bool  # the board still shows the position before the move
    # Sensors read as holding what is not there, for the actions (or, with none,
    # for the position before the move): empty in crowded holes.
    phantoms: frozenset[int] = frozenset()

    @property
    def settled(self) -> bool:
        return len(self.actions) == 1


class Crowding:
    """Which sensors of a board may read a marble that is not in their hole: those
    with at least ``CROWD`` full holes next to them."""

    def __init__(self, board: Board):
        self.near: dict[int, tuple[int, ...]] = {}
        for hole in board.holes:
            dist = [(math.hypot(o.x - hole.x, o.y - hole.y), o) for o in board.holes
                    if o is not hole]
            if not dist:
                continue
            nearest = min(d for d, _ in dist)
            # A Stomper standing next to it reads on its hole's presence sensor too.
            near = tuple(o.sensor for d, o in dist if d <= NEXT_TO * nearest)
            for s in (hole.sensor, hole.piece_sensor):
                if s is not None:
                    self.near[s] = near

    def suspects(self, occupied: set[int]) -> set[int]:
        """The sensors reading full that may be phantoms."""
        return {s for s in occupied
                if sum(1 for n in self.near.get(s, ()) if n in occupied) >= CROWD}


_crowding: weakref.WeakKeyDictionary[BoardMap, Crowding] = weakref.WeakKeyDictionary()


def crowding(board: BoardMap) -> Crowding:
    found = _crowding.get(board)
    if found is None:
        found = _crowding[board] = Crowding(board.board)
    return found


def phantoms_for(board: BoardMap, occupied: set[int], target: SensorTarget,
                 suspects: set[int], known: set[int]) -> frozenset[int] | None:
    """The sensors that must be phantoms for the board to show ``target``: only
    ``suspects``, and of a START row's extra readings those in ``known`` first.
    None if no such reading fits (a marble missing, or one where none can be
    imagined)."""
    extra = {s for s in occupied if s in board.exact and s not in target.holes}
    if not extra <= suspects or not target.holes <= occupied:
        return None
    for pool, n in target.pools:
        full = [s for s in pool if s in occupied]
        if len(full) < n:
            return None
        if len(full) > n:
            could = sorted((s for s in full if s in suspects), key=lambda s: s not in known)
            if len(could) < len(full) - n:
                return None
            extra.update(could[:len(full) - n])
    return frozenset(extra)


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
              allowed: set[int] | None = None, group: str | None = None,
              start: set[int] | None = None) -> Reading:
    """Match the board against the outcomes of the legal actions.

    ``lifted`` holds the sensors that went empty at some moment of this turn;
    ``allowed`` narrows the actions (a bot's chosen move); ``group`` is what the
    player chose on their phone (a card), if anything; ``start`` is what the
    sensors read when the turn began (a phantom then is one still).
    """
    assert game.marbles is not None
    before = board.target(state)
    unchanged = board.matches(occupied, before)
    found = []
    targets = {action: target for action, target in outcomes(game, state, board, allowed).items()
               if group is None or game.action_group(state, action) == group}
    for action, target in targets.items():
        if target == before:  # a swap: the lifted holes tell it
            touched = set(board.sensors(game.marbles.path(state, action)))
            if unchanged and touched <= lifted:
                found.append(action)
        elif board.matches(occupied, target):
            found.append(action)
    if found or unchanged:
        return Reading(tuple(found), unchanged)
    return _with_phantoms(game, state, board, occupied, lifted, targets, before, start)


def _with_phantoms(game: Game, state: GameState, board: BoardMap, occupied: set[int],
                   lifted: set[int], targets: dict[int, SensorTarget], before: SensorTarget,
                   start: set[int] | None) -> Reading:
    """No outcome fits exactly: those that fit but for phantoms, with the fewest
    phantoms that were not there when the turn began."""
    assert game.marbles is not None
    suspects = crowding(board).suspects(occupied)
    if not suspects:
        return Reading((), False)
    known = {s for s in (start or set()) & occupied if s not in before.holes}
    still = phantoms_for(board, occupied, before, suspects, known)
    fits: dict[int | None, frozenset[int]] = {} if still is None else {None: still}
    swaps = []
    for action, target in targets.items():
        if target == before:  # a swap: the lifted holes tell it, as above
            touched = set(board.sensors(game.marbles.path(state, action)))
            if still is not None and touched <= lifted:
                swaps.append(action)
            continue
        phantoms = phantoms_for(board, occupied, target, suspects, known)
        if phantoms is not None:
            fits[action] = phantoms
    if not fits:
        return Reading((), False)
    least = min(len(p - known) for p in fits.values())
    best = {a: p for a, p in fits.items() if len(p - known) == least}
    if None in best:  # the board as it was, but for what it reads wrongly
        return Reading(tuple(swaps), True, best[None])
    return Reading(tuple(a for a in best if a is not None), False,
                   frozenset().union(*best.values()))


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
        reading = read_move(game, state, board, occupied, lifted, allowed, group, start)
        if reading.settled and _begins_a_move(game, state, board, reading.actions[0],
                                              changes[used:]):
            return used, reading.actions[0]
    return None


def without_blips(changes: list[Change]) -> list[Change]:
    """The changes but those of sensors that ended as they began (a marble lifted
    and put back, a sensor blind for a moment while its supply dipped): what the
    turn did, for a move that the blips kept from being read in order."""
    first: dict[int, bool] = {}
    last: dict[int, bool] = {}
    for sensor, on in changes:
        first.setdefault(sensor, on)
        last[sensor] = on
    back = {s for s in first if first[s] != last[s]}
    return [(s, on) for s, on in changes if s not in back]


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
