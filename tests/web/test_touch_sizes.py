"""Every page a phone shows, in every game, at the sizes of real phones (a tall
one, a small one, one held sideways): each control at least 44x44 CSS pixels and
each text at least 16 px (sizes.py measures them in Chromium)."""

import httpx
import pytest
from playwright.sync_api import expect
from sizes import too_small, unspaced_in_french

from marbleboard.games.registry import GAMES
from marbleboard.web.live import LiveServer

PHONES = {"tall": {"width": 390, "height": 844}, "small": {"width": 360, "height": 640},
          "sideways": {"width": 844, "height": 390}}
LAYOUTS = {"wampoo": ("wampoo", "wumprummy", "wampum"), "wahoo": ("wahoo",),
           "stomple": ("stomple", "fiveinarow")}


def phones(browser):
    return {name: browser.new_context(viewport=size, is_mobile=True).new_page()
            for name, size in PHONES.items()}


def measured(pages, what):
    """What is too small on each page, and (the pages are in French) each line
    whose punctuation lacks the space French sets before it."""
    return {f"{name} {what}": small for name, page in pages.items()
            if (small := too_small(page) + unspaced_in_french(page))}


def test_the_join_pages_and_the_lobby_on_a_phone(live, browser):
    pages = phones(browser)
    found = {}
    for name, page in pages.items():
        page.goto(f"{live.url}/join?lang=fr")
        found |= measured({name: page}, "join")
        page.goto(f"{live.hub.room_link()}&lang=fr")
        found |= measured({name: page}, "name")
        page.fill("#name", f"Maxime-Alexandre {name}")
        page.click("#name-form button")
        expect(page.locator("#places")).to_be_visible()
        found |= measured({name: page}, "lobby")  # the first is the host: the lobby too
    assert found == {}


@pytest.mark.parametrize(("layout", "game"),
                         [(layout, game) for layout, games in LAYOUTS.items() for game in games])
def test_a_game_on_a_phone(tmp_path, browser, layout, game):
    assert set(sum(LAYOUTS.values(), ())) == set(GAMES)  # every game is measured
    with LiveServer(tmp_path / "games.db", layout=layout) as live:
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "game": game, "players": 2, "seats": ["human", "bot:greedy"]})
        assert r.status_code == 200, r.text
        links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
        (url,) = [link["url"] for link in links.values()]
        found = {}
        for name, page in phones(browser).items():
            page.goto(url + "&lang=fr")
            expect(page.locator("#status")).not_to_have_attribute("data-state", "joining")
            url = page.url  # the seat's claim is spent: the phone's own address from now on
            expect(page.locator("#log li").first).to_be_visible()
            found |= measured({name: page}, game)
            village = page.locator("button.village").first
            if village.count():  # Wampum's bid: a village chosen, a card in it
                village.click()
                page.locator("#hand button.card").first.click()
                expect(page.locator("#play")).to_be_enabled()
                found |= measured({name: page}, f"{game} bid")
        assert found == {}


def test_the_table_screen_on_a_tablet_in_the_lobby_and_in_a_game(live, browser):
    """A tablet on the table as the table screen, in portrait: its lobby, the room,
    the seats and the game's buttons are touched too."""
    page = browser.new_context(viewport={"width": 800, "height": 1280},
                               has_touch=True).new_page()
    page.goto(f"{live.url}/?t={live.admin}&lang=fr")
    expect(page.locator("#start")).to_be_visible()
    found = measured({"tablet": page}, "lobby")
    httpx.post(f"{live.url}/api/room/join",
               json={"room": live.hub.room.secret, "name": "Anna", "place": "red"})
    r = httpx.post(f"{live.url}/api/admin/start", json={
        "token": live.admin, "players": 2, "seats": ["human", "human"],
        "colours": ["red", "yellow"]})
    assert r.status_code == 200, r.text
    expect(page.locator("#turn-banner")).to_be_visible()
    expect(page.locator("#qrs .qr")).to_have_count(1)  # yellow waits for a phone
    found |= measured({"tablet": page}, "game")
    assert found == {}


def test_a_bots_move_waiting_to_be_seen_on_a_tablet(tmp_path, browser):
    """A card game's bot move, announced with its button to say it was seen."""
    with LiveServer(tmp_path / "games.db", bot_pace_s=600.0) as live:
        r = httpx.post(f"{live.url}/api/admin/start", json={
            "token": live.admin, "game": "wumprummy", "players": 2,
            "seats": ["bot:greedy", "bot:greedy"]})
        assert r.status_code == 200, r.text
        page = browser.new_context(viewport={"width": 800, "height": 1280},
                                   has_touch=True).new_page()
        page.goto(f"{live.url}/?t={live.admin}&lang=fr")
        expect(page.locator("#go-on")).to_be_visible()
        assert measured({"tablet": page}, "bot's move") == {}
