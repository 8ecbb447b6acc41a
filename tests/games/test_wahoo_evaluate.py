"""The evaluation the bots use, and random playouts."""

import random

from wahoo_helpers import position

from marbleboard.games.wahoo import Options, new_game
from marbleboard.games.wahoo.evaluate import pips
from marbleboard.games.wahoo.game import WAHOO
from marbleboard.games.wahoo.playouts import measure, playout


def test_progress_counts_and_the_win_is_above_everything():
    assert WAHOO.evaluate(position({"R": "30,RS,RS,RS"}, 2, players=2), 0) > WAHOO.evaluate(
        position({"R": "10,RS,RS,RS"}, 2, players=2), 0)
    assert WAHOO.evaluate(position({"R": "R1,RS,RS,RS"}, 2, players=2), 0) > WAHOO.evaluate(
        position({"R": "51,RS,RS,RS"}, 2, players=2), 0)
    won = position({"R": "R1,R2,R3,R4"}, 2, players=2)
    won.winners = (0,)
    assert WAHOO.evaluate(won, 0) == 1000 and WAHOO.evaluate(won, 2) == -1000


def test_a_marble_an_opponent_can_reach_is_in_danger():
    safe = position({"R": "30,RS,RS,RS", "B": "35,BS,BS,BS"}, 2)
    exposed = position({"R": "30,RS,RS,RS", "B": "25,BS,BS,BS"}, 2)
    assert WAHOO.evaluate(safe, 0) > WAHOO.evaluate(exposed, 0)


def test_partners_share_their_score():
    together = position({"Y": "40,YS,YS,YS"}, 2, partners=True)
    alone = position({"Y": "40,YS,YS,YS"}, 2)
    assert WAHOO.evaluate(together, 0) > 0 > WAHOO.evaluate(alone, 0)


def greedy(state):
    def after(action):
        s = state.clone()
        s.apply(action)
        return WAHOO.evaluate(s, state.current)

    return max(state.legal_actions(), key=after)


def test_choosing_by_the_evaluation_beats_random_moves():
    wins = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(Options(players=2, first_player=(0, 2)[seed % 2]))
        while not state.is_over():
            if state.is_chance():
                state.apply_chance((rng.randrange(6),))
            elif state.current == 0:
                state.apply(greedy(state))
            else:
                state.apply(rng.choice(state.legal_actions()))
        wins += state.winners == (0,)
    assert wins >= 30  # random play wins about half


def test_playouts_finish_games_and_measure_their_speed():
    state = playout(new_game(Options(players=4, partners=True)), random.Random(3))
    assert state.is_over() and len(state.winners) == 2
    rate, turns = measure(Options(), 0.2)
    assert rate > 0 and turns > 50


def test_progress_counts_the_short_cuts_a_marble_can_take():
    # "Any time a player ends a turn with a marble on one of the pink central
    # arrows, that player may, on the next turn, choose to move that marble along
    # a short cut route": from blue's arrow (3) red is nearer its Tee-Pee than the
    # 50 holes round the Path.
    left = pips(4, 14, Options(players=2).centre_roll)[0]
    assert left[3] < 15 < left[10] < 50
    assert left[46] < left[45] < left[44]  # past the arrow, the Path is all that is left


def test_a_marble_on_a_starting_position_is_in_danger_while_its_owner_waits_to_come_out():
    # "If a marble lands on a space already occupied by an opponent's marble, the
    # opponent's marble is removed": yellow, waiting, comes out onto 28 with a 1 or a 6.
    on_start = position({"R": "28,RS,RS,RS"}, turn="Y", players=2)
    beside = position({"R": "27,RS,RS,RS"}, turn="Y", players=2)
    assert WAHOO.evaluate(beside, 0) > WAHOO.evaluate(on_start, 0)
