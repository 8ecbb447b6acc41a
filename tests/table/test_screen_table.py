"""A card game at the table: nothing read from the marbles, moves from the phones
(and the bots), the turn and each seat's score lit on whatever board is there."""

import asyncio
import random

import pytest
from conftest import pure_game, recorded_moves

from marbleboard.board import build_layout
from marbleboard.games.fairness import ChanceSource
from marbleboard.games.registry import get_game
from marbleboard.link import BoardLink
from marbleboard.link.lights import Effect
from marbleboard.sim import SimulatedPico
from marbleboard.table.lights import _rgb
from marbleboard.table.screens import SCORE_HOLES, ScoreLights, ScreenTable, table_for
from marbleboard.table.service import Table
from marbleboard.table.store import GameStore

WUMP = get_game("wumprummy")


class ScreenRig:
    def __init__(self, tmp_path, seats, layout="wampoo", bot_pace_s=0.0, **options):
        self.board = build_layout(layout)
        self.bot_pace_s = bot_pace_s
        self.tmp_path = tmp_path
        self.seats = seats
        self.options = WUMP.options({"players": len(seats), **options})

    async def __aenter__(self):
        self.sim = SimulatedPico(self.board, debounce_ms=15).start()
        self.link = BoardLink(self.sim.port, board_id=self.board.id, backoff=(0.05, 0.3))
        await self.link.connect()
        self.store = GameStore(self.tmp_path / "games.db")
        self.table = ScreenTable(WUMP, self.board, self.link, self.store, self.seats,
                                 self.options, quiet_s=0.01,
                                 chance=ChanceSource(random.Random(1)),
                                 bot_rng=random.Random(2), takeback=True)
        self.table.bot_pace_s = self.bot_pace_s
        await self.table.start()
        self.runner = asyncio.create_task(self.table.run())
        return self

    async def __aexit__(self, *exc):
        self.runner.cancel()
        self.table.close()
        await self.link.close()
        self.store.close()
        self.sim.close()


def lit(lights, led):
    v = lights.state[led]
    return None if not v else (lights.palette[(v & 15) - 1], Effect(v >> 4))


def test_a_card_game_is_played_on_the_screens_and_a_marble_game_on_the_board():
    assert table_for(WUMP) is ScreenTable and table_for(get_game("stomple")) is Table
    with pytest.raises(ValueError, match="no marbles"):
        Table(WUMP, build_layout("wampoo"), link=None, store=None, seats={},
              options=WUMP.options({"players": 2}))


async def test_bots_play_a_whole_match_as_the_engine_does(tmp_path):
    seats = {0: "bot:greedy", 1: "bot:random", 2: "bot:greedy"}
    async with ScreenRig(tmp_path, seats, games_to_win=2) as rig:
        table = rig.table
        async with asyncio.timeout(60):
            while not table.state.is_over():
                await asyncio.sleep(0.02)
        assert recorded_moves(table.record) == pure_game(seats, rig.options, 2, 1, game=WUMP)
        assert rig.store.load(table.game_id).winners == table.record.winners
        # The winner's lamp blinks; each seat's games won are lit by its place.
        lights, board = table.lights, rig.board
        winner = table.state.winners[0]
        lamp = next(lp for lp in board.lamps if lp.id == f"turn.{board.seats[winner].name}")
        assert lit(lights, lamp.led) == (_rgb(board.seats[winner].colour), Effect.BLINK)
        rows = ScoreLights(WUMP, board).rows
        for seat in range(3):
            shown = [led for led in rows[seat] if lights.state[led]]
            assert len(shown) == table.state.wins[seat]


async def test_a_bots_move_is_shown_for_its_pace_or_until_it_is_seen(tmp_path):
    # A paced bot waits the whole pace (here far longer than the test) unless the
    # table says it has seen the move: then that move is made at once.
    async with ScreenRig(tmp_path, {0: "bot:greedy", 1: "bot:greedy"}, bot_pace_s=600.0) as rig:
        table = rig.table
        for _ in range(3):
            async with asyncio.timeout(10):
                while table.coming is None:
                    await asyncio.sleep(0.01)
            coming, before, made = table.coming, table.state.clone(), len(table.record.moves)
            await asyncio.sleep(0.1)  # (a pace of 0.1 s would have made it by now)
            assert table.state.turns == before.turns, "made before its pace or being seen"
            assert table.go_on()
            try:
                async with asyncio.timeout(5):
                    while len(table.record.moves) == made:
                        await asyncio.sleep(0.01)
            except TimeoutError:
                raise AssertionError(f"seen, the move {coming} was still not made") from None
            assert table.record.moves[made] == WUMP.action_text(before, coming)


async def test_a_person_plays_from_the_phone_and_wrong_moves_change_nothing(tmp_path):
    seats = {0: "human", 1: "human"}
    async with ScreenRig(tmp_path, seats) as rig:
        table = rig.table
        state = table.state
        while state.current >= 0 and state.current not in seats:
            await asyncio.sleep(0.01)
        seat = state.current
        other = 1 - seat
        legal = state.legal_actions()
        with pytest.raises(ValueError, match="turn"):
            await table.play_on_screen(other, legal[0])
        with pytest.raises(ValueError, match="not legal"):
            await table.play_on_screen(seat, max(legal) + 1)
        assert table.record.moves.count(WUMP.action_text(state, legal[0])) == 0
        turns = state.turns
        # The lamp of the seat to play breathes in its place's colour.
        lamp = next(lp for lp in rig.board.lamps if lp.id == f"turn.{rig.board.seats[seat].name}")
        assert lit(table.lights, lamp.led)[1] == Effect.PULSE
        text = WUMP.action_text(state, legal[0])
        await table.play_on_screen(seat, legal[0])
        assert table.state.turns > turns and text in table.record.moves
        # Taken back: the move is undone, and nothing is to be put back on the board.
        assert table.can_take_back()
        assert await table.takeback()
        assert not table.restoring and text not in table.record.moves[-1:]
        assert table.status.log[-1][0] == "log.taken_back" or any(
            p[0] == "log.taken_back" for p in table.status.log[-3:])


def test_the_score_rows_are_each_places_nearest_holes():
    for layout in ("wampoo", "wahoo6", "stomple"):
        board = build_layout(layout)
        rows = ScoreLights(WUMP, board).rows
        assert len(rows) == len(board.seats)
        flat = [led for row in rows for led in row]
        assert len(flat) == len(set(flat))  # no hole shows two seats' scores
        # Room for a match of five games at least, at most SCORE_HOLES a place.
        assert all(5 <= len(row) <= SCORE_HOLES for row in rows)
