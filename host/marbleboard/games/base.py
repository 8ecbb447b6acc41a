"""What every game is: the interface the table, the screens, the bots, the records
and the commands use, so none of them names a game.

In the spirit of OpenSpiel, a game is two things. A :class:`Game` describes it
once: its name, its seats, its options, its notation, how a seat's view is made
and how a bot guesses what a view hides. A state (:class:`GameState`) is one
position: whose turn it is, or that chance acts; the legal actions, as small
integers; applying one.

Chance is explicit. When ``state.current == CHANCE``, ``state.chance_due()`` says
what is due (a shuffled deck, a die roll, a random layout) and the caller supplies
the outcome with ``state.apply_chance(outcome)``: live games draw it from a good
random source and commit to it (:mod:`.fairness`), random playouts draw it from
any ``random.Random``, replays read it from the record. The state never draws.

Marble games add a :class:`MarbleRules`: which board layout they play on, what the
holes hold in a state, and the way each action moves marbles, which is all the
table needs to read moves from the sensors and to light them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from types import MappingProxyType, ModuleType
from typing import Any, ClassVar, Protocol, Self

CHANCE = -1  # ``state.current`` when chance acts
OVER = -2  # ``state.current`` when the game has ended


class RuleError(ValueError):
    """An action, a position or an outcome that the rules do not allow."""


@dataclass(frozen=True)
class Chance:
    """A chance node: what outcome is due.

    The outcome is a tuple of integers: a permutation of ``range(size)`` when
    ``permutation`` (a shuffled deck, a random layout), else one number in
    ``range(size)`` (a die: 0 stands for a roll of 1). ``secret`` outcomes (a deck)
    are committed to when drawn and revealed only when the game ends; the others
    are seen by everyone at once (a die).
    """

    kind: str  # the word in the record: "shuffle", "roll", "layout"
    size: int
    permutation: bool = True
    secret: bool = True

    def draw(self, rng: random.Random) -> tuple[int, ...]:
        if self.permutation:
            order = list(range(self.size))
            rng.shuffle(order)
            return tuple(order)
        return (rng.randrange(self.size),)

    def check(self, outcome: Sequence[int]) -> tuple[int, ...]:
        outcome = tuple(outcome)
        if self.permutation:
            if sorted(outcome) != list(range(self.size)):
                raise RuleError(f"a {self.kind} must hold each of the {self.size} items once")
        elif len(outcome) != 1 or not 0 <= outcome[0] < self.size:
            raise RuleError(f"a {self.kind} is one number from 0 to {self.size - 1}")
        return outcome


class GameOptions:
    """What every game's options dataclass shares: JSON both ways, refusing a name
    the game does not know (a typo must not pass silently as a default)."""

    game_title: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = asdict(self)  # type: ignore[call-overload]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        names = {f.name for f in fields(cls)}  # type: ignore[arg-type]
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown {cls.game_title} options: {', '.join(sorted(unknown))}")
        return cls(**data)


class StateRules:
    """What every engine's state shares; engines keep their own fields."""

    __slots__ = ()
    current: int
    winners: tuple[int, ...]

    def is_chance(self) -> bool:
        return self.current == CHANCE

    def is_over(self) -> bool:
        return self.current == OVER

    def returns(self) -> list[float]:
        """+1 for each winner, -1 for each other seat, 0 before the end: for games
        whose seats are the first ``players`` (others override it)."""
        opts = self.opts  # type: ignore[attr-defined]  # each engine types its own options
        if not self.winners:
            return [0.0] * opts.players
        return [1.0 if s in self.winners else -1.0 for s in opts.seats]

    def legal_actions(self) -> list[int]:
        raise NotImplementedError

    def apply(self, action: int) -> None:
        raise NotImplementedError

    def play(self, action: int) -> None:
        """Apply an action after checking that it is legal."""
        if self.current < 0:
            raise RuleError("it is not a player's turn")
        if action not in self.legal_actions():
            raise RuleError(f"not a legal action here: {action}")
        self.apply(action)


