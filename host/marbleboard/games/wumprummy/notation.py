"""Text for Wump Rummy: cards, moves, shuffles and whole positions
(docs/notation.md, docs/rules/wump-rummy.md).

Cards are two characters, value then suit: ``A 2 ... 9 T J Q K`` and ``S H D C``
(``TD`` the ten of diamonds); lower case is read too (``jH``). Seats are numbered
from 1 in playing order, each to the left of the one before.

Moves: the hand card, then ``x`` and the centre card it takes; or the hand card
alone when it goes into the centre::

    3Sx3H   take the 3 of hearts from the centre with the 3 of spades
    5D      put the 5 of diamonds into the centre

Positions (one line, fields separated by spaces)::

    3 1 3 2.2 3H5D,3SJH,4HQD - 2H2C,-,KSKH ?42 1,0,0 - 30

players; whose turn (a seat, ``shuffle`` while the deck is due, or ``over``);
the dealer; the game of the match and the deal of the game; each seat's hand
(``-`` for none); the centre; each seat's claimed pile; the deck still to deal,
top card first (``?N``: N cards face down, in a seat's view); the games each seat
has won; the winner (``-`` before the end); the turns played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import CHANCE, OVER, RuleError
from ..cards import card_name, parse_card
from ..gamestate import SeenBy
from .options import Options
from .state import ALL, CARDS, PLACE, SHUFFLE, State, bits_of, cards_of
from .state import action_text as _action_text

FIELDS = 11


def card(text: str) -> int:
    """A card of the 52 from its two characters (no jokers in this game)."""
    c = parse_card(text)
    if c >= CARDS:
        raise ValueError(f"Wump Rummy is played without jokers: {text!r}")
    return c


def cards_from(text: str) -> list[int]:
    """The cards of a text such as ``3H5D`` (``-`` for none)."""
    text = text.strip()
    if text == "-":
        return []
    if not text or len(text) % 2:
        raise ValueError(f"cards are two characters each: {text!r}")
    return [card(text[i:i + 2]) for i in range(0, len(text), 2)]


def set_text(bits: int) -> str:
    """A set of cards, lowest first (aces, then twos; spades, hearts, diamonds,
    clubs), or ``-`` when empty."""
    return "".join(card_name(c) for c in cards_of(bits)) or "-"


def action_text(state: State, action: int) -> str:
    """A legal action of ``state`` as text."""
    return _action_text(action)


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names (case does not matter)."""
    words = text.strip().upper()
    if not words:
        raise RuleError("an empty move")
    legal = state.legal_actions()
    for action in legal:
        if _action_text(action).upper() == words:
            return action
    shown = ", ".join(_action_text(a) for a in legal)
    raise RuleError(f"{text!r} is not a legal move here (legal: {shown})")


def outcome_text(outcome: Sequence[int]) -> str:
    """A shuffle as its 52 cards, top first."""
    return "".join(card_name(c) for c in outcome)


def parse_outcome(text: str) -> tuple[int, ...]:
    try:
        return SHUFFLE.check(cards_from(text))
    except ValueError as e:
        raise RuleError(f"not a shuffle: {e}") from e


# --- positions ----------------------------------------------------------------------


