"""The room: phones join the table before any game, by its QR code or its short
code, with their players' names; each claims a colour and plays it in every game
of the evening, through rematches, new games and abandoned ones, and after the
service restarts. The first phone is the host, who may run the evening."""

import asyncio
import json

import httpx
import pytest
import websockets

from marbleboard.web.live import LiveServer
from marbleboard.web.refused import Refused
from marbleboard.web.room import MEMBERS, Room


def table(live, admin=False):
    params = {"token": live.admin} if admin else {}
    return httpx.get(f"{live.url}/api/table", params=params).json()


def secret(live):
    return table(live)["room"]["url"].split("r=")[1]


def join(live, name, place=None):
    r = httpx.post(f"{live.url}/api/room/join",
                   json={"room": secret(live), "name": name, "place": place})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def me(live, token, **body):
    return httpx.post(f"{live.url}/api/room/me", json={"token": token, **body})


def admin(live, path, token=None, **body):
    return httpx.post(f"{live.url}/api/admin/{path}", json={"token": token or live.admin, **body})


def start(live, token=None, seats=("human", "human"), colours=("red", "yellow"),
          game="wampoo", names=None):
    r = admin(live, "start", token, game=game, players=len(seats), seats=list(seats),
              colours=list(colours), names=names or {}, rules={"teams": False}
              if game == "wampoo" else {})
    assert r.status_code == 200, r.text
    return r


def seat_state(live, seat, token):
    return httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token})


# --- the room on its own -------------------------------------------------------------


def test_the_first_phone_is_the_host_and_the_next_one_takes_over_when_it_leaves():
    room = Room(["red", "blue"])
    anna = room.join("  Anna  ")
    ben = room.join("Ben", "blue")
    assert anna.name == "Anna" and room.host is anna
    room.leave(anna.token)
    assert room.host is ben
    with pytest.raises(Refused) as e:
        room.get(anna.token)
    assert e.value.code == "token"


def test_a_place_is_one_phones_and_a_seats_unopened_link_gives_way():
    room = Room(["red", "blue"])
    anna = room.join("Anna", "red")
    ben = room.join("Ben")
    with pytest.raises(Refused) as e:
        room.claim(ben.token, "red")
    assert e.value.code == "place-taken" and anna.place == "red"
    link = room.seat_link("blue")  # a seat's QR code nobody has scanned
    room.claim(ben.token, "blue")
    assert ben.place == "blue" and link.token not in room.members
    with pytest.raises(Refused):
        room.claim(ben.token, "purple")  # not on this board
    assert room.free("blue") is ben and ben.place is None


def test_names_are_required_and_bounded_and_the_room_holds_a_family_and_guests():
    room = Room(["red"])
    for bad in ("", "   ", "x" * 25):
        with pytest.raises(Refused) as e:
            room.join(bad)
        assert e.value.code == "name"
    for i in range(MEMBERS):
        room.join(f"P{i}")
    with pytest.raises(Refused) as e:
        room.join("One more")
    assert e.value.code == "room-full"


def test_a_room_is_kept_and_read_back_whole():
    room = Room(["red", "blue"])
    anna = room.join("Anna", "red")
    room.seat_link("blue")
    again = Room(["red", "blue"])
    again.load(json.loads(json.dumps(room.to_json())))
    assert again.secret == room.secret
    assert again.host.token == anna.token and again.holder("red").name == "Anna"
    assert not again.holder("blue").phone


# --- joining the table ---------------------------------------------------------------


def test_the_lobby_shows_the_rooms_code_before_any_game_and_the_code_lets_many_phones_in(live):
    room = table(live)["room"]  # the plain table screen's: everyone in the room sees it
    assert room["code"] and room["qr"].startswith("<svg") and room["phones"] == []
    for name in ("Anna", "Ben"):
        r = httpx.post(f"{live.url}/api/join", json={"code": room["code"].lower()})
        assert r.status_code == 200
        assert r.json()["url"] == f"/join?r={secret(live)}"  # the name is asked next
        join(live, name)
    assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna", "Ben"]
    assert table(live)["room"]["code"] == room["code"]  # the same code all evening


def test_a_wrong_room_secret_or_a_bad_name_is_refused_and_nobody_joins(live):
    for body, status, code in (({"room": "guess", "name": "Eve"}, 401, "room"),
                               ({"room": secret(live), "name": " "}, 422, "name"),
                               ({"room": secret(live), "name": "Eve", "place": "purple"}, 404,
                                "place")):
        r = httpx.post(f"{live.url}/api/room/join", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code)
    assert table(live)["room"]["phones"] == []


