"""Wump Rummy as the platform sees it: the :class:`~marbleboard.games.base.Game`
that the screens, the bots, the records and the commands use. It has no marbles
(``marbles`` is None): the screens show the cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ..base import Chance, Game, View
from ..cards import card_name
from . import notation, words
from .evaluate import evaluate
from .options import SEAT_NAMES, Options
from .state import SHUFFLE, State, cards_of


def _names(bits: int) -> list[str]:
    return [card_name(c) for c in cards_of(bits)]


class WumpRummy(Game):
    name = "wumprummy"
    title = "Wump Rummy"
    seat_names = SEAT_NAMES
    players = (2, 3, 4)
    options_type = Options
    chances = (SHUFFLE,)
    notation = notation
    rounds_target: ClassVar[int] = 500  # single games (a match's rounds) a second

    def new_state(self, options: Any = None) -> State:
        return State(options or Options())

    def action_words(self, state: Any, action: int) -> list[Any]:
        return words.action_words(state, action)

    def action_group(self, state: Any, action: int) -> str | None:
        """The hand card a move plays: a phone picks it first."""
        return card_name(action >> 6)

    def rule_numbers(self) -> dict[str, list[int]]:
        """A match to 5 games is long for an evening: the lobby offers shorter ones."""
        return {"games_to_win": [1, 2, 3, 5]}

    def forced(self, state: Any) -> int | None:
        """A turn with one legal move (a last card that takes nothing, or the one
        claim there is) has nothing to choose."""
        if state.current < 0:
            return None
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def outcome_text(self, chance: Chance, outcome: Sequence[int]) -> str:
        return notation.outcome_text(chance.check(outcome))

    def parse_outcome(self, chance: Chance, text: str) -> tuple[int, ...]:
        return notation.parse_outcome(text)

    def outcome_words(self, state: Any, outcome: Sequence[int]) -> list[Any]:
        return words.outcome_words()

    def sample(self, view: View, rng: random.Random) -> State:
        """The deck's cards, which the view names by what it does not show, in a
        random order."""
        unseen = notation.unseen_cards(view.position)
        hidden = "?" in view.position.split()[7]
        if hidden:
            rng.shuffle(unseen)
        return notation.parse_position(view.position, view.options,
                                       unseen if hidden else None)

    def private(self, state: Any, seat: int) -> dict[str, Any]:
        """The seat's hand, face up for all but shown on its phone to play from, and
        its claimed pile."""
        return {"hand": _names(state.hands[seat]), "claimed": _names(state.claimed[seat])}

    def score_lights(self, state: Any) -> dict[int, int]:
        """The games each seat has won in the match: one hole a game on the board."""
        return dict(enumerate(state.wins))

    def public(self, state: Any) -> dict[str, Any]:
        """The centre, the cards left to deal, whose deal, and each seat's face-up
        hand, claimed cards and games won."""
        return {"game": state.game, "deal": state.deal, "games_to_win": state.opts.games_to_win,
                "dealer": SEAT_NAMES[state.dealer], "centre": _names(state.centre),
                "deck": len(state.deck),
                "seats": {SEAT_NAMES[s]: {"hand": _names(state.hands[s]),
                                          "claimed": state.claimed[s].bit_count(),
                                          "games": state.wins[s]} for s in state.opts.seats}}

    def busy_positions(self, count: int, seed: int = 2) -> list[State]:
        """four players, a fresh deal of four with cards in the centre"""
        rng = random.Random(seed)
        found: list[State] = []
        while len(found) < count:
            state = State(Options(players=4))
            while not state.is_over() and len(found) < count:
                if state.is_chance():
                    state.apply_chance(SHUFFLE.draw(rng))
                    continue
                if state.hands[state.current].bit_count() == 4 and state.centre and len(
                        state.legal_actions()) > 1:
                    found.append(state.clone())
                state.apply(rng.choice(state.legal_actions()))
        return found

    def rounds_played(self, state: Any) -> int:
        return len(state.rounds)  # the single games of the match

    def scores(self, state: Any) -> dict[int, int]:
        """The games of the match each seat won."""
        return {s: state.wins[s] for s in state.opts.seats}

    def evaluate(self, state: Any, seat: int) -> float:
        return evaluate(state, seat)


WUMPRUMMY = WumpRummy()
