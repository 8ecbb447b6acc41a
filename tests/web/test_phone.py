"""A seat's phone as a person sees it, on a phone-sized screen, in English and
French: moves in words (the notation beside them on asking), a picture of the board that
shows the chosen move and plays it when its destination is tapped, the lock after a
tap, and the connection's states in words. And the service's side of it: a card
chosen on a phone lights nothing on the board until the player asks."""

import json
import re

import httpx
import pytest
from conftest import keep
from playwright.sync_api import expect

from marbleboard.games.wampoo.game import WAMPOO
from marbleboard.games.wampoo.notation import parse_position
from marbleboard.web.hub import _move

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}
# Red to play 5S 7H JD KC with marbles on 10 and 30; blue waits on 15, yellow on 12.
MID = "4 10,30,RS,RS/15,BS,BS,BS/12,YS,YS,YS/GS,GS,GS,GS 5S7HJDKC/2C/2C/2C R G - +0 - - 0"


def start(live, seats=("human", "human")):
    r = httpx.post(f"{live.url}/api/admin/start",
                   json={"token": live.admin, "players": len(seats), "seats": list(seats)})
    assert r.status_code == 200, r.text
    return httpx.get(f"{live.url}/api/table", params={"token": live.admin}).json()["links"]


def token_of(live, seat):
    """The secret of the seat's phone, as the service knows it: the seat's link (a
    claim, good once) is left for the phone page to open."""
    return live.hub.tokens[live.hub.table.names.index(seat)]


def mover(live, links):
    """The seat to play (once any turn the table plays by itself is done), its
    token and its payload."""
    for _ in range(200):
        seat = live.hub.table.names[live.hub.table.state.current]
        token = token_of(live, seat)
        me = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token}).json()
        if me["moves"]:
            return seat, token, me
        live.call(_pause())
    raise AssertionError("no seat had a move to make")


async def _pause():
    import asyncio

    await asyncio.sleep(0.05)


def test_a_move_carries_its_words_its_path_and_the_marbles_it_knocks_home():
    # Wampoo rules: "A marble that lands on another marble sends it back to its
    # owner's START" - red's 5 from 10 lands on blue in 15.
    state = parse_position(MID)
    actions = {WAMPOO.action_text(state, a): a for a in state.legal_actions()}
    moves = {t: _move(WAMPOO, state, a, WAMPOO.seat_names) for t, a in actions.items()}
    five = moves["5 10-15 xB15"]
    assert five["path"] == [f"track.{n}" for n in range(10, 16)]
    assert five["to"] == "track.15"
    assert five["knocks"] == [{"hole": "track.15", "seat": "blue"}]
    assert five["words"] == WAMPOO.action_words(state, actions["5 10-15 xB15"])
    assert five["card"] == "5"
    # A swap passes no hole between: its path is the two holes, and it knocks nobody.
    assert moves["J 10<>15"]["path"] == ["track.10", "track.15"]
    assert moves["J 10<>15"]["knocks"] == []


def test_a_card_chosen_on_the_phone_lights_nothing_until_the_player_asks(live):
    links = start(live)
    seat, token, me = mover(live, links)
    table = live.hub.table
    turn = me["turns"]
    card = next(c for c in me["hand"] if any(m["card"] == c[0] for m in me["moves"]))
    post = lambda path, **body: httpx.post(  # noqa: E731
        f"{live.url}/api/seats/{seat}/{path}", json={"token": token, "turn": turn, **body})
    assert post("show", show=True).json()["code"] == "no-card"  # nothing chosen yet
    other_seat = next(s for s in links if s != seat)
    refused = httpx.post(f"{live.url}/api/seats/{other_seat}/show", json={
        "token": token_of(live, other_seat), "turn": turn, "show": True})
    assert refused.status_code == 409 and refused.json()["code"] == "not-your-turn"
    assert post("show", show="yes please").status_code == 422
    assert post("card", card=card).status_code == 200
    # The board is public and the hand is not: the table does not learn the card.
    assert table.group is None
    me = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token}).json()
    assert me["chosen"] == card[0] and me["shown"] is None
    assert post("show", show=True).status_code == 200
    assert table.group == card[0]
    me = httpx.get(f"{live.url}/api/seats/{seat}", params={"token": token}).json()
    assert me["shown"] == card[0]
    # Another card put on the phone: the board stops showing the first one's moves.
    other = next((c for c in me["hand"] if c[0] != card[0]), None)
    if other is not None:
        assert post("card", card=other).status_code == 200
        assert table.group is None
    assert post("card", card=card).status_code == 200
    assert post("show", show=True).status_code == 200
    assert post("show", show=False).status_code == 200
    assert table.group is None


