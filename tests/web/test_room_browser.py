"""An evening at the table in the browser: phones join before the first game, by
the short code and by the QR code's link, each with a name and a colour; the host's
phone starts the game; a phone reloaded, or brought back to the front after its
connection dropped, is back at its seat; an abandoned game, a new game of another
game and a rematch never send a phone away."""

import datetime
import re

import httpx
import pytest
from conftest import keep, table_saw
from playwright.sync_api import expect
from test_slow_screens import wait_until

from marbleboard.web.live import LiveServer

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}


def new_phone(browser, live, lang):
    page = browser.new_context(**PHONE).new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(f"{live.url}/join?lang={lang}")
    return page


def join_by_code(phone, code, name):
    phone.fill("#code", code)
    phone.click("#join button")
    phone.fill("#name", name)
    phone.click("#name-form button")
    expect(phone.locator("#places")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_evening_with_phones_that_join_before_the_game_and_stay(live, browser, lang):
    table = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    code = table.locator("#room-code")
    expect(code).to_have_text(live.hub.codes.code_for(-1))
    keep(table, f"room-lobby-{lang}", docs=lang == "en")

    anna = new_phone(browser, live, lang)
    join_by_code(anna, code.inner_text(), "Anna")
    anna.click("#places button[data-place=red]")
    expect(anna.locator("#places button[data-place=red]")).to_have_attribute("aria-pressed", "true")
    # Ben scans the QR code: its link opens the page that asks for his name.
    ben = browser.new_context(**PHONE).new_page()
    ben.goto(live.hub.room_link() + f"&lang={lang}")
    ben.fill("#name", "Ben")
    ben.click("#name-form button")
    expect(ben.locator("#places button[data-place=red]")).to_be_disabled()  # Anna's
    ben.click("#places button[data-place=yellow]")
    expect(ben.locator("#who")).to_contain_text("Ben")

    # The table screen shows who has joined, and their rows are theirs.
    expect(table.locator("#phones li")).to_have_count(2)
    expect(table.locator(".seat-row[data-seat=red] input")).to_have_value("Anna")
    expect(table.locator(".seat-row[data-seat=yellow] input")).to_have_value("Ben")
    # Anna's phone is the host's: it has the lobby, Ben's has not.
    expect(anna.locator("#host-lobby #start")).to_be_visible()
    expect(ben.locator("#host-box")).to_be_hidden()
    keep(anna, f"room-host-phone-{lang}", docs=lang == "en")
    anna.select_option("#host-lobby #players", "2")
    expect(anna.locator("#host-lobby .seat-row[data-seat=yellow] select")).to_have_value("human")
    anna.click("#host-lobby #start")  # both seats have their phones: no question asked

    wait_until(lambda: live.hub.table is not None, "the game did not start",
               lambda: anna.locator("#error").inner_text())
    first = live.hub.table.game_id
    for phone, colour in ((anna, "red"), (ben, "yellow")):
        expect(phone.locator("#status")).not_to_have_attribute("data-state", "lobby")
        wait_until(lambda p=phone, c=colour: live.hub.tokens.get(
            live.hub.table.names.index(c)) is not None, f"{colour} has no phone",
            lambda: live.hub.tokens)
    expect(table.locator("#links")).to_be_hidden()  # no seat waits for a phone

    # Ben reloads: the same seat. Then his connection drops while the phone is
    # asleep: brought back to the front, it reconnects at once (its timers are
    # stopped here, so only the page coming back can do it).
    ben.reload()
    expect(ben.locator("#who")).to_contain_text("Ben")
    ben.clock.install()
    ben.clock.pause_at(datetime.datetime.now() + datetime.timedelta(days=1))

    async def drop_bens_phone():
        for client in list(live.hub.clients):
            if client.member == live.hub.tokens[2]:
                live.hub.detach(client)

    live.call(drop_bens_phone())
    expect(ben.locator("#banner")).to_be_visible()
    ben.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(ben.locator("#banner")).to_be_hidden()
    expect(ben.locator("#who")).to_contain_text("Ben")

    # The host abandons: both phones are still at the table, in the lobby.
    anna.click("#abandon")
    anna.click("#abandon-yes")
    for phone in (anna, ben):
        expect(phone.locator("#places")).to_be_visible()
        expect(phone.locator("#status")).not_to_have_attribute("data-state", "refused")
    # A card game next, from the table screen: its seats go to the two phones.
    table.select_option("#game", "wumprummy")
    table.select_option("#players", "2")
    table.click("#start")
    expect(anna.locator("#hand .card").first).to_be_visible()
    expect(ben.locator("#hand .card").first).to_be_visible()
    # The facts name the players, never the places ("Player 1 deals").
    expect(table.locator("#public")).to_contain_text(re.compile(r"(Anna|Ben) (deals|distribue)"))
    expect(table.locator("#public")).not_to_contain_text(re.compile("Player|Joueur"))
    assert live.hub.table.game_id != first
    assert live.hub.table.players == {0: "Anna", 1: "Ben"}
    assert anna.errors == []


def test_the_plain_address_offers_to_join_and_a_phone_comes_back_to_its_page(live, browser):
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live.url}/")
    phone.click("#join-here")
    phone.fill("#name", "Cleo")
    phone.click("#name-form button")
    expect(phone.locator("#who")).to_contain_text("Cleo")
    # The plain address again: the way back to Cleo's own page.
    phone.goto(f"{live.url}/")
    expect(phone.locator("#join-here")).to_have_text("Back to my phone's page")
    phone.click("#join-here")
    expect(phone.locator("#who")).to_contain_text("Cleo")
    # Cleo leaves: the page forgets her, and offers to join again.
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.click("#leave")
    expect(phone.locator("#join")).to_be_visible()
    assert live.hub.room.phones() == []


