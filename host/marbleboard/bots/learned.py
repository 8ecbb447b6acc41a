"""A learned evaluation: what a position is worth to a seat, as weights learned by
the bots playing each other.

The value of a position for a seat is ``tanh(z)``, from -1 (lost) to +1 (won),
where ``z`` is the sum of the weights its features pick (the game's n-tuples,
``Game.features``: each marble's stage, pairs of marbles, the counts home) plus
the hand-written evaluation times one more weight. So it starts from the
hand-written evaluation (every other weight 0) and learns what that misses.

It learns by temporal differences on afterstates (Sutton and Barto, ch. 6.8;
n-tuple tables as Szubert and Jaśkowski trained them for 2048, CIG 2014): the
bots play each other, each choosing the move whose position it values most;
after every move, each seat's value of the position before its last move is
moved toward its value of the one now, and at the end toward the result. Dice
and deals explore for it, as they did for TD-Gammon.

``marbleboard train GAME`` (``make train GAME=...``) learns the weights from a
fixed seed and writes them into the package (``bots/weights/KEY.npz``, a few
kilobytes); a bot given ``+learned`` reads them, and uses the hand-written
evaluation alone where a game has none for its options.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..games.base import Game, GameState

WEIGHTS = Path(__file__).with_name("weights")
SCALE = 40.0  # the hand-written evaluation's points that make z = 1: a clear lead
Evaluation = Callable[[Any, int], float]
Reading = tuple[np.ndarray, np.ndarray, float, float]
# What ``marbleboard train`` does unless the game says otherwise (Game.training).
TRAINING: dict[str, float] = {"games": 20000, "rate": 0.1, "hand": 0.25, "learn_hand": 0,
                               "blend": 1.0}


class Learned:
    """One game's learned weights for one kind of options (``key``)."""

    def __init__(self, game: Game, key: str, weights: np.ndarray, hand: float,
                 about: dict[str, Any] | None = None, blend: float = 1.0):
        self.game = game
        self.key = key
        self.weights = np.asarray(weights, dtype=np.float64)
        self.hand = float(hand)
        self.about = about or {}
        # In play, the learned tables' share beside the hand-written evaluation:
        # chosen by paired matches against greedy (docs/bots.md), as the values
        # self-play teaches are noisy where a turn's moves differ by a hair.
        self.blend = float(blend)
        # A bot reads a few dozen weights a position: a list reads them quicker
        # than numpy indexing, which pays off only for long index arrays.
        self._w: list[float] = self.weights.tolist()

    def _side(self, state: Any, seat: int) -> float:
        w = self._w
        total = 0.0
        for i in self.game.features(state, seat):
            total += w[i]
        return total

    def logit(self, state: Any, seat: int) -> float:
        """What the position is worth to ``seat`` less what it is worth to the
        others, on average (the shape of every hand-written evaluation, so a
        position is worth to one player what it costs the other)."""
        learned = self._side(state, seat)
        others = [s for s in self.game.seats(state.opts) if s != seat]
        if others:
            learned -= sum(self._side(state, s) for s in others) / len(others)
        hand = self.hand * self.game.evaluate(state, seat) / SCALE if self.hand else 0.0
        return hand + self.blend * learned

    def value(self, state: Any, seat: int) -> float:
        """From -1 (a sure loss) to +1 (a sure win)."""
        if state.is_over():
            return float(state.returns()[seat])
        return math.tanh(self.logit(state, seat))

    def evaluate(self, state: Any, seat: int) -> float:
        """In the hand-written evaluation's units (holes, a won game 1000), so a bot
        may take either."""
        if state.is_over():
            return self.game.evaluate(state, seat)
        return SCALE * self.logit(state, seat)

    def save(self, path: Path) -> None:
        np.savez_compressed(path, weights=self.weights.astype(np.float32),
                            hand=np.float64(self.hand), blend=np.float64(self.blend),
                            about=json.dumps(self.about))

    @classmethod
    def load(cls, game: Game, key: str, path: Path) -> Learned:
        with np.load(path) as data:
            return cls(game, key, data["weights"], float(data["hand"]),
                       json.loads(str(data["about"])), float(data["blend"]))


@cache
def _shipped(game: Game, key: str) -> Learned | None:
    path = WEIGHTS / f"{key}.npz"
    if not path.exists():
        return None
    model = Learned.load(game, key, path)
    if len(model.weights) != game.feature_size(game.options(model.about["options"])):
        raise ValueError(f"{path} does not fit {game.title}'s features: train it again")
    return model


def learned_for(game: Game, options: Any) -> Learned | None:
    """The shipped weights that fit a game's options, or None."""
    key = game.feature_key(options)
    return _shipped(game, key) if key else None


