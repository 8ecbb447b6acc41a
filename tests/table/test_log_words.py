"""The log's words for a move someone must make with the marbles: addressed to the
player by name, the marble by its colour, the holes as the game names them."""

import random

from conftest import WAMPOO

from marbleboard import words
from marbleboard.games.fairness import ChanceSource
from marbleboard.table.logwords import listed, move_line


def first_deal(options):
    state = WAMPOO.new_state(options)
    source = ChanceSource(random.Random(1))  # the same deal every time
    while state.is_chance():
        state.apply_chance(source.draw(state.chance_due(), WAMPOO.outcome_text).values)
    return state


def test_a_move_to_make_names_the_player_the_marble_and_the_holes():
    options = WAMPOO.options({"players": 2})
    state = first_deal(options)
    rules = WAMPOO.marbles
    players = {0: "Anna", 2: "Bob"}
    for action in state.legal_actions():
        path = rules.path(state, action)
        if len(path) < 2 or rules.knocked(state, action):
            continue
        who = players[state.current]
        colour = WAMPOO.seat_names[rules.mover(state, action)]
        start, end = (words.say(WAMPOO.hole_words(options, h)) for h in (path[0], path[-1]))
        assert words.say(move_line(WAMPOO, options, state, action, players)) == (
            f"{who}: move the {colour} marble from {start} to {end}")
        assert words.say(move_line(WAMPOO, options, state, action, players, bot=True)) == (
            f"For {who}: move the {colour} marble from {start} to {end}")
        assert words.say(move_line(WAMPOO, options, state, action, players), "fr") == (
            f"{who} : déplacez la bille {words.say(colour, 'fr')} de "
            f"{words.say(WAMPOO.hole_words(options, path[0]), 'fr')} à "
            f"{words.say(WAMPOO.hole_words(options, path[-1]), 'fr')}")
        return
    raise AssertionError("no move of one marble in the first deal")


def test_marbles_knocked_together_are_listed():
    a, b, c = (["wampoo.marble." + s] for s in ("red", "blue", "green"))
    assert words.say(listed([a])) == "the red marble"
    assert words.say(listed([a, b])) == "the red marble and the blue marble"
    assert words.say(listed([a, b, c]), "fr") == "la bille rouge, la bille bleue et la bille verte"
