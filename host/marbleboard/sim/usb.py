"""The USB line between a simulated Pico and the host: what crosses it, and the
faults put on it."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass

TO_HOST = "host"
TO_PICO = "pico"


@dataclass
class FrameFault:
    """Something done to the next ``count`` frames of one type going one way."""

    towards: str  # TO_HOST or TO_PICO
    kind: str  # the frame's type word: CHG, SNAP, LIGHTS, ...
    action: Callable[[bytes], bytes | None]  # the frame in, what crosses out (None: nothing)
    count: int


class UsbLine:
    def __init__(self) -> None:
        # Its own lock: the firmware thread takes injected bytes while another
        # thread may be stopping that very thread.
        self._lock = threading.Lock()
        self._injected = bytearray()
        self._faults: list[FrameFault] = []
        self._held = bytearray()  # the start of a frame to the Pico, until its newline
        self.corrupt_to_host = 0  # frames still to get a flipped bit, each way
        self.corrupt_to_pico = 0
        self.to_host = 0  # bytes that crossed, each way
        self.to_pico = 0
        self.dropped_to_host = 0  # written while nobody was reading
        # The host keeps the port open but has stopped reading: MicroPython's USB
        # serial then blocks each write for its 500 ms timeout and gives up.
        self.host_stalled = False
        self.rng = random.Random()

    def inject_to_pico(self, data: bytes) -> None:
        with self._lock:
            self._injected += data

    def take_injected(self, limit: int) -> bytes:
        with self._lock:
            data = bytes(self._injected[:limit])
            del self._injected[:limit]
            return data

    def corrupt(self, data: bytes) -> bytes:
        """Flip one bit of one byte that is not a newline."""
        spots = [i for i, b in enumerate(data) if b != 0x0A]
        if not spots:
            return data
        i = self.rng.choice(spots)
        flipped = data[i] ^ (1 << self.rng.randrange(7))
        if flipped == 0x0A:
            flipped ^= 0x01
        return data[:i] + bytes([flipped]) + data[i + 1 :]

    # --- faults aimed at one type of frame --------------------------------------

    def drop(self, towards: str, kind: str, count: int = 1) -> None:
        """Lose the next ``count`` frames of this type on their way."""
        self._add(FrameFault(towards, kind, lambda _frame: None, count))

    def corrupt_frame(self, towards: str, kind: str, count: int = 1) -> None:
        """Flip a bit in the next ``count`` frames of this type: their checksum fails."""
        self._add(FrameFault(towards, kind, self.corrupt, count))

    def replace(self, towards: str, kind: str, action: Callable[[bytes], bytes | None],
                count: int = 1) -> None:
        """Put ``action(frame)`` on the line instead of the next frames of this type."""
        self._add(FrameFault(towards, kind, action, count))

    def pending_faults(self) -> int:
        with self._lock:
            return sum(f.count for f in self._faults)

    def _add(self, fault: FrameFault) -> None:
        if fault.towards not in (TO_HOST, TO_PICO):
            raise ValueError(f"a fault goes towards {TO_HOST!r} or {TO_PICO!r}")
        with self._lock:
            self._faults.append(fault)

    def _apply(self, towards: str, frame: bytes) -> bytes | None:
        kind = frame.split(b" ", 1)[0].split(b"*", 1)[0].decode("ascii", "replace")
        with self._lock:
            for fault in self._faults:
                if fault.towards == towards and fault.kind == kind:
                    fault.count -= 1
                    if not fault.count:
                        self._faults.remove(fault)
                    return fault.action(frame)
        return frame

    def to_host_frame(self, frame: bytes) -> bytes | None:
        """What becomes of one frame the Pico writes."""
        return self._apply(TO_HOST, frame)

    def to_pico_bytes(self, data: bytes) -> bytes:
        """What becomes of bytes the host wrote, while faults aim at frames to the Pico:
        whole frames go through them, the start of one waits for its newline."""
        with self._lock:
            aimed = any(f.towards == TO_PICO for f in self._faults)
        if not aimed and not self._held:
            return data
        self._held += data
        end = self._held.rfind(b"\n") + 1
        complete, self._held = bytes(self._held[:end]), self._held[end:]
        out = bytearray()
        for line in complete.splitlines(keepends=True):
            changed = self._apply(TO_PICO, line)
            if changed is not None:
                out += changed
        return bytes(out)
