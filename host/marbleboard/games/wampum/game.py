"""Wampum as the platform sees it: the :class:`~marbleboard.games.base.Game` that
the screens, the bots, the records and the commands use. It has no marbles
(``marbles`` is None): the cards are on the phones and the table screen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Chance, Game, View
from . import notation, words
from .actions import ADD, BID, CHOOSE, DISCARD
from .evaluate import evaluate
from .goods import KINDS, PER_KIND, K, card_names, parse_cards, village_names
from .options import SEAT_NAMES, Options
from .state import ADDING, BIDDING, PHASES, SHUFFLE, State


def unseen_kinds(position: str) -> list[int]:
    """The kinds of the cards a position hides: every goods card less those its
    text shows (one card a kind entry)."""
    fields = position.split()
    shown = [0] * K
    piles = fields[1].split("/") + fields[2].split("/") + fields[4].split("/") \
        + fields[5].split("/") + [fields[6], fields[7]]
    piles += [b.partition(":")[2] for b in fields[3].split("/") if b != "-"]
    for pile in piles:
        if pile and not pile.startswith("?"):
            for k, c in enumerate(parse_cards(pile)):
                shown[k] += c
    return [k for k in range(K) for _ in range(PER_KIND - shown[k])]


class Wampum(Game):
    name = "wampum"
    title = "Wampum"
    seat_names = SEAT_NAMES
    players = (2, 3, 4, 5)
    options_type = Options
    chances = (SHUFFLE,)
    notation = notation
    games_target: ClassVar[int] = 200  # random full games a second the bench asks for

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(state, action)

    def public_words(self, state: Any, action: int) -> list[Any]:
        return words.public_words(state, action)

    def forced(self, state: Any) -> int | None:
        """One thing to do and nothing to choose: the only village a trader chased
        off can go to, the only kind left to throw away, the bid of a hand used up."""
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def action_group(self, state: Any, action: int) -> str | None:
        """The card a step of a bid or a throw-away takes from the hand."""
        if ADD <= action < BID:
            return KINDS[action - ADD]
        if action >= DISCARD:
            return KINDS[action - DISCARD]
        return None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        return notation.outcome_text(chance.check(outcome))

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        return notation.parse_outcome(text)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        return words.outcome_words()

    def sample(self, view: View, rng: random.Random) -> State:
        """The cards the seat cannot see dealt at random into the piles it cannot
        see: the other hands, bids, chests and throw-aways, the cards set aside
        unseen, and the deck."""
        unseen = unseen_kinds(view.position)
        rng.shuffle(unseen)
        return notation.parse_position(view.position, view.options, unseen)

    def private(self, state: Any, seat: int) -> dict[str, Any]:
        """The seat's hand, its bid (face down to the others), its chest and the
        cards it threw away."""
        names = village_names(state.opts.players)
        building = state.current == seat and state.phase == ADDING
        has_bid = bool(state.bidded >> seat & 1) or building
        bid = None
        if has_bid:
            where = state.at[seat]
            bid = {"village": names[where] if where >= 0 else None,
                   "cards": card_names(state.bid(seat))}
        return {"hand": card_names(state.hand(seat)), "bid": bid,
                "chest": card_names(state.chest(seat)),
                "discarded": card_names(state.discards[K * seat:K * seat + K])}

    def score_lights(self, state: Any) -> dict[int, int]:
        """Each seat's wampums on the board, one hole for every five."""
        return {s: state.wampums(s) // 5 for s in range(state.opts.players)}

    def public(self, state: Any) -> dict[str, Any]:
        """The villages and their goods, each trader's village and the count of its
        bid, each seat's cards and wampums, the Canoe, the deck, the round, the
        hand limit, and last round's trades."""
        n = state.opts.players
        names = village_names(n)
        building = state.current if state.current >= 0 and state.phase == ADDING else -1
        placed = [bool(state.bidded >> s & 1) or s == building for s in range(n)]
        seats = {}
        for s in range(n):
            where = state.at[s]
            seats[SEAT_NAMES[s]] = {
                "cards": state.held[s],
                "bid": state.size[s] if placed[s] else None,
                "village": names[where] if placed[s] and where >= 0 else None,
                "wampums": state.wampums(s),
                "discarded": sum(state.discards[K * s:K * s + K])}
        villages = []
        for v, name in enumerate(names):
            o = state.occupant[v]
            villages.append({"name": name, "goods": card_names(state.offered(v)),
                             "trader": SEAT_NAMES[o] if o >= 0 else None,
                             "bid": state.size[o] if o >= 0 else None})
        return {"round": state.round, "last_round": state.last_round,
                "canoe": SEAT_NAMES[state.first], "deck": state.deck_left(),
                "phase": PHASES[state.phase] if state.current >= 0 else None,
                "hand_limit": state.hand_limit() if any(placed) else None,
                "set_aside": (card_names(state.removed) if n == 2 else
                              sum(state.removed) if n == 4 else 0),
                "villages": villages, "seats": seats,
                "trades": [{"seat": SEAT_NAMES[s], "village": names[v],
                            "bid": card_names(b), "traded": t}
                           for s, v, b, t in state.trades]}

    def composed(self, state: Any, seat: int) -> dict[str, Any] | None:
        """A bid, on one screen: the village (unless chosen already), the cards
        tapped from the hand, then put down. A village with a bid takes only a
        bigger one; a bid holds a card unless the hand is empty."""
        if state.current != seat or state.phase not in (BIDDING, ADDING):
            return None
        names = village_names(state.opts.players)
        cards = state.held[seat] + state.size[seat]

        def least(v: int) -> int:
            o = state.occupant[v]
            return state.size[o] + 1 if o >= 0 else 1 if cards else 0

        def place(v: int) -> list[Any]:
            return [f"wampum.village.{names[v]}", []]

        choices = []
        if state.phase == BIDDING:
            for action in state.legal_actions():
                v = action - CHOOSE
                o = state.occupant[v]
                choices.append({"move": self.action_text(state, action), "name": names[v],
                                "place": place(v),
                                "goods": card_names(state.offered(v)),
                                "there": state.size[o] if o >= 0 else 0, "least": least(v)})
        at = state.at[seat]
        return {"choices": choices,
                "fixed": ({"place": place(at), "least": least(at)}
                          if state.phase == ADDING else None),
                "begun": state.size[seat],
                "steps": {kind: self.action_text(state, ADD + k) for k, kind in enumerate(KINDS)},
                "done": self.action_text(state, BID),
                "words": {"pick": "wampum.pickVillage", "tap": "wampum.tapCards",
                          "need": "wampum.needCards", "there": "wampum.bidThere",
                          "put": "wampum.putDown", "none": "wampum.bid.none"}}

    def scores(self, state: Any) -> dict[int, int]:
        """The wampums in each seat's chests."""
        return {s: state.wampums(s) for s in state.opts.seats}

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)


WAMPUM = Wampum()
