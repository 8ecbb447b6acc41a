"""The bots on Stomple: legal moves from their seat's view, an evaluation that
knows a trapped Stomper, and greedy well ahead of random."""

import random

import pytest
from stomple_helpers import play, position

from marbleboard.bots import GreedyBot, RandomBot, SearchBot
from marbleboard.bots.commands import play_game
from marbleboard.games.stomple import Options
from marbleboard.games.stomple.evaluate import evaluate, freedom, shares
from marbleboard.games.stomple.game import STOMPLE


@pytest.mark.parametrize("bot", [RandomBot(STOMPLE, random.Random(1)),
                                 GreedyBot(STOMPLE, random.Random(1)),
                                 SearchBot(STOMPLE, random.Random(1), iterations=50)])
def test_a_bot_plays_a_legal_move_from_its_view(bot):
    state = position("Yc3 Yc4 Wf6 Ra7 *b2", stompers="Wd4,Rb1,P-")
    assert bot.choose(STOMPLE.view(state, 0)) in state.legal_actions()


def test_a_trapped_stomper_has_no_share_of_the_round():
    # Blue on a1 with nothing round it and no blue anywhere is out at its turn.
    state = position("Yc3 Yc4 Wf6 Ra7", stompers="Wd4,Ba1")
    assert freedom(state, 1) == 0 and shares(state) == {0: 1.0, 1: 0.0}
    assert evaluate(state, 0) == state.round_points() == -evaluate(state, 1)


def test_greedy_traps_an_opponent_when_it_can():
    # White on c1 may stomp b2, the last marble next to blue on a1 (no blue to hop
    # to): blue is then out, and white wins the round at once.
    state = position("Rb2 Yd2 Gd1 Pa3", stompers="Wc1,Ba1")
    bot = GreedyBot(STOMPLE, random.Random(1))
    assert STOMPLE.action_text(state, bot.choose(STOMPLE.view(state, 0))) == "Rb2"
    play(state, "Rb2", "out")
    assert state.rounds == [(0, 3 + 3)]


def test_the_won_game_is_worth_most():
    state = position("Rg7", stompers="Wd4,Ba1", turn="2", scores="39,0")
    play(state, "out")
    assert state.winners == (0,)
    assert evaluate(state, 0) == 1000 and evaluate(state, 1) == -1000


def test_when_all_are_trapped_the_last_to_have_played_is_left():
    # White has just stomped b2, leaving itself and blue with nothing round them:
    # blue, to play, goes out first.
    state = position("Rb2 Pg7", stompers="Wc1,Ba1")
    play(state, "Rb2")
    assert freedom(state, 0) == freedom(state, 1) == 0
    assert shares(state) == {0: 1.0, 1: 0.0}


def test_greedy_beats_random():
    # Forty two-player games to 40 points, seats swapped each game; greedy wins
    # about nine in ten.
    options = Options(players=2)
    wins = 0
    for seed in range(40):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play_game(STOMPLE, specs, options, random.Random(seed))
        wins += (seed % 2) in state.winners
    assert wins >= 30


def test_seeded_bot_games_are_repeatable():
    a, record_a = play_game(STOMPLE, ["greedy", "random"], Options(players=4),
                            random.Random(7))
    b, record_b = play_game(STOMPLE, ["greedy", "random"], Options(players=4),
                            random.Random(7))
    assert record_a.moves == record_b.moves and a.winners == b.winners
