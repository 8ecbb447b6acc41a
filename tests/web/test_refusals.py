"""The service refuses cleanly: oversized and malformed requests, other sites' pages,
links that are not (or no longer) valid, a seat link passed round too many phones."""

import asyncio
import base64
import json
import os
import socket

import httpx
import pytest
import websockets
from test_api import seat_link, snapshot, start

from marbleboard.web.hub import PHONES_PER_SEAT
from marbleboard.web.live import LiveServer

SECRET = "s3cr3t-v4lue-never-echoed"


# --- request bodies ---------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_before_it_is_read(live):
    big = {"token": live.admin, "players": 2, "seats": ["human", "human"], "pad": "x" * 10000}
    r = httpx.post(f"{live.url}/api/admin/start", json=big)
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert "x" * 100 not in r.text
    assert live.hub.table is None


def test_a_body_over_the_limit_without_a_length_is_refused_as_it_arrives(live):
    def chunks():
        yield b'{"token": "' + live.admin.encode() + b'", "pad": "'
        for _ in range(20):
            yield b"y" * 1000
        yield b'"}'

    r = httpx.post(f"{live.url}/api/admin/start", content=chunks(),
                   headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert live.hub.table is None


@pytest.mark.parametrize("body", [
    {"token": SECRET, "turn": "not a number " + SECRET, "move": "A RS-0"},
    {"token": "t", "turn": 0, "move": "x" * 50 + SECRET},
    {"token": "t", "turn": 0, "move": "K RS-0", SECRET: 1},
    {"token": "t", "turn": [SECRET], "move": "K RS-0"},
    "{" + SECRET,
])
def test_a_malformed_request_gets_a_clear_message_that_never_echoes_it(live, body):
    start(live, seats=("human", "human"))
    before = snapshot(live)
    content = body if isinstance(body, str) else json.dumps(body)
    r = httpx.post(f"{live.url}/api/seats/red/move", content=content,
                   headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["code"] == "invalid" and r.json()["detail"]
    assert SECRET not in r.text and "input" not in r.json()
    assert snapshot(live) == before


def test_the_start_requests_rule_names_are_not_echoed_either(live):
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "human"],
        "rules": {SECRET.replace("-", "_").replace("3", "e").replace("4", "a"): "maybe"}})
    assert r.status_code == 422 and r.json()["code"] == "invalid"
    assert "s3cr" not in r.text and "secr" not in r.text
    assert r.json()["detail"].startswith("rules")


# --- websockets: who may open one -----------------------------------------------------------


def handshake(live, host, origin=None, query=""):
    """The status line of a websocket handshake with this Host and Origin."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET /ws{query} HTTP/1.1", f"Host: {host}", "Upgrade: websocket",
             "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
    if origin is not None:
        lines.append(f"Origin: {origin}")
    with socket.create_connection(("127.0.0.1", live.port), timeout=5) as s:
        s.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        return s.recv(200).split(b"\r\n")[0].decode()


def test_the_websocket_checks_origin_and_host(live):
    own = f"127.0.0.1:{live.port}"
    assert " 101 " in handshake(live, own, f"http://{own}")
    assert " 101 " in handshake(live, own)  # not a browser: nothing to check it against
    assert " 101 " in handshake(live, f"localhost:{live.port}", f"http://localhost:{live.port}")
    assert " 101 " in handshake(live, f"marbleboard.local:{live.port}",
                                f"http://marbleboard.local:{live.port}")
    # Another site's page, in a browser on the local network.
    assert " 403 " in handshake(live, own, "http://evil.example")
    assert " 403 " in handshake(live, own, f"http://127.0.0.1:{live.port + 1}")
    assert " 403 " in handshake(live, own, "null")
    # A name of another site that points here (DNS rebinding): its Origin matches.
    assert " 403 " in handshake(live, f"evil.example:{live.port}",
                                f"http://evil.example:{live.port}")


def test_plain_http_answers_only_its_own_names(live):
    """A page of another site whose name points here (DNS rebinding) can neither
    read the public table nor spend the phones' code tries."""
    evil = {"Host": f"evil.example:{live.port}"}
    r = httpx.get(f"{live.url}/api/table", headers=evil)
    assert r.status_code == 421 and r.json()["code"] == "host"
    r = httpx.post(f"{live.url}/api/join", json={"code": "ACDE"}, headers=evil)
    assert r.status_code == 421
    assert not live.hub.codes._wrong  # the try was not counted
    for host in (f"127.0.0.1:{live.port}", f"localhost:{live.port}",
                 f"marbleboard.local:{live.port}", f"[::1]:{live.port}"):
        assert httpx.get(f"{live.url}/api/table", headers={"Host": host}).status_code == 200


async def close_code(live, query):
    """The close code of a websocket that the service refuses after accepting it."""
    async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?{query}") as ws:
        with pytest.raises(websockets.ConnectionClosed):
            async with asyncio.timeout(5):
                while True:
                    await ws.recv()
        return ws.close_code, ws.close_reason


def test_a_bad_link_is_told_so_on_the_websocket(live):
    start(live, seats=("human", "human"))
    for query in ("seat=red&t=forged", "seat=purple&t=x", "t=not-the-table"):
        assert asyncio.run(close_code(live, query)) == (4401, "token")


