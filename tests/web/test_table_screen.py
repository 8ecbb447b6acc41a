"""The table screen runs the evening, in a real browser on the simulated board:
names and seats in the lobby, moves made by dragging marbles, take back with the
board's guidance, abandon, the game over with its shuffle check, rematch, and a
seat's link made anew. In English and in French."""

import itertools
import re
import subprocess
import sys
import time

import httpx
import pytest
from conftest import claim, keep, start_with_seat_codes
from playwright.sync_api import expect

from marbleboard.web.live import LiveServer

DESK = {"width": 1280, "height": 900}
RED = 0  # the seat red plays


def table_page(browser, live, lang):
    page = browser.new_context(viewport=DESK, accept_downloads=True).new_page()
    page.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    expect(page.locator("#start")).to_be_visible()
    return page


def hole(page, hole_id):
    return page.locator(f"[id='g-{hole_id}'] .hole")


def drag(page, start, end):
    # The page takes a drag only from a hole it shows a marble in: wait for the
    # screen to catch up with the board first.
    expect(page.locator(f'[id="g-{start}"] circle.marble')).not_to_have_attribute("fill", "none")
    hole(page, start).drag_to(hole(page, end))


def choose_seats(page, names, kinds):
    page.select_option("#players", str(len(kinds)))
    for colour in ("red", "blue", "yellow", "green"):
        page.select_option(f"select[data-seat={colour}]", kinds.get(colour, ""))
    for colour, name in names.items():
        page.fill(f"input[data-name={colour}]", name)


def wait_for(check, seconds=30, fail=True):
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() >= deadline:
            assert not fail, "waited too long"
            return False
        time.sleep(0.05)
    return True


def drag_a_move(live, page):
    """Red's turn: a legal move that moves one marble and sends none back, made by
    dragging it on the screen. False if red has none such (its phone would play)."""
    table = live.hub.table
    rules = table.game.marbles
    state = table.state.clone()
    before = set(rules.marbles(state))
    held = live.sim.physical.occupied_holes()
    for action in state.legal_actions():
        path = rules.path(state, action)
        if len(path) < 2 or rules.knocked(state, action) or path[-1] in held:
            continue
        after = state.clone()
        after.apply(action)
        if set(rules.marbles(after)) != (before - {path[0]}) | {path[-1]}:
            continue  # more than one marble moves
        start = path[0]
        if start.startswith("start."):  # any marble of the START row comes out
            start = next(h for h in sorted(held) if h.startswith(start.rsplit(".", 1)[0] + "."))
        drag(page, start, path[-1])
        landed = lambda end=path[-1]: end in live.sim.physical.occupied_holes()  # noqa: E731
        if not wait_for(landed, 3, fail=False):
            drag(page, start, path[-1])  # a drag the page missed (it moved under it): again
        if not wait_for(landed, 3, fail=False):
            # Missed twice: the same move through the simulated board's own endpoint,
            # so the rest of the game is still played.
            httpx.post(f"{live.url}/api/sim/drag",
                       json={"token": live.admin, "hole": start, "to": path[-1]})
        read = wait_for(lambda: table.state.turns != state.turns
                        or table.status.question is not None, fail=False)
        assert read, (start, path[-1], table.status.log[-4:], table.show_mistakes,
                      table.restoring, table.map.differences(table.occupied,
                                                             table.map.target(table.state)))
        return True
    return False


def play_moves(live, page, token, moves):
    """Red (dragging) and a bot play until ``moves`` moves were made, at least one
    of them dragged, and one of them can be taken back."""
    table = live.hub.table
    dragged = 0
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, (
            f"after 90 s: {table.record.moves}, {dragged} dragged, turn of seat "
            f"{table.state.current}, bot's move {table.bot_action}, restoring "
            f"{table.restoring}, question {table.status.question}, can take back "
            f"{table.can_take_back()}, phone move {live.hub.moving()}")
        made = sum(1 for m in table.record.moves if " " not in m or not m.split()[-1].isdigit())
        # Red's turn, no bot's move lit: no hand is moving marbles while the
        # caller takes a move back.
        if made >= moves and dragged and table.can_take_back() and \
                table.status.question is None and table.state.current == RED and \
                table.bot_action is None and not live.hub.moving():
            return dragged
        question = table.status.question
        if question is not None:  # two moves fit the board: red says which
            httpx.post(f"{live.url}/api/seats/red/answer", json={
                "token": token, "turn": table.state.turns, "move": question.texts[0]})
        elif table.state.current == RED and table.bot_action is None and not table.restoring:
            if drag_a_move(live, page):
                dragged += 1
            else:
                turns = table.state.turns
                moves_now = httpx.get(f"{live.url}/api/seats/red", params={"token": token}).json()
                if moves_now["moves"]:
                    httpx.post(f"{live.url}/api/seats/red/move", json={
                        "token": token, "turn": turns, "move": moves_now["moves"][0]["text"]})
                wait_for(lambda t=turns: table.state.turns != t)
        time.sleep(0.1)


