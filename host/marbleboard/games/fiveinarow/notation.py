"""Text for Five in a Row: holes, moves and whole positions (docs/rules/fiveinarow.md).

Holes are named like a chessboard's squares: columns ``a`` to ``g`` from left to
right, rows ``1`` to ``7`` from red's side, ``a1`` in red's near left corner. A
move is the hole a marble goes into: ``d4``.

Positions (one line, fields separated by spaces)::

    ......./......./......./...B.../..RR.../....B../....... 1 4

the grid, row 7 first, each row from a to g (``R`` red's marble, ``B`` blue's,
``.`` an empty hole); whose turn, ``1`` red or ``2`` blue, or ``over``; the turns
played. Nothing is hidden: every seat sees the same line.
"""

from __future__ import annotations

from typing import Any

from ..base import OVER, RuleError
from ..gamestate import SeenBy
from .options import Options
from .state import EMPTY, HOLES, SIZE, State

LETTERS = "RB"  # by seat
COLUMNS = "abcdefg"


def hole_name(hole: int) -> str:
    return COLUMNS[hole % SIZE] + str(hole // SIZE + 1)


def parse_hole(text: str) -> int:
    if len(text) == 2 and text[0] in COLUMNS and text[1] in "1234567":
        return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])
    raise RuleError(f"not a hole of the grid (a1 to g7): {text!r}")


def action_text(state: State, action: int) -> str:
    return hole_name(action)


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names."""
    hole = parse_hole(text.strip())
    if hole not in state.legal_actions():
        why = "the game is over" if state.current < 0 else f"{text.strip()} is not empty"
        raise RuleError(f"{text.strip()!r} is not a legal move here: {why}")
    return hole


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line, the same for every seat: nothing is hidden."""
    rows = ["".join("." if (v := state.grid[SIZE * r + c]) == EMPTY else LETTERS[v]
                    for c in range(SIZE)) for r in reversed(range(SIZE))]
    turn = "over" if state.current == OVER else str(state.current + 1)
    return f"{'/'.join(rows)} {turn} {state.turns}"


def parse_position(text: str, options: Any = None) -> State:
    """A position from its line; the marbles must be ones a game could have put
    down (as many of each, or one more of the first player's), and the turn and
    the end are checked against them."""
    options = options or Options()
    try:
        grid_text, turn, turns_text = text.split()
        rows = grid_text.split("/")
        if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
            raise ValueError("the grid is 7 rows of 7 holes")
        state = State(options)
        for r, row in enumerate(reversed(rows)):
            for c, mark in enumerate(row):
                if mark != ".":
                    state.grid[SIZE * r + c] = LETTERS.index(mark)
        state.turns = int(turns_text)
    except ValueError as e:
        raise RuleError(f"not a Five in a Row position: {text!r} ({e})") from e
    counts = [state.grid.count(seat) for seat in (0, 1)]
    first = options.first_player
    if state.turns != sum(counts) or counts[first] - counts[1 - first] not in (0, 1):
        raise RuleError(f"no game puts down these marbles in {state.turns} turns: {text!r}")
    lines = [line for hole in range(HOLES) if state.grid[hole] != EMPTY
             and (line := state.row_through(hole))]
    to_move = first if counts[0] == counts[1] else 1 - first
    if lines:
        state.line = lines[0]
        state.winners = (state.grid[lines[0][0]],)
        state.current = OVER
    elif state.turns == HOLES:
        state.current = OVER
    else:
        state.current = to_move
    if turn != ("over" if state.current == OVER else str(to_move + 1)):
        raise RuleError(f"the turn does not match the marbles: {text!r}")
    return state


def state_to_json(state: State) -> dict[str, Any]:
    return {"options": state.opts.to_json(), "grid": state.grid, "current": state.current,
            "turns": state.turns, "winners": list(state.winners), "line": list(state.line)}


def state_from_json(data: dict[str, Any]) -> State:
    state = State(Options.from_json(data["options"]))
    state.grid = list(data["grid"])
    state.current = data["current"]
    state.turns = data["turns"]
    state.winners = tuple(data["winners"])
    state.line = tuple(data["line"])
    return state
