"""Killing the service at any moment loses no committed move: a real process,
killed with SIGKILL twice, resumes the game from its store each time."""

import os
import signal
import sqlite3
import subprocess
import sys
import time

from marbleboard.table.store import GameStore


def entries(db):
    if not db.exists():
        return []
    try:
        with sqlite3.connect(db) as conn:
            return [e for (e,) in conn.execute("SELECT entry FROM entries ORDER BY n")]
    except sqlite3.OperationalError:
        return []


def run_until(db, count, timeout=60):
    proc = subprocess.Popen(
        [sys.executable, "-m", "marbleboard", "play", "wampoo", "--seats", "greedy,random",
         "--board", "sim", "--db", str(db), "--seed", "5", "--quiet-ms", "80"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout
    try:
        while len(entries(db)) < count:
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:]
            assert time.monotonic() < deadline, "the game did not get far enough"
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # no goodbye, no flush: as a power cut
        proc.wait()
    return entries(db)


def test_killed_twice_the_game_goes_on_from_where_it_stood(tmp_path):
    db = tmp_path / "games.db"
    first = run_until(db, 10)
    second = run_until(db, len(first) + 5)
    assert second[: len(first)] == first  # nothing committed was lost or changed
    third = run_until(db, len(second) + 5)
    assert third[: len(second)] == second
    store = GameStore(db)
    game_id = store.unfinished()
    record = store.load(game_id)
    assert record.moves == third
    record.replay()  # every entry is legal, in order
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
