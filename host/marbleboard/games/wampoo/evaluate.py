"""How good a position is for a seat: progress, danger and the win."""

from __future__ import annotations

from ..base import team_lead
from .state import START, State

WIN = 1000.0
OUT_BONUS = 6  # a marble on the track is worth more than its distance alone
HOME_BONUS = 12


def progress(state: State, seat: int) -> float:
    """How far a seat's marbles have come, in holes, with bonuses for being out
    and for being HOME (deeper is better: it frees the holes behind)."""
    track, pos = state.track, state.pos
    starter = seat * state.side
    total = 0.0
    for m in range(4 * seat, 4 * seat + 4):
        p = pos[m]
        if p == START:
            continue
        if p >= track:
            total += track + HOME_BONUS + (p - track) % 4 * 2
        else:
            total += OUT_BONUS + (p - starter) % track
    return total


def danger(state: State, seat: int) -> float:
    """Marbles of this seat that an opponent's marble is close behind (1 to 13
    holes): a card could knock them off."""
    track, pos = state.track, state.pos
    opponents = [m for m in range(16) if 0 <= pos[m] < track and not _friends(state, seat, m >> 2)]
    hit = 0.0
    for m in range(4 * seat, 4 * seat + 4):
        p = pos[m]
        if not 0 <= p < track or state.fresh >> m & 1:
            continue
        for o in opponents:
            if 0 < (p - pos[o]) % track <= 13:
                hit += (p - state.starter(seat)) % track / track + 0.5
                break
    return hit


def _friends(state: State, a: int, b: int) -> bool:
    return a == b or (state.opts.team_play and (a - b) % 4 == 2)


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat (and its partner) lead."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    return team_lead(state.opts.seats, lambda s: _friends(state, seat, s),
                     lambda s: progress(state, s) - 8 * danger(state, s))