def test_phones_claim_free_colours_and_the_table_shows_who_plays_where(live):
    anna = join(live, "Anna", "red")
    ben = join(live, "Ben")
    r = me(live, ben, place="red")
    assert (r.status_code, r.json()["code"]) == (409, "place-taken")
    assert me(live, ben, place="yellow").json()["ok"]
    assert me(live, ben, name="Benjamin").json()["ok"]
    room = table(live)["room"]
    assert [(p["name"], p["place"], p["host"]) for p in room["phones"]] == [
        ("Anna", "red", True), ("Benjamin", "yellow", False)]
    assert {p["place"]: p["by"] for p in room["places"] if p["taken"]} == {
        "red": "Anna", "yellow": "Benjamin"}
    assert me(live, anna, place=None).json()["ok"]  # Anna only watches now
    assert not any(p["taken"] and p["place"] == "red" for p in table(live)["room"]["places"])
    assert me(live, "guess", name="Eve").status_code == 401


# --- the evening ----------------------------------------------------------------------


def test_the_phones_play_their_colours_in_every_game_of_the_evening(live):
    anna, ben = join(live, "Anna", "red"), join(live, "Ben", "yellow")
    start(live, names={"red": "typed at the table"})
    payload = table(live, admin=True)
    # The names the players typed on their phones; no seat link to scan for them.
    assert payload["names"] == {"red": "Anna", "yellow": "Ben"}
    assert {s: link["phone"] for s, link in payload["links"].items()} == {
        "red": True, "yellow": True}
    assert seat_state(live, "red", anna).status_code == 200
    assert seat_state(live, "yellow", ben).status_code == 200
    assert seat_state(live, "red", ben).status_code == 401
    assert admin(live, "rematch").json()["ok"]
    assert seat_state(live, "red", anna).status_code == 200
    assert admin(live, "lobby").json()["ok"]  # abandoned: the phones stay in the room
    assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna", "Ben"]
    # A card game next: its numbered seats go to the phones, in the board's order.
    start(live, game="wumprummy", colours=("player1", "player2"))
    assert seat_state(live, "player1", anna).status_code == 200
    assert seat_state(live, "player2", ben).status_code == 200
    assert table(live)["names"] == {"player1": "Anna", "player2": "Ben"}


def test_a_person_without_a_phone_gets_a_seat_link_and_a_latecomer_takes_the_seat(live):
    anna = join(live, "Anna", "red")
    start(live)
    link = table(live, admin=True)["links"]["yellow"]
    assert not link["phone"] and link["code"]  # its own QR code and short code
    unopened = link["url"].split("t=")[1]
    ben = join(live, "Ben", "yellow")  # joins during the game and takes the seat
    assert seat_state(live, "yellow", ben).status_code == 200
    assert seat_state(live, "yellow", unopened).status_code == 401
    assert table(live, admin=True)["links"]["yellow"]["phone"]
    assert seat_state(live, "red", anna).status_code == 200


def test_the_host_phone_runs_the_evening_and_no_other_phone_may(live):
    anna, ben = join(live, "Anna", "red"), join(live, "Ben", "yellow")
    r = admin(live, "start", ben, game="wampoo", players=2, seats=["human", "human"],
              colours=["red", "yellow"], names={}, rules={})
    assert r.status_code == 401 and live.hub.table is None
    start(live, anna)
    assert admin(live, "lobby", ben).status_code == 401
    assert admin(live, "free", anna, place="yellow").json()["ok"]  # Ben only watches now
    assert seat_state(live, "yellow", ben).status_code == 401
    assert table(live, admin=True)["links"]["yellow"]["phone"] is False
    assert admin(live, "lobby", anna).json()["ok"]


