"""The room: phones join the table before any game, by its QR code or its short
code, with their players' names; each claims a colour and plays it in every game
of the evening, through rematches, new games and abandoned ones, and after the
service restarts. The first phone is the host, who may run the evening."""

import asyncio
import json

import httpx
import pytest
import websockets
from conftest import claim

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


def test_a_seats_link_claimed_by_a_phone_beyond_the_room_is_refused():
    """A seat's link opened on a 17th phone: refused, and the link stays good for a
    phone once one has left."""
    room = Room(["red", "blue"])
    seat = room.seat_link("blue", "Léo")
    for i in range(MEMBERS):
        room.join(f"P{i}")
    with pytest.raises(Refused) as e:
        room.redeem(seat.claim)
    assert e.value.code == "room-full"
    room.leave(room.phones()[-1].token)
    assert room.redeem(seat.claim).token == seat.token


def test_a_room_is_kept_and_read_back_whole():
    room = Room(["red", "blue"])
    anna = room.join("Anna", "red")
    link = room.seat_link("blue")
    again = Room(["red", "blue"])
    again.load(json.loads(json.dumps(room.to_json())))
    assert again.secret == room.secret
    assert again.host.token == anna.token and again.holder("red").name == "Anna"
    assert not again.holder("blue").phone and again.holder("blue").claim == link.claim
    assert again.redeem(link.claim).token == link.token  # its claim is still good, once
    with pytest.raises(Refused) as e:
        again.redeem(link.claim)
    assert e.value.code == "claim"


def test_a_seats_link_carries_a_claim_good_once_never_its_secret():
    room = Room(["red", "blue"])
    link = room.seat_link("blue")
    assert link.claim and link.claim != link.token and not link.phone
    for wrong in ("guess", link.token):  # a member's secret is no claim
        with pytest.raises(Refused):
            room.redeem(wrong)
    member = room.redeem(link.claim)
    assert member is link and member.phone and member.claim is None
    assert room.host is member  # the first phone of the room
    with pytest.raises(Refused) as e:
        room.redeem(link.claim)
    assert (e.value.status, e.value.code) == (401, "claim")


def test_a_room_saved_before_claims_still_loads_and_its_seats_links_get_one():
    saved = {"secret": "s3cret", "joined": 2, "members": [
        {"token": "anna-secret", "name": "Anna", "place": "red", "joined": 1, "phone": True},
        {"token": "blue-secret", "name": "", "place": "blue", "joined": 2, "phone": False}]}
    room = Room(["red", "blue"])
    room.load(saved)
    anna, blue = room.holder("red"), room.holder("blue")
    assert anna.claim is None and anna.phone
    assert blue.claim and blue.claim != blue.token and not blue.phone
    assert room.redeem(blue.claim) is blue


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
    assert link["url"].startswith(f"{live.url}/seat/yellow?c=")
    unopened = live.hub.tokens[2]  # the seat's member, whose secret nobody was shown
    assert unopened not in json.dumps(table(live, admin=True))
    ben = claim(live, link["url"])  # Ben scans the seat's QR code during the game
    assert ben == unopened
    assert seat_state(live, "yellow", ben).status_code == 200
    assert table(live, admin=True)["links"]["yellow"] == {"phone": True}
    assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna", ""]
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


def test_a_seat_whose_phone_is_connected_is_not_handed_to_a_bot(live):
    anna, ben = join(live, "Anna", "red"), join(live, "Ben", "yellow")
    start(live, anna)

    async def ben_there():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?m={ben}") as ws:
            await ws.recv()
            return await asyncio.to_thread(admin, live, "bot", anna, seat="yellow")

    refused = asyncio.run(ben_there())
    assert refused.status_code == 409 and refused.json()["code"] == "connected"
    assert live.hub.table.seats[2] == "human"


