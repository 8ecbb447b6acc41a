"""What the table needs of a game played with marbles on a board: which holes the
board has, what they hold in a state, and how each action moves marbles. From
these the table reads moves from the sensors and lights them (docs/games.md).

A marble game subclasses :class:`MarbleRules`. It must give ``layout``,
``holes``, ``marbles`` and ``path``; everything else has a default made for the
common case, a board of one layout whose seats each own their marbles, and is
overridden where the game differs (a START row to come out of, marbles knocked
back, a die's lamps, marbles that are nobody's).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar


@dataclass(frozen=True)
class Target:
    """What the holes should hold: the holes that must each hold a marble (or a
    playing piece), pools of holes (a START row) that must hold a number of marbles
    in any of their holes, and the holes where a playing piece stands (a Stomper),
    which a board with piece sensors tells from a marble. Hole ids are the board
    file's (``track.17``, ``start.red.2``, ``grid.c3``)."""

    holes: frozenset[str]
    pools: tuple[tuple[tuple[str, ...], int], ...] = ()
    pieces: frozenset[str] = frozenset()


class MarbleRules(ABC):
    # --- what every marble game gives --------------------------------------------------

    @property
    @abstractmethod
    def layout(self) -> str:
        """The board layout it plays on (``board/layouts``)."""

    @abstractmethod
    def holes(self, options: Any) -> frozenset[str]:
        """Every hole of the board this game plays on, with these options: a board
        fits the game when it has exactly these holes."""

    @abstractmethod
    def marbles(self, state: Any) -> dict[str, int]:
        """Each hole that holds a seat's marble (or piece), and the seat."""

    @abstractmethod
    def path(self, state: Any, action: int) -> list[str]:
        """The holes a marble passes for ``action``: the one it is lifted from
        first, the one it lands in last (a START hole first for a marble coming
        out; the two holes of a swap). One hole: a marble put down from off the
        board. Empty for an action that moves no marble."""

    # --- defaults: one board, marbles that are the seats' ----------------------------

    # Moments for the light language's pictures (``make docs``): "position" (a
    # turn), "lifted" (a hole to lift in it), "bot_move" (a move to show),
    # "mistake" (a hole to put a wrong marble in), "put_here" (a pool hole left
    # empty), "won" (a position won). A game without them has no pictures.
    examples: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # Colour word -> #rrggbb, for marbles that are nobody's (see ``colours``).
    palette: ClassVar[Mapping[str, str]] = MappingProxyType({})

    def layout_for(self, options: Any) -> str:
        """The board layout a game with these options plays on: ``layout``."""
        return self.layout

    def fit(self, data: dict[str, Any], layout: str) -> dict[str, Any]:
        """Options asked for, completed for the board connected (its layout id):
        a game with boards of several sizes plays on the one there is. As asked."""
        return data

    def pool(self, state: Any, seat: int) -> tuple[str, ...]:
        """Where a seat's waiting (or knocked-off) marbles sit on the board: its
        START row. None: they wait off the board."""
        return ()

    def waiting(self, state: Any, seat: int) -> int:
        """How many of a seat's marbles are in its ``pool``."""
        return 0

    def target(self, state: Any) -> Target:
        """What the holes hold in ``state``: the seats' marbles in their holes,
        and each pool holding its waiting marbles in any of its holes."""
        pools = tuple((pool, self.waiting(state, seat)) for seat in state.opts.seats
                      if (pool := self.pool(state, seat)))
        return Target(frozenset(self.marbles(state)), pools)

    def goal(self, state: Any, seat: int) -> tuple[str, ...]:
        """The holes a seat's marbles race to (its HOME row): they pulse when it
        wins. None: the winner's marbles pulse where they stand."""
        return tuple(hole for hole, s in self.marbles(state).items() if s == seat)

    def knocked(self, state: Any, action: int) -> list[tuple[str, int]]:
        """The marbles ``action`` sends back: (the hole it is in, its seat)."""
        return []

    def mover(self, state: Any, action: int) -> int:
        """The seat whose marble ``action`` moves: the seat to play."""
        return int(state.current)

    def lamps(self, state: Any) -> dict[str, tuple[int, str]]:
        """Lamps beyond the turn lamps that the state lights: lamp id -> (the seat
        whose colour, or -1 for white; effect name). The die's pips, for one."""
        return {}

    def colours(self, state: Any) -> dict[str, str]:
        """Holes whose marble has a colour of its own, not a seat's: hole id -> a
        colour word of ``palette`` (a dealt layout, and each Stomper's colour). The
        lights show it where a marble must be put, and the screens draw it."""
        return {}

    def seat_colour(self, state: Any, seat: int) -> str | None:
        """The palette word the lights use for a seat's moves where the state
        decides it (the Stomper a seat drew); None: the seat's colour on the board."""
        return None

    def marks(self, state: Any) -> dict[str, tuple[str, str]]:
        """How the holes are lit on a turn, where the game says it itself: hole id
        -> (palette word, effect name). Empty: the light language's default, every
        marble that can move lit steady in its seat's colour."""
        return {}
