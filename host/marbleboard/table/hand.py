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

from ..games.base import Game, GameState
from ..sim.physical import PhysicalBoard
from .boardmap import BoardMap

if TYPE_CHECKING:
    from .service import Table


class SimulatedHand:
    def __init__(self, physical: PhysicalBoard, game: Game, board: BoardMap,
                 rng: random.Random | None = None, pace_s: float = 0.04,
                 mistakes: float = 0.0, slides: float = 0.2, bounce: float = 0.2):
        assert game.marbles is not None
        self.physical = physical
        self.rules = game.marbles
        self.map = board
        self.rng = rng or random.Random()
        self.pace_s = pace_s
        self.mistakes = mistakes
        self.slides = slides
        self.bounce = bounce
        # How the hand waits between steps: on a board slower than real time (the
        # emulated Pico) it waits in the board's time, so its steps stay longer
        # than the firmware's debounce there too.
        self.sleep: Callable[[float], None] = time.sleep

    def _pause(self) -> None:
        self.sleep(self.pace_s * self.rng.uniform(0.5, 1.5))

    def _place(self, sensor: int) -> None:
        if self.rng.random() < self.bounce:
            self.physical.bounce(sensor, True, self.rng.randint(1, 4), self.rng)
        else:
            self.physical.place(sensor)

    def perform(self, state: GameState, action: int, after: GameState | None = None) -> None:
        """Move the marbles for a legal action of ``state`` (blocking; run it in a
        thread). ``after``: the position it leads to, when it is known rather than
        worked out (a move made in another home, whose hand this table only guesses)."""
        rng = self.rng
        rules, sensor = self.rules, self.map.sensor
        occupied = self.physical.occupied()
        path = [sensor(h) for h in rules.path(state, action)]
        if not path:
            return  # nothing to move
        if after is None:
            after = state.clone()
            after.apply(action)
        if rules.target(state).pieces or rules.target(after).pieces:
            self._stomp(state, action, after)
            return
        victims = [(seat, sensor(h)) for h, seat in rules.knocked(state, action)]

        def put_back(vseat: int) -> None:
            free = [s for s in self.map.sensors(list(rules.pool(state, vseat)))
                    if s not in self.physical.occupied()]
            self._place(rng.choice(free))
            self._pause()

        if self.map.target(after) == self.map.target(state):  # a swap
            a, b = path[0], path[-1]
            first, second = (a, b) if rng.random() < 0.5 else (b, a)
            for s in (first, second):
                self.physical.lift(s)
                self._pause()
            for s in (first, second):
                self._place(s)
                self._pause()
            return
        dest = path[-1]
        if len(path) == 1:
            # A placement: the marble comes from off the board (a player's bowl).
            if rng.random() < self.mistakes:
                self._slip(dest)
            self._place(dest)
            self._pause()
            return
        pool = self.map.sensors(list(rules.pool(state, rules.mover(state, action))))
        coming_out = path[0] in pool
        source = rng.choice([s for s in pool if s in occupied]) if coming_out else path[0]
        early = rng.random() < 0.5  # knocked-off marbles go back before the move, or after
        held = []
        for vseat, s in victims:
            if early:
                self.physical.lift(s)
                self._pause()
                put_back(vseat)
            elif s == dest:
                held.append(vseat)  # lifted out of the way, put back later
                self.physical.lift(s)
                self._pause()
        if not coming_out and rng.random() < self.slides:
            # A sliding marble covers only the empty holes on its way.
            covered = self.physical.occupied()
            self.physical.slide([s for i, s in enumerate(path)
                                 if i == 0 or s == dest or s not in covered], dwell_ms=12)
        else:
            self.physical.lift(source)
            self._pause()
            if rng.random() < self.mistakes:
                self._slip(dest)
            self._place(dest)
        self._pause()
        for vseat in held:
            put_back(vseat)
        if not early:
            for vseat, s in victims:
                if s != dest:
                    self.physical.lift(s)
                    self._pause()
                    put_back(vseat)


    def _slip(self, dest: int) -> None:
        """A marble put into a wrong hole first, and taken out again."""
        wrong = [s for s in sorted(self.map.exact)[:30]
                 if s not in self.physical.occupied() and s != dest]
        slip = self.rng.choice(wrong)
        self._place(slip)
        time.sleep(0.6)  # long enough for the table to see and light the mistake
        self.physical.lift(slip)
        self._pause()

    def _stomp(self, state: GameState, action: int, after: GameState) -> None:
        """A playing piece moves (a Stomper): lifted from its hole, if it stands in
        one, and pushed down on the marble of the last hole of its path, which falls
        through before the piece stands there."""
        path = self.rules.path(state, action)
        stands = self.rules.target(state).pieces
        if path and path[0] in stands:
            for s in self._sensors_of(path[0]):
                self.physical.lift(s)
            self._pause()
            path = path[1:]
        if not path:
            return  # lifted off the board
        dest = path[-1]
        self.physical.lift(self.map.sensor(dest))  # the marble drops into the tray
        self.sleep(self.pace_s / 2)
        for s in self._sensors_of(dest):
            self.physical.place(s)
        self._pause()

    def _sensors_of(self, hole_id: str) -> list[int]:
        piece = self.map.board.hole(hole_id).piece_sensor
        return [self.map.sensor(hole_id), *([] if piece is None else [piece])]

    def set_out(self, sensors: set[int]) -> None:
        """The players empty the board, then put the marbles in, row by row from the
        near edge, as the lights show a new layout."""
        if self.physical.occupied() == sensors:
            return
        for s in sorted(self.physical.occupied()):
            self.physical.lift(s)
            self.sleep(self.pace_s / 4)
        by_sensor = self.map.board.by_sensor
        for s in sorted(sensors, key=lambda s: (-by_sensor[s].y, by_sensor[s].x)):
            self.physical.place(s)
            self.sleep(self.pace_s / 4)


async def carry_out_bot_moves(current: Callable[[], Table | None], hand: SimulatedHand,
                              pace_s: float = 0.3) -> None:
    """On the simulated board, a person carries out each bot move as it is lit,
    ``pace_s`` after it was lit: long enough for the people at the table to see it."""
    while True:
        await asyncio.sleep(0.05)
        table = current()
        if table is not None and table.setting_out:
            await asyncio.to_thread(hand.set_out, table.map.setup(table.state))
            await asyncio.sleep(table.quiet_s * 2)
            continue
        if table is None or table.bot_action is None or table.state.is_over():
            continue
        action = table.bot_action
        event = table.committed
        await asyncio.sleep(pace_s)  # a person sees the lights first
        if table.bot_action != action:
            continue
        # A move made in another home comes with the position after it.
        await asyncio.to_thread(hand.perform, table.state, action, getattr(table, "after", None))
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5):
                await event.wait()
