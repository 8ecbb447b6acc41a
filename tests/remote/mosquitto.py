"""A real mosquitto on 127.0.0.1 for the remote-play tests: TLS with a test
certificate authority (trustme), a password per table and the topic ACLs the
game asks for (remote/broker.py), configured as docs/remote.md tells a broker's
owner to. It can be stopped and started again on the same port mid-game."""

from __future__ import annotations

import getpass
import shutil
import socket
import subprocess
import time
from pathlib import Path

import trustme

from marbleboard.remote import broker

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
START_S = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    def __init__(self, folder: Path, games: dict[str, tuple[bytes, list[str]]],
                 auditor: str | None = None):
        """``games``: each game's code -> (its secret, its tables); ``auditor``: a
        password for a login that reads every message on the broker (``audit``)."""
        self.folder = folder
        self.port = free_port()
        ca = trustme.CA()
        cert = ca.issue_cert("127.0.0.1", "localhost")
        self.ca_file = str(folder / "ca.pem")
        ca.cert_pem.write_to_path(self.ca_file)
        cert.private_key_and_cert_chain_pem.write_to_path(str(folder / "server.pem"))
        passwd = folder / "passwd"
        passwd.write_text("")
        acl = []
        users = {}
        if auditor is not None:
            users["audit"] = auditor
            acl.append(f"user audit\ntopic read {broker.ROOT}/#\n")
        for game, (secret, tables) in games.items():
            acl.append(broker.acl(game, tables))
            for table in tables:
                users[broker.username(game, table)] = broker.password(secret, table)
        for user, password in users.items():
            subprocess.run(["mosquitto_passwd", "-b", str(passwd), user, password],
                           check=True, capture_output=True)
        (folder / "acl").write_text("".join(acl))
        self.log_file = folder / "mosquitto.log"
        (folder / "mosquitto.conf").write_text(
            f"user {getpass.getuser()}\n"
            "per_listener_settings false\n"
            "allow_anonymous false\n"
            f"password_file {passwd}\n"
            f"acl_file {folder / 'acl'}\n"
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