def _turn_text(state: State) -> str:
    if state.current == OVER:
        return "over"
    if state.current == CHANCE:
        return SHUFFLE.kind
    return str(state.current + 1)


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line. Hands are face up, and the claimed piles were
    seen card by card as they were claimed, so a seat's view (``seen_by``) and the
    table's (``hide_all``) hide only the deck: its cards are known, not their
    order."""
    hidden = hide_all or seen_by is not None
    deck = f"?{len(state.deck)}" if hidden and state.deck else (
        "".join(card_name(c) for c in state.deck) or "-")
    fields = [str(state.opts.players), _turn_text(state), str(state.dealer + 1),
              f"{state.game}.{state.deal}",
              ",".join(set_text(h) for h in state.hands), set_text(state.centre),
              ",".join(set_text(p) for p in state.claimed), deck,
              ",".join(str(w) for w in state.wins),
              "".join(str(s + 1) for s in state.winners) or "-", str(state.turns)]
    return " ".join(fields)


def _seat(text: str, players: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= players:
        raise ValueError(f"not a playing seat: {text!r} (1 to {players})")
    return int(text) - 1


def _per_seat(text: str, players: int, what: str) -> list[str]:
    items = text.split(",")
    if len(items) != players:
        raise ValueError(f"{players} players have {players} {what}")
    return items


def unseen_cards(text: str) -> list[int]:
    """The cards a position's line does not show (a hidden deck's), lowest first."""
    fields = text.split()
    if len(fields) != FIELDS:
        raise ValueError(f"a position has {FIELDS} fields, this one {len(fields)}")
    shown = 0
    for item in (*fields[4].split(","), fields[5], *fields[6].split(",")):
        shown |= bits_of(cards_from(item))
    return cards_of(ALL & ~shown)


def parse_position(text: str, options: Options | None = None,
                   hidden_cards: list[int] | None = None) -> State:
    """A state from one line; ``options`` default to those the line implies. A
    hidden deck (``?N``) is filled, in order, from ``hidden_cards`` (a guess at its
    order), or from the unseen cards lowest first. Raises ValueError for a line
    that is not a position the rules can reach."""
    fields = text.split()
    if len(fields) != FIELDS:
        raise ValueError(f"a position has {FIELDS} fields, this one {len(fields)}")
    players = int(fields[0])
    opts = options or Options(players=players)
    if opts.players != players:
        raise ValueError(f"the options are for {opts.players} players, the position {players}")
    state = State(opts)
    turn = fields[1]
    state.current = (OVER if turn == "over" else CHANCE if turn == SHUFFLE.kind
                     else _seat(turn, players))
    state.dealer = _seat(fields[2], players)
    game, dot, deal = fields[3].partition(".")
    if not (dot and game.isdigit() and deal.isdigit() and int(game) >= 1):
        raise ValueError(f"the game and the deal are two numbers, as 2.3: {fields[3]!r}")
    state.game, state.deal = int(game), int(deal)
    seen = 0

    def take(item: str) -> int:
        nonlocal seen
        cards = cards_from(item)
        bits = bits_of(cards)
        if len(cards) != bits.bit_count() or bits & seen:
            raise ValueError(f"a card is in two places: {set_text(bits & seen) or item}")
        seen |= bits
        return bits

    state.hands = [take(h) for h in _per_seat(fields[4], players, "hands")]
    state.centre = take(fields[5])
    state.claimed = [take(p) for p in _per_seat(fields[6], players, "claimed piles")]
    deck = fields[7]
    if deck.startswith("?"):
        if not deck[1:].isdigit():
            raise ValueError(f"a hidden deck is ? and its size: {deck!r}")
        pool = hidden_cards if hidden_cards is not None else cards_of(ALL & ~seen)
        if len(pool) != int(deck[1:]) or bits_of(pool) & seen:
            raise ValueError(f"the hidden deck is the {CARDS - seen.bit_count()} "
                             "cards not shown")
        state.deck = tuple(pool)
        take("".join(card_name(c) for c in pool))
    else:
        state.deck = tuple(cards_from(deck))
        take(deck)
    state.wins = [int(w) for w in _per_seat(fields[8], players, "games won")]
    state.winners = tuple(_seat(c, players) for c in fields[9] if fields[9] != "-")
    state.turns = int(fields[10])
    _check(state, seen)
    return state


def _check(state: State, seen: int) -> None:
    """What every position the rules reach has in common."""
    opts = state.opts
    if state.turns < 0 or min(state.wins) < 0:
        raise ValueError("turns and games won count from 0")
    if (state.current == OVER) != bool(state.winners):
        raise ValueError("a match is over when, and only when, it has a winner")
    if state.winners:
        (winner,) = state.winners
        if state.wins[winner] < opts.games_to_win:
            raise ValueError(f"the winner has won {opts.games_to_win} games")
    if sum(state.wins) > state.game - (0 if state.winners else 1) or any(
            w >= opts.games_to_win for s, w in enumerate(state.wins)
            if s not in state.winners):
        raise ValueError("games won: at most one a game played, the match not yet won")
    if state.current == CHANCE:
        if any(state.hands) or any(state.claimed) or state.deck or state.deal:
            raise ValueError("before the shuffle, only the centre set aside holds cards")
        return
    if seen != ALL:
        raise ValueError(f"every card is in one place: {set_text(ALL & ~seen)} missing")
    if state.current == OVER:
        return
    counts = [h.bit_count() for h in state.hands]
    if state.deal < 1 or not counts[state.current] or max(counts) > 4:
        raise ValueError("the seat to play holds a card of a deal, four at most")
    # Play goes round from the dealer's left: the seats before the one to play in
    # that order have played one card more.
    order = [(state.first + k) % opts.players for k in range(opts.players)]
    at = order.index(state.current)
    held = counts[state.current]
    if any(counts[s] != held - 1 for s in order[:at]) or any(
            counts[s] != held for s in order[at:]):
        raise ValueError("every seat plays one card a turn, in turn from the dealer's left")


def state_to_json(state: State) -> dict[str, Any]:
    """The full state as JSON data: options, the position, the games played
    (claimed counts) and the history (actions, and chance outcomes as lists)."""
    history: list[object] = [h if isinstance(h, int) else list(h) for h in state.history]
    return {"game": "wumprummy", "options": state.opts.to_json(),
            "position": position_text(state),
            "rounds": [list(r) for r in state.rounds], "history": history}


def state_from_json(data: dict[str, Any]) -> State:
    if data.get("game") != "wumprummy":
        raise ValueError("not a Wump Rummy state")
    state = parse_position(data["position"], Options.from_json(data["options"]))
    state.rounds = [tuple(int(v) for v in r) for r in data.get("rounds", [])]
    state.history = [h if isinstance(h, int) else tuple(int(v) for v in h)
                     for h in data.get("history", [])]
    return state


__all__ = ["PLACE", "action_text", "outcome_text", "parse_action", "parse_outcome",
           "parse_position", "position_text", "state_from_json", "state_to_json"]
