"""The bots a family chooses from, by how hard they are to beat: each level is a
bot configuration. ``make bench`` measures each level against the one below it,
in paired games (the same deals and dice, seats swapped), with the 95% interval
of its win rate; docs/bots.md keeps the figures, and ``strength.json`` beside
this module keeps the latest of them for the lobby to show.

- ``beginner``: plays like a learner, mostly a good move, often not the best
  (:class:`~.plausible.PlausibleBot`).
- ``family``: the move that leaves the best position now (greedy).
- ``strong``: thinks ahead. By default, search for a fifth of a second a move
  (well inside the table's pace, and few enough that the bench can measure it);
  a game whose bench found a stronger bot names it (``Game.strong_bot``, such as
  the lookahead with the game's learned evaluation).

A game's record keeps the exact configuration a level stood for
(``bot:strong=search:0.2``), so that a game resumed later plays on as it began.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..games.base import Game

LEVELS = ("beginner", "family", "strong")
CONFIGS = {"beginner": "plausible:0.5", "family": "greedy", "strong": "search:0.2"}
STRENGTH = Path(__file__).with_name("strength.json")


def level_config(level: str, game: Game | None = None, options: Any = None) -> str:
    """The bot a level stands for in a game: the strong level is the game's own
    ``strong_bot`` where it names one (its strongest, by the bench), for the
    options played where it is learned (a learned bot only where the game ships
    weights for them: elsewhere the search stays the stronger)."""
    if level not in CONFIGS:
        raise ValueError(f"no level called {level!r} ({', '.join(LEVELS)})")
    if level == "strong" and game is not None and game.strong_bot:
        if options is None or not game.strong_bot.endswith("+learned"):
            return game.strong_bot
        from .learned import learned_for  # numpy, for the games that learn

        if learned_for(game, options) is not None:
            return game.strong_bot
    return CONFIGS[level]


def _measured(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text())
    except FileNotFoundError:
        return {}
    return data


def record_strength(game: Game, level: str, below: str, won: float, games: int,
                    path: Path = STRENGTH) -> None:
    """Keep a measured match of a level against the one below, with the
    configurations it was measured with (a retuned level shows no old figure)."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data.setdefault(game.name, {})[level] = {
        "below": below, "won": won, "games": games,
        "bots": [level_config(level, game), level_config(below, game)]}
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def strength(game: Game, path: Path = STRENGTH) -> list[dict[str, Any]]:
    """The lobby's figures for a game: each level's measured share of wins
    against the level below it, where the bots measured are the levels' bots now."""
    found = []
    for level, match in sorted(_measured(path).get(game.name, {}).items(),
                               key=lambda item: LEVELS.index(item[0])):
        if match["bots"] == [level_config(level, game), level_config(match["below"], game)]:
            found.append({"level": level, "below": match["below"],
                          "won": round(match["won"] / match["games"], 3),
                          "games": match["games"],
                          # A game played in rounds is measured in whole matches.
                          "matches": bool(game.rounds_target)})
    return found
