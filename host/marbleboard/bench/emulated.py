"""Figures from the emulated Pico (stock MicroPython on an emulated RP2040), each
beside the CPython simulator's figure for the same measure where it has one.

Times on the emulated chip are simulated time: what a real Pico would take, give or
take what rp2040js does not model (flash wait states, bus contention)."""

from __future__ import annotations

import asyncio
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..board import Board
from ..games.fairness import ChanceSource
from ..games.registry import game_on
from ..link import BoardLink, HoleChanged
from ..sim import SimulatedPico
from ..sim.emulated import EmulatedPico, micropython_dir
from ..table.hand import SimulatedHand
from ..table.service import Table
from ..table.store import GameStore
from .report import Row, pct

BENCH = Path(__file__).parent
ROOT = BENCH.parents[2]
FW_ALLOC = BENCH / "fw_alloc.py"
SCAN_PASS = BENCH / "scan_pass.py"
MPREMOTE = str(Path(sys.executable).with_name("mpremote"))
CLOCK_HZ = 125_000_000  # the RP2040's clock under MicroPython
# main.py as make flash copies it, but keeping the firmware in a global, so that at
# the REPL after Ctrl-C its objects are still alive when the free heap is counted.
HEAP_MAIN = b"""import config
from marblefw.app import Firmware
from marblefw.pico import PicoHardware
fw = Firmware(PicoHardware(config), config)
fw.run()
"""
FREE_HEAP = "import gc; gc.collect(); print('free', gc.mem_free())"


def _mpremote(port: str, code: str) -> str:
    return subprocess.run([MPREMOTE, "connect", port, "exec", code], capture_output=True,
                          text=True, timeout=300, check=True).stdout


def _script(port: str, path: Path, tag: str) -> dict[str, float]:
    """Run a bench script at the REPL; its line starting with tag, as numbers."""
    out = _mpremote(port, f"exec(open({path.name!r}).read())")
    line = next(s for s in out.splitlines() if s.startswith(tag))
    return {k: float(v) for k, v in (x.split("=") for x in line.split()[1:])}


async def _boot_to_hello(board: Board) -> float:
    """Wall seconds from starting the CPython simulator to its HELLO, for comparison."""
    t0 = time.monotonic()
    with SimulatedPico(board) as sim:
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        wall = time.monotonic() - t0
        await link.close()
    return wall


async def _placed_to_event_sim(board: Board, samples: int) -> list[float]:
    """The CPython simulator's marble placed -> host event, in wall ms."""
    out = []
    with SimulatedPico(board) as sim:
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        events = link.subscribe()
        hole = board.hole("track.20").sensor
        for i in range(samples):
            t0 = time.monotonic()
            sim.physical.set(hole, i % 2 == 0)
            event = await asyncio.wait_for(events.get(), 2)
            assert isinstance(event, HoleChanged)
            out.append((time.monotonic() - t0) * 1000)
            await asyncio.sleep(0.005)
        await link.close()
    return out


async def emulated_figures(board: Board, samples: int = 20) -> list[Row]:
    if micropython_dir() is None or shutil.which("node") is None:
        return [Row("emulated Pico", "not run",
                    "needs Node.js, the MicroPython UF2 and the RP2040 boot ROM")]
    rows = []
    sim_wall = await _boot_to_hello(board)
    scripts = {p.name: p.read_bytes() for p in (FW_ALLOC, SCAN_PASS)}
    with EmulatedPico(board, files={"main.py": HEAP_MAIN, **scripts}) as pico:
        link = BoardLink(pico.port, board_id=board.id, hello_timeout=10.0)
        await link.connect()
        wall = time.monotonic() - pico.started_at
        events = link.subscribe()
        at_hello = await asyncio.to_thread(pico.stats)
        rows.append(Row("boot to HELLO answered (emulated Pico): wall / simulated",
                        f"{wall:.2f} s / {at_hello['sim_ms'] / 1000:.2f} s",
                        f"CPython simulator: {sim_wall * 1000:.0f} ms wall"))

        # Emulated speed, with the firmware's loop running in a session.
        first = await asyncio.to_thread(pico.stats)
        await asyncio.sleep(3.0)
        last = await asyncio.to_thread(pico.stats)
        wall_s = (last["wall_ms"] - first["wall_ms"]) / 1000
        cycles = (last["cycles"] - first["cycles"]) / wall_s
        passes = (last["scans"] - first["scans"]) / ((last["sim_ms"] - first["sim_ms"]) / 1000)
        rows.append(Row("emulated cycles per wall second (firmware in a session)",
                        f"{cycles / 1e6:.1f} M", f"{cycles / CLOCK_HZ:.2f}x real time at "
                        f"125 MHz; {passes:.0f} loop passes a simulated second"))

        hole = board.hole("track.20").sensor
        took = []
        for i in range(samples):
            pico.physical.set(hole, i % 2 == 0)
            event = await asyncio.wait_for(events.get(), 10)
            assert isinstance(event, HoleChanged)
            took.append((pico.change_sent_at_us - pico.chain_at_us) / 1000)
            await asyncio.sleep(0.05)
        cpython = await _placed_to_event_sim(board, samples)
        rows.append(Row("marble placed -> CHG written (emulated Pico, simulated), p50 / max",
                        f"{pct(took, 50):.1f} / {max(took):.1f} ms",
                        f"debounce {pico.cfg['DEBOUNCE_MS']} ms; CPython simulator placed -> "
                        f"host event p50 {pct(cpython, 50):.1f} ms wall"))

        # The free heap with the firmware alive, after boot and after a whole
        # game: changes, light states and heartbeats.
        await link.close()  # BYE: Ctrl-C reaches the REPL again
        booted = await asyncio.to_thread(_free_heap, pico)
        # Allocations per pass and the scan pass's time, on this build.
        alloc = await asyncio.to_thread(_script, pico.port, FW_ALLOC, "fw-alloc")
        scan = await asyncio.to_thread(_script, pico.port, SCAN_PASS, "scan-pass-us")
    vm_alloc, vm_scan = _vm_figures()
    rows.append(Row("heap a quiet scan pass / a light frame takes (emulated Pico)",
                    f"{alloc['quiet']:.0f} / {alloc['frame']:.0f} bytes",
                    f"MicroPython VM (WebAssembly): {vm_alloc}"))
    rows.append(Row("scan pass, 256 holes, quiet / one changing (emulated, simulated)",
                    f"{scan['quiet']:.1f} / {scan['changing']:.1f} us",
                    f"MicroPython VM (WebAssembly; target <= 30 / 60 us there): {vm_scan}"))
    with EmulatedPico(board, files={"main.py": HEAP_MAIN}) as pico:
        link = BoardLink(pico.port, board_id=board.id, hello_timeout=10.0)
        await link.connect()
        played = await play_bots(pico, link, board)
        await link.close()
        after = await asyncio.to_thread(_free_heap, pico)
    rows.append(Row("free heap with the firmware alive: booted / after a whole game",
                    f"{booted:,} / {after:,} bytes",
                    f"gc.mem_free() after gc.collect(); a two-player {game_on(board.id).title} "
                    f"game of {played} moves, greedy against greedy"))
    return rows


