"""The host's service as its own process (``marbleboard serve``), killed with
SIGKILL or stopped with SIGTERM at the worst moment: the other home's move has
reached it, been acknowledged and saved, and is on its screen, not yet made (a
card game's move from afar is made after the bot pace, 600 s here, or once the
table says it has seen it). Started again from its store alone, it makes that
move, once, and the game goes on to its end with one equal record in both homes.
The other home is a whole service in this process, its phone played through its
own API."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from test_two_services import play, post, table, until, whole_move

from marbleboard.remote.hosting import RemoteConfig
from marbleboard.table.store import GameStore
from marbleboard.web.live import LiveServer, free_port

START_S = 60.0
SEAT = "player2"  # played in the other home; the host's bot plays player1


class HostProcess:
    """``marbleboard serve`` on the simulated board, hosting through the broker."""

    def __init__(self, folder: Path, broker, bot_pace: float):
        login = folder / "broker-login"
        hosting = broker.hosting_login()
        login.write_text(f"{hosting.username}:{hosting.password}\n")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.lines: list[str] = []
        self.admin: str | None = None
        marbleboard = Path(sys.executable).with_name("marbleboard")
        self.process = subprocess.Popen(
            [str(marbleboard), "serve", "--board", "sim", "--layout", "wahoo",
             "--host", "127.0.0.1", "--port", str(self.port), "--url", self.url,
             "--db", str(folder / "host.db"), "--no-mdns", "--bot-pace", str(bot_pace),
             "--remote", broker.url, "--remote-ca", broker.ca_file,
             "--remote-login", str(login)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self.ready.wait(START_S):
            self.process.kill()
            raise AssertionError(f"the host's service did not start in {START_S} s: "
                                 f"{self.lines[-20:]}")
        until("the host's service answering", self._answers, lambda: self.lines[-10:])

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip())
            found = re.search(r"/\?t=([\w-]+)", line)
            if found and self.admin is None:
                self.admin = found.group(1)
                self.ready.set()

    def _answers(self) -> bool:
        try:
            return httpx.get(f"{self.url}/api/board", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self, how: str) -> None:
        self.process.send_signal(signal.SIGKILL if how == "kill" else signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError(f"the host's service did not stop: {self.lines[-10:]}") \
                from None


@pytest.mark.parametrize("how", ["kill", "term"])
def test_the_host_stopped_while_it_shows_the_other_homes_move(broker, tmp_path, how):
    host = HostProcess(tmp_path, broker, bot_pace=600)
    joining = RemoteConfig(broker.address, broker.ca_file)
    try:
        with LiveServer(tmp_path / "guest.db", layout="wahoo", remote=joining) as guest:
            post(host, "/api/admin/start", game="wampum", players=2,
                 seats=["bot:family", "home:2"])
            (home,) = table(host)["remote"]["homes"]
            post(guest, "/api/admin/remote/join", invitation=home["invitation"])

            def seen():
                return (f"host {host.lines[-6:]}; guest {guest.hub.remote_log[-4:]} "
                        f"{guest.hub.table and guest.hub.table.status.log[-4:]}")

            until("the guest's table", lambda: guest.hub.table is not None, seen)
            # The host's bot's moves are made once seen; the other home's first move
            # is left on the host's screen.
            waiting = None
            deadline = time.monotonic() + 300
            while waiting is None:
                assert time.monotonic() < deadline, seen()
                shown = table(host)
                coming = shown.get("coming")
                if coming and coming["seat"] == SEAT:
                    waiting = shown
                elif coming:
                    httpx.post(f"{host.url}/api/admin/go-on", json={"token": host.admin},
                               timeout=10)
                else:
                    _play_once(guest, seen)
                    time.sleep(0.05)
            link = guest.hub.joined.link
            until("the move acknowledged by the host",
                  lambda: link.outboxes["host"].waiting == 0, seen)
            entries = waiting["moves"]
            host.stop(how)

            host = HostProcess(tmp_path, broker, bot_pace=0.2)
            play(guest, SEAT, seen, entries=lambda: guest.hub.table.state.is_over())
            until("the end at the guest", lambda: guest.hub.table.state.is_over(), seen)
            over = until("the end at the host", lambda: (p := table(host))["state"] == "over"
                         and p, seen)
            host.stop("term")
            kept = GameStore(tmp_path / "host.db")
            record = kept.load(1)  # the only game in the host's new store
            kept.close()
            assert guest.hub.table.record.moves == record.moves == over["record"]["moves"]
            assert over["moves"] > entries
            assert link.refused == {}
    finally:
        if host.process.poll() is None:
            host.process.kill()


def _play_once(guest: LiveServer, seen) -> None:
    """The other home's phone plays one move if it is its turn (a bid: whole)."""
    hub = guest.hub
    if hub.table is None or hub.table.state.is_over():
        return
    seat = hub.table.names.index(SEAT)
    token = hub.tokens.get(seat)
    if token is None:
        return
    phone = httpx.get(f"{guest.url}/api/seats/{SEAT}", params={"token": token},
                      timeout=10).json()
    if phone.get("turn") != SEAT or phone.get("moving") or not phone.get("moves"):
        return
    if phone.get("compose"):
        body = {"token": token, "turn": phone["turns"], "moves": whole_move(guest, SEAT)}
        path = "steps"
    else:
        body = {"token": token, "turn": phone["turns"], "move": phone["moves"][0]["text"]}
        path = "move"
    response = httpx.post(f"{guest.url}/api/seats/{SEAT}/{path}", json=body, timeout=10)
    assert response.status_code in (200, 409), response.text
