"""The USB line between a simulated Pico and the host: what crosses it, and the
faults put on it."""

from __future__ import annotations

import random
import threading


class UsbLine:
    def __init__(self) -> None:
        # Its own lock: the firmware thread takes injected bytes while another
        # thread may be stopping that very thread.
        self._lock = threading.Lock()
        self._injected = bytearray()
        self.corrupt_to_host = 0  # frames still to get a flipped bit, each way
        self.corrupt_to_pico = 0
        self.to_host = 0  # bytes that crossed, each way
        self.to_pico = 0
        self.dropped_to_host = 0  # written while nobody was reading
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
