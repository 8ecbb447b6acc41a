"""What ``marbleboard serve`` prints when it starts, and the secret it keeps."""

import os
import signal
import stat
import subprocess
import sys
import time

from marbleboard.web.live import free_port
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
