"""Bots for empty seats, for any game. A bot is given its seat's view, never the
full state."""

import random
from typing import Any

from ..games.base import Game
from .base import Bot
from .greedy import GreedyBot
from .learned import learned_evaluation
from .levels import LEVELS, level_config
from .lookahead import LookaheadBot
from .plausible import PlausibleBot
from .random_bot import RandomBot
from .search import SearchBot

__all__ = ["BOT_KINDS", "LEVELS", "Bot", "GreedyBot", "LookaheadBot", "PlausibleBot",
           "RandomBot", "SearchBot", "make_bot"]

BOT_KINDS = ("random", "plausible", "greedy", "lookahead", "search")
LEARNED = "+learned"


def make_bot(spec: str, game: Game, rng: random.Random | None = None,
             options: Any = None) -> Bot:
    """A bot from a level (``beginner``, ``family``, ``strong``; its name is then the
    level and the configuration it stands for, ``strong=lookahead+learned``, which
    a record keeps and gives back) or a configuration: ``random``, ``greedy``,
    ``plausible`` (``plausible:0.3`` plays each move below 0.3 times as often),
    ``lookahead`` (greedy after the next roll and reply) or ``search``
    (``search:0.5`` thinks for half a second a move). ``+learned`` after greedy,
    plausible, lookahead or search has it value positions by the game's learned
    evaluation (bots/learned.py) where the game ships one. A level is the
    configuration it stands for with ``options``, the game's options played."""
    level, is_level, config = spec.partition("=")
    if level in LEVELS:
        chosen = make_bot(config if is_level else level_config(level, game, options), game,
                          rng)
        chosen.name = f"{level}={chosen.name}"
        return chosen
    base, learned, rest = spec.partition(LEARNED)
    name, _, arg = base.partition(":")
    if rest or (learned and name not in ("greedy", "plausible", "lookahead", "search")):
        raise ValueError(f"{LEARNED} goes last, after greedy, plausible, lookahead or search: "
                         f"not {spec!r}")
    rng = rng or random.Random()
    evaluate = learned_evaluation(game) if learned else None
    bot: Bot
    if name == "random":
        bot = RandomBot(game, rng)
    elif name == "greedy":
        bot = GreedyBot(game, rng, evaluate)
    elif name == "lookahead":
        bot = LookaheadBot(game, rng, evaluate)
    elif name == "plausible":
        try:
            bot = PlausibleBot(game, rng, float(arg) if arg else 0.5, evaluate)
        except ValueError as e:
            raise ValueError(f"plausible:RATIO, a ratio between 0 and 1, not {arg!r}") from e
    elif name == "search":
        try:
            think_s = float(arg) if arg else 1.0
        except ValueError:
            think_s = -1.0
        if not 0 < think_s <= 60:
            raise ValueError(f"a search bot thinks between 0 and 60 seconds, not {arg!r}")
        bot = SearchBot(game, rng, think_s=think_s, evaluate=evaluate)
    else:
        raise ValueError(f"no bot called {spec!r} ({', '.join(LEVELS)}, or random, greedy, "
                         "plausible[:ratio], lookahead, search[:seconds], the last four "
                         f"with {LEARNED} if wanted)")
    if learned:
        bot.name += LEARNED
    return bot
