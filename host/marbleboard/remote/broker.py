"""What a shared game asks of its MQTT broker: its topics, who may read and write
each, and each table's login.

A table of game ``g`` is called by a short name (``host`` for the one that runs the
game, ``home2`` ... for the others). Messages to table ``t`` go to the topic
``marbleboard/g/t``: only ``t`` may read it, and only the host may write to the
others' (a remote table writes to the host alone). Each table says it is
connected on ``marbleboard/g/presence/t``, kept by the broker (retained) and set
back to offline by the broker itself when the table drops (its will): every table
of the game may read those.

The broker logs a table in as ``g.t`` with a password drawn from that table's
own key (:mod:`.keys`), so an invitation carries its home's login and no other;
a table of another game, another table's login, or no login, is refused by the
broker, and anything that still arrives without the sending table's key is
refused by the table (:mod:`.envelope`). The host makes each game's logins and their roles on the
broker when the game begins, through mosquitto's dynamic security plugin
(:mod:`.provision`), with a login of its own that may do only that.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

ROOT = "marbleboard"
HOST = "host"
NAME = re.compile(r"^[a-z0-9]{1,16}$")  # a game's code and a table's name: topic-safe
DEFAULT_PORT = {"mqtts": 8883, "mqtt": 1883}


def check_name(kind: str, name: str) -> str:
    if not NAME.match(name):
        raise ValueError(f"a {kind} is 1 to 16 small letters and digits, not {name!r}")
    return name


def inbox(game: str, table: str) -> str:
    """The topic table ``table`` reads its messages from."""
    return f"{ROOT}/{game}/{table}"


def presence(game: str, table: str | None = None) -> str:
    """Where a table says whether it is connected (``table`` None: every table's)."""
    return f"{ROOT}/{game}/presence/{table if table is not None else '+'}"


def username(game: str, table: str) -> str:
    return f"{game}.{table}"


def role(game: str, table: str) -> str:
    """The broker's role for one table of a game (mosquitto's dynamic security)."""
    return f"marbleboard-{game}-{table}"


def role_acls(game: str, table: str) -> list[dict[str, object]]:
    """What a table of the game may do on the broker, and nothing else: read its own
    topic and everyone's presence, say its own presence, and write to the host (the
    host to every table). Everything not allowed is refused by the broker's default."""
    writes = [f"{ROOT}/{game}/+"] if table == HOST else [inbox(game, HOST)]
    acls: list[dict[str, object]] = [
        {"acltype": "subscribeLiteral", "topic": inbox(game, table), "allow": True},
        {"acltype": "subscribePattern", "topic": presence(game), "allow": True},
        {"acltype": "publishClientSend", "topic": presence(game, table), "allow": True}]
    acls += [{"acltype": "publishClientSend", "topic": t, "allow": True} for t in writes]
    return acls


class BrokerAddress:
    """``mqtts://HOST[:PORT]`` (TLS, the default port 8883) or ``mqtt://`` (plain):
    plain only for a broker on this machine, unless ``insecure`` says otherwise,
    since logins and every message's header would cross the network in clear."""

    def __init__(self, url: str, *, insecure: bool = False):
        parts = urlsplit(url if "://" in url else f"mqtts://{url}")
        if parts.scheme not in DEFAULT_PORT:
            raise ValueError(f"a broker is mqtts://HOST or mqtt://HOST, not {url!r}")
        if not parts.hostname:
            raise ValueError(f"no broker host in {url!r}")
        self.tls = parts.scheme == "mqtts"
        self.host = parts.hostname
        self.port = parts.port or DEFAULT_PORT[parts.scheme]
        if not self.tls and not insecure and not is_loopback(self.host):
            raise ValueError(f"mqtt://{self.host} is a broker without TLS on another machine: "
                             "its logins would cross the network in clear. Use mqtts://, or "
                             "--insecure-broker for a network you trust")

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BrokerAddress) and other.url == self.url

    def __hash__(self) -> int:
        return hash(self.url)

    def __repr__(self) -> str:
        return f"<broker {self.url}>"


def is_loopback(host: str) -> bool:
    """This machine: localhost, 127.0.0.0/8 or ::1."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
