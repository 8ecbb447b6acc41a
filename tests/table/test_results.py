"""How a game ends: won by one seat or several, or a draw with nobody winning, or
abandoned before its end, and where the game counts points, every seat ranked by
them. The table, the store, the record, `verify` and the lights each say which.

No game of the five can end in a draw, so here Wampum's ending is changed in
memory to leave nobody winning: what the platform does with it is what it does
for any game that ends that way."""

import asyncio
import json
import random
import sqlite3

import pytest

from marbleboard import words
from marbleboard.board import build_layout
from marbleboard.games.fairness import ChanceSource
from marbleboard.games.record import DRAW, WON, GameRecord, result_text, verify
from marbleboard.games.registry import get_game
from marbleboard.games.wampum import state as wampum_state
from marbleboard.link.lights import Effect
from marbleboard.table.screens import ScreenTable
from marbleboard.table.store import ABANDONED, GameStore

WAMPUM = get_game("wampum")


class QuietLink:
    """A board that is there and never changes: a card game reads no marble."""

    def __init__(self):
        self.occupied: set[int] = set()

    async def show(self, lights):
        pass

    def subscribe(self):
        return asyncio.Queue()


@pytest.fixture
def drawn(monkeypatch):
    """Wampum, ending with nobody winning whatever the chests hold."""
    end = wampum_state.State._end_game

    def nobody_wins(self):
        end(self)
        self.winners = ()

    monkeypatch.setattr(wampum_state.State, "_end_game", nobody_wins)


async def play_out(tmp_path, seats=None):
    board = build_layout("wahoo6")
    store = GameStore(tmp_path / "games.db")
    seats = seats or {0: "bot:random", 1: "bot:random"}
    table = ScreenTable(WAMPUM, board, QuietLink(), store, seats,
                        WAMPUM.options({"players": len(seats)}), quiet_s=0.0,
                        chance=ChanceSource(random.Random(1)), bot_rng=random.Random(2))
    failures = []
    asyncio.get_running_loop().set_exception_handler(
        lambda _loop, context: failures.append(context.get("exception")))
    await table.start()
    async with asyncio.timeout(60):
        while not table.state.is_over():
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    assert failures == []
    return table, store


def lamp_effects(table):
    lights, board = table.lights, table.board
    found = {}
    for seat in WAMPUM.seats(table.options):
        lamp = next(lp for lp in board.lamps if lp.id == f"turn.{board.seats[seat].name}")
        v = lights.state[lamp.led]
        found[seat] = Effect(v >> 4) if v else None
    return found


async def test_a_game_nobody_wins_ends_as_a_draw_at_the_table(drawn, tmp_path):
    table, store = await play_out(tmp_path)
    try:
        assert table.state.winners == () and table.record.result == DRAW
        over = table.status.log[-2]  # then the scores, Wampum counting wampums
        assert words.say(over, "en") == "Game over: a draw, nobody won"
        assert words.say(over, "fr") == "Partie terminée : match nul, personne n'a gagné"
        # The store keeps a draw apart from an abandoned game, and gives it back.
        assert store.result(table.game_id) == DRAW
        assert store.load(table.game_id).result == DRAW
        # Every seat's lamp is steady: the game is over and nobody's stands out.
        assert set(lamp_effects(table).values()) == {Effect.SOLID}
    finally:
        table.close()
        store.close()


async def test_the_record_of_a_draw_says_so_and_verify_checks_it(drawn, tmp_path):
    table, store = await play_out(tmp_path)
    table.close()
    store.close()
    data = json.loads(table.record.dumps())
    assert data["result"] == "draw" and data["winners"] == []
    record = GameRecord.from_json(data)
    assert verify(record) == [] and result_text(record).startswith("a draw (")
    data["result"] = "won"  # a record claiming a win the moves do not give
    assert verify(GameRecord.from_json(data)) == [
        "the record says the game was won, the replay that it was draw"]
    data["result"] = "lost"
    with pytest.raises(ValueError, match="a game's result is 'won', 'draw' or none"):
        GameRecord.from_json(data)


