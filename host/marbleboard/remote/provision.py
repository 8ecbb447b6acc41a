"""Making a shared game's logins on the broker, and taking them away at its end,
through mosquitto's dynamic security plugin: commands published to its control
topic, answered on its response topic.

The host is given a login for this alone (``--remote-login``, see
docs/remote.md). For each table of a new game it makes a role allowing that
table's topics (:func:`.broker.role_acls`) and a client ``game.table`` with the
password drawn from that table's own key (:mod:`.keys`). A login or role already there is taken as
made: a host resuming a game after a power cut makes them again harmlessly.
"""

from __future__ import annotations

import asyncio
import json
import ssl
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiomqtt

from . import broker
from .broker import BrokerAddress

CONTROL = "$CONTROL/dynamic-security/v1"
RESPONSE = f"{CONTROL}/response"
ANSWER_S = 10.0
ALREADY = ("already exists",)  # answers that mean the thing is there: made before


class ProvisionError(RuntimeError):
    """The broker did not make (or take away) a game's logins: says what it answered."""


@dataclass(frozen=True)
class BrokerLogin:
    """The host's own login to the broker, that may make games' logins."""

    username: str
    password: str

    @classmethod
    def read(cls, path: str | Path) -> BrokerLogin:
        """From a file holding ``username:password`` (kept its owner's alone)."""
        try:
            text = Path(path).read_text().strip()
        except OSError as e:
            raise ValueError(f"cannot read the broker login {path}: {e.strerror} (it should "
                             "be readable by the service's account alone)") from e
        username, sep, password = text.partition(":")
        if not sep or not username or not password:
            raise ValueError(f"{path} should hold the broker login as username:password")
        return cls(username, password)


def tls_context(address: BrokerAddress, ca: str | None) -> ssl.SSLContext | None:
    return ssl.create_default_context(cafile=ca) if address.tls else None


async def run(address: BrokerAddress, login: BrokerLogin, ca: str | None,
              commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Send dynamic-security ``commands`` and return the broker's answers, one each.
    Raises ProvisionError for an answer with an error (other than "already exists")."""
    async with aiomqtt.Client(address.host, address.port, username=login.username,
                              password=login.password, identifier=f"mb-{uuid.uuid4().hex[:12]}",
                              tls_context=tls_context(address, ca), timeout=ANSWER_S) as client:
        await client.subscribe(RESPONSE, qos=1)
        await client.publish(CONTROL, json.dumps({"commands": commands}).encode(), qos=1)
        try:
            async with asyncio.timeout(ANSWER_S):
                async for message in client.messages:
                    answer = json.loads(bytes(message.payload))
                    responses: list[dict[str, Any]] = answer.get("responses", [])
                    break
        except TimeoutError:
            raise ProvisionError(f"the broker {address.url} did not answer in {ANSWER_S:.0f} s: "
                                 "is its dynamic security plugin on (docs/remote.md)?") from None
    errors = [r for r in responses if r.get("error")
              and not any(a in str(r["error"]) for a in ALREADY)]
    if errors:
        raise ProvisionError("the broker refused: " + "; ".join(
            f"{r.get('command')}: {r['error']}" for r in errors))
    return responses


HOST_ROLE = "marbleboard-host"


def host_login_commands(login: BrokerLogin) -> list[dict[str, Any]]:
    """What a broker's owner does once for a hosting table (docs/remote.md gives the
    same as mosquitto_ctrl commands): a login that may manage logins and nothing
    else, not even read a game's topics."""
    topic = "$CONTROL/dynamic-security/#"
    return [{"command": "createRole", "rolename": HOST_ROLE, "acls": [
                {"acltype": kind, "topic": topic, "allow": True}
                for kind in ("publishClientSend", "publishClientReceive", "subscribePattern")]},
            {"command": "createClient", "username": login.username, "password": login.password,
             "roles": [{"rolename": HOST_ROLE}]}]


def open_commands(game: str, logins: dict[str, str]) -> list[dict[str, Any]]:
    """Each table's role and login (``logins``: table -> its password)."""
    commands: list[dict[str, Any]] = []
    for table, password in logins.items():
        role = broker.role(game, table)
        commands.append({"command": "createRole", "rolename": role,
                         "acls": broker.role_acls(game, table)})
        commands.append({"command": "createClient",
                         "username": broker.username(game, table),
                         "password": password,
                         "roles": [{"rolename": role}]})
    return commands


def close_commands(game: str, tables: list[str]) -> list[dict[str, Any]]:
    commands: list[dict[str, Any]] = []
    for table in tables:
        commands.append({"command": "deleteClient", "username": broker.username(game, table)})
        commands.append({"command": "deleteRole", "rolename": broker.role(game, table)})
    return commands


async def open_game(address: BrokerAddress, login: BrokerLogin, ca: str | None, game: str,
                    logins: dict[str, str]) -> None:
    """Make the game's logins (``host`` and every invited table: its password)."""
    await run(address, login, ca, open_commands(game, logins))


async def close_game(address: BrokerAddress, login: BrokerLogin, ca: str | None, game: str,
                     tables: list[str]) -> None:
    """Take the game's logins away: nobody can use its invitations any more."""
    await run(address, login, ca, close_commands(game, tables))
