"""Invariants at every step of random games (hypothesis), and many seeded games."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from wahoo_helpers import random_game

from marbleboard.games.wahoo import Options
from marbleboard.games.wahoo.actions import PASS
from marbleboard.games.wahoo.game import WAHOO
from marbleboard.games.wahoo.geometry import ROW
from marbleboard.games.wahoo.marbles import WahooMarbles
from marbleboard.games.wahoo.notation import (
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)

OPTIONS = [Options(players=2), Options(players=3), Options(players=4),
           Options(players=4, partners=True), Options(players=6),
           Options(players=6, partners=True), Options(players=3, board="wahoo6"),
           Options(players=4, centre_roll=0), Options(players=4, holes_per_side=18)]
MARBLES = WahooMarbles()


def check(before, action, after):
    g = after.g
    assert action in before.legal_actions()  # only legal actions are applied
    legal = before.legal_actions()
    assert legal and (legal == [PASS] or PASS not in legal)
    # Four marbles a seat, never two in one hole, the board agreeing with them.
    assert len(after.pos) == ROW * after.colours
    on_board = [p for p in after.pos if p >= 0]
    assert len(on_board) == len(set(on_board))
    assert sum(b >= 0 for b in after.board) == len(on_board)
    for m, p in enumerate(after.pos):
        seat = m // ROW
        if seat not in after.opts.seats:
            assert p == -1
        if p >= 0:
            assert after.board[p] == m and after.occ[seat] >> p & 1
            if g.track <= p < g.centre:
                assert (p - g.track) // ROW == seat  # only its own Tee-Pee
    assert [bin(o).count("1") for o in after.occ] == [
        sum(1 for p in after.pos[ROW * s:ROW * s + ROW] if p >= 0) for s in range(after.colours)]
    # Tee-Pee marbles never leave it, never go back, are never knocked back.
    for m, p in enumerate(before.pos):
        if g.track <= p < g.centre:
            assert p <= after.pos[m] < g.centre
    if action != PASS:
        # The mover never lands on or passes its own marbles; only the marble it
        # lands on is knocked back, and never one of its own.
        mover = MARBLES.mover(before, action)
        passed = MARBLES.path(before, action)[1:]
        assert not any(MARBLES.marbles(before).get(h) == mover for h in passed)
        knocked = [m for m in range(len(after.pos)) if before.pos[m] >= 0 > after.pos[m]]
        assert len(knocked) <= 1
        assert all(m // ROW != mover for m in knocked)
        assert MARBLES.knocked(before, action) == [
            (g.hole_id(before.pos[m]), m // ROW) for m in knocked]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS), st.integers(1, 400))
def test_invariants_hold_at_every_step(seed, options, steps):
    def step(before, action, after):
        check(before, action, after)
        assert parse_position(position_text(after), after.opts) == after  # text round trip
        again = state_from_json(json.loads(json.dumps(state_to_json(after))))
        assert again == after and again.history == after.history
        text = WAHOO.action_text(before, action)
        assert WAHOO.parse_action(before, text) == action  # move text round trip

    random_game(seed, options, steps, step)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS), st.integers(0, 300))
def test_a_view_is_the_whole_position(seed, options, steps):
    state = random_game(seed, options, steps)
    for seat in (None, *state.opts.seats):
        view = WAHOO.view(state, seat)
        assert WAHOO.sample(view, random.Random(seed)) == state
    assert WAHOO.state_from_json(WAHOO.state_to_json(state)) == state


def test_seeded_games_end_with_a_winner():
    ended = 0
    for seed in range(300):
        options = OPTIONS[seed % len(OPTIONS)]
        state = random_game(seed, options)
        assert state.is_over() and state.winners
        for seat in state.winners:
            home = state.g.tee_pee(seat, 0)
            assert all(home <= p < home + ROW for p in state.pos[ROW * seat:ROW * seat + ROW])
        if options.partners:
            assert len(state.winners) == 2
            assert state.winners[1] == options.partner(state.winners[0])
        else:
            assert len(state.winners) == 1
        assert state.returns().count(1.0) == len(state.winners)
        ended += 1
    assert ended == 300
