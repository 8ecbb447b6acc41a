"""Stomple at the simulated board: the real firmware over a pty, a simulated hand
setting out each round's layout by the lights and pushing marbles through with
the Stompers, and the table reading every stomp from the holes' two sensors."""

import asyncio

import pytest
from conftest import Rig, pure_game, recorded_moves

from marbleboard.board import build_layout
from marbleboard.games.registry import get_game
from marbleboard.games.stomple.marbles import PALETTE, WORDS, hole_id
from marbleboard.games.stomple.state import OUT
from marbleboard.link.lights import Effect
from marbleboard.table.lights import _rgb

STOMPLE = get_game("stomple")


@pytest.fixture(scope="module")
def stomple_board():
    return build_layout("stomple")


@pytest.fixture(scope="module")
def presence_board():
    return build_layout("stomple", stomper_sensors=False)


def lit(table, hole):
    led = table.board.hole(hole).led
    value = table.lights.state[led]
    if not value:
        return None
    return table.lights.palette[(value & 15) - 1], Effect(value >> 4)


async def until(check, timeout=10.0):
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)


async def play_out(rig, limit):
    moves = 0
    while not rig.table.state.is_over() and moves < limit:
        if rig.table.setting_out:
            await asyncio.to_thread(rig.hand.set_out, rig.table.map.setup(rig.table.state))
            await until(lambda: not rig.table.setting_out)
            continue
        action = await rig.bot_move()
        await rig.carry_out(action)
        moves += 1
    return moves


async def test_the_layout_is_set_out_by_its_lights_row_by_row(stomple_board, tmp_path):
    # "Pour all of the marbles onto the game board and spread them out randomly, so
    # that one marble rests in each hole": the host deals the layout, and the
    # lights show each hole the colour of the marble to put there, row by row.
    seats = {0: "bot:greedy", 1: "bot:greedy"}
    async with Rig(stomple_board, tmp_path, seats, players=2, game=STOMPLE) as rig:
        table = rig.table
        assert table.setting_out and not table.clearing
        await table.settle()
        grid = table.state.grid
        for col in range(7):
            want = _rgb(PALETTE[WORDS[grid[col]]])
            assert lit(table, hole_id(col)) == (want, Effect.SOLID)
        assert all(lit(table, hole_id(h)) is None for h in range(7, 49))
        # Filling row 1 turns its holes off and lights row 2.
        for col in range(7):
            rig.sim.physical.place(table.map.sensor(hole_id(col)))
        await until(lambda: lit(table, hole_id(7)) is not None)
        assert all(lit(table, hole_id(h)) is None for h in range(7))
        assert lit(table, hole_id(8)) == (_rgb(PALETTE[WORDS[grid[8]]]), Effect.SOLID)
        assert table.bot_action is None  # nobody plays on a board half set out
        await asyncio.to_thread(rig.hand.set_out, table.map.setup(table.state))
        await until(lambda: not table.setting_out)
        action = await rig.bot_move()
        assert hole_id(action) in {hole_id(h) for h in range(49)
                                   if h // 7 in (0, 6) or h % 7 in (0, 6)}


async def test_whole_rounds_read_from_the_stompers_equal_the_engines_game(stomple_board,
                                                                         tmp_path):
    # Every stomp, string step, hop and Stomper lifted off is read from the two
    # sensors of each hole; between rounds the board is cleared and set out again.
    seats = {0: "bot:greedy", 1: "bot:random", 2: "bot:greedy"}
    async with Rig(stomple_board, tmp_path, seats, players=3, game=STOMPLE,
                   rules={"target": 30}) as rig:
        rig.hand.bounce = 0.3
        await play_out(rig, 1000)
        table = rig.table
        assert table.state.is_over()
        assert len(table.state.rounds) >= 2  # a second layout was set out
        moves = recorded_moves(table.record)
        assert moves == pure_game(seats, rig.options, 2, 1, game=STOMPLE)
        assert any(m.startswith(">") for m in moves)  # a hop
        assert "out" in moves
        assert rig.table.moves_read == sum(1 for m in moves if not m.startswith(
            ("layout", "stompers")))
        saved = rig.store.load(table.game_id)
        assert saved.moves == table.record.moves and saved.winners


async def test_a_stomper_that_cannot_stomp_blinks_until_lifted_off(stomple_board, tmp_path):
    # "If you can't stomp a marble, you must remove your Stomper from the board."
    seats = {0: "human", 1: "human"}
    async with Rig(stomple_board, tmp_path, seats, players=2, game=STOMPLE) as rig:
        table = rig.table
        await asyncio.to_thread(rig.hand.set_out, table.map.setup(table.state))
        await until(lambda: not table.setting_out)
        # Play the engine's moves on the marbles until a seat has no stomp left.
        while OUT not in table.state.legal_actions():
            state = table.state
            action = min(state.legal_actions(), key=lambda a: _free_neighbours(state, a))
            await rig.carry_out(action)
        state = table.state
        here = hole_id(state.at[state.current])
        colour = _rgb(PALETTE[WORDS[state.stompers[state.current]]])
        assert table.bot_action == OUT  # nothing to choose: shown, then read
        await until(lambda: lit(table, here) == (colour, Effect.BLINK))
        await rig.carry_out(OUT)
        assert table.state.at[state.current] < 0 or table.state.is_chance() or \
            table.state.round > state.round


def _free_neighbours(state, action):
    from marbleboard.games.stomple.grid import EMPTY, NEIGHBOURS
    return sum(1 for n in NEIGHBOURS[action] if state.grid[n] != EMPTY)


async def test_a_presence_only_board_asks_where_the_holes_cannot_tell(presence_board,
                                                                      tmp_path):
    # Without Stomper sensors a stomp shows only the hole the Stomper left: the
    # move chosen on a phone is taken, and one made without asks which it was.
    seats = {0: "human", 1: "human"}
    async with Rig(presence_board, tmp_path, seats, players=2, game=STOMPLE) as rig:
        table = rig.table
        await asyncio.to_thread(rig.hand.set_out, table.map.setup(table.state))
        await until(lambda: not table.setting_out)
        # A first stomp changes no presence at all: chosen on the phone, it is taken.
        first = table.state.legal_actions()[0]
        await table.announce(0, first)
        await rig.carry_out(first)
        assert table.state.at[0] == first
        # Moves chosen on the phone are read, until a seat with its Stomper on the
        # board may stomp several marbles.
        while True:
            state = table.state
            legal = state.legal_actions()
            if state.at[state.current] >= 0 and state.chain < 0 and len(legal) > 1:
                break
            await table.announce(state.current, legal[0])
            await rig.carry_out(legal[0])
            assert table.status.question is None
        # Made without a word on the phone, the stomp shows only the hole the
        # Stomper left: the player is asked which marble it stomped.
        seat = state.current
        await asyncio.to_thread(rig.hand.perform, table.state, legal[0])
        await until(lambda: table.status.question is not None)
        assert table.status.question.actions == legal
        event = table.committed
        await table.answer(seat, legal[0])
        await event.wait()
        assert table.state.at[seat] == legal[0]
