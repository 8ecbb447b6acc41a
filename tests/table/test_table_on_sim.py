"""Whole games at the simulated board: the real firmware over a pty, a simulated
hand moving the marbles, and the table reading every move."""

import asyncio

from conftest import Rig, pure_game, recorded_moves

from marbleboard.games.record import chance_index
from marbleboard.link.lights import Effect


async def play_out(rig, limit=10000):
    moves = 0
    while not rig.table.state.is_over() and moves < limit:
        action = await rig.bot_move()
        await rig.carry_out(action)
        moves += 1
    return moves


async def test_a_whole_game_read_from_the_marbles_equals_the_engines_game(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        rig.hand.mistakes = 0.03  # now and then a marble goes into a wrong hole first
        rig.hand.slides = 0.3
        rig.hand.bounce = 0.3
        await play_out(rig)
        assert rig.table.state.is_over()
        assert recorded_moves(rig.table.record) == pure_game(seats, rig.options, 2, 1)
        saved = rig.store.load(rig.table.game_id)
        assert saved.moves == rig.table.record.moves and saved.winners


async def test_a_swap_is_read_from_the_marbles(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:greedy"}
    async with Rig(board, tmp_path, seats, players=2, bot_seed=11) as rig:
        swaps = 0
        for _ in range(400):
            if rig.table.state.is_over():
                break
            action = await rig.bot_move()
            swaps += action & 7 == 2
            await rig.carry_out(action)
            if swaps:
                break
        assert swaps == 1 and "<>" in rig.table.record.moves[-1]


async def test_the_board_is_checked_at_the_start_and_guided_into_place(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:greedy"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        rig.sim.physical.lift("start.yellow.3")  # a marble is missing
        rig.sim.physical.place("track.40")  # and one is where none should be
        await asyncio.sleep(0.4)
        led = board.hole("track.40").led
        assert await asyncio.to_thread(rig.sim.physical.wait_frame,
                                       lambda leds: leds[led][0] > 200, 1.0)  # blinking red
        assert rig.table.status.mistakes == 2
        rig.sim.physical.lift("track.40")
        rig.sim.physical.place("start.yellow.3")
        await asyncio.sleep(0.4)
        assert rig.table.status.mistakes == 0


async def test_unplugged_and_reset_mid_turn_the_move_is_still_read(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        for fault in ("unplug", "reset", "unplug", "reset"):
            action = await rig.bot_move()
            event = rig.table.committed
            work = asyncio.create_task(asyncio.to_thread(rig.hand.perform, rig.table.state,
                                                         action))
            await asyncio.sleep(0.03)
            if fault == "unplug":
                rig.sim.unplug()
                await work  # the person goes on moving marbles meanwhile
                await asyncio.sleep(0.2)
                rig.sim.replug()
            else:
                rig.sim.reset()
                await work
            async with asyncio.timeout(10):
                await event.wait()
        assert rig.link.connects >= 5
        assert rig.store.load(rig.table.game_id).moves == rig.table.record.moves


async def test_a_restarted_service_resumes_the_saved_game(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        for _ in range(6):
            await rig.carry_out(await rig.bot_move())
        saved = list(rig.table.record.moves)
        rig.runner.cancel()  # the service dies; the board and the store remain
        rig.table.close()
        rig.table = await rig.new_table()
        assert rig.table.record.moves == saved
        assert rig.table.state == rig.table.record.replay()
        await rig.carry_out(await rig.bot_move())
        assert rig.table.record.moves[: len(saved)] == saved
        assert len(rig.table.record.moves) > len(saved)


async def test_a_takeback_puts_the_marbles_back_before_play_goes_on(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2, takeback=True) as rig:
        await rig.carry_out(await rig.bot_move())
        await rig.carry_out(await rig.bot_move())
        before = list(rig.table.record.moves)
        assert await rig.table.takeback()
        assert rig.table.record.moves == before[:-1]
        await asyncio.sleep(0.3)
        assert rig.table.restoring and rig.table.status.mistakes >= 1
        # The players put the marbles back as they were.
        rig.sim.physical.setup(rig.table.map.setup(rig.table.state))
        await asyncio.sleep(0.4)
        assert not rig.table.restoring and rig.table.status.mistakes == 0
        assert rig.store.load(rig.table.game_id).moves == before[:-1]


async def test_a_person_takes_back_their_own_move_after_a_bot_has_answered(board, tmp_path):
    """A takeback undoes the last move a person chose, and the bots' moves since:
    taking back only the bot's answer would let the bot play it again at once."""
    seats = {0: "human", 2: "bot:greedy"}
    async with Rig(board, tmp_path, seats, players=2, takeback=True) as rig:
        table = rig.table
        mine = None  # where the record stood before the person's last chosen move
        for _ in range(300):  # until a person's choice is answered by the bot, no deal between
            if table.state.current == 0:
                legal = table.state.legal_actions()
                start = len(table.record.moves)
                await rig.carry_out(legal[0])
                mine = start if len(legal) > 1 else None
                continue
            await rig.carry_out(await rig.bot_move())
            since = table.record.moves[mine:] if mine is not None else []
            if table.state.current == 0 and len(since) >= 2 and not any(
                    chance_index(m) is not None for m in since):
                break
        before = list(table.record.moves)
        assert table.record.moves[mine:] and table.state.current == 0
        assert await table.takeback()
        assert table.record.moves == before[:mine]  # the person's move and the bot's
        assert table.state.current == 0  # the person chooses again


async def test_whose_turn_is_lit(board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        await rig.bot_move()
        await asyncio.sleep(0.2)
        seat = rig.table.state.current
        name = ["red", "blue", "yellow", "green"][seat]
        lamp = next(lamp.led for lamp in board.lamps if lamp.id == f"turn.{name}")
        assert rig.link._lights.state[lamp] >> 4 == Effect.PULSE
