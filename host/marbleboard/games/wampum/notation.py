"""Text for Wampum: moves, the shuffle and whole positions (docs/notation.md,
docs/rules/wampum.md).

Goods are letters, ``W A T G F`` (weapons, alcohol, tobacco, grain, furs); a
pile of cards is its letters in that order (``WWTF``), ``-`` for none, ``?3``
for three cards hidden. Villages are named by their value, ``2``, ``3``, ``4``,
with ``3a``, ``3b``, ``3c`` when several are worth 3. Seats are numbered from 1.

Moves, each by the seat to act::

    @3a     bid at village 3a (then the cards, one at a time)
    +W      put a weapons card in the bid
    bid     the bid is complete: it goes down, face down
    >4      chased off: take the trader and its bid to village 4
    -T      throw away a tobacco card (the hand limit)

Positions (one line, fields separated by spaces)::

    4 WWT/AGF/TTF/WAGG WAT/?6/?5/?5 3a:GF/?/-/- -/?0/?2/?0 -/?0/?0/?0 ?2 ?40 add:1 1 3 - 17

players; the goods offered at each village, in the order of their names; each
seat's hand; each seat's bid this round (``-`` not yet; the village, ``:`` and
its cards; ``*`` for the village of a trader chased off and still to move);
each seat's chest; each seat's cards thrown away at the hand limit; the cards
set aside at the start; the deck, top first; whose turn (``bid:N``, ``add:N``,
``move:N``, ``discard:N``, ``chance:shuffle`` or ``over``); the Canoe's holder;
the round (``!`` after it: the last, with no income); the winners; the turns
played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base import CHANCE, OVER, RuleError
from ..gamestate import SeenBy, sees
from .actions import ADD, BID, CHOOSE, DISCARD, MOVE
from .goods import DECK, LETTERS, PER_KIND, K, cards_text, parse_cards, village_names
from .options import Options
from .state import ADDING, BIDDING, DISCARDING, MOVING, PHASES, SHUFFLE, State


def action_text(state: State, action: int) -> str:
    """A legal action of ``state`` as text."""
    names = village_names(state.opts.players)
    if action < ADD:
        return "@" + names[action - CHOOSE]
    if action < BID:
        return "+" + LETTERS[action - ADD]
    if action == BID:
        return "bid"
    if action < DISCARD:
        return ">" + names[action - MOVE]
    return "-" + LETTERS[action - DISCARD]


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names."""
    words = text.strip()
    if not words:
        raise RuleError("an empty move")
    legal = state.legal_actions()
    for action in legal:
        if action_text(state, action) == words:
            return action
    shown = ", ".join(action_text(state, a) for a in legal)
    raise RuleError(f"{text!r} is not a legal move here (legal: {shown})")


# --- the shuffle ------------------------------------------------------------------------


