"""Wump Rummy's moves in words, English and French: each kind of move, and every
legal move of random matches told apart from the others in every language."""

import pytest
from words_checks import check_position_words, check_said
from wumprummy_helpers import play, position, random_steps

from marbleboard.games.wumprummy import Options
from marbleboard.games.wumprummy.game import WUMPRUMMY
from marbleboard.words import LANGUAGES, say


def said(state, text, lang):
    return say(WUMPRUMMY.action_words(state, WUMPRUMMY.parse_action(state, text)), lang)


@pytest.mark.parametrize("lang, take, place, sweep", [
    ("en", "take the 3 of hearts with the 3 of spades", "put the Queen of diamonds in the centre",
     "take the King of diamonds with the Ace of diamonds, and the whole centre"),
    ("fr", "prendre le 3 de cœur avec le 3 de pique", "poser la dame de carreau au centre",
     "prendre le roi de carreau avec l'as de carreau, et tout le centre"),
])
def test_each_kind_of_move_in_each_language(lang, take, place, sweep):
    state = position("3SQD,KCKS", centre="3H", deck=8)
    assert said(state, "3Sx3H", lang) == take
    state = position("3SQD,KCKS", centre="9C", deck=8)
    assert said(state, "QD", lang) == place
    state = position("5S,AD", centre="KD9S", deck="-", dealer=2, turn=1)
    play(state, "5Sx9S")  # the last card of seat 2 is the game's last play
    assert said(state, "ADxKD", lang) == sweep


def test_every_card_has_its_words():
    values = "A23456789TJQK"
    for lang in LANGUAGES:
        texts = set()
        for v in values:
            for s in "SHDC":
                state = position(f"{v}{s},{'2S' if v + s != '2S' else '3S'}", centre="-")
                text = said(state, v + s, lang)
                check_said(text, "wumprummy")
                texts.add(text)
        assert len(texts) == 52


def test_the_shuffle_in_words():
    state = WUMPRUMMY.new_state(Options(players=2))
    assert say(WUMPRUMMY.outcome_words(state, range(52)), "en") == "The deck is shuffled and dealt"
    assert say(WUMPRUMMY.outcome_words(state, range(52)), "fr") == (
        "Le paquet est mélangé et distribué")


@pytest.mark.parametrize("seed", range(3))
def test_the_legal_moves_of_random_matches_are_told_apart(seed):
    options = Options(players=2 + seed, games_to_win=2)
    for before, action, _after in random_steps(options, seed):
        if action is not None:
            check_position_words(WUMPRUMMY, before, "wumprummy")
