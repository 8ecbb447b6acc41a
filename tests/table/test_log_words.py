"""The log's words for a move someone must make with the marbles: addressed to the
player by name, the move in the game's own words, which say what a person sees on
the board (no hole numbers, no notation)."""

import random
import re

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


def test_a_move_to_make_names_the_player_and_says_the_move_in_the_games_words():
    options = WAMPOO.options({"players": 2})
    state = first_deal(options)
    players = {0: "Anna", 2: "Bob"}
    who = players[state.current]
    said = 0
    for action in state.legal_actions():
        if len(WAMPOO.marbles.path(state, action)) < 2:
            continue
        for lang, line, for_bot in (("en", "{who}: {move}", "For {who}: {move}"),
                                    ("fr", "{who} : {move}", "Pour {who} : {move}")):
            move = words.say(WAMPOO.action_words(state, action), lang)
            assert words.say(move_line(WAMPOO, options, state, action, players), lang) == (
                line.format(who=who, move=move))
            assert words.say(move_line(WAMPOO, options, state, action, players, bot=True),
                             lang) == for_bot.format(who=who, move=move)
            # What a family reads: no notation ("5 0-5") and no numbered hole.
            assert not re.search(r"\b(from|de) \d+ (to|à) \d+\b", move)
            assert WAMPOO.action_text(state, action) not in move
        said += 1
    assert said, "no move of a marble in the first deal"


def test_marbles_knocked_together_are_listed():
    a, b, c = (["wampoo.marble." + s] for s in ("red", "blue", "green"))
    assert words.say(listed([a])) == "the red marble"
    assert words.say(listed([a, b])) == "the red marble and the blue marble"
    assert words.say(listed([a, b, c]), "fr") == "la bille rouge, la bille bleue et la bille verte"
