"""Bots for empty seats, for any game. A bot is given its seat's view, never the
full state."""

import random

from ..games.base import Game
from .base import Bot
from .greedy import GreedyBot
from .levels import LEVELS, level_config
from .plausible import PlausibleBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_KINDS", "LEVELS", "Bot", "GreedyBot", "PlausibleBot", "RandomBot", "SearchBot",
           "make_bot"]

BOT_KINDS = ("random", "plausible", "greedy", "search")


def make_bot(spec: str, game: Game, rng: random.Random | None = None) -> Bot:
    """A bot from a level (``beginner``, ``family``, ``strong``; its name is then the
    level and the configuration it stands for, ``strong=search:0.2``, which a
    record keeps and gives back) or a configuration: ``random``, ``greedy``,
    ``plausible`` (``plausible:0.3`` plays each move below 0.3 times as often) or
    ``search`` (``search:0.5`` thinks for half a second a move)."""
    level, is_level, config = spec.partition("=")
    if level in LEVELS:
        bot = make_bot(config if is_level else level_config(level), game, rng)
        bot.name = f"{level}={bot.name}"
        return bot
    name, _, arg = spec.partition(":")
    rng = rng or random.Random()
    if name == "random":
        return RandomBot(game, rng)
    if name == "greedy":
        return GreedyBot(game, rng)
    if name == "plausible":
        try:
            return PlausibleBot(game, rng, float(arg) if arg else 0.5)
        except ValueError as e:
            raise ValueError(f"plausible:RATIO, a ratio between 0 and 1, not {arg!r}") from e
    if name == "search":
        try:
            think_s = float(arg) if arg else 1.0
        except ValueError:
            think_s = -1.0
        if not 0 < think_s <= 60:
            raise ValueError(f"a search bot thinks between 0 and 60 seconds, not {arg!r}")
        return SearchBot(game, rng, think_s=think_s)
    raise ValueError(f"no bot called {spec!r} ({', '.join(LEVELS)}, or random, greedy, "
                     "plausible[:ratio], search[:seconds])")
