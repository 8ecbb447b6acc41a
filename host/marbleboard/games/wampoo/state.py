"""The Wampoo rules engine: a state, its legal actions, and applying them.

Positions are small integers: track holes ``0 .. T-1`` in playing order (red's
STARTER is 0), then the HOME rows, four holes a seat, at ``T + 4*seat + k``;
``START`` (-1) is a marble waiting in its START row. Marble ``m`` belongs to seat
``m // 4``. Actions are integers too (see :mod:`.actions`), as random playouts make
millions of them; :mod:`.notation` turns them into text and back.

Chance is never drawn here: when ``current`` is ``CHANCE`` the caller supplies a
deck order with :meth:`State.apply_shuffle`, and it is kept in the history, so a
recorded game replays exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import CHANCE as CHANCE
from ..base import OVER as OVER
from ..base import Chance, StateRules
from ..base import RuleError as RuleError
from ..cards import DECK_SIZE, JOKER, RANK, SPADES
from .actions import FOLD, MOVE, OUT, SWAP
from .options import Options

START = -1
SHUFFLE = Chance("shuffle", DECK_SIZE)  # finding the dealer is dealing a shuffled deck too
GETS_OUT = frozenset({1, 13, JOKER})  # Ace, King, Joker
STEPS = {r: r for r in range(1, 14)} | {JOKER: 20}
JACK = 11
SEVEN = 7
FOUR = 4
FIRST_DEAL = 5
LATER_DEAL = 4
_JOKER_STEPS = STEPS[JOKER]
_FAR = 1 << 30  # further than any card goes
_SWAP_JACK = SWAP | JACK << 3
# The set bits of a byte, lowest first: the fresh marbles of a mask, low and high byte.
_BITS = [tuple(i for i in range(8) if b >> i & 1) for b in range(256)]
_HIGH_BITS = [tuple(i + 8 for i in t) for t in _BITS]


class _Tables:
    """What a game's options settle once, read at every turn instead of worked out."""

    __slots__ = ("after", "entry", "into_home", "pass_entry", "plays_on", "seats", "side",
                 "team_play", "track")

    def __init__(self, opts: Options):
        self.seats = opts.seats
        self.side = opts.holes_per_side
        self.track = 4 * self.side
        # The seat to the left of each playing seat; -1 for a seat not playing, and
        # for "no seat" (-1), so that those still go to seat_after() to be refused.
        self.after = [self.seats[(self.seats.index(s) + 1) % len(self.seats)]
                      if s in self.seats else -1 for s in range(4)] + [-1]
        self.entry = [(s * self.side - 4) % self.track for s in range(4)]
        # Which ranks may end a move inside the HOME row.
        self.into_home = [not (r == SEVEN and not opts.seven_into_home)
                          and not (r == JOKER and not opts.joker_into_home)
                          for r in range(JOKER + 1)]
        self.pass_entry = opts.pass_home_entry
        self.team_play = opts.team_play
        self.plays_on = opts.team_play and opts.partner_plays_on


_TABLES: dict[Options, _Tables] = {}


def _tables_for(opts: Options) -> _Tables:
    tables = _TABLES.get(opts)
    if tables is None:
        tables = _TABLES[opts] = _Tables(opts)
    return tables


def _all_home(pos: list[int], seat: int, track: int) -> bool:
    base = track + 4 * seat
    m = 4 * seat
    return pos[m] >= base and pos[m + 1] >= base and pos[m + 2] >= base and pos[m + 3] >= base


