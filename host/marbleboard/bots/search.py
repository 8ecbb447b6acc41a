"""Information-set Monte Carlo tree search over what it cannot see.

Each iteration takes one guess at the truth behind the seat's view (for a card
game: the unseen cards dealt at random into the other hands and the deck) and
walks the one shared tree of actions with it, choosing by UCB among the actions
that guess allows. Actions that are legal in one guess and not in another are
counted by how often they were available (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012).

The game's own evaluation guides it throughout:

- when the walk reaches a position the tree has not seen, every action there is
  scored by the evaluation of the position it leads to; those scores are the
  actions' first estimates (a prior worth a few visits), and the position after
  the best of them ends the walk and is what the iteration scores;
- a die roll, or any chance outcome that everyone sees and that has few values,
  branches the tree: each outcome has its own subtree, as the actions that
  follow depend on it. Secret chance (a shuffled deck) is drawn at random and
  stays in the one node (open loop).

Scores are the evaluation's change since the root, squashed into -1..1
(``tanh(change / scale)``): a clear gain and a clear loss count alike however
large, small differences stay apart.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..games.base import CHANCE, OVER, Game, GameState, View
from .learned import Evaluation

SCALE = 40.0  # evaluation points that make a clear lead (games evaluate in holes)
PRIOR_VISITS = 2.0  # how many visits an action's first estimate counts for
EXPLORATION = 0.5
BRANCH_OUTCOMES = 64  # public chance with at most this many outcomes branches the tree
GUESSES = 64  # guesses at the hidden things kept and reused, cloned for each walk


class _Node:
    """A position in the tree, reached by an action; its statistics are the
    action's, for the seat that chose it."""

    __slots__ = ("available", "children", "outcomes", "prior", "reward", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[int, _Node] | None = None  # None until expanded
        self.outcomes: list[_Node] | None = None  # the outcomes of chance after it
        self.visits = 0
        self.reward = 0.0  # summed, for the seat that chose the action into this node
        self.available = 0
        self.prior = prior


class SearchBot:
    name = "search"

    def __init__(self, game: Game, rng: random.Random | None = None, think_s: float = 1.0,
                 iterations: int | None = None, exploration: float = EXPLORATION,
                 scale: float = SCALE, prior_visits: float = PRIOR_VISITS,
                 evaluate: Evaluation | None = None):
        self.game = game
        self.evaluate = evaluate or game.evaluate
        self.rng = rng or random.Random()
        self.think_s = think_s
        self.name = f"search:{think_s:g}"
        self.iterations = iterations
        self.exploration = exploration
        self.scale = scale
        self.prior_visits = prior_visits
        self.last_iterations = 0
        self._root: Any = None
        self._centre: dict[int, float] = {}

    def choose(self, view: View) -> int:
        rng = self.rng
        sample = self.game.sample
        guesses = [sample(view, rng)]
        legal = guesses[0].legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            only: int = legal[0]
            return only
        root = _Node()
        self._root, self._centre = guesses[0], {}
        deadline = time.perf_counter() + self.think_s
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done & 7 == 0 and time.perf_counter() >= deadline:
                break
            if len(guesses) < GUESSES and done:
                guesses.append(sample(view, rng))
                state = guesses[-1].clone()
            else:
                state = guesses[done % len(guesses)].clone()
            self._iterate(root, state)
            done += 1
        self.last_iterations = done
        assert root.children is not None
        best = max(root.children.items(), key=lambda item: (item[1].visits, self._mean(item[1])))
        action: int = best[0]
        return action

    def _reward(self, state: GameState, seat: int) -> float:
        """The evaluation for ``seat``, squashed into -1..1 around its value at the
        root: a clear lead and a clear loss look alike, small differences do not."""
        evaluate = self.evaluate
        centre = self._centre.get(seat)
        if centre is None:
            centre = self._centre[seat] = evaluate(self._root, seat)
        return math.tanh((evaluate(state, seat) - centre) / self.scale)

    def _mean(self, node: _Node) -> float:
        w = self.prior_visits
        return (node.reward + node.prior * w) / (node.visits + w)

    def _score(self, node: _Node, state: GameState, actions: list[int]) -> Any:
        """Score actions by the evaluation of the position each leads to (their
        first estimates); return the position after the best of them."""
        seat = state.current
        children = node.children
        if children is None:
            children = node.children = {}
        best_state, best_value = None, -2.0
        for action in actions:
            after = state.clone()
            after.apply(action)
            value = self._reward(after, seat)
            children[action] = _Node(value)
            if value > best_value:
                best_state, best_value = after, value
        return best_state

    def _iterate(self, root: _Node, state: GameState) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []
        w, c = self.prior_visits, self.exploration
        while True:
            current = state.current
            if current == OVER:
                break
            if current == CHANCE:
                due = state.chance_due()
                if due.secret or due.permutation or due.size > BRANCH_OUTCOMES:
                    state.apply_chance(due.draw(rng))
                    continue
                # Each outcome is as likely as the others: take them in turn (the
                # least visited first), so that a few walks already see them all.
                outcomes = node.outcomes
                if outcomes is None:
                    outcomes = node.outcomes = [_Node() for _ in range(due.size)]
                start = rng.randrange(due.size)
                k = min(range(start, start + due.size),
                        key=lambda i: outcomes[i % due.size].visits) % due.size
                node = outcomes[k]
                node.visits += 1
                state.apply_chance((k,))
                continue
            actions = state.legal_actions()
            children = node.children
            if children is None:
                # A position the tree has not seen: score its actions, and end the
                # walk after the best of them.
                state = self._score(node, state, actions)
                children = node.children
                assert children is not None
                best = max(actions, key=lambda a: children[a].prior)
                path.append((children[best], current))
                break
            missing = [a for a in actions if a not in children]
            if missing:  # actions this guess allows that the others did not
                self._score(node, state, missing)
            for a in actions:
                children[a].available += 1
            best_score, action = -1e18, actions[0]
            for a in actions:
                child = children[a]
                n = child.visits + w
                score = ((child.reward + child.prior * w) / n
                         + c * math.sqrt(math.log(child.available + 1) / n))
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            state.apply(action)
            path.append((node, current))
        values: dict[int, float] = {}
        for visited, seat in path:
            value = values.get(seat)
            if value is None:
                value = values[seat] = self._reward(state, seat)
            visited.visits += 1
            visited.reward += value
