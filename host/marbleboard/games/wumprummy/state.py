"""The Wump Rummy rules engine: a state, its legal actions, and applying them.

Cards are the numbers of :mod:`..cards` without the jokers (0-51: rank
``c // 4 + 1``, suit ``"SHDC"[c % 4]``). A set of cards, a hand, the centre or a
claimed pile, is one integer with bit ``c`` set for each card it holds, so that
finding the centre cards a hand card matches is one ``&``.

An action is a hand card and what it does, ``card << 6 | target``: ``target`` is
the centre card it takes into the player's claimed pile (a claim), or ``PLACE``
(63) when the card goes into the centre.

One state is the whole match. Each game begins with a chance node, the shuffle
(secret: a permutation of the 52 cards, top card first); the cards set aside
from the last game's centre are skipped as the deck is made from it. Deals within
a game come from that deck, so they need no chance of their own. ``rounds`` lists
the games played, each as how many cards every seat claimed: the platform's
rounds are the rules' games.

>>> from marbleboard.games.wumprummy.options import Options
>>> state = State(Options(players=2))
>>> state.apply_chance(range(52))  # deck in order: AS AH AD AC 2S ...
>>> state.centre == 0b1111, state.current   # the four starters; seat 2 plays first
(True, 1)
>>> [action_text(a) for a in state.legal_actions()]
['2SxAS', '2DxAD', '3SxAS', '3DxAD']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import CHANCE, OVER, Chance, RuleError, StateRules
from ..cards import card_name
from .options import Options

CARDS = 52
HAND = 4  # cards dealt to each player, and starters in the centre
PLACE = 63  # an action's target when its card goes into the centre
ALL = (1 << CARDS) - 1

SHUFFLE = Chance("shuffle", CARDS, permutation=True, secret=True)

# The cards each card matches: those of its suit or of its value.
MATCHES: tuple[int, ...] = tuple(
    sum(1 << d for d in range(CARDS) if d != c and (d % 4 == c % 4 or d // 4 == c // 4))
    for c in range(CARDS))


def cards_of(bits: int) -> list[int]:
    """The cards of a set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def bits_of(cards: Sequence[int]) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def action_text(action: int) -> str:
    """``3Sx3H`` (the 3 of spades takes the 3 of hearts) or ``5D`` (into the centre)."""
    card, target = action >> 6, action & 63
    return card_name(card) + ("" if target == PLACE else "x" + card_name(target))


