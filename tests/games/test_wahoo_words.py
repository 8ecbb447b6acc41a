"""Wa-Hoo's moves, holes and rolls in words, English and French
(games/wahoo/words.py).

Each fixed position names the rule sentence (docs/rules/wa-hoo.md) whose move it
words; the random games check every legal move of every position they reach, on
both boards.
"""

import random

import pytest
from wahoo_helpers import position
from words_checks import check_position_words, check_said

from marbleboard.board import get_board
from marbleboard.games.wahoo import Options
from marbleboard.games.wahoo.game import WAHOO
from marbleboard.games.wahoo.notation import parse_action, parse_position
from marbleboard.words import catalog, say


def words(state, text):
    """The move ``text`` of ``state`` in English and French."""
    phrase = WAHOO.action_words(state, parse_action(state, text))
    return say(phrase, "en"), say(phrase, "fr")


CASES = [
    # "A 1 or a 6 may bring one marble from the Tribal Grounds onto the Starting
    # Position." "A 1 or a 6 that moved a marble gives another turn".
    ({}, 6, {}, "6 out",
     "6: bring a red marble out, then roll again",
     "6 : sortir une bille rouge, puis relancer le dé"),
    # "A marble on any Starting Position, its own included, is knocked back by an
    # opponent ... coming out onto it."
    ({"B": "0,BS,BS,BS"}, 1, {}, "1 out",
     "1: bring a red marble out, knocking back the blue marble, then roll again",
     "1 : sortir une bille rouge, en renvoyant la bille bleue à sa base, puis relancer le dé"),
    # "Landing on an opponent sends that marble back to its Tribal Grounds."
    ({"R": "12,RS,RS,RS", "B": "15,BS,BS,BS"}, 3, {}, "3 12-15",
     "3: move the red marble 3 holes forward, knocking back the blue marble",
     "3 : avancer la bille rouge de 3 trous, en renvoyant la bille bleue à sa base"),
    # "A marble that reaches its own entry turns into its Tee-Pee".
    ({"R": "50,RS,RS,RS"}, 3, {}, "3 50-R1",
     "3: move the red marble 3 holes forward, into its Tee-Pee",
     "3 : avancer la bille rouge de 3 trous, jusque dans sa maison"),
    # "Moving into and inside the Tee-Pee needs the exact count".
    ({"R": "R1,RS,RS,RS"}, 2, {}, "2 R1-R3",
     "2: move the red marble 2 holes on in its Tee-Pee",
     "2 : avancer la bille rouge de 2 trous dans sa maison"),
    # "A marble that stands on a pink arrow at the start of a turn may, instead of
    # moving along the Path, go clockwise from arrow to arrow".
    ({"R": "17,RS,RS,RS"}, 4, {}, "4 17>47",
     "4: take the short cut with the red marble, to end 2 holes past red's arrow",
     "4 : prendre le raccourci avec la bille rouge, pour finir 2 trous après la flèche rouge"),
    ({"R": "17,RS,RS,RS"}, 4, {}, "4 17-21",
     "4: move the red marble 4 holes forward",
     "4 : avancer la bille rouge de 4 trous"),
    # "A marble that stands one space beyond a pink arrow at the start of a turn
    # may, with a 4, go to the centre".
    ({"R": "4,RS,RS,RS"}, 4, {}, "4 4>C",
     "4: move the red marble into the centre",
     "4 : avancer la bille rouge jusqu'au centre"),
    # "From the centre it moves only with a 1, onto its own colour's arrow ... That 1
    # gives another turn as usual."
    ({"R": "C,RS,RS,RS"}, 1, {}, "1 C>45",
     "1: move the red marble out of the centre, to end on red's arrow, then roll again",
     "1 : sortir la bille rouge du centre, pour finir sur la flèche rouge, puis relancer le dé"),
    # "A roll that moves no marble is lost: the engine offers it as a single move,
    # pass".
    ({}, 3, {}, "pass",
     "3: no marble can move: pass",
     "3 : aucune bille ne peut avancer : passer"),
    # "The first player with all four marbles in its Tee-Pee wins": a 1 that wins
    # gives no other roll.
    ({"R": "R2,R3,R4,52"}, 1, {}, "1 52-R1",
     "1: move the red marble (7 holes past red's arrow) 1 hole forward, into its Tee-Pee",
     "1 : avancer la bille rouge (7 trous après la flèche rouge) d'un trou, jusque dans sa maison"),
    # "A player whose four marbles are all in its Tee-Pee goes on rolling ... for its
    # partner".
    ({"R": "R1,R2,R3,R4", "Y": "30,YS,YS,YS"}, 2, {"partners": True}, "2 30-32",
     "2: move the yellow marble 2 holes forward",
     "2 : avancer la bille jaune de 2 trous"),
    # Starting Positions by name, as the places the board marks.
    ({"R": "11,RS,RS,RS"}, 3, {}, "3 11-14",
     "3: move the red marble 3 holes forward",
     "3 : avancer la bille rouge de 3 trous"),
]


