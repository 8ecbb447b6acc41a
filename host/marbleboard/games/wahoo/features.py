"""A Wa-Hoo position as a learned evaluation reads it (``bots/learned.py``): a few
dozen small whole numbers, each the index of one entry of a table of weights
(n-tuples), read from the seat's side of the board so that every colour shares
one table.

A marble's *stage* is where it stands on its own way round: 0 in its Tribal
Grounds, ``1 .. T`` along the Path from its own Starting Position, then its four
Tee-Pee holes, then the centre. The tables:

- each marble's stage, the seat's own and the opponents' apart;
- each pair of the seat's marbles, by coarse stage (a marble blocks its own side);
- each of the seat's marbles against each opponent's on the Path: how far behind
  it the opponent stands (that is its danger; ahead, its chance to hit), by the
  seat's marble's quarter of the way, and whether the seat rolls again first;
- the counts still in the Tribal Grounds and home, both sides, and the extra roll.

The hand-written evaluation (:mod:`.evaluate`) is the one other input.
"""

from __future__ import annotations

from typing import Any

from .geometry import ROW, START
from .state import State


def key(options: Any) -> str | None:
    """The name of the weights that suit these options; None where no table could
    (partners: a partner's marbles are neither the seat's own nor an opponent's)."""
    if options.partners:
        return None
    return f"wahoo-{options.colours}x{options.holes_per_side}-{options.players}p"


class Layout:
    """Where each table begins in the one vector of weights, for one board."""

    __slots__ = ("coarse", "counts", "opp", "own", "pair", "size", "stages", "together",
                 "track")

    def __init__(self, colours: int, side: int):
        track = self.track = colours * side
        stages = self.stages = track + ROW + 2  # Tribal Grounds, the Path, Tee-Pee, centre
        self.coarse = (stages + 3) // 4
        self.own = 0
        self.opp = self.own + stages
        self.together = self.opp + stages
        self.pair = self.together + self.coarse * self.coarse
        self.counts = self.pair + track * 4 * 2
        self.size = self.counts + (ROW + 1) ** 4 * 2


_LAYOUTS: dict[tuple[int, int], Layout] = {}


def layout(options: Any) -> Layout:
    found = _LAYOUTS.get((options.colours, options.holes_per_side))
    if found is None:
        found = _LAYOUTS[options.colours, options.holes_per_side] = Layout(
            options.colours, options.holes_per_side)
    return found


def size(options: Any) -> int:
    return layout(options).size


def _stage(state: State, seat: int, p: int, track: int) -> int:
    if p == START:
        return 0
    if p < track:
        return 1 + (p - seat * state.g.side) % track
    return track + 1 + (p - track) % ROW if p < state.g.centre else track + ROW + 1


def features(state: State, seat: int) -> list[int]:
    """The active entries for ``seat``: what its position is worth is their sum."""
    lay = layout(state.opts)
    track = lay.track
    pos = state.pos
    out: list[int] = []
    add = out.append
    mine = [_stage(state, seat, p, track) for p in pos[ROW * seat:ROW * seat + ROW]]
    for s in mine:
        add(lay.own + s)
    mine_sorted = sorted(mine)
    coarse = [s >> 2 for s in mine_sorted]
    for i in range(ROW):
        for j in range(i + 1, ROW):
            add(lay.together + coarse[i] * lay.coarse + coarse[j])
    again = 1 if state.roller == seat else 0
    own_out = sum(1 for s in mine if s == 0)
    own_home = sum(1 for s in mine if track < s <= track + ROW)
    opp_out = opp_home = 0
    quarter = track // 4 + 1
    for q in state.opts.seats:
        if q == seat:
            continue
        for p in pos[ROW * q:ROW * q + ROW]:
            s = _stage(state, q, p, track)
            add(lay.opp + s)
            if s == 0:
                opp_out += 1
            elif track < s <= track + ROW:
                opp_home += 1
            elif s <= track:
                for m in pos[ROW * seat:ROW * seat + ROW]:
                    if 0 <= m < track:
                        behind = (m - p) % track
                        stage = 1 + (m - seat * state.g.side) % track
                        add(lay.pair + ((behind * 4 + stage // quarter) << 1 | again))
    opp_out, opp_home = min(opp_out, ROW), min(opp_home, ROW)
    add(lay.counts + (((own_out * 5 + own_home) * 5 + opp_out) * 5 + opp_home) * 2 + again)
    return out
