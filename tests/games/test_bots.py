"""Bots see only their seat's view, play legal moves, and play better as they think."""

import json
import random

import pytest
from wampoo_helpers import position

from marbleboard.bots import (
    GreedyBot,
    LookaheadBot,
    PlausibleBot,
    RandomBot,
    SearchBot,
    make_bot,
)
from marbleboard.bots.commands import play_game
from marbleboard.bots.levels import record_strength, strength
from marbleboard.games.base import View
from marbleboard.games.registry import get_game
from marbleboard.games.wampoo import Options, new_game
from marbleboard.games.wampoo.evaluate import evaluate
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import parse_position


def seat_view(state, seat):
    return WAMPOO.view(state, seat)


def test_bots_are_made_by_name():
    assert make_bot("random", WAMPOO).name == "random"
    assert make_bot("greedy", WAMPOO).name == "greedy"
    bot = make_bot("search:0.25", WAMPOO)
    assert isinstance(bot, SearchBot) and bot.think_s == 0.25
    with pytest.raises(ValueError, match="no bot called"):
        make_bot("clever", WAMPOO)


def test_a_level_is_a_configuration_the_record_keeps_and_gives_back():
    # The strong level is the search, unless a game's bench found a stronger bot:
    # Wampoo's is its lookahead with the learned evaluation.
    strong = make_bot("strong", WAMPOO)
    assert isinstance(strong, LookaheadBot) and strong.name == "strong=lookahead+learned"
    stomple = make_bot("strong", get_game("stomple"))
    assert isinstance(stomple, SearchBot) and stomple.name == "strong=search:0.2"
    # Its weights are for two players: four, as teams, have the search.
    two, four = (make_bot("strong", WAMPOO, options=Options(players=n)) for n in (2, 4))
    assert two.name == "strong=lookahead+learned" and four.name == "strong=search:0.2"
    assert make_bot("family", WAMPOO).name == "family=greedy"
    beginner = make_bot("beginner", WAMPOO)
    assert isinstance(beginner, PlausibleBot) and beginner.name == "beginner=plausible:0.5"
    # A game resumed later plays on with the configuration its record kept, even
    # were the level to stand for another one by then.
    kept = make_bot("strong=search:0.3", WAMPOO)
    assert kept.think_s == 0.3 and kept.name == "strong=search:0.3"
    with pytest.raises(ValueError, match="between 0 and 1"):
        make_bot("plausible:2", WAMPOO)


def test_the_lobby_shows_each_levels_measured_wins_while_the_level_is_what_was_measured(
        tmp_path):
    path = tmp_path / "strength.json"
    record_strength(WAMPOO, "strong", "family", 41, 60, path)
    record_strength(WAMPOO, "family", "beginner", 1389, 2000, path)
    assert strength(WAMPOO, path) == [
        {"level": "family", "below": "beginner", "won": 0.695, "games": 2000, "matches": False},
        {"level": "strong", "below": "family", "won": 0.683, "games": 60, "matches": False}]
    # A game played in rounds is measured in matches, and the lobby says so.
    record_strength(get_game("wumprummy"), "family", "beginner", 1866, 2000, path)
    assert strength(get_game("wumprummy"), path)[0]["matches"] is True
    # Retuned since (the figure was of another bot): the lobby says nothing of it.
    data = json.loads(path.read_text())
    data["wampoo"]["strong"]["bots"][0] = "search:5"
    path.write_text(json.dumps(data))
    assert [m["level"] for m in strength(WAMPOO, path)] == ["family"]


def test_the_beginner_plays_the_better_moves_more_often_never_only_the_best():
    # Four moves, by the evaluation: 7 5-12 the best; an Ace out, from either
    # marble, next (the same value); 7 0-7, knocking its partner off, the worst.
    # Each rank is played half as often as the one above it: 4/7, 2/7, 1/7.
    state = parse_position("4 0!,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,GS AS7H/9C/KDQS/2H "
                           "R Y 3H4D 5C+0 - - 12")
    view = seat_view(state, state.current)
    bot = PlausibleBot(WAMPOO, random.Random(5))
    chosen = [WAMPOO.action_text(state, bot.choose(view)) for _ in range(700)]
    best, ace, worst = (chosen.count("7 5-12"), chosen.count("A 0-1") + chosen.count("A 5-6"),
                        chosen.count("7 0-7 xR5"))
    assert best + ace + worst == 700
    assert 340 < best < 460 and 140 < ace < 260 and 50 < worst < 150, (best, ace, worst)


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
    # Forty games, seats swapped each game; greedy wins about nine in ten.
    options = Options(players=2)
    seats = WAMPOO.seats(options)
    wins = 0
    for seed in range(40):
        specs = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state, _ = play_game(WAMPOO, specs, options, random.Random(seed))
        wins += seats[seed % 2] in state.winners
    assert wins >= 30


def test_the_evaluation_knows_its_own_hand_and_guesses_the_others():
    # Red holds a 5 (or not) and yellow's marble stands five holes ahead of red's:
    # red's own cards are certain, so yellow's marble is lost for sure with a 5.
    marbles = {"R": "10,RS,RS,RS", "Y": "15,YS,YS,YS"}
    with_five = position(marbles, "5S", players=2)
    without = position(marbles, "2S", players=2)
    assert evaluate(with_five, 0) > evaluate(without, 0)
    # Yellow does not know red's hand: its worry is the same either way.
    assert evaluate(with_five, 2) == evaluate(without, 2)