class State(StateRules):
    __slots__ = ("_tables", "board", "chance", "current", "cycle_played", "dealer", "deck",
                 "deck_at", "discarded", "forfeited", "fresh", "hands", "history", "opts", "pos",
                 "side", "track", "turns", "winners")

    def __init__(self, opts: Options):
        self.opts = opts
        self._tables = _tables_for(opts)
        self.side = opts.holes_per_side
        self.track = 4 * self.side
        self.pos = [START] * 16
        self.board = [-1] * (self.track + 16)  # hole -> marble, or -1
        self.fresh = 0  # marbles on their own STARTER, unmoved since coming out
        self.hands: list[list[int]] = [[], [], [], []]
        self.deck: list[int] = []
        self.deck_at = 0  # the next card to deal
        self.cycle_played: list[int] = []  # face up since the last shuffle
        self.discarded = 0  # cards thrown away face down since the last shuffle
        self.forfeited = 0  # seats (bits) that threw their hand away this round
        self.dealer = -1 if opts.first_dealer == "spade" else int(opts.first_dealer)
        self.chance = "dealer" if self.dealer < 0 else "shuffle"
        self.current = CHANCE
        self.winners: tuple[int, ...] = ()
        self.turns = 0
        self.history: list[int | tuple[str, tuple[int, ...]]] = []

    # --- geometry -----------------------------------------------------------------

    def starter(self, seat: int) -> int:
        return seat * self.side

    def entry(self, seat: int) -> int:
        """The track hole just outside a seat's HOME row: four behind its STARTER."""
        return (seat * self.side - 4) % self.track

    def home(self, seat: int, k: int) -> int:
        """HOME hole k (0 = the first, by the entry) of a seat."""
        return self.track + 4 * seat + k

    # --- who plays ------------------------------------------------------------------

    def seat_after(self, seat: int) -> int:
        seats = self.opts.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.opts.team_play else None

    def finished(self, seat: int) -> bool:
        base = self.track + 4 * seat
        return all(self.pos[m] >= base for m in range(4 * seat, 4 * seat + 4))

    def controls(self, seat: int) -> int:
        """The seat whose marbles this seat moves: its own, or its partner's once
        its own are all HOME (when partners play on)."""
        partner = self.partner(seat)
        if partner is not None and self.opts.partner_plays_on and self.finished(seat):
            return partner
        return seat

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for each other playing seat, 0 before the end."""
        if not self.winners:
            return [0.0] * 4
        return [1.0 if s in self.winners else (-1.0 if s in self.opts.seats else 0.0)
                for s in range(4)]

    # --- chance ---------------------------------------------------------------------

    def chance_due(self) -> Chance:
        return SHUFFLE

    def apply_chance(self, outcome: Sequence[int]) -> None:
        self.apply_shuffle(outcome)

    def apply_shuffle(self, order: Sequence[int]) -> None:
        """The outcome of a chance node: a shuffled deck, top card first."""
        if self.current != CHANCE:
            raise RuleError("no shuffle is due: it is a player's turn")
        order = list(order)
        if sorted(order) != list(range(DECK_SIZE)):
            raise RuleError("a shuffle must hold each of the 54 cards once")
        self.history.append((self.chance, tuple(order)))
        if self.chance == "dealer":
            # Deal one card at a time, left of an arbitrary dealer, until a spade.
            seats = self.opts.seats
            seat = seats[0]
            for card in order:
                seat = self.seat_after(seat)
                if card in SPADES:
                    break
            self.dealer = seat
            self.chance = "shuffle"
            return
        self.deck = order
        self.deck_at = 0
        self.cycle_played = []
        self.discarded = 0
        self._deal(FIRST_DEAL)

    def _deal(self, each: int) -> None:
        after = self._tables.after
        seat = self.dealer
        at = self.deck_at
        count = each * len(self._tables.seats)
        deck, hands = self.deck, self.hands
        for i in range(at, at + count):
            nxt = after[seat]
            seat = nxt if nxt >= 0 else self.seat_after(seat)
            hands[seat].append(deck[i])
        self.deck_at = at + count
        self.forfeited = 0
        nxt = after[self.dealer]
        self.current = nxt if nxt >= 0 else self.seat_after(self.dealer)

    def _next_turn(self, seat: int) -> None:
        hands = self.hands
        after = self._tables.after
        nxt = seat
        for _ in range(len(self._tables.seats)):
            nxt = after[nxt] if after[nxt] >= 0 else self.seat_after(nxt)
            if hands[nxt]:
                self.current = nxt
                return
        # Everyone has played or thrown away their hand: the deal passes left.
        nxt = after[self.dealer]
        self.dealer = nxt if nxt >= 0 else self.seat_after(self.dealer)
        if len(self.deck) - self.deck_at >= LATER_DEAL * len(self._tables.seats):
            self._deal(LATER_DEAL)
        else:
            self.chance = "shuffle"  # the deck has run down: all 54 cards are shuffled
            self.current = CHANCE

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        seat = self.current
        if seat < 0:
            return []
        t = self._tables
        pos, board, fresh, track = self.pos, self.board, self.fresh, t.track
        ctrl = seat
        if t.plays_on:
            done = track + 4 * seat
            f = 4 * seat
            if pos[f] >= done and pos[f + 1] >= done and pos[f + 2] >= done and pos[f + 3] >= done:
                ctrl = (seat + 2) % 4
        base = track + 4 * ctrl
        protected = [pos[m] for m in _BITS[fresh & 255] + _HIGH_BITS[fresh >> 8]] if fresh else []
        # The marble's side of every check is the same for each rank in the hand, so
        # it is worked out once here: (marble << 7, hole, steps to its HOME entry or
        # -1 inside HOME, then for a track marble the nearest protected marble ahead
        # and behind and whether one is exactly a Joker's 20 ahead, or for a HOME
        # marble the free holes ahead).
        marbles: list[tuple[int, int, int, int, int, bool]] = []
        waiting = -1
        in_play = False
        entry = t.entry[ctrl]
        for m in range(4 * ctrl, 4 * ctrl + 4):
            p = pos[m]
            if p == START:
                if waiting < 0:
                    waiting = m
            elif p >= track:
                free = 0
                k = p - base
                while k + free < 3 and board[p + free + 1] < 0:
                    free += 1
                if free:  # a marble that cannot move on in HOME has no moves at all
                    marbles.append((m << 7, p, -1, free, 0, False))
            else:
                in_play = True
                ahead = behind = _FAR
                at_joker = False
                for q in protected:
                    off = (q - p) % track
                    if off:
                        if off < ahead:
                            ahead = off
                        if off == _JOKER_STEPS:
                            at_joker = True
                        if track - off < behind:
                            behind = track - off
                marbles.append((m << 7, p, (entry - p) % track, ahead, behind, at_joker))
        home_free = 0
        while home_free < 4 and board[base + home_free] < 0:
            home_free += 1
        out = -1
        if waiting >= 0:
            starter = ctrl * t.side
            occupant = board[starter]
            if occupant < 0 or not fresh >> occupant & 1:
                out = waiting << 7 | starter << 11
        into_home, pass_entry = t.into_home, t.pass_entry
        actions: list[int] = []
        append = actions.append
        last = 0
        for c in sorted(self.hands[seat]):  # cards in rank order: each rank once
            r = RANK[c]
            if r == last:
                continue
            last = r
            if out >= 0 and r in GETS_OUT:
                append(OUT | r << 3 | out)
            if r == JACK and in_play:
                self._swaps(actions)
            kind = MOVE | r << 3
            if r == FOUR:
                for mm, p, to_entry, _ahead, behind, _at_joker in marbles:
                    if to_entry >= 0 and behind > 4:
                        append(kind | mm | (p - 4) % track << 11)
                continue
            n = STEPS[r]
            joker = r == JOKER
            may_enter = into_home[r]
            for mm, p, to_entry, ahead, _behind, at_joker in marbles:
                if to_entry < 0:
                    if n <= ahead:
                        append(kind | mm | (p + n) << 11)
                    continue
                if n > to_entry:
                    k = n - to_entry - 1
                    if may_enter and k < home_free and (joker or ahead > to_entry):
                        append(kind | mm | (base + k) << 11)
                    if not pass_entry:
                        continue
                if at_joker if joker else ahead <= n:
                    continue  # cannot land on a protected marble; only a Joker passes one
                append(kind | mm | (p + n) % track << 11)
        if not actions:
            append(FOLD)
        return actions

    def _swaps(self, actions: list[int]) -> None:
        pos, fresh, track = self.pos, self.fresh, self.track
        movable = [m for m in range(16) if 0 <= pos[m] < track and not fresh >> m & 1]
        append = actions.append
        count = len(movable)
        j = 0
        for i in range(count):
            a = movable[i]
            # Marbles are numbered by colour, so the partners of a different colour
            # are all those after the last of a's colour.
            if j <= i:
                j = i + 1
                while j < count and movable[j] >> 2 == a >> 2:
                    j += 1
            first = _SWAP_JACK | a << 7
            for b in movable[j:]:
                append(first | b << 11)

    # --- applying -------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action for the seat to play (checked: see :meth:`play`)."""
        seat = self.current
        kind = action & 7
        if kind == FOLD:
            hand = self.hands[seat]
            self.discarded += len(hand)
            hand.clear()
            self.forfeited |= 1 << seat
        else:
            r = action >> 3 & 15
            a = action >> 7 & 15
            b = action >> 11
            pos, board = self.pos, self.board
            if kind == MOVE:
                track = self.track
                p = pos[a]
                board[p] = -1
                fresh = self.fresh & ~(1 << a)
                if r == SEVEN and p < track:
                    # The 7 knocks off every marble along its way, on the track.
                    steps = 7 if b < track else (self._tables.entry[a >> 2] - p) % track
                    for i in range(p + 1, p + steps + 1):
                        hole = i % track
                        victim = board[hole]
                        if victim >= 0:
                            board[hole] = -1
                            pos[victim] = START
                            fresh &= ~(1 << victim)
                if b < track:
                    victim = board[b]
                    if victim >= 0:
                        pos[victim] = START
                        fresh &= ~(1 << victim)
                pos[a] = b
                board[b] = a
                self.fresh = fresh
            elif kind == OUT:
                self._knock_at(b)
                pos[a] = b
                board[b] = a
                self.fresh |= 1 << a
            else:  # SWAP
                pa, pb = pos[a], pos[b]
                pos[a], pos[b] = pb, pa
                board[pa], board[pb] = b, a
            hand = self.hands[seat]
            for c in hand:
                if RANK[c] == r:
                    hand.remove(c)  # the first card of this rank is the first of this value
                    self.cycle_played.append(c)
                    break
        self.history.append(action)
        self.turns += 1
        t = self._tables
        pos = self.pos
        track = t.track
        # A seat's last marble is tested inline first: marbles come out in order,
        # so the last is the one least often HOME.
        if t.team_play:  # four seats, so the teams are red-yellow and blue-green
            if (pos[3] >= track and pos[11] >= track + 8
                    and _all_home(pos, 0, track) and _all_home(pos, 2, track)):
                self.winners = (0, 2)
            elif (pos[7] >= track + 4 and pos[15] >= track + 12
                    and _all_home(pos, 1, track) and _all_home(pos, 3, track)):
                self.winners = (1, 3)
        else:
            for s in t.seats:
                if pos[4 * s + 3] >= track + 4 * s and _all_home(pos, s, track):
                    self.winners = (s,)
                    break
        if self.winners:
            self.current = OVER
            return
        nxt = t.after[seat]
        if nxt >= 0 and self.hands[nxt]:
            self.current = nxt
        else:
            self._next_turn(seat)

    def _knock_at(self, hole: int) -> None:
        victim = self.board[hole]
        if victim >= 0:
            self.board[hole] = -1
            self.pos[victim] = START
            self.fresh &= ~(1 << victim)

    def knocked_by(self, action: int) -> list[int]:
        """The marbles an action would send back to START, before it is applied."""
        kind = action & 7
        if kind == OUT:
            victim = self.board[action >> 11]
            return [victim] if victim >= 0 else []
        if kind != MOVE:
            return []
        m, dest, r = action >> 7 & 15, action >> 11, action >> 3 & 15
        p, track = self.pos[m], self.track
        if r == SEVEN and p < track:
            steps = 7 if dest < track else (self.entry(m >> 2) - p) % track
            holes = [(p + i) % track for i in range(1, steps + 1)]
        else:
            holes = [dest] if dest < track else []
        return [self.board[h] for h in holes if self.board[h] >= 0]

    # --- copies -------------------------------------------------------------------------

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts = self.opts
        new._tables = self._tables
        new.side, new.track = self.side, self.track
        new.pos = self.pos[:]
        new.board = self.board[:]
        new.fresh = self.fresh
        new.hands = [h[:] for h in self.hands]
        new.deck = self.deck  # never changed in place: a shuffle replaces it
        new.deck_at = self.deck_at
        new.cycle_played = self.cycle_played[:]
        new.discarded = self.discarded
        new.forfeited = self.forfeited
        new.dealer = self.dealer
        new.chance = self.chance
        new.current = self.current
        new.winners = self.winners
        new.turns = self.turns
        new.history = self.history[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same = ("board", "chance", "current", "cycle_played", "dealer", "discarded",
                "forfeited", "fresh", "hands", "opts", "pos", "turns", "winners")
        return (all(getattr(self, k) == getattr(other, k) for k in same)
                and self.deck[self.deck_at:] == other.deck[other.deck_at:])

    __hash__ = None  # type: ignore[assignment]