def test_a_phone_sees_its_seat_then_the_next_games_on_one_connection(live):
    anna = join(live, "Anna", "red")
    join(live, "Ben")  # watches

    async def phone():
        seen = []
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?m={anna}") as ws:
            async with asyncio.timeout(20):
                lobby = json.loads(await ws.recv())
                assert lobby["state"] == "lobby" and lobby["room"]["me"]["host"]
                assert lobby["host"]["games"]  # the host's phone has the lobby
                await asyncio.to_thread(start, live, anna, ("human", "bot:greedy"))
                while True:
                    payload = json.loads(await ws.recv())
                    seen.append(payload)
                    if payload.get("seat") == "red":
                        break
                await asyncio.to_thread(admin, live, "lobby", anna)
                while True:
                    payload = json.loads(await ws.recv())
                    if payload["state"] == "lobby":
                        return payload, ws.close_code

    lobby, closed = asyncio.run(phone())
    assert closed is None and lobby["room"]["me"]["place"] == "red"


def test_a_watching_phone_sees_the_game_but_no_hand(live):
    join(live, "Anna", "red")
    ben = join(live, "Ben")
    start(live, seats=("human", "bot:greedy"))

    async def watch():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?m={ben}") as ws:
            async with asyncio.timeout(10):
                return json.loads(await ws.recv())

    seen = asyncio.run(watch())
    assert seen["seat"] is None and seen["state"] == "playing" and seen["moves"] == []
    assert "hand" not in seen and seen["names"]["red"] == "Anna"


def test_a_seat_link_made_anew_sends_its_phone_out_of_the_room(live):
    ben = join(live, "Ben", "yellow")
    start(live, seats=("human", "human"))

    async def phone():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?m={ben}") as ws:
            await ws.recv()
            assert (await asyncio.to_thread(admin, live, "link", seat="yellow")).json()["ok"]
            with pytest.raises(websockets.ConnectionClosed):
                async with asyncio.timeout(5):
                    while True:
                        await ws.recv()
            return ws.close_code

    assert asyncio.run(phone()) == 4401
    assert me(live, ben, name="Ben").status_code == 401
    assert not table(live, admin=True)["links"]["yellow"]["phone"]


def test_a_restart_keeps_the_room_and_every_phones_seat(tmp_path):
    with LiveServer(tmp_path / "games.db") as live:
        anna, ben = join(live, "Anna", "red"), join(live, "Ben", "yellow")
        start(live)
        code = table(live)["room"]["url"]
    with LiveServer(tmp_path / "games.db") as live:
        assert table(live)["room"]["url"].split("r=")[1] == code.split("r=")[1]
        assert seat_state(live, "red", anna).status_code == 200
        assert seat_state(live, "yellow", ben).status_code == 200
        assert admin(live, "rematch", anna).json()["ok"]  # still the host
        assert seat_state(live, "yellow", ben).status_code == 200


def test_the_host_hands_a_seat_whose_phone_has_gone_to_a_bot(live):
    anna, ben = join(live, "Anna", "red"), join(live, "Ben", "yellow")
    start(live, anna)
    live.hub.away_s = 0.0  # Ben's phone never connected: gone since he joined
    seats = {s["seat"]: s for s in table(live, admin=True)["seats"]}
    assert seats["yellow"]["away"]
    assert admin(live, "bot", ben, seat="yellow").status_code == 401  # not the host
    assert admin(live, "bot", anna, seat="green", kind="bot:greedy").json()["code"] == "seat"
    assert admin(live, "bot", anna, seat="yellow", kind="bot:greedy").json()["ok"]
    assert live.hub.table.seats[2] == "bot:greedy"
    assert seat_state(live, "yellow", ben).status_code == 401  # Ben watches now
    game_id = live.hub.table.game_id

    async def stored():
        return live.hub.store.load(game_id).players

    assert live.call(stored()) == {"red": "human", "yellow": "bot:greedy"}
    assert ["log.bot_plays_for", {"who": "Ben", "bot": "bot.greedy"}] in table(live)["log"]
    assert admin(live, "bot", anna, seat="yellow").json()["code"] == "seat"  # a bot's already


def test_the_host_sends_a_phone_out_of_the_room(live):
    anna, eve = join(live, "Anna", "red"), join(live, "Eve", "yellow")
    numbers = {p["name"]: p["n"] for p in table(live)["room"]["phones"]}
    assert admin(live, "remove", eve, phone=numbers["Anna"]).status_code == 401  # not the host
    assert admin(live, "remove", anna, phone=numbers["Eve"]).json()["ok"]
    assert me(live, eve, name="Eve").status_code == 401  # her link is good no more
    assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna"]
    assert not any(p["taken"] and p["place"] == "yellow" for p in table(live)["room"]["places"])
    assert admin(live, "remove", anna, phone=99).json()["code"] == "phone"
