"""The saved games hold every deck and the seats' secret links: the file and the
files SQLite keeps beside it are their owner's alone."""

import os
import stat

import pytest

from marbleboard.games.record import GameRecord
from marbleboard.games.registry import get_game
from marbleboard.table.store import GameStore

SIDES = ("-wal", "-shm", "-journal")


@pytest.fixture
def loose_umask():
    old = os.umask(0o022)  # the usual default: new files readable by everyone
    yield
    os.umask(old)


def files_of(db):
    return [db] + [db.with_name(db.name + side) for side in SIDES
                   if db.with_name(db.name + side).exists()]


def write_a_game(store):
    game = get_game("wampoo")
    record = GameRecord(game, game.options({"players": 2}), {"red": "human"})
    game_id = store.new_game(record)
    store.add_entry(game_id, 0, "fold")
    store.save_tokens(game_id, {"red": "a-secret-link"})


def test_the_saved_games_are_readable_by_their_owner_only(tmp_path, loose_umask):
    db = tmp_path / "games" / "games.db"
    store = GameStore(db)
    write_a_game(store)
    files = files_of(db)
    assert {f.name for f in files} >= {"games.db", "games.db-wal", "games.db-shm"}
    for f in files:
        assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0, f.name
    assert stat.S_IMODE(db.parent.stat().st_mode) & 0o077 == 0  # the folder made for them
    store.close()


def test_games_saved_by_an_older_version_are_closed_up_when_opened(tmp_path, loose_umask):
    db = tmp_path / "games.db"
    store = GameStore(db)
    write_a_game(store)
    for f in files_of(db):
        f.chmod(0o644)
    store.db.execute("PRAGMA wal_checkpoint")  # the side files stay, as after a crash
    again = GameStore(db)
    write_a_game(again)
    for f in files_of(db):
        assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0, f.name
    again.close()
    store.close()