def team_lead(seats: Sequence[int], friends: Callable[[int], bool],
              value: Callable[[int], float]) -> float:
    """The mean value of one side less the mean of the others: the shape of every
    game's evaluation, so a partner's progress counts as one's own."""
    mine = theirs = 0.0
    n_mine = n_theirs = 0
    for s in seats:
        v = value(s)
        if friends(s):
            mine += v
            n_mine += 1
        else:
            theirs += v
            n_theirs += 1
    return mine / max(1, n_mine) - theirs / max(1, n_theirs)


class GameState(Protocol):
    """One position of a game. Engines keep their own fields; these are shared."""

    current: int  # the seat to act, CHANCE or OVER
    turns: int  # players' actions so far: a request names the turn it saw
    winners: tuple[int, ...]  # empty until the game is over

    def is_chance(self) -> bool: ...

    def is_over(self) -> bool: ...

    def chance_due(self) -> Chance:
        """What chance must supply now (only when ``current == CHANCE``)."""
        ...

    def apply_chance(self, outcome: Sequence[int]) -> None: ...

    def legal_actions(self) -> list[int]:
        """The seat to act's actions; a turn that must be passed has one action."""
        ...

    def apply(self, action: int) -> None:
        """Apply a legal action (unchecked: the fast path for playouts)."""
        ...

    def play(self, action: int) -> None:
        """Apply an action after checking it is legal (raises RuleError)."""
        ...

    def returns(self) -> list[float]:
        """Each seat's result: +1 a winner, -1 a loser, 0 before the end."""
        ...

    def clone(self) -> GameState: ...


@dataclass(frozen=True)
class View:
    """What one seat may see (``seat`` None: the public view, for the table screen).

    ``position`` is the game's one-line position with everything this seat may not
    see hidden; every path out of the host starts from a view.
    """

    game: str
    options: Any
    seat: int | None
    position: str

    def to_json(self, seat_names: Sequence[str]) -> dict[str, Any]:
        return {"game": self.game, "options": self.options.to_json(),
                "seat": seat_names[self.seat] if self.seat is not None else None,
                "position": self.position}


@dataclass(frozen=True)
class Target:
    """What the holes should hold: the holes that must each hold a marble (or a
    playing piece), pools of holes (a START row) that must hold a number of marbles
    in any of their holes, and the holes where a playing piece stands (a Stomper),
    which a board with piece sensors tells from a marble. Hole ids are the board
    file's (``track.17``, ``start.red.2``, ``grid.c3``)."""

    holes: frozenset[str]
    pools: tuple[tuple[tuple[str, ...], int], ...] = ()
    pieces: frozenset[str] = frozenset()


class MarbleRules(Protocol):
    """What the table needs of a game played with marbles on a board."""

    layout: str  # the board layout it plays on (``board/layouts``)
    # Moments for the light language's pictures: "position" (a turn), "lifted" (a
    # hole to lift in it), "bot_move" (a move to show), "mistake" (a hole to put a
    # wrong marble in), "put_here" (a pool hole left empty), "won" (a position won).
    examples: ClassVar[dict[str, str]]

    def layout_for(self, options: Any) -> str:
        """The board layout a game with these options plays on."""
        ...

    def fit(self, data: dict[str, Any], layout: str) -> dict[str, Any]:
        """Options asked for, completed for the board connected (its layout id):
        a game with boards of several sizes plays on the one there is."""
        ...

    def holes(self, options: Any) -> frozenset[str]:
        """Every hole of the board this game plays on, with these options: a board
        fits the game when it has exactly these holes."""
        ...

    def target(self, state: Any) -> Target:
        """What the holes hold in ``state``."""
        ...

    def marbles(self, state: Any) -> dict[str, int]:
        """Each occupied exact hole and the seat whose marble it holds."""
        ...

    def pool(self, state: Any, seat: int) -> tuple[str, ...]:
        """Where a seat's waiting (or knocked-off) marbles go: its START row."""
        ...

    def goal(self, state: Any, seat: int) -> tuple[str, ...]:
        """The holes a seat's marbles race to (its HOME row): they pulse when it wins."""
        ...

    def path(self, state: Any, action: int) -> list[str]:
        """The holes a marble passes for ``action``, the one lifted first, the one
        it lands in last (a START hole first for a marble coming out; the two
        holes of a swap). Empty for an action that moves no marble."""
        ...

    def knocked(self, state: Any, action: int) -> list[tuple[str, int]]:
        """The marbles ``action`` sends back: (the hole it is in, its seat)."""
        ...

    def mover(self, state: Any, action: int) -> int:
        """The seat whose marble ``action`` moves (a partner's, sometimes)."""
        ...

    def lamps(self, state: Any) -> dict[str, tuple[int, str]]:
        """Lamps beyond the turn lamps that the state lights: lamp id -> (the seat
        whose colour, or -1 for white; effect name). The die's pips, for one."""
        ...

    # Games whose marbles are not the seats' (SeatMarbles gives the seats' defaults).

    def colours(self, state: Any) -> dict[str, str]:
        """Holes whose marble has a colour of its own, not a seat's: hole id -> a
        colour word of ``palette`` (a dealt layout, and each Stomper's colour). The
        lights show it where a marble must be put, and the screens draw it."""
        ...

    palette: Mapping[str, str]  # colour word -> #rrggbb, for the words ``colours`` gives

    def seat_colour(self, state: Any, seat: int) -> str | None:
        """The palette word the lights use for a seat's moves where the state
        decides it (the Stomper a seat drew); None: the seat's colour on the board."""
        ...

    def marks(self, state: Any) -> dict[str, tuple[str, str]]:
        """How the holes are lit on a turn, where the game says it itself: hole id
        -> (palette word, effect name). Empty: every marble that can move is lit
        steady in its seat's colour (the light language's default)."""
        ...


