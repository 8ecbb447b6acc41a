"""What the platform reads of a game's options and of its states: the two
protocols every engine's classes meet (mypy checks it where a game's
``new_state`` returns its state), and the shared base the engines' states and
options build on. Engines keep their own fields beside these.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import asdict, fields
from typing import Any, ClassVar, Protocol, Self

from .chance import CHANCE, OVER, Chance, RuleError

# Whose eyes a position is written for: one seat, several (the seats of one home,
# at a table that shares a game with another home), or None for the whole truth.
SeenBy = int | Collection[int] | None


def sees(seen_by: SeenBy, seat: int) -> bool:
    """Whether a position written for ``seen_by`` shows what only ``seat`` sees."""
    if seen_by is None or isinstance(seen_by, int):
        return seen_by == seat
    return seat in seen_by


class Options(Protocol):
    """A game's options, as the platform reads them."""

    @property
    def players(self) -> int: ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats playing, in playing order."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class GameState(Protocol):
    """One position of a game, as the platform reads it."""

    @property
    def opts(self) -> Options: ...

    @property
    def current(self) -> int:
        """The seat to act, CHANCE or OVER."""
        ...

    @property
    def turns(self) -> int:
        """Players' actions so far: a request names the turn it saw."""
        ...

    @property
    def winners(self) -> tuple[int, ...]:
        """Empty until the game is over; empty at the end too, for a draw."""
        ...

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
        """Each seat's result: +1 a winner, -1 a loser, 0 for a draw or before the end."""
        ...

    def clone(self) -> Self: ...


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
        """+1 for each winner, -1 for each other seat, 0 before the end and for
        everyone after a draw: for games whose seats are the first ``players``
        (others override it)."""
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
