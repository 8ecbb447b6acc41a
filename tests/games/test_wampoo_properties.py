"""Invariants at every step of random games (hypothesis), and many seeded games."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from wampoo_helpers import recorded_game

from marbleboard.games.cards import DECK_SIZE
from marbleboard.games.record import GameRecord
from marbleboard.games.wampoo import Options, new_game
from marbleboard.games.wampoo.actions import MOVE, OUT, action_marble, action_rank
from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import (
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)


def check(before, action, after):
    track = after.track
    # Sixteen marbles, never two in one hole, the board agreeing with the marbles.
    assert len(after.pos) == 16
    on_board = [p for p in after.pos if p >= 0]
    assert len(on_board) == len(set(on_board))
    for m, p in enumerate(after.pos):
        if p >= 0:
            assert after.board[p] == m
            if p >= track:
                assert (p - track) // 4 == m // 4  # only its own HOME row
    assert sum(b >= 0 for b in after.board) == len(on_board)
    # HOME marbles never move back out, and are never knocked off.
    for m in range(16):
        if before.pos[m] >= track:
            assert after.pos[m] >= before.pos[m]
    # Protected STARTER marbles are never knocked off, swapped, or passed (but by a Joker).
    mover = action_marble(action) if action & 7 in (MOVE, OUT) else None
    for m in range(16):
        if before.fresh >> m & 1 and m != mover:
            assert after.pos[m] == before.pos[m]
            if action & 7 == MOVE and action_rank(action) != 14:
                start, end = before.pos[mover], after.pos[mover]
                if 0 <= start < track and 0 <= end < track and action_rank(action) != 4:
                    assert not 0 < (before.pos[m] - start) % track < (end - start) % track
    # Cards: every card is in a hand, the deck, face up or face down.
    held = sum(len(h) for h in after.hands)
    if not after.is_chance() and after.deck:
        assert (held + len(after.deck) - after.deck_at + len(after.cycle_played)
                + after.discarded) == DECK_SIZE


def random_game(seed, players, steps, every_step=None):
    rng = random.Random(seed)
    state = new_game(Options(players=players))
    while not state.is_over() and state.turns < steps:
        if state.is_chance():
            state.apply_shuffle(rng.sample(range(DECK_SIZE), DECK_SIZE))
            continue
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        if every_step:
            every_step(before, action, state, rng)
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4]), st.integers(1, 400))
def test_invariants_hold_at_every_step(seed, players, steps):
    def step(before, action, after, rng):
        check(before, action, after)
        assert parse_position(position_text(after), after.opts) == after  # text round trip
        again = state_from_json(json.loads(json.dumps(state_to_json(after))))
        assert again == after and again.history == after.history

    random_game(seed, players, steps, step)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4]), st.integers(1, 300))
def test_a_seats_view_does_not_change_when_only_others_hidden_cards_do(seed, players, steps):
    state = random_game(seed, players, steps)
    if state.current < 0:
        return
    rng = random.Random(seed)
    for seat in state.opts.seats:
        view = WAMPOO.view(state, seat)
        other = state.clone()
        hidden = [c for s in other.opts.seats if s != seat for c in other.hands[s]]
        hidden += other.deck[other.deck_at:]
        rng.shuffle(hidden)
        for s in other.opts.seats:
            if s != seat:
                n = len(other.hands[s])
                other.hands[s], hidden = hidden[:n], hidden[n:]
        other.deck = other.deck[:other.deck_at] + hidden
        assert WAMPOO.view(other, seat) == view
        if state.current == seat:
            assert other.legal_actions() == state.legal_actions()


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4]))
def test_game_records_round_trip_through_json(seed, players):
    record, state = recorded_game(seed, players)
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert again.replay() == state


def test_a_thousand_seeded_games_end_with_a_winner():
    finished = {2: 0, 3: 0, 4: 0}
    for seed in range(1000):
        players = (2, 3, 4)[seed % 3]
        state = random_game(seed, players, 100_000)
        assert state.is_over() and state.winners
        assert all(state.finished(s) for s in state.winners)
        finished[players] += 1
    assert finished == {2: 334, 3: 333, 4: 333}
