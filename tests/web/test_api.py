"""Every endpoint's bad inputs: a clear error, and nothing changed."""

import httpx
import pytest
from conftest import seat_token


def start(live, seats=("human", "bot:greedy"), token=None):
    return httpx.post(f"{live.url}/api/admin/start",
                      json={"token": token or live.admin, "players": len(seats),
                            "seats": list(seats)})


def seat_link(live, seat="red"):
    """The secret of the seat's phone, from the seat's link as its phone opens it."""
    return seat_token(live, seat)


def snapshot(live):
    return live.hub.table.record.moves[:], live.hub.table.state.turns


def test_pages_and_board_load(live):
    assert httpx.get(f"{live.url}/").status_code == 200
    assert httpx.get(f"{live.url}/seat/red").status_code == 200
    board = httpx.get(f"{live.url}/api/board").json()
    assert len(board["holes"]) == 104 and board["seats"]["red"].startswith("#")
    assert httpx.get(f"{live.url}/static/../app.py").status_code == 404
    assert httpx.get(f"{live.url}/static/nope.js").status_code == 404


def test_starting_needs_the_tables_own_secret(live):
    r = start(live, token="guess")
    assert r.status_code == 401 and r.json()["code"] == "token"
    assert live.hub.table is None
    assert start(live).json() == {"ok": True, "note": ""}


def test_the_rules_left_open_are_chosen_at_the_start(live):
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 4, "seats": ["human", "bot:greedy"] * 2,
        "rules": {"teams": False, "seven_into_home": False}})
    assert r.status_code == 200
    opts = live.hub.table.state.opts
    assert not opts.teams and not opts.seven_into_home and opts.joker_into_home
    table = httpx.get(f"{live.url}/api/table").json()
    assert table["rules"]["teams"] is False


@pytest.mark.parametrize("body, status", [
    ({"token": "x", "players": 2, "seats": ["human", "human"], "rules": {"cheat": True}}, 422),
    ({"players": 2, "seats": ["human", "bot:greedy"]}, 422),  # no token
    ({"token": "x", "players": 5, "seats": ["human"] * 5}, 422),
    ({"token": "x", "players": 2, "seats": ["human", "wizard"]}, 422),
    ({"token": "x", "players": 2, "seats": ["human"]}, 422),
    ("not json", 422),
])
def test_malformed_start_requests(live, body, status):
    r = httpx.post(f"{live.url}/api/admin/start", json=body) if not isinstance(body, str) else \
        httpx.post(f"{live.url}/api/admin/start", content=body,
                   headers={"content-type": "application/json"})
    assert r.status_code == status
    assert live.hub.table is None


def test_a_seat_needs_its_own_link(live):
    # Two people: a bot to move first would change the game while the test looks.
    start(live, seats=("human", "human"))
    token = seat_link(live)
    before = snapshot(live)
    for seat, tok, code in (("red", "wrong", 401), ("yellow", token, 401), ("purple", token, 404)):
        r = httpx.post(f"{live.url}/api/seats/{seat}/card",
                       json={"token": tok, "turn": 0, "card": "KS"})
        assert r.status_code == code
    r = httpx.get(f"{live.url}/api/seats/red", params={"token": "wrong"})
    assert r.status_code == 401
    assert snapshot(live) == before


def test_out_of_turn_stale_unheld_and_illegal_requests_change_nothing(live):
    start(live, seats=("human", "human"))
    red, yellow = seat_link(live, "red"), seat_link(live, "yellow")
    state = httpx.get(f"{live.url}/api/seats/red", params={"token": red}).json()
    turn, current = state["turns"], state["turn"]
    mover, other = (red, yellow) if current == "red" else (yellow, red)
    mover_seat, other_seat = ("red", "yellow") if current == "red" else ("yellow", "red")
    mine = httpx.get(f"{live.url}/api/seats/{mover_seat}", params={"token": mover}).json()
    before = snapshot(live)
    cases = [
        (other_seat, other, "move", {"move": mine["moves"][0]["text"]}, "not-your-turn"),
        (mover_seat, mover, "move", {"move": mine["moves"][0]["text"], "turn": turn + 5}, "stale"),
        (mover_seat, mover, "move", {"move": "Q 70-10"}, "illegal"),
        (mover_seat, mover, "answer", {"move": "K RS-0"}, "no-question"),
    ]
    held = {c[0] for c in mine["hand"]}
    missing = next(r for r in "A23456789TJQK" if r not in held)
    cases.append((mover_seat, mover, "card", {"card": missing + "S"}, "not-held"))
    for seat, token, path, extra, code in cases:
        body = {"token": token, "turn": turn, **extra}
        r = httpx.post(f"{live.url}/api/seats/{seat}/{path}", json=body)
        assert r.status_code == 409 and r.json()["code"] == code, (path, r.text)
    for bad in ({"token": mover}, {"token": mover, "turn": -1, "move": "x"},
                {"token": mover, "turn": 0, "move": "x" * 500},
                {"token": mover, "turn": 0, "card": "ZZ"}):
        assert httpx.post(f"{live.url}/api/seats/{mover_seat}/card", json=bad).status_code == 422
    assert snapshot(live) == before


def test_a_replayed_move_is_refused_as_stale(live):
    start(live, seats=("human", "human"))
    tokens = {s: seat_link(live, s) for s in ("red", "yellow")}
    first = httpx.get(f"{live.url}/api/seats/red", params={"token": tokens["red"]}).json()
    seat = first["turn"]
    me = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": tokens[seat]}).json()
    body = {"token": tokens[seat], "turn": me["turns"], "move": me["moves"][0]["text"]}
    assert httpx.post(f"{live.url}/api/seats/{seat}/move", json=body).status_code == 200
    live.call(wait_for_turns(live, me["turns"] + 1))
    r = httpx.post(f"{live.url}/api/seats/{seat}/move", json=body)
    assert r.status_code == 409 and r.json()["code"] in ("stale", "not-your-turn")


