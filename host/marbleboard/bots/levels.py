"""The bots a family chooses from, by how hard they are to beat: each level is a
bot configuration, the same for every game. ``make bench`` measures each level
against the one below it, in paired games (the same deals and dice, seats
swapped), with the 95% interval of its win rate; docs/bots.md keeps the figures.

- ``beginner``: plays like a learner, mostly a good move, often not the best
  (:class:`~.plausible.PlausibleBot`).
- ``family``: the move that leaves the best position now (greedy).
- ``strong``: thinks ahead, by search, a fifth of a second a move (well inside
  the table's pace, and few enough that the bench can measure it).

A game's record keeps the exact configuration a level stood for
(``bot:strong=search:0.2``), so that a game resumed later plays on as it began.
"""

from __future__ import annotations

LEVELS = ("beginner", "family", "strong")
CONFIGS = {"beginner": "plausible:0.5", "family": "greedy", "strong": "search:0.2"}


def level_config(level: str) -> str:
    """The bot a level stands for: ``search:0.2`` for ``strong``."""
    if level not in CONFIGS:
        raise ValueError(f"no level called {level!r} ({', '.join(LEVELS)})")
    return CONFIGS[level]
