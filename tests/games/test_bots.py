"""Bots see only their seat's view, play legal moves, and play better as they think."""

import random

import pytest
from wampoo_helpers import position

from marbleboard.bots import GreedyBot, RandomBot, SearchBot, make_bot
from marbleboard.bots.commands import play_game
from marbleboard.games.base import View
from marbleboard.games.wampoo import Options, new_game
from marbleboard.games.wampoo.evaluate import evaluate
from marbleboard.games.wampoo.game import WAMPOO


def seat_view(state, seat):
    return WAMPOO.view(state, seat)


def test_bots_are_made_by_name():
    assert make_bot("random", WAMPOO).name == "random"
    assert make_bot("greedy", WAMPOO).name == "greedy"
    bot = make_bot("search:0.25", WAMPOO)
    assert isinstance(bot, SearchBot) and bot.think_s == 0.25
    with pytest.raises(ValueError, match="no bot called"):
        make_bot("clever", WAMPOO)


@pytest.mark.parametrize("bot", [RandomBot(WAMPOO, random.Random(1)),
                                 GreedyBot(WAMPOO, random.Random(1)),
                                 SearchBot(WAMPOO, random.Random(1), iterations=50)])
def test_a_bot_sees_only_its_view_and_plays_legally(bot):
    state = position({"R": "10,30,RS,RS", "B": "15,BS,BS,BS", "Y": "33,YS,YS,YS"}, "5SJS3H")
    view = seat_view(state, 0)
    assert isinstance(view, View) and "?" in view.position
    assert bot.choose(view) in state.legal_actions()


def test_greedy_knocks_an_opponent_off_rather_than_its_partner():
    state = position({"R": "10,RS,RS,RS", "B": "15,BS,BS,BS", "Y": "13,YS,YS,YS"}, "5S3S")
    bot = GreedyBot(WAMPOO, random.Random(1))
    from marbleboard.games.wampoo.notation import action_text

    assert action_text(state, bot.choose(seat_view(state, 0))) == "5 10-15 xB15"


def test_evaluation_prefers_progress_and_the_win():
    ahead = position({"R": "40,RS,RS,RS"}, "2S")
    behind = position({"R": "4,RS,RS,RS"}, "2S")
    assert evaluate(ahead, 0) > evaluate(behind, 0)
    won = position({"R": "R1,R2,R3,R4", "Y": "Y1,Y2,Y3,Y4"}, "2S")
    won.winners = (0, 2)
    assert evaluate(won, 0) == 1000 and evaluate(won, 1) == -1000


def test_search_counts_its_playouts_and_respects_a_fixed_budget():
    rng = random.Random(4)
    state = new_game(Options(players=4, first_dealer=0))
    while state.turns < 60 or state.is_chance() or len(state.legal_actions()) < 3:
        if state.is_chance():
            state.apply_shuffle(rng.sample(range(54), 54))
        else:
            state.apply(rng.choice(state.legal_actions()))
    bot = SearchBot(WAMPOO, random.Random(2), iterations=200)
    assert bot.choose(seat_view(state, state.current)) in state.legal_actions()
    assert bot.last_iterations == 200


def test_seeded_bot_games_are_repeatable():
    a, record_a = play_game(WAMPOO, ["greedy", "random"], Options(players=2), random.Random(7))
    b, record_b = play_game(WAMPOO, ["greedy", "random"], Options(players=2), random.Random(7))
    assert record_a.moves == record_b.moves and a.winners == b.winners


def test_greedy_beats_random():
    wins = 0
    for seed in range(12):
        state, _ = play_game(WAMPOO, ["greedy", "random"], Options(players=2), random.Random(seed))
        wins += state.winners == (0,)
    assert wins >= 10
