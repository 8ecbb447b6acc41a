"""A live service on the simulated board, and Debian's Chromium driven by Playwright.
Screenshots are kept in build/screenshots (and those the README shows, with
UPDATE_SCREENSHOTS=1, written to docs/images)."""

import os
import shutil
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from playwright.sync_api import expect

from marbleboard.web.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture
def live(tmp_path):
    with LiveServer(tmp_path / "games.db") as server:
        yield server


def claim(live, url):
    """A seat's link opened as its phone opens it: the one-time claim the link
    carries, exchanged for that phone's own secret (refused the second time)."""
    r = httpx.post(f"{live.url}/api/room/claim",
                   json={"claim": parse_qs(urlsplit(url).query)["c"][0]})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def seat_token(live, seat):
    """The secret of the phone that plays ``seat``: the seat's link claimed the
    first time, as a phone scanning its QR code claims it; the same secret after
    that, while the table screen says only that a phone plays the seat."""
    known = live.__dict__.setdefault("claimed", {})
    link = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"][seat]
    if "url" in link:  # a new game's, or made anew: not claimed yet
        known[seat] = claim(live, link["url"])
    return known[seat]


def table_page(browser, live, lang):
    """The table screen, opened with the host's link, in a language."""
    table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    return table


def start_against_a_bot(table, game):
    """From the lobby: two players, the first seat a person named Anna, the other
    a greedy bot; the game starts and its QR link appears. Returns Anna's seat."""
    table.select_option("#game", game)
    table.select_option("#players", "2")
    seats = [s for s in table.locator("#seat-kinds select").all() if s.input_value()]
    assert len(seats) == 2
    person = seats[0].get_attribute("data-seat")
    seats[0].select_option("human")
    seats[1].select_option("bot:family")
    table.fill(f"input[data-name={person}]", "Anna")
    start_with_seat_codes(table)
    expect(table.locator("#qrs a")).to_have_count(1)
    return person


def start_with_seat_codes(table):
    """Start from the lobby when people play whose phones have not joined: the lobby
    asks, and is told to start; they join by their seats' own codes."""
    table.click("#start")
    table.click("#start-anyway")


def phone_page(browser, table, lang):
    """The person's phone, from the table's QR link, phone-sized."""
    phone = browser.new_context(viewport={"width": 390, "height": 844},
                                is_mobile=True).new_page()
    phone.goto(table.locator("#qrs a").get_attribute("href") + f"&lang={lang}")
    return phone


def keep(page, name, docs=False):
    """A screenshot in build/screenshots; one the README shows (docs) is written to
    docs/images too when UPDATE_SCREENSHOTS=1."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    if docs and os.environ.get("UPDATE_SCREENSHOTS"):
        shutil.copy(SHOTS / f"{name}.png", ROOT / "docs" / "images" / f"screenshot-{name}.png")


def table_saw(hub):
    """What the table stands at and sees, for a failure that says where it stopped."""
    table = hub.table
    if table is None:
        return "no game at the table"
    target = table.map.target(table.state) if table.game.marbles is not None else None
    extra, missing = table.map.differences(table.occupied, target) if target else ([], [])
    board = hub.board.by_sensor
    said = [table.game.action_text(table.state, a) for a in table.state.legal_actions()[:12]] \
        if table.state.current >= 0 else []
    return (f"turn {table.state.turns}, seat {table.state.current} to play; "
            f"marbles beyond the position {[board[s].id for s in extra]}, "
            f"missing {[board[s].id for s in missing]}; lifted this turn "
            f"{[board[s].id for s in table.lifted]}; changes {len(table.changes)}; "
            f"announced {table.announced}, bot move {table.bot_action}, "
            f"question {table.status.question}, restoring {table.restoring}, "
            f"mistakes shown {table.show_mistakes}, phone's move pending {hub.moving()}; "
            f"legal {said}; last log {table.status.log[-4:]}")
