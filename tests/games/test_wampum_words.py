"""Wampum's moves in words, English and French: each kind of step, and every
legal move of random games told apart from the others in every language."""

import pytest
from wampum_helpers import play, position, random_steps
from words_checks import check_position_words

from marbleboard.games.wampum import Options
from marbleboard.games.wampum.game import WAMPUM
from marbleboard.words import catalog, say


def said(state, text, lang):
    return say(WAMPUM.action_words(state, WAMPUM.parse_action(state, text)), lang)


@pytest.mark.parametrize("lang, choose, add, bid, one, move, discard", [
    ("en", "bid at village 3a", "add a Weapons card to the bid",
     "put the bid of 2 cards down, face down", "put the bid of 1 card down, face down",
     "chased off: take the trader and its bid to village 4",
     "throw away a Furs card (hand limit)"),
    ("fr", "miser sur le village 3a", "ajouter une carte Armes à la mise",
     "poser la mise de 2 cartes, face cachée", "poser la mise d'une carte, face cachée",
     "chassé : porter le négociant et sa mise sur le village 4",
     "défausser une carte Peaux (taille de la main)"),
])
def test_each_kind_of_step_in_each_language(lang, choose, add, bid, one, move, discard):
    state = position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"])
    assert said(state, "@3a", lang) == choose
    play(state, "@3a")
    assert said(state, "+W", lang) == add
    play(state, "+W")
    assert said(state, "bid", lang) == one
    play(state, "+T")
    assert said(state, "bid", lang) == bid
    play(state, "bid", "@3a +A +A +A bid")
    assert said(state, ">4", lang) == move
    state = position(["WW", "AAA", "TTT"], ["FFFFFFT", "GGGGGGG"], deck="WAAA")
    play(state, "@2 +F bid", "@3 +G bid")
    assert said(state, "-F", lang) == discard


def test_the_games_own_words_in_both_languages():
    words = catalog()
    assert words["fr"]["wampum.word.chest"] == "coffre"
    assert words["fr"]["wampum.word.bid"] == "mise"
    assert words["en"]["wampum.word.wampums"] == "wampums"
    assert words["fr"]["wampum.goods.grain"] == "Céréales"
    assert say(WAMPUM.outcome_words(WAMPUM.new_state(Options(players=2)), range(90)),
               "fr") == "Les marchandises sont mélangées et distribuées"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_legal_moves_of_random_games_are_told_apart(players):
    for before, action, _after in random_steps(Options(players=players), players):
        if action is not None:
            check_position_words(WAMPUM, before, "wampum")
