"""Bots for empty seats. A bot is given its seat's view, never the full state."""

from .base import Bot, make_bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["Bot", "GreedyBot", "RandomBot", "SearchBot", "make_bot"]