async def wait_for_turns(live, turns, timeout=10):
    import asyncio

    async with asyncio.timeout(timeout):
        while live.hub.table.state.turns < turns:
            await asyncio.sleep(0.02)


def test_clicking_the_simulated_board(live):
    r = httpx.post(f"{live.url}/api/sim/toggle", json={"token": live.admin, "hole": "track.3"})
    assert r.status_code == 200 and "track.3" in live.sim.physical.occupied_holes()
    r = httpx.post(f"{live.url}/api/sim/toggle", json={"token": live.admin, "hole": "track.99"})
    assert r.status_code == 404
    r = httpx.post(f"{live.url}/api/sim/toggle", json={"token": "no", "hole": "track.3"})
    assert r.status_code == 401


def test_only_the_local_network_may_connect():
    from marbleboard.web.app import _is_local

    assert _is_local("127.0.0.1") and _is_local("192.168.1.20") and _is_local("10.0.0.5")
    assert not _is_local("8.8.8.8") and not _is_local(None) and not _is_local("garbage")


def test_a_double_tap_plays_one_move_and_refuses_the_other(live):
    import asyncio

    start(live, seats=("human", "human"))
    tokens = {s: seat_link(live, s) for s in ("red", "yellow")}

    async def tap_twice():
        async with httpx.AsyncClient(base_url=live.url) as client:
            while True:  # a turn with a move to choose (a hand may have been thrown away)
                table = (await client.get("/api/table")).json()
                seat = table["turn"]
                me = (await client.get(f"/api/seats/{seat}",
                                       params={"token": tokens[seat]})).json()
                if me["moves"]:
                    break
                await asyncio.sleep(0.05)
            moves = [m["text"] for m in me["moves"]]
            bodies = [{"token": tokens[seat], "turn": me["turns"], "move": m}
                      for m in (moves[0], moves[-1])]
            replies = await asyncio.gather(*(client.post(f"/api/seats/{seat}/move", json=b)
                                             for b in bodies))
            return me, moves, replies

    me, moves, replies = asyncio.run(tap_twice())
    assert sorted(r.status_code for r in replies) == [200, 409]
    refused = next(r for r in replies if r.status_code == 409)
    assert refused.json()["code"] == "moving"
    live.call(wait_for_turns(live, me["turns"] + 1))
    table = live.hub.table
    played = [m for m in table.record.moves if not m.startswith("shuffle")]
    # One of the two taps was played; after it only hands the table threw away
    # by itself for the next seats (no card could be played), never the other tap.
    assert played[me["turns"]] in (moves[0], moves[-1])
    assert all(m == "fold" for m in played[me["turns"] + 1:])
    live.call(wait_until(lambda: not table.status.mistakes and not table.lifted))


async def wait_until(check, timeout=10):
    import asyncio

    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)


def test_the_colours_that_play_are_chosen_at_the_start(live):
    table = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()
    offer = next(g for g in table["games"] if g["name"] == "wampoo")
    assert offer["colours"]["2"] == ["red", "blue", "yellow", "green"]
    assert offer["seats"]["2"] == ["red", "yellow"]  # the usual two, opposite
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["bot:greedy", "human"],
        "colours": ["green", "blue"]})
    assert r.status_code == 200, r.text
    hub = live.hub
    assert hub.table.seats == {1: "human", 3: "bot:greedy"}
    assert hub.table.state.opts.seats == (1, 3)
    payload = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()
    assert [s["seat"] for s in payload["seats"]] == ["blue", "green"]
    assert list(payload["links"]) == ["blue"]
    # The simulated board is set up with the chosen colours' marbles only.
    rows = {h.split(".")[1] for h in live.sim.physical.occupied_holes() if h.startswith("start.")}
    assert rows == {"blue", "green"}
    # The saved game keeps them, so a restart resumes the same seats.
    from marbleboard.table.store import GameStore

    saved = GameStore(live.db)
    assert saved.load(hub.table.game_id).options.seats == (1, 3)
    saved.close()


@pytest.mark.parametrize("colours, players", [
    (["red", "purple"], 2),  # not a colour of the game
    (["red", "red"], 2),  # one colour twice
    (["red", "blue", "green"], 2),  # more colours than players
])
def test_colours_that_cannot_play_are_refused(live, colours, players):
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": players, "seats": ["human"] * players,
        "colours": colours})
    assert r.status_code == 422 and r.json()["code"] == "colours", r.text
    assert live.hub.table is None


def test_a_bot_is_chosen_by_level_and_the_record_keeps_what_it_stood_for(live):
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "bot:strong"]})
    assert r.status_code == 200, r.text
    hub = live.hub
    assert hub.table.seats == {0: "human", 2: "bot:strong"}
    # Wampoo's strong level is its lookahead with the learned evaluation.
    assert hub.table.record.players == {"red": "human",
                                        "yellow": "bot:strong=lookahead+learned"}
    # The store keeps it, and a game resumed from it plays on with that bot.
    game_id = hub.table.game_id
    async def stored_record():
        return hub.store.load(game_id)

    stored = live.call(stored_record())
    assert stored.players["yellow"] == "bot:strong=lookahead+learned"
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "bot:clever"]})
    assert r.status_code == 422 and r.json()["code"] == "invalid"
