"""How soon the link repairs what the line loses: the last change of a turn, and a
light state, each lost on purpose over many trials on the simulated board.

Each trial starts at a random moment of the heartbeat, as a marble or a new
light state would, rather than in step with the repair of the trial before."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable

from ..board import Board
from ..link import BoardLink, LightState
from ..sim import SimulatedPico
from ..sim.usb import TO_HOST, TO_PICO
from .report import Row, pct


async def _until(predicate: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.001)
    return True


async def lost_change_repair(sim: SimulatedPico, link: BoardLink, board: Board,
                             trials: int) -> tuple[list[float], int]:
    """Milliseconds from the firmware writing a change that is then lost, with nothing
    after it, to the host's view equal to the board's; and the trials never repaired."""
    hw = sim.hardware
    assert hw is not None
    written: list[float] = []
    write = hw.write_serial

    def stamped(data: bytes) -> int:
        if data.startswith(b"CHG "):
            written.append(time.monotonic())
        return write(data)

    hw.write_serial = stamped  # type: ignore[method-assign]
    sensor = board.hole("track.44").sensor
    rng = random.Random(5)
    times, missed = [], 0
    try:
        for i in range(trials):
            await asyncio.sleep(rng.uniform(0, link.ping_interval))
            sim.usb.drop(TO_HOST, "CHG")
            n = len(written)
            sim.physical.set(sensor, i % 2 == 0)
            # awaited here, before n changes
            if not await _until(lambda: len(written) > n, 2.0):  # noqa: B023
                missed += 1
                continue
            if await _until(lambda: link.occupied == sim.physical.occupied(), 5.0):
                times.append((time.monotonic() - written[n]) * 1000)
            else:
                missed += 1
    finally:
        hw.write_serial = write  # type: ignore[method-assign]
    return times, missed


async def lost_lights_repair(sim: SimulatedPico, link: BoardLink, board: Board,
                             trials: int) -> tuple[list[float], int]:
    """Milliseconds from show() of a light state whose frame the line spoils to the
    LED showing it; and the trials never repaired."""
    led = board.hole("track.50").led
    rng = random.Random(6)
    times, missed = [], 0
    for i in range(trials):
        await asyncio.sleep(rng.uniform(0, link.ping_interval))
        sim.usb.corrupt_frame(TO_PICO, "LIGHTS")
        lights = LightState(board.led_count)
        channel = i % 3
        colour = tuple(255 if c == channel else 0 for c in range(3))
        lights.set(led, colour)  # type: ignore[arg-type]
        t0 = time.monotonic()
        await link.show(lights)

        def shown(leds: list[tuple[int, int, int]], c: int = channel) -> bool:
            return leds[led][c] > 200 and sum(leds[led]) < 400

        if await asyncio.to_thread(sim.physical.wait_frame, shown, 5.0):
            times.append((time.monotonic() - t0) * 1000)
        else:
            missed += 1
    return times, missed


async def repair_figures(board: Board, trials: int) -> list[Row]:
    with SimulatedPico(board) as sim:
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        beat_ms = link.ping_interval * 1000
        try:
            changes, lost_changes = await lost_change_repair(sim, link, board, trials)
            lights, lost_lights = await lost_lights_repair(sim, link, board, trials)
        finally:
            await link.close()
    return [
        Row("lost last change -> host's view repaired, p50 / p99",
            f"{pct(changes, 50):.0f} / {pct(changes, 99):.0f} ms",
            f"target p99 <= one heartbeat ({beat_ms:.0f} ms) and a round trip; "
            f"{len(changes)} trials, {lost_changes} unrepaired"),
        Row("lost light state -> LEDs show it, p50 / p99",
            f"{pct(lights, 50):.0f} / {pct(lights, 99):.0f} ms",
            f"target p99 <= one heartbeat ({beat_ms:.0f} ms) and a round trip; "
            f"{len(lights)} trials, {lost_lights} unrepaired"),
    ]
