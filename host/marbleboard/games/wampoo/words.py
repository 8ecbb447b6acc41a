"""Wampoo's moves and holes in words: phrases (``marbleboard.words``) whose texts,
in every language, are in ``words.json`` beside this module.

A marble is named by its colour and, where its seat has several, by the hole it
stands on ("the red marble on 12"); the marbles a move knocks off are named by
colour. Each colour has its own keys (``marble.red``, ``home.red``) so that every
language can make its words agree with the colour (French: "la bille bleue").
Track holes are numbered as in the notation and the board's hole ids (red's
STARTER is 0), so the words agree with the notation shown beside them.
"""

from __future__ import annotations

from typing import Any

from .actions import FOLD, MOVE, OUT, SWAP
from .options import SEAT_NAMES, Options
from .state import FOUR, State

Phrase = list[Any]

P = "wampoo."


def _key(name: str) -> str:
    return P + name


def colour_phrase(kind: str, seat: int, *args: Any) -> Phrase:
    """A per-colour phrase: ``kind`` is ``marble``, ``a_marble``, ``marbles``,
    ``marble_on``, ``start``, ``starter`` or ``home``."""
    return [_key(f"{kind}.{SEAT_NAMES[seat]}"), list(args)]


def hole_words(options: Options, hole: str) -> Phrase:
    """A hole of the Wampoo board, by its id: ``track.12`` is "12", ``track.18``
    "blue's starter", ``start.red.2`` "red's start", ``home.red.3`` "red's home,
    hole 3"."""
    row, _, rest = hole.partition(".")
    if row == "track" and rest.isdigit() and int(rest) < 4 * options.holes_per_side:
        n = int(rest)
        if n % options.holes_per_side == 0:
            return colour_phrase("starter", n // options.holes_per_side)
        return [_key("track"), [n]]
    seat_name, _, k = rest.partition(".")
    if row in ("start", "home") and seat_name in SEAT_NAMES and k in ("1", "2", "3", "4"):
        seat = SEAT_NAMES.index(seat_name)
        return colour_phrase("start", seat) if row == "start" else colour_phrase(
            "home", seat, int(k))
    raise ValueError(f"Wampoo has no hole {hole!r}")


def position_words(state: State, position: int) -> Phrase:
    """An engine position on the track or in a HOME row, in words."""
    if position < state.track:
        return hole_words(state.opts, f"track.{position}")
    k = position - state.track
    return hole_words(state.opts, f"home.{SEAT_NAMES[k // 4]}.{k % 4 + 1}")


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
    the moving marble's own colour is named with its hole too: "the red marble"
    alone would read as the one moving."""
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
    """A legal action of ``state`` in words: "7: move the red marble from 12 to 19,
    knocking off the blue marble"."""
    kind = action & 7
    if kind == FOLD:
        return [_key("fold"), []]
    rank, m, b = action >> 3 & 15, action >> 7 & 15, action >> 11
    seat = m >> 2
    move: Phrase
    if kind == OUT:
        move = [_key("out"), {"marble": colour_phrase("a_marble", seat)}]
    elif kind == SWAP:
        low, high = sorted((m, b), key=lambda x: state.pos[x])
        move = [_key("swap"), {
            "a": colour_phrase("marble_on", low >> 2, position_words(state, state.pos[low])),
            "b": colour_phrase("marble_on", high >> 2, position_words(state, state.pos[high]))}]
    else:
        assert kind == MOVE
        p = state.pos[m]
        marble = colour_phrase("marble", seat)
        if p >= state.track:  # inside HOME: only the hole numbers change
            base = state.home(seat, 0)
            move = [_key("in_home"), {"marble": marble, "from": p - base + 1,
                                      "to": b - base + 1}]
        else:
            move = [_key("back" if rank == FOUR else "move"), {
                "marble": marble, "from": position_words(state, p),
                "to": position_words(state, b)}]
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
