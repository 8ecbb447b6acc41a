"""Stomple's screens in a real browser: the table screen starts it on its own board,
the simulated players set out the layout the lights show, and one person plays
turns on a phone-sized page against a bot, by the move's words, in each language.
The pictures draw each marble in its own colour with its letter, and the Stompers
ringed; screenshots of both screens are kept. A move taken back is put back by
clicks on the table screen, following its guidance."""

import pytest
from conftest import keep, phone_page, start_against_a_bot, table_page, table_saw
from playwright.sync_api import expect

from marbleboard import words
from marbleboard.web.live import LiveServer

LETTERS = {"en": {"R", "Y", "G", "B", "P", "W", "★"},
           "fr": {"R", "J", "V", "B", "Vi", "Bc", "★"}}


@pytest.fixture(params=["en", "fr"])
def played(request, tmp_path):
    with LiveServer(tmp_path / "games.db", layout="stomple") as server:
        yield server, request.param


def wait_for(page, check, tries=300):
    for _ in range(tries):
        if check():
            return True
        page.wait_for_timeout(50)
    return False


def test_a_person_plays_stomple_on_a_phone_against_a_bot(played, browser):
    live, lang = played
    table = table_page(browser, live, lang)
    start_against_a_bot(table, "stomple")
    hub = live.hub
    # The players set the layout out as the lights show it, and play begins.
    assert wait_for(table, lambda: hub.table is not None and not hub.table.setting_out)
    phone = phone_page(browser, table, lang)
    status = phone.locator("#status")
    played_moves = 0
    while played_moves < 4 and not hub.table.state.is_over():
        expect(status).not_to_have_attribute("data-state", "joining", timeout=10000)
        move = phone.locator("[data-move]").first
        if status.get_attribute("data-state") != "turn" or not move.count():
            phone.wait_for_timeout(100)
            continue
        turns = hub.table.state.turns
        notation = move.get_attribute("data-move")
        said = move.locator(".words").inner_text()
        state = hub.table.state.clone()
        legal = {hub.table.game.action_text(state, a): a for a in state.legal_actions()}
        if notation not in legal:  # the page still shows the turn before (a string goes on)
            phone.wait_for_timeout(50)
            continue
        action = legal[notation]
        assert said == words.say(hub.table.game.action_words(state, action), lang)
        move.click()
        phone.locator("#play").click()
        played_moves += 1
        if played_moves == 1:  # the table's log tells Anna which marble to stomp
            told = words.say(["log.act", {"who": "Anna",
                                            "move": hub.table.game.action_words(state, action)}],
                             lang)
            expect(table.locator("#log")).to_contain_text(told)
        assert wait_for(phone, lambda seen=turns: hub.table.state.turns > seen)
    assert played_moves == 4
    # Every marble of the board picture has its colour's letter in the page's
    # language, and each Stomper on the board is ringed.
    letters = set(table.locator("#board text.letter").all_text_contents()) - {""}
    assert letters <= LETTERS[lang] and len(letters) >= 5
    placed = [h for h in hub.table.state.at if h >= 0]
    rings = table.locator("#board circle.marble.piece")
    expect(rings).to_have_count(len(placed))
    # Ringed as drawn, not as a stylesheet would have it: thick and black.
    drawn = rings.first.evaluate(
        "(c) => [getComputedStyle(c).stroke, getComputedStyle(c).strokeWidth]")
    assert drawn[0] == "rgb(0, 0, 0)" and float(drawn[1].removesuffix("px")) >= 3, drawn
    expect(phone.locator("#picture circle.big-marble.piece")).to_have_count(len(placed))
    keep(phone, f"stomple-phone-{lang}", docs=lang == "en")
    keep(table, f"stomple-table-{lang}", docs=lang == "en")
    take_back_and_put_back(hub, table, lang)


