"""Measure the firmware, the link and the light frames, and print one table.

Figures, not assertions: each row sets what was measured beside the physical
limit or target it should be read against.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from ..board import Board, get_board
from ..games.registry import GAMES, default_layout, get_game
from ..link import BoardLink, HoleChanged, LightState
from ..link.lights import Effect
from ..sim import SimulatedPico
from ..web.hub import games_for
from .emulated import emulated_figures
from .flashing import flashing_figures
from .games import game_figures
from .remote import remote_figures, sealing_figures
from .repair import repair_figures
from .report import Row, format_table, pct
from .sensing import sensing_figures
from .service import fast_reply_soak, service_memory, table_figures
from .slow_cpu import SHARES, slow_cpu_figures
from .web import web_figures

ROOT = Path(__file__).resolve().parents[3]
SCAN_PASS = Path(__file__).with_name("scan_pass.py")
FW_ALLOC = Path(__file__).with_name("fw_alloc.py")
WS2812_US_PER_LED = 30  # 24 bits at 800 kHz
USB_FRAME_MS = 1.0  # full-speed USB polls once a millisecond


def scan_pass_figures() -> list[Row]:
    rows = []
    out = subprocess.run([sys.executable, str(SCAN_PASS)], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "firmware")}, check=True).stdout
    quiet, changing = (float(x.split("=")[1]) for x in out.split()[1:])
    rows.append(Row("scan pass, 256 holes, quiet (CPython)", f"{quiet:.2f} us", ""))
    rows.append(Row("scan pass, 256 holes, one changing (CPython)", f"{changing:.2f} us", ""))
    node = shutil.which("node")
    if node and (ROOT / "node_modules" / "@micropython").is_dir():
        out = subprocess.run([node, str(ROOT / "tests/firmware/mpyrun.mjs"), "bench",
                              str(SCAN_PASS)], capture_output=True, text=True, check=True).stdout
        line = next(s for s in out.splitlines() if s.startswith("scan-pass-us"))
        quiet, changing = (float(x.split("=")[1]) for x in line.split()[1:])
        rows.append(Row("scan pass, 256 holes, quiet (MicroPython VM)", f"{quiet:.2f} us",
                        "target <= 30 us"))
        rows.append(Row("scan pass, 256 holes, one changing (MicroPython VM)",
                        f"{changing:.2f} us", "target <= 60 us"))
        out = subprocess.run([node, str(ROOT / "tests/firmware/mpyrun.mjs"), "bench",
                              str(FW_ALLOC)], capture_output=True, text=True, check=True).stdout
        line = next(s for s in out.splitlines() if s.startswith("fw-alloc"))
        got = dict(x.split("=") for x in line.split()[1:])
        rows.append(Row("heap a quiet scan pass takes (MicroPython VM, gc.mem_free)",
                        f"{float(got['quiet']):.0f} bytes",
                        "target 0; 1000 passes, 104 sensors, in a session"))
        rows.append(Row("heap a light frame takes (MicroPython VM, gc.mem_free)",
                        f"{float(got['frame']):.0f} bytes",
                        f"target 0; {got['frames']} frames of 109 LEDs: dim, blink, pulse, "
                        f"a chase"))
        rows.append(Row("heap a heartbeat takes (PING read, PONG written)",
                        f"{float(got['heartbeat']):.0f} bytes", "twice a second; the text "
                        "frame's fields"))
    else:
        rows.append(Row("scan pass under the MicroPython VM", "not run",
                        "needs Node.js and `npm install`"))
    return rows


async def link_figures(board: Board, samples: int) -> list[Row]:
    rows: list[Row] = []
    with SimulatedPico(board) as sim:
        assert sim.hardware is not None
        sent: dict[int, float] = {}  # change seq -> when the firmware wrote it
        hw_write = sim.hardware.write_serial

        def stamped_write(data: bytes) -> int:
            if data.startswith(b"CHG seq="):
                sent[int(data[8:data.index(b" ", 8)])] = time.monotonic()
            return hw_write(data)

        sim.hardware.write_serial = stamped_write  # type: ignore[method-assign]
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        events = link.subscribe()

        # marble placed -> host event, and the firmware's write -> host event
        hole = board.hole("track.20").sensor
        to_host, placed_to_host = [], []
        for i in range(samples):
            placed = time.monotonic()
            sim.physical.set(hole, i % 2 == 0)
            event = await asyncio.wait_for(events.get(), 2)
            arrived = time.monotonic()
            assert isinstance(event, HoleChanged)
            to_host.append((arrived - sent[event.seq]) * 1000)
            placed_to_host.append((arrived - placed) * 1000)
            await asyncio.sleep(0.005)
        debounce = sim.cfg.DEBOUNCE_MS
        rows.append(Row("debounced change -> host event, p50 / p99",
                        f"{pct(to_host, 50):.2f} / {pct(to_host, 99):.2f} ms",
                        f"target p99 <= 5 ms; USB frame {USB_FRAME_MS:g} ms"))
        rows.append(Row("marble placed -> host event, p50 / p99",
                        f"{pct(placed_to_host, 50):.1f} / {pct(placed_to_host, 99):.1f} ms",
                        f"debounce window {debounce} ms"))

        # host light command -> the LED shows it
        led = board.hole("track.30").led
        to_led = []
        for i in range(samples):
            lights = LightState(board.led_count)
            colour = (255, 0, 0) if i % 2 else (0, 0, 255)
            lights.set(led, colour)
            t0 = time.monotonic()
            await link.show(lights)
            channel = 0 if i % 2 else 2

            def lit(leds: list[tuple[int, int, int]], c: int = channel) -> bool:
                return leds[led][c] > 200

            shown = await asyncio.to_thread(sim.physical.wait_frame, lit, 2.0)
            assert shown
            to_led.append((time.monotonic() - t0) * 1000)
        frame_ms = sim.cfg.FRAME_MS
        rows.append(Row("light command -> simulated LED, p50 / p99",
                        f"{pct(to_led, 50):.1f} / {pct(to_led, 99):.1f} ms",
                        f"target p99 <= one frame ({frame_ms} ms, "
                        f"{1000 // frame_ms} fps); chain write "
                        f"{board.led_count * WS2812_US_PER_LED / 1000:.1f} ms"))

        # bytes on the wire for a typical turn: the turn's lights, a lift and a
        # place, and the heartbeat over ten seconds of thinking
        await asyncio.sleep(0.2)
        wire0 = (sim.usb.to_host, sim.usb.to_pico)
        turn = typical_turn_lights(board)
        await link.show(turn[0])
        sim.physical.place("track.3")
        await asyncio.wait_for(events.get(), 2)
        sim.physical.lift("track.3")
        await asyncio.wait_for(events.get(), 2)
        sim.physical.place("track.10")
        await asyncio.wait_for(events.get(), 2)
        await link.show(turn[1])
        moved = (sim.usb.to_host - wire0[0], sim.usb.to_pico - wire0[1])
        t0 = time.monotonic()
        beat0 = (sim.usb.to_host, sim.usb.to_pico)
        await asyncio.sleep(3)
        beat = (sim.usb.to_host - beat0[0] + sim.usb.to_pico - beat0[1]) / (
            time.monotonic() - t0)
        rows.append(Row("bytes on the wire for a turn (3 changes, 2 light states)",
                        f"{moved[0]} to host, {moved[1]} to Pico",
                        f"plus heartbeat {beat:.0f} B/s; USB full speed ~1 MB/s"))
        frame = turn[0].frame(1)
        rows.append(Row("whole light state in one frame", f"{len(frame)} bytes",
                        "target <= 512 bytes"))
        await link.close()
        rows.append(Row("frames the firmware dropped as bad (run total)",
                        f"{link.rx_bad} to host", "expected 0 without injected faults"))
    return rows


def typical_turn_lights(board: Board) -> tuple[LightState, LightState]:
    """The busiest light state of a turn: every hole lit, a path chased."""
    seat_colours = [tuple(int(s.colour[i:i + 2], 16) for i in (1, 3, 5)) for s in board.seats]
    before = LightState(board.led_count)
    for hole in board.holes:
        if hole.seat:
            colour = seat_colours[[s.name for s in board.seats].index(hole.seat)]
            before.set(hole.led, colour, Effect.DIM)  # type: ignore[arg-type]
        else:
            before.set(hole.led, (40, 30, 20), Effect.DIM)
    for lamp in board.lamps:
        before.set(lamp.led, (255, 255, 255), Effect.PULSE)
    for hole_id in ("track.3", "track.20", "track.41"):
        before.set(board.hole(hole_id).led, (0, 255, 0), Effect.BLINK)
    path = [board.hole(f"track.{i}").led for i in range(3, 11)]
    before.chase(path, (255, 255, 255))
    after = LightState(board.led_count)
    after.palette = list(before.palette)
    after.state = bytearray(before.state)
    after.set(board.hole("track.10").led, (255, 0, 0), Effect.SOLID)
    return before, after


def main(board_name: str = "", samples: int = 200, table_moves: int = 120,
         games: list[str] | None = None, strength_games: int = 60,
         fast_reply_moves: int = 1000,
         slow_shares: tuple[float, ...] = SHARES, sensing_games: int = 10) -> int:
    board = get_board(board_name or default_layout())
    print(format_table("firmware and serial link", scan_pass_figures()
                       + asyncio.run(link_figures(board, samples))
                       + asyncio.run(repair_figures(board, max(20, samples // 2)))), flush=True)
    print()
    print(format_table("the emulated Pico: stock MicroPython on an emulated RP2040",
                       asyncio.run(emulated_figures(board))), flush=True)
    print()
    print(format_table("putting the firmware on a Pico (make flash, on the emulated Pico)",
                       flashing_figures(board)), flush=True)
    print()
    chosen = [get_game(name) for name in games] if games else list(GAMES.values())
    for game in chosen:
        print(format_table(f"{game.title}: engine and bots",
                           game_figures(game, strength_games=strength_games)), flush=True)
        print()
    # The table's figures need a game this board plays: one of those chosen if it
    # can, else the board's first (a game with no board yet is an engine only).
    on_board = games_for(board)
    playing = next((g for g in chosen if g in on_board), on_board[0])
    rows = asyncio.run(table_figures(playing, board, table_moves))
    if fast_reply_moves:
        rows.append(asyncio.run(fast_reply_soak(playing, board, fast_reply_moves)))
    rows.append(service_memory())
    print(format_table("the table service, on the simulated board over the pty", rows),
          flush=True)
    print()
    if sensing_games:
        print(format_table("the simulated board's sensors: random games on each board, every "
                           "position read through its computed fields",
                           sensing_figures(sensing_games)), flush=True)
        print()
    print(format_table("the web app", web_figures()), flush=True)
    print()
    print(format_table("two homes sharing a game through an MQTT broker",
                       [*remote_figures(), sealing_figures()]), flush=True)
    if slow_shares:
        print()
        print(format_table(f"the table on a slow CPU: a whole game each, service and simulated "
                           f"Pico held to a share of one core ({os.cpu_count()} cores here)",
                           slow_cpu_figures(slow_shares)))
    return 0
