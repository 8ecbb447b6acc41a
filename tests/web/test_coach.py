"""The coach: a person asks their phone for a hint on their turn, as many times a
game as the lobby allowed. The hint is the strongest level's move from the
seat's own view, said in words to that phone alone; the log says only that a hint
was taken, the record keeps it, and a resumed game keeps the count. The board
lights it at once where the seat holds nothing hidden, else when its player asks:
a hint may name a card of the hand."""

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
import websockets
from conftest import claim, phone_page, table_page
from playwright.sync_api import expect

from marbleboard import words
from marbleboard.link.lights import Effect
from marbleboard.web.live import LiveServer


def start(live, hints, seats=("human", "bot:family")):
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": list(seats), "hints": hints,
        "names": {"red": "Anna"}})
    assert r.status_code == 200, r.text
    return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()


def red_link(live):
    table = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()
    return claim(live, table["links"]["red"]["url"])


def wait_red_turn(live, seconds=60):
    hub = live.hub
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        table = hub.table
        if table.state.current == 0 and table.bot_action is None and not table.restoring \
                and table.status.question is None and not table.state.is_chance() \
                and table.game.forced(table.state) is None:  # a choice to make
            return
        time.sleep(0.05)
    raise AssertionError(f"red's turn did not come in {seconds} s: {hub.table.status.log[-4:]}")


def ask(live, token, seat="red"):
    return httpx.post(f"{live.url}/api/seats/{seat}/hint",
                      json={"token": token, "turn": live.hub.table.state.turns})


def blinks_where_it_goes(live):
    """Whether the board shows the hint as a move shown: where the marble goes blinks."""
    table = live.hub.table
    path = table.game.marbles.path(table.state, table.hinted)
    value = table.lights.state[live.hub.board.hole(path[-1]).led]
    return bool(value) and Effect(value >> 4) == Effect.BLINK


def test_hints_are_counted_kept_and_refused_past_the_limit(live):
    start(live, hints=1)
    token = red_link(live)
    wait_red_turn(live)
    table = live.hub.table
    r = ask(live, token)
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["move"] in [table.game.action_text(table.state, a)
                            for a in table.state.legal_actions()]
    assert hint["words"] == table.game.action_words(table.state, table.hinted)
    assert table.hinted is not None and table.record.hints == [
        {"seat": "red", "before": len(table.record.moves)}]
    # Asked again in the same turn: the same hint, not counted again.
    assert ask(live, token).json() == hint and len(table.record.hints) == 1
    # The log, everyone's, says a hint was taken and nothing of the move.
    assert ["log.hint_taken", {"who": "Anna"}] in table.status.log
    assert not any(p[0] == "log.hint" for p in table.status.log)
    seat = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
    assert seat["coach"] == {"allowed": 1, "left": 0, "hint": hint["move"],
                             "words": hint["words"], "lit": False}
    # A Wampoo hint plays a card of the hand: the board, which everyone sees, lights
    # it only when the player asks, as it does a chosen card's moves.
    assert not blinks_where_it_goes(live)
    show = {"token": token, "turn": table.state.turns, "show": True, "hint": True}
    assert httpx.post(f"{live.url}/api/seats/red/show", json=show).json()["ok"]
    assert blinks_where_it_goes(live)
    assert httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()[
        "coach"]["lit"]
    assert httpx.post(f"{live.url}/api/seats/red/show",
                      json={**show, "show": False}).json()["ok"]
    assert not blinks_where_it_goes(live)
    # The table screen says, at the end and meanwhile, that the game had help.
    assert httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()[
        "hints"] == {"Anna": 1}


def test_two_taps_at_once_give_one_hint_counted_once(live):
    start(live, hints=3)
    token = red_link(live)
    wait_red_turn(live)
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: ask(live, token), range(2)))
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json() == answers[1].json()
    assert len(live.hub.table.record.hints) == 1


