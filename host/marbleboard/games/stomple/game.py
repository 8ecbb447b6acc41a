"""Stomple as the platform sees it: the :class:`~marbleboard.games.base.Game` that
the bots, the records and the commands use.

It plays on its own board, the 7x7 grid (``board/layouts/stomple.py``), whose
holes and lights :mod:`.marbles` gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Chance, Game
from . import notation, words
from .evaluate import evaluate
from .grid import COLOURS
from .marbles import StompleMarbles
from .options import SEAT_NAMES, Options
from .state import DRAW, GONE, LAYOUT, OUT, State


class Stomple(Game):
    name = "stomple"
    title = "Stomple"
    seat_names = SEAT_NAMES
    players = (2, 3, 4, 5, 6)
    options_type = Options
    chances = (LAYOUT, DRAW)
    notation = notation
    rounds_target: ClassVar[int] = 200  # random rounds a second the bench asks for
    marbles = StompleMarbles()

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(state, action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        return words.hole_words(hole)

    def forced(self, state: Any) -> int | None:
        """A seat that cannot stomp has nothing to choose: it is out. (At the table
        its Stomper is still lifted off the board, and read like a move.)"""
        legal = state.legal_actions()
        return OUT if legal == [OUT] else None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        return notation.outcome_text(chance.kind, chance.check(outcome))

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        return notation.parse_outcome(chance.kind, text)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        return words.outcome_words(state.chance_due().kind)

    def public(self, state: Any) -> dict[str, Any]:
        return {"round": state.round, "points_to_win": state.opts.points_to_win,
                "round_points": state.round_points(),
                "seats": {SEAT_NAMES[s]: {
                    "score": state.scores[s],
                    "stomper": COLOURS[state.stompers[s]] if state.stompers[s] >= 0 else None,
                    "out": state.at[s] == GONE} for s in state.opts.seats}}

    def rounds_played(self, state: Any) -> int:
        return len(state.rounds)  # the rounds of the match

    def scores(self, state: Any) -> dict[int, int]:
        """The points scored over the rounds."""
        return {s: state.scores[s] for s in state.opts.seats}

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)


STOMPLE = Stomple()