def take_back_and_put_back(hub, table, lang):
    """Anna's last stomp taken back (and the bot's since): the guidance lifts the
    Stomper where it stands and sets it back where it stood, and never asks to take
    out and put in a marble in one hole; clicks on the holes it lights complete it."""
    assert wait_for(table, lambda: hub.table.can_take_back() and hub.table.bot_action is None
                    and hub.table.state.current == 0 and not hub.moving()), \
        f"no move of Anna's to take back: {table_saw(hub)}, {hub.table.can_take_back()}"
    table.click("#takeback")
    guide = table.locator("#put-back")
    expect(guide).to_be_visible()
    said = {key: [words.say(h, lang) for h in holes]
            for key, holes in hub._put_back(hub.table).items()}
    assert said["lift_piece"] and said["place_piece"], said
    assert not set(said["lift"]) & set(said["place"]), said
    lift = words.say(["stomple.liftPiece", {"holes": said["lift_piece"][0]}], lang)
    expect(guide).to_contain_text(lift)
    keep(table, f"stomple-takeback-{lang}")
    board = hub.board.by_sensor
    for _ in range(20):  # one click a step: the first hole out of place, as lit
        table_now = hub.table
        if not table_now.restoring:
            break
        extra, missing = table_now.map.differences(table_now.occupied,
                                                   table_now.map.target(table_now.state))
        if not extra and not missing:  # as it stands: read after a quiet moment
            assert wait_for(table, lambda: not hub.table.restoring), \
                f"the board is as the game stands but the table still waits: {table_saw(hub)}"
            break
        hole = board[(extra or missing)[0]].id
        before = set(table_now.occupied)
        table.locator(f"[id='g-{hole}'] .hole").click()
        assert wait_for(table, lambda b=before: hub.table.occupied != b), \
            f"a click on {hole} changed nothing"
        # One click can change two sensors (a Stomper and its hole): the table is
        # compared with the game only once both have reached it, never between.
        assert wait_for(table, lambda: hub.table.occupied == hub.sim.physical.occupied()), \
            f"the table read {sorted(hub.table.occupied)}, " \
            f"the board holds {sorted(hub.sim.physical.occupied())}"
    assert not hub.table.restoring, f"still out of place after 20 clicks: {said}"
    expect(guide).to_be_hidden()
    # Anna's turn again, played on the table screen: her Stomper dragged onto a
    # marble next to it stomps it.
    state = hub.table.state.clone()
    game = hub.table.game
    stomps = [a for a in state.legal_actions() if len(game.marbles.path(state, a)) == 2
              and not state.is_hop(a)]
    assert stomps, f"no stomp next to Anna's Stomper: {table_saw(hub)}"
    start, end = game.marbles.path(state, stomps[0])
    moves = len(hub.table.record.moves)
    table.locator(f"[id='g-{start}'] .hole").drag_to(table.locator(f"[id='g-{end}'] .hole"))
    assert wait_for(table, lambda: len(hub.table.record.moves) > moves), table_saw(hub)
    assert hub.table.record.moves[moves] == game.action_text(state, stomps[0])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_short_stomple_game_ends_on_its_winner_and_scores(tmp_path, browser, lang):
    """Two bots, a game of 10 points (one round wins it): the table screen ends on
    the winner, the ranked scores and the winning Stomper lit."""
    with LiveServer(tmp_path / "games.db", layout="stomple", bot_pace_s=0.0) as live:
        hub = live.hub
        live.call(hub.start_game("stomple", 2, ["bot:greedy", "bot:greedy"],
                                 rules={"target": 10}, names={"player1": "Anna"}))
        table = table_page(browser, live, lang)
        if not wait_for(table, lambda: hub.table.state.is_over(), tries=2400):
            raise AssertionError(f"no end in 120 s: {table_saw(hub)}")
        result = hub.table.result_words()
        expect(table.locator("#winner")).to_have_text(words.say(result, lang))
        standings = hub.table.standings()
        expect(table.locator("#standings li")).to_have_count(2)
        expect(table.locator("#standings li").first).to_contain_text(
            words.say(standings[0][1], lang))
        # The check in one line, each kind of chance counted in words: a layout
        # and a draw of the Stompers a round.
        rounds = len(hub.table.state.rounds)
        expect(table.locator("#verdict")).to_have_text(words.say(["checkOk", {
            "what": words.say(["andList", {"first": ["stomple.count.layout", {"n": rounds}],
                                           "last": ["stomple.count.stompers", {"n": rounds}]}],
                              lang)}], lang))
        keep(table, f"stomple-over-{lang}", docs=lang == "en")
