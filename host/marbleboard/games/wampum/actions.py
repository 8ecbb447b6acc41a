"""Wampum's actions as small integers.

A bid is made in steps by the same seat, so that each step is a short list a
phone can show: the village (``CHOOSE + v``), then the cards one at a time
(``ADD + k``, a card of kind ``k``), then ``BID``, which puts the bid down. A
trader chased off a village goes on with its bid to another (``MOVE + v``); a
hand over the limit throws away one card at a time (``DISCARD + k``).

>>> describe(ADD + 2), describe(MOVE + 1), describe(BID)
('add', 'move', 'bid')
"""

from __future__ import annotations

CHOOSE = 0  # + village: bid at this village
ADD = 8  # + kind: one more card of this kind in the bid
BID = 16  # the bid is complete: put it down face down
MOVE = 24  # + village: a trader chased off goes there with its bid
DISCARD = 32  # + kind: throw away a card of this kind (the hand limit)


def describe(action: int) -> str:
    """The kind of an action: choose, add, bid, move or discard."""
    if action < ADD:
        return "choose"
    if action < BID:
        return "add"
    if action == BID:
        return "bid"
    return "move" if action < DISCARD else "discard"