def put_back(live, page):
    """Follow the guidance: each marble out of place is dragged to a hole to fill."""
    table = live.hub.table
    extra, missing = table.map.differences(table.occupied, table.map.target(table.state))
    by_sensor = live.hub.board.by_sensor
    for lift, place in zip(extra, missing, strict=True):
        drag(page, by_sensor[lift].id, by_sensor[place].id)
        landed = wait_for(lambda p=by_sensor[place].id: p in live.sim.physical.occupied_holes(),
                          5, fail=False)
        assert landed, (f"dragged {by_sensor[lift].id} to {by_sensor[place].id}: the board "
                        f"holds {sorted(live.sim.physical.occupied_holes())}")
    if not wait_for(lambda: not table.restoring, fail=False):
        still = table.map.differences(table.occupied, table.map.target(table.state))
        raise AssertionError(f"dragged {extra} to {missing}; still out of place: {still}")


def test_the_host_names_the_players_plays_takes_back_and_abandons(live, browser):
    page = table_page(browser, live, "en")
    drag(page, "start.red.1", "track.3")  # before any game, a drag moves a marble too
    wait_for(lambda: "track.3" in live.sim.physical.occupied_holes())
    drag(page, "track.3", "start.red.1")
    wait_for(lambda: "track.3" not in live.sim.physical.occupied_holes())
    choose_seats(page, {"red": "Anna", "yellow": "Bob"}, {"red": "human", "yellow": "bot:family"})
    expect(page.locator("#rules")).to_contain_text("A 7 may end in HOME")
    page.uncheck("input[data-rule=seven_into_home]")
    keep(page, "table-lobby-names")
    start_with_seat_codes(page)
    expect(page.locator("#seats")).to_contain_text("Anna")
    expect(page.locator("#seats")).to_contain_text("Bob")
    expect(page.locator("#qrs strong")).to_have_text(["Anna"])
    table = live.hub.table
    assert table.players == {0: "Anna", 2: "Bob"}
    assert table.state.opts.to_json()["seven_into_home"] is False
    token = claim(live, page.locator("#qrs a").get_attribute("href"))

    assert play_moves(live, page, token, 3) >= 1
    # One line per event, addressed to whoever acts; a bot's move said once.
    expect(page.locator("#log")).to_contain_text("Anna played")
    log = page.locator("#log").inner_text()
    assert "please move it" not in log
    bot_lines = [p for p in table.status.log if p[0] == "log.act_for"]
    assert all(p[1]["who"] == "Bob" for p in bot_lines)
    if bot_lines:  # (the bot may have thrown its hands away so far)
        bob = page.locator("#log li").filter(has_text="For Bob: ")
        expect(bob).not_to_have_count(0)

    # Take back: the board's guidance for putting the marbles back, followed by drags.
    moves = len(table.record.moves)
    expect(page.locator("#takeback")).to_be_enabled()
    page.click("#takeback")
    expect(page.locator("#put-back")).to_be_visible()
    expect(page.locator("#put-back")).to_contain_text("Put the marbles back as the lights show")
    assert len(table.record.moves) < moves and table.restoring
    keep(page, "table-takeback")
    expect(page.locator("#log li").first).to_contain_text("the last move was taken back")
    page.select_option("#lang select", "fr")  # the same guidance, in French
    expect(page.locator("#put-back")).to_contain_text(
        "Remettez les billes comme le montrent les lumières")
    expect(page.locator("#log li").first).to_contain_text("le dernier coup est repris")
    page.select_option("#lang select", "en")
    put_back(live, page)
    expect(page.locator("#put-back")).to_be_hidden()
    wait_for(lambda: not table.restoring)
    # The game goes on from there, whoever's turn it is (a bot is asked only now).
    kept = len(table.record.moves)
    play_moves(live, page, token, 1)
    wait_for(lambda: len(table.record.moves) > kept)

    # Abandon (asked twice): back to the lobby with the names and seats kept.
    page.click("#abandon")
    page.click("#abandon-yes")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("input[data-name=red]")).to_have_value("Anna")
    expect(page.locator("input[data-name=yellow]")).to_have_value("Bob")
    expect(page.locator("select[data-seat=yellow]")).to_have_value("bot:family")
    expect(page.locator("input[data-rule=seven_into_home]")).not_to_be_checked()
    assert live.hub.table is None
    # A new game with them: the phone that claimed red's link is the room's, and
    # plays red again, so nobody is asked about a seat without a phone.
    page.click("#start")
    expect(page.locator("#controls")).to_be_visible()
    assert live.hub.table.game_id == 2 and live.hub.table.players == {0: "Anna", 2: "Bob"}


@pytest.fixture
def quick(tmp_path):
    """A service whose simulated hands are quick: a whole game of bots in a minute."""
    with LiveServer(tmp_path / "games.db", quiet_s=0.03, debounce_ms=5, pace_s=0.005) as server:
        yield server