def outcome_text(outcome: Sequence[int]) -> str:
    """A shuffled deck as the kinds of its cards, top first."""
    return "".join(LETTERS[c // PER_KIND] for c in outcome)


def parse_outcome(text: str) -> tuple[int, ...]:
    """The shuffle a text names. Cards of a kind are alike, so they are numbered
    in the order they come: the same deck, whichever were drawn."""
    seen = [0] * K
    cards = []
    try:
        for ch in text.strip():
            kind = LETTERS.index(ch)
            cards.append(kind * PER_KIND + seen[kind])
            seen[kind] += 1
        return SHUFFLE.check(cards)
    except (ValueError, RuleError) as e:
        raise RuleError(f"not a shuffle of the {DECK} goods: {e}") from e


# --- positions ------------------------------------------------------------------------


def _pile(counts: Sequence[int], hidden: bool) -> str:
    return f"?{sum(counts)}" if hidden else cards_text(counts)


def _turn_text(state: State) -> str:
    if state.current == OVER:
        return "over"
    if state.current == CHANCE:
        return "chance:shuffle"
    return f"{PHASES[state.phase]}:{state.current + 1}"


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line. With ``seen_by``, what that seat may not see is
    hidden: the other hands, bids, chests and throw-aways, the cards set aside
    unseen and the deck; with ``hide_all``, everything that lies face down or in
    a hand (the table screen's view)."""
    n = state.opts.players
    hidden = hide_all or seen_by is not None
    names = village_names(n)

    def secret(seat: int) -> bool:
        return hide_all or (seen_by is not None and not sees(seen_by, seat))

    hands, bids, chests, discards = [], [], [], []
    building = state.current if state.current >= 0 and state.phase == ADDING else -1
    for seat in range(n):
        hands.append(_pile(state.hand(seat), secret(seat)))
        chests.append(_pile(state.chest(seat), secret(seat)))
        discards.append(_pile(state.discards[K * seat:K * seat + K], secret(seat)))
        placed = state.bidded >> seat & 1 or seat == building
        if not placed:
            bids.append("-")
        else:
            where = names[state.at[seat]] if state.at[seat] >= 0 else "*"
            bids.append(f"{where}:{_pile(state.bid(seat), secret(seat))}")
    removed = ("-" if n in (3, 5) else
               _pile(state.removed, hidden and n == 4))
    deck = state.deck[state.deck_at:]
    fields = [
        str(n),
        "/".join(cards_text(state.offered(v)) for v in range(state.villages)),
        "/".join(hands), "/".join(bids), "/".join(chests), "/".join(discards),
        removed,
        f"?{len(deck)}" if hidden else ("".join(LETTERS[k] for k in deck) or "-"),
        _turn_text(state),
        str(state.first + 1),
        f"{state.round}!" if state.last_round else str(state.round),
        "".join(str(s + 1) for s in state.winners) or "-",
        str(state.turns),
    ]
    return " ".join(fields)


def _seat(text: str, players: int) -> int:
    if not text.isdigit() or not 1 <= int(text) <= players:
        raise ValueError(f"not a playing seat: {text!r} (1 to {players})")
    return int(text) - 1


class _Hidden:
    """Hidden piles (``?n``) filled in order from a bot's guess at the unseen cards."""

    def __init__(self, cards: Sequence[int] | None):
        self.cards = list(cards or [])

    def pile(self, text: str) -> list[int]:
        if not text.startswith("?"):
            return parse_cards(text)
        n = int(text[1:])
        if len(self.cards) < n:
            raise ValueError("hidden cards: not enough given to fill the position")
        counts = [0] * K
        for kind in self.cards[:n]:
            counts[kind] += 1
        del self.cards[:n]
        return counts


def parse_position(text: str, options: Options | None = None,
                   hidden_cards: Sequence[int] | None = None) -> State:
    """A state from one line; ``options`` default to those the line implies.
    Hidden piles (``?n``) are filled, in the order of the line, from the kinds in
    ``hidden_cards`` (a bot's guess), the deck last. Raises ValueError for a line
    that is not a position the rules can reach."""
    fields = text.split()
    if len(fields) != 13:
        raise ValueError(f"a position has 13 fields, this one {len(fields)}")
    n = int(fields[0])
    turn = fields[8]
    first = _seat(fields[9], n)
    opts = options or Options(players=n, first_player=first)
    if opts.players != n:
        raise ValueError(f"the options are for {opts.players} players, the position {n}")
    state = State(opts)
    names = village_names(n)
    fill = _Hidden(hidden_cards)
    goods = fields[1].split("/")
    if len(goods) != len(names):
        raise ValueError(f"{n} players play with {len(names)} villages")
    for v, g in enumerate(goods):
        state.goods[K * v:K * v + K] = parse_cards(g)
    per_seat = [fields[i].split("/") for i in (2, 3, 4, 5)]
    if any(len(items) != n for items in per_seat):
        raise ValueError(f"hands, bids, chests and throw-aways name {n} seats each")
    hands, bids, chests, discards = per_seat
    pending: list[tuple[int, str]] = []
    for seat in range(n):
        state.hands[K * seat:K * seat + K] = fill.pile(hands[seat])
        state.held[seat] = sum(state.hand(seat))
        if bids[seat] != "-":
            where, _, pile = bids[seat].partition(":")
            if not pile:
                raise ValueError(f"a bid is its village, ':' and its cards: {bids[seat]!r}")
            pending.append((seat, pile))
            if where != "*" and where not in names:
                raise ValueError(f"no village {where!r} here (villages: {', '.join(names)})")
            state.at[seat] = -1 if where == "*" else names.index(where)
            state.bidded |= 1 << seat
    for seat, pile in pending:
        state.bids[K * seat:K * seat + K] = fill.pile(pile)
        state.size[seat] = sum(state.bid(seat))
    for seat in range(n):
        state.chests[K * seat:K * seat + K] = fill.pile(chests[seat])
    for seat in range(n):
        state.discards[K * seat:K * seat + K] = fill.pile(discards[seat])
    removed = fields[6]
    if removed != "-":
        state.removed = fill.pile(removed)
    deck = fields[7]
    if deck.startswith("?"):
        kinds = list(fill.cards[:int(deck[1:])])
        if len(kinds) != int(deck[1:]):
            raise ValueError("hidden cards: not enough given to fill the deck")
        del fill.cards[:len(kinds)]
        state.deck = tuple(kinds)
    else:
        parse_cards(deck)  # refuses a letter that is no kind of goods
        state.deck = () if deck == "-" else tuple(LETTERS.index(ch) for ch in deck)
    state.first = first
    round_text = fields[10]
    state.last_round = round_text.endswith("!")
    state.round = int(round_text.rstrip("!"))
    state.winners = tuple(_seat(c, n) for c in fields[11] if fields[11] != "-")
    state.turns = int(fields[12])
    _read_turn(state, turn)
    _check(state, hidden_cards is not None or "?" not in text)
    return state


def _read_turn(state: State, turn: str) -> None:
    n = state.opts.players
    if turn == "over":
        state.current = OVER
        return
    if turn == "chance:shuffle":
        state.current = CHANCE
        return
    phase, _, seat_text = turn.partition(":")
    if phase not in PHASES:
        raise ValueError(f"not a turn: {turn!r}")
    state.phase = PHASES.index(phase)
    state.current = _seat(seat_text, n)
    seat = state.current
    if state.phase == ADDING:
        state.bidded &= ~(1 << seat)  # its bid is still being made
        if state.at[seat] < 0:
            raise ValueError("a bid being made stands at a village")
    elif state.phase == MOVING and state.at[seat] >= 0:
        raise ValueError("the trader to move is the one chased off ('*')")
    elif state.phase == BIDDING and state.bidded >> seat & 1:
        raise ValueError("each seat bids once a round")
    for other in range(n):
        if state.bidded >> other & 1 and state.at[other] >= 0:
            if state.occupant[state.at[other]] >= 0:
                raise ValueError("two bids down at one village")
            state.occupant[state.at[other]] = other
        elif state.bidded >> other & 1 and other != seat:
            raise ValueError("only the seat to move may be chased off")


def _check(state: State, complete: bool) -> None:
    """What every reachable position holds: the cards all there (when none is
    hidden), a game that is over exactly when it has winners."""
    if (state.current == OVER) != bool(state.winners):
        raise ValueError("a game is over when, and only when, it has winners")
    if state.round < 1 or state.turns < 0:
        raise ValueError("rounds count from 1, turns from 0")
    if complete and state.current != CHANCE:
        per_kind = [0] * K
        piles = (state.hands, state.bids, state.chests, state.discards, state.goods)
        for pile in piles:
            for i, c in enumerate(pile):
                per_kind[i % K] += c
        for k in range(K):
            per_kind[k] += state.removed[k] + state.deck[state.deck_at:].count(k)
        if per_kind != [PER_KIND] * K:
            raise ValueError(f"the goods must be {PER_KIND} of each kind, not {per_kind}")


def state_to_json(state: State) -> dict[str, Any]:
    """The full state as JSON data: options, the position, the last round's trades
    and the history (actions, and the shuffle as its text)."""
    history: list[object] = [h if isinstance(h, int) else outcome_text(h)
                             for h in state.history]
    return {"game": "wampum", "options": state.opts.to_json(),
            "position": position_text(state),
            "trades": [[s, v, list(b), t] for s, v, b, t in state.trades],
            "history": history}


def state_from_json(data: dict[str, Any]) -> State:
    if data.get("game") != "wampum":
        raise ValueError("not a Wampum state")
    state = parse_position(data["position"], Options.from_json(data["options"]))
    state.trades = [(int(s), int(v), tuple(int(c) for c in b), bool(t))
                    for s, v, b, t in data.get("trades", [])]
    state.history = [h if isinstance(h, int) else parse_outcome(h)
                     for h in data.get("history", [])]
    return state


__all__ = ["BIDDING", "DISCARDING", "MOVING", "action_text", "outcome_text", "parse_action",
           "parse_outcome", "parse_position", "position_text", "state_from_json",
           "state_to_json"]
