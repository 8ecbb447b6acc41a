"""Wa-Hoo at the simulated board: the real firmware over a pty, a simulated hand
moving the marbles, the host rolling the die, and the table reading every move
through the same code that reads Wampoo's."""

import asyncio

import pytest
from conftest import Rig, pure_game, recorded_moves

from marbleboard.board import build_layout
from marbleboard.games.registry import get_game
from marbleboard.games.wahoo.marbles import PIPS
from marbleboard.link.lights import Effect

WAHOO = get_game("wahoo")


@pytest.fixture(scope="module")
def wahoo_board():
    return build_layout("wahoo")


@pytest.fixture(scope="module")
def wahoo6_board():
    return build_layout("wahoo6")


async def play_out(rig, limit):
    moves = 0
    while not rig.table.state.is_over() and moves < limit:
        action = await rig.bot_move()
        await rig.carry_out(action)
        moves += 1
    return moves


async def test_a_whole_game_read_from_the_marbles_equals_the_engines_game(wahoo_board,
                                                                         tmp_path):
    # Greedy against random: two greedy players keep out of each other's reach,
    # and this game is to have marbles knocked back.
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(wahoo_board, tmp_path, seats, players=2, game=WAHOO) as rig:
        rig.hand.mistakes = 0.03  # now and then a marble goes into a wrong hole first
        rig.hand.slides = 0.3
        rig.hand.bounce = 0.3
        await play_out(rig, 2000)
        assert rig.table.state.is_over()
        moves = recorded_moves(rig.table.record)
        assert moves == pure_game(seats, rig.options, 2, 1, game=WAHOO)
        # Rolled by the host, every roll is in the record, with what it moved.
        assert sum(m.startswith("roll ") for m in moves) > 20
        assert any(" x" in m for m in moves)  # someone was knocked back
        saved = rig.store.load(rig.table.game_id)
        assert saved.moves == rig.table.record.moves and saved.winners


async def test_four_players_on_the_six_colour_board_partners(wahoo6_board, tmp_path):
    seats = {0: "bot:greedy", 1: "bot:random", 3: "bot:random", 4: "bot:greedy"}
    async with Rig(wahoo6_board, tmp_path, seats, players=4, game=WAHOO,
                   rules={"partners": True}) as rig:
        assert rig.options.board == "wahoo6" and rig.options.seats == (0, 1, 3, 4)
        await play_out(rig, 40)
        moves = recorded_moves(rig.table.record)
        assert moves == pure_game(seats, rig.options, 2, 1, game=WAHOO)[: len(moves)]
        assert len(moves) >= 40


async def test_the_die_and_whose_turn_are_lit(wahoo_board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:greedy"}
    async with Rig(wahoo_board, tmp_path, seats, players=2, game=WAHOO) as rig:
        await rig.bot_move()
        await asyncio.sleep(0.2)
        state = rig.table.state
        seat, roll = state.current, state.roll
        lamps = {lamp.id: lamp.led for lamp in wahoo_board.lamps}
        shown = rig.link._lights.state
        colour = rig.table.painter.colours[seat]
        assert shown[lamps[f"turn.{WAHOO.seat_names[seat]}"]] >> 4 == Effect.PULSE
        lit_pips = {pip for pip in range(1, 8) if shown[lamps[f"die.{pip}"]]}
        assert lit_pips == set(PIPS[roll])
        for pip in lit_pips:
            value = shown[lamps[f"die.{pip}"]]
            assert rig.link._lights.palette[(value & 15) - 1] == colour
