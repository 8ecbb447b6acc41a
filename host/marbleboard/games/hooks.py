"""What a game may add to the required :class:`~.base.Game`: how the screens and
the log say its moves and facts, and what the benchmarks measure. Each member
has a default that works for any game, so a new game starts with none of these
and adds them as its screens and bench want them (docs/games.md has the table).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from .chance import Chance, RuleError

if TYPE_CHECKING:
    from .gamestate import GameState


class GameDisplay(ABC):
    """How people are told a game: moves, holes, chance and facts in words (the
    screens say them in their own language, ``words.json``), what a phone picks
    before a move, what a seat's phone alone sees."""

    @abstractmethod
    def action_text(self, state: Any, action: int) -> str:
        """Given by :class:`~.base.Game` (its notation)."""

    @property
    @abstractmethod
    def seat_names(self) -> tuple[str, ...]:
        """Given by :class:`~.base.Game`."""

    def seat_word(self, seat: int) -> str:
        """What a seat is called where its player gave no name, as a key of the
        words: its name, which is a colour's word or a board place's ("Player 4").
        A game seated at board places names them in its own words ("red")."""
        return self.seat_names[seat]

    def action_words(self, state: Any, action: int) -> list[Any]:
        """The move in words, as a phrase the screens say in their own language
        (words.py): a game gives its moves words in its ``words.json``. By
        default, the notation."""
        return ["move", {"text": self.action_text(state, action)}]

    def public_words(self, state: Any, action: int) -> list[Any]:
        """The move in words as every screen may be told it (the table's log): the
        same as ``action_words`` unless the move puts a card face down (Wampum's
        bids), whose kind only its player may see."""
        return self.action_words(state, action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        """A board hole (its id, ``track.12``) as a phrase people understand ("12",
        "red's start"), for log lines and screens. By default, the id."""
        return ["move", {"text": hole}]

    def action_group(self, state: Any, action: int) -> str | None:
        """What a player picks before the move on a phone: the card played (``"7"``),
        or None where there is nothing to pick (a die game, a placement)."""
        return None

    def chance_seat(self, state: Any) -> int | None:
        """The seat a due chance outcome is drawn for (who rolls the die), or None
        (a shuffle belongs to nobody)."""
        return None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        """A chance outcome in the record: its numbers, by default."""
        return " ".join(str(v) for v in outcome)

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        try:
            return chance.check([int(v) for v in text.split()])
        except ValueError as e:
            raise RuleError(f"not a {chance.kind}: {text!r}") from e

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        """A chance outcome due in ``state`` as a phrase for the log ("rolls a 6"),
        said after the name of ``chance_seat`` when there is one. By default its
        text."""
        return ["move", {"text": self.outcome_text(state.chance_due(), outcome)}]

    def private(self, state: Any, seat: int) -> dict[str, Any]:
        """What a seat's phone shows that others may not see: ``hand``, its cards."""
        return {}

    def public(self, state: Any) -> dict[str, Any]:
        """What every screen shows besides the board: facts by name (the die, the
        scores), and under ``seats`` each seat's own (its cards, its progress)."""
        return {}

    def score_lights(self, state: Any) -> dict[int, int]:
        """What the board lights of each seat's score when the game has no marbles
        of its own: a small count per seat (games won in a match), one hole a point."""
        return {}

    def scores(self, state: Any) -> dict[int, int]:
        """Each seat's points, where the game counts them (a match's games won, a
        total of points): at the end the seats are ranked by them on the screens,
        in the log and in the record. Empty: a game won or drawn, nothing more."""
        return {}

    def composed(self, state: Any, seat: int) -> dict[str, Any] | None:
        """A move the game takes in steps that the seat's phone makes on one
        screen and sends whole (``POST /api/seats/{seat}/steps``): a place to
        choose, cards of the hand to put in, then done. None: no such move now.

        ``choices``: each place, ``{"move", "name", "place" (a phrase), "goods" (cards
        shown with it), "there" (a count already there), "least" (the cards the
        move needs there)}``; or ``fixed``, the place already chosen, ``{"place",
        "least"}``, with ``begun`` cards already in. ``steps``: the step that puts
        a card of each kind in; ``done``: the last step. ``words``: the game's
        keys for what the screen says (``pick``, ``tap``, ``need``, ``there``,
        ``put``, ``none``)."""
        return None

    def sitting_out(self, state: Any) -> frozenset[int]:
        """Seats out of play for now (a hand thrown away for the round): their
        lamps are dimmed."""
        return frozenset()


class GameBench(ABC):
    """What ``make bench`` measures of a game beyond its defaults."""

    @abstractmethod
    def new_state(self, options: Any = None) -> GameState:
        """Given by :class:`~.base.Game`."""

    @abstractmethod
    def options(self, data: dict[str, Any] | None = None) -> Any:
        """Given by :class:`~.base.Game`."""

    @property
    @abstractmethod
    def players(self) -> tuple[int, ...]:
        """Given by :class:`~.base.Game`."""

    games_target: ClassVar[int] = 0  # random full games a second to reach (0: none)
    # A game played in rounds (a match of deals or layouts): random rounds a second
    # to reach, counted by ``rounds_played``. 0: the game is not played in rounds.
    rounds_target: ClassVar[int] = 0
    # What the strong bot must win, in paired two-player games, against the family
    # one: its 95% interval above a half (None), or at least this share.
    strong_target: ClassVar[float | None] = None
    # Random playouts against OpenSpiel's maedn, a race game in C++ driven by the
    # same Python loop (bench/playouts.py): by player count, "steps" or "games" a
    # second and the share of maedn's to reach. Empty: not measured.
    playout_targets: ClassVar[dict[int, tuple[str, float]]] = {}
    # How ``make train`` learns this game's evaluation, where it differs from the
    # defaults (bots/learned.py TRAINING): games of self-play, the learning rate,
    # the hand-written evaluation's weight and whether that weight is learned too.
    training: ClassVar[dict[str, float]] = {}
    # The bot the strong level stands for in this game, where the bench found one
    # stronger than the search every game has (bots/levels.py); "" for that search.
    strong_bot: ClassVar[str] = ""

    # A game that learns its evaluation names the module of its features, which
    # gives key(options), size(options) and features(state, seat) (bots/learned.py).
    feature_module: ClassVar[Any] = None

    def feature_key(self, options: Any) -> str | None:
        """The name of the learned weights that fit these options (the same name
        for every board the tables fit), or None: the game has no learned
        evaluation for them, and bots use :meth:`evaluate` alone
        (bots/learned.py, docs/bots.md)."""
        module = self.feature_module
        return None if module is None else module.key(options)

    def feature_size(self, options: Any) -> int:
        """How many weights the learned evaluation has for these options."""
        return 0 if self.feature_module is None else self.feature_module.size(options)

    def features(self, state: Any, seat: int) -> list[int]:
        """The weights (by index, repeats counted) that add up to what ``state`` is
        worth to ``seat``, read from that seat's view only: its n-tuples."""
        if self.feature_module is None:
            raise NotImplementedError(f"{type(self).__name__} has no learned evaluation")
        return self.feature_module.features(state, seat)  # type: ignore[no-any-return]

    def rounds_played(self, state: Any) -> int:
        """The rounds a finished game took (for ``rounds_target``)."""
        return 1

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
