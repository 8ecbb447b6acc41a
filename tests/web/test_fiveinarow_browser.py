"""A whole game of Five in a Row in a real browser, in each language: the table
screen starts it from the lobby on the Stomple board, a person puts every marble
down from the phone by the move's words and a bot answers; both screens end on the
result, and the record of a game without chance is offered without a shuffle
check."""

import pytest
from conftest import keep, phone_page, start_against_a_bot, table_page, table_saw
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from marbleboard import words
from marbleboard.games.fiveinarow.game import FIVE_IN_A_ROW
from marbleboard.games.fiveinarow.notation import parse_hole
from marbleboard.web.live import LiveServer

READ_S = 30  # for a phone's marble to be read, on a busy machine too


@pytest.fixture(params=["en", "fr"])
def played(request, tmp_path):
    with LiveServer(tmp_path / "games.db", layout="stomple") as server:
        yield server, request.param


def wait_for(check, live, phone, what):
    for _ in range(READ_S * 20):
        if check():
            return
        phone.wait_for_timeout(50)
    raise AssertionError(f"{what} not within {READ_S} s; the table: {table_saw(live.hub)}")


def test_a_whole_game_with_a_person_and_a_bot(played, browser):
    live, lang = played
    table = table_page(browser, live, lang)
    # Its title in the table's language, from the game's own words.
    expect(table.locator("#game option[value=fiveinarow]")).to_have_text(
        words.say("fiveinarow.title", lang))
    start_against_a_bot(table, "fiveinarow")
    phone = phone_page(browser, table, lang)
    status = phone.locator("#status")
    moves = 0
    while True:
        expect(status).not_to_have_attribute("data-state", "joining", timeout=10000)
        state = status.get_attribute("data-state")
        if state == "over":
            break
        move = phone.locator("[data-move]").first
        if state == "turn" and move.count():
            turns = live.hub.table.state.turns
            notation = move.get_attribute("data-move")
            # The move in words, its hole found from the centre: "a marble 3↙
            # from the centre" / "une bille à 3↙ du centre".
            said = move.locator(".words").inner_text()
            put = FIVE_IN_A_ROW.action_words(None, parse_hole(notation))
            assert said == words.say(put, lang)
            try:
                move.click(timeout=30000)
                phone.locator("#play").click(timeout=30000)
            except PlaywrightTimeout:
                raise AssertionError(f"the phone's move stayed locked; the table: "
                                     f"{table_saw(live.hub)}") from None
            moves += 1
            if moves == 1:  # the log tells the person where the marble goes
                expect(table.locator("#log")).to_contain_text(words.say(
                    ["log.plays", {"who": "Anna", "move": put}], lang))
            if moves == 2:
                # The game's fact, its value in its words: "5 in a row to win".
                expect(table.locator(".fact").first).to_have_text(
                    words.say(["fiveinarow.fact.to_win", [5]], lang))
                keep(phone, f"fiveinarow-phone-{lang}")
                keep(table, f"fiveinarow-table-{lang}")
                # Each seat's marbles lettered by its colour's word: R and B, R and B.
                letters = set(table.locator("#board .letter").evaluate_all(
                    "marks => marks.map((m) => m.textContent)")) - {""}
                assert letters == {words.say(w, lang)[0].upper()
                                   for w in ("fiveinarow.red", "fiveinarow.blue")}, letters
            wait_for(lambda t=turns: live.hub.table.state.turns > t, live, phone,
                     f"the phone's move {notation} read from the marbles")
            # The phone's page must show the turn after it before it is read again:
            # until then it still shows the move just played, locked.
            try:
                phone.wait_for_function("(t) => last !== null && last.turns > t", arg=turns,
                                        timeout=READ_S * 1000)
            except PlaywrightTimeout:
                raise AssertionError(f"the phone still showed turn {turns} after {READ_S} s; "
                                     f"the table: {table_saw(live.hub)}") from None
        else:
            phone.wait_for_timeout(100)
    assert live.hub.table.state.is_over() and moves >= 3
    result = live.hub.table.result_words()
    expect(status).to_have_text(words.say(["over", [result]], lang))
    expect(table.locator("#winner")).to_have_text(words.say(result, lang))
    # Nothing was left to chance: the record is there to keep, and no check of
    # decks and rolls is shown.
    expect(table.locator("#verdict")).to_have_text(words.say("noChance", lang))
    expect(table.locator("#download")).to_be_visible()
    keep(table, f"fiveinarow-table-end-{lang}")
