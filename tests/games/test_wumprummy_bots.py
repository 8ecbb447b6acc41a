"""The bots on Wump Rummy: legal moves from their seat's view (the deck guessed,
everything else seen), an evaluation that sees the claim ready at the next turn,
and greedy well ahead of random."""

import random

import pytest
from wumprummy_helpers import play, position

from marbleboard.bots import GreedyBot, RandomBot, SearchBot
from marbleboard.bots.commands import play_game
from marbleboard.games.wumprummy import Options
from marbleboard.games.wumprummy.evaluate import GAME, READY, WIN, can_claim, evaluate
from marbleboard.games.wumprummy.game import WUMPRUMMY


@pytest.mark.parametrize("bot", [RandomBot(WUMPRUMMY, random.Random(1)),
                                 GreedyBot(WUMPRUMMY, random.Random(1)),
                                 SearchBot(WUMPRUMMY, random.Random(1), iterations=50)])
def test_a_bot_plays_a_legal_move_from_its_view(bot):
    state = position("3H5D,JH,4HQD", centre="5H9S", deck=20, turn=3, dealer=1)
    assert bot.choose(WUMPRUMMY.view(state, 2)) in state.legal_actions()


def test_the_evaluation_counts_games_cards_and_a_claim_ready():
    state = position("3H5D,3SJH", centre="9C", claimed="ASAH,-", deck=20, wins="1,0",
                     game="2.1")
    # Seat 1 leads by a game; the 20 cards not in the deck go round the piles.
    lead = state.claimed[0].bit_count() - state.claimed[1].bit_count()
    assert not can_claim(state, 0) and not can_claim(state, 1)
    assert evaluate(state, 0) == GAME + lead == -evaluate(state, 1)
    state = position("3H5D,3SJH", centre="9H", claimed="ASAH,-", deck=20, wins="1,0",
                     game="2.1")
    assert can_claim(state, 0) and can_claim(state, 1)  # 3H and JH take the 9H
    assert evaluate(state, 0) == GAME + lead + READY - READY


def test_greedy_puts_out_the_card_nobody_can_take():
    # Seat 1 cannot take the 9C: the 3H would be taken by seat 2's 3S (or JH), the
    # 5D by nobody (seat 2 holds 3S JH).
    state = position("3H5D,3SJH", centre="9C", deck=20)
    bot = GreedyBot(WUMPRUMMY, random.Random(1))
    assert WUMPRUMMY.action_text(state, bot.choose(WUMPRUMMY.view(state, 0))) == "5D"


def test_the_won_match_is_worth_most():
    state = position("5D,QD", centre="5H", claimed="ASAHADAC,-", deck="-", dealer=2,
                     wins="4,0", game="5.1")
    play(state, "5Dx5H", "QD")
    assert state.winners == (0,)
    assert evaluate(state, 0) == WIN and evaluate(state, 1) == -WIN


def test_greedy_beats_random():
    # Forty two-player matches of three games, seats swapped each match; greedy
    # wins about nineteen in twenty (and four games in five of single games).
    options = Options(players=2, games_to_win=3)
    wins = 0
    for seed in range(40):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play_game(WUMPRUMMY, specs, options, random.Random(seed))
        wins += (seed % 2) in state.winners
    assert wins >= 32


def test_seeded_bot_matches_are_repeatable():
    options = Options(players=4, games_to_win=2)
    a, record_a = play_game(WUMPRUMMY, ["greedy", "random"], options, random.Random(7))
    b, record_b = play_game(WUMPRUMMY, ["greedy", "random"], options, random.Random(7))
    assert record_a.moves == record_b.moves and a.winners == b.winners
