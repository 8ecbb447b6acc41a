"""Five in a Row at the simulated board: the real firmware over a pty, a simulated
hand putting marbles down from off the board, and the table reading each one,
however fast the next follows; a whole game, a draw, and what the lights and the
terminal show at the end."""

import asyncio
import io
import random

import pytest
from conftest import Rig, pure_game, recorded_moves
from rich.console import Console

from marbleboard import words
from marbleboard.board import build_layout
from marbleboard.games.record import DRAW, GameRecord, verify
from marbleboard.games.registry import get_game
from marbleboard.link.lights import Effect
from marbleboard.table.service import QUIET_S
from marbleboard.table.terminal import render

FIVE = get_game("fiveinarow")
# A full grid with no line of four of one colour (tests/games/test_fiveinarow_rules.py).
DRAWN = "RBRRRBR/RBBBRRR/BBBRBBB/RRBRBBR/BBRBRRR/RRRBRBB/BBRBBRR"


@pytest.fixture(scope="module")
def grid_board():
    return build_layout("stomple")


def lamp(table, seat):
    lamp = next(lp for lp in table.board.lamps if lp.id == f"turn.{FIVE.seat_names[seat]}")
    value = table.lights.state[lamp.led]
    return Effect(value >> 4) if value else None


def lit(table, hole_id):
    value = table.lights.state[table.board.hole(hole_id).led]
    return Effect(value >> 4) if value else None


async def test_a_whole_game_of_bots_is_read_from_the_board_as_the_engine_plays_it(
        grid_board, tmp_path):
    seats = {0: "bot:greedy", 1: "bot:greedy"}
    async with Rig(grid_board, tmp_path, seats, players=2, game=FIVE) as rig:
        rig.hand.mistakes = 0.05  # now and then a marble goes into a wrong hole first
        while not rig.table.state.is_over():
            await rig.carry_out(await rig.bot_move())
        table = rig.table
        assert recorded_moves(table.record) == pure_game(seats, rig.options, 2, 1, game=FIVE)
        assert verify(GameRecord.loads(table.record.dumps())) == []
        assert rig.store.result(table.game_id) == table.record.result
        if table.state.winners:  # the winning row pulses; the winner's lamp blinks
            (winner,) = table.state.winners
            for hole in FIVE.marbles.goal(table.state, winner):
                assert lit(table, hole) == Effect.PULSE
            assert lamp(table, winner) == Effect.BLINK and lamp(table, 1 - winner) is None


async def test_the_next_players_marble_put_down_at_once_is_read_apart(grid_board, tmp_path):
    # A person answers a bot's move 50 ms after carrying it out, well inside the
    # quiet period: both moves are read, in order, and neither is a mistake.
    seats = {0: "bot:greedy", 1: "human"}
    rng = random.Random(4)
    async with Rig(grid_board, tmp_path, seats, players=2, game=FIVE, quiet_s=QUIET_S) as rig:
        for _ in range(4):
            state = rig.table.state.clone()
            action = await rig.bot_move()
            after = state.clone()
            after.apply(action)
            reply = rng.choice(after.legal_actions())
            start = len(rig.table.record.moves)
            await asyncio.to_thread(rig.hand.perform, state, action)
            await asyncio.sleep(0.05)
            await asyncio.to_thread(rig.hand.perform, after, reply)
            async with asyncio.timeout(8):
                while len(rig.table.record.moves) < start + 2:
                    await asyncio.sleep(0.01)
            assert rig.table.record.moves[start:] == [FIVE.action_text(state, action),
                                                      FIVE.action_text(after, reply)]
            assert rig.table.status.mistakes == 0


async def test_a_full_grid_with_no_row_ends_drawn_on_the_board_the_log_and_the_terminal(
        grid_board, tmp_path):
    rows = DRAWN.split("/")
    holes = {mark: [f"{'abcdefg'[c]}{7 - r}" for r, row in enumerate(rows)
                    for c, m in enumerate(row) if m == mark] for mark in "RB"}
    moves = [m for pair in zip(holes["R"], [*holes["B"], ""], strict=True) for m in pair if m]
    seats = {0: "human", 1: "human"}
    async with Rig(grid_board, tmp_path, seats, players=2, game=FIVE,
                   rules={"four_to_win": True}) as rig:
        table = rig.table
        for move in moves:
            await rig.carry_out(FIVE.parse_action(table.state, move))
        assert table.state.is_over() and table.record.result == DRAW
        assert rig.store.result(table.game_id) == DRAW
        # Every lamp steady; no hole pulses and none is lit as a mistake.
        assert lamp(table, 0) == lamp(table, 1) == Effect.SOLID
        assert table.status.mistakes == 0
        assert words.say(table.status.log[-1], "en") == "Game over: a draw, nobody won"
        out = io.StringIO()
        Console(file=out, width=120, color_system=None).print(
            render(table, [], table.occupied, set()))
        text = out.getvalue()
        assert "Game over: a draw, nobody won" in text
        # Each seat's marbles by its number, the two seats sharing an initial.
        assert text.count("1 ") >= 25 and text.count("2 ") >= 24
