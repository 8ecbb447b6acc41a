"""Invariants at every step of seeded random matches (hypothesis): every card in
exactly one place; claims take a matching card, places only when nothing can be
taken; no view or phone holds a card its seat may not see; text and JSON round
trips; every match ends with the first to win its games."""

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from wumprummy_helpers import random_steps

from marbleboard.games.cards import card_name
from marbleboard.games.wumprummy import Options
from marbleboard.games.wumprummy.game import WUMPRUMMY
from marbleboard.games.wumprummy.notation import (
    card,
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)
from marbleboard.games.wumprummy.state import ALL, MATCHES, PLACE, bits_of

# Short matches, most of them: a game is the same in a match of 1 as of 5.
OPTIONS = [Options(players=n, games_to_win=g) for n in (2, 3, 4) for g in (1, 2)] + [
    Options(players=3, first_dealer=2, games_to_win=3), Options(players=2)]
CARD = re.compile(r"[A2-9TJQK][SHDC]")


def check_cards(state):
    """Every card is in exactly one place: a hand, the centre, a claimed pile or
    the deck; before a shuffle, only the centre holds cards (the rest wait to be
    shuffled)."""
    places = [*state.hands, state.centre, *state.claimed, bits_of(state.deck)]
    union = 0
    for p in places:
        assert not union & p
        union |= p
    assert len(set(state.deck)) == len(state.deck)
    if state.is_chance():
        assert union == state.centre
    else:
        assert union == ALL


def check_play(before, action, after):
    seat = before.current
    legal = before.legal_actions()
    assert action in legal
    card, target = action >> 6, action & 63
    assert before.hands[seat] >> card & 1
    claims = [a for a in legal if a & 63 != PLACE]
    if target == PLACE:
        assert not claims and len(legal) == before.hands[seat].bit_count()
        assert not any(MATCHES[c] & before.centre for c in range(52) if before.hands[seat] >> c & 1)
    else:
        assert before.centre >> target & 1 and MATCHES[card] >> target & 1
        assert (card % 4 == target % 4) or (card // 4 == target // 4)
    if len(after.rounds) == len(before.rounds):  # the game goes on
        assert not after.hands[seat] >> card & 1
        if target != PLACE:
            assert after.claimed[seat] == before.claimed[seat] | 1 << card | 1 << target
        else:
            assert after.centre >> card & 1 and after.claimed == before.claimed
        if after.deal == before.deal:
            assert after.current == (seat + 1) % before.opts.players
        else:  # a new deal: the same first player, every hand as full
            assert after.current == before.first and len({h.bit_count() for h in after.hands}) == 1
    else:  # the game is over: it was its last play
        assert before.last_play()
        counts = after.rounds[-1]
        if target != PLACE:  # a claim: the whole centre with it
            assert after.centre == 0 and sum(counts) == 52
        else:  # a card into the centre, which waits for the next game
            assert after.centre == before.centre | 1 << card
            assert sum(counts) + after.centre.bit_count() == 52


def check_views(state):
    """No view or payload shows a card of the deck, and each shows the rest."""
    deck_names = {card_name(c) for c in state.deck}
    full = position_text(state).split()
    for seat in (None, *state.opts.seats):
        view = WUMPRUMMY.view(state, seat)
        assert not deck_names & set(CARD.findall(view.position))
        fields = view.position.split()
        assert fields[:7] + fields[8:] == full[:7] + full[8:]
        assert fields[7] == (f"?{len(state.deck)}" if state.deck else "-")
        guess = WUMPRUMMY.sample(view, random.Random(len(state.history)))
        assert WUMPRUMMY.view(guess, seat).position == view.position
        if state.current >= 0:
            assert guess.legal_actions() == state.legal_actions()
    public = json.dumps(WUMPRUMMY.public(state))
    assert not deck_names & set(CARD.findall(public))
    for seat in state.opts.seats:
        private = WUMPRUMMY.private(state, seat)
        assert not deck_names & set(CARD.findall(json.dumps(private)))
        assert bits_of([card(c) for c in private["hand"]]) == state.hands[seat]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS))
def test_invariants_hold_at_every_step(seed, options):
    games = 0
    for before, action, after in random_steps(options, seed):
        check_cards(after)
        if action is None:
            assert before.chance_due().kind == "shuffle"
            assert after.centre.bit_count() >= before.centre.bit_count() + 4 or not after.deck
        else:
            check_play(before, action, after)
            text = WUMPRUMMY.action_text(before, action)
            assert WUMPRUMMY.parse_action(before, text) == action  # move text round trip
            games += len(after.rounds) - len(before.rounds)
        assert parse_position(position_text(after), after.opts) == after  # text round trip
        again = state_from_json(json.loads(json.dumps(state_to_json(after))))
        assert again == after and again.history == after.history
        assert again.rounds == after.rounds
    assert after.is_over() and len(after.winners) == 1
    (winner,) = after.winners
    assert after.wins[winner] == options.games_to_win
    assert sorted(after.wins)[-2] < options.games_to_win  # the first to win them
    assert games == len(after.rounds) and sum(after.wins) <= len(after.rounds)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from(OPTIONS), st.integers(0, 400))
def test_views_hide_the_deck_and_nothing_else(seed, options, steps):
    state = None
    for i, (_before, _action, after) in enumerate(random_steps(options, seed)):
        state = after
        if i % 7 == 0:
            check_views(state)
        if i == steps:
            break
    assert state is not None
    check_views(state)


def test_seeded_matches_end_with_one_winner():
    for seed in range(200):
        options = OPTIONS[seed % len(OPTIONS)]
        *_, (_before, _action, state) = random_steps(options, seed)
        assert state.is_over() and len(state.winners) == 1
        assert state.returns().count(1.0) == 1
        assert state.returns().count(-1.0) == options.players - 1
        # Each game deals the whole deck: every game played counted all 52 cards,
        # less those left in the centre.
        assert all(sum(r) <= 52 for r in state.rounds)
