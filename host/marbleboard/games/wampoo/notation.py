"""Text for Wampoo: moves, holes and whole positions (docs/notation.md).

Holes: track holes by number (``0`` is red's STARTER); HOME holes by seat letter
and depth (``R1`` .. ``R4``); a START row by seat letter and ``S`` (``RS``).

Moves: the card's rank, then what it does; knocked-off marbles follow as ``x``,
the victim's seat letter and the hole it was in::

    K RS-0          a King brings a red marble out onto red's STARTER
    7 12-19 xB14    a 7 from 12 to 19, knocking off the blue marble on 14
    4 18-14         a 4, backwards
    3 66-R2         into HOME
    J 12<>40        a Jack swaps the marbles on 12 and 40
    fold            no card can be played: the hand is thrown away

Positions (one line, fields separated by spaces)::

    4 0!,5,RS,RS/14,BS,BS,BS/YS,YS,YS,YS/G1,G2,GS,GS AS7H/9C/KDQS/2H R Y 3H4D 5C+0 - - 12

players; each seat's four marbles (``!`` marks a marble protected on its own
STARTER; ``-`` for a seat nobody plays); each seat's hand (``?5`` for five
hidden cards, ``-`` for none); whose turn (a seat letter, ``chance:dealer``,
``chance:shuffle`` or ``over``); the dealer; the deck still to deal (``?14`` when
hidden); the cards played face up since the last shuffle, then ``+`` and how many
were thrown away face down; the seats that threw their hand away this round; the
winners; the number of turns played.
"""

from __future__ import annotations

from typing import Any

from ..cards import cards_text, parse_cards, rank_name
from ..gamestate import SeenBy, sees
from .actions import FOLD, SWAP
from .options import Options
from .state import CHANCE, OVER, START, RuleError, State

LETTERS = "RBYG"


def hole_text(state: State, hole: int, seat: int) -> str:
    if hole == START:
        return LETTERS[seat] + "S"
    if hole < state.track:
        return str(hole)
    k = hole - state.track
    return f"{LETTERS[k // 4]}{k % 4 + 1}"


def parse_hole(state: State, text: str) -> int:
    if text.isdigit():
        hole = int(text)
        if hole >= state.track:
            raise ValueError(f"there is no track hole {hole}")
        return hole
    if len(text) == 2 and text[0] in LETTERS:
        seat = LETTERS.index(text[0])
        if text[1] == "S":
            return START
        if text[1] in "1234":
            return state.home(seat, int(text[1]) - 1)
    raise ValueError(f"not a hole: {text!r}")


def action_text(state: State, action: int) -> str:
    """A legal action of ``state`` as text (knock-offs are worked out from the state)."""
    kind = action & 7
    if kind == FOLD:
        return "fold"
    r, a, b = action >> 3 & 15, action >> 7 & 15, action >> 11
    card = rank_name(r)
    if kind == SWAP:
        low, high = sorted((state.pos[a], state.pos[b]))
        return f"{card} {low}<>{high}"
    seat = a >> 2
    text = f"{card} {hole_text(state, state.pos[a], seat)}-{hole_text(state, b, seat)}"
    for victim in state.knocked_by(action):
        text += f" x{LETTERS[victim >> 2]}{state.pos[victim]}"
    return text


def parse_action(state: State, text: str) -> int:
    """The legal action of ``state`` that ``text`` names (knock-offs may be left out)."""
    words = text.split()
    if not words:
        raise RuleError("an empty move")
    if len(words) == 2 and "<>" in words[1]:  # a swap may name its holes either way round
        holes = words[1].split("<>")
        if all(h.isdigit() for h in holes):
            words[1] = "<>".join(sorted(holes, key=int))
    legal = state.legal_actions()
    for action in legal:
        full = action_text(state, action).split()
        if words == full or words == full[:2] or (words == ["fold"] and full == ["fold"]):
            return action
    shown = ", ".join(action_text(state, a) for a in legal[:12])
    raise RuleError(f"{text!r} is not a legal move here (legal: {shown}"
                    f"{', ...' if len(legal) > 12 else ''})")


# --- positions ------------------------------------------------------------------


def _turn_text(state: State) -> str:
    if state.current == OVER:
        return "over"
    if state.current == CHANCE:
        return f"chance:{state.chance}"
    return LETTERS[state.current]


def position_text(state: State, seen_by: SeenBy = None, hide_all: bool = False) -> str:
    """The position in one line; hands other than ``seen_by``'s (a seat, or the
    seats of one home) and the deck are hidden when ``seen_by`` is given (or
    ``hide_all``, for a table screen)."""
    hidden = hide_all or seen_by is not None
    marbles, hands = [], []
    for seat in range(4):
        if seat not in state.opts.seats:
            marbles.append("-")
            hands.append("-")
            continue
        parts = []
        for m in range(4 * seat, 4 * seat + 4):
            mark = "!" if state.fresh >> m & 1 else ""
            parts.append(hole_text(state, state.pos[m], seat) + mark)
        marbles.append(",".join(parts))
        hand = state.hands[seat]
        if hidden and (hide_all or not sees(seen_by, seat)):
            hands.append(f"?{len(hand)}")
        else:
            hands.append(cards_text(hand) or "-")
    deck = state.deck[state.deck_at:]
    fields = [
        str(state.opts.players),
        "/".join(marbles),
        "/".join(hands),
        _turn_text(state),
        LETTERS[state.dealer] if state.dealer >= 0 else "-",
        f"?{len(deck)}" if hidden else (cards_text(deck) or "-"),
        f"{cards_text(state.cycle_played)}+{state.discarded}",
        "".join(LETTERS[s] for s in range(4) if state.forfeited >> s & 1) or "-",
        "".join(LETTERS[s] for s in state.winners) or "-",
        str(state.turns),
    ]
    return " ".join(fields)


