"""Text for Wa-Hoo: moves, holes and whole positions (docs/rules/wa-hoo.md).

Holes: Path holes by number (``0`` is red's Starting Position); Tee-Pee holes by
seat letter and depth (``R1`` .. ``R4``, 1 by the entry); a seat's Tribal Grounds
by its letter and ``S`` (``RS``); the centre ``C``. Seat letters: R B Y G, and
P O on the six-colour board.

Moves: the roll, then what it does; a marble knocked back follows as ``x``, its
seat letter and the hole it was in::

    6 out           a 6 brings a marble out onto the Starting Position
    6 out xB0       ... knocking back the blue marble standing there
    3 12-15 xB15    along the Path from 12 to 15, knocking back a blue marble
    3 50-R1         into the Tee-Pee
    4 17>47         the arrow short cut: from the arrow on 17, by the arrows on 31
                    and 45 (red's own), then on along the Path to 47
    4 4>C           to the centre, from one space beyond an arrow
    1 C>45          out of the centre, onto red's own arrow
    pass            the roll moves nothing

Positions (one line, fields separated by spaces)::

    4 0,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,C R 6 - 12

players; each seat's four marbles (``-`` for a seat nobody plays; four or six
seats); whose turn: a seat letter when the seat moves with the roll shown,
``R?`` when red is to roll, ``first:RBYG`` while the players roll to see who
goes first (the seats still in the running, in the order they roll), or
``over``; the die: the last roll (``-`` before any; during the roll for first,
the rolls of this round so far, in order); the winners; the turns played.
"""

from __future__ import annotations

from typing import Any

from ..base import CHANCE, OVER, RuleError
from ..gamestate import SeenBy
from .actions import ARROWS, CENTRE, OUT, PASS
from .geometry import LETTERS, ROW, START
from .options import Options
from .state import State


def hole_text(state: State, hole: int, seat: int) -> str:
    if hole == START:
        return LETTERS[seat] + "S"
    if hole < state.track:
        return str(hole)
    if hole == state.g.centre:
        return "C"
    k = hole - state.track
    return f"{LETTERS[k // ROW]}{k % ROW + 1}"


def parse_hole(state: State, text: str) -> int:
    if text.isdigit():
        hole = int(text)
        if hole >= state.track:
            raise ValueError(f"there is no Path hole {hole}")
        return hole
    if text == "C":
        return state.g.centre
    if len(text) == 2 and text[0] in LETTERS[:state.colours]:
        seat = LETTERS.index(text[0])
        if text[1] == "S":
            return START
        if text[1] in "1234":
            return state.g.tee_pee(seat, int(text[1]) - 1)
    raise ValueError(f"not a hole: {text!r}")


