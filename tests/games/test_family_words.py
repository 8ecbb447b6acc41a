"""What a family reads of a marble game's moves and holes names nothing the board
does not show: no notation ("7 12-19", "J 12<>40") and no hole number ("from 12 to
19"). A number in the words is a card or a roll, holes counted ("3 holes past
blue's starter"), a HOME row's hole counted from its entry, marbles counted ("2
blue marbles"), or a grid's holes counted along an arrow ("3↙ from the centre").
Every legal move of seeded random games is read, in both languages, and every
hole of each board."""

import random
import re

import pytest

from marbleboard.board import get_board
from marbleboard.games.registry import get_game
from marbleboard.words import say

# The numbers the words may hold, each with what it counts; what is left of a text
# once they are taken out must hold no digit.
COUNTED = re.compile(
    r"^\d+ ?:"  # the card or the roll the move is made with ("7: ...")
    r"|\b\d+ (holes?|trous?)\b"  # holes counted along the way
    r"|\b(hole|case) [1-4]\b"  # a HOME row's hole, from its entry
    r"|\b\d+ (\w+ marbles|billes \w+)\b"  # marbles knocked off together
    r"|\b\d+[↑↓←→↖↗↙↘]")  # a grid's holes counted along an arrow


def uncounted(text):
    return re.findall(r"\d+", COUNTED.sub("", text))


@pytest.mark.parametrize(("game", "options", "seed"), [
    ("wampoo", {"players": 4}, 1), ("wampoo", {"players": 2, "pass_home_entry": True}, 2),
    ("wahoo", {"players": 4}, 3), ("wahoo", {"players": 2}, 4),
    ("stomple", {"players": 3}, 5), ("fiveinarow", {}, 6)])
def test_every_move_of_random_games_reads_without_numbers_the_board_does_not_show(
        game, options, seed):
    g = get_game(game)
    rng = random.Random(seed)
    state = g.new_state(g.options(options))
    read = 0
    while not state.is_over():
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
            continue
        for action in state.legal_actions():
            notation = g.action_text(state, action)
            for lang in ("en", "fr"):
                said = say(g.action_words(state, action), lang)
                assert notation not in said or notation in ("fold", "pass", "out"), (notation, said)
                assert uncounted(said) == [], (notation, lang, said)
                read += 1
        state.apply(rng.choice(state.legal_actions()))
    assert read > 500


@pytest.mark.parametrize(("game", "layout"), [("wampoo", "wampoo"), ("wahoo", "wahoo"),
                                              ("wahoo", "wahoo6"), ("stomple", "stomple"),
                                              ("fiveinarow", "stomple")])
def test_every_hole_reads_from_the_holes_the_board_marks(game, layout):
    g = get_game(game)
    options = g.marbles.fit({"players": 2}, layout) if g.marbles else {}
    options = g.options(options)
    for hole in get_board(layout).holes:
        for lang in ("en", "fr"):
            said = say(g.hole_words(options, hole.id), lang)
            assert uncounted(said) == [], (hole.id, lang, said)
