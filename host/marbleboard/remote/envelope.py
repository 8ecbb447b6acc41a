"""A message from one table of a shared game to another, as it crosses the broker.

It is JSON, sealed with an HMAC-SHA256 of the game's secret over everything else
it says: the game, who sent it, to whom, its number in that sender's stream to
that table, the last number the sender has applied of the other way, its kind
and its body. So a table without the secret cannot make one, a message for
another game or another table is refused, and one changed on the way fails its
seal. The number is what :mod:`.stream` uses to apply each message once, in order:
a message sent again (MQTT's "at least once") is known by it.

Every refusal is a :class:`Refused` that says why, in words for the log, and
changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

VERSION = 1
MAX_BYTES = 256 * 1024  # far more than a table's whole state; a larger one is refused unread
# Messages about the stream itself, not numbered in it (``seq`` 0): an
# acknowledgement, a table saying what it has applied when it (re)connects, and
# the host moving a table that lost its counters past what is gone (:mod:`.link`).
CONTROL = ("ack", "hello", "skip")
_FIELDS = {"v": int, "game": str, "from": str, "to": str, "seq": int, "ack": int,
           "kind": str, "body": dict, "mac": str}


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


def _mac(secret: bytes, fields: dict[str, Any]) -> str:
    text = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()


def seal(secret: bytes, envelope: Envelope) -> bytes:
    """The message as it is published."""
    fields = {"v": VERSION, "game": envelope.game, "from": envelope.sender, "to": envelope.to,
              "seq": envelope.seq, "ack": envelope.ack, "kind": envelope.kind,
              "body": envelope.body}
    fields["mac"] = _mac(secret, fields)
    return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode()


def unseal(secret: bytes, data: bytes, game: str, me: str) -> Envelope:
    """The message ``data``, checked: for this game and this table (``me``), sealed
    with the game's secret. Raises :class:`Refused`."""
    if len(data) > MAX_BYTES:
        raise Refused("too-large", f"a message of {len(data)} bytes, more than {MAX_BYTES}")
    try:
        fields = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise Refused("malformed", f"a message that is not JSON: {e}") from e
    if not isinstance(fields, dict):
        raise Refused("malformed", "a message that is not a JSON object")
    for name, kind in _FIELDS.items():
        value = fields.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Refused("malformed", f"a message whose {name!r} is missing or not "
                                       f"{'a number' if kind is int else kind.__name__}")
    if set(fields) != set(_FIELDS):
        raise Refused("malformed", "a message with fields it should not have: "
                                   + ", ".join(sorted(set(fields) - set(_FIELDS))))
    if fields["v"] != VERSION:
        raise Refused("version", f"a message of version {fields['v']}; this table speaks "
                                 f"{VERSION}: update the other table's marbleboard")
    if fields["game"] != game:
        raise Refused("game", f"a message for game {fields['game']!r}, not this game ({game})")
    if fields["to"] != me:
        raise Refused("table", f"a message for table {fields['to']!r}, not this one ({me})")
    mac = fields.pop("mac")
    if not hmac.compare_digest(mac, _mac(secret, fields)):
        raise Refused("seal", f"a message from {fields['from']!r} whose seal does not match "
                              "the game's secret: changed on the way, or not from an "
                              "invited table")
    if fields["seq"] < (0 if fields["kind"] in CONTROL else 1) or fields["ack"] < 0:
        raise Refused("malformed", f"a message numbered {fields['seq']} acknowledging "
                                   f"{fields['ack']}")
    return Envelope(fields["game"], fields["from"], fields["to"], fields["seq"],
                    fields["ack"], fields["kind"], fields["body"])
