"""Looks one turn further than greedy: for each of its moves, it averages over what
the dice may show next (every face, as likely as the others) and, for each,
assumes the player to move then plays their own best move; it keeps the move
whose average is best for it (expectimax over the next roll, each player
maximising their own value). A roll that lets it move again is its own best
reply. Where the next chance is secret (a deck) or has many outcomes, it stops
at the move's position, as greedy does.

Where it cannot see everything (other hands), it looks from a few guesses at
them, drawn from its view, and averages; a guess shows it what cards an
opponent might hold, never what they do hold.

Cheap enough for a table: a die game's move costs six faces times a few replies.
"""

from __future__ import annotations

import random

from ..games.base import CHANCE, OVER, Game, GameState, View
from .learned import Evaluation

FACES = 12  # public chance with at most this many outcomes is averaged over
GUESSES = 6  # guesses at hidden cards, where a view hides any


class LookaheadBot:
    def __init__(self, game: Game, rng: random.Random | None = None,
                 evaluate: Evaluation | None = None, guesses: int = GUESSES):
        self.game = game
        self.rng = rng or random.Random()
        self.evaluate = evaluate or game.evaluate
        self.guesses = guesses
        self.name = "lookahead"

    def choose(self, view: View) -> int:
        first = self.game.sample(view, self.rng)
        actions = first.legal_actions()
        if len(actions) == 1:
            only: int = actions[0]
            return only
        states = [first]
        if any(chance.secret for chance in self.game.chances):  # hands may be hidden
            states += [self.game.sample(view, self.rng) for _ in range(self.guesses - 1)]
        seat = first.current
        totals = dict.fromkeys(actions, 0.0)
        for state in states:
            for action in actions:
                after = state.clone()
                after.apply(action)
                totals[action] += self._expect(after, seat)
        best = max(totals.values())
        chosen: int = self.rng.choice([a for a in actions if totals[a] >= best - 1e-9])
        return chosen

    def _expect(self, state: GameState, seat: int) -> float:
        """What ``state`` is worth to ``seat`` once the next roll is known and the
        player to move has made their best move."""
        current = state.current
        if current == OVER:
            return self.evaluate(state, seat)
        if current != CHANCE:
            return self._reply(state, seat)
        due = state.chance_due()
        if due.secret or due.permutation or due.size > FACES:
            return self.evaluate(state, seat)
        total = 0.0
        for k in range(due.size):
            rolled = state.clone()
            rolled.apply_chance((k,))
            total += self._reply(rolled, seat)
        return total / due.size

    def _reply(self, state: GameState, seat: int) -> float:
        if state.current < 0:
            return self.evaluate(state, seat)
        mover = state.current
        evaluate = self.evaluate
        best_own, best = float("-inf"), 0.0
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            own = evaluate(after, mover)
            if own > best_own:
                best_own = own
                best = own if mover == seat else evaluate(after, seat)
        return best