def parse_position(text: str, options: Options | None = None,
                   hidden_cards: list[int] | None = None) -> State:
    """A state from one line. Hidden hands and a hidden deck (``?n``) are filled, in
    order, from ``hidden_cards`` (a bot's guess at the unseen cards)."""
    fields = text.split()
    if len(fields) != 10:
        raise ValueError(f"a position has 10 fields, this one {len(fields)}")
    players = int(fields[0])
    marbles = fields[1].split("/")
    hands = fields[2].split("/")
    if len(marbles) != 4 or len(hands) != 4:
        raise ValueError("marbles and hands name four seats, separated by '/'")
    # The seats that play are those whose marbles are given (when they are as many
    # as the players).
    given = tuple(s for s, g in enumerate(marbles) if g != "-")
    base = options or Options(players=players, seating=given if len(given) == players else ())
    if base.players != players:
        raise ValueError(f"the position is for {players} players, the options for "
                         f"{base.players}")
    state = State(base)
    pool = list(hidden_cards or [])

    def take(n: int) -> list[int]:
        if len(pool) < n:
            raise ValueError("not enough cards given for the hidden hands and deck")
        out = pool[:n]
        del pool[:n]
        return out

    for seat in range(4):
        if seat not in base.seats:
            continue
        holes = marbles[seat].split(",")
        if len(holes) != 4:
            raise ValueError(f"seat {LETTERS[seat]} needs four marbles")
        for i, h in enumerate(holes):
            m = 4 * seat + i
            fresh = h.endswith("!")
            hole = parse_hole(state, h.rstrip("!"))
            if hole != START:
                if hole >= state.track and (hole - state.track) // 4 != seat:
                    raise ValueError(f"a {LETTERS[seat]} marble cannot be in another "
                                     f"seat's HOME row ({h})")
                if state.board[hole] >= 0:
                    raise ValueError(f"two marbles in hole {h}")
                state.board[hole] = m
            state.pos[m] = hole
            if fresh:
                if hole != state.starter(seat):
                    raise ValueError(f"only a marble on its own STARTER is protected ({h})")
                state.fresh |= 1 << m
        hand = hands[seat]
        if hand.startswith("?"):
            state.hands[seat] = take(int(hand[1:]))
        elif hand != "-":
            state.hands[seat] = parse_cards(hand)
    turn = fields[3]
    if turn == "over":
        state.current = OVER
    elif turn.startswith("chance:"):
        state.current = CHANCE
        state.chance = turn.split(":", 1)[1]
    else:
        state.current = LETTERS.index(turn)
    state.dealer = LETTERS.index(fields[4]) if fields[4] != "-" else -1
    if state.current != CHANCE:
        state.chance = "shuffle" if state.dealer >= 0 else "dealer"
    deck = fields[5]
    state.deck = take(int(deck[1:])) if deck.startswith("?") else (
        [] if deck == "-" else parse_cards(deck))
    played, _, discarded = fields[6].partition("+")
    state.cycle_played = parse_cards(played) if played else []
    state.discarded = int(discarded or 0)
    state.forfeited = sum(1 << LETTERS.index(c) for c in fields[7] if c != "-")
    state.winners = tuple(LETTERS.index(c) for c in fields[8] if c != "-")
    state.turns = int(fields[9])
    return state


def unseen_cards(state_text: str) -> list[int]:
    """The cards not seen in a position as shown to a seat (or a home's seats): all
    54 but the hands it shows and the cards played face up since the shuffle."""
    fields = state_text.split()
    seen = {c for hand in fields[2].split("/") if hand != "-" and not hand.startswith("?")
            for c in parse_cards(hand)}
    played = fields[6].partition("+")[0]
    seen |= set(parse_cards(played) if played else [])
    return [c for c in range(54) if c not in seen]



def state_to_json(state: State) -> dict[str, object]:
    """The full state as JSON data: options, the position, and the history
    (actions as their integers, shuffles as card text)."""
    history: list[object] = [
        h if isinstance(h, int) else {"chance": h[0], "deck": cards_text(list(h[1]))}
        for h in state.history]
    return {"game": "wampoo", "options": state.opts.to_json(),
            "position": position_text(state), "history": history}


def state_from_json(data: dict[str, Any]) -> State:
    if data.get("game") != "wampoo":
        raise ValueError("not a Wampoo state")
    state = parse_position(data["position"], Options.from_json(data["options"]))
    state.history = [h if isinstance(h, int) else (h["chance"], tuple(parse_cards(h["deck"])))
                     for h in data.get("history", [])]
    return state
