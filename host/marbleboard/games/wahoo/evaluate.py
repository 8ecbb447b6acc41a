"""How good a position is for a seat (and its partner): progress, danger and the win.

Progress is counted in pips, the holes a marble still has to go: along the Path
that is its distance to the Tee-Pee, but a marble that can take a short cut is
much nearer than that. :func:`pips` works the distances out once per board from
the routes themselves, so the arrows and the centre are worth what the die makes
of them. Danger is the chance that a roll knocks a marble back, read from the
same routes: what the opponents' marbles (and those waiting to come out) can
land on.
"""

from __future__ import annotations

from functools import cache

from ..base import CHANCE, team_lead
from .geometry import ROW, START, geometry
from .routes import routes
from .state import State

WIN = 1000.0
OUT_BONUS = 8.0  # a marble on the Path has used up a 1 or a 6: worth more than its distance
HOME_BONUS = 5.0  # in the Tee-Pee a marble is safe for good
DEPTH = 3.0  # each hole deeper in the Tee-Pee: it frees the holes behind
WAIT = 2.0  # what a turn spent waiting for the right roll costs, in pips
ROLLER_DANGER = 1.0  # the seat about to roll can hit at once
LATER_DANGER = 0.4  # the others' threats come later, and the marble may move away first
_GETS_OUT = 1 << 1 | 1 << 6  # the rolls that bring a marble out, as bits


@cache
def pips(colours: int, side: int, centre_roll: int) -> tuple[tuple[float, ...], ...]:
    """``pips(...)[seat][position]``: how many pips a marble of ``seat`` at
    ``position`` has still to go to reach its Tee-Pee, the short cuts taken when
    they pay, each turn that cannot use the roll costing ``WAIT`` (inside the
    Tee-Pee: minus its depth). Expected values over the die, by value iteration."""
    g = geometry(colours, side)
    table = routes(colours, side, centre_roll)
    track = g.track
    result = []
    for seat in range(colours):
        home = g.tee_pee(seat, 0)
        value = [0.0] * g.positions
        for p in range(track):
            value[p] = float((g.entry(seat) - p) % track + 1)
        value[g.centre] = value[g.arrow(seat)] + 1 + 5 * WAIT
        for k in range(ROW):
            value[home + k] = -float(k)
        places = [*range(track), g.centre]
        moves = {p: [(float(n), [dest for _kind, dest, _mask in table[seat][p][n]])
                     for n in range(1, 7)] for p in places}
        for _ in range(1000):
            change = 0.0
            for p in places:
                total = 0.0
                stay = WAIT + value[p]
                for n, dests in moves[p]:
                    best = stay
                    for dest in dests:
                        if n + value[dest] < best:
                            best = n + value[dest]
                    total += best
                new = total / 6
                if abs(new - value[p]) > change:
                    change = abs(new - value[p])
                value[p] = new
            if change < 1e-6:
                break
        result.append(tuple(value))
    return tuple(result)


@cache
def _tables(colours: int, side: int, centre_roll: int) -> tuple[
        tuple[tuple[float, ...], ...], tuple[tuple[tuple[tuple[int, int, int], ...], ...], ...]]:
    """Each seat's marble values by position (what it would lose, knocked back),
    and each seat's routes by position with their rolls as bits: (landing, mask
    crossed, roll bit)."""
    g = geometry(colours, side)
    left = pips(colours, side, centre_roll)
    table = routes(colours, side, centre_roll)
    worth = []
    reach = []
    for seat in range(colours):
        full = (g.entry(seat) - g.starter(seat)) % g.track + 1 + OUT_BONUS
        home = g.tee_pee(seat, 0)
        worth.append(tuple(full + HOME_BONUS + DEPTH * (p - home) if home <= p < home + ROW
                           else full - left[seat][p] for p in range(g.positions)))
        reach.append(tuple(tuple((dest, mask, 1 << n) for n in range(1, 7)
                                 for _kind, dest, mask in table[seat][p][n])
                           for p in range(g.positions)))
    return tuple(worth), tuple(reach)


def progress(state: State, seat: int) -> float:
    """How far a seat's marbles have come, in pips saved, with bonuses for being
    out and for being in the Tee-Pee (deeper is better: it frees the holes behind)."""
    opts = state.opts
    worth = _tables(state.colours, opts.holes_per_side, opts.centre_roll)[0][seat]
    return sum(worth[p] for p in state.pos[ROW * seat:ROW * seat + ROW] if p != START)


def threats(state: State, seat: int) -> dict[int, int]:
    """The positions ``seat``'s marbles could land on with its next roll (one coming
    out included), each with those rolls as bits."""
    opts = state.opts
    reach = _tables(state.colours, opts.holes_per_side, opts.centre_roll)[1]
    ctrl = state.controls(seat) if state.done else seat
    own = state.occ[ctrl]
    table = reach[ctrl]
    hits: dict[int, int] = {}
    waiting = False
    for p in state.pos[ROW * ctrl:ROW * ctrl + ROW]:
        if p == START:
            waiting = True
            continue
        for dest, mask, bit in table[p]:
            if not mask & own:
                hits[dest] = hits.get(dest, 0) | bit
    if waiting:
        starter = state.g.starter(ctrl)
        if not own >> starter & 1:
            hits[starter] = hits.get(starter, 0) | _GETS_OUT
    return hits


def danger(state: State, seat: int, hits: dict[int, dict[int, int]] | None = None) -> float:
    """The progress this seat may lose to the opponents' next rolls: each marble's
    worth times the chance that a roll lets an opponent land on it (at once for
    the seat about to roll, discounted for the others)."""
    opts = state.opts
    worth = _tables(state.colours, opts.holes_per_side, opts.centre_roll)[0][seat]
    track, centre = state.track, state.g.centre
    mine = [p for p in state.pos[ROW * seat:ROW * seat + ROW]
            if 0 <= p < track or p == centre]
    if not mine:
        return 0.0
    roller = state.roller if state.current == CHANCE else state.current
    total = 0.0
    for q in opts.seats:
        if friends(state, seat, q):
            continue
        reach = hits[q] if hits is not None else threats(state, q)
        weight = (ROLLER_DANGER if q == roller else LATER_DANGER) / 6
        for p in mine:
            rolls = reach.get(p)
            if rolls:
                total += weight * rolls.bit_count() * worth[p]
    return total


def friends(state: State, a: int, b: int) -> bool:
    return a == b or (state.opts.partners and state.opts.partner(a) == b)


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat (and its partner) lead; roughly in holes."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    hits = {q: threats(state, q) for q in state.opts.seats}
    return team_lead(state.opts.seats, lambda s: friends(state, seat, s),
                     lambda s: progress(state, s) - danger(state, s, hits))