def test_a_seat_nobody_claimed_is_asked_about_then_shows_its_own_code(live, browser):
    table = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    table.goto(f"{live.url}/?t={live.admin}")
    table.select_option("#players", "2")
    table.click("#start")
    expect(table.locator("#start-confirm")).to_contain_text("red")
    table.click("#start-wait")
    expect(table.locator("#start-confirm")).to_be_hidden()
    assert live.hub.table is None
    table.click("#start")
    table.click("#start-anyway")
    expect(table.locator("#qrs .qr")).to_have_count(1)
    # The seat's own link, opened on a phone, makes that phone one of the room's:
    # its claim is exchanged for the phone's own secret, and the page goes on at
    # the phone's own address.
    href = table.locator("#qrs a").get_attribute("href")
    assert "/seat/red?c=" in href
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(href)
    # Red plays first, unless the deal left it nothing to play (its hand thrown away):
    # either way the phone shows the game, and below, that it holds red's secret.
    expect(phone.locator("#status")).to_have_attribute("data-state", re.compile("turn|waiting"))
    expect(phone).to_have_url(re.compile(r"/phone\?m="))
    expect(table.locator("#links")).to_be_hidden()
    assert [m.place for m in live.hub.room.phones()] == ["red"]
    secret = phone.evaluate("localStorage.getItem('member')")
    assert secret == live.hub.tokens[0] and secret not in href
    # Opened again, on another phone (someone else scanned the code): refused, said
    # in words, and nothing of the seat shown.
    for lang, said in (("en", "This seat's link has been opened already: ask the host "
                              "for a new one"),
                       ("fr", "Le lien de cette place a déjà été ouvert : demandez-en un "
                              "nouveau à l'hôte")):
        late = browser.new_context(**PHONE).new_page()
        late.goto(href + f"&lang={lang}")
        expect(late.locator("#status")).to_have_text(said)
        expect(late.locator("#status")).to_have_attribute("data-state", "refused")
        expect(late.locator("#rejoin")).to_be_visible()
        expect(late.locator("#hand .card")).to_have_count(0)
    assert [m.place for m in live.hub.room.phones()] == ["red"]


