"""Wa-Hoo's marbles on the board: the hole each engine position is, the way each
action moves marbles, and the die's lamps, for reading moves from the sensors
and lighting them.

Hole ids are the Wa-Hoo layouts' (``board/layouts/wahoo.py``), from
:mod:`.geometry`: ``track.N`` (N as in the engine), ``home.<seat>.K`` (the
Tee-Pee, K = 1 by the entry .. 4), ``start.<seat>.K`` (the Tribal Grounds) and
``centre``. The die is seven lamps, ``die.1`` .. ``die.7``, laid out like the
pips of a die, read row by row::

    1 . 2
    3 4 5
    6 . 7
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..base import MarbleRules
from .actions import OUT, PASS
from .geometry import BOARDS, ROW, START, geometry
from .options import Options
from .routes import route_walk
from .state import State

PIPS: dict[int, tuple[int, ...]] = {
    1: (4,), 2: (1, 7), 3: (1, 4, 7), 4: (1, 2, 6, 7), 5: (1, 2, 4, 6, 7),
    6: (1, 2, 3, 5, 6, 7)}


class WahooMarbles(MarbleRules):
    layout = "wahoo"  # the four-colour board; ``layout_for`` names the board of a game

    def layout_for(self, options: Options) -> str:
        return options.board

    def fit(self, data: dict[str, Any], layout: str) -> dict[str, Any]:
        """On the six-colour board even two to four players play on it."""
        if layout in BOARDS and not data.get("board"):
            return {**data, "board": layout}
        return data

    # The moments docs/lights.md draws for Wa-Hoo: red has rolled a 6.
    examples: ClassVar[dict[str, str]] = {
        "position": "4 5,17,38,RS/23,BS,BS,BS/YS,YS,YS,YS/G1,G2,50,GS R 6 - 30",
        "lifted": "track.17",
        "bot_move": "6 17-23 xB23",
        "mistake": "track.30",
        "put_here": "start.red.4",
        "won": "4 R1,R2,R3,R4/23,BS,BS,BS/YS,YS,YS,YS/G1,G2,50,GS over 3 R 90",
    }

    def holes(self, options: Options) -> frozenset[str]:
        g = geometry(BOARDS[options.board], options.holes_per_side)
        return frozenset([g.hole_id(p) for p in range(g.positions)]
                         + [h for s in range(g.colours) for h in g.start_ids(s)])

    def goal(self, state: Any, seat: int) -> tuple[str, ...]:
        return tuple(state.g.hole_id(state.g.tee_pee(seat, k)) for k in range(ROW))

    def hole(self, state: State, position: int) -> str:
        return state.g.hole_id(position)

    def pool(self, state: Any, seat: int) -> tuple[str, ...]:
        return tuple(state.g.start_ids(seat))

    def waiting(self, state: Any, seat: int) -> int:
        return sum(1 for m in range(ROW * seat, ROW * seat + ROW) if state.pos[m] == START)

    def marbles(self, state: Any) -> dict[str, int]:
        return {self.hole(state, p): m // ROW for m, p in enumerate(state.pos) if p != START}

    def mover(self, state: Any, action: int) -> int:
        return int(action >> 3 & 31) // ROW

    def path(self, state: Any, action: int) -> list[str]:
        return [self.hole(state, p) if p != START else self.pool(state, self.mover(
            state, action))[0] for p in positions_passed(state, action)]

    def knocked(self, state: Any, action: int) -> list[tuple[str, int]]:
        return [(self.hole(state, state.pos[v]), v // ROW) for v in state.knocked_by(action)]

    def lamps(self, state: Any) -> dict[str, tuple[int, str]]:
        """The die, lit in the roller's colour from the roll until the move is made
        (then the next seat's turn lamp says who rolls next)."""
        if state.current < 0 or not state.roll:
            return {}
        return {f"die.{pip}": (state.current, "solid") for pip in PIPS[state.roll]}


def positions_passed(state: State, action: int) -> list[int]:
    """Engine positions a marble passes, source first, landing last (``START`` for
    a marble coming out of its Tribal Grounds)."""
    kind = action & 7
    if kind == PASS:
        return []
    m, dest = action >> 3 & 31, action >> 8
    if kind == OUT:
        return [START, dest]
    src = state.pos[m]
    return [src, *route_walk(state.g, m // ROW, kind, src, state.roll)]
