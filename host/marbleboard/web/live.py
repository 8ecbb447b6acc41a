"""The whole service (simulated board, link, store, hub, web server) running in a
thread of its own, for tests, benchmarks and demos driven from outside."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import uvicorn

from ..board import get_board
from ..games.registry import default_layout
from ..link import BoardLink
from ..loopback import free_port
from ..remote.hosting import RemoteConfig
from ..sim import SimulatedPico
from ..table.store import GameStore
from .app import create_app
from .hub import TableHub
from .serve import server_config

T = TypeVar("T")

# Debian's Chromium, as the browser tests and the page benchmarks drive it.
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


class LiveServer:
    def __init__(self, db: Path, quiet_s: float = 0.08, debounce_ms: int = 20,
                 pace_s: float = 0.04, layout: str = "", bot_pace_s: float = 0.3,
                 remote: RemoteConfig | None = None):
        self.db = db
        self.layout = layout or default_layout()
        self.quiet_s = quiet_s
        self.debounce_ms = debounce_ms
        self.pace_s = pace_s
        self.bot_pace_s = bot_pace_s
        self.remote = remote
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name="live-server", daemon=True)
        self.hub: TableHub | None = None
        self.sim: SimulatedPico | None = None
        self.error: BaseException | None = None

    def __enter__(self) -> LiveServer:
        self._thread.start()
        if not self._ready.wait(20) or self.error:
            raise RuntimeError(f"the service did not start: {self.error}")
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self._thread.join(10)

    def call(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        """Run a coroutine in the service's own loop and wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    @property
    def admin(self) -> str:
        assert self.hub is not None
        return self.hub.admin_token

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        except BaseException as e:  # reported to the thread waiting in __enter__
            self.error = e
            self._ready.set()

    async def _main(self) -> None:
        board = get_board(self.layout)
        self.sim = SimulatedPico(board, debounce_ms=self.debounce_ms).start()
        link = BoardLink(self.sim.port, board_id=board.id)
        await link.connect()
        store = GameStore(self.db)
        self.hub = TableHub(board, link, store, self.sim, quiet_s=self.quiet_s,
                            base_url=self.url, pace_s=self.pace_s,
                            bot_pace_s=self.bot_pace_s, remote=self.remote)
        await self.hub.open()
        self.server = uvicorn.Server(server_config(create_app(self.hub), "127.0.0.1",
                                                   self.port))
        task = asyncio.create_task(self.server.serve())
        while not self.server.started:
            await asyncio.sleep(0.02)
        self._ready.set()
        await task
        await self.hub.close_table()
        await link.close()
        store.close()
        self.sim.close()