def test_a_watching_phone_may_not_take_a_games_colour_and_says_why(live, browser):
    table = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang=en")
    in_lobby(table, "wampoo", 2, ["red", "yellow"])
    table.click("#start")
    table.click("#start-anyway")
    expect(table.locator("#qrs .qr")).to_have_count(2)
    phone = new_phone(browser, live, "fr")
    join_by_code(phone, live.hub.codes.code_for(-1), "Cleo")
    phone.click("#places button[data-place=yellow]")  # a seat of the game, waiting for its phone
    expect(phone.locator("#error")).to_have_text(
        "La partie est en cours : demandez à l'hôte de libérer votre couleur")
    expect(phone.locator("#places button[data-place=yellow]")).to_have_attribute(
        "aria-pressed", "false")
    expect(table.locator("#qrs .qr")).to_have_count(2)  # the seat still waits for its link


# Each game's evening: the board it is played on, and the game played to its end
# after it (a short one: Wump Rummy's match of one game, or Wampum after it).
EVENINGS = {"wampoo": "wampoo", "wahoo": "wahoo", "stomple": "stomple",
            "wumprummy": "wampoo", "wampum": "wahoo6"}
DOCS_SHOTS = {"en": set(EVENINGS), "fr": {"wampoo", "wumprummy"}}


def member(phone):
    return phone.evaluate("localStorage.getItem('member')")


def play_for(live, phones):
    """One move of whoever's turn it is, sent as that player's phone sends it."""
    hub = live.hub
    table = hub.table
    seat = table.names[table.state.current]
    token = hub.tokens[table.state.current]
    assert token in phones, f"{seat} is played by no phone of the evening"
    mine = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token}).json()
    if not mine["moves"]:
        return False
    turns = table.state.turns
    r = httpx.post(f"{live.url}/api/seats/{seat}/move",
                   json={"token": token, "turn": turns, "move": mine["moves"][0]["text"]})
    assert r.status_code == 200, r.text
    wait_until(lambda: hub.table.state.turns > turns or hub.table.state.is_over(),
               f"{seat}'s move was not made", lambda: table_saw(hub), bound=30)
    return True


def in_lobby(table, game, players, places):
    """The table's lobby: the game, its players, and a person at each place given."""
    table.select_option("#game", game)
    table.select_option("#players", str(players))
    picks = table.locator("#seat-kinds select").all()
    seats = [pick.get_attribute("data-seat") for pick in picks]
    # A card game's seats are numbered, not the board's places: the first ones.
    people = [s for s in seats if s in places] or seats[:players]
    for pick, seat in zip(picks, seats, strict=True):
        pick.select_option("human" if seat in people else "")