def test_a_seat_link_serves_a_few_phones_and_says_so_past_that(live):
    start(live, seats=("human", "human"))
    token = seat_link(live, "red")
    query = f"seat=red&t={token}"

    async def phones():
        url = f"ws://127.0.0.1:{live.port}/ws?{query}"
        open_ = [await websockets.connect(url) for _ in range(PHONES_PER_SEAT)]
        for ws in open_:
            assert json.loads(await ws.recv())["seat"] == "red"
        refused = await close_code(live, query)
        await open_.pop().close()
        async with asyncio.timeout(5):
            while sum(1 for c in live.hub.clients if live.hub.seat_of(c) == 0) >= PHONES_PER_SEAT:
                await asyncio.sleep(0.02)
        async with websockets.connect(url) as again:  # one phone put away: room again
            assert json.loads(await again.recv())["seat"] == "red"
        yellow = seat_link(live, "yellow")
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?seat=yellow&t={yellow}"):
            pass  # the limit is each seat's own
        for ws in open_:
            await ws.close()
        return refused

    assert PHONES_PER_SEAT <= 4
    assert asyncio.run(phones()) == (4429, "phones")


def test_a_new_game_keeps_the_phones_that_play_its_places(live):
    """A phone that opened a seat's link is in the room: the next game, on the same
    connection, sends it that place's seat in the new game, and its link stays good."""
    start(live, seats=("human", "human"))
    token = seat_link(live, "red")

    async def phone():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?seat=red&t={token}") as ws:
            first = json.loads(await ws.recv())
            await asyncio.to_thread(start, live, ("human", "human"))
            async with asyncio.timeout(5):
                while True:
                    payload = json.loads(await ws.recv())
                    if ["log.new_game", {"n": 2}] in payload["log"]:
                        return first, payload

    first, second = asyncio.run(phone())
    assert ["log.new_game", {"n": 1}] in first["log"]
    assert second["seat"] == "red" and second["room"]["me"]["place"] == "red"
    assert seat_link(live, "red") == token
    # The other seat's link, which no phone opened, is the new game's own.
    assert httpx.get(f"{live.url}/api/seats/red", params={"token": token}).status_code == 200


def test_a_big_websocket_message_closes_it_unread(live):
    async def shout():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws") as ws:
            await ws.recv()
            await ws.send("x" * 10000)
            with pytest.raises(websockets.ConnectionClosed):
                async with asyncio.timeout(5):
                    while True:
                        await ws.recv()
            return ws.close_code

    assert asyncio.run(shout()) == 1009  # too big


def test_refusals_never_repeat_the_request_either(live):
    name = "zz_" + SECRET.replace("-", "_").replace("3", "e").replace("4", "a")
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "human"], "rules": {name: True}})
    assert r.status_code == 422 and r.json()["code"] == "rules" and name not in r.text
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "game": name[:20], "players": 2, "seats": ["human", "human"]})
    assert r.status_code == 422 and r.json()["code"] == "game" and name[:20] not in r.text
    start(live, seats=("human", "human"))
    seat = live.hub.table.names[live.hub.table.state.current]
    token = seat_link(live, seat)
    move = "Q 1-13 " + name[:20]
    r = httpx.post(f"{live.url}/api/seats/{seat}/move",
                   json={"token": token, "turn": live.hub.table.state.turns, "move": move})
    assert r.status_code == 409 and r.json()["code"] == "illegal" and move not in r.text
    r = httpx.post(f"{live.url}/api/sim/toggle", json={"token": live.admin, "hole": name[:30]})
    assert r.status_code == 404 and name[:30] not in r.text


# --- a move made of steps ------------------------------------------------------------------


def test_steps_are_refused_where_moves_are_read_from_the_board(live):
    start(live, seats=("human", "human"))
    before = snapshot(live)
    table = live.hub.table
    seat = table.names[table.state.current]
    r = httpx.post(f"{live.url}/api/seats/{seat}/steps", json={
        "token": seat_link(live, seat), "turn": table.state.turns, "moves": ["A RS-0"]})
    assert r.status_code == 409 and r.json()["code"] == "one-move"
    assert snapshot(live) == before


def test_a_bid_with_a_step_that_cannot_be_made_changes_nothing(tmp_path):
    # Rule text (Wampum): a bid is "autant de cartes Marchandise qu'il le désire de
    # sa Main": a card the hand does not hold cannot go in it, and the whole bid,
    # sent as one, is refused with no step of it played.
    with LiveServer(tmp_path / "games.db", layout="wahoo6") as live:
        live.call(live.hub.start_game("wampum", 3, ["human", "human", "human"]))
        table = live.hub.table
        token = seat_link(live, "player1")
        hand = table.game.private(table.state, 0)["hand"]
        # One card more of a kind than the hand holds: a deal may hold every kind.
        fewest = min(("weapons", "alcohol", "tobacco", "grain", "furs"), key=hand.count)
        not_held = ["+" + fewest[0].upper()] * (hand.count(fewest) + 1)
        villages = [table.game.action_text(table.state, a) for a in table.state.legal_actions()]
        before = snapshot(live)
        for moves in ([villages[0], *not_held, "bid"],  # a card not held
                      [villages[0], "bid"],  # a bid of no card, from a hand of cards
                      [villages[0], "+" + hand[0][0].upper(), "bid", "@2"]):  # past the turn
            r = httpx.post(f"{live.url}/api/seats/player1/steps",
                           json={"token": token, "turn": before[1], "moves": moves})
            assert r.status_code == 409 and r.json()["code"] == "illegal", (moves, r.text)
            assert snapshot(live) == before
        bid = [villages[0], "+" + hand[0][0].upper(), "+" + hand[1][0].upper(), "bid"]
        r = httpx.post(f"{live.url}/api/seats/player1/steps",
                       json={"token": token, "turn": before[1], "moves": bid})
        assert r.status_code == 200, r.text
        assert table.record.moves[len(before[0]):len(before[0]) + 4] == bid
        assert table.state.current == 1
