"""Two homes' table screens in Chromium: the host's lobby seats a player in another
home, its screen shows that home's invitation, whose QR code reads back as the
same text; the other home's screen joins by typing it in; both screens show the
homes, who is connected and whose move it is; the host's reminder reaches the
other home's log."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

from marbleboard import words
from marbleboard.remote.hosting import RemoteConfig
from marbleboard.web.live import LiveServer

# The QR reader the web pages' tests use (zxing-cpp on the SVG the server draws).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from qr_reading import decode

SHOWN_MS = 20000


def screen(browser, live):
    page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    page.goto(f"{live.url}/?t={live.admin}&lang=en")
    return page


def test_a_home_is_invited_joins_and_is_reminded(broker, browser, tmp_path):
    hosting = RemoteConfig(broker.address, broker.ca_file, broker.hosting_login())
    with LiveServer(tmp_path / "host.db", layout="wahoo", remote=hosting) as host, \
            LiveServer(tmp_path / "guest.db", layout="wahoo",
                       remote=RemoteConfig(broker.address, broker.ca_file)) as guest:
        table = screen(browser, host)
        table.select_option("#game", "wahoo")
        table.select_option("#players", "2")
        seats = [s for s in table.locator("#seat-kinds select").all() if s.input_value()]
        seats[0].select_option("bot:family")
        seats[1].select_option("home:2")
        assert seats[1].locator("option[value='home:2']").inner_text() == "In another home (2)"
        table.fill(f"input[data-name={seats[1].get_attribute('data-seat')}]", "Grandma")
        table.click("#start")
        invitation = table.locator("code[data-invitation=home2]")
        expect(invitation).to_be_visible(timeout=SHOWN_MS)
        text = invitation.inner_text()
        assert text.startswith(broker.url)
        assert decode(table.locator(".home-qr").inner_html()) == text
        expect(table.locator("#home-list")).to_contain_text("not connected")
        # Grandma's seat is her home's, not a bot's.
        grandma = table.locator(f"#seats [data-seat={seats[1].get_attribute('data-seat')}]")
        expect(grandma).to_contain_text("plays in home 2")
        expect(grandma).not_to_contain_text("bot")

        other = screen(browser, guest)
        other.fill("#invitation", "mqtts://not/an/invitation")
        other.click("#join-home")
        expect(other.locator("#join-home-error")).not_to_be_empty(timeout=SHOWN_MS)
        other.fill("#invitation", text)
        other.click("#join-home")
        home_list = other.locator("#home-list")
        expect(home_list.locator("[data-home=host]")).to_contain_text(
            "The table hosting the game", timeout=SHOWN_MS)
        expect(home_list.locator("[data-home=host]")).to_contain_text("connected")
        expect(home_list.locator("[data-home=home2]")).to_contain_text("Grandma")
        expect(table.locator("#home-list [data-home=home2]")).not_to_contain_text(
            "not connected", timeout=SHOWN_MS)

        # When it is Grandma's move, the host's screen may remind her home.
        expect(table.locator("#nudge")).to_be_visible(timeout=60000)
        table.click("#nudge")
        expect(table.locator("#nudge-said")).to_contain_text("Reminder sent", timeout=SHOWN_MS)
        said = words.say(["log.nudge", {"who": "Grandma", "home": "host"}], "en")
        expect(other.locator("#log")).to_contain_text(said, timeout=SHOWN_MS)
