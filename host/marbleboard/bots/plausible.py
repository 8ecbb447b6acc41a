"""A learner's play: it weighs every move by the game's evaluation, as greedy does,
then mostly plays one of the better ones, not always the best. The moves are
ranked (moves worth the same share a rank), and each rank is played half as
often as the one above it (``ratio``): with two, the better two times in three;
with many, the best about half the time and a poor one almost never. Its
mistakes are a person's (a safe move missed, a marble left in danger), not a
random bot's."""

from __future__ import annotations

import random

from ..games.base import Game, View
from .learned import Evaluation


class PlausibleBot:
    def __init__(self, game: Game, rng: random.Random | None = None, ratio: float = 0.5,
                 evaluate: Evaluation | None = None):
        if not 0 < ratio < 1:
            raise ValueError(f"each move below is played a share (0-1) as often, not {ratio}")
        self.game = game
        self.evaluate = evaluate or game.evaluate
        self.rng = rng or random.Random()
        self.ratio = ratio
        self.name = f"plausible:{ratio:g}"

    def choose(self, view: View) -> int:
        state = self.game.sample(view, self.rng)
        seat = state.current
        evaluate = self.evaluate
        scored = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            scored.append((evaluate(after, seat), action))
        scored.sort(key=lambda va: -va[0])
        # Moves worth the same share their rank's weight: eight equally poor moves
        # are no likelier, together, than one poor move.
        ranks: list[list[int]] = []
        last = None
        for value, action in scored:
            if last is None or value < last - 1e-9:
                ranks.append([])
                last = value
            ranks[-1].append(action)
        (moves,) = self.rng.choices(ranks, [self.ratio ** r for r in range(len(ranks))])
        chosen: int = self.rng.choice(moves)
        return chosen
