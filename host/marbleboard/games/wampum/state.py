"""The Wampum rules engine: a state, its legal actions, and applying them.

Goods of one kind are alike, so every pile of cards is five counts, one a kind
(:mod:`.goods`), kept in flat lists: seat ``s``'s hand is ``hands[5*s:5*s+5]``,
village ``v``'s goods ``goods[5*v:5*v+5]``. Cloning a state copies a few short
lists of integers; the deck never changes once dealt and is shared.

A round is played as the rule text orders it:

1. **Bids**, from the holder of the Canoe round the table. A bid is built in
   steps (:mod:`.actions`): the village, the cards one at a time, then ``BID``.
   A bid with more cards than the one at its village chases that trader off;
   the trader chased goes on, bid and all, to a village with no bid or a
   smaller one (``MOVE``), and may chase another in turn.
2. **The new first player**, **income** (two cards each, and for two players two
   more onto the village nobody bid for), the **hand limit** (the highest bid
   plus three: seats over it throw away cards, one ``DISCARD`` at a time),
   then the bids are **revealed** and **traded**. These steps need no choice
   and are played by :meth:`State.apply` at once.

Chance comes once, at the start: the shuffle, a permutation of the 90 goods
cards (only their kinds count), which sets cards aside, fills the villages,
deals the hands and leaves the rest as the deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import CHANCE, OVER, Chance, RuleError, StateRules
from .actions import ADD, BID, CHOOSE, DISCARD, MOVE
from .goods import DECK, PER_KIND, K, village_names, village_value
from .options import Options

SHUFFLE = Chance("shuffle", DECK, permutation=True, secret=True)

# What the seat to act is doing (``State.phase``).
BIDDING = 0  # choosing the village of its bid
ADDING = 1  # putting cards in its bid
MOVING = 2  # chased off its village: choosing another
DISCARDING = 3  # over the hand limit: throwing cards away
PHASES = ("bid", "add", "move", "discard")

HAND = 5  # cards dealt to each player
INCOME = 2  # cards each draws a round
LIMIT_OVER_BID = 3  # the hand limit: the highest bid and three more


def deal_order(outcome: Sequence[int], players: int) -> list[int]:
    """The kinds of a shuffled deck, top first, once the cards the player count
    sets aside are taken out: for two players one of each kind (the last of each
    in the shuffled order: the cards of a kind are alike, so any one will do); for
    four, the first two cards, face down (see :func:`set_aside`)."""
    kinds = [c // PER_KIND for c in outcome]
    if players == 2:
        for k in range(K):
            i = len(kinds) - 1 - kinds[::-1].index(k)
            del kinds[i]
    elif players == 4:
        kinds = kinds[2:]
    return kinds


def set_aside(outcome: Sequence[int], players: int) -> list[int]:
    """The counts of the cards a game of this many players plays without."""
    counts = [0] * K
    if players == 2:
        counts = [1] * K
    elif players == 4:
        for c in outcome[:2]:
            counts[c // PER_KIND] += 1
    return counts


def canonical(outcome: Sequence[int]) -> tuple[int, ...]:
    """A shuffle with the cards of each kind numbered in the order they come: the
    same deck (cards of a kind are alike), written the one way its text reads back."""
    seen = [0] * K
    cards = []
    for c in outcome:
        kind = c // PER_KIND
        cards.append(kind * PER_KIND + seen[kind])
        seen[kind] += 1
    return tuple(cards)


class State(StateRules):
    __slots__ = ("at", "bidded", "bids", "chests", "current", "deck", "deck_at", "discards",
                 "first", "goods", "hands", "held", "history", "last_round", "occupant",
                 "opts", "phase", "removed", "round", "size", "trades", "turns", "winners")

    def __init__(self, opts: Options):
        self.opts = opts
        n = opts.players
        nv = len(village_names(n))
        self.hands = [0] * (K * n)
        self.held = [0] * n  # cards in each hand
        self.bids = [0] * (K * n)  # each seat's bid, face down
        self.size = [0] * n  # cards in each bid
        self.at = [-1] * n  # the village of each seat's trader (-1: none, or chased off)
        self.bidded = 0  # bits: the seats whose bid is down this round
        self.occupant = [-1] * nv  # the seat whose bid is down at each village
        self.goods = [0] * (K * nv)  # the goods offered at each village, face up
        self.chests = [0] * (K * n)  # the wampums under each seat's chest
        self.discards = [0] * (K * n)  # the cards each seat threw away at the hand limit
        # The cards set aside at the start: one of each kind for two players (known
        # before the shuffle), two unseen for four (dealt by the shuffle).
        self.removed = [1] * K if n == 2 else [0] * K
        self.deck: tuple[int, ...] = ()  # kinds, top first; never changes once dealt
        self.deck_at = 0  # the next card to draw
        self.first = opts.first_player  # who holds the Canoe
        self.round = 1
        self.last_round = False  # the deck ran out last round: this round has no income
        self.phase = BIDDING
        self.current = CHANCE
        self.turns = 0
        self.winners: tuple[int, ...] = ()
        self.history: list[int | tuple[int, ...]] = []
        # The trades of the last round played: (seat, village, bid, traded), for the screens.
        self.trades: list[tuple[int, int, tuple[int, ...], bool]] = []

    # --- what the table shows -------------------------------------------------------------

    @property
    def villages(self) -> int:
        return len(self.occupant)

    def hand(self, seat: int) -> list[int]:
        return self.hands[K * seat:K * seat + K]

    def bid(self, seat: int) -> list[int]:
        return self.bids[K * seat:K * seat + K]

    def chest(self, seat: int) -> list[int]:
        return self.chests[K * seat:K * seat + K]

    def offered(self, village: int) -> list[int]:
        """The goods offered at a village."""
        return self.goods[K * village:K * village + K]

    def wampums(self, seat: int) -> int:
        return sum(self.chests[K * seat:K * seat + K])

    def deck_left(self) -> int:
        return len(self.deck) - self.deck_at

    def highest_bid(self) -> int:
        return max(self.size)

    def hand_limit(self) -> int:
        """The highest bid of the round and three more; at least four."""
        return max(self.highest_bid(), 1) + LIMIT_OVER_BID

    def matches(self, seat: int, village: int) -> bool:
        """Whether a bid holds a card of a kind the village offers (a trade)."""
        b, g = K * seat, K * village
        bids, goods = self.bids, self.goods
        return any(bids[b + k] and goods[g + k] for k in range(K))

    # --- chance -------------------------------------------------------------------------

    def chance_due(self) -> Chance:
        if self.current != CHANCE:
            raise RuleError("no chance is due: it is a player's turn")
        return SHUFFLE

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """The shuffle: set cards aside (two and four players), then the goods of
        each village, face up, then five cards to each hand from the Canoe's
        holder round the table; the rest is the deck."""
        values = self.chance_due().check(outcome)
        self.history.append(canonical(values))
        n = self.opts.players
        kinds = deal_order(values, n)
        self.removed = set_aside(values, n)
        at = 0
        for v, name in enumerate(village_names(n)):
            for kind in kinds[at:at + village_value(name)]:
                self.goods[K * v + kind] += 1
            at += village_value(name)
        for i in range(n):
            seat = (self.first + i) % n
            for kind in kinds[at:at + HAND]:
                self.hands[K * seat + kind] += 1
            self.held[seat] = HAND
            at += HAND
        self.deck = tuple(kinds[at:])
        self.deck_at = 0
        self.current = self.first
        self.phase = BIDDING

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        seat = self.current
        if seat < 0:
            return []
        phase = self.phase
        occupant = self.occupant
        size = self.size
        if phase == BIDDING:
            held = self.held[seat]
            return [CHOOSE + v for v, o in enumerate(occupant)
                    if o < 0 or size[o] < held]
        if phase == ADDING:
            base = K * seat
            hands = self.hands
            actions = [ADD + k for k in range(K) if hands[base + k]]
            o = occupant[self.at[seat]]
            mine = size[seat]
            if mine > (size[o] if o >= 0 else 0) or (not actions and not mine):
                actions.append(BID)
            return actions
        if phase == MOVING:
            mine = size[seat]
            return [MOVE + v for v, o in enumerate(occupant) if o < 0 or size[o] < mine]
        base = K * seat
        hands = self.hands
        return [DISCARD + k for k in range(K) if hands[base + k]]

    # --- applying -------------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action for the seat to act (checked: see :meth:`play`)."""
        seat = self.current
        self.history.append(action)
        self.turns += 1
        if action < ADD:  # the village of the bid
            self.at[seat] = action - CHOOSE
            self.phase = ADDING
        elif action < BID:  # one more card in the bid
            i = K * seat + action - ADD
            self.hands[i] -= 1
            self.held[seat] -= 1
            self.bids[i] += 1
            self.size[seat] += 1
        elif action == BID:
            self.bidded |= 1 << seat
            self._settle(seat, self.at[seat])
        elif action < DISCARD:  # a trader chased off goes to another village
            self._settle(seat, action - MOVE)
        else:  # the hand limit
            i = K * seat + action - DISCARD
            self.hands[i] -= 1
            self.held[seat] -= 1
            self.discards[i] += 1
            if self.held[seat] <= self.hand_limit():
                self._next_discard(seat)

    def _settle(self, seat: int, village: int) -> None:
        """A bid goes down at a village; the trader there, if any, is chased off."""
        chased = self.occupant[village]
        self.occupant[village] = seat
        self.at[seat] = village
        if chased >= 0:
            self.at[chased] = -1
            self.current = chased
            self.phase = MOVING
            return
        self._next_bidder()

    def _next_bidder(self) -> None:
        n = self.opts.players
        bidded = self.bidded
        for i in range(n):
            seat = (self.first + i) % n
            if not bidded >> seat & 1:
                self.current = seat
                self.phase = BIDDING
                return
        self._end_bids()

    def _end_bids(self) -> None:
        """Every bid is down: the new first player, income, then the hand limit."""
        n = self.opts.players
        size = self.size
        high = max(size)
        # The highest bid takes the Canoe; of equal bids, the one nearest the
        # Canoe's holder in playing order (the holder itself first).
        self.first = next(s for s in ((self.first + i) % n for i in range(n)) if size[s] == high)
        if not self.last_round:
            self._income()
        self._next_discard(-1)

    def _income(self) -> None:
        n = self.opts.players
        deck, hands, held = self.deck, self.hands, self.held
        at = self.deck_at
        end = len(deck)
        for i in range(n):
            seat = (self.first + i) % n
            for _ in range(INCOME):
                if at < end:
                    hands[K * seat + deck[at]] += 1
                    held[seat] += 1
                    at += 1
        if n == 2:  # two more cards onto the village nobody bid for
            empty = self.occupant.index(-1)
            for _ in range(INCOME):
                if at < end:
                    self.goods[K * empty + deck[at]] += 1
                    at += 1
        self.deck_at = at

    def _next_discard(self, after: int) -> None:
        """The next seat over the hand limit, in playing order from the Canoe's
        holder, after ``after`` (-1: from the start); trade when none is left."""
        n = self.opts.players
        limit = self.hand_limit()
        held = self.held
        start = 0 if after < 0 else (after - self.first) % n + 1
        for i in range(start, n):
            seat = (self.first + i) % n
            if held[seat] > limit:
                self.current = seat
                self.phase = DISCARDING
                return
        self._trade()

    def _trade(self) -> None:
        """The bids are revealed and traded; then the next round, or the end."""
        hands, held, bids, goods, chests = self.hands, self.held, self.bids, self.goods, self.chests
        trades = []
        for village, seat in enumerate(self.occupant):
            if seat < 0:
                continue
            b, g = K * seat, K * village
            bid = tuple(bids[b:b + K])
            traded = self.matches(seat, village)
            if traded:  # the bid and the village's goods change places
                for k in range(K):
                    hands[b + k] += goods[g + k]
                    held[seat] += goods[g + k]
                    goods[g + k] = bids[b + k]
            else:  # one card of each kind to the village, the rest into the chest
                for k in range(K):
                    if bids[b + k]:
                        goods[g + k] += 1
                        chests[b + k] += bids[b + k] - 1
            trades.append((seat, village, bid, traded))
        n = self.opts.players
        self.trades = trades
        self.bids = [0] * (K * n)
        self.size = [0] * n
        self.at = [-1] * n
        self.occupant = [-1] * self.villages
        self.bidded = 0
        if self.last_round:
            self._end_game()
            return
        self.round += 1
        self.last_round = self.deck_at >= len(self.deck)
        self.current = self.first
        self.phase = BIDDING

    def _end_game(self) -> None:
        """One card of each kind left in each hand goes into its chest; the most
        wampums win, equal ones together."""
        hands, held, chests = self.hands, self.held, self.chests
        for seat in self.opts.seats:
            for i in range(K * seat, K * seat + K):
                if hands[i]:
                    hands[i] -= 1
                    held[seat] -= 1
                    chests[i] += 1
        scores = [self.wampums(s) for s in self.opts.seats]
        best = max(scores)
        self.winners = tuple(s for s in self.opts.seats if scores[s] == best)
        self.current = OVER

    # --- copies -------------------------------------------------------------------------

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts = self.opts
        new.hands = self.hands[:]
        new.held = self.held[:]
        new.bids = self.bids[:]
        new.size = self.size[:]
        new.at = self.at[:]
        new.bidded = self.bidded
        new.occupant = self.occupant[:]
        new.goods = self.goods[:]
        new.chests = self.chests[:]
        new.discards = self.discards[:]
        new.removed = self.removed
        new.deck = self.deck
        new.deck_at = self.deck_at
        new.first = self.first
        new.round = self.round
        new.last_round = self.last_round
        new.phase = self.phase
        new.current = self.current
        new.turns = self.turns
        new.winners = self.winners
        new.history = self.history[:]
        new.trades = self.trades
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same = ("at", "bidded", "bids", "chests", "current", "discards", "first", "goods",
                "hands", "held", "last_round", "occupant", "opts", "removed", "round",
                "size", "turns", "winners")
        return (all(getattr(self, k) == getattr(other, k) for k in same)
                and self.deck[self.deck_at:] == other.deck[other.deck_at:]
                and (self.current < 0 or self.phase == other.phase))

    __hash__ = None  # type: ignore[assignment]
