"""The coach: a person asks their phone for a hint on their turn, as many times a
game as the lobby allowed. The hint is the strongest level's move from the
seat's own view, lit on the board and said in words; the log says a hint was
taken, the record keeps it, and a resumed game keeps the count."""

import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from conftest import phone_page, table_page
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
    return table["links"]["red"]["url"].split("t=")[1]


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


def ask(live, token):
    return httpx.post(f"{live.url}/api/seats/red/hint",
                      json={"token": token, "turn": live.hub.table.state.turns})


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
    assert table.hinted is not None and table.record.hints == [
        {"seat": "red", "before": len(table.record.moves)}]
    # The board lights it as a move shown: where the marble goes blinks.
    path = table.game.marbles.path(table.state, table.hinted)
    value = table.lights.state[live.hub.board.hole(path[-1]).led]
    assert value and Effect(value >> 4) == Effect.BLINK
    # Asked again in the same turn: the same hint, not counted again.
    assert ask(live, token).json() == hint and len(table.record.hints) == 1
    assert any(p[0] == "log.hint" and p[1]["who"] == "Anna" for p in table.status.log)
    seat = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
    assert seat["coach"] == {"allowed": 1, "left": 0, "hint": hint["move"]}
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
        expect(table.locator("#log")).to_contain_text(words.say(
            ["log.hint", {"who": "Anna", "move": hub.table.game.action_words(
                hub.table.state, action)}], lang))
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