@pytest.mark.parametrize(("game", "lang"), [(g, lang) for g in EVENINGS for lang in ("en", "fr")])
def test_an_evening_of_each_game(browser, tmp_path, game, lang):
    """Phones join before the first game and keep their seats all evening: the game,
    a reload, abandon, a game of another kind played to its end with its scoreboard
    on every screen, and the host's rematch, with nobody scanning again."""
    second = "wumprummy" if game != "wumprummy" else "wampum"
    docs = game in DOCS_SHOTS[lang]
    with LiveServer(tmp_path / "games.db", layout=EVENINGS[game]) as live:
        hub = live.hub
        table = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        table.goto(f"{live.url}/?t={live.admin}&lang={lang}")
        code = table.locator("#room-code")
        expect(code).to_have_text(hub.codes.code_for(-1))
        anna, ben = new_phone(browser, live, lang), new_phone(browser, live, lang)
        places = []
        for phone, name in ((anna, "Anna"), (ben, "Ben")):
            join_by_code(phone, code.inner_text(), name)
            free = phone.locator("#places button.place:not([disabled])").first
            places.append(free.get_attribute("data-place"))
            free.click()
            expect(phone.locator(f"#places button[data-place='{places[-1]}']")).to_have_attribute(
                "aria-pressed", "true")
        phones = {member(anna): anna, member(ben): ben}
        expect(table.locator("#phones li")).to_have_count(2)

        in_lobby(table, game, 2, places)
        keep(table, f"{game}-lobby-{lang}", docs=docs)
        table.click("#start")
        # (The seats are given their phones just after the table is set: both waited for.)
        wait_until(lambda: hub.table is not None and hub.table.game.name == game
                   and len(hub.tokens) == 2,
                   f"{game} did not start", lambda: table.locator("#lobby").inner_text(), bound=30)
        assert set(hub.tokens.values()) == set(phones), "a seat went to no phone of the room"
        for phone, name in ((anna, "Anna"), (ben, "Ben")):
            expect(phone.locator("#who")).to_contain_text(name)
            expect(phone.locator("#status")).not_to_have_attribute("data-state", "lobby")
        # Whoever's turn it is sees it on the phone, and the table across the room.
        wait_until(lambda: hub.table.state.current >= 0 and not hub.table.setting_out
                   and hub.table.bot_action is None, "no one's turn", lambda: table_saw(hub),
                   bound=60)
        turn = phones[hub.tokens[hub.table.state.current]]
        expect(turn.locator("#status")).to_have_attribute("data-state", "turn")
        expect(table.locator("#turn-banner")).to_be_visible()
        keep(turn, f"{game}-phone-turn-{lang}", docs=docs and lang == "en")
        keep(table, f"{game}-turn-{lang}", docs=docs)
        play_for(live, phones)
        ben.reload()
        expect(ben.locator("#who")).to_contain_text("Ben")
        expect(ben.locator("#status")).not_to_have_attribute("data-state", "refused")

        # Abandoned from the host's phone: both phones stay, in the lobby.
        anna.click("#abandon")
        anna.click("#abandon-yes")
        for phone in (anna, ben):
            expect(phone.locator("#places")).to_be_visible()
            expect(phone.locator("#status")).not_to_have_attribute("data-state", "refused")

        # Another game, played to its end by the two phones.
        in_lobby(table, second, 2, places)
        if second == "wumprummy":
            table.select_option("select[data-number=games_to_win]", "1")
        table.click("#start")
        wait_until(lambda: hub.table is not None and hub.table.game.name == second
                   and len(hub.tokens) == 2,
                   f"{second} did not start", lambda: table.locator("#lobby").inner_text(),
                   bound=30)
        assert set(hub.tokens.values()) == set(phones)
        tokens = dict(hub.tokens)
        for _ in range(400):
            if hub.table.state.is_over():
                break
            play_for(live, phones)
        assert hub.table.state.is_over(), table_saw(hub)
        # The scoreboard, ranked, on the table and on every phone.
        names = [name for _, name, _ in hub.table.standings()]
        assert sorted(names) == ["Anna", "Ben"]
        for page in (table, anna, ben):
            expect(page.locator("#scores li, #over li").first).to_contain_text(names[0])
        # (Wump Rummy's end, shot once: after Wampoo, on Wampoo's board.)
        keep(table, f"{second}-over-{lang}", docs=docs and game == "wampoo")
        keep(anna, f"{second}-phone-over-{lang}", docs=docs and game == "wampoo")

        # Play again from the host's phone: the same seats, nobody scans again.
        anna.click("#rematch")
        wait_until(lambda: hub.table is not None and not hub.table.state.is_over(), "no rematch",
                   lambda: anna.locator("#error").inner_text(), bound=30)
        assert hub.tokens == tokens
        for phone, name in ((anna, "Anna"), (ben, "Ben")):
            expect(phone.locator("#status")).not_to_have_attribute("data-state", "over")
            expect(phone.locator("#hand .card").first).to_be_visible()
            expect(phone.locator("#who")).to_contain_text(name)
        assert anna.errors == [] and ben.errors == []
