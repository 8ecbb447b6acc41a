"""The bots on Wampum: legal moves from their seat's view, an evaluation that
counts the bid's trade, and greedy well ahead of random."""

import random

import pytest
from wampum_helpers import play, position

from marbleboard.bots import GreedyBot, RandomBot, SearchBot
from marbleboard.bots.commands import play_game
from marbleboard.games.wampum import Options
from marbleboard.games.wampum.evaluate import evaluate, worth
from marbleboard.games.wampum.game import WAMPUM


def busy():
    return play(position(["WW", "AAA", "TTT", "GGGG"], ["WWATF", "AAAFF", "TTTTG", "TGGGG"]),
                "@3a +W +W bid", "@3b +A")


@pytest.mark.parametrize("bot", [RandomBot(WAMPUM, random.Random(1)),
                                 GreedyBot(WAMPUM, random.Random(1)),
                                 SearchBot(WAMPUM, random.Random(1), iterations=50)])
def test_a_bot_plays_a_legal_move_from_its_view(bot):
    state = busy()
    view = WAMPUM.view(state, state.current)
    assert "?" in view.position
    assert bot.choose(view) in state.legal_actions()


def test_a_bid_of_one_kind_no_village_wants_counts_as_wampums():
    # four W at village 3b (TTT): 3 wampums; a T there would trade instead
    state = play(position(["WW", "AAA", "TTT", "GGGG"], ["WWWWT", "AAAFF", "TTTTG", "TGGGG"]),
                 "@3b +W +W +W +W")
    assert worth(state, 0) == pytest.approx(3 + 0.6 + 0.3)
    play(state, "+T")
    assert worth(state, 0) == pytest.approx(0.6 * 3 + 0.3)  # TTT come into the hand


def test_greedy_makes_wampums_of_a_kind_the_village_lacks():
    state = position(["WW", "AAA", "TTT", "GGGG"], ["WWWWT", "AAAFF", "TTTTG", "TGGGG"])
    bot = GreedyBot(WAMPUM, random.Random(1))
    steps = []
    while state.current == 0:
        action = bot.choose(WAMPUM.view(state, 0))
        steps.append(WAMPUM.action_text(state, action))
        state.play(action)
    assert steps[-1] == "bid" and state.bid(0)[0] == 4 and sum(state.bid(0)) == 4


def test_the_won_game_is_worth_most():
    state = position(["WA", "TTT", "GGGG"], ["WWWAT", "GGFF"], chests=["-", "WWA"])
    state.winners = (1,)
    assert evaluate(state, 1) == 1000 and evaluate(state, 0) == -1000


def test_greedy_beats_random():
    # Forty two-player games, seats swapped each game: greedy wins nearly all.
    options = Options(players=2)
    wins = 0
    for seed in range(40):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play_game(WAMPUM, specs, options, random.Random(seed))
        wins += state.winners == (seed % 2,)
    assert wins >= 34


def test_seeded_bot_games_are_repeatable():
    a, record_a = play_game(WAMPUM, ["greedy", "random"], Options(players=4), random.Random(7))
    b, record_b = play_game(WAMPUM, ["greedy", "random"], Options(players=4), random.Random(7))
    assert record_a.moves == record_b.moves and a.winners == b.winners
