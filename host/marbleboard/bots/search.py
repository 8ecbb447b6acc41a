"""Information-set Monte Carlo tree search over what it cannot see.

Each iteration asks the game for one guess at the truth behind the seat's view
(for a card game: the unseen cards dealt at random into the other hands and the
deck), walks the one shared tree of actions, choosing by UCB among the actions
that guess allows, plays on at random for a few turns (chance drawn at random
too: shuffles, dice), and scores the end with the game's own evaluation. Actions that are legal in
one guess and not in another are counted by how often they were available
(single-observer ISMCTS, Cowling, Powley and Whitehouse 2012).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..games.base import CHANCE, OVER, Game, View

SCALE = 60.0  # evaluation points that make a clear lead (games evaluate in holes)


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed, for the seat that chose the action into this node
        self.available = 0


class SearchBot:
    name = "search"

    def __init__(self, game: Game, rng: random.Random | None = None, think_s: float = 1.0,
                 iterations: int | None = None, playout_turns: int = 16,
                 exploration: float = 0.8):
        self.game = game
        self.rng = rng or random.Random()
        self.think_s = think_s
        self.iterations = iterations
        self.playout_turns = playout_turns
        self.exploration = exploration
        self.last_iterations = 0

    def choose(self, view: View) -> int:
        rng = self.rng
        sample = self.game.sample
        first = sample(view, rng)
        legal = first.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            only: int = legal[0]
            return only
        root = _Node()
        deadline = time.perf_counter() + self.think_s
        done = 0
        while True:
            if self.iterations is not None:
                if done >= self.iterations:
                    break
            elif done & 7 == 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root, sample(view, rng) if done else first.clone())
            done += 1
        self.last_iterations = done
        best = max(root.children.items(), key=lambda item: item[1].visits)
        action: int = best[0]
        return action

    def _iterate(self, root: _Node, state: Any) -> None:
        rng = self.rng
        node = root
        path: list[tuple[_Node, int]] = []
        # Selection and expansion, through the shared tree; chance on the way is
        # drawn at random, so one node stands for every outcome (open loop).
        while state.current != OVER:
            if state.current == CHANCE:
                state.apply_chance(state.chance_due().draw(rng))
                continue
            seat = state.current
            actions = state.legal_actions()
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = _Node()
                child.available = 1
                node.children[action] = child
                state.apply(action)
                path.append((child, seat))
                break
            log_n = math.log(max(1, sum(node.children[a].available for a in actions)))
            best_score, action = -1e18, actions[0]
            for a in actions:
                child = node.children[a]
                score = (child.reward / child.visits
                         + self.exploration * math.sqrt(math.log(max(1, child.available))
                                                        / child.visits)) if log_n else 0.0
                if score > best_score:
                    best_score, action = score, a
            node = node.children[action]
            state.apply(action)
            path.append((node, seat))
        # A short random playout, then the evaluation.
        for _ in range(self.playout_turns):
            if state.current == OVER:
                break
            if state.current == CHANCE:
                state.apply_chance(state.chance_due().draw(rng))
                continue
            state.apply(rng.choice(state.legal_actions()))
        evaluate = self.game.evaluate
        for visited, seat in path:
            visited.visits += 1
            visited.reward += math.tanh(evaluate(state, seat) / SCALE)
