"""The log's words for a move someone must make with the marbles.

A move is said in the game's own words, which say what a person sees on the board
("Anna: 7: move the red marble 7 holes forward"), addressed to the player by name;
a bot's is addressed to whoever carries it out for the bot ("For Bob: ...").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..games.base import Game, GameState
from ..words import Phrase


def listed(items: Sequence[Phrase]) -> Phrase:
    """Phrases said as one list: "a", "a and b", "a, b and c"."""
    said = items[-1]
    for i, item in enumerate(reversed(items[:-1])):
        said = ["log.and" if i == 0 else "log.comma", [item, said]]
    return said


def move_line(game: Game, options: Any, state: GameState, action: int,
              players: dict[int, str], bot: bool = False) -> Phrase:
    """The log line for a move: what to do, in the game's words, addressed to the
    seat to play by its player's name (``players``: seat -> name). A marble moved
    from one hole to another (or a Stomper's stomp) is an act to carry out ("Anna:
    ...", "For Bob: ..."); a marble put in a hole, or a card, is a move played
    ("Anna: play a marble in d4")."""
    rules = game.marbles
    who = players[state.current]
    path = rules.path(state, action) if rules is not None else []
    move = game.public_words(state, action)
    if rules is not None and (rules.palette or len(path) >= 2):
        return ["log.act_for" if bot else "log.act", {"who": who, "move": move}]
    return ["log.bot_plays" if bot else "log.plays", {"who": who, "move": move}]