def test_the_host_sends_a_phone_out_of_the_room(live):
    anna, eve = join(live, "Anna", "red"), join(live, "Eve", "yellow")
    numbers = {p["name"]: p["n"] for p in table(live)["room"]["phones"]}
    assert admin(live, "remove", eve, phone=numbers["Anna"]).status_code == 401  # not the host
    assert admin(live, "remove", anna, phone=numbers["Eve"]).json()["ok"]
    assert me(live, eve, name="Eve").status_code == 401  # her link is good no more
    assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna"]
    assert not any(p["taken"] and p["place"] == "yellow" for p in table(live)["room"]["places"])
    assert admin(live, "remove", anna, phone=99).json()["code"] == "phone"


# --- a seat's own link: a claim, good once ------------------------------------------------


def test_a_seats_link_is_claimed_once_and_its_phones_secret_is_never_shown(live):
    anna = join(live, "Anna", "red")  # the host
    start(live, anna)
    url = table(live, admin=True)["links"]["yellow"]["url"]
    token = claim(live, url)
    # Opened again (another phone, or the QR code scanned by someone else): refused,
    # with words the page shows.
    r = httpx.post(f"{live.url}/api/room/claim", json={"claim": url.split("c=")[1]})
    assert (r.status_code, r.json()["code"]) == (401, "claim")
    assert "opened already" in r.json()["detail"]
    # Neither the table screen nor the host's phone ever holds the phone's secret.
    for payload in (table(live, admin=True), table(live),
                    httpx.get(f"{live.url}/api/table", params={"token": anna}).json()):
        assert token not in json.dumps(payload)
    # A member's secret is not a claim either.
    assert httpx.post(f"{live.url}/api/room/claim", json={"claim": token}).status_code == 401


def test_a_new_link_kills_the_old_claim_and_its_member(live):
    anna = join(live, "Anna", "red")
    start(live, anna)
    old_url = table(live, admin=True)["links"]["yellow"]["url"]
    old_member = live.hub.tokens[2]
    assert admin(live, "link", anna, seat="yellow").json()["ok"]
    new_url = table(live, admin=True)["links"]["yellow"]["url"]
    assert new_url != old_url and live.hub.tokens[2] != old_member
    r = httpx.post(f"{live.url}/api/room/claim", json={"claim": old_url.split("c=")[1]})
    assert r.status_code == 401
    assert seat_state(live, "yellow", old_member).status_code == 401
    ben = claim(live, new_url)
    assert seat_state(live, "yellow", ben).status_code == 200
    # Claimed, then made anew again: the phone that claimed it is out too.
    assert admin(live, "link", anna, seat="yellow").json()["ok"]
    assert seat_state(live, "yellow", ben).status_code == 401
    assert me(live, ben, name="Ben").status_code == 401


def test_a_restart_keeps_an_unclaimed_link_good_and_a_claimed_one_dead(tmp_path):
    with LiveServer(tmp_path / "games.db") as live:
        anna = join(live, "Anna", "red")
        start(live, anna, seats=("human", "human", "human"), colours=("red", "blue", "yellow"))
        links = table(live, admin=True)["links"]
        ben = claim(live, links["blue"]["url"])
    with LiveServer(tmp_path / "games.db") as live:
        again = table(live, admin=True)["links"]
        assert again["blue"] == {"phone": True}
        # The QR code shown before still works (the service's port is another one now).
        assert again["yellow"]["url"].split("c=")[1] == links["yellow"]["url"].split("c=")[1]
        r = httpx.post(f"{live.url}/api/room/claim",
                       json={"claim": links["blue"]["url"].split("c=")[1]})
        assert r.status_code == 401
        assert seat_state(live, "blue", ben).status_code == 200
        cleo = claim(live, again["yellow"]["url"])
        assert seat_state(live, "yellow", cleo).status_code == 200
        assert seat_state(live, "red", anna).status_code == 200


# --- no seat hopping while a game is played ---------------------------------------------


