"""Invariants at every step of seeded random games (hypothesis): marbles only
leave the board within a round, one a stomp; Stompers stand in empty holes; the
scores are the sum of the rounds; text and JSON round trips; every game ends."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from stomple_helpers import random_steps

from marbleboard.games.stomple import OUT, Options
from marbleboard.games.stomple.game import STOMPLE
from marbleboard.games.stomple.grid import BONUS, EMPTY, HOLES, NEIGHBOURS, OUTER
from marbleboard.games.stomple.notation import (
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)
from marbleboard.games.stomple.state import GONE, UNPLACED

OPTIONS = [Options(players=n) for n in range(2, 7)] + [Options(players=3, first_player=2),
                                                       Options(players=2, target=8)]
# A round is at most one action a marble and one a seat going out; a game at most
# one round for every 3 points a seat can score short of the total.
MOST_ACTIONS_A_ROUND = HOLES + 6


def check_play(before, action, after):
    seat = before.current
    legal = before.legal_actions()
    assert legal and (legal == [OUT] or OUT not in legal)
    assert action in legal
    if action == OUT:  # no marble moves; the Stomper leaves, and the last one stands
        assert after.grid == before.grid
        assert after.at[seat] == GONE
        if after.is_chance():
            assert [h >= 0 for h in after.at].count(True) == 1
        return
    # One marble leaves, the one stomped, and the Stomper stands in its hole.
    assert before.grid[action] != EMPTY and after.grid[action] == EMPTY
    assert [h for h in range(HOLES) if before.grid[h] != after.grid[h]] == [action]
    assert after.at[seat] == action
    here = before.at[seat]
    if before.chain >= 0:  # a string: its colour, next to the Stomper
        assert before.grid[action] == before.chain and action in NEIGHBOURS[here]
    elif here == UNPLACED:  # the first stomp: the outer row
        assert action in OUTER
    else:  # next to the Stomper, or a hop to its colour
        assert action in NEIGHBOURS[here] or before.grid[action] == before.stompers[seat]
    colour = before.grid[action]
    string_goes_on = colour != BONUS and any(after.grid[n] == colour
                                             for n in NEIGHBOURS[action])
    assert (after.current == seat and after.chain == colour) == string_goes_on


def check_state(state):
    placed = [h for h in state.at if h >= 0]
    assert len(placed) == len(set(placed))
    assert all(state.grid[h] == EMPTY for h in placed)  # a Stomper stands where it stomped
    for colour in range(BONUS + 1):
        assert state.grid.count(colour) <= 7
    # The scores are the rounds' points, each at least 3.
    totals = [0] * state.opts.players
    for winner, points in state.rounds:
        assert points >= 3
        totals[winner] += points
    assert totals == state.scores
    assert len(state.rounds) == state.round - (0 if state.is_over() else 1)
    if state.current >= 0:
        assert state.at[state.current] != GONE
        assert len(state.in_round()) >= 2


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS))
def test_invariants_hold_at_every_step(seed, options):
    rounds_seen = 0
    round_actions = 0
    for before, action, after in random_steps(options, seed):
        check_state(after)
        if action is None:
            assert before.chance_due().kind in ("layout", "stompers")
        else:
            check_play(before, action, after)
            text = STOMPLE.action_text(before, action)
            assert STOMPLE.parse_action(before, text) == action  # move text round trip
            if after.rounds == before.rounds:
                # Within a round marbles only leave: none comes back.
                assert all(after.grid[h] == EMPTY for h in range(HOLES)
                           if before.grid[h] == EMPTY)
                round_actions += 1
                assert round_actions <= MOST_ACTIONS_A_ROUND
            else:
                winner, points = after.rounds[-1]
                # The round ends as the last but one Stomper leaves.
                assert sorted(before.in_round()) == sorted([winner, before.current])
                assert points == before.round_points()  # scored with what was left
                rounds_seen += 1
                round_actions = 0
        assert parse_position(position_text(after), after.opts) == after  # text round trip
        again = state_from_json(json.loads(json.dumps(state_to_json(after))))
        assert again == after and again.history == after.history
        assert again.rounds == after.rounds
    assert after.is_over() and len(after.winners) == 1
    assert after.scores[after.winners[0]] >= options.points_to_win
    assert sorted(after.scores)[-2] < options.points_to_win  # the first to reach it
    assert rounds_seen == len(after.rounds)
    # Each round gives its winner at least 3 points, so nobody wins more than
    # ceil(total / 3) rounds, and the last of those ends the game.
    most_rounds = options.players * (-(-options.points_to_win // 3) - 1) + 1
    assert len(after.rounds) <= most_rounds


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS), st.integers(0, 200))
def test_a_view_is_the_whole_position(seed, options, steps):
    state = None
    for i, (_before, _action, after) in enumerate(random_steps(options, seed)):
        state = after
        if i == steps:
            break
    assert state is not None
    for seat in (None, *state.opts.seats):
        view = STOMPLE.view(state, seat)
        assert STOMPLE.sample(view, random.Random(seed)) == state
    assert STOMPLE.state_from_json(STOMPLE.state_to_json(state)) == state


def test_seeded_games_end_with_one_winner():
    for seed in range(200):
        options = OPTIONS[seed % len(OPTIONS)]
        *_, (_before, _action, state) = random_steps(options, seed)
        assert state.is_over() and len(state.winners) == 1
        assert state.returns().count(1.0) == 1
        assert state.returns().count(-1.0) == options.players - 1