class State(StateRules):
    __slots__ = ("centre", "claimed", "current", "deal", "dealer", "deck", "game",
                 "hands", "history", "opts", "rounds", "turns", "winners", "wins")

    def __init__(self, opts: Options):
        self.opts = opts
        n = opts.players
        self.hands = [0] * n  # each seat's face-up cards
        self.claimed = [0] * n  # each seat's claimed pile this game
        self.centre = 0
        self.deck: tuple[int, ...] = ()  # the cards still to deal, top first
        self.wins = [0] * n  # games won this match
        self.dealer = opts.first_dealer
        self.game = 1  # the game of the match being played (or shuffled for)
        self.deal = 0  # the deal of the game being played (0: not dealt yet)
        self.current = CHANCE
        self.winners: tuple[int, ...] = ()
        self.turns = 0
        self.rounds: list[tuple[int, ...]] = []  # each game played: the claimed counts
        self.history: list[int | tuple[int, ...]] = []  # actions, and chance outcomes

    # --- who plays, who leads -------------------------------------------------------------

    @property
    def first(self) -> int:
        """The seat to the dealer's left: it plays first in every deal of the game."""
        return (self.dealer + 1) % self.opts.players

    def counts(self) -> list[int]:
        """Each seat's claimed cards this game."""
        return [p.bit_count() for p in self.claimed]

    def last_play(self) -> bool:
        """Whether the seat to play makes the game's last play: it holds its last
        card, every other hand is empty, and no deal is left that gives each seat a
        card. A claim then takes the whole centre."""
        seat = self.current
        n = self.opts.players
        return (self.hands[seat].bit_count() == 1 and not self.hands[(seat + 1) % n]
                and len(self.deck) < n)

    # --- chance -----------------------------------------------------------------------

    def chance_due(self) -> Chance:
        if self.current != CHANCE:
            raise RuleError("no chance is due: it is a player's turn")
        return SHUFFLE

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """The shuffle: ``outcome`` is the 52 cards, top first. The cards in the
        centre (set aside from the last game) stay there and are skipped; four
        starters go face up into the centre and the first deal follows."""
        values = self.chance_due().check(outcome)
        self.history.append(values)
        centre = self.centre
        deck = tuple(c for c in values if not centre >> c & 1)
        for c in deck[:HAND]:
            centre |= 1 << c
        self.centre = centre
        self.deck = deck[HAND:]
        if self._deal():
            self.current = self.first
        else:  # nothing left to deal a player: the game is over before it starts
            self._end_game()

    def _deal(self) -> int:
        """Deal the next round of cards, one at a time from the dealer's left: four
        each, or on the last deal as many each as go round, the extras face up into
        the centre. Returns how many each seat got."""
        n = self.opts.players
        deck = self.deck
        each = HAND if len(deck) >= HAND * n else len(deck) // n
        hands = self.hands
        first = self.first
        i = 0
        for _ in range(each):
            for k in range(n):
                hands[(first + k) % n] |= 1 << deck[i]
                i += 1
        if each < HAND:
            for c in deck[i:]:
                self.centre |= 1 << c
            i = len(deck)
        self.deck = deck[i:]
        self.deal += 1
        return each

    # --- legal actions ------------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        """Every claim of a hand card on a centre card it matches; only when there
        is none, each hand card placed into the centre."""
        if self.current < 0:
            return []
        hand = self.hands[self.current]
        centre = self.centre
        claims = []
        places = []
        while hand:
            low = hand & -hand
            card = low.bit_length() - 1
            hand ^= low
            base = card << 6
            targets = MATCHES[card] & centre
            while targets:
                t = targets & -targets
                claims.append(base | (t.bit_length() - 1))
                targets ^= t
            places.append(base | PLACE)
        return claims or places

    # --- applying -----------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action for the seat to play (checked: see :meth:`play`)."""
        seat = self.current
        self.history.append(action)
        self.turns += 1
        card, target = action >> 6, action & 63
        self.hands[seat] ^= 1 << card
        if target == PLACE:
            self.centre |= 1 << card
        else:
            self.centre ^= 1 << target
            self.claimed[seat] |= 1 << card | 1 << target
        n = self.opts.players
        nxt = seat + 1 if seat + 1 < n else 0
        if self.hands[nxt]:
            self.current = nxt
            return
        # Every hand is empty (all held as many cards and played in turn): deal again,
        # or the game is over.
        if self.deck and self._deal():
            self.current = self.first
            return
        if target != PLACE:  # the last to play took a card: the whole centre too
            self.claimed[seat] |= self.centre
            self.centre = 0
        self._end_game()

    def _end_game(self) -> None:
        counts = self.counts()
        self.rounds.append(tuple(counts))
        best = max(counts)
        leaders = [s for s in self.opts.seats if counts[s] == best]
        if len(leaders) == 1:  # a tie for most cards is won by nobody
            (winner,) = leaders
            self.wins[winner] += 1
            if self.wins[winner] >= self.opts.games_to_win:
                self.winners = (winner,)
                self.current = OVER
                return
        # The claimed cards go back to be shuffled; the centre, if nobody took it,
        # waits for the next game, which the seat to the dealer's left deals.
        self.claimed = [0] * self.opts.players
        self.deck = ()
        self.dealer = self.first
        self.game += 1
        self.deal = 0
        self.current = CHANCE

    # --- copies -------------------------------------------------------------------------

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts = self.opts
        new.hands = self.hands[:]
        new.claimed = self.claimed[:]
        new.centre = self.centre
        new.deck = self.deck  # a tuple: shared
        new.wins = self.wins[:]
        new.dealer = self.dealer
        new.game = self.game
        new.deal = self.deal
        new.current = self.current
        new.winners = self.winners
        new.turns = self.turns
        new.rounds = self.rounds[:]
        new.history = self.history[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same = ("centre", "claimed", "current", "deal", "dealer", "deck", "game", "hands",
                "opts", "turns", "winners", "wins")
        return all(getattr(self, k) == getattr(other, k) for k in same)

    __hash__ = None  # type: ignore[assignment]
