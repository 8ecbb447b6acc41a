"""Five in a Row's rules, each test naming the numbered sentence of
docs/rules/fiveinarow.md it checks; fixed positions with their move counts;
invariants at every step of seeded random games (hypothesis), with the text and
JSON round trips; and golden playthroughs, a game won and a game drawn, written
once by

    marbleboard simulate fiveinarow --players 2 --bots greedy,random --games 1 \
        --seed 1 --record tests/games/golden
    marbleboard simulate fiveinarow --players 2 --bots random,random --games 1 \
        --seed 2 --record tests/games/golden     (then named fiveinarow-draw-0001.json)
"""

import doctest
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marbleboard.bots.commands import play_game
from marbleboard.games import fiveinarow
from marbleboard.games.base import OVER, RuleError
from marbleboard.games.fiveinarow.game import FIVE_IN_A_ROW as GAME
from marbleboard.games.fiveinarow.notation import (
    parse_position,
    position_text,
    state_from_json,
    state_to_json,
)
from marbleboard.games.fiveinarow.options import Options
from marbleboard.games.fiveinarow.state import EMPTY, HOLES
from marbleboard.games.record import DRAW, WON, GameRecord, result_of, verify


def play(*moves, **options):
    state = GAME.new_state(Options(**options))
    for move in moves:
        state.play(GAME.parse_action(state, move))
    return state


def test_rule_1_holes_are_named_like_a_chessboard():
    # "columns a to g from the left, rows 1 to 7 from red's side"
    state = play("a1", "g7")
    assert state.grid[0] == 0 and state.grid[48] == 1
    assert position_text(state).split()[0] == "......B/......./......./......./......./" \
                                               "......./R......"


def test_rule_3_the_grid_starts_empty():
    # "The grid starts empty."
    state = GAME.new_state()
    assert state.grid == [EMPTY] * HOLES and len(state.legal_actions()) == 49


def test_rule_4_red_begins_unless_blue_was_chosen_then_turns_alternate():
    # "Red puts the first marble down, unless the players chose blue"
    assert GAME.new_state().current == 0
    assert GAME.new_state(Options(first_player=1)).current == 1
    assert play("d4").current == 1 and play("d4", "e4").current == 0
    with pytest.raises(ValueError, match="first_player"):
        Options(first_player=2)


def test_rule_5_a_marble_goes_into_any_empty_hole():
    # "a player puts one marble of their colour into any empty hole"
    state = play("d4")
    assert len(state.legal_actions()) == 48 and 24 not in state.legal_actions()
    with pytest.raises(RuleError, match="'d4' is not a legal move here: d4 is not empty"):
        GAME.parse_action(state, "d4")
    with pytest.raises(RuleError, match="not a hole of the grid"):
        GAME.parse_action(state, "h1")


def test_rule_6_marbles_stay_where_they_are_put():
    # "A marble once put down stays where it is until the game ends."
    state = GAME.new_state()
    rng = random.Random(5)
    placed = {}
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        placed[action] = state.current
        state.apply(action)
        assert {h: s for h, s in enumerate(state.grid) if s != EMPTY} == placed


@pytest.mark.parametrize("moves", [
    ("a1", "a7", "b1", "b7", "c1", "c7", "d1", "d7", "e1"),  # along a row
    ("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"),  # up a column
    ("a1", "g1", "b2", "g2", "c3", "g3", "d4", "g4", "e5"),  # a diagonal
    ("g1", "a1", "f2", "a2", "e3", "a3", "d4", "a4", "c5"),  # the other diagonal
])
def test_rule_7_five_in_a_straight_line_win_at_once(moves):
    # "five of their marbles in a straight line ... wins at once"
    state = play(*moves)
    assert state.winners == (0,) and state.current == OVER and state.legal_actions() == []
    assert len(state.line) == 5
    assert GAME.marbles.goal(state, 0) == tuple(f"grid.{m}" for m in sorted(
        moves[::2], key=lambda m: (int(m[1]), m[0])))


def test_rule_7_a_gap_breaks_the_line_and_more_than_five_win_too():
    # "with no hole between them"; "more than five in the line win too"
    state = play("a1", "a7", "b1", "b7", "d1", "d7", "e1", "e7")
    assert not state.winners  # a1 b1 . d1 e1: four, and a gap
    state = play("a1", "a7", "b1", "b7", "d1", "d7", "e1", "e7", "f1", "f7", "c1")
    assert state.winners == (0,) and len(state.line) == 6


def test_rule_8_four_in_a_row_win_with_the_shorter_game():
    # "With the option four_to_win, four in a line are enough"
    moves = ("a1", "a7", "b1", "b7", "c1", "c7", "d1")
    assert play(*moves, four_to_win=True).winners == (0,)
    assert not play(*moves).winners
    assert GAME.rule_choices() == {"four_to_win": False}