@pytest.mark.parametrize(("lang", "said", "waiting"), [
    ("en", "Move to {0}", "Waiting for {0}"),
    ("fr", "Aller en {0}", "En attente de {0}"),
])
def test_moves_read_as_words_and_the_picture_shows_the_chosen_one(live, browser, monkeypatch,
                                                                 lang, said, waiting):
    # A game's phrase for a move is said in the phone's language; the notation is
    # small beside it for a player who asked for it, and absent otherwise.
    monkeypatch.setattr(type(WAMPOO), "action_words",
                        lambda self, state, action: ["moveTo", [self.action_text(state, action)]])
    links = start(live)
    seat, _token, me = mover(live, links)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(links[seat]["url"] + f"&lang={lang}")
    first = me["moves"][0]
    button = phone.locator(f"[data-move='{first['text']}']")
    expect(button.locator(".words")).to_have_text(said.format(first["text"]))
    expect(button.locator(".notation")).to_have_count(0)
    phone.check("#expert")
    expect(button.locator(".notation")).to_have_text(first["text"])
    phone.uncheck("#expert")
    expect(phone.locator("html")).to_have_attribute("lang", lang)
    card = first["card"]
    phone.locator(f".card[data-card^='{card}']").first.click()
    expect(phone.locator(f".card[data-card^='{card}']").first).to_have_attribute(
        "aria-pressed", "true")
    assert live.hub.table.group is None  # the card stays on the phone
    expect(phone.locator("[data-move]")).to_have_count(
        sum(m["card"] == card for m in me["moves"]))
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    # The picture: the path through every hole the marble passes, a filled ring
    # where it lands.
    path = phone.locator("#picture polyline.path")
    expect(path).to_have_count(1)
    assert len(path.get_attribute("points").split()) == len(first["path"])
    expect(phone.locator("#picture .target.dest")).to_have_attribute("data-to", first["to"])
    expect(phone.locator("#play")).to_have_text(re.compile(re.escape(first["text"])))
    keep(phone, f"phone-move-{lang}")
    other = "yellow" if seat == "red" else "red"
    expect(phone.locator("#status")).to_have_text(
        "Your turn" if lang == "en" else "À vous de jouer")
    # Whose turn it is, by the player's name when the table knows it.
    phone.evaluate(f"show({{...last, turn: '{other}', names: {{{other}: 'Anna'}}}})")
    expect(phone.locator("#status")).to_have_text(waiting.format("Anna"))
    phone.evaluate(f"show({{...last, names: {{{other}: '{other}'}}}})")  # nobody named it
    expect(phone.locator("#status")).to_have_text(
        waiting.format({"yellow": "jaune", "red": "rouge"}[other] if lang == "fr" else other))
    expect(phone.locator("[data-move]")).to_have_count(0)


def test_the_picture_marks_the_marbles_a_move_knocks_home(live, browser):
    links = start(live)
    seat, _token, _me = mover(live, links)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(links[seat]["url"] + "&lang=en")
    expect(phone.locator("#picture svg")).to_have_count(1)
    state = parse_position(MID)
    seven = next(m for m in (_move(WAMPOO, state, a, WAMPOO.seat_names)
                             for a in state.legal_actions()) if m["text"] == "7 10-17 xY12 xB15")
    # Red's 7 from 10 passes yellow on 12 and lands beyond blue on 15 ("a 7 sends
    # home every marble it passes"), as the service would send it to this phone.
    phone.evaluate(f"show({{...last, chosen: null, hand: null, question: null, "
                   f"moves: [{json.dumps(seven)}]}})")
    expect(phone.locator("[data-move]")).to_have_count(1)
    expect(phone.locator("#picture path.knock")).to_have_count(2)
    expect(phone.locator("#picture .target.dest")).to_have_attribute("data-to", "track.17")


