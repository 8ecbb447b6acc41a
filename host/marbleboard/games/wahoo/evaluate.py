"""How good a position is for a seat (and its partner): progress, danger and the win."""

from __future__ import annotations

from ..base import team_lead
from .geometry import ROW, START
from .state import State

WIN = 1000.0
OUT_BONUS = 8  # a marble on the Path has used up a 1 or a 6: worth more than its distance
HOME_BONUS = 10
CENTRE_WAIT = 4  # a marble in the centre waits for a 1, with its own arrow next


def progress(state: State, seat: int) -> float:
    """How far a seat's marbles have come, in holes, with bonuses for being out and
    for being in the Tee-Pee (deeper is better: it frees the holes behind)."""
    g, pos = state.g, state.pos
    track, starter = g.track, g.starter(seat)
    arrows, own_arrow = g.arrows, g.arrow(seat)
    total = 0.0
    for m in range(ROW * seat, ROW * seat + ROW):
        p = pos[m]
        if p == START:
            continue
        if p == g.centre:
            total += OUT_BONUS + (g.arrow(seat) - starter) % track - CENTRE_WAIT
        elif p >= track:
            total += track + HOME_BONUS + (p - track) % ROW * 2
        elif p in arrows and p != own_arrow:
            # The arrow short cut is open next turn: count it half taken.
            lap = (p - starter) % track
            total += OUT_BONUS + (lap + max(lap, (own_arrow - starter) % track)) / 2
        else:
            total += OUT_BONUS + (p - starter) % track
    return total


def danger(state: State, seat: int) -> float:
    """This seat's marbles that an opponent's marble is close behind (1 to 6 holes
    on the Path, so one roll could knock them back), weighted by how far they have
    come; and a marble in the centre, which any opponent there knocks back."""
    g, pos = state.g, state.pos
    track = g.track
    opponents = [pos[m] for m in range(len(pos))
                 if 0 <= pos[m] < track and not friends(state, seat, m // ROW)]
    hit = 0.0
    for m in range(ROW * seat, ROW * seat + ROW):
        p = pos[m]
        if p == g.centre:
            hit += 0.5
        if not 0 <= p < track:
            continue
        if any(0 < (p - q) % track <= 6 for q in opponents):
            hit += (p - g.starter(seat)) % track / track + 0.5
    return hit


def friends(state: State, a: int, b: int) -> bool:
    return a == b or (state.opts.partners and state.opts.partner(a) == b)


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat (and its partner) lead; roughly in holes."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    return team_lead(state.opts.seats, lambda s: friends(state, seat, s),
                     lambda s: progress(state, s) - 6 * danger(state, s))