# A full grid with no line of four (let alone five) of one colour: 25 red, 24 blue.
DRAWN = "RBRRRBR/RBBBRRR/BBBRBBB/RRBRBBR/BBRBRRR/RRRBRBB/BBRBBRR"


def test_rule_9_a_full_grid_with_no_line_is_a_draw():
    # "When all 49 holes are full and nobody has a line, the game is a draw."
    assert (DRAWN.count("R"), DRAWN.count("B")) == (25, 24)
    state = parse_position(f"{DRAWN} over 49", Options(four_to_win=True))
    assert state.current == OVER and state.winners == () and result_of(state) == DRAW
    assert state.returns() == [0.0, 0.0]
    # Played out move by move, red and blue in turn, the last marble fills the
    # grid and the game ends drawn.
    rows = DRAWN.split("/")
    holes = {mark: [f"{'abcdefg'[c]}{7 - r}" for r, row in enumerate(rows)
                    for c, m in enumerate(row) if m == mark] for mark in "RB"}
    moves = [m for pair in zip(holes["R"], [*holes["B"], ""], strict=True) for m in pair if m]
    state = play(*moves, four_to_win=True)
    assert state.turns == 49 and state.is_over() and state.winners == ()


def test_a_game_record_of_a_draw_replays_and_verifies():
    game = GAME.new_state(Options())
    record = GameRecord(GAME, Options(), players={"player1": "bot:random", "player4": "bot:random"})
    rng = random.Random(1)
    while not game.is_over():
        record.add_move(game, rng.choice(game.legal_actions()))
    assert record.result in (WON, DRAW) and verify(record) == []
    again = GameRecord.loads(record.dumps())
    assert again.result == record.result and verify(again) == []


@pytest.mark.parametrize(("position", "count"), [
    ("......./......./......./......./......./......./....... 1 0", 49),
    ("......./......./......./...B.../..RR.../....B../....... 1 4", 45),
    (DRAWN[:-1] + ". 1 48", 1),
    ("......./......./...B.../...B.../RRRRR../...B.../...B... over 9", 0),
])
def test_fixed_positions_have_these_many_legal_moves(position, count):
    state = parse_position(position, Options(four_to_win=count == 1))
    assert len(state.legal_actions()) == count
    assert position_text(state) == position


@pytest.mark.parametrize("text", [
    "......./......./......./......./......./......./....... 2 0",  # red begins
    "R....../R....../......./......./......./......./....... 2 2",  # two reds, no blue
    "......./......./......./......./......./......./...... 1 0",  # a short row
    "......./......./......./......./......./......./....X.. 1 1",  # not a marble
])
def test_a_position_no_game_reaches_is_refused(text):
    with pytest.raises(RuleError):
        parse_position(text)


def test_the_package_examples_run():
    result = doctest.testmod(fiveinarow)
    assert result.attempted and not result.failed


def test_each_seat_sees_the_whole_position():
    state = play("d4", "e5")
    views = {GAME.view(state, seat).position for seat in (None, 0, 1)}
    assert views == {position_text(state)}
    assert GAME.sample(GAME.view(state, 1), random.Random(1)) == state


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), four=st.booleans(), first=st.sampled_from([0, 1]))
def test_random_games_keep_every_invariant_and_round_trip(seed, four, first):
    options = Options(four_to_win=four, first_player=first)
    state = GAME.new_state(options)
    rng = random.Random(seed)
    while not state.is_over():
        before = state.clone()
        action = rng.choice(state.legal_actions())
        state.apply(action)
        # One marble more, the mover's, in the hole chosen; nothing else changed.
        assert [h for h in range(HOLES) if before.grid[h] != state.grid[h]] == [action]
        assert state.grid[action] == before.current and state.turns == before.turns + 1
        assert state.grid.count(0) - state.grid.count(1) in ((0, 1) if first == 0 else (0, -1))
        if state.is_over():
            assert state.winners == (before.current,) or (state.turns == 49 and not state.line)
        else:
            assert state.current == 1 - before.current and not state.winners
        again = parse_position(position_text(state), options)
        assert position_text(again) == position_text(state) and again.winners == state.winners
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
        assert parse_position(position_text(before), options) == before
    assert state.turns <= 49


GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("name", "bots", "seed", "result"), [
    ("fiveinarow-1-0001.json", ["greedy", "random"], 1, WON),
    ("fiveinarow-draw-0001.json", ["random", "random"], 2, DRAW),
])
def test_golden_games_replay_verify_and_play_again_the_same(name, bots, seed, result):
    record = GameRecord.loads((GOLDEN / name).read_text())
    assert record.game is GAME and record.result == result and verify(record) == []
    assert (record.winners == []) == (result == DRAW)
    _state, again = play_game(GAME, bots, record.options, random.Random(seed))
    assert again.to_json() == record.to_json()
