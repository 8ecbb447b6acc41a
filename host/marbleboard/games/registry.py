"""Every game the platform plays, by name. The layers above ``games/`` reach a
game only through here.

>>> from marbleboard.games.registry import get_game
>>> get_game("wampoo").title
'Wampoo'
"""

from __future__ import annotations

from .base import Game
from .wampoo.game import WAMPOO

GAMES: dict[str, Game] = {game.name: game for game in (WAMPOO,)}


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"no game called {name!r} (games: {', '.join(GAMES)})") from None
