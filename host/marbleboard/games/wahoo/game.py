"""Wa-Hoo as the platform sees it: the :class:`~marbleboard.games.base.Game`
that the table, the screens, the bots and the records use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Chance, Game, RuleError
from . import features, notation, words
from .actions import PASS
from .evaluate import evaluate, progress
from .geometry import ROW, SEAT_NAMES, START
from .marbles import WahooMarbles
from .options import Options
from .state import ROLL, State


class WaHoo(Game):
    name = "wahoo"
    title = "Wa-Hoo"
    seat_names = SEAT_NAMES
    players = (2, 3, 4, 5, 6)
    options_type = Options
    chances = (ROLL,)
    notation = notation
    strong_target = 0.58
    # Learned by 20,000 games of self-play from seed 1 (make train); in play the
    # tables count 0.25 beside the hand-written evaluation (docs/bots.md).
    training: ClassVar[dict[str, float]] = {"blend": 0.25}
    strong_bot = "lookahead+learned"
    feature_module: ClassVar[Any] = features
    playout_targets: ClassVar[dict[int, tuple[str, float]]] = {4: ("games", 1.0)}

    def __init__(self) -> None:
        self.marbles = WahooMarbles()

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def seat_choices(self, options: Any) -> tuple[int, ...]:
        return tuple(range(options.colours))  # every colour of the board it plays on

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        """A roll as the face people read: ``"1"`` .. ``"6"``."""
        return str(chance.check(outcome)[0] + 1)

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        try:
            return chance.check((int(text) - 1,))
        except ValueError as e:
            raise RuleError(f"not a roll of the die: {text!r}") from e

    def public(self, state: Any) -> dict[str, Any]:
        track, centre = state.track, state.g.centre
        return {
            "die": state.roll or None,
            "seats": {SEAT_NAMES[s]: {
                "to_come_out": sum(1 for m in range(ROW * s, ROW * s + ROW)
                               if state.pos[m] == START),
                "home": sum(1 for m in range(ROW * s, ROW * s + ROW)
                            if track <= state.pos[m] < centre),
                "progress": round(progress(state, s))} for s in state.opts.seats}}

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(state, action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        return words.hole_words(options, hole)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        return words.outcome_words(state, tuple(outcome))

    def chance_seat(self, state: Any) -> int | None:
        roller: int = state.roller
        return roller if roller >= 0 else None

    def forced(self, state: Any) -> int | None:
        legal = state.legal_actions()
        return PASS if legal == [PASS] else None

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)


WAHOO = WaHoo()
