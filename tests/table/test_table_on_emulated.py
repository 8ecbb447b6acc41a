"""A whole scripted game at the emulated Pico: stock MicroPython running the
firmware on an emulated RP2040, a simulated hand moving the marbles, the table
reading every move. The emulator runs at about a third of real time, so the hand is
slower and the quiet period longer than on the CPython simulator."""

import pytest
from conftest import Rig, pure_game, recorded_moves

pytestmark = pytest.mark.emulated

# Two greedy players with these seeds finish a two-player Wampoo game in 64 entries
# of its record (shuffles included): the shortest of the 25 seeds tried, about a
# minute and a half of wall time here. The CPython simulator plays longer games.
SEATS = {0: "bot:greedy", 2: "bot:greedy"}
BOT_SEED, SHUFFLE_SEED = 4, 3


@pytest.mark.timeout(600)
async def test_a_whole_game_read_from_the_emulated_pico_equals_the_engines(
        board, tmp_path):
    # The hand is paced in the chip's time, each step longer than the 50 ms debounce.
    async with Rig(board, tmp_path, SEATS, players=2, emulated=True, quiet_s=0.4,
                   bot_seed=BOT_SEED, shuffle_seed=SHUFFLE_SEED) as rig:
        rig.hand.mistakes = 0.03  # now and then a marble goes into a wrong hole first
        rig.hand.slides = 0.3
        rig.hand.bounce = 0.3
        while not rig.table.state.is_over():
            action = await rig.bot_move(timeout=20.0)
            await rig.carry_out(action, timeout=30.0)
        moves = recorded_moves(rig.table.record)
        assert moves == pure_game(SEATS, rig.options, BOT_SEED, SHUFFLE_SEED)
        assert rig.table.record.winners
        assert rig.sim.watchdog_resets == 0