@pytest.mark.parametrize("marbles, roll, options, move, english, french", CASES)
def test_each_kind_of_move_in_words(marbles, roll, options, move, english, french):
    assert words(position(marbles, roll, **options), move) == (english, french)


def test_the_six_colour_board_names_its_own_colours():
    state = parse_position("6 RS,RS,RS,RS/BS,BS,BS,BS/YS,YS,YS,YS/GS,GS,GS,GS/"
                           "55,PS,PS,PS/OS,OS,OS,OS P 1 - 0")
    assert words(state, "1 55-56") == (
        "1: move the purple marble 1 hole forward, then roll again",
        "1 : avancer la bille violette d'un trou, puis relancer le dé")
    hole = WAHOO.hole_words(state.opts, "track.56")
    assert (say(hole, "en"), say(hole, "fr")) == ("on purple's Starting Position",
                                                  "sur la sortie violette")
    assert words(state, "1 out") == (
        "1: bring a purple marble out, then roll again",
        "1 : sortir une bille violette, puis relancer le dé")


def test_rolls_in_words():
    # "Every player rolls the die once, in seat order; the highest roll begins".
    state = WAHOO.new_state(Options())
    phrase = WAHOO.outcome_words(state, (3,))
    assert (say(phrase, "en"), say(phrase, "fr")) == (
        "rolls a 4 to see who goes first", "fait 4 pour savoir qui commence")
    state = position({}, None)
    phrase = WAHOO.outcome_words(state, (5,))
    assert (say(phrase, "en"), say(phrase, "fr")) == ("rolls a 6", "fait 6")


def test_holes_in_words():
    options = Options()
    said = {hole: (say(WAHOO.hole_words(options, hole), "en"),
                   say(WAHOO.hole_words(options, hole), "fr"))
            for hole in ("track.12", "track.14", "track.17", "centre", "start.red.2",
                         "home.green.4")}
    # Where each is, from the holes the board marks: no hole is numbered.
    assert said == {
        "track.12": ("9 holes past blue's arrow", "9 trous après la flèche bleue"),
        "track.14": ("on blue's Starting Position", "sur la sortie bleue"),
        "track.17": ("on yellow's arrow", "sur la flèche jaune"),
        "centre": ("in the centre", "au centre"),
        "start.red.2": ("in red's Tribal Grounds", "dans la base rouge"),
        "home.green.4": ("in green's Tee-Pee, hole 4", "dans la maison verte, case 4"),
    }


@pytest.mark.parametrize("board, players", [("wahoo", 4), ("wahoo6", 6)])
def test_every_hole_of_each_board_has_words(board, players):
    options = Options(players=players, board=board)
    holes = sorted(h.id for h in get_board(board).holes)
    assert set(holes) == WAHOO.marbles.holes(options)
    for lang in ("en", "fr"):
        said = {hole: say(WAHOO.hole_words(options, hole), lang) for hole in holes}
        for text in said.values():
            check_said(text, "wahoo")
        # Holes are told apart, but for the Tribal Grounds, where any hole will do.
        distinct = {text for hole, text in said.items() if not hole.startswith("start.")}
        assert len(distinct) == len([h for h in holes if not h.startswith("start.")])


@pytest.mark.parametrize("hole", ["track.56", "home.purple.1", "start.red.0", "centre.1",
                                  "track.x", ""])
def test_a_hole_the_four_colour_board_does_not_have_is_refused(hole):
    with pytest.raises(ValueError, match="no hole"):
        WAHOO.hole_words(Options(), hole)


def test_every_rule_choice_has_a_name_in_every_language():
    names = catalog()
    assert WAHOO.rule_choices()
    for choice in WAHOO.rule_choices():
        for lang in ("en", "fr"):
            assert names[lang][f"wahoo.option.{choice}"]


@pytest.mark.parametrize("options, seed", [
    ({"players": 2}, 1), ({"players": 2}, 2), ({"players": 4}, 3),
    ({"players": 4, "partners": True}, 4), ({"players": 6}, 5),
    ({"players": 4, "board": "wahoo6", "partners": True}, 6)])
def test_every_legal_move_of_random_games_has_words_that_tell_it_apart(options, seed):
    rng = random.Random(seed)
    state = WAHOO.new_state(Options(**options))
    steps = 0
    while not state.is_over():
        if state.is_chance():
            outcome = state.chance_due().draw(rng)
            for lang in ("en", "fr"):
                check_said(say(WAHOO.outcome_words(state, outcome), lang), "wahoo")
            state.apply_chance(outcome)
            continue
        check_position_words(WAHOO, state, "wahoo")
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 50