def learned_evaluation(game: Game) -> Evaluation:
    """The evaluation a ``+learned`` bot uses: the learned one where the game ships
    weights for the options played, else the hand-written one."""
    # The choice is kept by the options' identity (a game's states share one
    # options object), holding the object so that its id is not reused.
    found: dict[int, tuple[Any, Evaluation]] = {}

    def evaluate(state: Any, seat: int) -> float:
        opts = state.opts
        hit = found.get(id(opts))
        if hit is None or hit[0] is not opts:
            if len(found) > 16:
                found.clear()
            model = learned_for(game, opts)
            hit = found[id(opts)] = (opts, model.evaluate if model else game.evaluate)
        return hit[1](state, seat)

    return evaluate


class Trainer:
    """Afterstate TD(0) by self-play, for one game and options."""

    def __init__(self, game: Game, options: Any, seed: int, rate: float = TRAINING["rate"],
                 hand: float | None = TRAINING["hand"], learn_hand: bool = False,
                 start: np.ndarray | None = None, blend: float = 1.0):
        key = game.feature_key(options)
        if key is None:
            raise ValueError(f"{game.title} has no learned evaluation for these options")
        self.game, self.options, self.key = game, options, key
        size = game.feature_size(options)
        self.weights = np.zeros(size) if start is None else np.array(start, dtype=np.float64)
        # ``hand`` None: the hand-written evaluation is no input at all. Learning
        # its weight too let the tables take over from it, and play worse.
        self.hand = 0.0 if hand is None else hand
        self.use_hand = hand is not None
        self.learn_hand = learn_hand and self.use_hand
        self.rate = rate
        self.blend = blend  # the tables' share in play (training does not use it)
        self.seats = game.seats(options)
        self.rng = random.Random(seed)
        self.seed = seed
        self.games = 0
        self.seconds = 0.0

    def _read(self, state: GameState, seat: int) -> Reading:
        """(features, their signs, hand-written input, value) of a position for a
        seat: its own features count +1, each of the n others' -1/n."""
        features = self.game.features
        mine = features(state, seat)
        others = [s for s in self.seats if s != seat]
        theirs = [i for s in others for i in features(state, s)]
        idx = np.array(mine + theirs, dtype=np.intp)
        sign = np.empty(len(idx))
        sign[:len(mine)] = 1.0
        sign[len(mine):] = -1.0 / len(others)
        h = self.game.evaluate(state, seat) / SCALE if self.use_hand else 0.0
        z = self.hand * h + float(self.weights[idx] @ sign)
        return idx, sign, h, math.tanh(z)

    def _learn(self, before: Reading, target: float) -> None:
        idx, sign, h, v = before
        step = self.rate * (target - v) * (1.0 - v * v)
        np.add.at(self.weights, idx, sign * (step / len(idx)))
        if self.learn_hand:
            self.hand += step * h * 0.05

    def play(self) -> GameState:
        """One game of self-play, learning as it goes; its last state."""
        game, rng = self.game, self.rng
        state = game.new_state(self.options)
        seats = self.seats
        last: dict[int, Reading] = {}
        while not state.is_over():
            if state.is_chance():
                state.apply_chance(state.chance_due().draw(rng))
                continue
            mover = state.current
            actions = state.legal_actions()
            if len(actions) == 1:
                state.apply(actions[0])
            else:
                best, best_value = [], -2.0
                for action in actions:
                    after = state.clone()
                    after.apply(action)
                    value = 1.0 if after.is_over() else self._read(after, mover)[3]
                    if value > best_value + 1e-12:
                        best, best_value = [after], value
                    elif value >= best_value - 1e-12:
                        best.append(after)
                state = rng.choice(best)
            if state.is_over():
                break
            for seat in seats:
                now = self._read(state, seat)
                if seat in last:
                    self._learn(last[seat], now[3])
                last[seat] = now
        result = state.returns()
        for seat, before in last.items():
            self._learn(before, result[seat])
        self.games += 1
        return state

    def run(self, games: int, report: Callable[[int], None] | None = None) -> Learned:
        t0 = time.perf_counter()
        for i in range(games):
            self.play()
            if report and (i + 1) % 500 == 0:
                report(i + 1)
        self.seconds += time.perf_counter() - t0
        return self.model()

    def model(self) -> Learned:
        about = {"game": self.game.name, "options": self.options.to_json(),
                 "games": self.games, "seed": self.seed, "rate": self.rate,
                 "seconds": round(self.seconds), "blend": self.blend}
        return Learned(self.game, self.key, self.weights.copy(), self.hand, about, self.blend)
