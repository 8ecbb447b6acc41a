"""The log's words for holes and for a move someone must make with the marbles.

A game may name its holes itself (``Game.hole_words``); until it does, holes are
named here from their ids: ``track.12``, ``start.red.1``, ``home.red.2``.
"""

from __future__ import annotations

from typing import Any

from ..games.base import Game
from ..words import Phrase


def hole_words(game: Game, options: Any, hole_id: str) -> Phrase:
    """A hole as the players call it, as a phrase."""
    own = getattr(game, "hole_words", None)
    if own is not None:
        said: Phrase = own(options, hole_id)
        return said
    return plain_hole_words(hole_id)


def plain_hole_words(hole_id: str) -> Phrase:
    """A hole named from its id alone, for a game that does not name its holes."""
    kind, _, rest = hole_id.partition(".")
    owner, _, n = rest.rpartition(".")
    if kind == "track" and rest.isdigit():
        return ["hole.track", {"n": int(rest)}]
    if kind in ("start", "home") and owner and n.isdigit():
        return [f"hole.{kind}", {"owner": owner, "n": int(n)}]
    return ["hole.other", {"id": hole_id}]


def move_line(game: Game, options: Any, state: Any, action: int,
              players: dict[int, str]) -> Phrase:
    """The log line for a move the table knows before it is made (a bot's): whose
    marble goes from where to where, addressed to the player of the seat to play
    (``players``: seat -> the player's name)."""
    rules = game.marbles
    who = players[state.current]
    path = rules.path(state, action) if rules is not None else []
    if rules is None or len(path) < 2:
        return ["log.bot_plays", {"who": who, "move": game.action_words(state, action)}]
    args: dict[str, Any] = {"who": who, "owner": players.get(rules.mover(state, action), ""),
                            "from": hole_words(game, options, path[0]),
                            "to": hole_words(game, options, path[-1])}
    knocked = rules.knocked(state, action)
    if knocked:
        args["knocked"] = players.get(knocked[0][1], game.seat_names[knocked[0][1]])
        return ["log.move_marble_knock", args]
    return ["log.move_marble", args]
