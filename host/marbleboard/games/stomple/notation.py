"""Text for Stomple: holes, moves, chance outcomes and whole positions
(docs/notation.md, docs/rules/stomple.md).

Holes are named like a chessboard's squares: columns ``a`` to ``g`` from left to
right, rows ``1`` to ``7`` from the near side, ``a1`` in the near left corner.
Marbles are their colour's letter, ``R Y G B P W`` (red, yellow, green, blue,
purple, white), or ``*`` for a Bonus Point marble. Seats are numbered from 1.

Moves: the marble stomped, then its hole; a hop (to a marble not next to the
Stomper) starts with ``>``::

    Yc3     stomp the yellow marble in c3 (next to the Stomper, or the round's
            first stomp, from the outer row, or the next marble of a string)
    >Wf6    hop to the white marble in f6 and stomp it
    out     the seat cannot stomp: its Stomper leaves the board for the round

Positions (one line, fields separated by spaces)::

    4 RYGB*PW/......./......./......./......./......./RRRRRR. Wb6,R-,Bx,Gg1 1~Y 12,3,0,7 3 - 41

players; the grid, row 7 first, each row from a to g (``.`` an empty hole); each
seat's Stomper: its colour's letter (``?`` before the draw) and its hole, ``-``
before its first stomp of the round, or ``x`` out for the round; whose turn: a
seat number, followed by ``~`` and a colour letter while it follows a string of
that colour, or ``layout>N`` and ``stompers>N`` while the marbles are spread
out or the Stompers drawn for a round seat N begins, or ``over``; the scores;
the round; the winner (``-`` before the end); the turns played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import CHANCE, OVER, RuleError
from ..gamestate import SeenBy
from .grid import (
    BONUS,
    BONUS_LETTER,
    EMPTY,
    HOLES,
    LETTERS,
    PER_COLOUR,
    SIZE,
    hole_name,
    parse_hole,
)
from .options import Options
from .state import DRAW, GONE, LAYOUT, OUT, UNPLACED, State

MARBLE_LETTERS = LETTERS + BONUS_LETTER  # by colour number; BONUS is the last


def marble_letter(colour: int) -> str:
    return "." if colour == EMPTY else MARBLE_LETTERS[colour]


def action_text(state: State, action: int) -> str:
    """A legal action of ``state`` as text."""
    if action == OUT:
        return "out"
    text = marble_letter(state.grid[action]) + hole_name(action)
    return ">" + text if state.is_hop(action) else text


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names: its full text, or the
    hole alone."""
    words = text.strip()
    if not words:
        raise RuleError("an empty move")
    legal = state.legal_actions()
    for action in legal:
        full = action_text(state, action)
        if words in (full, full.lstrip(">")[1:]):
            return action
    shown = ", ".join(action_text(state, a) for a in legal)
    raise RuleError(f"{text!r} is not a legal move here (legal: {shown})")


# --- grids and chance outcomes ----------------------------------------------------------


def grid_text(grid: Sequence[int]) -> str:
    """The grid, row 7 first, each row from column a to g."""
    return "/".join("".join(marble_letter(grid[row * SIZE + col]) for col in range(SIZE))
                    for row in reversed(range(SIZE)))