async def test_a_game_won_names_every_winner_in_both_languages(tmp_path):
    table, store = await play_out(tmp_path)
    try:
        assert table.record.result == WON and table.state.winners
        table.players = {0: "Emma", 1: "Léo", 2: "Sam"}
        table.record.winners = ["player1"]
        assert words.say(table.result_words(), "en") == "Emma won"
        table.record.winners = ["player1", "player2", "player3"]
        assert words.say(table.result_words(), "en") == "Emma, Léo and Sam won together"
        assert words.say(table.result_words(), "fr") == "Emma, Léo et Sam ont gagné ensemble"
    finally:
        table.close()
        store.close()


async def test_an_abandoned_game_is_kept_apart_from_a_draw(tmp_path):
    board = build_layout("wahoo6")
    store = GameStore(tmp_path / "games.db")
    table = ScreenTable(WAMPUM, board, QuietLink(), store, {0: "person", 1: "person"},
                        WAMPUM.options({"players": 2}), chance=ChanceSource(random.Random(1)))
    await table.start()
    table.abandon()
    assert store.result(table.game_id) == ABANDONED
    record = store.load(table.game_id)
    assert record.result is None and record.winners == []
    assert store.unfinished() is None  # it is never resumed
    assert words.say(table.status.log[-1], "en") == f"Game {table.game_id} abandoned"
    store.close()


OLD_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,
    players TEXT NOT NULL, started REAL NOT NULL, finished REAL, winners TEXT);
INSERT INTO games VALUES (1, 'wampoo', '{"players": 2}', '{}', 1, 2, '["red"]');
INSERT INTO games VALUES (2, 'wampoo', '{"players": 2}', '{}', 3, 4, '[]');
INSERT INTO games VALUES (3, 'wampoo', '{"players": 2}', '{}', 5, NULL, NULL);
"""


def test_a_store_from_before_results_reads_its_games_as_won_or_abandoned(tmp_path):
    # Before results were kept, a game finished with no winner had been abandoned:
    # no game could end in a draw then.
    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_SCHEMA)
    store = GameStore(path)
    try:
        assert [store.result(n) for n in (1, 2, 3)] == [WON, ABANDONED, None]
        assert store.load(1).result == WON and store.load(2).result is None
        assert store.unfinished() == 3
    finally:
        store.close()


async def test_a_game_that_counts_points_ranks_every_seat_at_the_end(tmp_path):
    seats = {0: "bot:random", 1: "bot:random", 2: "bot:random"}
    table, store = await play_out(tmp_path, seats)
    try:
        state = table.state
        wampums = {WAMPUM.seat_names[s]: state.wampums(s) for s in state.opts.seats}
        assert table.record.scores == wampums
        ranked = table.record.standings()
        assert [n for _seat, n in ranked] == sorted(wampums.values(), reverse=True)
        # The log ranks them after the result, by the players' names.
        over, scores = table.status.log[-2:]
        assert over[0] == "log.over"
        said = words.say(scores, "en")
        assert said.startswith("Scores: ") and said.count(" and ") == 1
        for name, n in ranked:
            who = words.say(table.players[WAMPUM.seat_names.index(name)], "en")
            assert f"{who} {n}" in said
        # The record keeps them, verify checks them, and the store gives them back.
        data = json.loads(table.record.dumps())
        assert data["scores"] == wampums and verify(GameRecord.from_json(data)) == []
        assert store.load(table.game_id).scores == wampums
        assert result_text(GameRecord.from_json(data)).endswith(
            "(" + ", ".join(f"{name} {n}" for name, n in ranked) + ")")
        data["scores"] = {**wampums, "player1": wampums["player1"] + 1}
        assert verify(GameRecord.from_json(data))[0].startswith("the record's scores")
    finally:
        table.close()
        store.close()
