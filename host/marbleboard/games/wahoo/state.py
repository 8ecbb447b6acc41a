"""The Wa-Hoo rules engine: a state, its legal actions, and applying them.

Positions are small integers (:mod:`.geometry`): the Path, the Tee-Pees, the
centre, and ``START`` for a marble in its Tribal Grounds. Marble ``m`` belongs to
seat ``m // 4``. Actions are integers (:mod:`.actions`); :mod:`.notation` turns
them into text and back.

Every roll is a chance node: when ``current`` is ``CHANCE`` the caller rolls the
die (``chance_due()``) and gives the outcome to :meth:`State.apply_chance`; the
seat rolling is ``roller``. Before the first turn the players roll for who goes
first, one die each, the same way.

A turn is one roll and one action. "Ended a turn on an arrow" needs no memory of
its own: only its own side moves a marble, and a knock-off takes it off the Path,
so a marble standing on an arrow (or one space beyond one) when the die is rolled
stood there when the last turn ended (docs/rules/wa-hoo.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import CHANCE, OVER, Chance, RuleError, StateRules
from .actions import OUT, PASS
from .geometry import ROW, START, geometry
from .options import Options
from .routes import moves, routes

ROLL = Chance("roll", 6, permutation=False, secret=False)
GETS_OUT = (1, 6)


class State(StateRules):
    __slots__ = ("after", "board", "colours", "contenders", "current", "done", "g", "history",
                 "moves", "occ", "opts", "pos", "roll", "roller", "rolloff", "routes", "starters",
                 "track", "turns", "winners")

    def __init__(self, opts: Options):
        self.opts = opts
        self.colours = opts.colours
        self.g = geometry(opts.colours, opts.holes_per_side)
        self.track = self.g.track
        self.routes = routes(opts.colours, opts.holes_per_side, opts.centre_roll)
        # With partners, landing on a partner needs the routes' landing; without,
        # the moves give each route's action ready made.
        self.moves = None if opts.partners else moves(opts.colours, opts.holes_per_side,
                                                      opts.centre_roll)
        self.starters = tuple(self.g.starter(s) for s in range(self.colours))
        seats = opts.seats
        self.after = [-1] * self.colours  # each playing seat's left-hand neighbour
        for i, seat in enumerate(seats):
            self.after[seat] = seats[(i + 1) % len(seats)]
        self.pos = [START] * (ROW * self.colours)
        self.board = [-1] * self.g.positions  # position -> marble, or -1
        self.occ = [0] * self.colours  # each seat's occupied positions, as bits
        self.done = 0  # seats (bits) whose four marbles are all in their Tee-Pee
        self.roll = 0  # the last roll, 1..6 (0: none yet)
        self.current = CHANCE
        self.winners: tuple[int, ...] = ()
        self.turns = 0
        self.history: list[int] = []  # actions (>= 0) and rolls (-1 .. -6)
        if opts.first_player == "roll":
            self.contenders: tuple[int, ...] = opts.seats
            self.rolloff: list[int] = []  # this round's rolls, in the contenders' order
            self.roller = opts.seats[0]
        else:
            self.contenders = ()
            self.rolloff = []
            self.roller = int(opts.first_player)

    # --- who plays ------------------------------------------------------------------

    def seat_after(self, seat: int) -> int:
        return self.after[seat]

    def partner(self, seat: int) -> int | None:
        return self.opts.partner(seat) if self.opts.partners else None

    def finished(self, seat: int) -> bool:
        return bool(self.done >> seat & 1)

    def controls(self, seat: int) -> int:
        """The seat whose marbles this seat moves: its own, or its partner's once
        its own are all in the Tee-Pee."""
        if self.done >> seat & 1 and self.opts.partners:
            return self.opts.partner(seat)
        return seat

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for each other playing seat, 0 before the end."""
        if not self.winners:
            return [0.0] * self.colours
        return [1.0 if s in self.winners else (-1.0 if s in self.opts.seats else 0.0)
                for s in range(self.colours)]

    # --- chance ---------------------------------------------------------------------

    def chance_due(self) -> Chance:
        return ROLL

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """A roll of the die: ``(k,)`` is a roll of k + 1."""
        if self.current != CHANCE:
            raise RuleError("no roll is due: it is a player's turn")
        if len(outcome) != 1 or not 0 <= outcome[0] < 6:
            raise RuleError("a roll is one number from 0 to 5")
        if self.contenders:
            self.roll_die(outcome[0] + 1)
            return
        # A turn's roll, as roll_die makes it: the commonest step of every playout.
        face = outcome[0] + 1
        self.roll = face
        self.history.append(-face)
        self.current = self.roller

    def roll_die(self, face: int) -> None:
        """The die shows ``face`` (1..6) for the seat rolling (unchecked)."""
        self.roll = face
        self.history.append(-face)
        if not self.contenders:
            self.current = self.roller
            return
        # Rolling for who goes first: each contender once; the highest begins,
        # and those tied for highest roll again.
        rolls = self.rolloff
        rolls.append(face)
        contenders = self.contenders
        if len(rolls) < len(contenders):
            self.roller = contenders[len(rolls)]
            return
        best = max(rolls)
        tied = tuple(s for s, r in zip(contenders, rolls, strict=True) if r == best)
        self.rolloff = []
        self.roller = tied[0]
        self.contenders = tied if len(tied) > 1 else ()
        if self.contenders:
            self.roll = 0  # a new round: the die is picked up again

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self) -> list[int]:
        seat = self.current
        if seat < 0:
            return []
        table = self.moves
        if table is None:
            return self._legal_with_partner(seat)
        n = self.roll
        own = self.occ[seat]
        by_position = table[seat]
        pos = self.pos
        actions: list[int] = []
        waiting = n == 1 or n == 6
        for m in range(ROW * seat, ROW * seat + ROW):
            p = pos[m]
            if p < 0:
                if waiting:
                    waiting = False  # one marble comes out, whichever
                    starter = self.starters[seat]
                    if not own >> starter & 1:
                        actions.append(OUT | m << 3 | starter << 8)
                continue
            for action, mask in by_position[p][n]:
                if not mask & own:
                    actions.append(action | m << 3)
        return actions or [PASS]

    def _legal_with_partner(self, seat: int) -> list[int]:
        """The legal actions where partners play: a seat whose marbles are home
        moves its partner's, and may land on its partner's only when nothing else
        goes."""
        ctrl = self.controls(seat) if self.done else seat
        n = self.roll
        board, pos = self.board, self.pos
        own = self.occ[ctrl]
        partner = self.opts.partner(ctrl) if self.opts.partners else -1
        table = self.routes[ctrl]
        actions: list[int] = []
        on_partner: list[int] = []  # landing on the partner: only when nothing else goes
        first = ROW * ctrl
        waiting = True
        for m in range(first, first + ROW):
            p = pos[m]
            if p < 0:
                if waiting and (n == 1 or n == 6):
                    waiting = False
                    starter = self.g.starter(ctrl)
                    if not own >> starter & 1:
                        action = OUT | m << 3 | starter << 8
                        victim = board[starter]
                        if victim >= 0 and victim >> 2 == partner:
                            on_partner.append(action)
                        else:
                            actions.append(action)
                continue
            for kind, dest, mask in table[p][n]:
                if mask & own:
                    continue
                action = kind | m << 3 | dest << 8
                victim = board[dest]
                if victim >= 0 and victim >> 2 == partner:
                    on_partner.append(action)
                else:
                    actions.append(action)
        if actions:
            return actions
        if on_partner:
            return on_partner
        return [PASS]

    # --- applying -------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action for the seat to play (checked: see :meth:`play`)."""
        seat = self.current
        self.history.append(action)
        self.turns += 1
        if action == PASS:
            self.roller = self.after[seat]
            self.current = CHANCE
            return
        m = action >> 3 & 31
        dest = action >> 8
        board, occ = self.board, self.occ
        owner = m >> 2
        victim = board[dest]
        if victim >= 0:  # knocked back to its Tribal Grounds
            self.pos[victim] = START
            occ[victim >> 2] ^= 1 << dest
        src = self.pos[m]
        if src >= 0:
            board[src] = -1
            occ[owner] ^= 1 << src
        self.pos[m] = dest
        board[dest] = m
        occ[owner] |= 1 << dest
        if self.track <= dest < self.g.centre and self._check_finish(owner):
            return
        # A 1 or a 6 that moved a marble rolls again.
        if self.roll != 1 and self.roll != 6:
            self.roller = self.after[seat]
        self.current = CHANCE

    def _check_finish(self, seat: int) -> bool:
        first = self.track + ROW * seat
        last = first + ROW  # the centre is numbered just after the Tee-Pees
        for p in self.pos[ROW * seat:ROW * seat + ROW]:
            if not first <= p < last:
                return False
        self.done |= 1 << seat
        partner = self.partner(seat)
        if partner is None:
            self.winners = (seat,)
        elif self.done >> partner & 1:
            self.winners = tuple(sorted((seat, partner)))
        else:
            return False
        self.current = OVER
        self.roller = -1  # nobody rolls again
        return True

    def knocked_by(self, action: int) -> list[int]:
        """The marbles an action would send back, before it is applied."""
        if action == PASS:
            return []
        victim = self.board[action >> 8]
        return [victim] if victim >= 0 else []

    # --- copies -------------------------------------------------------------------------

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts, new.colours, new.g, new.track = self.opts, self.colours, self.g, self.track
        new.routes, new.after = self.routes, self.after
        new.moves, new.starters = self.moves, self.starters
        new.pos = self.pos[:]
        new.board = self.board[:]
        new.occ = self.occ[:]
        new.done = self.done
        new.roll = self.roll
        new.roller = self.roller
        new.contenders = self.contenders
        new.rolloff = self.rolloff[:]
        new.current = self.current
        new.winners = self.winners
        new.turns = self.turns
        new.history = self.history[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same = ("board", "contenders", "current", "done", "opts", "pos", "roll", "roller",
                "rolloff", "turns", "winners")
        return all(getattr(self, k) == getattr(other, k) for k in same)

    __hash__ = None  # type: ignore[assignment]
