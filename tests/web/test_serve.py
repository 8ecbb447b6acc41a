"""What ``marbleboard serve`` prints when it starts, and the secret it keeps."""

import os
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import time

import httpx
import pytest

from marbleboard.loopback import free_port
from marbleboard.table.store import DAMAGED_EXIT, GameStore, StoreDamaged
from marbleboard.web.serve import table_token


def banner(tmp_path, *flags):
    """The lines ``serve`` prints until it says who may connect; then it is stopped."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "marbleboard", "serve", "--host", "127.0.0.1",
         "--port", str(free_port()), "--db", str(tmp_path / "games.db"), "--no-mdns", *flags],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=env)
    lines = []
    deadline = time.monotonic() + 60
    try:
        for line in proc.stdout:
            lines.append(line.rstrip())
            if "may connect" in line or time.monotonic() > deadline:
                break
    finally:
        os.kill(proc.pid, signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
    return lines


def test_the_banner_says_when_the_service_is_open_to_every_network(tmp_path):
    public = banner(tmp_path, "--public")
    assert any("Open to every network" in line for line in public), public
    assert not any("Only the local network" in line for line in public)
    local = banner(tmp_path)
    assert any("Only the local network may connect" in line for line in local), local
    assert not any("every network" in line for line in local)


def test_the_tables_secret_is_its_owners_alone(tmp_path):
    old = os.umask(0o022)
    try:
        token = table_token(tmp_path / "games.db")
    finally:
        os.umask(old)
    path = tmp_path / "games.table-token"
    assert path.read_text() == token
    assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0
    assert table_token(tmp_path / "games.db") == token  # kept across restarts


def started(tmp_path, *flags, env=None):
    """``serve`` in a process of its own, once it has printed who may connect; and
    its lines so far."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "marbleboard", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--db", str(tmp_path / "games.db"), "--no-mdns", *flags],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})})
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip())
        if "may connect" in line:
            break
    else:
        proc.wait(20)
        raise AssertionError(f"serve ended (exit {proc.returncode}) before serving: {lines}")
    # The banner comes just before the web server listens: wait for its socket.
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, port, lines
        except OSError as e:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise AssertionError(f"serve printed its banner but did not listen on {port} "
                                     f"within 20 s ({e}): {lines}") from None
            time.sleep(0.05)


def test_sigterm_runs_the_same_shutdown_as_ctrl_c(tmp_path):
    """`systemctl stop` sends SIGTERM: the games file is closed (no WAL left, the
    main file alone holds the game), the simulated Pico's folder is removed, and
    the exit is clean. Before, uvicorn re-raised SIGTERM and skipped all of it."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    proc, port, lines = started(tmp_path, env={"TMPDIR": str(temp)})
    try:
        admin = (tmp_path / "games.table-token").read_text().strip()
        r = httpx.post(f"http://127.0.0.1:{port}/api/admin/start", timeout=20, json={
            "token": admin, "players": 2, "seats": ["bot:greedy", "bot:greedy"]})
        assert r.status_code == 200, r.text
        assert any(temp.iterdir()), "the simulated Pico keeps its port in a folder of its own"
        proc.send_signal(signal.SIGTERM)
        rest, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    said = lines + rest.splitlines()
    assert proc.returncode == 0, said
    assert any("has stopped" in line for line in said), said
    assert not (tmp_path / "games.db-wal").exists()
    assert not list(temp.iterdir()), list(temp.iterdir())
    # Opened as it lies on disk, with nothing beside it: the game is there.
    with sqlite3.connect(f"file:{tmp_path / 'games.db'}?immutable=1", uri=True) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)
        assert db.execute("SELECT COUNT(*) FROM entries").fetchone()[0] >= 1


def test_a_damaged_games_file_is_left_as_it_is_and_said_so(tmp_path):
    """A damaged store stops the start with a clear message and an exit status
    the installed service does not restart on; --fresh-store keeps it aside."""
    db = tmp_path / "games.db"
    damaged = b"this is not a games file\n" * 200
    db.write_bytes(damaged)
    run = subprocess.run(
        [sys.executable, "-m", "marbleboard", "serve", "--port", str(free_port()), "--db",
         str(db), "--no-mdns"], capture_output=True, text=True, timeout=60,
        stdin=subprocess.DEVNULL)
    assert run.returncode == DAMAGED_EXIT, run.stdout + run.stderr
    assert "damaged" in run.stdout and "--fresh-store" in run.stdout
    assert "Traceback" not in run.stdout + run.stderr
    assert db.read_bytes() == damaged  # untouched
    proc, port, lines = started(tmp_path, "--fresh-store")
    try:
        assert httpx.get(f"http://127.0.0.1:{port}/api/table", timeout=10).json()["state"] == \
            "lobby"
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.communicate(timeout=30)
    assert any("kept aside" in line for line in lines), lines
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("games.db.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    GameStore(db).close()  # the fresh one is a store


def test_a_store_damaged_inside_is_found_before_anything_is_written(tmp_path):
    db = tmp_path / "games.db"
    store = GameStore(db)
    store.close()
    data = bytearray(db.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the first page's table, overwritten
    db.write_bytes(bytes(data))
    with pytest.raises(StoreDamaged, match="damaged"):
        GameStore(db)
    assert db.read_bytes() == bytes(data)
