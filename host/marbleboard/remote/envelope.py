"""A message from one table of a shared game to another, as it crosses the broker.

Its header says the game, who sent it, to whom, its number in that sender's
stream to that table, the last number the sender has applied of the other way,
and its kind; its body (a position, a move, a step) is encrypted. The number is
what :mod:`.stream` uses to apply each message once, in order: a message sent
again (MQTT's "at least once") is known by it.

- The body is encrypted with ChaCha20-Poly1305 under the message key the host
  shares with that one home (:mod:`.keys`), the header bound to it as associated
  data: the broker and the other homes read no hand, and a changed header or
  body, or a message written with another home's key, fails to open.
- What the host sends is also signed with its Ed25519 key, which each home
  checks with the host's public key from its invitation.

Every refusal is a :class:`Refused` that says why, in words for the log, and
changes nothing.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
from dataclasses import dataclass
from typing import Any

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

from .broker import HOST
from .keys import TableKeys

VERSION = 2
MAX_BYTES = 256 * 1024  # far more than a table's whole state; a larger one is refused unread
NONCE_BYTES = 12
# Messages about the stream itself, not numbered in it (``seq`` 0): an
# acknowledgement, a table saying what it has applied when it (re)connects, and
# the host moving a table that lost its counters past what is gone (:mod:`.link`).
CONTROL = ("ack", "hello", "skip")
_HEADER = {"v": int, "game": str, "from": str, "to": str, "seq": int, "ack": int,
           "kind": str, "nonce": str}
_FIELDS = {**_HEADER, "box": str, "sig": str}


class Refused(ValueError):
    """A message not taken, and why (``reason``: a word for tests and counters)."""

    def __init__(self, reason: str, words: str):
        super().__init__(words)
        self.reason = reason


@dataclass(frozen=True)
class Envelope:
    game: str  # the shared game's code
    sender: str  # the table that sent it ("host" for the table that runs the game)
    to: str
    seq: int  # 1, 2, 3 ... in the sender's stream to ``to``
    ack: int  # the sender has applied the other way's messages up to this one
    kind: str
    body: dict[str, Any]


def _canonical(fields: dict[str, Any]) -> bytes:
    return json.dumps(fields, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False).encode()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _unb64(text: str, name: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as e:
        raise Refused("malformed", f"a message whose {name!r} is not base64") from e


def _signed(header: bytes, box: bytes) -> bytes:
    return len(header).to_bytes(4, "big") + header + box


def seal(keys: TableKeys, envelope: Envelope) -> bytes:
    """The message as it is published, by the table holding ``keys``."""
    peer = envelope.to if keys.me == HOST else HOST
    nonce = os.urandom(NONCE_BYTES)
    header = {"v": VERSION, "game": envelope.game, "from": envelope.sender,
              "to": envelope.to, "seq": envelope.seq, "ack": envelope.ack,
              "kind": envelope.kind, "nonce": _b64(nonce)}
    aad = _canonical(header)
    box = ChaCha20Poly1305(keys.message_key(peer)).encrypt(
        nonce, _canonical(envelope.body), aad)
    sig = b""
    if keys.signing is not None:
        sig = Ed25519PrivateKey.from_private_bytes(keys.signing).sign(_signed(aad, box))
    fields = {**header, "box": _b64(box), "sig": _b64(sig)}
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode()


def unseal(keys: TableKeys, data: bytes, game: str) -> Envelope:
    """The message ``data``, checked: for this game and the table holding ``keys``,
    from a table it shares a key with, opened with that key, and signed by the host
    if it says it is the host's. Raises :class:`Refused`."""
    if len(data) > MAX_BYTES:
        raise Refused("too-large", f"a message of {len(data)} bytes, more than {MAX_BYTES}")
    try:
        fields = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise Refused("malformed", f"a message that is not JSON: {e}") from e
    if not isinstance(fields, dict):
        raise Refused("malformed", "a message that is not a JSON object")
    if isinstance(fields.get("v"), int) and fields["v"] != VERSION:
        raise Refused("version", f"a message of version {fields['v']}; this table speaks "
                                 f"{VERSION}: update the other table's marbleboard")
    for name, kind in _FIELDS.items():
        value = fields.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Refused("malformed", f"a message whose {name!r} is missing or not "
                                       f"{'a number' if kind is int else kind.__name__}")
    if set(fields) != set(_FIELDS):
        raise Refused("malformed", "a message with fields it should not have: "
                                   + ", ".join(sorted(set(fields) - set(_FIELDS))))
    if fields["game"] != game:
        raise Refused("game", f"a message for game {fields['game']!r}, not this game ({game})")
    if fields["to"] != keys.me:
        raise Refused("table", f"a message for table {fields['to']!r}, not this one ({keys.me})")
    sender = fields["from"]
    if sender not in keys.peers or sender == keys.me:
        raise Refused("sender", f"a message from {sender!r}, a table this one shares no "
                                "key with")
    header = {name: fields[name] for name in _HEADER}
    aad = _canonical(header)
    box = _unb64(fields["box"], "box")
    nonce = _unb64(fields["nonce"], "nonce")
    if len(nonce) != NONCE_BYTES:
        raise Refused("malformed", "a message whose nonce is not 12 bytes")
    if sender == HOST:
        if keys.host_public is None:
            raise Refused("sender", "a message from the host to the host")
        try:
            Ed25519PublicKey.from_public_bytes(keys.host_public).verify(
                _unb64(fields["sig"], "sig"), _signed(aad, box))
        except InvalidSignature:
            raise Refused("signature", "a message said to be the host's that the host did "
                                       "not sign: not from the host's table") from None
    try:
        plain = ChaCha20Poly1305(keys.message_key(sender)).decrypt(nonce, box, aad)
    except InvalidTag:
        raise Refused("seal", f"a message from {sender!r} that does not open with its key: "
                              "changed on the way, or not written by that table") from None
    body = json.loads(plain)
    if not isinstance(body, dict):
        raise Refused("malformed", "a message whose body is not a JSON object")
    if fields["seq"] < (0 if fields["kind"] in CONTROL else 1) or fields["ack"] < 0:
        raise Refused("malformed", f"a message numbered {fields['seq']} acknowledging "
                                   f"{fields['ack']}")
    return Envelope(fields["game"], sender, fields["to"], fields["seq"],
                    fields["ack"], fields["kind"], body)