@pytest.mark.timeout(300)
def test_drags_follow_one_another_with_text_selected_on_the_page(live, browser):
    """Putting marbles back is several drags in a row with the mouse. A drag must
    not leave text selected that the next drag carries off as the browser's own
    drag (which ends with no pointerup, so no marble moves)."""
    page = table_page(browser, live, "en")
    page.keyboard.press("Control+a")  # everything selectable is selected
    holes = ["start.red.1", "track.3", "track.5", "track.7", "start.red.1"]
    for start, end in itertools.pairwise(holes):
        drag(page, start, end)
        landed = wait_for(lambda e=end: e in live.sim.physical.occupied_holes(), 5, fail=False)
        selected = page.evaluate("getSelection().toString().slice(0, 80)")
        assert landed, f"the drag {start} to {end} moved nothing; selected: {selected!r}"
    expect(page.locator("body")).not_to_have_class("sim dragging")


def test_a_game_over_in_french_shows_the_winner_and_checks_the_shuffles(quick, browser, tmp_path):
    live = quick
    page = table_page(browser, live, "fr")
    expect(page.locator("#start")).to_have_text("Commencer la partie")
    choose_seats(page, {"red": "Anna", "yellow": "Bob"},
                 {"red": "bot:family", "yellow": "bot:family"})
    page.click("#start")  # bots alone: nobody's phone to wait for
    expect(page.locator("#over")).to_be_visible(timeout=240_000)
    winner = live.hub.table.players[live.hub.table.state.winners[0]]
    expect(page.locator("#winner")).to_have_text(f"{winner} a gagné")
    expect(page.locator("#summary")).to_contain_text("joués par Anna, Bob")
    expect(page.locator("#verdict")).to_have_class("verdict ok")
    decks = len(live.hub.table.record.chances)
    assert {c.kind for c in live.hub.table.record.chances} == {"shuffle"}
    expect(page.locator("#verdict")).to_have_text(
        f"Vérifié : {decks} paquets, chacun tel qu'annoncé avant le jeu")
    expect(page.locator("#shuffle-check li .ok")).to_have_count(decks)
    keep(page, "table-over", docs=True)

    # The record downloaded is one `marbleboard verify` accepts.
    with page.expect_download() as info:
        page.click("#download")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    done = subprocess.run([sys.executable, "-m", "marbleboard", "verify", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "fair and by the rules" in done.stdout

    # A deck changed after the commitment is caught by the page's own hashing; the
    # hashing without WebCrypto (plain http on the home network) agrees with it.
    said = page.evaluate("""async () => {
        const record = JSON.parse(JSON.stringify(last.record));
        const c = record.chances[0];
        c.outcome = c.outcome.slice(2) + c.outcome.slice(0, 2);  // the top card to the bottom
        const box = document.createElement("div");
        await shuffleCheck(record, box);
        const text = "salt:" + "AS KH 7D ".repeat(30);
        return [box.querySelector("#verdict").textContent,
                sha256Plain(new TextEncoder().encode(text)), await sha256Hex(text),
                sha256Plain(new TextEncoder().encode(""))];
    }""")
    assert said[0] == (f"Non vérifié : 1 des {decks} paquets et lancers diffèrent de leurs "
                       "engagements")
    assert said[1] == said[2]
    assert said[3] == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    # Rematch: the same seats, names and rules, a new game.
    game_id = live.hub.table.game_id
    page.click("#rematch")
    expect(page.locator("#over")).to_be_hidden()
    expect(page.locator("#seats")).to_contain_text("Anna")
    assert live.hub.table.game_id == game_id + 1
    assert live.hub.table.players == {0: "Anna", 2: "Bob"}
    page.click("#abandon")
    page.click("#abandon-yes")
    expect(page.locator("#lobby h2").first).to_have_text("Nouvelle partie")


@pytest.mark.parametrize(("lang", "refused", "spent", "on_phone"), [
    ("en", "This link is not valid: scan the QR code again",
     "This seat's link has been opened already: ask the host for a new one", "on a phone"),
    ("fr", "Ce lien n'est pas valable : scannez à nouveau le code QR",
     "Le lien de cette place a déjà été ouvert : demandez-en un nouveau à l'hôte",
     "sur un téléphone")])
def test_a_seats_link_made_anew_leaves_the_old_one_not_valid(live, browser, lang, refused,
                                                              spent, on_phone):
    page = table_page(browser, live, lang)
    choose_seats(page, {"red": "Anna"}, {"red": "human", "yellow": "human"})
    start_with_seat_codes(page)
    old = page.locator("#qrs a").first.get_attribute("href")
    phone = browser.new_context(viewport={"width": 390, "height": 760}).new_page()
    phone.goto(old + f"&lang={lang}")
    expect(phone.locator("#status")).not_to_have_text(refused)
    expect(page.locator("#seats tr[data-seat=red]")).to_contain_text(on_phone)
    page.click("[data-relink=red]")
    expect(phone.locator("#status")).to_have_text(refused)
    expect(page.locator("#qrs a").first).not_to_have_attribute("href", old)
    new = page.locator("#qrs a").first.get_attribute("href")
    phone.goto(new + f"&lang={lang}")
    expect(phone.locator("#status")).not_to_have_text(refused)
    expect(phone).to_have_url(re.compile(r"/phone\?m="))
    phone.goto(old + f"&lang={lang}")  # the old link's claim, spent and made anew
    expect(phone.locator("#status")).to_have_text(spent)
