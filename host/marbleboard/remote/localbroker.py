"""A mosquitto on 127.0.0.1, for the tests and the bench of games shared by two
homes, set up as docs/remote.md tells a broker's owner to: TLS (with a throwaway
certificate authority made by trustme, a test-only package), no anonymous login,
and the dynamic security plugin, whose admin login is the one the host makes
each game's logins with. It can be stopped and started again on the same port
mid-game; what the plugin was told is kept in its file."""

from __future__ import annotations

import asyncio
import getpass
import glob
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from ..loopback import free_port
from . import provision
from .broker import BrokerAddress
from .keys import GameKeys

# Debian puts it in /usr/sbin, outside an ordinary account's PATH (tests/system-needs).
MOSQUITTO = (os.environ.get("MARBLEBOARD_MOSQUITTO") or shutil.which("mosquitto")
             or "/usr/sbin/mosquitto")
MOSQUITTO_CTRL = shutil.which("mosquitto_ctrl") or "/usr/bin/mosquitto_ctrl"
PLUGIN = next(iter(glob.glob("/usr/lib/*/mosquitto_dynamic_security.so")),
              "/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so")
START_S = 10.0
ADMIN = provision.BrokerLogin("admin", "the broker owner's password")
HOSTING = provision.BrokerLogin("marbleboard", "the hosting table's password")


def _sync(work: Coroutine[Any, Any, Any]) -> None:
    """Run a broker command to its end from code with no loop of its own, or beside
    one already running in this thread (Playwright's): in a thread of its own."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(work)
        except BaseException as e:  # handed back to the caller below
            failed.append(e)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]


class Mosquitto:
    @staticmethod
    def available() -> bool:
        return Path(MOSQUITTO).exists() and Path(MOSQUITTO_CTRL).exists() and Path(PLUGIN).exists()

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        import trustme  # the tests' and the bench's, not the service's

        ca = trustme.CA()
        cert = ca.issue_cert("127.0.0.1", "localhost")
        self.ca_file = str(folder / "ca.pem")
        ca.cert_pem.write_to_path(self.ca_file)
        cert.private_key_and_cert_chain_pem.write_to_path(str(folder / "server.pem"))
        dynsec = folder / "dynamic-security.json"
        subprocess.run([MOSQUITTO_CTRL, "dynsec", "init", str(dynsec), ADMIN.username,
                        ADMIN.password], check=True, capture_output=True)
        self.log_file = folder / "mosquitto.log"
        (folder / "mosquitto.conf").write_text(
            f"user {getpass.getuser()}\n"
            "per_listener_settings false\n"
            "allow_anonymous false\n"
            f"plugin {PLUGIN}\n"
            f"plugin_opt_config_file {dynsec}\n"
            "persistence false\n"
            f"log_dest file {self.log_file}\n"
            "log_type all\n"
            f"listener {self.port} 127.0.0.1\n"
            f"cafile {self.ca_file}\n"
            f"certfile {folder / 'server.pem'}\n"
            f"keyfile {folder / 'server.pem'}\n")
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtts://127.0.0.1:{self.port}"

    @property
    def address(self) -> BrokerAddress:
        return BrokerAddress(self.url)

    def start(self) -> Mosquitto:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_S
        while True:
            if self.process.poll() is not None:
                out = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"mosquitto exited ({self.process.returncode}): {out}"
                                   f"{self.log()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            if time.monotonic() > deadline:
                raise TimeoutError(f"mosquitto not listening on {self.port} after {START_S} s: "
                                   f"{self.log()}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        return self.log_file.read_text() if self.log_file.exists() else ""

    def open_game(self, game: str, keys: GameKeys) -> None:
        """Make a game's logins as a host does when the game begins."""
        _sync(provision.open_game(self.address, ADMIN, self.ca_file, game, keys.logins()))

    def hosting_login(self) -> provision.BrokerLogin:
        """The login a hosting table is given, made as docs/remote.md says."""
        _sync(provision.run(self.address, ADMIN, self.ca_file,
                                  provision.host_login_commands(HOSTING)))
        return HOSTING

    def add_login(self, username: str, password: str, reads: str) -> None:
        """A login that may read ``reads`` (a topic filter) and nothing else."""
        _sync(provision.run(self.address, ADMIN, self.ca_file, [
            {"command": "createRole", "rolename": f"test-{username}", "acls": [
                {"acltype": "subscribePattern", "topic": reads, "allow": True}]},
            {"command": "createClient", "username": username, "password": password,
             "roles": [{"rolename": f"test-{username}"}]}]))