def test_a_tap_on_a_destination_plays_the_move_and_locks_the_phone(live, browser):
    links = start(live)
    seat, _token, me = mover(live, links)
    # A card's moves are the ones on the picture: one of them alone ends in its hole
    # (an Ace, a King and a Joker all bring a marble out to the same hole).
    by_end = {}
    for m in me["moves"]:
        by_end.setdefault((m["card"], m["to"]), []).append(m)
    (card, end), (move,) = next((k, v) for k, v in by_end.items() if len(v) == 1)
    phone = browser.new_context(**PHONE).new_page()
    held = []
    phone.route(re.compile(r"/api/seats/\w+/move$"), lambda route: held.append(route))
    phone.goto(links[seat]["url"] + "&lang=en")
    if card is not None:
        phone.locator(f".card[data-card^='{card}']").first.click()
        expect(phone.locator("[data-move]")).to_have_count(
            sum(m["card"] == card for m in me["moves"]))
    target = phone.locator(f"#picture .target[data-to='{end}']")
    expect(target).to_have_count(1)
    turns = live.hub.table.state.turns
    # A thumb lands beside the ring, not on it: 18 px off its centre, on the side
    # away from any other ring, is still a tap on it (the rings are a few pixels
    # wide on a phone; half a thumb, 22 px, reaches them).
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    others = [b for t in phone.locator("#picture .target").all()
              if t.get_attribute("data-to") != end and (b := t.bounding_box())]
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in others]
    tap = max(((x + 18 * dx, y + 18 * dy) for dx, dy in
               ((1, 0), (-1, 0), (0, 1), (0, -1), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7),
                (-0.7, -0.7))),
              key=lambda p: min((abs(p[0] - cx) + abs(p[1] - cy) for cx, cy in centres),
                                default=99))
    assert all(((tap[0] - cx) ** 2 + (tap[1] - cy) ** 2) ** 0.5 > 18 for cx, cy in centres)
    phone.mouse.click(*tap)
    for _ in range(100):
        if held:
            break
        phone.wait_for_timeout(20)
    assert len(held) == 1 and json.loads(held[0].request.post_data)["move"] == move["text"]
    # Until the service answers, nothing on the phone can be tapped.
    for button in phone.locator("[data-move], .card, #play, #show").all():
        if button.is_visible():
            expect(button).to_be_disabled()
    expect(phone.locator("#picture .target").first).to_have_attribute("aria-disabled", "true")
    target.click(force=True)
    phone.wait_for_timeout(200)
    assert len(held) == 1  # a second tap sent nothing
    held[0].continue_()
    for _ in range(200):
        if live.hub.table.state.turns > turns:
            break
        phone.wait_for_timeout(50)
    assert live.hub.table.state.turns > turns
    assert move["text"] in live.hub.table.record.moves


@pytest.mark.parametrize(("lang", "invalid"), [
    ("en", "This link is not valid: scan the QR code again"),
    ("fr", "Ce lien n'est pas valable : scannez à nouveau le code QR"),
])
def test_a_link_without_its_token_says_so_at_once(live, browser, lang, invalid):
    start(live)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live.url}/seat/red?lang={lang}")
    expect(phone.locator("#status")).to_have_text(invalid, timeout=1000)
    expect(phone.locator("button:visible")).to_have_count(0)


def test_a_phone_reconnects_with_nothing_to_tap_and_says_game_over(tmp_path, browser):
    from marbleboard.web.live import LiveServer

    server = LiveServer(tmp_path / "games.db").__enter__()
    port = server.port
    links = start(server)
    seat, _token, _me = mover(server, links)
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(links[seat]["url"] + "&lang=fr")
    expect(phone.locator("[data-move]").first).to_be_enabled()
    phone.locator("[data-move]").first.click()
    server.__exit__(None, None, None)
    expect(phone.locator("#status")).to_have_text("Reconnexion… un instant")
    for button in phone.locator("[data-move], .card, #play").all():
        expect(button).to_be_disabled()
    expect(phone.locator("#picture .target").first).to_have_attribute("aria-disabled", "true")
    keep(phone, "phone-reconnecting")
    again = LiveServer(tmp_path / "games.db")
    again.port, again.url = port, f"http://127.0.0.1:{port}"
    with again:
        expect(phone.locator("#status")).to_have_text("À vous de jouer", timeout=15000)
        expect(phone.locator("[data-move]").first).to_be_enabled()
        phone.evaluate("show({...last, state: 'over', winners: ['red'], "
                       "result: ['result.won', {who: 'red'}], "
                       "host: last.host && {...last.host, state: 'over'}})")
        expect(phone.locator("#status")).to_have_text("Partie terminée : rouge a gagné")
        # Nothing of the game is left to tap; this first phone is the host's, which
        # offers the next game.
        expect(phone.locator("main > :not(#host-top) button:visible:enabled")).to_have_count(0)
        expect(phone.locator("#rematch")).to_have_text("Rejouer")
        expect(phone.locator(".card:visible")).to_have_count(0)  # the game's hands are done


def test_a_phone_that_cannot_reach_the_board_says_so_instead_of_spinning(live, browser):
    links = start(live)
    phone = browser.new_context(**PHONE).new_page()
    # Every connection the page opens is turned away: the service is not there.
    phone.route_web_socket(re.compile(r"/ws"), lambda ws: ws.close(code=1011))
    phone.goto(links["red"]["url"] + "&lang=en")
    expect(phone.locator("#status")).to_have_text("Joining the table…")
    expect(phone.locator("#status")).to_have_text(
        "Cannot reach the board: is this phone on the table's Wi-Fi? Still trying…",
        timeout=12000)
    expect(phone.locator("button:visible")).to_have_count(0)
    # A service that does not answer to the name the page was opened with: trying
    # again cannot help, and the page says what to do.
    other = browser.new_context(**PHONE).new_page()
    other.route_web_socket(re.compile(r"/ws"), lambda ws: ws.close(code=1008))
    other.goto(links["yellow"]["url"] + "&lang=fr")
    expect(other.locator("#status")).to_have_text(
        "Cette adresse ne mène pas au plateau : scannez à nouveau le code QR")
