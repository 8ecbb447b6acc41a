"""How good a position is for a seat: its games won, its lead in claimed cards
in the game being played, and whether it can claim at its next turn.

A game is won by the most claimed cards, so within a game a seat's claimed cards
less the others' say how it stands. Every hand is face up, so who can take a
card at their next turn is seen at once: a seat that can will take two cards
(compulsory, by the rules), and a card put into the centre that the next seat
matches hands it those two. That one look ahead is what makes greedy keep the
cards that claim and put out the ones nobody can take.
"""

from __future__ import annotations

from ..base import team_lead
from .state import MATCHES, State, cards_of

WIN = 1000.0
GAME = 20.0  # a game won, in claimed cards: more than a clear lead in one game
READY = 1.5  # a seat that can claim at its next turn: nearly the two cards it takes


def can_claim(state: State, seat: int) -> bool:
    """Whether a card of the seat's hand matches a card in the centre."""
    centre = state.centre
    return any(MATCHES[c] & centre for c in cards_of(state.hands[seat]))


def evaluate(state: State, seat: int) -> float:
    """Positive when the seat leads: games won (``GAME`` each), then the claimed
    cards of the game in play and a claim ready (``READY``), less the others' on
    average."""
    if state.winners:
        return WIN if seat in state.winners else -WIN
    wins = state.wins
    claimed = state.claimed
    return team_lead(state.opts.seats, lambda s: s == seat,
                     lambda s: GAME * wins[s] + claimed[s].bit_count()
                     + (READY if can_claim(state, s) else 0.0))
