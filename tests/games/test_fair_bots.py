"""Bots are fair by construction: a bot is handed its seat's view, the position
with everything the seat may not see hidden. Deal the hidden cards differently
(the other hands, the deck, the bids face down) and the view is the same, and
every level chooses the same move from it."""

import random

import pytest

from marbleboard.bots import SearchBot, make_bot
from marbleboard.games.registry import get_game

# The games with something hidden from a seat, and seat counts (Wampoo's learned
# evaluation is for two players).
HIDDEN = [("wampoo", 4), ("wampoo", 2), ("wumprummy", 3), ("wampum", 3)]


def positions(game, players, seed, count=6):
    """Positions of a seeded random game where the seat to play has a choice."""
    rng = random.Random(seed)
    state = game.new_state(game.options({"players": players}))
    found = []
    while not state.is_over() and len(found) < count:
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
            continue
        if len(state.legal_actions()) >= 2 and rng.random() < 0.2:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("name", "players"), HIDDEN)
def test_hidden_cards_dealt_otherwise_change_no_bots_choice(name, players):
    game = get_game(name)
    checked = 0
    for state in positions(game, players, seed=3):
        seat = state.current
        view = game.view(state, seat)
        # The same seat's knowledge, the rest dealt again at random.
        other = game.sample(view, random.Random(11))
        assert game.view(other, seat) == view
        if game.state_to_json(other) == game.state_to_json(state):
            continue  # nothing hidden from this seat was dealt otherwise
        checked += 1
        for level in ("beginner", "family", "lookahead", "greedy+learned",
                      "lookahead+learned"):
            here = make_bot(level, game, random.Random(5)).choose(view)
            there = make_bot(level, game, random.Random(5)).choose(game.view(other, seat))
            assert here == there, (level, view.position)
        here = SearchBot(game, random.Random(5), iterations=60).choose(view)
        there = SearchBot(game, random.Random(5), iterations=60).choose(game.view(other, seat))
        assert here == there, ("search", view.position)
    assert checked >= 3
