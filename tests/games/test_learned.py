"""The learned evaluation (bots/learned.py) and the bots that use it: what its
features read, that a short training run learns something, that the shipped
weights fit, and that ``+learned`` and ``lookahead`` are the bots they say."""

from __future__ import annotations

import random

import numpy as np
import pytest

from marbleboard.bench.games import wilson
from marbleboard.bots import GreedyBot, LookaheadBot, make_bot
from marbleboard.bots.learned import WEIGHTS, Learned, Trainer, learned_for
from marbleboard.games.base import CHANCE, OVER
from marbleboard.games.registry import get_game

LEARNED_GAMES = ("wahoo", "wampoo")


def _positions(name: str, players: int, count: int, seed: int) -> list:
    game = get_game(name)
    options = game.options({"players": players})
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.new_state(options)
        while not state.is_over() and len(found) < count:
            if state.is_chance():
                state.apply_chance(state.chance_due().draw(rng))
                continue
            state.apply(rng.choice(state.legal_actions()))
            if not state.is_over() and rng.random() < 0.2:
                found.append(state.clone())
    return found


@pytest.mark.parametrize("name", LEARNED_GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_features_index_the_tables_for_every_seat(name, players):
    game = get_game(name)
    options = game.options({"players": players})
    size = game.feature_size(options)
    for state in _positions(name, players, 150, seed=players):
        for seat in game.seats(options):
            features = game.features(state, seat)
            assert features, "every position has its marbles' stages at least"
            assert all(0 <= i < size for i in features), (name, seat, features)


def test_wampoo_features_read_the_seats_view_only():
    """Its own hand and the counts of the others' cards, not which cards they are."""
    game = get_game("wampoo")
    rng = random.Random(4)
    for state in _positions("wampoo", 2, 60, seed=9):
        seat = state.current if state.current >= 0 else game.seats(state.opts)[0]
        guess = game.sample(game.view(state, seat), rng)
        assert game.features(guess, seat) == game.features(state, seat)


@pytest.mark.parametrize("name", LEARNED_GAMES)
def test_the_learned_value_is_the_seats_less_the_others(name):
    """Two players: what one gains the other loses, by construction."""
    game = get_game(name)
    options = game.options({"players": 2})
    rng = np.random.default_rng(1)
    model = Learned(game, game.feature_key(options),
                    rng.normal(0, 0.3, game.feature_size(options)), hand=0.0)
    a, b = game.seats(options)
    for state in _positions(name, 2, 40, seed=5):
        assert model.logit(state, a) == pytest.approx(-model.logit(state, b))


def _paired(game, options, first, second, games: int, seed: int) -> float:
    """What ``first`` (a function making a bot) won against ``second``, the same
    dice and deals from both seats."""
    rng = random.Random(seed)
    won = deal = 0.0
    for i in range(games):
        if i % 2 == 0:
            deal = rng.random()
        chance = random.Random(deal)
        bots = [first(), second()] if i % 2 == 0 else [second(), first()]
        seats = game.seats(options)
        by_seat = dict(zip(seats, bots, strict=True))
        state = game.new_state(options)
        while state.current != OVER and state.turns < 5000:
            if state.current == CHANCE:
                state.apply_chance(state.chance_due().draw(chance))
                continue
            state.apply(by_seat[state.current].choose(game.view(state, state.current)))
        winner = seats[i % 2]
        won += 1.0 if winner in state.winners else (0.5 if not state.winners else 0.0)
    return won


@pytest.mark.parametrize(("name", "train_games"), [("wahoo", 400), ("wampoo", 300)])
def test_a_short_training_run_beats_the_weights_it_began_with(name, train_games):
    """From small random weights (a value near 0 everywhere, as a new table
    starts) and no hand-written evaluation at all, a few hundred games of
    self-play learn enough to win most paired games against those weights."""
    game = get_game(name)
    options = game.options({"players": 2})
    start = np.random.default_rng(7).normal(0, 0.05, game.feature_size(options))
    untrained = Learned(game, game.feature_key(options), start, hand=0.0)
    trainer = Trainer(game, options, seed=3, rate=0.5, hand=None, start=start)
    trained = trainer.run(train_games)
    assert trained.hand == 0.0 and not np.array_equal(trained.weights, start)
    games = 200
    won = _paired(game, options,
                  lambda: GreedyBot(game, random.Random(1), trained.evaluate),
                  lambda: GreedyBot(game, random.Random(2), untrained.evaluate), games, seed=11)
    low, _high = wilson(won, games)
    assert low > 0.5, f"trained won {won}/{games} against its starting weights"


def test_weights_round_trip_through_their_file(tmp_path):
    game = get_game("wahoo")
    options = game.options({"players": 2})
    model = Trainer(game, options, seed=2).run(20)
    path = tmp_path / "w.npz"
    model.save(path)
    back = Learned.load(game, model.key, path)
    assert back.hand == pytest.approx(model.hand)
    assert np.allclose(back.weights, model.weights, atol=1e-6)
    assert back.about["games"] == 20 and back.about["seed"] == 2
    state = _positions("wahoo", 2, 1, seed=3)[0]
    assert back.evaluate(state, 0) == pytest.approx(model.evaluate(state, 0), abs=1e-3)


@pytest.mark.parametrize("name", LEARNED_GAMES)
def test_the_package_ships_weights_for_two_players_that_fit(name):
    game = get_game(name)
    options = game.options({"players": 2})
    model = learned_for(game, options)
    assert model is not None, f"no weights in {WEIGHTS} for {game.feature_key(options)}"
    assert len(model.weights) == game.feature_size(options)
    assert model.about["games"] >= 1000 and model.about["options"]["players"] == 2
    assert (WEIGHTS / f"{model.key}.npz").stat().st_size < 200_000, "weights stay small"


def test_a_learned_bot_uses_the_hand_written_evaluation_where_no_weights_fit():
    """Partners in Wa-Hoo have no learned tables: ``greedy+learned`` plays as
    greedy does, move for move."""
    game = get_game("wahoo")
    options = game.options({"players": 4, "partners": True})
    assert game.feature_key(options) is None
    learned, plain = make_bot("greedy+learned", game, random.Random(3)), GreedyBot(
        game, random.Random(3))
    rng = random.Random(8)
    state = game.new_state(options)
    while not state.is_over() and state.turns < 200:
        if state.is_chance():
            state.apply_chance(state.chance_due().draw(rng))
            continue
        view = game.view(state, state.current)
        action = learned.choose(view)
        assert action == plain.choose(view)
        state.apply(action)


@pytest.mark.parametrize("spec", ["random+learned", "greedy+learnedx", "greedy+learned:1"])
def test_learned_goes_last_after_a_bot_that_evaluates(spec):
    with pytest.raises(ValueError, match=r"goes last|no bot"):
        make_bot(spec, get_game("wahoo"))


def test_bot_names_say_learned_and_a_level_keeps_its_configuration():
    game = get_game("wahoo")
    assert make_bot("lookahead+learned", game).name == "lookahead+learned"
    assert make_bot("search:0.1+learned", game).name == "search:0.1+learned"
    assert make_bot("strong=lookahead+learned", game).name == "strong=lookahead+learned"


def test_lookahead_averages_the_next_roll_and_the_best_reply():
    """Wa-Hoo: each move is worth the mean, over the six faces of the next roll,
    of the position after the player then to move plays their own best move; the
    bot plays the move worth most (here with the hand-written evaluation)."""
    game = get_game("wahoo")
    checked = 0
    rolls = random.Random(6)
    for state in _positions("wahoo", 2, 400, seed=12):
        if state.current == CHANCE:
            state.apply_chance((rolls.randrange(6),))
        if state.current < 0 or len(state.legal_actions()) < 2:
            continue
        seat = state.current
        worth = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            if after.is_over():
                worth[action] = game.evaluate(after, seat)
                continue
            total = 0.0
            for k in range(6):
                rolled = after.clone()
                rolled.apply_chance((k,))
                mover = rolled.current
                replies = []
                for reply in rolled.legal_actions():
                    then = rolled.clone()
                    then.apply(reply)
                    replies.append((game.evaluate(then, mover), game.evaluate(then, seat)))
                total += max(replies, key=lambda r: r[0])[1]
            worth[action] = total / 6
        best = max(worth.values())
        chosen = LookaheadBot(game, random.Random(1)).choose(game.view(state, seat))
        assert worth[chosen] == pytest.approx(best), (state.history, worth, chosen)
        checked += 1
        if checked == 25:
            break
    assert checked == 25


def test_training_is_reproducible_from_its_seed():
    game = get_game("wampoo")
    options = game.options({"players": 2})
    first, again, other = (Trainer(game, options, seed=s).run(15) for s in (4, 4, 5))
    assert np.array_equal(first.weights, again.weights)
    assert not np.array_equal(first.weights, other.weights)


def test_the_train_command_writes_weights_the_bots_can_read(tmp_path, capsys):
    from marbleboard.cli import main

    out = tmp_path / "wahoo.npz"
    assert main(["train", "wahoo", "--games", "30", "--seed", "2", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "30 games of self-play, seed 2" in said and str(out) in said
    game = get_game("wahoo")
    model = Learned.load(game, "wahoo-4x14-2p", out)
    assert model.about["games"] == 30 and model.about["options"]["players"] == 2
    assert len(model.weights) == game.feature_size(game.options({"players": 2}))
    with pytest.raises(SystemExit, match="no learned evaluation"):
        main(["train", "wahoo", "--players", "4", "--rule", "partners=true", "--out", str(out)])
