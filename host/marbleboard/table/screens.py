"""A game played on the screens alone (the card games): the phones hold the hands
and choose the moves, the table screen shows what is public, and the board, any
board, lights whose turn it is and each seat's score.

Nothing is read from the sensors: a move is made the moment a phone chooses it,
and a bot's after a short pause, so the table can follow it. Everything else, the
chance drawn and committed, the record saved before anything is shown, the
takeback, the log, is the :class:`~.service.Table`'s own.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from typing import Any

from ..board import Board
from ..games.base import Game, GameState
from ..link import LinkError
from ..link.lights import Effect, LightState
from .lights import _rgb, turn_lamp
from .service import Table

SCORE_HOLES = 10  # holes lit for a seat's score, at most: the ones nearest its lamp


class ScoreLights:
    """The lights of a game with no marbles on a board made for another game: each
    seat of the game takes the board's seat of its number, its turn lamp and the
    holes nearest that lamp, where its score is lit one hole a point."""

    def __init__(self, game: Game, board: Board):
        self.game = game
        self.board = board
        lamps = {lamp.seat: lamp for lamp in board.lamps if lamp.role == "turn"}
        self.seats = [(s, lamps.get(s.name)) for s in board.seats]
        self.rows = self._score_rows()

    def _score_rows(self) -> list[list[int]]:
        """For each board seat, the LEDs of the holes nearer its lamp than any other
        seat's, nearest first."""
        placed = [(i, lamp) for i, (_s, lamp) in enumerate(self.seats) if lamp is not None]
        rows: list[list[tuple[float, int]]] = [[] for _ in self.seats]
        for h in self.board.holes:
            if not placed:
                break
            dist, i = min((math.dist((h.x, h.y), (lamp.x, lamp.y)), i) for i, lamp in placed)
            rows[i].append((dist, h.led))
        return [[led for _d, led in sorted(row)[:SCORE_HOLES]] for row in rows]

    def compose(self, state: GameState) -> LightState:
        lights = LightState(self.board.led_count)
        scores = self.game.score_lights(state)
        for seat in self.game.seats(state.opts):
            if seat >= len(self.seats):
                continue  # more players than the board has places: the screens show them
            place, lamp = self.seats[seat]
            colour = _rgb(place.colour)
            if lamp is not None:
                effect = turn_lamp(state, seat)
                if effect is not None:
                    lights.set(lamp.led, colour, effect)
            row = self.rows[seat]
            points = scores.get(seat, 0)
            for led in row[:points]:
                lights.set(led, colour, Effect.SOLID)
            if points > len(row) and row:
                lights.set(row[-1], colour, Effect.BLINK)  # more than the row can show
        return lights


class ScreenTable(Table):
    """The table for a game with no marbles."""

    PLAYED = "log.played_words"  # a card game's moves are in words: "Anna played: take ..."

    def _attach(self, options: Any) -> None:
        if self.game.marbles is not None:
            raise ValueError(f"{self.game.title} is played with marbles: use Table")
        self.score_lights = ScoreLights(self.game, self.board)
        self._coming: int | None = None  # a bot's move, shown before it is made
        self._seen = asyncio.Event()  # people at the table have seen it: made at once

    def _laid_out(self) -> Any:
        return None

    def _moves_pieces(self, action: int) -> bool:
        return False

    async def on_change(self, sensor: int, occupied: bool) -> None:
        """A marble moved on the board: nothing to read, only kept for the screens."""
        if occupied:
            self.occupied.add(sensor)
        else:
            self.occupied.discard(sensor)
        for watcher in self.watchers:
            watcher()

    async def settle(self) -> None:
        await self._show()

    async def play_on_screen(self, seat: int, action: int) -> None:
        """A phone chose a move: it is made at once."""
        if seat != self.state.current:
            raise ValueError("it is not that seat's turn")
        if action not in self.state.legal_actions():
            raise ValueError("that move is not legal here")
        await self.commit(action)

    @property
    def coming(self) -> int | None:
        return self._coming

    async def _bot_move(self, position: int) -> None:
        action = await self._choose(self.state.current)
        if self.position != position:
            return  # a takeback came while the bot thought
        self._coming = action
        self._seen.clear()
        for watcher in self.watchers:
            watcher()
        try:
            # Long enough for the screens to follow, and for people to see it coming,
            # unless they say they have.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(max(self.quiet_s, self.bot_pace_s)):
                    await self._seen.wait()
        finally:
            self._coming = None
        if self.position == position:  # not if a takeback came meanwhile
            await self.commit(action)

    def go_on(self) -> bool:
        """The bot's move shown is seen: it is made now, not at the end of its pace."""
        if self._coming is None:
            return False
        self._seen.set()
        return True

    async def takeback(self) -> bool:
        taken = await super().takeback()
        if taken:
            self.restoring = False  # nothing to put back on the board
            self.status.log.pop()  # "put the marbles back": there are none
            self._say(["log.taken_back", {"who": self.players.get(self.state.current, "")}])
            await self._advance()
        return taken

    def scene(self) -> Any:
        return None

    async def _show(self) -> None:
        self.lights = self.score_lights.compose(self.state)
        with contextlib.suppress(LinkError):  # a board away or busy: the screens go on
            await self.link.show(self.lights)
        for watcher in self.watchers:
            watcher()


def table_for(game: Game) -> type[Table]:
    """The table a game is played at: read from the marbles, or on the screens."""
    return Table if game.marbles is not None else ScreenTable