def test_no_coach_no_hint(live):
    start(live, hints=0)
    token = red_link(live)
    wait_red_turn(live)
    r = ask(live, token)
    assert r.status_code == 409 and r.json()["code"] == "no-hint"
    assert live.hub.table.record.hints == []
    seat = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
    assert seat["coach"] is None
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "human"], "hints": 4})
    assert r.status_code == 422 and r.json()["code"] == "hints"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hint_on_the_phone_chooses_the_move_and_says_it(tmp_path, browser, lang):
    with LiveServer(tmp_path / "games.db") as live:
        table = table_page(browser, live, lang)
        start(live, hints=3)
        phone = phone_page(browser, table, lang)
        wait_red_turn(live)
        expect(phone.locator("#status")).to_have_attribute("data-state", "turn")
        button = phone.locator("#coach")
        expect(button).to_have_text(words.say(["askHint", {"n": 3}], lang))
        button.click()
        expect(phone.locator("#coach-says")).not_to_be_empty()
        hub = live.hub
        action = hub.table.hinted
        said = words.say(hub.table.game.action_words(hub.table.state, action), lang)
        expect(phone.locator("#coach-says")).to_have_text(words.say(["hintSays", [said]], lang))
        notation = hub.table.game.action_text(hub.table.state, action)
        expect(phone.locator(f'[data-move="{notation}"]')).to_have_attribute("aria-pressed", "true")
        expect(button).to_have_text(words.say(["askHint", {"n": 2}], lang))
        expect(button).to_be_disabled()  # this turn's hint is given
        # The table reads that Anna took a hint, never which move: it plays a card
        # of her hand.
        expect(table.locator("#log")).to_contain_text(words.say(
            ["log.hint_taken", {"who": "Anna"}], lang))
        expect(table.locator("#log")).not_to_contain_text(said)
        # Lit on the board only when she asks.
        show = phone.locator("#show-hint")
        expect(show).to_have_text(words.say("showHint", lang))
        assert not hub.table.hint_shown
        show.click()
        expect(show).to_have_text(words.say("hideHint", lang))
        assert hub.table.hint_shown
        # Turned off on this phone: no hint offered.
        expect(phone.locator("#coach-on")).to_be_checked()  # offered unless turned off
        phone.uncheck("#coach-on")
        expect(phone.locator("#coach-box")).to_be_hidden()


def test_a_resumed_game_keeps_its_hints(tmp_path):
    db = tmp_path / "games.db"
    with LiveServer(db) as live:
        start(live, hints=3)
        token = red_link(live)
        wait_red_turn(live)
        assert ask(live, token).status_code == 200
        game_id = live.hub.table.game_id
    with LiveServer(db) as live:  # the service started again: the game goes on
        table = live.hub.table
        assert table is not None and table.game_id == game_id
        assert table.coach.allowed == 3 and table.coach.left("red") == 2
        assert len(table.record.hints) == 1


def test_a_hint_where_nothing_is_hidden_is_lit_on_the_board_at_once(tmp_path):
    # Wa-Hoo holds no card: its move says nothing the board does not show.
    with LiveServer(tmp_path / "games.db", layout="wahoo") as live:
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "game": "wahoo", "players": 2,
            "seats": ["human", "bot:family"], "hints": 3, "names": {"red": "Anna"}})
        assert r.status_code == 200, r.text
        token = red_link(live)
        wait_red_turn(live)
        assert ask(live, token).status_code == 200
        assert live.hub.table.hint_shown and blinks_where_it_goes(live)
        seat = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
        assert seat["coach"]["lit"]


async def _listen(live, queries, until, seconds=15):
    """Every payload each screen receives until ``until()`` holds, then a moment
    more: {who: [payload, ...]}."""
    seen = {who: [] for who in queries}

    async def one(who, query):
        async with websockets.connect(f"ws://127.0.0.1:{live.port}/ws?{query}") as ws:
            async for raw in ws:
                seen[who].append(json.loads(raw))

    tasks = [asyncio.create_task(one(who, q)) for who, q in queries.items()]
    await asyncio.sleep(0.5)  # every screen has its first payload
    await asyncio.to_thread(until)
    await asyncio.sleep(1.0)  # and whatever followed the hint
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return seen


