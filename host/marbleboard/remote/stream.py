"""One direction between two tables: the sender numbers its messages and keeps each
until the other says it has applied it; the receiver applies each once, in order.

MQTT at QoS 1 delivers a message at least once: after a reconnect, or when an
acknowledgement was lost, it may come twice, and messages sent again after a
reconnect may overtake newer ones. So a receiver keeps the number of the last
message it applied: one at or below it is a copy and is dropped (said, not
applied again); one beyond the next is held until those before it come. What a
table has applied is the ``ack`` of every message it sends back, and the sender
forgets what is acknowledged. A table back after minutes away says, in its first
message, the last it applied, and the sender sends everything after it again
(:meth:`Outbox.since`).

Both ends keep their counters in the game's record (:meth:`to_json`), so a
service restarted after a power cut goes on numbering where it stopped.
"""

from __future__ import annotations

from typing import Any

from .envelope import Refused

WINDOW = 1024  # messages held ahead of a gap; further ahead is refused, not kept


class Outbox:
    """The messages one table has sent another and that are not yet applied there."""

    def __init__(self, next_seq: int = 1, unacked: list[tuple[int, str, dict[str, Any]]]
                 | None = None):
        self.next_seq = next_seq
        self._kept: dict[int, tuple[str, dict[str, Any]]] = {
            seq: (kind, body) for seq, kind, body in unacked or []}

    def add(self, kind: str, body: dict[str, Any]) -> int:
        """Number a message to send; it is kept until acknowledged."""
        seq = self.next_seq
        self.next_seq += 1
        self._kept[seq] = (kind, body)
        return seq

    def acknowledged(self, ack: int) -> None:
        """The other table has applied every message up to ``ack``."""
        if ack >= self.next_seq:
            raise Refused("ack", f"an acknowledgement of message {ack}, which was never sent "
                                 f"(the last was {self.next_seq - 1})")
        for seq in [s for s in self._kept if s <= ack]:
            del self._kept[seq]

    def since(self, applied: int) -> list[tuple[int, str, dict[str, Any]]]:
        """What to send again to a table that has applied up to ``applied``."""
        self.acknowledged(applied)
        return sorted((seq, kind, body) for seq, (kind, body) in self._kept.items())

    @property
    def waiting(self) -> int:
        return len(self._kept)

    @property
    def acked(self) -> int:
        """The last message the other table has said it applied (all before it too)."""
        return min(self._kept) - 1 if self._kept else self.next_seq - 1

    def to_json(self) -> dict[str, Any]:
        return {"next": self.next_seq,
                "unacked": [[seq, kind, body] for seq, (kind, body) in sorted(self._kept.items())]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outbox:
        return cls(data["next"], [(seq, kind, body) for seq, kind, body in data["unacked"]])


class Inbox:
    """The messages one table has received from another: each applied once, in order."""

    def __init__(self, applied: int = 0):
        self.applied = applied  # the last message applied; what this table acknowledges
        self._held: dict[int, Any] = {}

    def receive(self, seq: int, item: Any) -> list[Any]:
        """Take message ``seq``: what may now be applied, in order (nothing for a copy
        of one already applied or held, or for one beyond a gap). Raises
        :class:`Refused` for one too far ahead to hold."""
        if seq <= self.applied or seq in self._held:
            return []
        if seq > self.applied + WINDOW:
            raise Refused("ahead", f"message {seq} while message {self.applied + 1} is "
                                   f"awaited: more than {WINDOW} ahead")
        self._held[seq] = item
        return self._ready()

    def _ready(self) -> list[Any]:
        ready = []
        while self.applied + 1 in self._held:
            self.applied += 1
            ready.append(self._held.pop(self.applied))
        return ready

    def skip_to(self, seq: int) -> list[Any]:
        """The sender no longer has the messages up to ``seq`` (this table lost its
        counters and they were acknowledged before): go on after them, with what
        is held beyond them, in order."""
        if seq <= self.applied:
            return []
        self.applied = seq
        for held in [s for s in self._held if s <= seq]:
            del self._held[held]
        return self._ready()

    def copy_of_applied(self, seq: int) -> bool:
        """Whether ``seq`` is a message already applied (a copy sent again)."""
        return seq <= self.applied

    @property
    def gap(self) -> tuple[int, int] | None:
        """The messages awaited before those held (first, last), or None."""
        if not self._held:
            return None
        return self.applied + 1, min(self._held) - 1

    def to_json(self) -> dict[str, Any]:
        return {"applied": self.applied}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Inbox:
        return cls(data["applied"])
