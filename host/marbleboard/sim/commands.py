"""``marbleboard sim``, ``monitor`` and ``selftest``: a board, real or simulated, live."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import time
from collections.abc import AsyncIterator

from ..board import Board, BoardError, get_board
from ..games.registry import default_layout
from ..link import BoardLink, Connected, Disconnected, HoleChanged, LinkError, SensorUnsteady
from .console import HELP, SimConsole
from .emulated import EmulatedPico, EmulatorError
from .local import LocalPico
from .pico import SimulatedPico


def _board(name: str) -> Board:
    try:
        return get_board(name)
    except (BoardError, ValueError) as e:
        raise SystemExit(f"error: {e}") from e


async def _lines() -> AsyncIterator[str]:
    """Lines typed on stdin, read without blocking the event loop."""
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            return
        yield line.strip()


async def _console(console: SimConsole | None) -> None:
    if console is None or not sys.stdin.isatty():
        await asyncio.Event().wait()  # nothing to read: run until interrupted
        return
    async for line in _lines():
        if line in ("quit", "exit"):
            return
        out = await asyncio.to_thread(console.run, line)
        if out:
            print(out, flush=True)


def describe(board: Board, event: object, t0: float) -> str:
    stamp = f"{time.monotonic() - t0:8.3f}s"
    if isinstance(event, HoleChanged):
        hole = board.by_sensor.get(event.sensor)
        name = hole.id if hole else f"sensor {event.sensor}"
        what = "marble in" if event.occupied else "marble out"
        how = " (found in a snapshot)" if event.resync else f" (#{event.seq})"
        return f"{stamp}  {what:10} {name}{how}"
    if isinstance(event, SensorUnsteady):
        hole = board.by_sensor.get(event.sensor)
        name = f"{hole.id} (sensor {event.sensor})" if hole else f"sensor {event.sensor}"
        return (f"{stamp}  {name} will not settle: {event.changes} changes in a second; "
                f"check its sensor and wiring")
    if isinstance(event, Connected):
        h = event.hello
        return (f"{stamp}  connected: firmware {h.fw}, board {h.board}, {h.sensors} sensors, "
                f"{h.leds} LEDs, {len(event.occupied)} "
                f"marble{'' if len(event.occupied) == 1 else 's'} on the board")
    if isinstance(event, Disconnected):
        return f"{stamp}  disconnected: {event.reason}; reconnecting"
    return f"{stamp}  {event}"


async def monitor(board: Board, port: str | None, simulate: bool, banner: str = "") -> int:
    sim = SimulatedPico(board).start() if simulate else None
    try:
        link = BoardLink(sim.port if sim else port, board_id=board.id)
        t0 = time.monotonic()
        events = link.subscribe()
        try:
            await link.connect()
        except LinkError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        if banner:
            print(banner, flush=True)

        async def show_events() -> None:
            while True:
                print(describe(board, await events.get(), t0), flush=True)

        printer = asyncio.create_task(show_events())
        try:
            await _console(SimConsole(sim) if sim else None)
        finally:
            printer.cancel()
            await link.close()
        return 0
    finally:
        if sim is not None:
            sim.close()


async def serve_sim(board: Board, emulated: bool = False) -> int:
    try:
        sim: LocalPico = (EmulatedPico(board) if emulated else SimulatedPico(board)).start()
    except EmulatorError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    with contextlib.closing(sim):
        what = "emulated Pico (stock MicroPython on an RP2040 emulator)" if emulated \
            else "simulated"
        print(f"{what} {board.name} on {sim.port}", flush=True)
        print("connect with: marbleboard monitor --port " + sim.port, flush=True)
        if sys.stdin.isatty():
            print(HELP, flush=True)
        await _console(SimConsole(sim))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sim", help="start a simulated board and print its port")
    p.add_argument("--board", default=default_layout())
    p.add_argument("--emulated", action="store_true",
                   help="the firmware as a Pico runs it: stock MicroPython on an emulated "
                   "RP2040 (needs Node.js, the MicroPython UF2 and the boot ROM)")
    p.set_defaults(func=lambda a: asyncio.run(serve_sim(_board(a.board), a.emulated)))

    p = sub.add_parser("monitor", help="show a board's holes and events live")
    p.add_argument("--board", default=default_layout())
    where = p.add_mutually_exclusive_group()
    where.add_argument("--port", help="the Pico's serial port (default: find it on USB)")
    where.add_argument("--sim", action="store_true", help="a simulated board, in this process")
    p.set_defaults(func=lambda a: asyncio.run(monitor(_board(a.board), a.port, a.sim)))
