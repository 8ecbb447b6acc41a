"""A scripted game at the emulated Pico: stock MicroPython running the firmware on
an emulated RP2040, a simulated hand moving the marbles, the table reading every
move. The emulator runs at about a third of real time, so the hand is slower, the
quiet period longer, and the game is cut short (see MOVES)."""

import os

import pytest
from conftest import Rig, pure_game, recorded_moves

pytestmark = pytest.mark.emulated

# The opening of the game: a whole one takes minutes of wall time. Set
# MARBLEBOARD_EMU_MOVES=0 to play the whole game.
MOVES = int(os.environ.get("MARBLEBOARD_EMU_MOVES", "30")) or 100_000


async def test_a_game_read_from_the_emulated_pico_equals_the_engines(
        board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    # The hand is paced in the chip's time, each step longer than the 50 ms debounce.
    async with Rig(board, tmp_path, seats, players=2, emulated=True, quiet_s=0.4) as rig:
        rig.hand.mistakes = 0.03  # now and then a marble goes into a wrong hole first
        rig.hand.slides = 0.3
        rig.hand.bounce = 0.3
        played = 0
        while played < MOVES and not rig.table.state.is_over():
            action = await rig.bot_move(timeout=20.0)
            await rig.carry_out(action, timeout=30.0)
            played += 1
        moves = recorded_moves(rig.table.record)
        assert len(moves) >= MOVES or rig.table.state.is_over()
        assert moves == pure_game(seats, rig.options, 2, 1)[: len(moves)]
        assert rig.sim.watchdog_resets == 0
