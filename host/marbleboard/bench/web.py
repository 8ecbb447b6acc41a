"""Figures for the web app: what a phone downloads, and how soon every screen hears
of a move."""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from ..web.live import CHROMIUM, CHROMIUM_ARGS, LiveServer
from .report import Row, pct

# The phone's first state is on screen once its status says more than "connecting".
SHOWN = """() => {
  const status = document.getElementById("status");
  return status && status.textContent && status.textContent !== t("connecting");
}"""


def first_loads(seat_url: str, times: int = 5) -> tuple[int, list[float]]:
    """A phone's cold first load in Chromium, on a phone's viewport: bytes over the
    wire (gzip; every file the page asked for, headers included) and milliseconds
    from navigation to its first state on screen, each time in a fresh profile."""
    from playwright.sync_api import sync_playwright

    sizes, ready = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for _ in range(times):
            context = browser.new_context(viewport={"width": 390, "height": 844},
                                          is_mobile=True)
            page = context.new_page()
            page.goto(seat_url)
            page.wait_for_function(SHOWN)
            ready.append(page.evaluate("performance.now()"))
            sizes.append(page.evaluate("""[
              ...performance.getEntriesByType("navigation"),
              ...performance.getEntriesByType("resource")
            ].reduce((sum, e) => sum + e.transferSize, 0)"""))
            context.close()
        browser.close()
    return max(sizes), ready


async def _listen(live: LiveServer, query: str, seen: list[tuple[int, float]]) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?{query}") as ws:
        async for raw in ws:
            payload = json.loads(raw)
            if "turns" in payload:
                seen.append((payload["turns"], time.monotonic()))


async def update_latency(live: LiveServer, tokens: dict[str, str], moves: int) -> list[float]:
    commits: dict[int, float] = {}
    assert live.hub is not None and live.hub.table is not None
    table = live.hub.table
    record = table.record
    add_move = record.add_move

    def committed(state: Any, action: int, text: str | None = None) -> str:
        # The move is recorded and applied: from here every screen is to hear of it.
        said = add_move(state, action, text)
        commits.setdefault(table.state.turns, time.monotonic())
        return said

    record.add_move = committed  # type: ignore[method-assign]
    screens: dict[str, list[tuple[int, float]]] = {s: [] for s in [*tokens, "table"]}
    tasks = [asyncio.create_task(_listen(live, f"seat={s}&t={t}", screens[s]))
             for s, t in tokens.items()]
    tasks.append(asyncio.create_task(_listen(live, "", screens["table"])))
    rng = random.Random(1)
    await asyncio.sleep(0.5)
    async with httpx.AsyncClient(base_url=live.url) as client:
        for _ in range(moves):
            state = (await client.get("/api/table")).json()
            if state["state"] == "over" or state["turn"] is None:
                break
            seat = state["turn"]
            me = (await client.get(f"/api/seats/{seat}", params={"token": tokens[seat]})).json()
            if not me["moves"]:
                await asyncio.sleep(0.05)
                continue
            await client.post(f"/api/seats/{seat}/move", json={
                "token": tokens[seat], "turn": me["turns"],
                "move": rng.choice(me["moves"])["text"]})
            async with asyncio.timeout(10):
                while (await client.get("/api/table")).json()["turns"] == me["turns"]:
                    await asyncio.sleep(0.02)
    await asyncio.sleep(0.3)
    for task in tasks:
        task.cancel()
    delays = []
    for seen in screens.values():
        for turns, at in commits.items():
            told = [t for n, t in seen if n >= turns]
            if told:
                delays.append((min(told) - at) * 1000)
    return delays


def web_figures(moves: int = 40) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp, LiveServer(Path(tmp) / "g.db") as live:
        httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "players": 4, "seats": ["human"] * 4})
        links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
        tokens = {seat: link["url"].split("t=")[1] for seat, link in links.items()}
        weight, ready = first_loads(links["red"]["url"])
        delays = asyncio.run(update_latency(live, tokens, moves))
    return [
        Row("a phone's first page load, over the wire", f"{weight / 1024:.1f} KB",
            "target <= 150 KB (gzip); Chromium, every file the page loads"),
        Row("a phone's first load to its first state on screen, p50 / max",
            f"{pct(ready, 50):.0f} / {max(ready):.0f} ms",
            f"Chromium, 390x844 viewport, cold profile, {len(ready)} loads, same machine"),
        Row("move committed -> every screen updated, p50 / p99",
            f"{pct(delays, 50):.1f} / {pct(delays, 99):.1f} ms",
            f"target p99 <= 100 ms; 4 phones and a table screen, {len(delays)} updates"),
    ]
