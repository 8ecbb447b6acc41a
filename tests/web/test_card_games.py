"""The card games at the table in a real browser: one person on a phone-sized page
and bots, in each language. The phone holds the hand and plays by the moves'
words, the table screen shows the centre as cards and every seat's facts, the
board lights whose turn it is, and both screens end on the winner with the
shuffle check verified."""

import pytest
from conftest import keep, table_saw
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from marbleboard import words
from marbleboard.games.registry import get_game
from marbleboard.web.live import LiveServer

# game -> rules for a short game (a match of one game), the board it is played on
GAMES = {"wumprummy": ({"games_to_win": 1}, "wampoo"), "wampum": ({}, "wahoo6")}


@pytest.fixture(params=[(g, lang) for g in GAMES for lang in ("en", "fr")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def played(request, tmp_path):
    game, lang = request.param
    with LiveServer(tmp_path / "games.db", layout=GAMES[game][1]) as server:
        yield server, game, lang


def wait_turn(phone, hub, turns):
    for _ in range(200):
        if hub.table.state.turns > turns:
            return
        phone.wait_for_timeout(50)


def bid_on_one_screen(phone, hub, lang, first):
    """Wampum's bid on one screen: a village, cards tapped from the hand, then put
    down; the table gets its steps (the village, each card, down) as one move. The
    first bid checks what the screen says on the way."""
    hint = phone.locator("#hint")
    play = phone.locator("#play")
    state = hub.table.state.clone()
    villages = {v["name"]: v for v in hub.table.game.public(state)["villages"]}
    if first:
        expect(hint).to_have_text(words.say("wampum.pickVillage", lang))
        expect(play).to_be_hidden()
    buttons = phone.locator("button.village:not([disabled])")
    # The village with the smallest bid there (none is smallest): the fewest cards.
    names = buttons.evaluate_all("els => els.map(e => e.dataset.village)")
    name = min(names, key=lambda n: villages[n]["bid"] or 0)
    phone.locator(f'button.village[data-village="{name}"]').click(timeout=2000)
    need = (villages[name]["bid"] or 0) + 1
    if villages[name]["bid"]:
        expect(hint).to_have_text(words.say(["wampum.needCards", {"n": need}], lang))
    elif first:
        expect(hint).to_have_text(words.say("wampum.tapCards", lang))
    cards = phone.locator("#hand button.card")
    if cards.count():
        expect(play).to_be_disabled()  # no card in the bid yet
    for i in range(min(need, cards.count())):
        cards.nth(i).click(timeout=2000)
        expect(cards.nth(i)).to_have_attribute("aria-pressed", "true")
    put = min(need, cards.count())
    if put:
        expect(play).to_have_text(words.say(
            ["wampum.putDown", {"n": put, "village": f"wampum.village.{name}"}], lang))
    if first:
        keep(phone, f"wampum-bid-{lang}")
    moves = len(hub.table.record.moves)
    play.click(timeout=2000)
    for _ in range(200):
        if len(hub.table.record.moves) >= moves + put + 2 or hub.table.state.is_over():
            break
        phone.wait_for_timeout(50)
    steps = hub.table.record.moves[moves:moves + put + 2]
    assert steps[0] == f"@{name}" and steps[-1] == "bid" and len(steps) == put + 2, steps


def test_a_whole_card_game_with_a_person_and_bots(played, browser):
    live, game, lang = played
    table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    table.goto(f"{live.url}/?t={live.admin}&lang={lang}")
    expect(table.locator("#game")).to_contain_text(get_game(game).title)  # the lobby offers it
    # A short match, started as the lobby would with its rules.
    live.call(live.hub.start_game(game, 3, ["human", "bot:greedy", "bot:random"],
                                  rules=GAMES[game][0], names={"player1": "Anna"}))
    expect(table.locator("#qrs a")).to_have_count(1)
    hub = live.hub
    phone = browser.new_context(viewport={"width": 390, "height": 844},
                                is_mobile=True).new_page()
    phone.goto(table.locator("#qrs a").get_attribute("href") + f"&lang={lang}")
    status = phone.locator("#status")
    expect(phone.locator("#picture")).to_be_hidden()  # a card game: no board picture
    played_moves = 0
    while True:
        expect(status).not_to_have_attribute("data-state", "joining", timeout=10000)
        state = status.get_attribute("data-state")
        if state == "over":
            break
        if state != "turn":
            phone.wait_for_timeout(50)
            continue
        turns = hub.table.state.turns
        if phone.locator("button.village:not([disabled])").count():
            try:
                bid_on_one_screen(phone, hub, lang, first=played_moves == 0)
            except PlaywrightError:  # redrawn under the tap: again
                continue
            played_moves += 1
            wait_turn(phone, hub, turns)
            continue
        # The hand as cards; a card tapped lists its moves, in words.
        card = phone.locator("#hand button.card:not([disabled])").first
        if card.count() and not phone.locator("[data-move]").count():
            try:
                card.click(timeout=2000)
            except PlaywrightError:  # redrawn under the tap (the turn moved on): again
                continue
        listed = phone.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")
        snapshot = hub.table.state.clone()
        legal = {hub.table.game.action_text(snapshot, a): a for a in snapshot.legal_actions()}
        if not listed or listed[0] not in legal:  # none yet, or the turn before's
            phone.wait_for_timeout(50)
            continue
        notation = listed[0]
        move = phone.locator(f'[data-move="{notation}"]')
        try:
            said = move.locator(".words").inner_text(timeout=2000)
            assert said == words.say(hub.table.game.action_words(snapshot, legal[notation]),
                                     lang)
            move.click(timeout=2000)
            phone.locator("#play").click(timeout=2000)
        except PlaywrightError:
            continue
        played_moves += 1
        if played_moves == 2:
            keep(phone, f"{game}-phone-{lang}", docs=lang == "en")
            keep(table, f"{game}-table-{lang}", docs=lang == "en")
            # The centre is drawn as cards, each named for a screen reader.
            public = hub.table.game.public(hub.table.state)
            if "centre" in public:
                expect(table.locator("[data-cards=centre] .chip")).to_have_count(
                    len(public["centre"]))
            if "villages" in public:  # each village's goods, in the game's own words
                villages = table.locator("[data-records=villages] tr")
                expect(villages).to_have_count(len(public["villages"]) + 1)
                goods = words.say(f"{game}.goods.{public['villages'][0]['goods'][0]}", lang)
                expect(villages.nth(1)).to_contain_text(goods)
        wait_turn(phone, hub, turns)
    winners = hub.table.record.winners
    assert hub.table.state.is_over() and winners and played_moves >= 3
    result = hub.table.result_words()
    assert result is not None and hub.table.record.result == "won"
    expect(status).to_have_text(words.say(["over", [result]], lang))
    expect(table.locator("#winner")).to_have_text(words.say(result, lang))
    # Every seat ranked by its points (games won, wampums), highest first.
    ranked = hub.table.standings()
    expect(table.locator("#standings li")).to_have_count(len(ranked))
    expect(table.locator("#standings li").first).to_have_text(
        words.say(["colon", [ranked[0][1]]], lang) + str(ranked[0][2]))
    expect(table.locator("#verdict")).to_have_class("verdict ok")
    # The winner's place blinks on the board.
    lamp = next(lp for lp in hub.board.lamps
                if lp.id == f"turn.{hub.board.seats[hub.table.state.winners[0]].name}")
    assert hub.table.lights.state[lamp.led] >> 4 == 2  # blink
    keep(table, f"{game}-table-end-{lang}", docs=game == "wampum" and lang == "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bots_move_is_announced_until_the_table_has_seen_it(tmp_path, browser, lang):
    """With a long pace, each bot move waits on the table screen, said in words,
    until someone there taps that it has been seen; then it is made."""
    with LiveServer(tmp_path / "games.db", layout="wampoo", bot_pace_s=600.0) as live:
        live.call(live.hub.start_game("wumprummy", 2, ["bot:greedy", "bot:greedy"]))
        table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
        table.goto(f"{live.url}/?t={live.admin}&lang={lang}")
        hub = live.hub
        for _ in range(2):
            # The next move is announced (the button may still show the last one's
            # until the screen's payload comes): read it once the table holds it.
            for _ in range(200):
                coming, before = hub.table.coming, hub.table.state.clone()
                if coming is not None:
                    break
                table.wait_for_timeout(50)
            else:
                raise AssertionError(f"no bot move was announced in 10 s: {table_saw(hub)}")
            button = table.locator("#go-on")
            expect(button).to_have_text(words.say("goOn", lang))
            made = len(hub.table.record.moves)
            expect(table.locator("#coming")).to_contain_text(
                words.say(hub.table.game.action_words(before, coming), lang))
            button.click()
            for _ in range(100):
                if len(hub.table.record.moves) > made:
                    break
                table.wait_for_timeout(50)
            assert hub.table.record.moves[made:made + 1] == [
                hub.table.game.action_text(before, coming)], "seen, the move was not made"