class SeatMarbles:
    """The defaults of :class:`MarbleRules` for games whose marbles are the seats'."""

    palette: Mapping[str, str] = MappingProxyType({})

    def colours(self, state: Any) -> dict[str, str]:
        return {}

    def seat_colour(self, state: Any, seat: int) -> str | None:
        return None

    def marks(self, state: Any) -> dict[str, tuple[str, str]]:
        return {}


class Game:
    """The description of one game. Subclasses set the class attributes and
    implement the methods; one instance of each is in the registry."""

    name: ClassVar[str]  # the registry's key and the records' "game"
    title: ClassVar[str]  # what people read
    seat_names: ClassVar[tuple[str, ...]]  # every seat there can be, in playing order
    players: ClassVar[tuple[int, ...]]  # the player counts allowed
    options_type: ClassVar[type[GameOptions]]  # its options, with ``players``
    notation: ClassVar[ModuleType]  # action_text, parse_action, position_text, ... (below)
    chances: ClassVar[tuple[Chance, ...]]  # every kind of chance node the game has
    marbles: MarbleRules | None = None  # None: a game with no marbles (cards only)

    # --- setting up -----------------------------------------------------------------

    def options(self, data: dict[str, Any] | None = None) -> Any:
        return self.options_type.from_json(data or {})

    def new_state(self, options: Any = None) -> Any:
        raise NotImplementedError

    def seats(self, options: Any) -> tuple[int, ...]:
        """The seats playing, in playing order. The players may choose them: the
        options' ``seating`` (seat numbers) names them, or is left empty for the
        game's own choice for the player count."""
        seats: tuple[int, ...] = options.seats
        return seats

    def seat_choices(self, options: Any) -> tuple[int, ...]:
        """Every seat a player may take with these options (a colour of the board):
        the lobby offers them. Which of them may play together, the options check
        (partners opposite each other, say)."""
        return self.seats(options)

    def rule_choices(self) -> dict[str, bool]:
        """The yes/no choices the rules leave open, with their defaults (the lobby
        offers them)."""
        defaults = self.options_type()
        return {k: v for k, v in defaults.to_json().items() if isinstance(v, bool)}

    # --- text -----------------------------------------------------------------------

    def action_text(self, state: Any, action: int) -> str:
        return self.notation.action_text(state, action)  # type: ignore[no-any-return]

    def action_words(self, state: Any, action: int) -> list[Any]:
        """The move in words, as a phrase the screens say in their own language
        (words.py): a game gives its moves words in its ``words.json``. Here, as a
        last resort, the notation."""
        return ["move", {"text": self.action_text(state, action)}]

    def public_words(self, state: Any, action: int) -> list[Any]:
        """The move in words as every screen may be told it (the table's log): the
        same as ``action_words`` unless the move puts a card face down (Wampum's
        bids), whose kind only its player may see."""
        return self.action_words(state, action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        """A board hole (its id, ``track.12``) as a phrase people understand ("12",
        "red's start"), for log lines and screens. Here, as a last resort, the id.
        Raises ValueError for a hole the game's board does not have."""
        if self.marbles is None or hole not in self.marbles.holes(options):
            raise ValueError(f"{self.title} has no hole {hole!r}")
        return ["move", {"text": hole}]

    def parse_action(self, state: Any, text: str) -> int:
        """The legal action of ``state`` that ``text`` names (RuleError otherwise)."""
        return self.notation.parse_action(state, text)  # type: ignore[no-any-return]

    def forced(self, state: Any) -> int | None:
        """The action the table plays by itself, asking nobody: a turn with nothing
        to choose and nothing to move (a hand thrown away, a roll that cannot be
        played). None when the seat must act."""
        return None

    def forced_text(self, state: Any, action: int) -> str:
        """What the log says after the seat's name when the table plays ``forced``
        for it, in ``state`` before the action."""
        return f"has no choice and plays {self.action_text(state, action)}"

    def action_group(self, state: Any, action: int) -> str | None:
        """What a player picks before the move on a phone: the card played (``"7"``),
        or None where there is nothing to pick (a die game)."""
        return None

    def chance_seat(self, state: Any) -> int | None:
        """The seat a due chance outcome is drawn for (who rolls the die), or None
        (a shuffle belongs to nobody)."""
        return None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        return " ".join(str(v) for v in outcome)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        """A chance outcome due in ``state`` as a phrase for the log ("rolls a 6"),
        said after the name of ``chance_seat`` when there is one. Here, as a last
        resort, its text."""
        return ["move", {"text": self.outcome_text(state.chance_due(), outcome)}]

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        try:
            return chance.check([int(v) for v in text.split()])
        except ValueError as e:
            raise RuleError(f"not a {chance.kind}: {text!r}") from e

    def position_text(self, state: Any, seen_by: int | None = None,
                      hide_all: bool = False) -> str:
        """The position in one line; what ``seen_by`` may not see is hidden (all
        hidden things with ``hide_all``)."""
        return self.notation.position_text(  # type: ignore[no-any-return]
            state, seen_by, hide_all)

    def parse_position(self, text: str, options: Any = None) -> Any:
        return self.notation.parse_position(text, options)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        return self.notation.state_to_json(state)  # type: ignore[no-any-return]

    def state_from_json(self, data: dict[str, Any]) -> Any:
        return self.notation.state_from_json(data)

    # --- who sees what ----------------------------------------------------------------

    def view(self, state: Any, seat: int | None) -> View:
        if seat is None:
            return View(self.name, state.opts, None, self.position_text(state, hide_all=True))
        return View(self.name, state.opts, seat, self.position_text(state, seen_by=seat))

    def sample(self, view: View, rng: random.Random) -> Any:
        """One full state consistent with a seat's view: the hidden things dealt at
        random (a determinization, for the search bot). A game with nothing hidden
        returns the position itself."""
        return self.parse_position(view.position, view.options)

    def private(self, state: Any, seat: int) -> dict[str, Any]:
        """What a seat's phone shows that others may not see (its hand)."""
        return {}

    def public(self, state: Any) -> dict[str, Any]:
        """What every screen shows besides the board: the die, each seat's card
        count and progress, the scores."""
        return {}

    def score_lights(self, state: Any) -> dict[int, int]:
        """What the board lights of each seat's score when the game has no marbles
        of its own: a small count per seat (games won in a match), one hole a point."""
        return {}

    # --- bots -------------------------------------------------------------------------

    def busy_positions(self, count: int, seed: int = 2) -> list[Any]:
        """mid-game positions with a seat to play"""
        # The docstring names the positions in the benchmark's table.
        rng = random.Random(seed)
        found: list[Any] = []
        while len(found) < count:
            state = self.new_state(self.options({"players": max(self.players)}))
            while not state.is_over() and len(found) < count:
                if state.is_chance():
                    state.apply_chance(state.chance_due().draw(rng))
                    continue
                if state.turns >= 40 and len(state.legal_actions()) > 1:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
        return found

    def evaluate(self, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat`` (and its partner): the greedy bot's
        choice and the search bot's score at the end of a playout. Roughly in
        holes of progress; a won game is far above everything else."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<game {self.name}>"
