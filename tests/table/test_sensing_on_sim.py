"""Whole games on the simulated board whose sensors read computed fields: a hole
that reads the marbles next to it does not stop the game, and once it has for a
few moves the table says which hole to check; sensors whose supply dips are set
up again by the firmware while the game goes on."""

import asyncio
import dataclasses

import pytest
from conftest import Rig, pure_game, recorded_moves

from marbleboard import words
from marbleboard.board import build_layout
from marbleboard.games.registry import get_game
from marbleboard.table.service import PHANTOM_TURNS

FIVE = get_game("fiveinarow")
STOMPLE = get_game("stomple")


@pytest.fixture(scope="module")
def grid_board():
    return build_layout("stomple")


async def test_a_hole_that_reads_its_neighbours_does_not_stop_the_game_and_is_named(
        grid_board, tmp_path):
    # Five in a Row only puts marbles down. Round d4 (the centre), its eight
    # neighbours turned the worst way by hand keep its sensor reading a marble
    # while the players put theirs down far from it.
    seats = {0: "human", 1: "human"}
    said = []
    async with Rig(grid_board, tmp_path, seats, players=2, game=FIVE) as rig:
        table, physical = rig.table, rig.sim.physical
        table.listeners.append(said.append)

        async def play(move):
            await rig.carry_out(FIVE.parse_action(table.state, move))

        round_centre = ("c3", "e3", "c5", "e5", "c4", "e4", "d3", "d5")
        for move in round_centre:
            await play(move)
        centre = grid_board.hole("grid.d4")
        assert await asyncio.to_thread(physical.align_round, centre.id), \
            "no way of turning the marbles round d4 makes its sensor read one"
        async with asyncio.timeout(5):  # the table sees a marble where the game has none
            while centre.sensor not in table.occupied:
                await asyncio.sleep(0.01)
        for n, move in enumerate(("a7", "g1", "a1", "g7"), start=1):
            await play(move)  # read past the centre's sensor, not stopped by it
            assert centre.sensor in physical.sensed(), f"d4 read empty again after {move}"
            assert table.status.mistakes == 0
            assert len([line for line in said if "feels a marble" in line]) == (
                n >= PHANTOM_TURNS)
        named = next(line for line in said if "feels a marble" in line)
        assert words.say(FIVE.hole_words(rig.options, centre.id)) in named
        # Someone turns the marbles round it at random: it reads empty, and the game
        # goes on as the engine plays it.
        for hole in round_centre:
            physical.turn(f"grid.{hole}")
        assert centre.sensor not in physical.sensed()
        await play("d4")
        assert table.phantoms == {}
        assert [m for m in table.record.moves if not m.startswith("shuffle")] == [
            *round_centre, "a7", "g1", "a1", "g7", "d4"]


async def six_stompers(board, tmp_path):
    """A six-player Stomple game read from the simulated board: how many of its moves
    were read past a sensor that read a piece where the game has none."""
    seats = {i: "bot:greedy" if i % 2 == 0 else "bot:random" for i in range(6)}
    async with Rig(board, tmp_path, seats, players=6, game=STOMPLE,
                   rules={"target": 12}) as rig:
        table = rig.table
        while not table.state.is_over():
            if table.setting_out:
                await asyncio.to_thread(rig.hand.set_out, table.map.setup(table.state))
                async with asyncio.timeout(10):
                    while table.setting_out:
                        await asyncio.sleep(0.02)
                continue
            await rig.carry_out(await rig.bot_move())
        assert recorded_moves(table.record) == pure_game(seats, rig.options, 2, 1, game=STOMPLE)
        return table.phantom_moves


async def test_six_stompers_are_read_past_and_their_second_magnet_spares_the_holes_beside(
        grid_board, tmp_path):
    # A Stomper stands upright, so two or three next to an empty hole add their
    # fields at its presence sensors. With the foot's magnet alone they made those
    # read a piece; the second magnet, turned against it, cancels most of that so
    # far off (hardware/sensing/stomple.md). The same game on both: every move is
    # read as played, and the pair leaves far fewer moves to read past a phantom.
    single = dataclasses.replace(grid_board, pieces=tuple(
        dataclasses.replace(p, magnet=dataclasses.replace(p.magnet, opposed=None))
        if p.magnet is not None else p for p in grid_board.pieces))
    alone = await six_stompers(single, tmp_path / "single")
    paired = await six_stompers(grid_board, tmp_path / "paired")
    assert alone >= 3, "the game never left a sensor reading the Stompers next to it"
    assert paired * 3 <= alone, (paired, alone)


async def test_a_whole_game_is_read_while_sensors_lose_their_setup_every_few_seconds(
        board, tmp_path):
    seats = {0: "bot:greedy", 2: "bot:random"}
    async with Rig(board, tmp_path, seats, players=2) as rig:
        rig.sim.physical.supply_dips(2.0)
        rig.hand.slides = 0.3
        rig.hand.bounce = 0.3
        while not rig.table.state.is_over():
            await rig.carry_out(await rig.bot_move())
        assert rig.sim.physical.dips >= 5
        assert recorded_moves(rig.table.record) == pure_game(seats, rig.options, 2, 1)
