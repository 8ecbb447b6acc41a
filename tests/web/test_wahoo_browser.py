"""Wa-Hoo from the lobby of a six-colour board: four players as partners, a person
on a phone and three bots, the die on both screens, moves read from the marbles."""

import pytest
from conftest import keep, start_with_seat_codes
from playwright.sync_api import expect

from marbleboard.bots.levels import strength
from marbleboard.games.registry import get_game
from marbleboard.web.live import LiveServer


@pytest.fixture
def live6(tmp_path):
    with LiveServer(tmp_path / "games.db", layout="wahoo6") as server:
        yield server


def test_partners_on_the_six_colour_board_with_the_die_on_every_screen(live6, browser):
    table = browser.new_context(viewport={"width": 1200, "height": 820}).new_page()
    table.goto(f"{live6.url}/?t={live6.admin}&lang=en")
    # The six-colour board plays Wa-Hoo, for two to six, and the card games.
    expect(table.locator("#game option")).to_have_text(["Wa-Hoo", "Wump Rummy", "Wampum"])
    assert table.locator("#players option").all_inner_texts() == ["2", "3", "4", "5", "6"]
    # How often each level beat the one below, as the bench measured it, in words.
    shown = strength(get_game("wahoo"))
    assert {m["level"] for m in shown} == {"family", "strong"}
    for m in shown:
        expect(table.locator("#bot-figures")).to_contain_text(
            f"In {m['games']:,} two-player test games, the {m['level']} bot beat the "
            f"{m['below']} bot "
            f"{round(m['won'] * 10)} times in 10.")
    table.select_option("#players", "4")
    seats = table.locator("#seat-kinds select")
    # Every colour may be chosen; four players take two facing pairs unless told.
    assert [s.get_attribute("data-seat") for s in seats.all()] == [
        "red", "blue", "yellow", "green", "purple", "orange"]
    assert [s.get_attribute("data-seat") for s in seats.all() if s.input_value()] == [
        "red", "blue", "green", "purple"]
    table.check("input[data-rule=partners]")
    keep(table, "wahoo-lobby")
    start_with_seat_codes(table)
    expect(table.locator("#qrs a").first).to_be_visible()
    opts = live6.hub.table.state.opts
    assert opts.board == "wahoo6" and opts.partners and opts.players == 4
    phone = browser.new_context(viewport={"width": 390, "height": 760},
                                is_mobile=True).new_page()
    phone.goto(table.locator("#qrs a").first.get_attribute("href") + "&lang=en")
    moved = 0
    for _ in range(400):
        expect(phone.locator("#status")).not_to_have_attribute("data-state", "joining",
                                                               timeout=10000)
        state = live6.hub.table.state
        if state.is_over() or moved >= 3:
            break
        button = phone.locator("[data-move]").first
        if phone.locator("#status").inner_text() == "Your turn" and button.count():
            # The die shows the roll the host made, on the phone and the table alike.
            face = "⚀⚁⚂⚃⚄⚅"[state.roll - 1]
            expect(phone.locator("#public .die")).to_have_text(face)
            expect(table.locator("#public .die")).to_have_text(face)
            if moved == 0:
                keep(phone, "wahoo-phone")
                keep(table, "wahoo-table")
            turns = state.turns
            button.click()  # the move is shown on the picture
            phone.locator("#play").click()
            moved += 1
            for _ in range(300):  # until the move has been read from the marbles
                if live6.hub.table.state.turns > turns:
                    break
                phone.wait_for_timeout(50)
        phone.wait_for_timeout(100)
    assert moved == 3
    record = live6.hub.table.record
    assert sum(m.startswith("roll ") for m in record.moves) >= 3
