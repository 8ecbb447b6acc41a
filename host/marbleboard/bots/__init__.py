"""Bots for empty seats, for any game. A bot is given its seat's view, never the
full state."""

import random

from ..games.base import Game
from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot"]

BOT_KINDS = ("random", "greedy", "search")


def make_bot(spec: str, game: Game, rng: random.Random | None = None) -> Bot:
    """A bot from a name: ``random``, ``greedy`` or ``search`` (``search:0.5`` thinks
    for half a second a move)."""
    name, _, arg = spec.partition(":")
    rng = rng or random.Random()
    if name == "random":
        return RandomBot(game, rng)
    if name == "greedy":
        return GreedyBot(game, rng)
    if name == "search":
        try:
            think_s = float(arg) if arg else 1.0
        except ValueError:
            think_s = -1.0
        if not 0 < think_s <= 60:
            raise ValueError(f"a search bot thinks between 0 and 60 seconds, not {arg!r}")
        return SearchBot(game, rng, think_s=think_s)
    raise ValueError(f"no bot called {spec!r} (random, greedy, search[:seconds])")
