"""Who may see what: the one place that decides what of a game each audience is shown.

An audience is whoever a payload, a log line or a message is for:

- one seat (``Audience.seat(n)``): that seat's phone, which holds its hand;
- the public (``PUBLIC``): the table screen, a phone that only watches, the shared
  log and the terminal, which everyone at the table reads;
- the seats of one home together (``Audience.home(seats)``): a table that shares
  the game from another home (``remote/``, through :meth:`Game.home_view`);
- everyone (``EVERYONE``): once the game is over, when every deck is shown.

The games say how a thing is hidden (``position_text``'s ``seen_by``, and
``action_words`` beside ``public_words``); this module says from whom, so that no
screen decides it on its own. Every payload's position comes from :func:`view`,
every move said to someone from :func:`move_words`.

>>> from marbleboard.games.registry import get_game
>>> game = get_game("wampum")
>>> state = game.parse_position(
...     "3 TF/WWF/ATGG WAATF/WTGGF/ATTTG 2:-/-/- -/-/- -/-/- - "
...     "AGWFFFGTAFTGFAWFWWTTFGAGTTTAFAAAGWAGTFFAFWGWFTWAAFWGTWGWATGGGWAWFW add:1 1 1 - 1")
>>> add = game.parse_action(state, "+W")  # Anna, seat 0, puts a card in her bid
>>> move_words(game, state, add, 0, Audience.seat(0))
['wampum.add', {'card': ['wampum.card.weapons', []]}]
>>> move_words(game, state, add, 0, PUBLIC)
['wampum.add.hidden', []]
>>> view(game, state, Audience.seat(0)).position.split()[2]
'WAATF/?5/?5'
>>> view(game, state, PUBLIC).position.split()[2]
'?5/?5/?5'
>>> holds_secrets(game, state, 0)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..games.base import Game, GameState, View
from ..words import Phrase


@dataclass(frozen=True)
class Audience:
    """Whose eyes: the seats whose secrets they share (none: the public), or
    ``everything`` once nothing is secret any more."""

    seats: frozenset[int] = frozenset()
    everything: bool = False

    @classmethod
    def seat(cls, n: int) -> Audience:
        return cls(frozenset({n}))

    @classmethod
    def home(cls, seats: Iterable[int]) -> Audience:
        return cls(frozenset(seats))

    def holds(self, seat: int) -> bool:
        """Whether this audience may know what only ``seat`` knows."""
        return self.everything or seat in self.seats


PUBLIC = Audience()
EVERYONE = Audience(everything=True)


def of_screen(state: GameState, seat: int | None) -> Audience:
    """A screen's audience: its seat's phone, or the public (``seat`` None); once
    the game is over, everyone, for the record and every deck are shown then."""
    if state.is_over():
        return EVERYONE
    return PUBLIC if seat is None else Audience.seat(seat)


def view(game: Game, state: GameState, audience: Audience) -> View:
    """The position as ``audience`` may see it."""
    if audience.everything:
        return View(game.name, state.opts, None, game.position_text(state))
    if not audience.seats:
        return game.view(state, None)
    if len(audience.seats) == 1:
        return game.view(state, next(iter(audience.seats)))
    return game.home_view(state, audience.seats)


def private(game: Game, state: GameState, audience: Audience) -> dict[str, Any]:
    """What only one seat's phone shows (its hand, a bid face down): nothing for
    an audience that is not one seat's."""
    if audience.everything or len(audience.seats) != 1:
        return {}
    return game.private(state, next(iter(audience.seats)))


def move_words(game: Game, state: GameState, action: int, mover: int,
               audience: Audience) -> Phrase:
    """``mover``'s move in words for ``audience``: whole to its own seat (or to
    everyone), else as everyone may hear it (a card put face down is "a card")."""
    if audience.holds(mover):
        return game.action_words(state, action)
    return game.public_words(state, action)


def holds_secrets(game: Game, state: GameState, seat: int) -> bool:
    """Whether ``seat`` sees something the public may not (a hand): what its phone
    alone is told must not be lit on the board, which everyone sees."""
    return view(game, state, Audience.seat(seat)).position != view(game, state, PUBLIC).position
