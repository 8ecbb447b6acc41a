"""No screen waits for another: a websocket that never reads is let go, and every
other screen keeps getting each change as it happens; a frame no page sends is
refused with a close code, not a traceback."""

import asyncio
import base64
import json
import logging
import os
import socket
import time

import httpx
import pytest
from websockets.sync.client import connect

from marbleboard.web.hub import Client

FOLLOW_S = 2.0  # a healthy screen sees each change within this, however slow another is


def holes_with_marbles(payload):
    return {h for h, v in payload["holes"].items() if "m" in v}


class Healthy:
    """A screen that reads every payload, in the service's own loop."""

    def __init__(self):
        self.payloads = []

    async def send(self, payload):
        self.payloads.append(payload)


async def never(payload):
    await asyncio.Event().wait()  # a screen that accepts nothing, ever


def wait_until(condition, what, seen, bound=FOLLOW_S):
    deadline = time.monotonic() + bound
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {bound} s; saw {seen()}"
        time.sleep(0.005)


def test_a_screen_that_never_reads_holds_up_no_other(live):
    """Broadcasts never wait on one client: the one that does not read is let go
    after the send bound, holding one payload at most meanwhile."""
    hub = live.hub
    hub.send_timeout_s = 0.5
    healthy = Healthy()
    stuck = Client(None, False, never)
    live.call(_attach(hub, stuck))
    live.call(_attach(hub, Client(None, False, healthy.send)))
    tasks = live.call(_tasks())
    hole = live.hub.board.holes[40].id
    for i in range(60):
        live.call(hub.toggle(hole))
        placed = i % 2 == 0
        wait_until(lambda p=placed: healthy.payloads and
                   (hole in holes_with_marbles(healthy.payloads[-1])) == p,
                   f"change {i} did not reach the healthy screen",
                   lambda: len(healthy.payloads))
    # Nothing piles up behind the stuck screen (before: a broadcast a change, each
    # waiting on it, with its payloads).
    assert live.call(_tasks()) <= tasks + 2
    wait_until(lambda: stuck not in hub.clients, "the stuck screen was not let go",
               lambda: (hub.dropped, len(hub.clients)), bound=3)
    assert hub.dropped == 1 and stuck.gone.is_set()


async def _attach(hub, client):
    hub.attach(client)


async def _tasks():
    return len(asyncio.all_tasks())


def raw_websocket(live, rcvbuf=4096):
    """A websocket opened by hand on a socket with a tiny receive buffer, which is
    then never read: what a page that stopped reading looks like to the service."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.connect(("127.0.0.1", live.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{live.port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                  f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = sock.recv(200)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def test_a_real_socket_that_never_reads_is_let_go_while_the_table_screen_follows(live):
    """The public /ws, opened and never read while the board changes quickly: the
    table screen gets every change within its bound; the silent one is dropped."""
    hub = live.hub
    hub.send_timeout_s = 1.0
    silent = raw_websocket(live)
    hole = hub.board.holes[40].id
    try:
        with connect(f"ws://127.0.0.1:{live.port}/ws?t={live.admin}",
                     additional_headers={"Origin": live.url}) as table:
            table.recv(timeout=FOLLOW_S)  # the first payload
            changes = 0
            deadline = time.monotonic() + 60
            assert len(hub.clients) == 2
            while len(hub.clients) == 2:  # until the silent one is let go
                assert time.monotonic() < deadline, \
                    f"the silent socket was never let go after {changes} changes"
                live.call(hub.toggle(hole))
                changes += 1
                placed = changes % 2 == 1
                while True:  # the change, within the bound (older payloads may come first)
                    try:
                        payload = json.loads(table.recv(timeout=FOLLOW_S))
                    except TimeoutError:
                        raise AssertionError(f"change {changes} did not reach the table "
                                             f"screen within {FOLLOW_S} s") from None
                    if (hole in holes_with_marbles(payload)) == placed:
                        break
            assert changes > 1  # the silent socket first took what its buffers hold
    finally:
        silent.close()


def test_a_binary_frame_closes_the_socket_with_a_reason(live, caplog):
    """No page sends binary frames: one is refused with close code 1003, and the
    service logs no traceback."""
    caplog.set_level(logging.WARNING)
    with connect(f"ws://127.0.0.1:{live.port}/ws", additional_headers={"Origin": live.url}) as ws:
        ws.recv(timeout=FOLLOW_S)
        ws.send(b"\x00\x01binary")
        with pytest.raises(Exception) as closed:
            while True:
                ws.recv(timeout=FOLLOW_S)
        assert getattr(closed.value, "rcvd", None) is not None, closed.value
        assert closed.value.rcvd.code == 1003
    # The service still answers, and the socket is no longer among its screens.
    assert httpx.get(f"{live.url}/api/table").status_code == 200
    wait_until(lambda: not live.hub.clients, "the closed socket is still a screen",
               lambda: live.hub.clients)
    assert not [r for r in caplog.records if r.exc_info], caplog.text
