"""``marbleboard serve``: the table service on the web, with the board attached."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn

from ..board import get_board
from ..board.layouts import LAYOUTS
from ..games.registry import default_layout
from ..link import LinkError
from ..remote.hosting import RemoteConfig, add_remote_options, config_from
from ..sim.emulated import EmulatorError
from ..sim.local import BOARD_HELP, LOCAL_NAMES, open_board
from ..table.service import QUIET_S
from ..table.store import DAMAGED_EXIT, DEFAULT_DB, GameStore, StoreDamaged, set_aside
from .announce import Announcer
from .app import MAX_BODY, create_app
from .hub import BOT_PACE_S, TableHub


@dataclass
class ServeConfig:
    board: str = "sim"
    layout: str = ""  # the board's layout (a board file on the Pico says the same)
    host: str = "0.0.0.0"
    port: int = 8000
    public: bool = False
    db: Path = DEFAULT_DB
    quiet_s: float = QUIET_S
    url: str | None = None  # the address people use, when not this machine's own
    mdns: bool = True  # answer for marbleboard.local on the local network
    trusted_proxy: str | None = None  # a proxy whose X-Forwarded-For is believed
    fresh_store: bool = False  # a damaged games file is set aside for an empty one
    bot_pace_s: float = BOT_PACE_S  # a bot's move shown this long before it is made
    remote: RemoteConfig | None = None  # the broker for games shared with another home


def table_token(db: Path) -> str:
    """The table's own secret, kept beside the games so its link survives restarts."""
    path = db.with_suffix(".table-token")
    if path.exists():
        return path.read_text().strip()
    db.parent.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(16)
    # Made its owner's alone from the start, never readable by others for a moment.
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
        f.write(token)
    return token


def open_store(db: Path, fresh: bool) -> GameStore | None:
    """The games file, or None, said why, when it is damaged and no fresh one was
    asked for: nothing is moved or written without that."""
    try:
        return GameStore(db)
    except StoreDamaged as e:
        if not fresh:
            print(f"error: {e}.\n  It has been left exactly as it is. To keep it aside and "
                  f"start with no saved games, run again with --fresh-store; to try to "
                  f"recover it first, see `sqlite3 {db} .recover`.")
            return None
        aside = set_aside(db)
        print(f"The damaged games file was kept aside as {aside}; starting with no saved games.")
        return GameStore(db)


class Server(uvicorn.Server):
    """uvicorn's server, on which SIGTERM (what `systemctl stop` sends) and Ctrl-C
    both end the serving and nothing else. uvicorn raises the signal again once it
    has stopped, and a re-raised SIGTERM kills the process on the spot: the store
    was left unclosed, the Pico got no goodbye, temporary folders stayed."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach the main thread only (a service run by tests)
            return
        wanted = (signal.SIGINT, signal.SIGTERM)
        before = {sig: signal.signal(sig, self.handle_exit) for sig in wanted}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)


def server_config(app: Any, host: str, port: int,
                  trusted_proxy: str | None = None) -> uvicorn.Config:
    """How the web server runs the app, for the service and for tests alike."""
    return uvicorn.Config(
        app, host=host, port=port, log_level="warning",
        # Pages send nothing on their websocket: a big message is refused, not buffered.
        ws_max_size=MAX_BODY,
        # uvicorn believes X-Forwarded-For from 127.0.0.1 unless told otherwise: then
        # anything on this machine, or sent through a proxy on it, could claim any
        # address, and never be locked out of guessing join codes. Only a proxy
        # named with --trusted-proxy is believed.
        proxy_headers=trusted_proxy is not None, forwarded_allow_ips=trusted_proxy)


def access_line(public: bool) -> str:
    """The banner's line on who may connect."""
    if public:
        return ("Open to every network (--public): any address that can reach this machine "
                "may connect, not only the local network.")
    return "Only the local network may connect; start with --public to allow any address."


