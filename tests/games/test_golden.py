"""Golden playthroughs: seeded bot games recorded once, replayed and regenerated.

A change to the rules, the bots or the notation that alters a game shows here.
If the change is meant, write the files again with:

    marbleboard simulate wampoo --players 2 --bots greedy,random --games 1 --seed 1 \\
        --record tests/games/golden
    marbleboard simulate wampoo --players 4 --bots greedy,random --games 1 --seed 2 \\
        --record tests/games/golden
    marbleboard simulate wahoo --players 2 --bots greedy,random --games 1 --seed 1 \\
        --record tests/games/golden
    marbleboard simulate wahoo --players 4 --bots greedy,random --games 1 --seed 2 \\
        --record tests/games/golden
    marbleboard simulate wahoo --players 6 --bots greedy,random --games 1 --seed 3 \\
        --rule partners=true --record tests/games/golden
    marbleboard simulate stomple --players 2 --bots greedy,random --games 1 --seed 1 \\
        --record tests/games/golden
    marbleboard simulate stomple --players 4 --bots greedy,random --games 1 --seed 2 \\
        --record tests/games/golden
    marbleboard simulate stomple --players 6 --bots greedy,random --games 1 --seed 3 \\
        --record tests/games/golden
    marbleboard simulate wumprummy --players 2 --bots greedy,random --games 1 --seed 1 \\
        --record tests/games/golden
    marbleboard simulate wumprummy --players 4 --bots greedy,random --games 1 --seed 2 \\
        --record tests/games/golden
    marbleboard simulate wampum --players 2 --bots greedy,random --games 1 --seed 1 \\
        --record tests/games/golden
    marbleboard simulate wampum --players 5 --bots greedy,random --games 1 --seed 2 \\
        --record tests/games/golden
"""

import random
from pathlib import Path

import pytest

from marbleboard.bots.commands import play_game
from marbleboard.games.record import GameRecord, verify

GOLDEN = Path(__file__).parent / "golden"
GAMES = [("wampoo-1-0001.json", 2, 1), ("wampoo-2-0001.json", 4, 2),
         ("wahoo-1-0001.json", 2, 1), ("wahoo-2-0001.json", 4, 2),
         ("wahoo-3-0001.json", 6, 3), ("stomple-1-0001.json", 2, 1),
         ("stomple-2-0001.json", 4, 2), ("stomple-3-0001.json", 6, 3),
         ("wumprummy-1-0001.json", 2, 1), ("wumprummy-2-0001.json", 4, 2),
         ("wampum-1-0001.json", 2, 1), ("wampum-2-0001.json", 5, 2)]


@pytest.mark.parametrize("name, players, seed", GAMES)
def test_golden_game_replays_and_verifies(name, players, seed):
    record = GameRecord.loads((GOLDEN / name).read_text())
    assert record.game.name == name.split("-")[0]
    assert record.options.players == players
    assert verify(record) == []
    assert record.replay().is_over()


@pytest.mark.parametrize("name, players, seed", GAMES)
def test_the_same_seed_plays_the_same_game(name, players, seed):
    record = GameRecord.loads((GOLDEN / name).read_text())
    _state, again = play_game(record.game, ["greedy", "random"], record.options,
                              random.Random(seed))
    assert again.moves == record.moves
    assert again.to_json() == record.to_json()


def test_the_partners_game_is_won_by_a_team():
    record = GameRecord.loads((GOLDEN / "wahoo-3-0001.json").read_text())
    assert record.options.partners
    state = record.replay()
    assert len(state.winners) == 2
    first, second = state.winners
    assert record.options.partner(first) == second


@pytest.mark.parametrize("name", ["stomple-1-0001.json", "stomple-2-0001.json",
                                  "stomple-3-0001.json"])
def test_a_stomple_game_is_won_on_points_over_rounds(name):
    record = GameRecord.loads((GOLDEN / name).read_text())
    state = record.replay()
    # Each round dealt afresh: a layout and a draw of Stompers, then its stomps.
    assert [m.split()[0] for m in record.moves if m.startswith(("layout", "stompers"))] == [
        "layout", "stompers"] * len(state.rounds)
    (winner,) = state.winners
    assert state.scores[winner] >= record.options.points_to_win
    assert sum(p for _w, p in state.rounds) == sum(state.scores)
    # The round's winner begins the next.
    assert len(state.rounds) >= 2
    for (won, _points), begins in zip(state.rounds, _round_starters(record)[1:], strict=False):
        assert begins == won


def _round_starters(record):
    """The seat that plays first after each draw of Stompers."""
    state = record.game.new_state(record.options)
    starters = []
    for entry in record.moves:
        was_draw = entry.startswith("stompers")
        if entry.startswith(("layout", "stompers")):
            n = int(entry.split()[1])
            state.apply_chance(record.chances[n].values)
        else:
            state.apply(record.game.parse_action(state, entry))
        if was_draw:
            starters.append(state.current)
    return starters


@pytest.mark.parametrize("name", ["wumprummy-1-0001.json", "wumprummy-2-0001.json"])
def test_a_wump_rummy_match_is_won_in_games_dealt_in_turn(name):
    record = GameRecord.loads((GOLDEN / name).read_text())
    state = record.replay()
    # One shuffle a game, the first entry of each; the deal passes to the left.
    assert len(record.chances) == len(state.rounds) and record.moves[0] == "shuffle 0"
    (winner,) = state.winners
    assert state.wins[winner] == record.options.games_to_win == 5
    assert sum(state.wins) <= len(state.rounds)
    dealers = []
    replay = record.game.new_state(record.options)
    for entry in record.moves:
        if entry.startswith("shuffle"):
            dealers.append(replay.dealer)
            replay.apply_chance(record.chances[int(entry.split()[1])].values)
        else:
            replay.apply(record.game.parse_action(replay, entry))
    players = record.options.players
    assert dealers == [(record.options.first_dealer + g) % players for g in range(len(dealers))]


@pytest.mark.parametrize("name", ["wampum-1-0001.json", "wampum-2-0001.json"])
def test_a_wampum_game_is_one_shuffle_then_rounds_to_an_empty_deck(name):
    record = GameRecord.loads((GOLDEN / name).read_text())
    state = record.replay()
    assert [m for m in record.moves if m.startswith("shuffle")] == ["shuffle 0"]
    assert record.moves[0] == "shuffle 0"
    assert state.last_round and state.deck_left() == 0
    # the deck lasts 11 rounds for two players, 5 for five; then the last one
    assert state.round == {2: 12, 5: 6}[record.options.players]
    best = max(state.wampums(s) for s in record.options.seats)
    assert [state.wampums(s) for s in state.winners] == [best] * len(state.winners)
