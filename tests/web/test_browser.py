"""The phone and the table screen in a real browser: Debian's Chromium, driven by
Playwright, on the simulated board: languages, refused and stale links, a double
tap, joining by code, a service gone, colours chosen, too many phones. Whole games
are in test_whole_games.py."""

import re

from conftest import keep, start_with_seat_codes
from playwright.sync_api import expect


def test_the_phone_speaks_french_when_asked(live, browser):
    import httpx

    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
    links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
    phone = browser.new_context(locale="fr-FR").new_page()
    phone.goto(links["red"]["url"])
    # Whatever the deal (red may even have had to throw the hand away), in French.
    expect(phone.locator("#status")).to_have_text(
        re.compile(r"À vous de jouer|En attente de jaune|Vous avez jeté votre main"))
    # The seat's link, opened by the first phone: it is the host's, called by its colour.
    assert phone.locator("#who").inner_text().strip() == "rouge (hôte)"


def test_a_wrong_seat_link_is_refused(live, browser):
    import httpx

    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
    phone = browser.new_page()
    phone.goto(f"{live.url}/seat/red?c=forged&lang=en")  # no seat's claim
    expect(phone.locator("#status")).to_have_text(
        "This seat's link has been opened already: ask the host for a new one")
    assert phone.locator(".card").count() == 0
    french = browser.new_page()
    french.goto(f"{live.url}/phone?m=forged&lang=fr")  # no phone's secret
    expect(french.locator("#status")).to_have_text(
        "Ce lien n'est pas valable : scannez à nouveau le code QR")
    assert french.locator(".card").count() == 0


def test_a_phone_keeps_its_seat_when_the_next_game_starts(live, browser):
    import httpx

    def start():
        httpx.post(f"{live.url}/api/admin/start",
                   json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
        return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]

    old = start()["red"]["url"]
    phone = browser.new_page()
    phone.goto(old + "&lang=en")
    expect(phone.locator("#status")).not_to_have_attribute("data-state", "joining")
    first = live.hub.table.game_id
    start()
    # The phone opened red's link: it is one of the room's, and plays red again.
    expect(phone.locator("#status")).not_to_have_attribute("data-state", "refused")
    expect(phone.locator("#log")).to_contain_text(f"Game {first + 1} begins")
    phone.reload()
    expect(phone.locator("#log")).to_contain_text(f"Game {first + 1} begins")
    # A forged link is still refused, and said so.
    phone.goto(f"{live.url}/phone?m=forged&lang=en")
    expect(phone.locator("#status")).to_have_text(
        "This link is not valid: scan the QR code again")


def test_a_double_tap_sends_one_move(live, browser):
    import httpx

    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
    links = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]
    seat = live.hub.table.names[live.hub.table.state.current]
    phone = browser.new_page()
    sent = []
    phone.on("request", lambda r: sent.append(r.url) if r.url.endswith("/move") else None)
    phone.goto(links[seat]["url"] + "&lang=en")
    move = phone.locator("[data-move]").first  # the table has played any forced turn
    expect(move).to_be_enabled()
    turns = live.hub.table.state.turns
    move.click()
    phone.locator("#play").dblclick()
    for _ in range(200):
        if live.hub.table.state.turns > turns:
            break
        phone.wait_for_timeout(50)
    assert live.hub.table.state.turns > turns  # (the next seat may have thrown its hand away)
    assert len(sent) == 1
    assert phone.locator("#error").inner_text() == ""


def test_a_phone_without_a_camera_joins_by_typing_the_seats_code(live, browser):
    table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang=en")
    table.select_option("#players", "2")
    table.select_option("select[data-seat=red]", "human")
    table.select_option("select[data-seat=yellow]", "human")
    start_with_seat_codes(table)
    code = table.locator("[data-code=yellow]")
    expect(code).to_have_text(re.compile(r"^[A-Z]{4}$"))
    expect(table.locator("#join-at")).to_contain_text(f"{live.url[len('http://'):]}/join")
    keep(table, "table-codes")
    phone = browser.new_context(viewport={"width": 390, "height": 760},
                                is_mobile=True).new_page()
    phone.goto(f"{live.url}/join?lang=en")
    phone.fill("#code", "QQQQ")  # no code has a Q
    phone.click("button[type=submit]")
    expect(phone.locator("#error")).to_have_text("No seat has that code: check the table screen")
    phone.fill("#code", code.inner_text().lower())
    keep(phone, "join")
    phone.click("button[type=submit]")
    expect(phone).to_have_url(re.compile(r"/phone\?m="))  # the seat's claim, exchanged
    expect(phone.locator("#who")).to_contain_text("yellow")
    expect(table.locator("[data-code=yellow]")).to_have_count(0)  # claimed: the code is gone
    expect(table.locator("[data-code=red]")).to_have_count(1)