async def play_bots(pico: EmulatedPico, link: BoardLink, board: Board,
                    moves: int | None = None) -> int:
    """Bots play a game on the board, a simulated hand moving the marbles and the
    table reading each move back from the Pico: the whole game, or its first
    moves. On the first game's board, the short seeded game
    tests/table/test_table_on_emulated.py plays. Returns the moves read back."""
    game = game_on(board.id)
    assert game.marbles is not None
    options = game.options(game.marbles.fit({"players": 2}, board.id))
    seats = {s: "bot:greedy" for s in game.seats(options)}
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp) / "games.db")
        table = Table(game, board, link, store, seats, options, quiet_s=0.4,
                      chance=ChanceSource(random.Random(3)), bot_rng=random.Random(4))
        pico.physical.setup(table.map.setup(game.new_state(options)))
        await asyncio.sleep(1.0)  # the marbles' changes reach the host
        await table.start()
        runner = asyncio.create_task(table.run())
        hand = SimulatedHand(pico.physical, game, table.map, random.Random(3), pace_s=0.15)
        hand.sleep = pico.sleep_simulated  # steps longer than the debounce in chip time
        played = 0
        try:
            while not table.state.is_over() and (moves is None or played < moves):
                async with asyncio.timeout(30):
                    while table.bot_action is None:
                        await asyncio.sleep(0.01)
                    event = table.committed
                    await asyncio.to_thread(hand.perform, table.state, table.bot_action)
                    await event.wait()
                played += 1
        finally:
            runner.cancel()
            table.close()
            store.close()
    return played


def _vm_figures() -> tuple[str, str]:
    """The same two scripts under the MicroPython VM (WebAssembly, in Node)."""
    node = shutil.which("node")
    if not node or not (ROOT / "node_modules" / "@micropython").is_dir():
        return "not run", "not run"
    got = []
    for path, tag in ((FW_ALLOC, "fw-alloc"), (SCAN_PASS, "scan-pass-us")):
        out = subprocess.run([node, str(ROOT / "tests/firmware/mpyrun.mjs"), "bench", str(path)],
                             capture_output=True, text=True, check=True).stdout
        line = next(s for s in out.splitlines() if s.startswith(tag))
        got.append(dict(x.split("=") for x in line.split()[1:]))
    return (f"{float(got[0]['quiet']):.0f} / {float(got[0]['frame']):.0f} bytes",
            f"{float(got[1]['quiet']):.1f} / {float(got[1]['changing']):.1f} us (Node's speed)")


def _free_heap(pico: EmulatedPico) -> int:
    import serial

    with serial.Serial(pico.port, timeout=0.1) as port:
        port.write(b"\r\x03")
        seen = b""
        deadline = time.monotonic() + 20
        while b">>> " not in seen and time.monotonic() < deadline:
            seen += port.read(256)
    out = _mpremote(pico.port, FREE_HEAP)
    return int(next(s for s in out.splitlines() if s.startswith("free")).split()[1])
