"""What the table's log says of a turn it plays by itself."""

import asyncio
import random

from conftest import WAMPOO, Rig

from marbleboard import words
from marbleboard.games.fairness import ChanceSource


def first_turn_thrown_away(players):
    """A shuffle seed whose first deal leaves the first player no card to play and
    the next one a card, and the first player's seat."""
    for seed in range(1, 200):
        source = ChanceSource(random.Random(seed))
        state = WAMPOO.new_state(WAMPOO.options({"players": players}))
        while state.is_chance():
            state.apply_chance(source.draw(state.chance_due(), WAMPOO.outcome_text).values)
        forced = WAMPOO.forced(state)
        if forced is not None:
            seat = state.current
            state.apply(forced)
            if state.current >= 0 and WAMPOO.forced(state) is None:
                return seed, seat
    raise AssertionError("no seed found")


async def test_a_hand_thrown_away_is_logged_under_the_seat_that_threw_it(board, tmp_path):
    seed, seat = first_turn_thrown_away(2)
    seats = {0: "human", 2: "human"}
    async with Rig(board, tmp_path, seats, players=2, shuffle_seed=seed) as rig:
        table = rig.table
        name = table.names[seat]
        assert seat in table.game.sitting_out(table.state)  # thrown away by the table
        thrown = [line for line in table.status.log if line[0] == "log.no_choice"]
        assert thrown[0][1]["who"] == name
        assert words.say(thrown[0], "en").startswith(f"{name} has no choice: ")
        assert table.names[table.state.current] != name  # not the seat now to play
        assert table.record.moves[-1] == "fold"


async def test_a_bots_move_is_said_once_to_whoever_moves_its_marbles(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        table = rig.table
        for said in range(1, 11):
            action = await rig.bot_move()
            lines = [line for line in table.status.log
                     if line[0] in ("log.act_for", "log.bot_plays")]
            assert len(lines) == said  # said when chosen, before the marbles move
            assert lines[-1][1]["who"] == table.players[table.state.current]
            assert words.say(lines[-1], "en").startswith(
                (f"For {table.players[table.state.current]}: ",
                 f"{table.players[table.state.current]} plays "))
            await rig.carry_out(action)
        # Read from the marbles, a bot's move is not said again.
        assert not [line for line in table.status.log if line[0] == "log.played"]


async def test_a_dead_or_stuck_sensor_is_named_by_its_hole_and_its_mending_too(board, tmp_path):
    from marbleboard.board.tmag5170 import CS_CUT, STUCK
    from marbleboard.sim.hardware import sensor_chips

    seats = {0: "human", 2: "human"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        table, physical = rig.table, rig.sim.physical
        # Two empty holes: one sensor's output stuck low, one's chip select cut (under
        # a marble it would keep its last setup, and read as stuck on).
        empty, cut = [h for h in board.holes if h.sensor not in physical.occupied()][:2]
        for chip in sensor_chips(physical, empty.sensor):
            chip.fault = STUCK
        for chip in sensor_chips(physical, cut.sensor):
            chip.fault = CS_CUT
        check = await rig.link.check_sensors()
        assert check.stuck == {empty.sensor} and check.dead == {cut.sensor}, check
        full = cut

        def said(key):
            return [line for line in table.status.log if line[0] == key]

        async def told(key):
            async with asyncio.timeout(5):
                while not said(key):
                    await asyncio.sleep(0.01)
            return said(key)

        (dead,) = await told("log.sensor_dead")
        (stuck,) = await told("log.sensor_stuck")
        assert dead[1]["hole"] == table.game.hole_words(table.options, full.id)
        assert stuck[1]["hole"] == table.game.hole_words(table.options, empty.id)
        assert "does not answer" in words.say(dead, "en")
        # Mended, and checked again: said once, and the other not said twice.
        for chip in sensor_chips(physical, full.sensor):
            chip.fault = None
        await rig.link.check_sensors()
        (mended,) = await told("log.sensor_mended")
        assert mended[1]["hole"] == dead[1]["hole"]
        assert len(said("log.sensor_stuck")) == 1