def action_text(state: State, action: int) -> str:
    """A legal action of ``state`` as text (knock-offs are worked out from the state)."""
    kind = action & 7
    if kind == PASS:
        return "pass"
    m, dest = action >> 3 & 31, action >> 8
    seat = m >> 2
    if kind == OUT:
        text = f"{state.roll} out"
    else:
        src = state.pos[m]
        sep = ">" if kind in (ARROWS, CENTRE) or src == state.g.centre else "-"
        text = f"{state.roll} {hole_text(state, src, seat)}{sep}{hole_text(state, dest, seat)}"
    for victim in state.knocked_by(action):
        text += f" x{LETTERS[victim >> 2]}{hole_text(state, dest, victim >> 2)}"
    return text


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names (the knock-off may be left
    out, and so may the roll, which is the state's)."""
    words = text.split()
    if not words:
        raise RuleError("an empty move")
    legal = state.legal_actions()
    for action in legal:
        full = action_text(state, action).split()
        if words in (full, full[:2], full[1:2], full[1:]):
            return action
    shown = ", ".join(action_text(state, a) for a in legal)
    raise RuleError(f"{text!r} is not a legal move here (legal: {shown})")


# --- positions ------------------------------------------------------------------


def _turn_text(state: State) -> str:
    if state.current == OVER:
        return "over"
    if state.contenders:
        return "first:" + "".join(LETTERS[s] for s in state.contenders)
    if state.current == CHANCE:
        return LETTERS[state.roller] + "?"
    return LETTERS[state.current]


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line, the same for every seat: nothing in Wa-Hoo is hidden."""
    marbles = []
    for seat in range(state.colours):
        if seat not in state.opts.seats:
            marbles.append("-")
            continue
        marbles.append(",".join(hole_text(state, state.pos[m], seat)
                                for m in range(ROW * seat, ROW * seat + ROW)))
    if state.contenders:
        die = "".join(str(r) for r in state.rolloff) or "-"
    else:
        die = str(state.roll) if state.roll else "-"
    fields = [str(state.opts.players), "/".join(marbles), _turn_text(state), die,
              "".join(LETTERS[s] for s in state.winners) or "-", str(state.turns)]
    return " ".join(fields)


def parse_position(text: str, options: Options | None = None) -> State:
    """A state from one line; ``options`` default to those the line implies."""
    fields = text.split()
    if len(fields) != 6:
        raise ValueError(f"a position has 6 fields, this one {len(fields)}")
    players = int(fields[0])
    groups = fields[1].split("/")
    if len(groups) not in (4, 6):
        raise ValueError("the marbles name four or six seats, separated by '/'")
    board = "wahoo" if len(groups) == 4 else "wahoo6"
    # The seats that play are those whose marbles are given (when they are as many
    # as the players; if not, the seats found wrong are named below).
    given = tuple(s for s, g in enumerate(groups) if g != "-")
    base = options or Options(players=players, board=board,
                              seating=given if len(given) == players else ())
    if base.players != players or base.colours != len(groups):
        raise ValueError(f"the position is for {players} players on {len(groups)} colours, "
                         f"the options for {base.players} on {base.colours}")
    state = State(base)
    state.contenders, state.rolloff = (), []
    for seat in range(state.colours):
        if seat not in base.seats:
            if groups[seat] != "-":
                raise ValueError(f"seat {LETTERS[seat]} does not play in this game")
            continue
        holes = groups[seat].split(",")
        if len(holes) != ROW:
            raise ValueError(f"seat {LETTERS[seat]} needs four marbles")
        for i, h in enumerate(holes):
            m = ROW * seat + i
            hole = parse_hole(state, h)
            if hole == START:
                if h[0] != LETTERS[seat]:
                    raise ValueError(f"a {LETTERS[seat]} marble waits in its own Tribal "
                                     f"Grounds, not {h}")
                continue
            if state.track <= hole < state.g.centre and (hole - state.track) // ROW != seat:
                raise ValueError(f"a {LETTERS[seat]} marble cannot be in another seat's "
                                 f"Tee-Pee ({h})")
            if state.board[hole] >= 0:
                raise ValueError(f"two marbles in hole {h}")
            state.board[hole] = m
            state.pos[m] = hole
            state.occ[seat] |= 1 << hole
        first = state.track + ROW * seat
        if all(first <= p < first + ROW for p in state.pos[ROW * seat:ROW * seat + ROW]):
            state.done |= 1 << seat
    turn, die = fields[2], fields[3]
    if turn == "over":
        state.current = OVER
        state.roller = -1
        state.roll = int(die) if die != "-" else 0
    elif turn.startswith("first:"):
        state.contenders = tuple(LETTERS.index(c) for c in turn[6:])
        state.rolloff = [int(c) for c in die if c != "-"]
        if len(state.contenders) < 2 or len(state.rolloff) >= len(state.contenders):
            raise ValueError(f"not a roll for first: {turn} {die}")
        state.roller = state.contenders[len(state.rolloff)]
        state.roll = state.rolloff[-1] if state.rolloff else 0
        state.current = CHANCE
    else:
        seat = LETTERS.index(turn[0])
        if seat not in base.seats or turn[1:] not in ("", "?"):
            raise ValueError(f"not a playing seat's turn: {turn!r}")
        state.roller = seat
        state.roll = int(die) if die != "-" else 0
        state.current = CHANCE if turn.endswith("?") else seat
        if state.current == seat and not 1 <= state.roll <= 6:
            raise ValueError("a seat to move needs a roll of 1 to 6")
    state.winners = tuple(LETTERS.index(c) for c in fields[4] if c != "-")
    state.turns = int(fields[5])
    return state


def state_to_json(state: State) -> dict[str, Any]:
    """The full state as JSON data: options, the position, and the history
    (actions as their integers, rolls as ``{"roll": face}``)."""
    history: list[object] = [h if h >= 0 else {"roll": -h} for h in state.history]
    return {"game": "wahoo", "options": state.opts.to_json(),
            "position": position_text(state), "history": history}


def state_from_json(data: dict[str, Any]) -> State:
    if data.get("game") != "wahoo":
        raise ValueError("not a Wa-Hoo state")
    state = parse_position(data["position"], Options.from_json(data["options"]))
    state.history = [h if isinstance(h, int) else -int(h["roll"])
                     for h in data.get("history", [])]
    return state

