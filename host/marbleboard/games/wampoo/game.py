"""Wampoo as the platform sees it: the :class:`~marbleboard.games.base.Game`
that the table, the screens, the bots and the records use."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Chance, Game, RuleError, View
from ..cards import RANK, card_name, cards_text, parse_cards, rank_name
from . import features, notation, words
from .actions import FOLD
from .evaluate import evaluate
from .marbles import WampooMarbles
from .options import SEAT_NAMES, Options
from .state import JACK, SHUFFLE, State


class Wampoo(Game):
    name = "wampoo"
    title = "Wampoo"
    seat_names = SEAT_NAMES
    players = (2, 3, 4)
    options_type = Options
    chances = (SHUFFLE,)
    notation = notation
    strong_target = 0.72
    # Learned by 20,000 games of self-play from seed 1 (make train); in play the
    # tables count 0.5 beside the hand-written evaluation (docs/bots.md).
    training: ClassVar[dict[str, float]] = {"blend": 0.5}
    strong_bot = "lookahead+learned"
    feature_module: ClassVar[Any] = features
    playout_targets: ClassVar[dict[int, tuple[str, float]]] = {4: ("steps", 0.5), 2: ("steps", 0.5)}

    def __init__(self) -> None:
        self.marbles = WampooMarbles()

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def seat_choices(self, options: Any) -> tuple[int, ...]:
        return tuple(range(len(SEAT_NAMES)))  # "the colour of his choosing"

    def sitting_out(self, state: Any) -> frozenset[int]:
        """The seats that threw their hand away this round."""
        return frozenset(s for s in state.opts.seats if state.forfeited >> s & 1)

    def forced(self, state: Any) -> int | None:
        legal = state.legal_actions()
        return FOLD if legal == [FOLD] else None

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(state, action)

    def hole_words(self, options: Any, hole: str) -> list[Any]:
        return words.hole_words(options, hole)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        return words.outcome_words(state, tuple(outcome))

    def action_group(self, state: Any, action: int) -> str | None:
        rank = action >> 3 & 15
        return rank_name(rank) if action & 7 != FOLD else None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        return cards_text(list(outcome))

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        try:
            return chance.check(parse_cards(text))
        except ValueError as e:
            raise RuleError(str(e)) from e

    def sample(self, view: View, rng: random.Random) -> State:
        """The cards the seat cannot see, dealt at random into the other hands and
        the deck."""
        unseen = notation.unseen_cards(view.position)
        rng.shuffle(unseen)
        return notation.parse_position(view.position, view.options, unseen)

    def private(self, state: Any, seat: int) -> dict[str, Any]:
        return {"hand": [card_name(c) for c in state.hands[seat]]}

    def public(self, state: Any) -> dict[str, Any]:
        track = state.track
        return {"seats": {SEAT_NAMES[s]: {
            "cards": len(state.hands[s]),
            "home": sum(1 for m in range(4 * s, 4 * s + 4) if state.pos[m] >= track),
            "forfeited": bool(state.forfeited >> s & 1)} for s in state.opts.seats}}

    def busy_positions(self, count: int, seed: int = 2) -> list[State]:
        """mid-game, five cards with a Jack"""
        # From random 4-player games, at least 60 turns in, where the player to
        # move has a fresh hand of five holding a Jack (so every swap is generated).
        rng = random.Random(seed)
        found: list[State] = []
        jack = parse_cards("JS")[0]
        while len(found) < count:
            state = State(Options(players=4))
            while not state.is_over() and len(found) < count:
                if state.is_chance():
                    state.apply_shuffle(rng.sample(range(54), 54))
                    continue
                hand = state.hands[state.current]
                if state.turns >= 60 and len(hand) == 5 and sum(
                        0 <= p < state.track for p in state.pos) >= 6:
                    probe = state.clone()
                    if not any(RANK[c] == JACK for c in hand):
                        spare = [c for c in (jack, jack + 1, jack + 2, jack + 3)
                                 if c not in probe.hands[probe.current]]
                        probe.hands[probe.current][0] = spare[0]
                    found.append(probe)
                state.apply(rng.choice(state.legal_actions()))
        return found

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)


WAMPOO = Wampoo()
