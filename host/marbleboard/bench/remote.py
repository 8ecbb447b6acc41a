"""A move made at one board, to the lights at the other home's board: two whole
services, each with its simulated board, sharing a Wa-Hoo game through a
mosquitto on this machine (TLS, the game's logins made by the host).

Measured from the moment the host commits a move read from its own marbles (its
bot's, carried out by the simulated hand) to the moment the other home's table
has sent its board the light state that shows that move: through both services'
event loops, the broker and TLS twice. Both services run in this one process,
each in its own thread, so the two instants are on one clock.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..games.registry import default_layout, game_on
from ..remote.broker import HOST
from ..remote.envelope import Envelope, seal, unseal
from ..remote.guest import GuestPart
from ..remote.hosting import RemoteConfig
from ..remote.keys import GameKeys
from ..remote.localbroker import Mosquitto
from ..web.live import LiveServer
from ..web.refused import Refused
from .report import Row, pct

# The board both homes play on; the game played is the registry's for that board.
BOARD = "wahoo"

SEAT = "yellow"  # the other home's seat; the host's bot plays red


ARRIVED = "move committed at the host -> at the other home's service, p50 / p99"
LIT = "move committed at the host -> lit at the other home, p50 / p99"
SEALED = "a step to a home, sealed and opened: encrypted and signed / HMAC alone"


def sealing_figures(rounds: int = 2000, repeats: int = 5) -> Row:
    """What privacy costs a message, side by side in one loop: a Wampoo step as the
    host sends it to a home (its position in the home's view), encrypted with
    ChaCha20-Poly1305 and signed with Ed25519, then checked and opened there;
    against the same message sealed with HMAC-SHA256 alone, read in clear by
    anyone on the broker (how messages crossed before they were encrypted).
    Best of ``repeats`` runs, per message."""
    game = game_on(default_layout())  # the first board's game: Wampoo
    (state,) = game.busy_positions(1)  # four players, mid-game
    body = {"kind": "chance", "words": ["log.dealt", {}], "entry": "shuffle 0", "at": 1,
            "view": game.home_view(state, [1]).position}
    keys = GameKeys.new(["home2"])
    host, home = keys.for_table(HOST), keys.for_table("home2")
    message = Envelope("k7q2", HOST, "home2", 12, 4, "step", body)
    secret = keys.host

    def encrypted() -> None:
        unseal(home, seal(host, message), "k7q2")

    def hmac_alone() -> None:
        text = json.dumps({"game": "k7q2", "from": HOST, "to": "home2", "seq": 12, "ack": 4,
                           "kind": "step", "body": body}, sort_keys=True).encode()
        mac = hmac.new(secret, text, hashlib.sha256).hexdigest()
        data = json.dumps({"m": text.decode(), "mac": mac}).encode()
        fields = json.loads(data)
        check = hmac.new(secret, fields["m"].encode(), hashlib.sha256).hexdigest()
        assert hmac.compare_digest(check, fields["mac"])
        json.loads(fields["m"])

    def best(work: Callable[[], None]) -> float:
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            for _ in range(rounds):
                work()
            times.append((time.perf_counter() - start) / rounds)
        return min(times)

    sealed, plain = best(encrypted), best(hmac_alone)
    return Row(SEALED, f"{sealed * 1e6:.0f} / {plain * 1e6:.0f} µs",
               f"{sealed / plain:.1f}x per message ({len(seal(host, message))} bytes); "
               f"best of {repeats} x {rounds}, measured side by side")


def remote_figures(moves: int = 150, bound_s: float = 900.0) -> list[Row]:
    if not Mosquitto.available():
        return [Row(LIT, "not run", "mosquitto, mosquitto_ctrl and its dynamic security "
                                    "plugin are needed (apt-get install mosquitto)")]
    with tempfile.TemporaryDirectory() as folder:
        broker = Mosquitto(Path(folder)).start()
        try:
            arrived, lit = _measure(broker, Path(folder), moves, bound_s)
        finally:
            broker.stop()
    rows = []
    for what, delays, against in (
            (ARRIVED, arrived, "through the broker: TLS on loopback, twice"),
            (LIT, lit, "also after any move of the host's still being carried out there "
                       "(steps are taken in order)")):
        ms = [d * 1000 for d in delays]
        rows.append(Row(what, f"{pct(ms, 50):.1f} / {pct(ms, 99):.1f} ms" if ms else "none",
                        f"{len(ms)} moves, both services in one process; {against}; every "
                        "message encrypted and signed"))
    return rows


def _measure(broker: Mosquitto, folder: Path, moves: int,
             bound_s: float) -> tuple[list[float], list[float]]:
    hosting = RemoteConfig(broker.address, broker.ca_file, broker.hosting_login())
    joining = RemoteConfig(broker.address, broker.ca_file)
    lock = threading.Lock()
    delays: list[float] = []
    arrivals: list[float] = []
    deadline = time.monotonic() + bound_s
    while len(delays) < moves and time.monotonic() < deadline:
        with LiveServer(folder / f"host{len(delays)}.db", layout=BOARD, remote=hosting,
                        bot_pace_s=0.05) as host, \
                LiveServer(folder / f"guest{len(delays)}.db", layout=BOARD, remote=joining,
                           bot_pace_s=0.05) as guest:
            assert host.hub is not None and guest.hub is not None
            hub, other = host.hub, guest.hub
            host.call(hub.start_game(game_on(BOARD).name, 2, ["bot:family", "home:2"]))
            table = hub.table
            assert table is not None and hub.hosted is not None
            # Each game's moves by the host record length after them -> when.
            committed: dict[int, float] = {}
            arrived: dict[int, float] = {}
            lit: dict[int, float] = {}

            def on_step(step: dict[str, Any], table: Any = table,
                        committed: dict[int, float] = committed) -> None:
                if step["kind"] == "move" and step["seat"] != table.names.index(SEAT):
                    with lock:
                        committed[len(table.record.moves)] = time.perf_counter()

            table.on_step.append(on_step)
            invitation = hub.hosted.invitation("home2").text
            guest.call(other.join_remote(invitation))
            assert other.joined is not None
            link = other.joined.link
            handler = link.handler

            async def timed(peer: str, kind: str, body: dict[str, Any],
                            arrived: dict[int, float] = arrived, handler: Any = handler) -> None:
                if kind == "step":
                    with lock:
                        arrived.setdefault(body["at"], time.perf_counter())
                await handler(peer, kind, body)

            link.handler = timed
            _play(host, guest, lit, lock, deadline)
            with lock:
                delays += [lit[at] - committed[at] for at in committed if at in lit]
                arrivals += [arrived[at] - committed[at] for at in committed if at in arrived]
    return arrivals[:moves], delays[:moves]


def _play(host: LiveServer, guest: LiveServer, lit: dict[int, float], lock: threading.Lock,
          deadline: float) -> None:
    """The other home's person plays their turns from their phone; the lights for
    each move from afar are timed when its table has shown them."""
    assert host.hub is not None and guest.hub is not None
    watched = None
    while time.monotonic() < deadline:
        table = guest.hub.table
        if host.hub.table is not None and host.hub.table.state.is_over():
            return
        if table is None or not isinstance(table, GuestPart):
            time.sleep(0.02)
            continue
        if table is not watched:
            watched = table

            def shown(t: GuestPart = table) -> None:
                if t.after is not None:
                    with lock:
                        lit.setdefault(t.coming_step["at"], time.perf_counter())

            table.watchers.append(shown)
        seat = table.names.index(SEAT)
        state = table.state
        if (state.current == seat and table.sent is None and not table.restoring
                and not guest.hub.moving() and not state.is_over()):
            action = state.legal_actions()[0]
            text = table.game.action_text(state, action)
            with contextlib.suppress(Refused):  # the turn moved on meanwhile: look again
                guest.call(guest.hub.play(seat, text, state.turns))
        time.sleep(0.02)