def hint_said_to_its_phone_alone(live, seat, token, others, who="Anna"):
    """The seat's person (``who``) asks for a hint on their turn, while every screen
    listens: the asking phone is told the move in words; no other phone, neither
    table screen nor the terminal's English lines say them. Returns the hint's words."""
    hub = live.hub
    lines = []
    hub.table.listeners.append(lines.append)  # the terminal's English lines
    asked = {}

    def hint():
        r = ask(live, token, seat)
        assert r.status_code == 200, r.text
        asked.update(r.json())

    queries = {"me": f"m={token}", "table": "", "admin": f"t={live.admin}",
               **{who: f"m={t}" for who, t in others.items()}}
    seen = asyncio.run(_listen(live, queries, hint))
    table = hub.table
    phrase = table.game.action_words(table.state, table.hinted)
    assert asked["words"] == phrase
    said, english = json.dumps(phrase), words.say(phrase, "en")
    mine = [p for p in seen["me"] if (p.get("coach") or {}).get("hint")]
    assert mine and mine[-1]["coach"]["words"] == phrase
    for screen, payloads in seen.items():
        if screen == "me":
            continue
        assert payloads, screen
        assert any(["log.hint_taken", {"who": who}] in p.get("log", []) for p in payloads)
        for payload in payloads:
            assert said not in json.dumps(payload), (screen, payload.get("log"))
            assert english not in json.dumps(payload, ensure_ascii=False), screen
    assert any(words.say(["log.hint_taken", {"who": who}], "en") in line for line in lines)
    assert not any(english in line for line in lines), lines
    return phrase


def test_a_wampum_hint_at_the_face_down_bid_is_said_to_its_phone_alone(tmp_path):
    """Before, the log every screen reads said "Anna asked for a hint: add a Grain
    card to the bid", the card her bid hides."""
    with LiveServer(tmp_path / "games.db", layout="wahoo6") as live:
        secret = httpx.get(f"{live.url}/api/table").json()["room"]["url"].split("r=")[1]
        tokens = {}
        for name in ("Anna", "Ben"):
            r = httpx.post(f"{live.url}/api/room/join", json={"room": secret, "name": name})
            tokens[name] = r.json()["token"]
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "game": "wampum", "players": 3, "seats": ["human"] * 3,
            "hints": 3, "names": {"player1": "Anna"}})
        assert r.status_code == 200, r.text
        links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
        anna = claim(live, links["player1"]["url"])
        ben = claim(live, links["player2"]["url"])
        hub = live.hub
        deadline = time.monotonic() + 30
        while hub.table.state.current != 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        # Anna chooses her village: the next step puts a card face down in her bid.
        state = hub.table.state
        village = hub.table.game.action_text(state, state.legal_actions()[0])
        r = httpx.post(f"{live.url}/api/seats/player1/move",
                       json={"token": anna, "turn": state.turns, "move": village})
        assert r.status_code == 200, r.text
        assert hub.table.game.public(hub.table.state)["phase"] == "add"
        # Ben's phone, the room's first phone (the host's), and one that only watches.
        phrase = hint_said_to_its_phone_alone(live, "player1", anna, {
            "ben": ben, "host": tokens["Anna"], "watcher": tokens["Ben"]})
        # A card put face down: the others hear "a card" when it is played.
        assert phrase[0] == "wampum.add" and phrase != hub.table.game.public_words(
            hub.table.state, hub.table.hinted)


def test_a_wampoo_hint_is_said_to_its_phone_alone(live):
    """Before, the log said "Anna asked for a hint: Ace: bring a red marble out", a
    card of her hand, and the board lit it."""
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "human"], "hints": 3,
        "names": {"red": "Anna", "yellow": "Ben"}})
    assert r.status_code == 200, r.text
    links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
    anna, ben = claim(live, links["red"]["url"]), claim(live, links["yellow"]["url"])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        table = live.hub.table
        if table.state.current >= 0 and table.state.legal_actions() \
                and table.game.forced(table.state) is None and not table.restoring:
            break
        time.sleep(0.05)
    seat = live.hub.table.names[live.hub.table.state.current]
    (mover, who), other = ((anna, "Anna"), ben) if seat == "red" else ((ben, "Ben"), anna)
    hint_said_to_its_phone_alone(live, seat, mover, {"other": other}, who)
    assert not live.hub.table.hint_shown and not blinks_where_it_goes(live)
