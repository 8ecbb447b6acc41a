"""The log's words for holes and for a move someone must make with the marbles.

Holes are named by the game (``Game.hole_words``), marbles by their colour in the
game's own words (``<game>.marble.<colour>``), so the line reads as the phone does:
"Anna: move the red marble from 12 to 19".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import words
from ..games.base import Game, GameState
from ..words import Phrase


def marble_words(game: Game, seat: int) -> Phrase:
    """A seat's marble as the game says it ("the red marble"), or by its colour's word."""
    name = game.seat_names[seat]
    key = f"{game.name}.marble.{name}"
    return [key] if key in words.catalog()["en"] else ["log.marble_of", {"colour": name}]


def listed(items: Sequence[Phrase]) -> Phrase:
    """Phrases said as one list: "a", "a and b", "a, b and c"."""
    said = items[-1]
    for i, item in enumerate(reversed(items[:-1])):
        said = ["log.and" if i == 0 else "log.comma", [item, said]]
    return said


def move_line(game: Game, options: Any, state: GameState, action: int,
              players: dict[int, str], bot: bool = False) -> Phrase:
    """The log line for a move to be made with the marbles: which marble goes from
    where to where, addressed to the seat to play by its player's name
    (``players``: seat -> name); a bot's is "For Bob: ...", to whoever moves for it."""
    rules = game.marbles
    who = players[state.current]
    path = rules.path(state, action) if rules is not None else []
    if rules is not None and rules.palette:
        # A game whose marbles are nobody's (a dealt layout) says its moves in its own
        # words, which say what to do: "Anna: stomp the red marble in c3".
        return ["log.act_for" if bot else "log.act",
                {"who": who, "move": game.public_words(state, action)}]
    if rules is None or len(path) < 2:
        return ["log.bot_plays" if bot else "log.plays",
                {"who": who, "move": game.public_words(state, action)}]
    args: dict[str, Any] = {"who": who, "marble": marble_words(game, rules.mover(state, action)),
                            "from": game.hole_words(options, path[0]),
                            "to": game.hole_words(options, path[-1])}
    knocked = rules.knocked(state, action)
    if knocked:
        args["knocked"] = listed([marble_words(game, seat) for _hole, seat in knocked])
        return ["log.move_for_knock" if bot else "log.move_knock", args]
    return ["log.move_for" if bot else "log.move", args]
