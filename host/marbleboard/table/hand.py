"""A simulated person at a simulated board, carrying out moves with real timing:
lifting and placing in varying order, sometimes sliding, sometimes bouncing,
putting knocked-off marbles back before or after the move, and now and then
putting a marble in the wrong hole first and correcting it."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..games.wampoo import State
from ..games.wampoo.actions import OUT, SWAP
from ..sim.physical import PhysicalBoard
from .boardmap import WampooBoard
from .lights import path

if TYPE_CHECKING:
    from .service import Table


class SimulatedHand:
    def __init__(self, physical: PhysicalBoard, board: WampooBoard,
                 rng: random.Random | None = None, pace_s: float = 0.04,
                 mistakes: float = 0.0, slides: float = 0.2, bounce: float = 0.2):
        self.physical = physical
        self.map = board
        self.rng = rng or random.Random()
        self.pace_s = pace_s
        self.mistakes = mistakes
        self.slides = slides
        self.bounce = bounce

    def _pause(self) -> None:
        time.sleep(self.pace_s * self.rng.uniform(0.5, 1.5))

    def _place(self, sensor: int) -> None:
        if self.rng.random() < self.bounce:
            self.physical.bounce(sensor, True, self.rng.randint(1, 4), self.rng)
        else:
            self.physical.place(sensor)

    def perform(self, state: State, action: int) -> None:
        """Move the marbles for a legal action of ``state`` (blocking; run it in a thread)."""
        rng = self.rng
        occupied = self.physical.occupied()
        kind, m, target = action & 7, action >> 7 & 15, action >> 11
        seat = m >> 2
        victims = [(v >> 2, self.map.hole(state.pos[v]).sensor) for v in state.knocked_by(action)]

        def put_back(vseat: int) -> None:
            free = [s for s in self.map.start_sensors[vseat] if s not in self.physical.occupied()]
            self._place(rng.choice(free))
            self._pause()

        if kind == SWAP:
            a, b = self.map.hole(state.pos[m]).sensor, self.map.hole(state.pos[target]).sensor
            first, second = (a, b) if rng.random() < 0.5 else (b, a)
            for sensor in (first, second):
                self.physical.lift(sensor)
                self._pause()
            for sensor in (first, second):
                self._place(sensor)
                self._pause()
            return
        dest = self.map.hole(target).sensor
        if kind == OUT:
            source = rng.choice([s for s in self.map.start_sensors[seat] if s in occupied])
        else:
            source = self.map.hole(state.pos[m]).sensor
        early = rng.random() < 0.5  # knocked-off marbles go back before the move, or after
        held = []
        for vseat, sensor in victims:
            if early:
                self.physical.lift(sensor)
                self._pause()
                put_back(vseat)
            elif sensor == dest:
                held.append(vseat)  # lifted out of the way, put back later
                self.physical.lift(sensor)
                self._pause()
        if kind != OUT and rng.random() < self.slides:
            self.physical.slide(self._slide_path(state, action, dest), dwell_ms=12)
        else:
            self.physical.lift(source)
            self._pause()
            if rng.random() < self.mistakes:
                wrong = [h.sensor for h in self.map.track[:30]
                         if h.sensor not in self.physical.occupied() and h.sensor != dest]
                slip = rng.choice(wrong)
                self._place(slip)
                time.sleep(0.6)  # long enough for the table to see and light the mistake
                self.physical.lift(slip)
                self._pause()
            self._place(dest)
        self._pause()
        for vseat in held:
            put_back(vseat)
        if not early:
            for vseat, sensor in victims:
                if sensor != dest:
                    self.physical.lift(sensor)
                    self._pause()
                    put_back(vseat)

    def _slide_path(self, state: State, action: int, dest: int) -> list[int]:
        """The holes a sliding marble crosses: only the empty ones are covered."""
        sensors = [self.map.hole(p).sensor for p in path(state, action)]
        return [s for i, s in enumerate(sensors)
                if i == 0 or s == dest or s not in self.physical.occupied()]


async def carry_out_bot_moves(current: Callable[[], Table | None], hand: SimulatedHand) -> None:
    """On the simulated board, a person carries out each bot move as it is lit."""
    while True:
        await asyncio.sleep(0.05)
        table = current()
        if table is None or table.bot_action is None or table.state.is_over():
            continue
        action = table.bot_action
        event = table.committed
        await asyncio.sleep(0.3)  # a person sees the lights first
        if table.bot_action != action:
            continue
        await asyncio.to_thread(hand.perform, table.state, action)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5):
                await event.wait()
