"""The bench's playouts beside OpenSpiel's maedn (bench/playouts.py): the same loop
for both, the ratio by the game's own measure, and a plain row without OpenSpiel."""

import random
import sys
import types

from marbleboard.bench import playouts
from marbleboard.games.registry import get_game


class _Race:
    """A stand-in for maedn through pyspiel's API: a die rolled, a step taken,
    over after ``length`` steps."""

    def __init__(self, length: int):
        self.left = length
        self.chance = True

    def is_terminal(self):
        return self.left <= 0

    def is_chance_node(self):
        return self.chance

    def chance_outcomes(self):
        return [(k, 1 / 6) for k in range(6)]

    def legal_actions(self):
        return [0, 1]

    def apply_action(self, action):
        self.chance = not self.chance
        self.left -= 1


def _fake_pyspiel(length: int) -> types.ModuleType:
    module = types.ModuleType("pyspiel")
    loaded = []

    def load_game(name, params):
        loaded.append((name, params))
        return types.SimpleNamespace(new_initial_state=lambda: _Race(length))

    module.load_game = load_game
    module.loaded = loaded
    return module


def test_our_steps_are_every_action_and_every_chance_outcome():
    game = get_game("wahoo")
    options = game.options({"players": 4})
    state, steps = playouts.random_game(game, options, random.Random(1))
    assert state.is_over()
    # Each step is one entry of the game's history: its rolls and its moves.
    assert steps == len(state.history)
    games, counted = playouts._ours(game, options, random.Random(1), 0.001)
    assert games >= 1  # a game begun is played to its end
    rng = random.Random(1)
    assert counted == sum(playouts.random_game(game, options, rng)[1] for _ in range(games))


def test_rows_compare_by_the_games_own_measure(monkeypatch):
    fake = _fake_pyspiel(length=50)
    monkeypatch.setitem(sys.modules, "pyspiel", fake)
    monkeypatch.setattr(playouts, "SLICE_S", 0.02)
    rows = playouts.playout_rows(get_game("wampoo"), seconds=0.1)
    assert [r.what.split(":")[1].strip()[:25] for r in rows] == [
        "random 2-player playouts,", "random 4-player playouts,"]
    assert fake.loaded == [("maedn", {"players": 2}), ("maedn", {"players": 4})]
    for row in rows:
        assert "steps a second" in row.what and row.value.endswith("of maedn's")
        assert float(row.value.split()[0]) > 0
        assert row.against.endswith((">= 0.5: met", ">= 0.5: not met")), row.against
    (wahoo,) = playouts.playout_rows(get_game("wahoo"), seconds=0.1)
    assert "4-player playouts, games a second" in wahoo.what


def test_without_openspiel_the_row_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import fails
    (row,) = playouts.playout_rows(get_game("wahoo"), seconds=0.1)
    assert row.value == "not measured" and "pip install open_spiel" in row.against


def test_a_game_with_no_targets_has_no_rows():
    assert playouts.playout_rows(get_game("stomple")) == []
