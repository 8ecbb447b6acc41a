"""A whole game of each marble game in a real browser, one person on a phone-sized
page and a bot, in each language: the table screen starts it from the lobby, the
person plays every turn on the phone by the move's words, and both screens end on
the winner, the table with its shuffle check verified. Screenshots of each game's
table and phone are kept (docs/images with UPDATE_SCREENSHOTS=1)."""

import pytest
from conftest import keep, phone_page, start_against_a_bot, table_page, table_saw
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from marbleboard import words
from marbleboard.web.live import LiveServer

GAMES = {"wampoo": "wampoo", "wahoo": "wahoo"}  # game -> the board it is played on
READ_S = 30  # for the marbles of a phone's move to be read, on a busy machine too
README_SHOTS = {("wampoo", "en"), ("wahoo", "fr")}  # the README shows each game once


@pytest.fixture(params=[(g, lang) for g in GAMES for lang in ("en", "fr")],
                ids=lambda p: f"{p[0]}-{p[1]}")
def played(request, tmp_path):
    game, lang = request.param
    with LiveServer(tmp_path / "games.db", layout=GAMES[game]) as server:
        yield server, game, lang


# A whole game clicked through a browser: 41 to 118 s a game in the last two-worker
# runs of the suite (the game's length and the machine's load vary), past pytest's
# usual bound; each step inside has its own (READ_S, the clicks' 30 s).
@pytest.mark.timeout(300)
def test_a_whole_game_with_a_person_and_a_bot(played, browser):
    live, game, lang = played
    table = table_page(browser, live, lang)
    start_against_a_bot(table, game)
    phone = phone_page(browser, table, lang)
    status = phone.locator("#status")
    moves = 0
    while True:
        expect(status).not_to_have_attribute("data-state", "joining", timeout=10000)
        state = status.get_attribute("data-state")
        if state == "over":
            break
        answer = phone.locator("[data-answer]").first
        move = phone.locator("[data-move]").first
        if answer.count():
            turns = live.hub.table.state.turns
            click(answer, live, phone)
            caught_up(phone, live, turns)
        elif state == "turn" and move.count():
            turns = live.hub.table.state.turns
            # The move reads as words in the phone's language, the notation small beside.
            notation = move.get_attribute("data-move")
            said = move.locator(".words").inner_text()
            assert notation not in said and len(said) > len(notation)
            click(move, live, phone)
            if moves == 3:
                shown = (game, lang) in README_SHOTS
                keep(phone, f"{game}-phone-{lang}", docs=shown)
                keep(table, f"{game}-table-{lang}", docs=shown)
            click(phone.locator("#play"), live, phone)
            moves += 1
            if moves == 1:  # the table's log tells the person which marble goes where
                for _ in range(100):
                    told = [p for p in live.hub.table.status.log
                            if p[0] == "log.act" and p[1]["who"] == "Anna"]
                    if told:
                        break
                    phone.wait_for_timeout(50)
                expect(table.locator("#log")).to_contain_text(words.say(told[0], lang))
            for _ in range(READ_S * 20):  # until the move has been read from the marbles
                if live.hub.table.state.turns > turns:
                    break
                phone.wait_for_timeout(50)
            else:
                raise AssertionError(f"the phone's move {notation} was not read in {READ_S} s: "
                                     f"{table_saw(live.hub)}")
            # Read again only once the phone shows what followed: on a busy machine the
            # page may still show the turn just played (its move buttons locked, or
            # gone for good when that move won the game).
            caught_up(phone, live, turns)
        else:
            phone.wait_for_timeout(100)
    winners = live.hub.table.record.winners
    assert live.hub.table.state.is_over() and winners and moves >= 5
    result = live.hub.table.result_words()
    assert result is not None and live.hub.table.record.result == "won"
    expect(status).to_have_text(words.say(["over", [result]], lang))
    expect(table.locator("#winner")).to_have_text(words.say(result, lang))
    expect(table.locator("#verdict")).to_have_class("verdict ok")
    keep(phone, f"{game}-phone-end-{lang}")
    keep(table, f"{game}-table-end-{lang}", docs=lang == "en" or game == "wampoo")


def click(locator, live, phone, timeout_ms=30000):
    """A click that, when the button stays locked, says what the phone and the table saw."""
    try:
        locator.click(timeout=timeout_ms)
    except PlaywrightTimeout:
        seen = phone.evaluate("() => ({turns: last && last.turns, moving: last && last.moving, "
                              "turn: last && last.turn, playedTurn, link, pending, note})")
        raise AssertionError(f"no click in {timeout_ms / 1000:.0f} s: the phone saw {seen}; "
                             f"the hub sent {live.hub.sent} payloads; the table: "
                             f"{table_saw(live.hub)}") from None


def caught_up(phone, live, turns):
    """Wait until the phone's page shows a turn after ``turns``."""
    try:
        phone.wait_for_function("(t) => last !== null && last.turns > t", arg=turns,
                                timeout=READ_S * 1000)
    except PlaywrightTimeout:
        raise AssertionError(f"the phone still showed turn {turns} after {READ_S} s; the hub "
                             f"sent {live.hub.sent} payloads; the table: "
                             f"{table_saw(live.hub)}") from None
