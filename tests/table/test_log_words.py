"""The log's words for holes and for a move someone must make with the marbles."""

import random

from conftest import WAMPOO

from marbleboard import words
from marbleboard.games.fairness import ChanceSource
from marbleboard.table.logwords import hole_words, move_line, plain_hole_words


def test_holes_a_game_does_not_name_are_named_from_their_ids_in_both_languages():
    said = {h: [words.say(plain_hole_words(h), lang) for lang in ("en", "fr")]
            for h in ("track.12", "start.red.1", "home.blue.2", "lamp.3")}
    assert said == {"track.12": ["hole 12", "la case 12"],
                    "start.red.1": ["red's start row", "la ligne de départ de rouge"],
                    "home.blue.2": ["blue's home hole 2", "la case 2 de la maison de bleu"],
                    "lamp.3": ["hole lamp.3", "la case lamp.3"]}


def test_a_move_known_before_it_is_made_says_whose_marble_goes_where():
    options = WAMPOO.options({"players": 2})
    state = WAMPOO.new_state(options)
    source = ChanceSource(random.Random(1))  # the same deal every time
    while state.is_chance():
        state.apply_chance(source.draw(state.chance_due(), WAMPOO.outcome_text).values)
    rules = WAMPOO.marbles
    players = {0: "Anna", 2: "Bob"}
    for action in state.legal_actions():
        path = rules.path(state, action)
        line = move_line(WAMPOO, options, state, action, players)
        if len(path) >= 2 and not rules.knocked(state, action):
            assert line[0] == "log.move_marble"
            who = players[state.current]
            assert words.say(line, "en") == (
                f"For {who}: move {players[rules.mover(state, action)]}'s marble from "
                f"{words.say(hole_words(WAMPOO, options, path[0]))} to "
                f"{words.say(hole_words(WAMPOO, options, path[-1]))}")
            return
    raise AssertionError("no move of one marble in the first deal")
