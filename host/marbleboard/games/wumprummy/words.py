"""Wump Rummy's moves in words: phrases (``marbleboard.words``) whose texts, in
every language, are in ``words.json`` beside this module.

A claim names the centre card taken and the hand card that takes it, "take the
3 of hearts with the 3 of spades"; the last play of a game that takes the whole
centre says so; a card put in the centre is "put the 5 of diamonds in the
centre". Cards are said by value and suit, as the notation's two characters.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUITS
from .state import PLACE, State

Phrase = list[Any]

P = "wumprummy."


def card_words(card: int) -> Phrase:
    """A card in words: "the Queen of hearts", "la dame de cœur"."""
    return [P + "card", {"rank": P + f"rank.{card // 4 + 1}",
                         "suit": P + "suit." + SUITS[card % 4]}]


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words."""
    card, target = action >> 6, action & 63
    if target == PLACE:
        return [P + "place", {"card": card_words(card)}]
    kind = "sweep" if state.last_play() else "take"
    return [P + kind, {"card": card_words(card), "target": card_words(target)}]


def outcome_words() -> Phrase:
    """The shuffle in words (the deck itself stays secret until the match ends)."""
    return [P + "shuffle", []]
