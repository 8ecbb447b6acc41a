"""Invariants at every step of random Wampum games (hypothesis), and many seeded
games: every card in one place, no view holding what its seat may not see, the
text and JSON round trips, and games that end."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from wampum_helpers import random_steps

from marbleboard.games.wampum import Options
from marbleboard.games.wampum.game import WAMPUM
from marbleboard.games.wampum.goods import PER_KIND, K
from marbleboard.games.wampum.notation import (
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)


def check_cards(state):
    """Each of the 90 goods cards is in exactly one place: a hand, a bid, a
    village, a chest, the cards thrown away or set aside, or the deck."""
    per_kind = list(state.removed)
    for pile in (state.hands, state.bids, state.goods, state.chests, state.discards):
        assert min(pile) >= 0
        for i, c in enumerate(pile):
            per_kind[i % K] += c
    for k in state.deck[state.deck_at:]:
        per_kind[k] += 1
    assert per_kind == [PER_KIND] * K
    n = state.opts.players
    assert state.held == [sum(state.hand(s)) for s in range(n)]
    assert state.size == [sum(state.bid(s)) for s in range(n)]


def check_places(state):
    """Traders stand at different villages, each once its bid is down."""
    placed = [state.at[s] for s in range(state.opts.players) if state.bidded >> s & 1
              and state.at[s] >= 0]
    assert len(placed) == len(set(placed))
    for v, seat in enumerate(state.occupant):
        assert seat < 0 or state.at[seat] == v


def redeal_hidden(state, seat, rng):
    """The same position with every card ``seat`` cannot see dealt again at random."""
    other = state.clone()
    n = other.opts.players
    pool = []
    for s in range(n):
        if s == seat:
            continue
        for pile in (other.hands, other.bids, other.chests, other.discards):
            pool += [k for k in range(K) for _ in range(pile[K * s + k])]
    if n == 4:
        pool += [k for k in range(K) for _ in range(other.removed[k])]
    pool += list(other.deck[other.deck_at:])
    rng.shuffle(pool)
    for s in range(n):
        if s == seat:
            continue
        for pile in (other.hands, other.bids, other.chests, other.discards):
            total = sum(pile[K * s:K * s + K])
            pile[K * s:K * s + K] = [0] * K
            for kind in pool[:total]:
                pile[K * s + kind] += 1
            del pool[:total]
    if n == 4:
        other.removed = [0] * K
        for kind in pool[:2]:
            other.removed[kind] += 1
        del pool[:2]
    other.deck = other.deck[:other.deck_at] + tuple(pool)
    return other


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([2, 3, 4, 5]))
def test_invariants_hold_at_every_step(seed, players):
    rng = random.Random(seed)
    steps = 0
    for _before, action, after in random_steps(Options(players=players), seed):
        steps += 1
        if after.is_chance():
            continue
        check_cards(after)
        check_places(after)
        text = position_text(after)
        assert parse_position(text, after.opts) == after  # the text round trip
        assert position_text(parse_position(text, after.opts)) == text
        again = state_from_json(json.loads(json.dumps(state_to_json(after))))
        assert again == after and again.history == after.history
        if steps % 7 == 0 or after.is_over():
            for seat in after.opts.seats:
                other = redeal_hidden(after, seat, rng)
                # what the seat is shown does not change when only what it cannot see does
                assert WAMPUM.view(other, seat) == WAMPUM.view(after, seat)
                assert WAMPUM.private(other, seat) == WAMPUM.private(after, seat)
                assert WAMPUM.public(other) == WAMPUM.public(after)
                if after.current == seat:
                    assert other.legal_actions() == after.legal_actions()
                # and a guess at the hidden cards is a full state showing the same
                guess = WAMPUM.sample(WAMPUM.view(after, seat), rng)
                check_cards(guess)
                assert WAMPUM.view(guess, seat) == WAMPUM.view(after, seat)
        if action is not None:
            assert after.turns == _before.turns + 1
    assert after.is_over() and after.winners


def test_the_deck_order_is_hidden_from_every_seat_and_the_table():
    for _b, _a, state in random_steps(Options(players=4), 3):
        if state.is_chance() or state.is_over():
            continue
        for seat in (None, 0, 1, 2, 3):
            fields = WAMPUM.view(state, seat).position.split()
            assert fields[7] == f"?{state.deck_left()}" and fields[6] == "?2"
        table = WAMPUM.view(state, None).position.split()
        assert all(pile.startswith("?") for pile in table[2].split("/"))


def test_a_thousand_seeded_games_end_with_a_winner():
    ended = {2: 0, 3: 0, 4: 0, 5: 0}
    for seed in range(1000):
        players = 2 + seed % 4
        rng = random.Random(seed)
        state = WAMPUM.new_state(Options(players=players))
        while not state.is_over():
            assert state.turns < 2000
            if state.is_chance():
                state.apply_chance(state.chance_due().draw(rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert state.winners
        ended[players] += 1
    assert ended == {2: 250, 3: 250, 4: 250, 5: 250}
