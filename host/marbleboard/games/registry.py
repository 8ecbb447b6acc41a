"""Every game the platform plays, by name. The layers above ``games/`` reach a
game only through here.

>>> from marbleboard.games.registry import get_game
>>> game = get_game("wampoo")
>>> game.title, game.marbles.layout
('Wampoo', 'wampoo')
"""

from __future__ import annotations

from .base import Game
from .fiveinarow.game import FIVE_IN_A_ROW
from .stomple.game import STOMPLE
from .wahoo.game import WAHOO
from .wampoo.game import WAMPOO
from .wampum.game import WAMPUM
from .wumprummy.game import WUMPRUMMY

GAMES: dict[str, Game] = {game.name: game
                          for game in (WAMPOO, WAHOO, STOMPLE, WUMPRUMMY, WAMPUM, FIVE_IN_A_ROW)}


def default_layout() -> str:
    """The board of the first game that has one: what commands use when no board
    is named."""
    first = marble_games()[0].marbles
    assert first is not None
    return first.layout


def marble_games() -> list[Game]:
    """The games played with marbles on a board, in the registry's order."""
    return [g for g in GAMES.values() if g.marbles is not None]


def game_on(layout: str) -> Game:
    """The first game whose own board is ``layout``."""
    for game in marble_games():
        assert game.marbles is not None
        if game.marbles.layout == layout:
            return game
    raise ValueError(f"no game is played on board {layout!r}")


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        raise ValueError(f"no game called {name!r} (games: {', '.join(GAMES)})") from None
