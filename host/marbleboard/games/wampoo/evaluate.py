"""How good a position is for a seat: progress, danger and the win.

Danger is read from the cards: for each marble, the cards that would let an
opponent's marble land on it (the exact count, a 7 passing over it, a 4 from
four ahead, a starter card onto the opponent's STARTER), and the chance that the
opponent holds one. The evaluating seat knows its own hand and guesses the
others' from the cards it has not seen.
"""

from __future__ import annotations

from ..base import team_lead
from ..cards import JOKER, RANK
from .options import Options
from .state import START, State

WIN = 1000.0
OUT_BONUS = 6.0  # a marble on the track is worth more than its distance alone
HOME_BONUS = 12.0
DEPTH = 2.0  # deeper in HOME is better: it frees the holes behind
NEXT_DANGER = 1.0  # the seat to play next can knock at once
LATER_DANGER = 0.5  # the others later, and the marble may have moved on by then
EMPTY_HAND = 0.5  # a seat with no cards left this round threatens only after the deal

_ALL_RANKS = (1 << JOKER + 1) - 2  # ranks 1..14, as bits
_OUT = 1 << 1 | 1 << 13 | 1 << JOKER  # Ace, King, Joker
_SEVEN = 1 << 7
_FOUR = 1 << 4
# The ranks that move a marble exactly this far forward (a 7 knocks all it passes).
_EXACT = [0] * 21
for _r in (1, 2, 3, 5, 6, 8, 9, 10, 11, 12, 13):
    _EXACT[_r] = 1 << _r
_EXACT[20] = 1 << JOKER
_FORWARD = [_EXACT[d] | (_SEVEN if 1 <= d <= 7 else 0) for d in range(21)]
_COPIES = [0] + [4] * 13 + [2]  # cards of each rank in the deck


def lap(state: State, seat: int, p: int) -> int:
    """How far a track marble has come from its STARTER: a marble sent back past
    the STARTER by a 4 has the whole way still to go (it may not enter HOME
    before going round)."""
    track = state.track
    d = (p - seat * state.side) % track
    return d if d <= track - 4 else d - track


_WORTH: dict[int, tuple[Options, tuple[tuple[float, ...], ...]]] = {}


def _worth(opts: Options) -> tuple[tuple[float, ...], ...]:
    """Each seat's marble values by position (START last, at -1): what it would
    lose, knocked off. Kept by the options' identity: hashing them costs more."""
    found = _WORTH.get(id(opts))
    if found is not None and found[0] is opts:
        return found[1]
    state = State(opts)
    track = state.track
    table = []
    for seat in range(4):
        row = []
        for p in range(track + 16):
            if p >= track:
                row.append(track + HOME_BONUS + DEPTH * ((p - track) % 4))
            else:
                row.append(OUT_BONUS + lap(state, seat, p))
        row.append(0.0)
        table.append(tuple(row))
    _WORTH[id(opts)] = (opts, tuple(table))
    return tuple(table)


def progress(state: State, seat: int) -> float:
    """How far a seat's marbles have come, in holes, with bonuses for being out
    and for being HOME (deeper is better: it frees the holes behind)."""
    worth = _worth(state.opts)[seat]
    pos = state.pos
    return worth[pos[4 * seat]] + worth[pos[4 * seat + 1]] + worth[pos[4 * seat + 2]] + worth[
        pos[4 * seat + 3]]


class _Hands:
    """The chance that a seat holds a card of some ranks, as ``viewer`` sees it:
    its own hand for certain, the others' from the cards it has not seen."""

    __slots__ = ("hands", "known", "unseen", "unseen_total", "viewer")

    def __init__(self, state: State, viewer: int):
        self.viewer = viewer
        self.hands = state.hands
        counts = _COPIES[:]
        for c in state.cycle_played:
            counts[RANK[c]] -= 1
        for c in state.hands[viewer]:
            counts[RANK[c]] -= 1
        self.unseen = counts
        self.unseen_total = sum(counts)
        self.known: dict[tuple[int, int], float] = {}

    def holds(self, seat: int, ranks: int) -> float:
        hand = self.hands[seat]
        if seat == self.viewer:
            return 1.0 if any(ranks >> RANK[c] & 1 for c in hand) else 0.0
        size = len(hand)
        found = self.known.get((size, ranks))
        if found is not None:
            return found
        weight = 1.0
        if not size:
            size, weight = 4, EMPTY_HAND
        total = self.unseen_total
        unseen = self.unseen
        good = sum(unseen[r] for r in range(1, JOKER + 1) if ranks >> r & 1)
        miss = 1.0
        for i in range(min(size, total)):
            miss *= max(0.0, (total - good - i) / (total - i))
        chance = self.known[len(hand), ranks] = weight * (1.0 - miss)
        return chance


def _attackers(state: State, seat: int) -> tuple[list[tuple[int, int]], bool]:
    """A seat's marbles on the track, each with how far it may go before its HOME
    entry stops it; and whether one waits to come out."""
    track, pos = state.track, state.pos
    entry = (seat * state.side - 4) % track
    far = state.opts.pass_home_entry
    marbles = []
    waiting = False
    for o in range(4 * seat, 4 * seat + 4):
        po = pos[o]
        if po == START:
            waiting = True
        elif po < track:
            marbles.append((po, track if far else (entry - po) % track))
    return marbles, waiting


def danger(state: State, seat: int, hands: _Hands,
           attackers: list[tuple[int, list[tuple[int, int]], bool]]) -> float:
    """The progress this seat may lose before it plays again: each of its marbles'
    worth times the chance an opponent (of ``attackers``) holds a card that lands
    on it."""
    track, pos, fresh, side = state.track, state.pos, state.fresh, state.side
    worth = _worth(state.opts)[seat]
    after = state.current
    back = track - 4
    total = 0.0
    for m in range(4 * seat, 4 * seat + 4):
        p = pos[m]
        if not 0 <= p < track or fresh >> m & 1:
            continue
        safe = 1.0
        for q, marbles, waiting in attackers:
            ranks = 0
            for po, reach in marbles:
                d = (p - po) % track
                if d <= 20 and d <= reach:
                    ranks |= _FORWARD[d]
                elif d == back:
                    ranks |= _FOUR
            if waiting and p == q * side:
                ranks |= _OUT
            if ranks:
                chance = hands.holds(q, ranks)
                safe *= 1.0 - (NEXT_DANGER if q == after else LATER_DANGER) * chance
        if safe < 1.0:
            total += (1.0 - safe) * worth[p]
    return total


def _friends(state: State, a: int, b: int) -> bool:
    return a == b or (state.opts.team_play and (a - b) % 4 == 2)


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat (and its partner) lead."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    hands = _Hands(state, seat)
    seats = state.opts.seats
    attackers = [(q, *_attackers(state, q)) for q in seats]

    def value(s: int) -> float:
        against = [a for a in attackers if not _friends(state, s, a[0])]
        return progress(state, s) - danger(state, s, hands, against)

    return team_lead(seats, lambda s: _friends(state, seat, s), value)
