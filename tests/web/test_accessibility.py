"""An accessibility pass with axe-core on every page, in each state a person sees
it: no serious or critical violation. Seats differ by more than colour on screen,
as the board's lights do."""

import httpx
import pytest
from conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD = ("serious", "critical")


def violations(page):
    """axe's serious and critical findings on the page as it stands, readable."""
    assert AXE.is_file(), "axe-core is needed: npm install (make test does it)"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(" ".join(n["target"]) for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in BAD]


def start(live, seats=("human", "bot:greedy")):
    r = httpx.post(f"{live.url}/api/admin/start",
                   json={"token": live.admin, "players": len(seats), "seats": list(seats)})
    assert r.status_code == 200, r.text
    return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_screen_in_the_lobby_and_in_a_game(live, browser, lang):
    page = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    page.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    page.wait_for_selector("#start")
    assert violations(page) == []
    start(live)
    page.wait_for_selector("#qrs a")
    assert violations(page) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_phone_in_a_game(live, browser, lang):
    links = start(live)
    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    page.goto(links["red"]["url"] + f"&lang={lang}")
    page.wait_for_selector("#status:not(:empty)")
    page.wait_for_timeout(300)
    assert violations(page) == []


def test_a_refused_phone_and_the_join_page(live, browser):
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live.url}/seat/red?c=wrong&lang=en")
    page.wait_for_timeout(500)
    assert violations(page) == []
    page.goto(f"{live.url}/join?lang=en")
    page.wait_for_selector("button")
    assert violations(page) == []


def test_the_pass_sees_a_violation_when_there_is_one(live, browser):
    # The harness itself: a button with no name is a critical finding.
    page = browser.new_context().new_page()
    page.goto(f"{live.url}/join?lang=en")
    page.wait_for_selector("button")
    page.evaluate("document.body.append(document.createElement('button'))")
    assert any(v.startswith("button-name (critical)") for v in violations(page))


@pytest.mark.parametrize("lang, letters", [("en", {"red": "R", "yellow": "Y"}),
                                           ("fr", {"red": "R", "yellow": "J"})])
def test_marbles_are_marked_by_letter_not_by_colour_alone(live, browser, lang, letters):
    start(live, seats=("human", "human"))  # no bot moving marbles while the page is read
    page = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    page.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    page.wait_for_selector("#qrs a")
    holes = httpx.get(f"{live.url}/api/table").json()["holes"]
    marbles = {hole: s["m"] for hole, s in holes.items() if s.get("m")}
    assert len(marbles) == 8  # four of each colour
    for hole, name in marbles.items():
        assert page.locator(f"[id='g-{hole}'] .letter").text_content() == letters[name]
