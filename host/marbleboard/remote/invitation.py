"""The invitation a host's table gives another home: one line, shown as text and as
a QR code on the table screen, and typed or pasted on the other home's table
screen. It says everything that home needs and nothing more: the broker, the
game's code, the name of the table it is invited as, that table's own key (its
broker login and its messages' key, :mod:`.keys`) and the host's public key, with
which it checks that what comes from the host is the host's::

    mqtts://broker.example.org:8883/k7q2h/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA/6P4Z...

Whoever holds it can play that home's seats, and nothing of any other home: it
is passed to that home alone (a message, a phone call), like a house key.
"""

from __future__ import annotations

import base64
import binascii
import secrets
from dataclasses import dataclass

from . import broker
from .broker import BrokerAddress
from .keys import KEY_BYTES, TableKeys

CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i to misread
CODE_LENGTH = 5
PUBLIC_BYTES = 32  # an Ed25519 public key


def new_code() -> str:
    """A new shared game's code."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def key_text(key: bytes) -> str:
    return base64.b32encode(key).decode().rstrip("=")


def key_from(text: str, size: int, what: str) -> bytes:
    padded = text.upper() + "=" * (-len(text) % 8)
    try:
        key = base64.b32decode(padded)
    except (binascii.Error, ValueError) as e:
        raise ValueError(f"the invitation's {what} is not a key: check it was copied "
                         "whole") from e
    if len(key) != size:
        raise ValueError(f"the invitation's {what} is cut short: check it was copied whole")
    return key


@dataclass(frozen=True)
class Invitation:
    broker: BrokerAddress
    game: str
    table: str
    key: bytes  # the invited table's own key
    host_public: bytes

    @property
    def text(self) -> str:
        return (f"{self.broker.url}/{self.game}/{self.table}/{key_text(self.key)}/"
                f"{key_text(self.host_public)}")

    @property
    def keys(self) -> TableKeys:
        return TableKeys(self.table, self.key, {broker.HOST: self.key}, None, self.host_public)

    @classmethod
    def parse(cls, text: str, *, insecure: bool = False) -> Invitation:
        """An invitation from what was typed or pasted; ValueError says what is wrong
        (``insecure``: a broker without TLS on another machine is allowed)."""
        text = "".join(text.split())
        scheme, sep, rest = text.partition("://")
        parts = rest.split("/")
        if sep and len(parts) == 4 and all(parts):
            raise ValueError("this invitation is from an older marbleboard, with one "
                             "secret for the whole game: ask the host for a new one")
        if not sep or len(parts) != 5 or not all(parts):
            raise ValueError("an invitation is mqtts://BROKER/GAME/TABLE/KEY/HOSTKEY, as the "
                             "host's table screen shows it")
        where, game, table, key, public = parts
        address = BrokerAddress(f"{scheme}://{where}", insecure=insecure)
        broker.check_name("game code", game)
        broker.check_name("table name", table)
        if table == broker.HOST:
            raise ValueError("this invitation names the host's own table")
        return cls(address, game, table, key_from(key, KEY_BYTES, "key"),
                   key_from(public, PUBLIC_BYTES, "host's key"))
