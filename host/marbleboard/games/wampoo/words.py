"""Wampoo's moves and holes in words: phrases (``marbleboard.words``) whose texts,
in every language, are in ``words.json`` beside this module.

The words say what a person sees on the board, never the notation's hole numbers:
a move counts its holes ("move the red marble 7 holes forward"), and a hole is
found from the nearest STARTER behind it, the board's marked holes ("3 holes past
blue's starter"), or in its row ("in red's home, hole 2"). A marble is named by
its colour alone when its colour has one marble out, else with where it stands
("the red marble (3 holes past blue's starter)"); the marbles a move knocks off are
named by colour. Each colour has its own keys (``marble.red``, ``in_home.red``) so
that every language can make its words agree with the colour (French: "la bille
bleue").
"""

from __future__ import annotations

from typing import Any

from .actions import FOLD, MOVE, OUT, SWAP
from .marbles import positions_passed
from .options import SEAT_NAMES, Options
from .state import FOUR, START, State

Phrase = list[Any]

P = "wampoo."


def _key(name: str) -> str:
    return P + name


def colour_phrase(kind: str, seat: int, *args: Any) -> Phrase:
    """A per-colour phrase: ``kind`` is ``marble``, ``a_marble``, ``marbles``,
    ``marble_on``, ``in_start``, ``on_starter`` or ``in_home``."""
    return [_key(f"{kind}.{SEAT_NAMES[seat]}"), list(args)]


def hole_words(options: Options, hole: str) -> Phrase:
    """Where a hole of the Wampoo board is, by its id, as a person finds it:
    ``track.18`` is "on blue's starter", ``track.21`` "3 holes past blue's
    starter", ``start.red.2`` "in red's start", ``home.red.3`` "in red's home,
    hole 3"."""
    row, _, rest = hole.partition(".")
    side = options.holes_per_side
    if row == "track" and rest.isdigit() and int(rest) < 4 * side:
        seat, past = divmod(int(rest), side)
        if past == 0:
            return colour_phrase("on_starter", seat)
        return [_key(f"past.{SEAT_NAMES[seat]}"), {"n": past}]
    seat_name, _, k = rest.partition(".")
    if row in ("start", "home") and seat_name in SEAT_NAMES and k in ("1", "2", "3", "4"):
        seat = SEAT_NAMES.index(seat_name)
        return colour_phrase("in_start", seat) if row == "start" else colour_phrase(
            "in_home", seat, int(k))
    raise ValueError(f"Wampoo has no hole {hole!r}")


def position_words(state: State, position: int) -> Phrase:
    """Where an engine position on the track or in a HOME row is, in words."""
    if position < state.track:
        return hole_words(state.opts, f"track.{position}")
    k = position - state.track
    return hole_words(state.opts, f"home.{SEAT_NAMES[k // 4]}.{k % 4 + 1}")


def marble_words(state: State, m: int) -> Phrase:
    """A marble on the board: by its colour, and by where it stands when its colour
    has more than one marble out of its START row."""
    seat = m >> 2
    out = sum(1 for x in range(4 * seat, 4 * seat + 4) if state.pos[x] != START)
    if out <= 1:
        return colour_phrase("marble", seat)
    return colour_phrase("marble_on", seat, position_words(state, state.pos[m]))


def joined(items: list[Phrase]) -> Phrase:
    """Phrases said as a list: "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    last: Phrase = [_key("and"), [items[-2], items[-1]]]
    for item in reversed(items[:-2]):
        last = [_key("comma"), [item, last]]
    return last


def victims_words(state: State, mover: int, victims: list[int]) -> Phrase:
    """The marbles knocked off, by colour, in the order the move meets them. One of
    the moving marble's own colour is named with where it stands too: "the red
    marble" alone would read as the one moving."""
    counts: dict[int, list[int]] = {}
    for v in victims:
        counts.setdefault(v >> 2, []).append(v)
    said: list[Phrase] = []
    for seat, marbles in counts.items():
        if len(marbles) > 1:
            said.append(colour_phrase("marbles", seat, len(marbles)))
        elif seat == mover:
            said.append(colour_phrase("marble_on", seat,
                                      position_words(state, state.pos[marbles[0]])))
        else:
            said.append(colour_phrase("marble", seat))
    return joined(said)


def action_words(state: State, action: int) -> Phrase:
    """A legal action of ``state`` in words: "7: move the red marble 7 holes
    forward, knocking off the blue marble"."""
    kind = action & 7
    if kind == FOLD:
        return [_key("fold"), []]
    rank, m, b = action >> 3 & 15, action >> 7 & 15, action >> 11
    seat = m >> 2
    move: Phrase
    if kind == OUT:
        move = [_key("out"), {"marble": colour_phrase("a_marble", seat)}]
    elif kind == SWAP:
        # Both marbles by where they stand: a swap is of two particular marbles.
        low, high = sorted((m, b), key=lambda x: state.pos[x])
        move = [_key("swap"), {
            "a": colour_phrase("marble_on", low >> 2, position_words(state, state.pos[low])),
            "b": colour_phrase("marble_on", high >> 2, position_words(state, state.pos[high]))}]
    else:
        assert kind == MOVE
        p = state.pos[m]
        steps = len(positions_passed(state, action)) - 1
        how = ("back" if rank == FOUR else "along_home" if p >= state.track
               else "into_home" if b >= state.track else "forward")
        move = [_key(how), {"marble": marble_words(state, m), "n": steps}]
    victims = state.knocked_by(action)
    if victims:
        move = [_key("knocking"), {"move": move, "victims": victims_words(state, seat, victims)}]
    return [_key("play"), {"card": _key(f"rank.{rank}"), "move": move}]


def outcome_words(state: State, order: tuple[int, ...]) -> Phrase:
    """A shuffled deck, as the log says it: dealt to find the dealer, or dealt."""
    if state.chance == "dealer":
        after = state.clone()
        after.apply_shuffle(order)
        return [_key("dealer"), {"seat": SEAT_NAMES[after.dealer]}]
    return [_key("dealt"), {"seat": SEAT_NAMES[state.dealer]}]
