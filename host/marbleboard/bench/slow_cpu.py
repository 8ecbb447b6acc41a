"""The table on a slow CPU: one whole game of each marble game, bots in every
seat and a simulated hand carrying out their moves, with the table service and
the simulated Pico in one process held to a share of one core.

The share is a CPU quota from the kernel's cgroup cpu controller (cgroup v2's
``cpu.max``, or v1's ``cpu.cfs_quota_us``), the mechanism systemd-run's
``CPUQuota=`` sets; where no cgroup can be made (no permission), busy processes
beside the game take the rest of the machine instead, and the table says which.

What is counted, per game and share: moves made; stalls (a move done on the board
and not committed within STALL_S); phantom moves (committed as another move than
the one made); missed moves (never committed: the game stops there); and the time
from a move's commit to the simulated Pico putting out the next light frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..board import get_board
from ..games.fairness import ChanceSource
from ..games.registry import get_game, marble_games
from ..link import BoardLink
from ..sim import SimulatedPico
from ..table.boardmap import BoardMap
from ..table.hand import SimulatedHand
from ..table.service import Table
from ..table.store import GameStore
from .report import Row, pct

# Shares of one core: a Raspberry Pi 3 B+ or Zero 2 W core is about 1/6.5 to 1/9 of
# this machine's (see hardware/README.md); the last is the smallest quota there is.
SHARES = (1.0, 0.25, 0.125, 0.0625, 0.05)
STALL_S = 3.0  # a move done on the board and not committed by then is a stall
MISSED_S = 30.0  # ...and not by then, missed: the game is stopped there
# The quota's period: short, so that the slowness is spread as a slower CPU's is.
# With systemd's 100 ms, a sixteenth of a core runs 6 ms and then stands frozen for
# 94 ms, blind to a marble lifted and put back meanwhile, which no real CPU does.
# (The kernel takes quotas of 1 ms and more: shares down to 1/20.)
PERIOD_US = 20_000


async def play_one(game_name: str, layout: str, seed: int = 7) -> dict[str, Any]:
    """Play one whole game with greedy bots, each move carried out by the hand as a
    person would (lights seen, marbles lifted and placed at a person's pace), and
    count what the table made of it."""
    game = get_game(game_name)
    board = get_board(layout)
    assert game.marbles is not None
    options = game.options(game.marbles.fit({"players": 2}, board.id))
    seats = {s: "bot:greedy" for s in game.seats(options)}
    moves = stalls = phantom = missed = 0
    stopped = ""
    commit_to_lights: list[float] = []
    waited: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, SimulatedPico(board) as sim:
        sim.physical.setup(BoardMap(board, game.marbles).setup(game.new_state(options)))
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        store = GameStore(Path(tmp) / "games.db")
        table = Table(game, board, link, store, seats, options, bot_rng=random.Random(seed),
                      chance=ChanceSource(random.Random(seed)))
        hw = sim.hardware
        assert hw is not None
        frames: list[float] = []
        led_write = hw.write_leds

        def stamp_leds(frame: bytearray) -> bool:
            taken = led_write(frame)
            if taken:
                frames.append(time.monotonic())
            return taken

        hw.write_leds = stamp_leds  # type: ignore[method-assign]
        commits: list[float] = []
        save_move = table._save_move

        def stamp_commit(action: int, forced: bool = False) -> None:
            save_move(action, forced)
            commits.append(time.monotonic())

        table._save_move = stamp_commit  # type: ignore[method-assign]
        await table.start()
        runner = asyncio.create_task(table.run())
        hand = SimulatedHand(sim.physical, game, table.map, random.Random(seed), pace_s=0.06)
        started = time.monotonic()
        try:
            while not table.state.is_over():
                if table.setting_out:
                    await asyncio.to_thread(hand.set_out, table.map.setup(table.state))
                    await asyncio.sleep(0.1)
                    continue
                action = table.bot_action
                if action is None:
                    await asyncio.sleep(0.01)
                    continue
                state = table.state
                want = game.action_text(state, action)
                before = len(table.record.moves)
                await asyncio.to_thread(hand.perform, state.clone(), action)
                done = time.monotonic()
                while len(table.record.moves) <= before and time.monotonic() - done < MISSED_S:
                    await asyncio.sleep(0.005)
                if len(table.record.moves) <= before:
                    missed += 1
                    stopped = _what_the_table_saw(table, want)
                    break
                took = time.monotonic() - done
                waited.append(took * 1000)
                stalls += took > STALL_S
                phantom += table.record.moves[before] != want
                moves += 1
                committed = commits[-1]
                for _ in range(2000):
                    lit = [t for t in frames[-50:] if t >= committed]
                    if lit:
                        commit_to_lights.append((lit[0] - committed) * 1000)
                        break
                    await asyncio.sleep(0.002)
                del frames[:-50]
        finally:
            runner.cancel()
            table.close()
            await link.close()
            store.close()
    return {"moves": moves, "stalls": stalls, "phantom": phantom, "missed": missed,
            "over": table.state.is_over(), "wall_s": time.monotonic() - started,
            "cpu_s": time.process_time(),
            "done_to_commit_p50": pct(waited, 50), "done_to_commit_p99": pct(waited, 99),
            "commit_to_lights_p50": pct(commit_to_lights, 50),
            "commit_to_lights_p99": pct(commit_to_lights, 99), "stopped": stopped}


def _what_the_table_saw(table: Table, made: str) -> str:
    """Where a game stopped: the move made, and how the board differs from it."""
    state = table.state
    board = table.board.by_sensor
    extra, missing = table.map.differences(table.occupied, table.map.target(state))
    return (f"after {made} was made, the table still stood at turn {state.turns} "
            f"(seat {state.current}); holes beyond that position "
            f"{[board[s].id for s in extra]}, missing {[board[s].id for s in missing]}; "
            f"bot move {table.bot_action}, question {table.status.question}, "
            f"restoring {table.restoring}, mistakes shown {table.show_mistakes}")


@contextlib.contextmanager
def cpu_quota(share: float) -> Iterator[tuple[str, Path | None]]:
    """A cgroup that holds its processes to ``share`` of one core: how it is made,
    and the file a process is added to it by; ("", None) where no cgroup can be
    made here."""
    name = f"marbleboard-bench-{os.getpid()}-{int(share * 1000)}"
    v2 = Path("/sys/fs/cgroup/cgroup.controllers").exists()
    group = Path("/sys/fs/cgroup") / name if v2 else Path("/sys/fs/cgroup/cpu") / name
    try:
        group.mkdir()
    except OSError:
        yield "", None
        return
    try:
        quota = int(PERIOD_US * share)
        if v2:
            (group / "cpu.max").write_text(f"{quota} {PERIOD_US}")
        else:
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(quota))
        yield ("cgroup v2 cpu.max" if v2 else "cgroup v1 CFS quota"), group / "cgroup.procs"
    finally:
        with contextlib.suppress(OSError):
            group.rmdir()


def run_slowed(game: str, layout: str, share: float) -> tuple[str, dict[str, Any]]:
    """One game in a child process held to ``share`` of one core."""
    command = [sys.executable, "-m", "marbleboard.bench.slow_cpu", game, layout]
    with cpu_quota(share) as (how, procs):
        busy: list[subprocess.Popen[bytes]] = []
        if procs is None:
            # No cgroup: busy processes beside the game leave it about that share of
            # a core (the machine's cores shared out among them and the game).
            extra = max(0, round((os.cpu_count() or 1) / share) - 1) if share < 1 else 0
            busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                    for _ in range(extra)]
            how = f"{extra} busy processes beside it"
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 text=True)
        try:
            if procs is not None:
                procs.write_text(str(child.pid))
            out, err = child.communicate(timeout=1800)
        finally:
            for p in busy:
                p.kill()
                p.wait()
            if child.poll() is None:
                child.kill()
                child.wait()
    if child.returncode != 0:
        raise RuntimeError(f"{game} at {share:.0%} of a core failed: {err[-2000:]}")
    return how, json.loads(out.strip().splitlines()[-1])


def slow_cpu_figures(shares: tuple[float, ...] = SHARES) -> list[Row]:
    rows = []
    for game in marble_games():
        assert game.marbles is not None
        for share in shares:
            how, r = run_slowed(game.name, game.marbles.layout, share)
            rows.append(Row(
                f"{game.title}, {share:.1%} of a core: moves / stalls / phantom / missed",
                f"{r['moves']} / {r['stalls']} / {r['phantom']} / {r['missed']}",
                f"want 0 / 0 / 0; {'whole game' if r['over'] else 'GAME NOT FINISHED'} in "
                f"{r['wall_s']:.0f} s, CPU {r['cpu_s']:.1f} s ({how})"))
            rows.append(Row(
                f"{game.title}, {share:.1%} of a core: move done -> committed, "
                f"committed -> lights, p50 / p99",
                f"{r['done_to_commit_p50']:.0f} / {r['done_to_commit_p99']:.0f} ms, "
                f"{r['commit_to_lights_p50']:.0f} / {r['commit_to_lights_p99']:.0f} ms",
                "bots' moves are committed when the board shows them done"))
    return rows


if __name__ == "__main__":
    print(json.dumps(asyncio.run(play_one(sys.argv[1], sys.argv[2]))))
