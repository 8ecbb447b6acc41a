"""Figures for the table service: a game on the simulated board, over the pty,
with a simulated hand making every move as a person would."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from ..board import Board
from ..games.base import Game
from ..link import BoardLink
from ..sim import SimulatedPico
from ..table.boardmap import BoardMap
from ..table.hand import SimulatedHand
from ..table.reading import outcomes
from ..table.service import QUIET_S, Table
from ..table.store import GameStore
from .report import Row, pct


async def table_figures(game: Game, board: Board, moves: int, seed: int = 4) -> list[Row]:
    assert game.marbles is not None
    rules = game.marbles
    rng = random.Random(seed)
    options = game.options({"players": 4 if 4 in game.players else max(game.players)})
    seats = {s: "human" for s in game.seats(options)}  # any legal move may be read
    starts = [h.id for h in board.holes if h.role == "start"]
    with tempfile.TemporaryDirectory() as tmp, SimulatedPico(board) as sim:
        sim.physical.setup(starts)
        await asyncio.sleep(0.1)
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        store = GameStore(Path(tmp) / "games.db")
        table = Table(game, board, link, store, seats, options, bot_rng=random.Random(seed))
        await table.start()
        runner = asyncio.create_task(table.run())
        # 40-120 ms between steps: no hand swaps two marbles within the 50 ms debounce.
        hand = SimulatedHand(sim.physical, game, table.map, random.Random(seed), pace_s=0.08,
                             slides=0.3, bounce=0.3)
        hw = sim.hardware
        fw = sim.firmware
        assert hw is not None and fw is not None
        changes: list[float] = []  # when the firmware sent each debounced change
        frames: list[tuple[float, bytes]] = []  # when each light state was put out
        serial_write, led_write = hw.write_serial, hw.write_leds

        def stamp_serial(data: bytes) -> int:
            if data.startswith(b"CHG "):
                changes.append(time.monotonic())
            return serial_write(data)

        def stamp_leds(frame: bytearray) -> bool:
            taken = led_write(frame)
            if taken:
                frames.append((time.monotonic(), bytes(fw.lights.state)))
            return taken

        hw.write_serial = stamp_serial  # type: ignore[method-assign]
        hw.write_leds = stamp_leds  # type: ignore[method-assign]
        lift_to_lit: list[float] = []
        commit_to_turn: list[float] = []
        missed = phantom = asked = 0
        cpu0 = time.process_time()
        done = games = 0
        while done < moves:
            if table.state.is_over():
                # Game over: the players set up again and a new game starts.
                runner.cancel()
                table.close()
                sim.physical.setup(starts)
                await asyncio.sleep(0.2)
                table = Table(game, board, link, store, seats, options)
                await table.start()
                runner = asyncio.create_task(table.run())
                games += 1
            state = table.state
            if state.current < 0 or game.forced(state) is not None:
                await asyncio.sleep(0.01)  # the table plays that turn by itself
                continue
            action = rng.choice(state.legal_actions())
            want = game.action_text(state, action)
            before = len(table.record.moves)
            await table.choose(state.current, game.action_group(state, action))
            event = table.committed
            path = rules.path(state, action)
            after = state.clone()
            after.apply(action)
            # A marble lifted from one exact hole and put into another, knocking nobody.
            simple = (len(path) > 1 and not rules.knocked(state, action)
                      and board.hole(path[0]).role != "start"
                      and rules.target(after) != rules.target(state))
            if simple:
                # Lift by itself first, to time the lights that answer it.
                source = board.hole(path[0])
                dest = board.hole(path[-1])
                n = len(changes)
                sim.physical.lift(source.sensor)
                while len(changes) == n:
                    await asyncio.sleep(0.001)
                t_lift = changes[-1]
                for _ in range(300):
                    lit = [t for t, s in frames if t >= t_lift and s[dest.led]]
                    if lit:
                        lift_to_lit.append((lit[0] - t_lift) * 1000)
                        break
                    await asyncio.sleep(0.002)
                await asyncio.sleep(0.05)
                n = len(changes)
                sim.physical.place(dest.sensor)
                while len(changes) == n:
                    await asyncio.sleep(0.001)
                t_placed = changes[-1]
            else:
                await asyncio.to_thread(hand.perform, state, action)
            try:
                async with asyncio.timeout(QUIET_S + 3):
                    while not event.is_set():
                        if table.status.question is not None:
                            asked += 1
                            await table.answer(table.status.question.seat, action)
                        await asyncio.sleep(0.005)
            except TimeoutError:
                missed += 1
                break
            if table.record.moves[before] != want:
                phantom += 1  # the board was read as another move than the one made
            if simple:
                nxt = table.state.current
                if nxt >= 0:
                    lamp = next(lamp.led for lamp in board.lamps
                                if lamp.id == f"turn.{game.seat_names[nxt]}")
                    for _ in range(300):
                        lit = [t for t, s in frames if t >= t_placed and s[lamp] >> 4 == 4]
                        if lit:
                            commit_to_turn.append((lit[0] - t_placed) * 1000)
                            break
                        await asyncio.sleep(0.002)
            done += 1
            frames = frames[-400:]
        cpu = (time.process_time() - cpu0) / max(1, done)
        runner.cancel()
        table.close()
        await link.close()
        store.close()
    quiet_ms = QUIET_S * 1000
    return [
        Row("marble lifted -> its destinations lit, p50 / p99",
            f"{pct(lift_to_lit, 50):.1f} / {pct(lift_to_lit, 99):.1f} ms",
            f"target p99 <= 30 ms (after the firmware's debounce); {len(lift_to_lit)} lifts"),
        Row("move committed -> next turn's lights, p50 / p99",
            f"{pct(commit_to_turn, 50):.0f} / {pct(commit_to_turn, 99):.0f} ms",
            f"target <= quiet period + 30 = {quiet_ms + 30:.0f} ms"),
        Row("moves read from the marbles (slides, bounce, knock-offs in any order)",
            f"{done} moves", f"{phantom} phantom, {missed} missed, {asked} asked which card; "
            f"{games} games finished"),
        Row("CPU a turn (host and simulated Pico in one process)", f"{cpu * 1000:.1f} ms", ""),
    ]


def service_memory(seconds: float = 15.0) -> Row:
    """Resident memory of `marbleboard serve` with a four-bot game in progress."""
    from ..loopback import free_port

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "g.db")
        proc = subprocess.Popen(
            [sys.executable, "-m", "marbleboard", "serve", "--board", "sim", "--host",
             "127.0.0.1", "--port", str(port), "--db", db],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rss_kb = 0
        try:
            token_file = db.replace(".db", ".table-token")
            for _ in range(100):
                time.sleep(0.1)
                if os.path.exists(token_file):
                    try:
                        httpx.post(f"http://127.0.0.1:{port}/api/admin/start", json={
                            "token": Path(token_file).read_text().strip(), "players": 4,
                            "seats": ["bot:greedy", "bot:search", "bot:random", "bot:greedy"]})
                        break
                    except httpx.HTTPError:
                        continue
            time.sleep(seconds)
            with open(f"/proc/{proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        rss_kb = int(line.split()[1])
        finally:
            proc.terminate()  # as systemd stops it: the service closes its board first
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return Row("resident memory of the service, a game in progress",
               f"{rss_kb / 1024:.0f} MB", "target <= 80 MB (marbleboard serve, with the "
                                          "simulated board in it)")


async def fast_reply_soak(game: Game, board: Board, moves: int, seed: int = 9) -> Row:
    """Moves made at the service's own quiet period, many of them answered at once:
    a person carries out a bot's move and replies 50 ms later, or two people play
    one after the other inside one quiet period. Every move made must be read as
    itself, in order."""
    assert game.marbles is not None
    rng = random.Random(seed)
    players = 4 if 4 in game.players else max(game.players)
    options = game.options({"players": players})
    order = game.seats(options)
    # Half the seats are people (two of them in a row, who may play fast), half bots.
    seats = {s: "human" if i < len(order) // 2 else "bot:greedy" for i, s in enumerate(order)}
    starts = [h.id for h in board.holes if h.role == "start"]
    made: list[str] = []  # every move made with the marbles, in order
    fast = missed = 0
    with tempfile.TemporaryDirectory() as tmp, SimulatedPico(board) as sim:
        sim.physical.setup(starts)
        await asyncio.sleep(0.1)
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        store = GameStore(Path(tmp) / "games.db")
        hand = SimulatedHand(sim.physical, game, BoardMap(board, game.marbles),
                             random.Random(seed), pace_s=0.08, slides=0.2, bounce=0.2)
        # (40-120 ms between steps: a hand that swaps two marbles inside the
        # firmware's 50 ms debounce is not one the board can see)
        tables: list[Table] = []
        runner: asyncio.Task[None] | None = None
        try:
            while len(made) < moves:
                if not tables or tables[-1].state.is_over():
                    if runner is not None:
                        runner.cancel()
                        tables[-1].close()
                        sim.physical.setup(starts)
                        await asyncio.sleep(0.2)
                    tables.append(Table(game, board, link, store, seats, options,
                                        bot_rng=random.Random(rng.random())))
                    await tables[-1].start()
                    runner = asyncio.create_task(tables[-1].run())
                table = tables[-1]
                state = table.state.clone()  # the table changes its own as it plays
                if state.current < 0 or game.forced(state) is not None:
                    await asyncio.sleep(0.01)
                    continue
                if seats[state.current] != "human":
                    async with asyncio.timeout(10):
                        while table.bot_action is None:
                            await asyncio.sleep(0.005)
                    action: int = table.bot_action
                else:
                    told = _told_by_the_board(game, table, state, rng)
                    if told is None:  # only moves the board alone cannot tell apart
                        action = rng.choice(state.legal_actions())
                        await table.choose(state.current, game.action_group(state, action))
                    else:
                        action = told
                after = state.clone()
                after.apply(action)
                reads = table.moves_read
                texts = [game.action_text(state, action)]
                await asyncio.to_thread(hand.perform, state, action)
                if rng.random() < 0.6:
                    # The next player replies at once: on what the move leads to, or,
                    # when chance comes first (a die), on what the lights show once
                    # the move is read and the die rolled, if that is soon.
                    await asyncio.sleep(0.05)
                    for _ in range(40):
                        if after.current >= 0 or table.moves_read > reads:
                            break
                        await asyncio.sleep(0.005)
                    nxt = after if after.current >= 0 else table.state.clone()
                    reply = None
                    if nxt.current >= 0 and seats[nxt.current] == "human" and (
                            after.current >= 0 or table.moves_read > reads):
                        reply = _told_by_the_board(game, table, nxt, rng)
                    if reply is not None:
                        texts.append(game.action_text(nxt, reply))
                        await asyncio.to_thread(hand.perform, nxt, reply)
                        fast += 1
                made += texts
                try:
                    async with asyncio.timeout(QUIET_S + 4):
                        while table.moves_read < reads + len(texts):
                            if table.status.question is not None:
                                await table.answer(table.status.question.seat, action)
                            await asyncio.sleep(0.005)
                except TimeoutError:
                    missed += 1
                    break
        finally:
            if runner is not None:
                runner.cancel()
            for table in tables:
                table.close()
            await link.close()
        said = [text for table in tables for text in _read_moves(game, table)]
        store.close()
    phantom = sum(a != b for a, b in zip(said, made, strict=False))
    missed += max(0, len(made) - len(said))
    return Row("fast replies: moves read at the service's quiet period",
               f"{len(made)} moves",
               f"{phantom} phantom, {missed} missed; {fast} made at once after the move "
               f"before it (50 ms; after a die, on the roll); target 0 and 0")


def _told_by_the_board(game: Game, table: Table, state: Any,
                       rng: random.Random) -> int | None:
    """A move whose outcome no other move has, so the board alone tells it."""
    targets = outcomes(game, state, table.map)
    before = table.map.target(state)
    told = [a for a, t in targets.items() if t != before and list(targets.values()).count(t) == 1]
    return rng.choice(told) if told else None


def _read_moves(game: Game, table: Table) -> list[str]:
    """The moves the table read from the marbles: not chance, not the turns it
    played by itself."""
    return [game.action_text(state, action) for state, action in table.record.moves_made()
            if game.forced(state) is None]
