"""``marbleboard selftest``: every sensor's check, as a map of the board, then the
LED walk (or the echo of every sensor).

The Pico checks every sensor it sets up over SPI (docs/firmware.md): a sensor
that does not assert its ALERT under the probe setup is *dead*, one that asserts
it under the quiet setup is *stuck on*. Here each hole shows what its sensors did,
where it sits on the board:

    sensor check 2: 2 of 104 sensors failed
    o o D o o
    o   h   S
    ...
    dead: track.5 (sensor 5)
      ...
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from ..board import Board
from ..board.text import SYMBOLS, grid_step
from ..link import BoardLink, LinkError, SensorCheck
from .commands import describe  # the same words as monitor's
from .pico import SimulatedPico

OK, DEAD, STUCK, UNCHECKED = "ok", "dead", "stuck", "unchecked"
WORST = (DEAD, STUCK, OK, UNCHECKED)  # a hole shows the worst of its sensors
MARKS = {DEAD: ("D", "bold white on red"), STUCK: ("S", "bold black on yellow")}
ADVICE = {
    DEAD: "silent under the probe: no setup reaches it, or it cannot keep one. Check the "
          "chip select, SDI and 5 V wires to its module, their joints, and the sensor's "
          "100 nF capacitor",
    STUCK: "reads a marble whatever it is told: its ALERT wire is held low (a short to "
           "ground, a failed sensor), or it heard nothing while a magnet sat on it. Take "
           "any marble off it and run the self-test again",
}


@dataclass(frozen=True)
class SensorFault:
    sensor: int
    hole: str | None
    second: bool  # the hole's piece sensor, not its presence one
    state: str

    def name(self) -> str:
        if self.hole is None:
            return f"sensor {self.sensor} (under no hole)"
        which = "piece sensor" if self.second else "sensor"
        return f"{self.hole} ({which} {self.sensor})"


def sensor_state(check: SensorCheck, sensor: int) -> str:
    if sensor in check.dead:
        return DEAD
    if sensor in check.stuck:
        return STUCK
    return OK if sensor in check.checked else UNCHECKED


def hole_states(board: Board, check: SensorCheck) -> dict[str, str]:
    """Each hole's worst sensor."""
    out = {}
    for h in board.holes:
        states = [sensor_state(check, s) for s in (h.sensor, h.piece_sensor) if s is not None]
        out[h.id] = min(states, key=WORST.index)
    return out


def faults(board: Board, check: SensorCheck) -> list[SensorFault]:
    by_sensor = board.by_sensor
    out = []
    for sensor in sorted(check.dead | check.stuck):
        hole = by_sensor.get(sensor)
        out.append(SensorFault(sensor, hole.id if hole else None,
                               hole is not None and hole.piece_sensor == sensor,
                               sensor_state(check, sensor)))
    return out


def check_map(board: Board, check: SensorCheck) -> Text:
    """The board in characters, as ``board show`` draws it: a hole whose sensors all
    answered in green, a dead one as D, a stuck one as S, one not checked in grey."""
    states = hole_states(board, check)
    step = grid_step(board)
    x0 = min(h.x for h in board.holes)
    y0 = min(h.y for h in board.holes)
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    for h in board.holes:
        state = states[h.id]
        symbol = SYMBOLS.get(h.role, "?")
        cell = MARKS.get(state) or (symbol, "green" if state == OK else "grey42")
        cells[(round((h.x - x0) / step), round((h.y - y0) / step))] = cell
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    out = Text()
    for row in range(height):
        line = Text()
        for col in range(width):
            ch, style = cells.get((col, row), (" ", ""))
            line.append(ch, style=style)
            line.append(" ")
        line.rstrip()
        out.append_text(line)
        out.append("\n")
    return out


def report(board: Board, check: SensorCheck) -> Text:
    """The check's title, its map, and every sensor that failed with what to look at."""
    out = Text()
    checked = len(check.checked)
    if not checked:
        out.append("sensor check: this board's sensors need no setup, so the Pico cannot "
                   "check them; put a marble in every hole with `selftest --echo`\n")
        return out
    found = faults(board, check)
    title = (f"sensor check {check.number}: every one of the {checked} sensors answered"
             if not found else
             f"sensor check {check.number}: {len(found)} of {checked} sensors failed")
    out.append(title + "\n", style="bold" if not found else "bold red")
    out.append_text(check_map(board, check))
    out.append("legend: ")
    out.append("green", style="green")
    out.append(" answered, ")
    out.append("D", style=MARKS[DEAD][1])
    out.append(" dead, ")
    out.append("S", style=MARKS[STUCK][1])
    out.append(" stuck on, grey not checked\n")
    for state, label in ((DEAD, "dead"), (STUCK, "stuck on")):
        these = [f for f in found if f.state == state]
        if these:
            out.append(f"{label}: " + ", ".join(f.name() for f in these) + "\n",
                       style="bold")
            out.append(f"  {ADVICE[state]}\n")
    return out


async def selftest(board: Board, port: str | None, simulate: bool, mode: str | None,
                   seconds: float) -> int:
    """Check every sensor and show the map, then run the LED self-test in ``mode``
    (walk or echo; None: the check alone). 1 when a sensor failed."""
    console = Console(highlight=False)
    sim = SimulatedPico(board).start() if simulate else None
    link = BoardLink(sim.port if sim else port, board_id=board.id)
    failed = False
    try:
        await link.connect()
        events = link.subscribe()
        try:
            check = await link.check_sensors()
        except LinkError as e:
            if not link.connected:
                raise
            console.print(f"sensor check: {e}")
        else:
            failed = not check.ok
            console.print(report(board, check), end="")
        if mode is None:
            return 1 if failed else 0
        await link.selftest(mode)
        print(f"self-test '{mode}' running for {seconds:g} s: "
              + ("every LED in chain order, red, then green, then blue, then white"
                 if mode == "walk" else "each hole lights while a marble sits in it"),
              flush=True)
        t0 = time.monotonic()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                while True:
                    event = await events.get()
                    if not isinstance(event, SensorCheck):  # the one shown above
                        print(describe(board, event, t0), flush=True)
        await link.selftest("off")
        return 1 if failed else 0
    except LinkError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        await link.close()
        if sim is not None:
            sim.close()
