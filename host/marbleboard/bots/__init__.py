"""Bots for empty seats. A bot is given its seat's view, never the full state."""

import random

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot"]


def make_bot(spec: str, rng: random.Random | None = None) -> Bot:
    """A bot from a name: ``random``, ``greedy`` or ``search`` (``search:0.5`` thinks
    for half a second a move)."""
    name, _, arg = spec.partition(":")
    rng = rng or random.Random()
    if name == "random":
        return RandomBot(rng)
    if name == "greedy":
        return GreedyBot(rng)
    if name == "search":
        return SearchBot(rng, think_s=float(arg) if arg else 1.0)
    raise ValueError(f"no bot called {spec!r} (random, greedy, search[:seconds])")
