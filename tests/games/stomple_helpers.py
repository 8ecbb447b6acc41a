"""Positions for Stomple tests, written in the one-line notation (docs/notation.md).

Holes are named like a chessboard's: columns a-g from the left, rows 1-7 from the
near side; the outer row is every hole of row 1 and 7 and of column a and g.
Marbles: R Y G B P W (red, yellow, green, blue, purple, white), * a Bonus Point
marble.
"""

from random_play import random_steps as steps

from marbleboard.games.stomple import Options, new_game
from marbleboard.games.stomple.grid import HOLES, SIZE
from marbleboard.games.stomple.notation import (
    action_text,
    grid_text,
    parse_action,
    parse_position,
)

# A full layout with no string anywhere: in hole (row, col) the marble
# MARBLE_LETTERS[(col + 3 * row) % 7]. Neighbours differ by 1, 2, 3, 4, 5 or 6 in
# that sum, never by 7, so no two marbles of a colour touch; each letter is used
# seven times.
NO_STRINGS = grid_text([(h % SIZE + 3 * (h // SIZE)) % 7 for h in range(HOLES)])


def grid(marbles="", base=None):
    """A grid text: ``marbles`` such as ``"Yc3 Yc4 *d5"`` (a letter and a hole; ``.``
    empties a hole) on ``base`` (a grid text; all empty when None)."""
    rows = [list(r) for r in (base or "/".join(["." * SIZE] * SIZE)).split("/")]
    for item in marbles.split():
        letter, hole = item[0], item[1:]
        col, row = "abcdefg".index(hole[0]), int(hole[1])
        rows[SIZE - row][col] = letter
    return "/".join("".join(r) for r in rows)


def position(marbles="", stompers="W-,R-", turn="1", scores=None, base=None, round_=1,
             **options):
    """A state: ``marbles`` on ``base`` (see :func:`grid`), each seat's Stomper as the
    notation writes it (``Wd4``: white, standing in d4; ``R-``: red, not on the
    board yet; ``Gx``: green, out), ``turn`` as the notation's turn field."""
    players = len(stompers.split(","))
    score_text = scores or ",".join(["0"] * players)
    text = f"{players} {grid(marbles, base)} {stompers} {turn} {score_text} {round_} - 0"
    return parse_position(text, Options(players=players, **options))


def moves(state):
    return sorted(action_text(state, a) for a in state.legal_actions())


def play(state, *texts):
    for text in texts:
        state.play(parse_action(state, text))
    return state


def deal(state, rng):
    """Draw the chance due (layout, then Stompers) from ``rng``."""
    while state.is_chance():
        state.apply_chance(state.chance_due().draw(rng))
    return state


def random_steps(options, seed):
    """Every (before, action, after) of a seeded random game; chance as (before,
    None, after)."""
    return steps(new_game, options, seed)

