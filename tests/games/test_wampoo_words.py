"""Wampoo's moves and holes in words, English and French (games/wampoo/words.py).

Each fixed position names the rule sentence (docs/rules/wampoo.md) whose move it
words; the random games check every legal move of every position they reach.
"""

import random

import pytest
from wampoo_helpers import position
from words_checks import check_position_words, check_said

from marbleboard.board import get_board
from marbleboard.games.base import Game
from marbleboard.games.wampoo import Options
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import parse_action
from marbleboard.words import catalog, say


def words(state, text):
    """The move ``text`` of ``state`` in English and French."""
    phrase = WAMPOO.action_words(state, parse_action(state, text))
    return say(phrase, "en"), say(phrase, "fr")


CASES = [
    # "An Ace, King or Joker brings one marble from your START row onto your STARTER hole."
    ({}, "AS", "A RS-0",
     "Ace: bring a red marble out",
     "As : sortir une bille rouge"),
    # "A marble already there, of any colour, is knocked off."
    ({"B": "0,BS,BS,BS"}, "KS", "K RS-0",
     "King: bring a red marble out, knocking off the blue marble",
     "Roi : sortir une bille rouge, en renvoyant la bille bleue à la base"),
    # "2, 3, 5, 6, 8, 9, 10: that many forward", from the STARTER to a numbered hole.
    ({"R": "0,RS,RS,RS"}, "5S", "5 0-5",
     "5: move the red marble 5 holes forward",
     "5 : avancer la bille rouge de 5 trous"),
    # "A marble that lands where another marble is sends that marble back to its
    # owner's START row."
    ({"R": "10,RS,RS,RS", "G": "18,GS,GS,GS"}, "8S", "8 10-18",
     "8: move the red marble 8 holes forward, knocking off the green marble",
     "8 : avancer la bille rouge de 8 trous, en renvoyant la bille verte à la base"),
    # "4: 4 backwards", from the STARTER to just outside the HOME row.
    ({"R": "0,RS,RS,RS"}, "4S", "4 0-68",
     "4: move the red marble 4 holes back",
     "4 : reculer la bille rouge de 4 trous"),
    # "The 7 moves one marble seven forward and knocks off every marble in the holes
    # it passes and in the hole it lands on, whoever they belong to."
    ({"R": "12,15,RS,RS", "B": "14,16,BS,BS", "Y": "19,YS,YS,YS"}, "7S", "7 12-19",
     "7: move the red marble (12 holes past red's starter) 7 holes forward, knocking off 2 "
     "blue marbles, the red marble (15 holes past red's starter) and the yellow marble",
     "7 : avancer la bille rouge (12 trous après la sortie rouge) de 7 trous, en renvoyant "
     "2 billes bleues, la bille rouge (15 trous après la sortie rouge) et la bille jaune à "
     "la base"),
    # "Either 11 forward, or swap any two marbles on the track, of any players".
    ({"R": "12,RS,RS,RS", "B": "40,BS,BS,BS"}, "JS", "J 12<>40",
     "Jack: swap the red marble (12 holes past red's starter) with the blue marble (4 holes "
     "past yellow's starter)",
     "Valet : échanger la bille rouge (12 trous après la sortie rouge) avec la bille bleue "
     "(4 trous après la sortie jaune)"),
    ({"R": "12,RS,RS,RS", "B": "40,BS,BS,BS"}, "JS", "J 12-23",
     "Jack: move the red marble 11 holes forward",
     "Valet : avancer la bille rouge de 11 trous"),
    # "Joker: 20 forward (it may pass a protected marble)".
    ({"R": "10,RS,RS,RS", "B": "18!,BS,BS,BS"}, "X1", "X 10-30",
     "Joker: move the red marble 20 holes forward",
     "Joker : avancer la bille rouge de 20 trous"),
    # "Moving into and within HOME needs the exact count".
    ({"R": "66,RS,RS,RS"}, "3S", "3 66-R1",
     "3: move the red marble 3 holes forward, into its home",
     "3 : avancer la bille rouge de 3 trous, jusque dans sa maison"),
    ({"R": "R1,RS,RS,RS"}, "2S", "2 R1-R3",
     "2: move the red marble 2 holes on in its home",
     "2 : avancer la bille rouge de 2 trous dans sa maison"),
    # "they go on playing their cards for their partner's marbles" (option
    # partner_plays_on): red, all HOME, moves yellow's marble.
    ({"R": "R1,R2,R3,R4", "Y": "40,YS,YS,YS"}, "5S", "5 40-45",
     "5: move the yellow marble 5 holes forward",
     "5 : avancer la bille jaune de 5 trous"),
    # "If no card can be played, you throw your whole hand away".
    ({"R": "12,RS,RS,RS", "B": "18!,14,BS,BS"}, "7S", "fold",
     "No card can be played: throw the hand away",
     "Aucune carte ne peut être jouée : jeter la main"),
    ({"R": "5,RS,RS,RS"}, "QS", "Q 5-17",
     "Queen: move the red marble 12 holes forward",
     "Dame : avancer la bille rouge de 12 trous"),
]


@pytest.mark.parametrize("marbles, hand, move, english, french", CASES)
def test_each_kind_of_move_in_words(marbles, hand, move, english, french):
    assert words(position(marbles, hand), move) == (english, french)


