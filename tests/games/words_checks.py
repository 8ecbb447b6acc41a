"""Checks shared by the games' word tests: a text fully said, and the legal moves
of a position told apart in every language."""

import re

from marbleboard.words import LANGUAGES, catalog, say

UNFILLED = re.compile(r"\{\w*\}")


def check_said(text, game):
    """``text`` is a phrase fully said: no ``{field}`` left unfilled, no key of the
    game's catalog left raw."""
    assert text, "an empty text"
    assert not UNFILLED.search(text), text
    assert f"{game}." not in text, text
    assert text not in catalog()["en"], text


def check_position_words(game, state, prefix):
    """Every legal move of ``state`` has words in every language, and no two of them
    read the same: a player must be able to tell them apart."""
    legal = state.legal_actions()
    for lang in LANGUAGES:
        texts = [say(game.action_words(state, a), lang) for a in legal]
        for text in texts:
            check_said(text, prefix)
        assert len(set(texts)) == len(texts), (lang, sorted(texts))
