"""The table screen's own requests: names, back to the lobby, rematch, a seat's
new link, drags on the simulated board. Each refusal changes nothing."""

import asyncio

import httpx
import websockets
from conftest import claim

from marbleboard import words


def admin(live, path, **body):
    return httpx.post(f"{live.url}/api/admin/{path}", json={"token": live.admin, **body})


def table(live):
    return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()


def stored(live, read):
    """What the store says, read in the service's own thread (SQLite's rule)."""

    async def reading():
        return read(live.hub.store)

    return live.call(reading())


def start(live, names=None, seats=("human", "bot:greedy"), colours=("red", "yellow")):
    return admin(live, "start", players=len(seats), seats=list(seats), colours=list(colours),
                 names=names or {}, rules={"teams": False})


def test_players_names_reach_both_screens_and_the_log(live):
    assert start(live, {"red": " Anna ", "yellow": "Bob"}).json()["ok"]
    payload = table(live)
    assert payload["names"] == {"red": "Anna", "yellow": "Bob"}
    token = claim(live, payload["links"]["red"]["url"])
    seat = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
    assert seat["names"] == {"red": "Anna", "yellow": "Bob"}
    # One phrase per event: the new game first, said in either language.
    assert payload["log"][0] == ["log.new_game", {"n": 1}]
    assert words.say(payload["log"][0], "fr") == "La partie 1 commence"


def test_a_colour_without_a_name_is_called_by_its_colour(live):
    start(live, {"red": "Anna"})
    assert table(live)["names"] == {"red": "Anna", "yellow": "yellow"}


def test_bad_names_are_refused_and_nothing_starts(live):
    r = start(live, {"red": "A" * 25})
    assert r.status_code == 422 and r.json()["code"] == "invalid"
    r = start(live, {"blue": "Cleo"})  # blue does not play
    assert r.status_code == 422 and r.json()["code"] == "names"
    assert live.hub.table is None


def test_back_to_the_lobby_keeps_the_setup_and_leaves_the_game_unfinished(live):
    assert admin(live, "lobby").status_code == 409  # no game yet
    start(live, {"red": "Anna", "yellow": "Bob"})
    game_id = live.hub.table.game_id
    assert admin(live, "lobby").json()["ok"]
    payload = table(live)
    assert payload["state"] == "lobby" and "links" not in payload
    assert payload["setup"] == {"game": "wampoo", "players": 2, "kinds": ["human", "bot:greedy"],
                                "rules": {"teams": False}, "colours": ["red", "yellow"],
                                "names": {"red": "Anna", "yellow": "Bob"}, "hints": 0}
    # Abandoned: in the store without winners, and not resumed at the next start.
    assert stored(live, lambda store: store.unfinished()) is None
    assert stored(live, lambda store: store.load(game_id).winners) == []
    assert live.hub.table is None


def test_a_rematch_starts_the_same_seats_names_and_rules(live):
    assert admin(live, "rematch").status_code == 409  # nothing to play again
    start(live, {"red": "Anna"})
    first = live.hub.table.game_id
    assert admin(live, "rematch").json()["ok"]
    again = live.hub.table
    assert again.game_id != first
    assert again.seats == {0: "human", 2: "bot:greedy"}
    assert again.players == {0: "Anna", 2: "yellow"}
    assert again.state.opts.to_json()["teams"] is False


def test_a_seats_new_link_refuses_the_old_one(live):
    start(live)
    first = table(live)["links"]["red"]["url"]
    old = claim(live, first)

    async def phone():
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?seat=red&t={old}") as ws:
            await ws.recv()
            assert (await asyncio.to_thread(admin, live, "link", seat="red")).json()["ok"]
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 5)
            except websockets.ConnectionClosed:
                return ws.close_code

    assert asyncio.run(phone()) == 4401
    link = table(live)["links"]["red"]
    assert link["url"] != first and not link["phone"]  # a new claim, waiting for a phone
    new = claim(live, link["url"])
    assert new != old
    refused = httpx.get(f"{live.url}/api/seats/red", params={"token": old})
    assert refused.status_code == 401
    assert httpx.get(f"{live.url}/api/seats/red", params={"token": new}).status_code == 200
    # The new link is kept for a restart.
    game_id = live.hub.table.game_id
    assert stored(live, lambda store: store.load_tokens(game_id))["red"] == new


def test_a_new_link_only_for_a_seat_played_from_a_phone(live):
    assert admin(live, "link", seat="red").status_code == 409  # no game
    start(live)
    tokens = dict(live.hub.tokens)
    for seat in ("yellow", "blue", "purple"):
        assert admin(live, "link", seat=seat).json()["code"] == "seat"
    assert live.hub.tokens == tokens


def test_a_drag_moves_a_marble_on_the_simulated_board(live):
    physical = live.sim.physical
    r = httpx.post(f"{live.url}/api/sim/drag",
                   json={"token": live.admin, "hole": "start.red.1", "to": "track.5"})
    assert r.json()["ok"]
    held = physical.occupied_holes()
    assert "start.red.1" not in held and "track.5" in held
    for hole, to, code in (("track.6", "track.7", "no-marble"),
                           ("track.5", "start.red.2", "hole-taken"),
                           ("track.5", "track.999", "hole")):
        r = httpx.post(f"{live.url}/api/sim/drag",
                       json={"token": live.admin, "hole": hole, "to": to})
        assert r.json()["code"] == code
    assert physical.occupied_holes() == held
    r = httpx.post(f"{live.url}/api/sim/drag",
                   json={"token": "guess", "hole": "track.5", "to": "track.6"})
    assert r.status_code == 401 and physical.occupied_holes() == held



def test_names_are_kept_when_the_service_starts_again(tmp_path):
    from marbleboard.web.live import LiveServer

    with LiveServer(tmp_path / "games.db") as live:
        start(live, {"red": "Anna"})
    with LiveServer(tmp_path / "games.db") as live:
        payload = table(live)
        assert payload["state"] == "playing"
        assert payload["names"] == {"red": "Anna", "yellow": "yellow"}
        assert payload["setup"]["names"] == {"red": "Anna"}
        assert payload["setup"]["kinds"] == ["human", "bot:greedy"]
        assert admin(live, "rematch").json()["ok"]  # the resumed game's setup again
        assert live.hub.table.players == {0: "Anna", 2: "yellow"}


def test_a_shorter_match_is_chosen_in_the_lobby_among_the_lengths_it_offers(live):
    offer = next(g for g in table(live)["games"] if g["name"] == "wumprummy")
    assert offer["numbers"] == {"games_to_win": {"values": [1, 2, 3, 5], "default": 5}}
    for bad in (4, True, 0):
        r = admin(live, "start", game="wumprummy", players=2, seats=["human", "bot:greedy"],
                  rules={"games_to_win": bad})
        assert r.status_code == 422 and r.json()["code"] in ("rules", "invalid"), r.text
    assert live.hub.table is None
    r = admin(live, "start", game="wumprummy", players=2, seats=["human", "bot:greedy"],
              rules={"games_to_win": 3})
    assert r.json()["ok"]
    assert live.hub.table.state.opts.games_to_win == 3
    assert table(live)["setup"]["rules"] == {"games_to_win": 3}
    assert admin(live, "rematch").json()["ok"]
    assert live.hub.table.state.opts.games_to_win == 3