def test_a_phone_whose_service_is_gone_says_so_and_cannot_tap(tmp_path, browser):
    import httpx

    from marbleboard.web.live import LiveServer

    server = LiveServer(tmp_path / "games.db").__enter__()
    port = server.port
    httpx.post(f"{server.url}/api/admin/start",
               json={"token": server.admin, "players": 2, "seats": ["human", "human"]})
    links = httpx.get(f"{server.url}/api/table", params={"token": server.admin}).json()["links"]
    seat = server.hub.table.names[server.hub.table.state.current]
    phone = browser.new_page()
    phone.goto(links[seat]["url"] + "&lang=en")
    expect(phone.locator("[data-move]").first).to_be_enabled()
    expect(phone.locator("#banner")).to_be_hidden()
    server.__exit__(None, None, None)
    expect(phone.locator("#banner")).to_have_text("Connection lost: reconnecting…")
    expect(phone.locator("#banner")).to_be_visible()
    assert phone.locator("[data-move]").count() > 0
    for button in phone.locator("[data-move], .card").all():
        expect(button).to_be_disabled()
    # A request made anyway fails in the page's words, not the browser's.
    said = phone.evaluate(f"post('/api/seats/{seat}/move', {{}}).catch((e) => e.message)")
    assert said == "Connection lost: reconnecting…"
    phone.evaluate("LANG = 'fr'")
    said = phone.evaluate(f"post('/api/seats/{seat}/move', {{}}).catch((e) => e.message)")
    assert said == "Connexion perdue : reconnexion…" and "fetch" not in said.lower()
    phone.evaluate("LANG = 'en'")
    # The service comes back on its address, with the game saved: so does the phone.
    again = LiveServer(tmp_path / "games.db")
    again.port, again.url = port, f"http://127.0.0.1:{port}"
    with again:
        expect(phone.locator("#banner")).to_be_hidden(timeout=15000)
        expect(phone.locator("[data-move]").first).to_be_enabled()


def test_the_lobby_lets_the_players_choose_their_colours(live, browser):
    table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang=en")
    table.select_option("#players", "2")
    assert [s.get_attribute("data-seat") for s in table.locator("#seat-kinds select").all()] == [
        "red", "blue", "yellow", "green"]
    for colour in ("red", "yellow"):
        table.select_option(f"select[data-seat={colour}]", "")
    table.select_option("select[data-seat=blue]", "human")
    table.click("#start")  # one player alone cannot play
    expect(table.locator("#lobby .error")).to_have_text("This board is not for that many players")
    assert live.hub.table is None
    table.select_option("select[data-seat=green]", "bot:family")
    expect(table.locator("#players")).to_have_value("2")
    start_with_seat_codes(table)
    link = table.locator("#qrs a")
    expect(link).to_have_count(1)
    assert "/seat/blue?c=" in link.get_attribute("href")
    assert live.hub.table.seats == {1: "human", 3: "bot:family"}
    expect(table.locator("#seats tr")).to_have_count(2)


def test_a_seat_link_on_too_many_phones_says_so(live, browser):
    import httpx

    from marbleboard.web.hub import PHONES_PER_SEAT

    httpx.post(f"{live.url}/api/admin/start",
               json={"token": live.admin, "players": 2, "seats": ["human", "human"]})
    claim = httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()[
        "links"]["red"]["url"]
    phones = []
    first = browser.new_page()
    first.goto(claim + "&lang=en")
    expect(first).to_have_url(re.compile(r"/phone\?m="))
    # The phone's own address, passed round to more phones by its player.
    url = first.url.split("&")[0]
    phones.append(first)
    for _ in range(PHONES_PER_SEAT - 1):
        phone = browser.new_page()
        phone.goto(url + "&lang=en")
        expect(phone.locator("#status")).not_to_have_attribute("data-state", "joining")
        phones.append(phone)
    one_more = browser.new_page()
    one_more.goto(url + "&lang=fr")
    expect(one_more.locator("#status")).to_have_text(
        "Cette place est déjà ouverte sur trop de téléphones : fermez-la sur l'un d'eux")
    phones.pop().close()  # one put away: the next try gets in
    expect(one_more.locator("#who")).to_contain_text("rouge", timeout=15000)
    expect(one_more.locator("#status")).not_to_have_text(re.compile("trop de téléphones"),
                                                         timeout=15000)
