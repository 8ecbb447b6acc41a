"""A Wampoo position as a learned evaluation reads it (``bots/learned.py``): a few
dozen small whole numbers, each the index of one entry of a table of weights
(n-tuples), read from the seat's side of the board so that every colour shares
one table. Only what the seat may see: the board, the number of cards in each
hand, and its own cards.

A marble's *stage* is where it stands on its own way round: 0 in its START row,
1 on its STARTER unmoved since it came out (it cannot be passed or hit there),
``2 .. T+1`` along the track from its STARTER, then its four HOME holes. The
tables:

- each marble's stage, the seat's own and the opponents' apart;
- each pair of the seat's marbles, by coarse stage (a marble blocks its own side);
- each of the seat's marbles against each opponent's on the track: how far
  behind it the opponent stands (the cards that would hit it), by the seat's
  marble's quarter of the way and whether the opponent has cards left this round;
- the counts in START and HOME, both sides;
- the seat's own hand: its size, and how many of its cards bring a marble out,
  against how many marbles wait in START.

The hand-written evaluation (:mod:`.evaluate`) is the one other input.
"""

from __future__ import annotations

from typing import Any

from ..cards import JOKER, RANK
from .state import START, State

ROW = 4
_OUT_RANKS = frozenset({1, 13, JOKER})  # Ace, King, Joker bring a marble out


def key(options: Any) -> str | None:
    """The name of the weights that suit these options; None where no table could
    (team play: a partner's marbles are neither the seat's own nor an opponent's)."""
    if options.team_play:
        return None
    return f"wampoo-{options.holes_per_side}-{options.players}p"


class Layout:
    """Where each table begins in the one vector of weights, for one board."""

    __slots__ = ("coarse", "counts", "hand", "opp", "own", "pair", "size", "stages",
                 "together", "track")

    def __init__(self, side: int):
        track = self.track = 4 * side
        stages = self.stages = track + ROW + 2
        self.coarse = (stages + 3) // 4
        self.own = 0
        self.opp = self.own + stages
        self.together = self.opp + stages
        self.pair = self.together + self.coarse * self.coarse
        self.counts = self.pair + track * 4 * 2
        self.hand = self.counts + (ROW + 1) ** 4
        self.size = self.hand + 6 * 4 * (ROW + 1)


_LAYOUTS: dict[int, Layout] = {}


def layout(options: Any) -> Layout:
    found = _LAYOUTS.get(options.holes_per_side)
    if found is None:
        found = _LAYOUTS[options.holes_per_side] = Layout(options.holes_per_side)
    return found


def size(options: Any) -> int:
    return layout(options).size


def _stage(state: State, m: int, track: int) -> int:
    p = state.pos[m]
    if p == START:
        return 0
    if p >= track:
        return track + 2 + (p - track) % ROW
    if state.fresh >> m & 1:
        return 1
    return 2 + (p - (m >> 2) * state.side) % track


def features(state: State, seat: int) -> list[int]:
    """The active entries for ``seat``: what its position is worth is their sum."""
    lay = layout(state.opts)
    track = lay.track
    pos = state.pos
    out: list[int] = []
    add = out.append
    first = ROW * seat
    mine = [_stage(state, m, track) for m in range(first, first + ROW)]
    for s in mine:
        add(lay.own + s)
    coarse = sorted(s >> 2 for s in mine)
    for i in range(ROW):
        for j in range(i + 1, ROW):
            add(lay.together + coarse[i] * lay.coarse + coarse[j])
    own_out = mine.count(0)
    own_home = sum(1 for s in mine if s >= track + 2)
    opp_out = opp_home = 0
    quarter = track // 4 + 1
    for q in state.opts.seats:
        if q == seat:
            continue
        armed = 1 if state.hands[q] else 0
        for o in range(ROW * q, ROW * q + ROW):
            s = _stage(state, o, track)
            add(lay.opp + s)
            if s == 0:
                opp_out += 1
            elif s >= track + 2:
                opp_home += 1
            elif s >= 2:
                p = pos[o]
                for i, m in enumerate(range(first, first + ROW)):
                    if mine[i] >= 2 and mine[i] < track + 2:
                        behind = (pos[m] - p) % track
                        add(lay.pair + ((behind * 4 + (mine[i] - 2) // quarter) << 1 | armed))
    opp_out, opp_home = min(opp_out, ROW), min(opp_home, ROW)
    add(lay.counts + ((own_out * 5 + own_home) * 5 + opp_out) * 5 + opp_home)
    hand = state.hands[seat]
    outs = min(3, sum(1 for c in hand if RANK[c] in _OUT_RANKS))
    add(lay.hand + (min(5, len(hand)) * 4 + outs) * (ROW + 1) + own_out)
    return out
