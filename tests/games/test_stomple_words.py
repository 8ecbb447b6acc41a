"""Stomple's moves in words, English and French: each kind of move, and every
legal move of random games told apart from the others in every language."""


import pytest
from stomple_helpers import play, position, random_steps

from marbleboard.games.stomple import OUT, Options
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.words import LANGUAGES, catalog, say


def said(state, text, lang):
    action = STOMPLE.parse_action(state, text)
    return say(STOMPLE.action_words(state, action), lang)


@pytest.mark.parametrize("lang, first, stomp, string, hop, out", [
    ("en", "stomp the yellow marble 3↓ 1← from the centre, in the outer row",
     "stomp the Bonus Point marble next to your Stomper, ↗",
     "follow the string: stomp the yellow marble next to your Stomper, ↑",
     "hop to the white marble 3↗ from your Stomper and stomp it",
     "Nothing to stomp: out for the round"),
    ("fr", "écraser la bille jaune à 3↓ 1← du centre, sur le bord",
     "écraser la bille bonus à côté de votre pilon, ↗",
     "suivre la chaîne : écraser la bille jaune à côté de votre pilon, ↑",
     "sauter sur la bille blanche à 3↗ de votre pilon et l'écraser",
     "Rien à écraser : hors jeu pour cette manche"),
])
def test_each_kind_of_move_in_each_language(lang, first, stomp, string, hop, out):
    """Rule text: "Stomp ANY marble in the outer row" on a first turn; later "stomp
    any color marble that's adjacent to your Stomper", or "hop to and stomp any
    marble on the board that matches the color" of the Stomper. The
    words find the hole as the board shows it: from the centre before the
    Stomper stands, then from the Stomper (arrows as the screens draw the grid)."""
    state = position("Yc1 Yc2 *e5 Wg7 Ra4", stompers="W-,R-")
    assert said(state, "Yc1", lang) == first
    play(state, "Yc1")
    assert said(state, "Yc2", lang) == string
    state = position("*e5 Wg7 Ra7", stompers="Wd4,R-")
    assert said(state, "*e5", lang) == stomp
    assert said(state, ">Wg7", lang) == hop
    trapped = position("Ra7", stompers="Wd4,R-")
    assert say(STOMPLE.action_words(trapped, OUT), lang) == out


def test_every_colour_has_its_words():
    for lang in LANGUAGES:
        for letter in "RYGBPW*":
            text = said(position(f"{letter}e5", stompers="Bd4,R-"), "e5", lang)
            assert "{" not in text and "stomple." not in text, text


def test_the_chance_outcomes_in_words():
    state = STOMPLE.new_state(Options(players=2))
    assert say(STOMPLE.outcome_words(state, range(49)), "en") == "The marbles are spread out"
    state.apply_chance(range(49))
    assert say(STOMPLE.outcome_words(state, range(6)), "fr") == "Les pilons sont tirés"


@pytest.mark.parametrize("seed", range(4))
def test_the_legal_moves_of_random_games_are_told_apart(seed):
    for before, action, _after in random_steps(Options(players=2 + seed), seed):
        if action is None:
            continue
        for lang in LANGUAGES:
            texts = [say(STOMPLE.action_words(before, a), lang)
                     for a in before.legal_actions()]
            assert len(set(texts)) == len(texts), texts
            for text in texts:
                assert "{" not in text and text not in catalog()["en"], text
