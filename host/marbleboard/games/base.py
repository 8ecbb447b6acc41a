"""What every game is: the interface the table, the screens, the bots, the records
and the commands use, so none of them names a game (docs/games.md).

In the spirit of OpenSpiel, a game is two things. A :class:`Game` describes it
once: its name, its seats, its options, its notation, how a seat's view is made
and how a bot guesses what a view hides. A state (:class:`~.gamestate.GameState`)
is one position: whose turn it is, or that chance acts; the legal actions, as
small integers; applying one. Chance is explicit (:mod:`.chance`): the state
never draws.

What a game must give is declared here, as abstract members: a game missing one
cannot be built, and mypy says so (``make lint``). What it may add, the words
its screens say and what the bench measures, comes with defaults from
:mod:`.hooks`; a game played with marbles adds :class:`~.marble_rules.MarbleRules`.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .chance import CHANCE, OVER, Chance, RuleError
from .gamestate import GameOptions, GameState, Options, SeenBy, StateRules
from .hooks import GameBench, GameDisplay
from .marble_rules import MarbleRules, Target

__all__ = ["CHANCE", "OVER", "Chance", "Game", "GameOptions", "GameState", "MarbleRules",
           "Notation", "Options", "RuleError", "StateRules", "Target", "View", "team_lead"]


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


@dataclass(frozen=True)
class View:
    """What one seat may see (``seat`` None: the public view, for the table screen,
    or what the seats of one home see together, :meth:`Game.home_view`).

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


class Notation(Protocol):
    """A game's notation module (mypy checks a module against it): moves and
    positions as text and back, and the full state as JSON and back."""

    def action_text(self, state: Any, action: int) -> str: ...

    def parse_action(self, state: Any, text: str) -> int: ...

    def position_text(self, state: Any, seen_by: SeenBy = None,
                      hide_all: bool = False) -> str: ...

    def parse_position(self, text: str, options: Any = None) -> GameState: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: dict[str, Any]) -> GameState: ...


class Game(GameDisplay, GameBench):
    """The description of one game: one instance of each is in the registry.

    A game gives every abstract member below; the rest have defaults."""

    # --- what every game gives -------------------------------------------------------

    @property
    @abstractmethod
    def name(self) -> str:
        """The registry's key and the records' "game"."""

    @property
    @abstractmethod
    def title(self) -> str:
        """What people read."""

    @property
    @abstractmethod
    def seat_names(self) -> tuple[str, ...]:
        """Every seat there can be, in playing order: the board's seat names where
        the game is played on a board (its lamps are ``turn.<name>``)."""

    @property
    @abstractmethod
    def players(self) -> tuple[int, ...]:
        """The player counts allowed."""

    @property
    @abstractmethod
    def options_type(self) -> type[GameOptions]:
        """Its options: a frozen dataclass on GameOptions with ``players`` and
        ``seats``; its yes/no fields are the rule choices the lobby offers."""

    @property
    @abstractmethod
    def chances(self) -> tuple[Chance, ...]:
        """Every kind of chance node the game has (none: a game without chance)."""

    @property
    @abstractmethod
    def notation(self) -> Notation:
        """The module that writes and reads its moves and positions."""

    @abstractmethod
    def new_state(self, options: Any = None) -> GameState:
        """The state before anything happens."""

    @abstractmethod
    def evaluate(self, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat`` (and its partner): the greedy bot's
        choice and the search bot's score at the end of a playout. Roughly in
        holes of progress; a won game is far above everything else."""

    # Played with marbles on a board: what the table needs (None: a card game,
    # played on the phones and the table screen).
    marbles: MarbleRules | None = None

    # --- setting up: defaults --------------------------------------------------------

    def options(self, data: dict[str, Any] | None = None) -> Any:
        return self.options_type.from_json(data or {})

    def seats(self, options: Options) -> tuple[int, ...]:
        """The seats playing, in playing order. The players may choose them: the
        options' ``seating`` (seat numbers) names them, or is left empty for the
        game's own choice for the player count."""
        return options.seats

    def seat_choices(self, options: Options) -> tuple[int, ...]:
        """Every seat a player may take with these options (a colour of the board):
        the lobby offers them. Which of them may play together, the options check
        (partners opposite each other, say)."""
        return self.seats(options)

    def rule_choices(self) -> dict[str, bool]:
        """The yes/no choices the rules leave open, with their defaults (the lobby
        offers them)."""
        defaults = self.options_type()
        return {k: v for k, v in defaults.to_json().items() if isinstance(v, bool)}

    def rule_numbers(self) -> dict[str, list[int]]:
        """The numbers the rules leave open (a match's length), each with the values
        the lobby offers; the default is the options' own. None by default."""
        return {}

    def forced(self, state: Any) -> int | None:
        """The action the table plays by itself, asking nobody: a turn with nothing
        to choose and nothing to move (a hand thrown away, a roll that cannot be
        played). None when the seat must act."""
        return None

    # --- text: by the notation module ------------------------------------------------

    def action_text(self, state: Any, action: int) -> str:
        return self.notation.action_text(state, action)

    def parse_action(self, state: Any, text: str) -> int:
        """The legal action of ``state`` that ``text`` names (RuleError otherwise)."""
        return self.notation.parse_action(state, text)

    def position_text(self, state: Any, seen_by: SeenBy = None,
                      hide_all: bool = False) -> str:
        """The position in one line; what ``seen_by`` may not see is hidden (all
        hidden things with ``hide_all``)."""
        return self.notation.position_text(state, seen_by, hide_all)

    def parse_position(self, text: str, options: Any = None) -> GameState:
        return self.notation.parse_position(text, options)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        return self.notation.state_to_json(state)

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        return self.notation.state_from_json(data)

    # --- who sees what ---------------------------------------------------------------

    def view(self, state: GameState, seat: int | None) -> View:
        if seat is None:
            return View(self.name, state.opts, None, self.position_text(state, hide_all=True))
        return View(self.name, state.opts, seat, self.position_text(state, seen_by=seat))

    def home_view(self, state: GameState, seats: Collection[int]) -> View:
        """What the seats of one home may see together: all a table sharing the
        game from another home is ever sent of a position (``remote/``)."""
        return View(self.name, state.opts, None,
                    self.position_text(state, seen_by=frozenset(seats)))

    def sample(self, view: View, rng: random.Random) -> GameState:
        """One full state consistent with a seat's view: the hidden things dealt at
        random (a determinization, for the search bot). A game with nothing hidden
        returns the position itself."""
        return self.parse_position(view.position, view.options)

    def __repr__(self) -> str:
        return f"<game {self.name}>"