def test_during_a_game_no_phone_takes_leaves_or_changes_a_games_place(tmp_path):
    """Before, Anna (player 2 of a Wampum game) took the place of player 3, whose
    person had no phone yet, and read player 3's hand."""
    with LiveServer(tmp_path / "games.db", layout="wahoo6") as live:
        anna = join(live, "Anna", "red")
        ben = join(live, "Ben", "blue")
        cleo = join(live, "Cleo")  # watches
        start(live, anna, seats=("human", "human", "human"),
              colours=("player1", "player2", "player3"), game="wampum")
        places = dict(live.hub.seat_places)
        third = places["player3"]
        assert live.hub.room.holder(third).phone is False  # its link waits for a phone
        free = next(p for p in live.hub.room.places if p not in places.values())
        for token, place in ((ben, third), (ben, None), (ben, places["player1"]),
                             (cleo, third), (anna, free)):
            r = me(live, token, place=place)
            assert (r.status_code, r.json()["code"]) == (409, "game-on"), (token, place)
            assert "ask the host to free your colour" in r.json()["detail"]
        assert seat_state(live, "player3", ben).status_code == 401
        r = httpx.post(f"{live.url}/api/room/join",
                       json={"room": secret(live), "name": "Dan", "place": third})
        assert (r.status_code, r.json()["code"]) == (409, "game-on")
        assert [p["name"] for p in table(live)["room"]["phones"]] == ["Anna", "Ben", "Cleo"]
        # Nothing changed: the seat's own link still works, once.
        dan = claim(live, table(live, admin=True)["links"]["player3"]["url"])
        assert seat_state(live, "player3", dan).status_code == 200
        # A name may change; a place no seat of the game is played at may be taken.
        assert me(live, ben, name="Benjamin").json()["ok"]
        assert me(live, cleo, place=free).json()["ok"]
        assert me(live, cleo, place=None).json()["ok"]
        # The host frees Ben's colour: he watches, and his seat waits for its own
        # link's claim, not for a place.
        assert admin(live, "free", anna, place=places["player2"]).json()["ok"]
        assert seat_state(live, "player2", ben).status_code == 401
        assert me(live, ben, place=places["player2"]).json()["code"] == "game-on"
        link = table(live, admin=True)["links"]["player2"]
        assert not link["phone"] and "url" in link


def play_to_the_end(live, tokens):
    """Every turn played by its seat's phone, as the phone sends it, to the end."""
    hub = live.hub
    for _ in range(500):
        table = hub.table
        if table.state.is_over():
            return
        if table.state.current >= 0:
            seat, turns = table.names[table.state.current], table.state.turns
            mine = seat_state(live, seat, tokens[seat]).json()
            if mine["moves"]:
                r = httpx.post(f"{live.url}/api/seats/{seat}/move", json={
                    "token": tokens[seat], "turn": turns, "move": mine["moves"][0]["text"]})
                assert r.status_code in (200, 409), r.text
        live.call(asyncio.sleep(0.02))
    raise AssertionError("the game did not end")


def test_places_change_freely_in_the_lobby_and_after_the_game(live):
    anna = join(live, "Anna", "red")
    ben = join(live, "Ben", "yellow")
    assert me(live, ben, place="blue").json()["ok"]  # the lobby
    assert me(live, ben, place="yellow").json()["ok"]
    r = admin(live, "start", anna, game="wumprummy", players=2, seats=["human", "human"],
              colours=["player1", "player2"], rules={"games_to_win": 1})
    assert r.status_code == 200, r.text
    assert me(live, ben, place="blue").json()["code"] == "game-on"
    play_to_the_end(live, {"player1": anna, "player2": ben})
    assert table(live)["state"] == "over"
    assert me(live, ben, place="blue").json()["ok"]  # the game is over: free again
    r = httpx.post(f"{live.url}/api/room/join",
                   json={"room": secret(live), "name": "Cleo", "place": "yellow"})
    assert r.status_code == 200, r.text
    assert admin(live, "lobby", anna).json()["ok"]
    assert me(live, ben, place="green").json()["ok"]
