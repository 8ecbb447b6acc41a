"""The invitation a host's table gives another home: one line, shown as text and as
a QR code on the table screen, and typed or pasted on the other home's table
screen. It says everything that home needs: the broker, the game's code, the name
of the table it is invited as, and the game's secret, from which its broker login
is drawn (:mod:`.broker`)::

    mqtts://broker.example.org:8883/k7q2/home2/MFRGGZDFMZTWQ2LKNNWG23TPOA

Whoever holds it can play that home's seats: it is passed to that home alone (a
message, a phone call), like a house key.
"""

from __future__ import annotations

import base64
import binascii
import secrets
from dataclasses import dataclass

from . import broker
from .broker import BrokerAddress

SECRET_BYTES = 16
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i to misread
CODE_LENGTH = 5


def new_game() -> tuple[str, bytes]:
    """A new shared game's code and secret."""
    code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return code, secrets.token_bytes(SECRET_BYTES)


def secret_text(secret: bytes) -> str:
    return base64.b32encode(secret).decode().rstrip("=")


def secret_from(text: str) -> bytes:
    padded = text.upper() + "=" * (-len(text) % 8)
    try:
        secret = base64.b32decode(padded)
    except (binascii.Error, ValueError) as e:
        raise ValueError("the invitation's last part is not a secret: check it was "
                         "copied whole") from e
    if len(secret) != SECRET_BYTES:
        raise ValueError("the invitation's secret is cut short: check it was copied whole")
    return secret


@dataclass(frozen=True)
class Invitation:
    broker: BrokerAddress
    game: str
    table: str
    secret: bytes

    @property
    def text(self) -> str:
        return f"{self.broker.url}/{self.game}/{self.table}/{secret_text(self.secret)}"

    @classmethod
    def parse(cls, text: str) -> Invitation:
        """An invitation from what was typed or pasted; ValueError says what is wrong."""
        text = text.strip()
        scheme, sep, rest = text.partition("://")
        parts = rest.split("/")
        if not sep or len(parts) != 4 or not all(parts):
            raise ValueError("an invitation is mqtts://BROKER/GAME/TABLE/SECRET, as the "
                             "host's table screen shows it")
        where, game, table, secret = parts
        address = BrokerAddress(f"{scheme}://{where}")
        broker.check_name("game code", game)
        broker.check_name("table name", table)
        if table == broker.HOST:
            raise ValueError("this invitation names the host's own table")
        return cls(address, game, table, secret_from(secret))
