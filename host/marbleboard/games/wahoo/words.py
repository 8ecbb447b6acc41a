"""Wa-Hoo's moves, holes and rolls in words: phrases (``marbleboard.words``) whose
texts, in every language, are in ``words.json`` beside this module.

Every move starts with the roll it is made with ("6: bring a red marble out") and
ends with "then roll again" when it earns another roll (a 1 or a 6 that moved a
marble). A marble is named by its colour and, where its seat has several, by the
hole it stands on; the board's names are the rule text's (Tribal Grounds,
Starting Position, Tee-Pee, the arrows, the centre). Each colour has its own keys
(``marble.red``, ``tee_pee.red``) so that every language can make its words agree
with the colour. Path holes are numbered as in the notation and the board's hole
ids (red's Starting Position is 0), so the words agree with the notation beside
them.
"""

from __future__ import annotations

from typing import Any

from .actions import ARROWS, CENTRE, OUT, PASS
from .geometry import BOARDS, ROW, SEAT_NAMES, geometry
from .options import Options
from .state import State

Phrase = list[Any]

P = "wahoo."


def _key(name: str) -> str:
    return P + name


def colour_phrase(kind: str, seat: int, *args: Any) -> Phrase:
    """A per-colour phrase: ``kind`` is ``marble``, ``a_marble``, ``grounds``,
    ``starter`` or ``tee_pee``."""
    return [_key(f"{kind}.{SEAT_NAMES[seat]}"), list(args)]


def hole_words(options: Options, hole: str) -> Phrase:
    """A hole of the Wa-Hoo board ``options`` play on, by its id: ``track.12`` is
    "12", ``track.14`` "blue's Starting Position", ``track.17`` "the arrow on 17",
    ``start.red.2`` "red's Tribal Grounds", ``home.red.3`` "red's Tee-Pee, hole 3",
    ``centre`` "the centre"."""
    g = geometry(BOARDS[options.board], options.holes_per_side)
    colours = SEAT_NAMES[:g.colours]
    if hole == "centre":
        return [_key("centre"), []]
    row, _, rest = hole.partition(".")
    if row == "track" and rest.isdigit() and int(rest) < g.track:
        n = int(rest)
        if n % g.side == 0:
            return colour_phrase("starter", n // g.side)
        if n in g.arrows:
            return [_key("arrow"), [n]]
        return [_key("track"), [n]]
    seat_name, _, k = rest.partition(".")
    if row in ("start", "home") and seat_name in colours and k in ("1", "2", "3", "4"):
        seat = colours.index(seat_name)
        return colour_phrase("grounds", seat) if row == "start" else colour_phrase(
            "tee_pee", seat, int(k))
    raise ValueError(f"this Wa-Hoo board has no hole {hole!r}")


def position_words(state: State, position: int) -> Phrase:
    """An engine position on the board (not ``START``), in words."""
    return hole_words(state.opts, state.g.hole_id(position))


def rolls_again(state: State, action: int) -> bool:
    """Whether ``action`` earns another roll: a 1 or a 6 that moves a marble, unless
    it ends the game."""
    if action == PASS or state.roll not in (1, 6):
        return False
    after = state.clone()
    after.apply(action)
    return not after.is_over()


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "3: move the red marble from 12 to 15,
    knocking back the blue marble"."""
    kind = action & 7
    move: Phrase
    if kind == PASS:
        move = [_key("pass"), []]
    else:
        m, dest = action >> 3 & 31, action >> 8
        seat = m // ROW
        src = state.pos[m]
        marble = colour_phrase("marble", seat)
        if kind == OUT:
            move = [_key("out"), {"marble": colour_phrase("a_marble", seat)}]
        elif kind == CENTRE:
            move = [_key("to_centre"), {"marble": marble, "from": position_words(state, src)}]
        elif src == state.g.centre:
            move = [_key("from_centre"), {"marble": marble, "to": position_words(state, dest)}]
        elif src >= state.track:  # inside the Tee-Pee: only the hole numbers change
            first = state.g.tee_pee(seat, 0)
            move = [_key("in_tee_pee"), {"marble": marble, "from": src - first + 1,
                                         "to": dest - first + 1}]
        else:
            move = [_key("arrows" if kind == ARROWS else "move"), {
                "marble": marble, "from": position_words(state, src),
                "to": position_words(state, dest)}]
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

