"""How good a Five in a Row position is for a seat, for the greedy and search
bots: every line of holes still open to one side (none of the other's marbles
in it) counts for that side, more the fuller it is. A row won is worth more than
anything else, and a line one marble short is as good as won for the side whose
turn it is (so a bot blocks one it cannot beat)."""

from __future__ import annotations

from .state import EMPTY, WINDOWS, State

WON = 10_000.0
WIN_NEXT = WON / 2  # a line one marble short, with its side to move: won next turn
# A line's worth by how many of its holes a seat already holds: each marble more
# multiplies it, so three in an open line count far above three scattered.
WORTH = (0.0, 1.0, 4.0, 16.0, 64.0, 256.0)


def evaluate(state: State, seat: int) -> float:
    if state.winners:
        return WON if seat in state.winners else -WON
    if state.current < 0:
        return 0.0  # a draw
    grid = state.grid
    row = state.opts.row
    to_move = state.current
    score = 0.0
    for window in WINDOWS[row]:
        mine = theirs = 0
        for hole in window:
            v = grid[hole]
            if v == seat:
                mine += 1
            elif v != EMPTY:
                theirs += 1
        if not theirs:
            if mine == row - 1 and to_move == seat:
                return WIN_NEXT  # one marble short, and it is this seat's turn
            score += WORTH[mine]
        elif not mine:
            if theirs == row - 1 and to_move != seat:
                return -WIN_NEXT
            score -= WORTH[theirs]
    # The seat to move gets to add to its lines first: a small edge.
    return score + (WORTH[2] if to_move == seat else -WORTH[2])
