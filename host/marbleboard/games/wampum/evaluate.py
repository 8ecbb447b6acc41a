"""How good a position is for a seat, in wampums: those in its chest, those its
bid will bring, and what its hand is worth.

A bid down (or being made) is counted as the trade it would make at its village
now: a bid holding a kind the village offers swaps for the village's goods,
which come into the hand; any other bid leaves one card of each kind at the
village and puts the rest in the chest. A bid still empty, its village just
chosen, is counted as the best simple bid it could become there: the most
cards of one kind the village does not offer, or one card the village does
offer, whichever is worth more.

A card in hand is worth a little over half a wampum (``CARD``): it is what later
bids are made of; each kind held is worth a little more (``KIND``), as the end
turns one card of each kind into a wampum. But a hand past five cards loses by
each more (``SPARE``): the hand limit (the highest bid and three) throws cards
away for nothing, where a bid of one kind would have made them wampums. With
the spare cards worth a little (+0.1), greedy won 91 of 120 two-player games
against random, ties counted; with them costing (-0.2), all 120, none tied. In
the last round only the end counts: a kind held is worth one wampum, a card no
more.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import team_lead
from .goods import K
from .state import State

WIN = 1000.0
# Evaluation points a wampum is worth. The search squashes changes of 40 points
# (a clear lead, in the holes of the marble games) into a clear win: at one point
# a wampum every change looked small, and search won 12 of 24 two-player games
# against greedy (0.2 s a move); at 10, 18 of 24; at 20, 16; at 40, 12.
UNIT = 10.0
CARD = 0.6  # a card in hand, before the last round
KIND = 0.3  # each kind in hand, before the last round
CAP = 5  # cards past this many cost: the hand limit may take them, a bid would not
SPARE = -0.2  # a card past CAP


def hand_worth(state: State, hand: Sequence[int]) -> float:
    kinds = sum(1 for c in hand if c)
    if state.last_round:
        return float(kinds)
    cards = sum(hand)
    return CARD * min(cards, CAP) + SPARE * max(0, cards - CAP) + KIND * kinds


def _after_trade(state: State, seat: int, bid: Sequence[int], village: int) -> float:
    """The seat's worth once ``bid`` trades at ``village``."""
    hand = state.hand(seat)
    goods = state.offered(village)
    if any(bid[k] and goods[k] for k in range(K)):
        return hand_worth(state, [hand[k] + goods[k] for k in range(K)])
    wampums = sum(bid) - sum(1 for c in bid if c)
    return wampums + hand_worth(state, hand)


def _best_bid(state: State, seat: int, village: int) -> float:
    """The worth of the best simple bid the seat could still make at a village."""
    hand = state.hand(seat)
    goods = state.offered(village)
    o = state.occupant[village]
    need = state.size[o] + 1 if o >= 0 and o != seat else 1
    best = hand_worth(state, hand)
    for k in range(K):
        if not hand[k]:
            continue
        bid = [0] * K
        if goods[k]:  # one card of an offered kind trades, if it is enough to bid
            if need > 1:
                continue
            bid[k] = 1
        elif hand[k] >= need:
            bid[k] = hand[k]
        else:
            continue
        rest = [hand[j] - bid[j] for j in range(K)]
        if goods[k]:
            value = hand_worth(state, [rest[j] + goods[j] for j in range(K)])
        else:
            value = bid[k] - 1 + hand_worth(state, rest)
        best = max(best, value)
    return best


def worth(state: State, seat: int) -> float:
    """The seat's wampums, those its bid would bring, and its hand's worth."""
    value = float(state.wampums(seat))
    village = state.at[seat]
    if village < 0:  # no bid, or chased off and still to move
        bid = state.bid(seat)
        return value + hand_worth(state, [a + b for a, b in zip(state.hand(seat), bid,
                                                                strict=True)])
    if not state.size[seat]:
        return value + _best_bid(state, seat, village)
    return value + _after_trade(state, seat, state.bid(seat), village)


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat leads: its worth less the others' on average, ten
    points a wampum (``UNIT``)."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    return UNIT * team_lead(state.opts.seats, lambda s: s == seat, lambda s: worth(state, s))