def test_holes_in_words():
    options = Options()
    said = {hole: (say(WAMPOO.hole_words(options, hole), "en"),
                   say(WAMPOO.hole_words(options, hole), "fr"))
            for hole in ("track.12", "track.0", "track.54", "start.red.2", "home.blue.3")}
    # Where each is, found from the marked holes: no hole of the board is numbered.
    assert said == {
        "track.12": ("12 holes past red's starter", "12 trous après la sortie rouge"),
        "track.0": ("on red's starter", "sur la sortie rouge"),
        "track.54": ("on green's starter", "sur la sortie verte"),
        "start.red.2": ("in red's start", "dans la base rouge"),
        "home.blue.3": ("in blue's home, hole 3", "dans la maison bleue, case 3"),
    }
    one = WAMPOO.hole_words(options, "track.19")
    assert (say(one, "en"), say(one, "fr")) == ("1 hole past blue's starter",
                                                "1 trou après la sortie bleue")


def test_every_hole_of_the_board_has_words():
    options = Options()
    holes = sorted(h.id for h in get_board("wampoo").holes)
    assert set(holes) == WAMPOO.marbles.holes(options)
    for lang in ("en", "fr"):
        said = {hole: say(WAMPOO.hole_words(options, hole), lang) for hole in holes}
        for text in said.values():
            check_said(text, "wampoo")
        # Holes are told apart, but for a START row, where any hole will do.
        distinct = {text for hole, text in said.items() if not hole.startswith("start.")}
        assert len(distinct) == len([h for h in holes if not h.startswith("start.")])


@pytest.mark.parametrize("hole", ["track.72", "track.-1", "home.red.5", "start.purple.1",
                                  "centre", "track", ""])
def test_a_hole_the_board_does_not_have_is_refused(hole):
    with pytest.raises(ValueError, match="no hole"):
        WAMPOO.hole_words(Options(), hole)


def test_the_last_resort_for_a_hole_is_its_id():
    # What a game that gives its holes no words shows: the board file's id.
    assert Game.hole_words(WAMPOO, Options(), "track.3") == ["move", {"text": "track.3"}]


def test_every_rule_choice_has_a_name_in_every_language():
    names = catalog()
    for choice in WAMPOO.rule_choices():
        for lang in ("en", "fr"):
            assert names[lang][f"wampoo.option.{choice}"]


def test_the_deals_in_words():
    # "An arbitrary dealer deals cards to each player until someone is dealt a
    # Spade": red deals from its left, so blue gets the first card, a spade.
    state = WAMPOO.new_state(Options())
    spade_first = tuple(range(54))
    phrase = WAMPOO.outcome_words(state, spade_first)
    assert say(phrase, "en") == "Cards are dealt until a spade: blue deals first"
    assert say(phrase, "fr") == "On distribue jusqu'à un pique : bleu donne en premier"
    state.apply_chance(spade_first)
    phrase = WAMPOO.outcome_words(state, spade_first)
    assert say(phrase, "en") == "The deck is shuffled and blue deals"
    assert say(phrase, "fr") == "Le paquet est mélangé et bleu donne"


@pytest.mark.parametrize("options, seed", [
    ({"players": 2}, 1), ({"players": 2}, 2), ({"players": 4}, 3), ({"players": 4}, 4),
    ({"players": 3}, 5), ({"players": 4, "teams": False}, 6),
    # A marble that may pass its HOME entry has two moves with one card, into HOME
    # or on round the track: their words differ.
    ({"players": 2, "pass_home_entry": True}, 7),
    ({"players": 4, "pass_home_entry": True, "seven_into_home": False}, 8)])
def test_every_legal_move_of_random_games_has_words_that_tell_it_apart(options, seed):
    rng = random.Random(seed)
    state = WAMPOO.new_state(Options(**options))
    steps = 0
    while not state.is_over():
        if state.is_chance():
            outcome = state.chance_due().draw(rng)
            for lang in ("en", "fr"):
                check_said(say(WAMPOO.outcome_words(state, outcome), lang), "wampoo")
            state.apply_chance(outcome)
            continue
        check_position_words(WAMPOO, state, "wampoo")
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 50


def test_the_example_in_the_games_page_is_what_the_game_says(root):
    text = (root / "docs" / "games.md").read_text()
    state = position({"R": "12,RS,RS,RS", "B": "40,BS,BS,BS"}, "JS")
    phrase = WAMPOO.action_words(state, parse_action(state, "J 12<>40"))
    assert phrase == ["wampoo.play", {"card": "wampoo.rank.11", "move": [
        "wampoo.swap", {"a": ["wampoo.marble_on.red", [["wampoo.past.red", {"n": 12}]]],
                        "b": ["wampoo.marble_on.blue", [["wampoo.past.yellow", {"n": 4}]]]}]}]
    english, french = words(state, "J 12<>40")
    flat = " ".join(text.split())
    assert f'`say(phrase, "en")` is "{english}"' in flat
    assert f'`say(phrase, "fr")` "{french}"' in flat


def test_going_round_again_reads_apart_from_going_home():
    # "A marble that reaches its own HOME entry may go round again instead"
    # (option pass_home_entry): one card, one marble, two moves.
    state = position({"R": "66,RS,RS,RS"}, "3S", pass_home_entry=True)
    assert words(state, "3 66-R1")[0] == "3: move the red marble 3 holes forward, into its home"
    assert words(state, "3 66-69") == ("3: move the red marble 3 holes forward",
                                       "3 : avancer la bille rouge de 3 trous")