async def serve(cfg: ServeConfig) -> int:
    try:
        announce = Announcer(cfg.host, cfg.port, cfg.url, mdns=cfg.mdns)
    except ValueError as e:
        print(f"error: {e}")
        return 2
    board = get_board(cfg.layout or default_layout())
    store = open_store(cfg.db, cfg.fresh_store)  # before the board: nothing to undo
    if store is None:
        return DAMAGED_EXIT
    try:
        sim, link = open_board(cfg.board, board)
    except EmulatorError as e:
        print(f"error: {e}")
        store.close()
        return 1
    try:
        await link.connect()
    except LinkError as e:
        print(f"error: {e}")
        store.close()
        if sim is not None:
            sim.close()
        return 1
    base = announce.base
    hub = TableHub(board, link, store, sim, quiet_s=cfg.quiet_s,
                   admin_token=table_token(cfg.db), base_url=base, bot_pace_s=cfg.bot_pace_s,
                   remote=cfg.remote)
    announce.on_change = lambda base, names: hub.follow_address(base, names)
    await hub.open()
    app = create_app(hub, public=cfg.public)
    server = Server(server_config(app, cfg.host, cfg.port, cfg.trusted_proxy))
    titles = ", ".join(g.title for g in hub.games)
    print(f"marbleboard is serving {LOCAL_NAMES.get(cfg.board, 'the board')} ({board.name}); "
          f"the lobby offers {titles}.")
    print(f"  table screen (keep this link to yourself): {base}/?t={hub.admin_token}")
    print(f"  anyone may watch:                          {base}/")
    for line in announce.lines():
        print(line)
    if cfg.remote is not None:
        print(f"  games with another home go through the broker {cfg.remote.broker.url}")
    for waiting in hub.waiting:
        print(f"  {waiting.words()}")
    print(access_line(cfg.public))
    await announce.start()
    try:
        await server.serve()
    finally:
        await announce.close()
        await hub.close_table()
        await link.close()  # the Pico is told goodbye: it shows the host has gone
        store.close()
        if sim is not None:
            sim.close()
        print("marbleboard has stopped; every game is saved.")
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help="the table service on the web: table screen and phones")
    p.add_argument("--board", default="sim", help=BOARD_HELP)
    p.add_argument("--layout", choices=sorted(LAYOUTS), help="the board's layout "
                   f"(default {default_layout()}); the lobby offers the games it fits")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--public", action="store_true",
                   help="accept connections from outside the local network too")
    p.add_argument("--db", default=str(DEFAULT_DB), help="where games are saved")
    p.add_argument("--quiet-ms", type=int, default=int(QUIET_S * 1000))
    add_shared_options(p)
    add_remote_options(p)

    def run(args: argparse.Namespace) -> int:
        try:
            remote = config_from(args)
        except ValueError as e:
            print(f"error: {e}")
            return 2
        return asyncio.run(serve(ServeConfig(board=args.board, layout=args.layout or "",
                                             host=args.host, port=args.port,
                                             public=args.public, db=Path(args.db),
                                             quiet_s=args.quiet_ms / 1000, url=args.url,
                                             mdns=not args.no_mdns,
                                             trusted_proxy=args.trusted_proxy,
                                             fresh_store=args.fresh_store,
                                             bot_pace_s=args.bot_pace, remote=remote)))

    p.set_defaults(func=run)


def add_shared_options(p: argparse.ArgumentParser) -> None:
    """The options ``serve`` and ``run`` share: --url, --no-mdns, --fresh-store and
    --trusted-proxy."""
    p.add_argument("--url", help="the address people use, for the links and QR codes, "
                   "e.g. http://table.example:8000 behind a name or a proxy "
                   "(default: this machine's address on the local network)")
    p.add_argument("--no-mdns", action="store_true",
                   help="do not answer for marbleboard.local on the local network")
    p.add_argument("--fresh-store", action="store_true",
                   help="if the games file is damaged, keep it aside and start with an empty one")
    p.add_argument("--bot-pace", type=float, default=BOT_PACE_S, metavar="SECONDS",
                   help="how long a bot's move is shown before it is made, so that the "
                   f"people at the table can follow it (default {BOT_PACE_S})")
    p.add_argument("--trusted-proxy", metavar="ADDRESS",
                   help="a reverse proxy's address (or several, comma separated) whose "
                   "X-Forwarded-For header names the real client; by default none is believed")
