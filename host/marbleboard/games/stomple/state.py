"""The Stomple rules engine: a state, its legal actions, and applying them.

The grid (:mod:`.grid`) holds a colour, a Bonus Point marble or nothing in each
hole. Each seat has a Stomper of a colour, which stands in a hole (the hole of
the marble it last stomped), is not on the board yet (before its first turn of a
round), or is out for the round.

An action is the hole whose marble the seat to play stomps (0-48), or ``OUT``:
the seat cannot stomp and takes its Stomper off. A string is played one marble at
a time, each an action of its own: the same seat stays to play while ``chain``
names the colour it must follow, and its actions are then the marbles of that
colour next to its Stomper (one of them: it chooses where the string branches).
Each step is a marble a player pushes through a hole, so each is a move of its
own on the board, lit and read like any other (docs/rules/stomple.md).

Chance comes at the start of every round, twice: the layout (the marbles spread
out, one in each hole) and the draw (each seat's Stomper from the bag). Both are
seen by everyone at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import CHANCE, OVER, Chance, RuleError, StateRules
from .grid import BONUS, COLOURS, EMPTY, HOLES, MARBLES, NEIGHBOURS, OUTER, marble_colour
from .options import Options

OUT = HOLES  # the action of a seat that cannot stomp: its Stomper leaves the board
UNPLACED = -1  # a Stomper not on the board yet this round
GONE = -2  # a Stomper out for the round

LAYOUT = Chance("layout", MARBLES, permutation=True, secret=False)
DRAW = Chance("stompers", len(COLOURS), permutation=True, secret=False)
CHANCES = {LAYOUT.kind: LAYOUT, DRAW.kind: DRAW}

WIN_POINTS = 3  # for winning the round
BONUS_POINTS = 3  # for each Bonus Point marble left
SOLID_POINTS = 1  # for each solid marble left

_NEIGHBOUR_MASKS = tuple(sum(1 << n for n in NEIGHBOURS[h]) for h in range(HOLES))


class State(StateRules):
    __slots__ = ("at", "chain", "chance", "current", "grid", "history", "opts", "round",
                 "rounds", "scores", "starter", "stompers", "turns", "winners")

    def __init__(self, opts: Options):
        self.opts = opts
        n = opts.players
        self.grid = [EMPTY] * HOLES
        self.at = [UNPLACED] * n  # each seat's Stomper: its hole, UNPLACED or GONE
        self.stompers = [-1] * n  # each seat's Stomper's colour (-1: not drawn yet)
        self.scores = [0] * n
        self.round = 1
        self.starter = opts.first_player  # who begins the round being dealt (chance due)
        self.chain = -1  # the colour of the string being followed, or -1
        self.chance = LAYOUT.kind  # the chance due while current is CHANCE
        self.current = CHANCE
        self.winners: tuple[int, ...] = ()
        self.turns = 0
        self.rounds: list[tuple[int, int]] = []  # each round played: (winner, points)
        self.history: list[int | tuple[int, ...]] = []  # actions, and chance outcomes

    # --- what the board holds -----------------------------------------------------------

    def marbles_left(self) -> tuple[int, int]:
        """(solid marbles, Bonus Point marbles) on the board."""
        solid = bonus = 0
        for c in self.grid:
            if c == BONUS:
                bonus += 1
            elif c >= 0:
                solid += 1
        return solid, bonus

    def round_points(self) -> int:
        """What the round is worth to its winner if it ended now."""
        solid, bonus = self.marbles_left()
        return WIN_POINTS + BONUS_POINTS * bonus + SOLID_POINTS * solid

    def in_round(self) -> list[int]:
        """The seats whose Stompers are not out of this round, in playing order."""
        return [s for s in self.opts.seats if self.at[s] != GONE]

    def is_hop(self, action: int) -> bool:
        """Whether a stomp is a hop: to a marble not next to the Stomper."""
        here = self.at[self.current] if self.current >= 0 else UNPLACED
        return here >= 0 and action != OUT and not _NEIGHBOUR_MASKS[here] >> action & 1

    # --- chance -----------------------------------------------------------------------

    def chance_due(self) -> Chance:
        if self.current != CHANCE:
            raise RuleError("no chance is due: it is a player's turn")
        return CHANCES[self.chance]

    def apply_chance(self, outcome: Sequence[int]) -> None:
        """The layout: ``outcome[hole]`` is the marble spread into each hole (seven of
        each colour in order, then the Bonus Point marbles: :func:`.grid.marble_colour`).
        The draw: ``outcome[i]`` is the colour of the Stomper the i-th seat draws;
        the last ones stay in the bag when fewer than six play."""
        values = self.chance_due().check(outcome)
        self.history.append(values)
        if self.chance == LAYOUT.kind:
            self.grid = [marble_colour(m) for m in values]
            # The last round's Stompers leave the board only now, as it is cleared.
            self.at = [UNPLACED] * self.opts.players
            self.stompers = [-1] * self.opts.players
            self.chance = DRAW.kind
            return
        for seat in self.opts.seats:
            self.stompers[seat] = values[seat]
        self.chance = ""
        self.current = self.starter

    # --- legal actions ------------------------------------------------------------------

    def targets(self) -> int:
        """The holes the seat to play may stomp, as bits (0: it cannot stomp)."""
        grid = self.grid
        seat = self.current
        here = self.at[seat]
        bits = 0
        if self.chain >= 0:  # following a string: its colour next to the Stomper
            chain = self.chain
            for n in NEIGHBOURS[here]:
                if grid[n] == chain:
                    bits |= 1 << n
            return bits
        if here == UNPLACED:  # the first stomp of the round: any marble of the outer row
            for h in OUTER:
                if grid[h] != EMPTY:
                    bits |= 1 << h
            return bits
        for n in NEIGHBOURS[here]:  # any marble next to the Stomper
            if grid[n] != EMPTY:
                bits |= 1 << n
        own = self.stompers[seat]
        for h in range(HOLES):  # or a hop to any marble of the Stomper's colour
            if grid[h] == own:
                bits |= 1 << h
        return bits

    def legal_actions(self) -> list[int]:
        if self.current < 0:
            return []
        bits = self.targets()
        if not bits:
            return [OUT]
        actions = []
        while bits:
            low = bits & -bits
            actions.append(low.bit_length() - 1)
            bits ^= low
        return actions

    # --- applying -----------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Apply a legal action for the seat to play (checked: see :meth:`play`)."""
        seat = self.current
        self.history.append(action)
        self.turns += 1
        if action == OUT:
            self.at[seat] = GONE
            left = self.in_round()
            if len(left) == 1:
                self._end_round(left[0])
            else:
                self._pass_turn(seat)
            return
        grid = self.grid
        colour = grid[action]
        grid[action] = EMPTY
        self.at[seat] = action
        # A marble with a marble of its colour next to it is part of a string: the
        # seat goes on stomping that colour while one is next to its Stomper.
        if colour != BONUS:
            for n in NEIGHBOURS[action]:
                if grid[n] == colour:
                    self.chain = colour
                    return
        self.chain = -1
        self._pass_turn(seat)

    def _pass_turn(self, seat: int) -> None:
        seats = self.opts.seats
        at = self.at
        n = len(seats)
        nxt = (seat + 1) % n
        while at[nxt] == GONE:
            nxt = (nxt + 1) % n
        self.current = nxt

    def _end_round(self, winner: int) -> None:
        points = self.round_points()
        self.scores[winner] += points
        self.rounds.append((winner, points))
        self.chain = -1
        if self.scores[winner] >= self.opts.points_to_win:
            self.winners = (winner,)
            self.current = OVER
            return
        # The Stompers go back in the bag, the marbles are spread out again (the
        # layout clears the board), and the round's winner begins the next.
        self.round += 1
        self.starter = winner
        self.chance = LAYOUT.kind
        self.current = CHANCE

    # --- copies -------------------------------------------------------------------------

    def clone(self) -> State:
        new = State.__new__(State)
        new.opts = self.opts
        new.grid = self.grid[:]
        new.at = self.at[:]
        new.stompers = self.stompers[:]
        new.scores = self.scores[:]
        new.round = self.round
        new.starter = self.starter
        new.chain = self.chain
        new.chance = self.chance
        new.current = self.current
        new.winners = self.winners
        new.turns = self.turns
        new.rounds = self.rounds[:]
        new.history = self.history[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        same = ("at", "chain", "chance", "current", "grid", "opts", "round", "scores",
                "stompers", "turns", "winners")
        # Who began a round matters only until its Stompers are drawn.
        return (all(getattr(self, k) == getattr(other, k) for k in same)
                and (self.current != CHANCE or self.starter == other.starter))

    __hash__ = None  # type: ignore[assignment]

