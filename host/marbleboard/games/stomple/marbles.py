"""Stomple's marbles and Stompers on the board: what each hole holds, what a stomp
changes, and how the lights show a turn.

Holes are the Stomple layout's (``board/layouts/stomple.py``): ``grid.a1`` ..
``grid.g7``, named as in the notation. A hole holds a marble, a Stomper or
nothing. The marbles belong to nobody; each seat's piece is its Stomper, so
:meth:`StompleMarbles.marbles` names only the Stompers, and a stomp's path is
the Stomper's way: from the hole it stands in (none before its first stomp of a
round) to the marble it stomps. On a board with Stomper sensors the target's
``pieces`` tell every stomp apart; on a presence-only board a stomp shows only
the hole the Stomper left, and the table asks what it cannot see.

The lights, on a person's turn, in the colour of the seat's Stomper: the marbles
it may stomp steady, the hops to a marble of its colour further away pulsing;
along a string, the marbles it may stomp next blinking and the rest of the
string steady; a Stomper that must leave the board blinking fast. A seat out for
the round has its turn lamp dimmed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..base import MarbleRules, Target
from .grid import BONUS, COLOURS, EMPTY, HOLES, NEIGHBOURS, hole_name
from .options import SEAT_NAMES, Options
from .state import GONE, OUT, State

BONUS_WORD = "bonus"
WORDS = (*COLOURS, BONUS_WORD)  # a grid value (0-6) -> its colour word
PALETTE = {"red": "#e02424", "yellow": "#f5c211", "green": "#16a34a", "blue": "#2563eb",
           "purple": "#9333ea", "white": "#f1f5f9", BONUS_WORD: "#fb923c"}
HOLE_IDS = tuple(f"grid.{hole_name(h)}" for h in range(HOLES))


def hole_id(hole: int) -> str:
    return HOLE_IDS[hole]


def grid_hole(hole_id: str) -> int:
    """The engine's hole number of a board hole id (ValueError for another id)."""
    try:
        return HOLE_IDS.index(hole_id)
    except ValueError:
        raise ValueError(f"Stomple has no hole {hole_id!r}") from None


class StompleMarbles(MarbleRules):
    layout = "stomple"
    palette: ClassVar[Mapping[str, str]] = PALETTE

    # The moments docs/lights.md draws for Stomple: player 1, with the yellow
    # Stomper in d4, to play among three.
    examples: ClassVar[dict[str, str]] = {
        "position": "3 RYGB*PW/GYRB.WP/BRW..GY/*PG.YR*/WBY.RPG/GRPB*YW/YBRG*PB "
                    "Yd4,Rd3,Gd5 1 0,0,0 1 - 6",
        "lifted": "grid.d4",
        "bot_move": ">Yb6",
        "mistake": "grid.d4",
        "put_here": "grid.d5",
        "won": "3 RYGB*PW/GYRB.WP/BRW..GY/*PG.YR*/WBY.RPG/GRPB*YW/YBRG*PB "
               "Yd4,Rx,Gx over 47,0,0 1 1 12",
    }

    def holes(self, options: Options) -> frozenset[str]:
        return frozenset(HOLE_IDS)

    def target(self, state: State) -> Target:
        stompers = frozenset(hole_id(h) for h in state.at if h >= 0)
        marbles = frozenset(hole_id(h) for h, c in enumerate(state.grid) if c != EMPTY)
        return Target(marbles | stompers, pieces=stompers)

    def marbles(self, state: State) -> dict[str, int]:
        """The Stompers on the board and their seats: the seats' own pieces."""
        return {hole_id(h): seat for seat, h in enumerate(state.at) if h >= 0}

    def colours(self, state: State) -> dict[str, str]:
        """Every marble's colour word, and each Stomper's (its colour on top)."""
        words = {hole_id(h): WORDS[c] for h, c in enumerate(state.grid) if c != EMPTY}
        for seat, h in enumerate(state.at):
            if h >= 0:
                words[hole_id(h)] = COLOURS[state.stompers[seat]]
        return words

    def seat_colour(self, state: State, seat: int) -> str | None:
        colour = state.stompers[seat]
        return COLOURS[colour] if colour >= 0 else None

    def goal(self, state: State, seat: int) -> tuple[str, ...]:
        """Where the round's last Stomper stands: it pulses when the game is won."""
        here = state.at[seat]
        return (hole_id(here),) if here >= 0 else ()

    def path(self, state: State, action: int) -> list[str]:
        """The Stomper's way: from its hole (if it stands in one) to the marble it
        stomps; for ``OUT``, only its hole, where it is lifted off."""
        here = state.at[state.current]
        start = [hole_id(here)] if here >= 0 else []
        return start if action == OUT else [*start, hole_id(action)]

    def lamps(self, state: State) -> dict[str, tuple[int, str]]:
        return {f"turn.{SEAT_NAMES[s]}": (s, "dim") for s in state.opts.seats
                if state.at[s] == GONE and not state.winners}

    def marks(self, state: State) -> dict[str, tuple[str, str]]:
        seat = state.current
        if seat < 0:
            return {}
        colour = self.seat_colour(state, seat) or "white"
        legal = state.legal_actions()
        if legal == [OUT]:
            here = state.at[seat]
            return {hole_id(here): (colour, "fast")} if here >= 0 else {}
        if state.chain >= 0:
            lit = {hole_id(h): (colour, "solid") for h in _string(state.grid, legal, state.chain)}
            lit.update({hole_id(h): (colour, "blink") for h in legal})
            return lit
        return {hole_id(h): (colour, "pulse" if state.is_hop(h) else "solid") for h in legal}


def _string(grid: list[int], start: list[int], colour: int) -> set[int]:
    """The marbles of ``colour`` joined to ``start`` through neighbours of that
    colour: what is left of a string being followed."""
    if colour == BONUS:
        return set(start)
    seen = set(start)
    todo = list(start)
    while todo:
        h = todo.pop()
        for n in NEIGHBOURS[h]:
            if n not in seen and grid[n] == colour:
                seen.add(n)
                todo.append(n)
    return seen

