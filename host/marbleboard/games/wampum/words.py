"""Wampum's moves in words: phrases (``marbleboard.words``) whose texts, in every
language, are in ``words.json`` beside this module.

The villages are named as the game names them, by their value ("village 3a");
goods by their kind ("a Weapons card"). A bid's steps say what they do: the
village chosen, each card put in, the bid put down with its count.
"""

from __future__ import annotations

from typing import Any

from .actions import ADD, BID, DISCARD, MOVE
from .goods import KINDS, village_names
from .state import State

Phrase = list[Any]

P = "wampum."


def village_words(state: State, village: int) -> Phrase:
    return [P + "village." + village_names(state.opts.players)[village], []]


def card_words(kind: int) -> Phrase:
    return [P + "card." + KINDS[kind], []]


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "add a Weapons card to the bid"."""
    if action < ADD:
        return [P + "choose", {"village": village_words(state, action)}]
    if action < BID:
        return [P + "add", {"card": card_words(action - ADD)}]
    if action == BID:
        n = state.size[state.current]
        key = "bid.none" if n == 0 else "bid.one" if n == 1 else "bid"
        return [P + key, {"n": n}]
    if action < DISCARD:
        return [P + "move", {"village": village_words(state, action - MOVE)}]
    return [P + "discard", {"card": card_words(action - DISCARD)}]


def public_words(state: State, action: int) -> Phrase:
    """A legal action as the others may hear it: a card put into a face-down bid or
    thrown away face down is "a card", not its kind."""
    if ADD <= action < BID:
        return [P + "add.hidden", []]
    if action >= DISCARD:
        return [P + "discard.hidden", []]
    return action_words(state, action)


def outcome_words() -> Phrase:
    """The shuffle in words (what was dealt stays hidden)."""
    return [P + "shuffle", []]