def parse_grid(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise ValueError(f"a grid is {SIZE} rows of {SIZE} holes, separated by '/'")
    grid = [EMPTY] * HOLES
    for i, row in enumerate(rows):
        for col, ch in enumerate(row):
            if ch != "." and ch not in MARBLE_LETTERS:
                raise ValueError(f"not a marble: {ch!r} (marbles: {MARBLE_LETTERS}, empty: .)")
            grid[(SIZE - 1 - i) * SIZE + col] = EMPTY if ch == "." else MARBLE_LETTERS.index(ch)
    for colour, letter in enumerate(MARBLE_LETTERS):
        if grid.count(colour) > PER_COLOUR:
            raise ValueError(f"there are only {PER_COLOUR} marbles of {letter!r}")
    return grid


def outcome_text(kind: str, outcome: Sequence[int]) -> str:
    """A layout as the grid it spreads out; a draw as the Stompers' colours in the
    order the seats draw them (all six: the last ones stay in the bag)."""
    if kind == LAYOUT.kind:
        return grid_text([m // PER_COLOUR for m in outcome])
    return "".join(LETTERS[c] for c in outcome)


def parse_outcome(kind: str, text: str) -> tuple[int, ...]:
    """The outcome a text names. The marbles of one colour are alike, so a layout
    read back numbers them in hole order: the same grid, whichever were drawn."""
    try:
        if kind == LAYOUT.kind:
            grid = parse_grid(text)
            seen = [0] * (BONUS + 1)
            marbles = []
            for colour in grid:
                if colour == EMPTY:
                    raise ValueError("a layout fills every hole")
                marbles.append(colour * PER_COLOUR + seen[colour])
                seen[colour] += 1
            return LAYOUT.check(marbles)
        return DRAW.check([LETTERS.index(ch) for ch in text])
    except ValueError as e:
        raise RuleError(f"not a {kind}: {text!r}: {e}") from e


# --- positions ----------------------------------------------------------------------


def _stomper_text(state: State, seat: int) -> str:
    colour = state.stompers[seat]
    where = state.at[seat]
    return ((LETTERS[colour] if colour >= 0 else "?")
            + ("-" if where == UNPLACED else "x" if where == GONE else hole_name(where)))


def _turn_text(state: State) -> str:
    if state.current == OVER:
        return "over"
    if state.current == CHANCE:
        return f"{state.chance}>{state.starter + 1}"
    text = str(state.current + 1)
    return text + "~" + LETTERS[state.chain] if state.chain >= 0 else text


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line, the same for every seat: nothing in Stomple is hidden."""
    fields = [str(state.opts.players), grid_text(state.grid),
              ",".join(_stomper_text(state, s) for s in state.opts.seats),
              _turn_text(state), ",".join(str(p) for p in state.scores), str(state.round),
              "".join(str(s + 1) for s in state.winners) or "-", str(state.turns)]
    return " ".join(fields)


def _seat(text: str, players: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= players:
        raise ValueError(f"not a playing seat: {text!r} (1 to {players})")
    return int(text) - 1


def parse_position(text: str, options: Options | None = None) -> State:
    """A state from one line; ``options`` default to those the line implies.
    Raises ValueError for a line that is not a position the rules can reach."""
    fields = text.split()
    if len(fields) != 8:
        raise ValueError(f"a position has 8 fields, this one {len(fields)}")
    players = int(fields[0])
    opts = options or Options(players=players)
    if opts.players != players:
        raise ValueError(f"the options are for {opts.players} players, the position {players}")
    state = State(opts)
    state.grid = parse_grid(fields[1])
    stompers = fields[2].split(",")
    if len(stompers) != players:
        raise ValueError(f"{players} players have {players} Stompers")
    for seat, item in enumerate(stompers):
        if len(item) < 2 or item[0] not in LETTERS + "?":
            raise ValueError(f"not a Stomper: {item!r}")
        state.stompers[seat] = LETTERS.index(item[0]) if item[0] != "?" else -1
        where = item[1:]
        state.at[seat] = (UNPLACED if where == "-" else GONE if where == "x"
                          else parse_hole(where))
        if state.at[seat] >= 0 and state.grid[state.at[seat]] != EMPTY:
            raise ValueError(f"a Stomper stands where it stomped: {where} must be empty")
    drawn = [c for c in state.stompers if c >= 0]
    if len(set(drawn)) != len(drawn) or len(drawn) not in (0, players):
        raise ValueError("each seat draws a Stomper of its own colour, all at once")
    placed = [h for h in state.at if h >= 0]
    if len(set(placed)) != len(placed):
        raise ValueError("two Stompers cannot stand in one hole")
    turn = fields[3]
    if turn == "over":
        state.current = OVER
        state.chance = ""
    elif ">" in turn:
        kind, _, starter = turn.partition(">")
        if kind not in (LAYOUT.kind, DRAW.kind):
            raise ValueError(f"no chance called {kind!r}")
        state.current = CHANCE
        state.chance = kind
        state.starter = _seat(starter, players)
        # Before a layout, the last round's winner's Stomper may still stand, the
        # others out; otherwise the Stompers are in the bag.
        round_over = len(placed) == 1 and all(a >= 0 or a == GONE for a in state.at)
        if (drawn or placed) and not (kind == LAYOUT.kind and round_over):
            raise ValueError("the Stompers are in the bag until the marbles are spread out")
    else:
        seat_text, _, chain = turn.partition("~")
        state.current = _seat(seat_text, players)
        state.chance = ""
        if not drawn:
            raise ValueError("a seat plays once the Stompers are drawn")
        if state.at[state.current] == GONE:
            raise ValueError("a seat out for the round does not play")
        if chain:
            if chain not in LETTERS or state.at[state.current] < 0:
                raise ValueError(f"not a string followed from a Stomper: ~{chain}")
            state.chain = LETTERS.index(chain)
            if not state.targets():
                raise ValueError("a string ends when no marble of its colour is next")
        state.starter = state.current
    state.scores = [int(p) for p in fields[4].split(",")]
    if len(state.scores) != players or min(state.scores) < 0:
        raise ValueError(f"{players} scores, none below 0")
    state.round = int(fields[5])
    state.winners = tuple(_seat(c, players) for c in fields[6] if fields[6] != "-")
    if (state.current == OVER) != bool(state.winners):
        raise ValueError("a game is over when, and only when, it has a winner")
    state.turns = int(fields[7])
    if state.round < 1 or state.turns < 0:
        raise ValueError("rounds count from 1, turns from 0")
    return state


def state_to_json(state: State) -> dict[str, Any]:
    """The full state as JSON data: options, the position, the rounds played
    (winner and points) and the history (actions, and chance outcomes as lists)."""
    history: list[object] = [h if isinstance(h, int) else list(h) for h in state.history]
    return {"game": "stomple", "options": state.opts.to_json(),
            "position": position_text(state),
            "rounds": [list(r) for r in state.rounds], "history": history}


def state_from_json(data: dict[str, Any]) -> State:
    if data.get("game") != "stomple":
        raise ValueError("not a Stomple state")
    state = parse_position(data["position"], Options.from_json(data["options"]))
    state.rounds = [(int(w), int(p)) for w, p in data.get("rounds", [])]
    state.history = [h if isinstance(h, int) else tuple(int(v) for v in h)
                     for h in data.get("history", [])]
    return state

