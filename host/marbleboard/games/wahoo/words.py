"""Wa-Hoo's moves, holes and rolls in words: phrases (``marbleboard.words``) whose
texts, in every language, are in ``words.json`` beside this module.

Every move starts with the roll it is made with ("6: bring a red marble out") and
ends with "then roll again" when it earns another roll (a 1 or a 6 that moved a
marble). The words say what a person sees on the board, never the notation's hole
numbers: a move counts its holes ("move the red marble 3 holes forward"); a hole is
one the board marks, by the rule text's names (Tribal Grounds, Starting Position,
Tee-Pee, the arrows, the centre), or found from the Starting Position behind it
("3 holes past blue's Starting Position"). A marble is named by its colour alone
when its colour has one marble out, else with where it stands. Each colour has its
own keys (``marble.red``, ``in_tee_pee.red``) so that every language can make its
words agree with the colour.
"""

from __future__ import annotations

from typing import Any

from .actions import ARROWS, CENTRE, OUT, PASS
from .geometry import BOARDS, ROW, SEAT_NAMES, START, geometry
from .options import Options
from .state import State

Phrase = list[Any]

P = "wahoo."


def _key(name: str) -> str:
    return P + name


def colour_phrase(kind: str, seat: int, *args: Any) -> Phrase:
    """A per-colour phrase: ``kind`` is ``marble``, ``a_marble``, ``marble_on``,
    ``in_grounds``, ``on_starter``, ``on_arrow`` or ``in_tee_pee``."""
    return [_key(f"{kind}.{SEAT_NAMES[seat]}"), list(args)]


def hole_words(options: Options, hole: str) -> Phrase:
    """Where a hole of the Wa-Hoo board ``options`` play on is, by its id, as a
    person finds it: a marked hole by its name ("on blue's Starting Position", "on
    yellow's arrow"), another counted from the marked hole behind it ("3 holes
    past red's Starting Position"); ``start.red.2`` is "in red's Tribal Grounds",
    ``home.red.3`` "in red's Tee-Pee, hole 3", ``centre`` "in the centre"."""
    g = geometry(BOARDS[options.board], options.holes_per_side)
    colours = SEAT_NAMES[:g.colours]
    if hole == "centre":
        return [_key("in_centre"), []]
    row, _, rest = hole.partition(".")
    if row == "track" and rest.isdigit() and int(rest) < g.track:
        n = int(rest)
        # Counted from the nearest hole behind it that the board marks: a
        # Starting Position or an arrow.
        marks = {g.starter(s): ("on_starter", "past", s) for s in range(g.colours)}
        marks |= {a: ("on_arrow", "past_arrow", i) for i, a in enumerate(g.arrows)}
        past = next(d for d in range(g.track) if (n - d) % g.track in marks)
        on, counted, seat = marks[(n - past) % g.track]
        if past == 0:
            return colour_phrase(on, seat)
        return [_key(f"{counted}.{SEAT_NAMES[seat]}"), {"n": past}]
    seat_name, _, k = rest.partition(".")
    if row in ("start", "home") and seat_name in colours and k in ("1", "2", "3", "4"):
        seat = colours.index(seat_name)
        return colour_phrase("in_grounds", seat) if row == "start" else colour_phrase(
            "in_tee_pee", seat, int(k))
    raise ValueError(f"this Wa-Hoo board has no hole {hole!r}")


def position_words(state: State, position: int) -> Phrase:
    """Where an engine position on the board (not ``START``) is, in words."""
    return hole_words(state.opts, state.g.hole_id(position))


def marble_words(state: State, m: int) -> Phrase:
    """A marble on the board: by its colour, and by where it stands when its colour
    has more than one marble out of its Tribal Grounds."""
    seat = m // ROW
    out = sum(1 for x in range(ROW * seat, ROW * seat + ROW) if state.pos[x] != START)
    if out <= 1:
        return colour_phrase("marble", seat)
    return colour_phrase("marble_on", seat, position_words(state, state.pos[m]))


def rolls_again(state: State, action: int) -> bool:
    """Whether ``action`` earns another roll: a 1 or a 6 that moves a marble, unless
    it ends the game."""
    if action == PASS or state.roll not in (1, 6):
        return False
    after = state.clone()
    after.apply(action)
    return not after.is_over()


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "3: move the red marble 3 holes
    forward, knocking back the blue marble"."""
    kind = action & 7
    move: Phrase
    if kind == PASS:
        move = [_key("pass"), []]
    else:
        m, dest = action >> 3 & 31, action >> 8
        seat = m // ROW
        src = state.pos[m]
        marble = marble_words(state, m) if kind != OUT else colour_phrase("a_marble", seat)
        if kind == OUT:
            move = [_key("out"), {"marble": marble}]
        elif kind == CENTRE:
            move = [_key("to_centre"), {"marble": marble}]
        elif src == state.g.centre:
            move = [_key("from_centre"), {"marble": marble, "to": position_words(state, dest)}]
        elif kind == ARROWS:
            move = [_key("arrows"), {"marble": marble, "to": position_words(state, dest)}]
        else:
            how = ("along_tee_pee" if src >= state.track
                   else "into_tee_pee" if dest >= state.track else "forward")
            move = [_key(how), {"marble": marble, "n": state.roll}]
        victims = state.knocked_by(action)
        if victims:
            move = [_key("knocking"), {"move": move,
                                       "victim": colour_phrase("marble", victims[0] // ROW)}]
        if rolls_again(state, action):
            move = [_key("again"), {"move": move}]
    return [_key("roll"), {"roll": state.roll, "move": move}]


def outcome_words(state: State, outcome: tuple[int, ...]) -> Phrase:
    """A roll of the die, as the log says it after the roller's name."""
    face = outcome[0] + 1
    return [_key("rolls_for_first" if state.contenders else "rolls"), [face]]

