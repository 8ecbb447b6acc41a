"""Who holds which key in a shared game: a key per table, not per game.

The host draws, for each game, a key of its own and one for every home it
invites, and an Ed25519 signing key. A home is given its own table's key and the
host's public key, nothing else (its invitation, :mod:`.invitation`):

- its broker login's password is drawn from its own key (:func:`password`), so it
  can log in as itself and as no other table;
- everything between it and the host is encrypted and authenticated with a
  message key drawn from its own key (ChaCha20-Poly1305, :mod:`.envelope`): the
  broker, whoever runs it, and any other home read none of it, and no other home
  can write as it;
- the host signs what it sends, and the home checks that with the host's public
  key: a message "from the host" is the host's.

The host holds every key (:class:`GameKeys`); each table's link holds only its
own part (:class:`TableKeys`)::

    >>> keys = GameKeys.new(["home2", "home3"])
    >>> home2 = keys.for_table("home2")
    >>> sorted(home2.peers), home2.signing is None, home2.host_public == keys.public
    (['host'], True, True)
    >>> keys.for_table("host").password != home2.password
    True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from .broker import HOST

KEY_BYTES = 16  # a table's key: 128 bits, short enough to type from an invitation


def new_key() -> bytes:
    return secrets.token_bytes(KEY_BYTES)


def _drawn(key: bytes, purpose: str) -> bytes:
    return hmac.new(key, f"marbleboard {purpose}".encode(), hashlib.sha256).digest()


def password(key: bytes) -> str:
    """The broker password of the table holding ``key``."""
    return _drawn(key, "broker login").hex()[:32]


def message_key(key: bytes) -> bytes:
    """The 256-bit key that encrypts what passes between the host and the table
    holding ``key``."""
    return _drawn(key, "message key")


def public_of(signing: bytes) -> bytes:
    return Ed25519PrivateKey.from_private_bytes(signing).public_key().public_bytes(
        Encoding.Raw, PublicFormat.Raw)


@dataclass(frozen=True)
class TableKeys:
    """What one table's link holds: its own key (its login), the key it shares with
    each table it talks to, and the host's signing key (the host) or its public
    key (a home)."""

    me: str
    own: bytes
    peers: dict[str, bytes]  # peer -> the table key the pair's messages are drawn from
    signing: bytes | None = field(default=None, repr=False)
    host_public: bytes | None = None

    @property
    def password(self) -> str:
        return password(self.own)

    def message_key(self, peer: str) -> bytes:
        key = self.peers.get(peer)
        if key is None:
            raise KeyError(f"no key shared with table {peer!r}")
        return message_key(key)


@dataclass(frozen=True)
class GameKeys:
    """Every key of a game, as the host keeps them."""

    host: bytes
    signing: bytes = field(repr=False)
    homes: dict[str, bytes] = field(repr=False)

    @classmethod
    def new(cls, homes: list[str]) -> GameKeys:
        return cls(new_key(), secrets.token_bytes(32), {home: new_key() for home in homes})

    @property
    def public(self) -> bytes:
        return public_of(self.signing)

    def for_table(self, table: str) -> TableKeys:
        if table == HOST:
            return TableKeys(HOST, self.host, dict(self.homes), self.signing, self.public)
        key = self.homes[table]
        return TableKeys(table, key, {HOST: key}, None, self.public)

    def logins(self) -> dict[str, str]:
        """Each table's broker password, for the host to make the logins."""
        return {HOST: password(self.host), **{h: password(k) for h, k in self.homes.items()}}

    def to_json(self) -> dict[str, Any]:
        return {"host": self.host.hex(), "signing": self.signing.hex(),
                "homes": {h: k.hex() for h, k in self.homes.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameKeys:
        return cls(bytes.fromhex(data["host"]), bytes.fromhex(data["signing"]),
                   {h: bytes.fromhex(k) for h, k in data["homes"].items()})
