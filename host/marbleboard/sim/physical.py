"""The physical board: which holes hold a marble, and what each LED shows.

Hands move marbles here (place, lift, slide, bounce); the simulated Pico reads
the sensors and writes the LEDs as the real chains would.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterable, Sequence

from ..board import Board
from ..board.tmag5170 import Tmag5170, configured_roles, frames

RGB = tuple[int, int, int]

# A marble's field at its sensors, in mT: at least 6.38 along some axis in every
# resting orientation, on every shipped board (hardware/sensing/).
# The simulated marble gives a little less, along x, y or z, either way, by sensor
# number, so a sensor set up on fewer axes or one side of its window misses some.
MARBLE_FIELD_MT = 6.3
# What a standing playing piece gives its hole's piece sensors: at least 32.7 mT on
# the shipped boards, which the sensor reads as its 25 mT full scale.
PIECE_FIELD_MT = 25.0


class PhysicalBoard:
    def __init__(self, board: Board):
        self.board = board
        self._lock = threading.Lock()
        self._magnets: set[int] = set()  # sensors with a marble over them
        self._leds: list[RGB] = [(0, 0, 0)] * board.led_count
        self._frame_seen = threading.Condition(self._lock)
        self.frames = 0
        # Sensors that switch only once set up over SPI, by sensor number, and the
        # group (chip select) each hears; a sensor missing here needs no setup.
        self.groups = configured_roles(board.build)
        pieces = {h.piece_sensor for h in board.holes if h.piece_sensor is not None}
        self.chips: dict[int, tuple[int, Tmag5170]] = {}
        for s in range(board.sensor_count):
            role = "piece" if s in pieces else "presence"
            if role in self.groups:
                self.chips[s] = (self.groups.index(role), Tmag5170())
        self._pieces = pieces

    # --- sensors ---------------------------------------------------------------

    def sensor(self, hole: str | int) -> int:
        return hole if isinstance(hole, int) else self.board.hole(hole).sensor

    def occupied(self) -> set[int]:
        with self._lock:
            return set(self._magnets)

    def occupied_holes(self) -> set[str]:
        by_sensor = self.board.by_sensor
        return {by_sensor[s].id for s in self.occupied() if s in by_sensor}

    def set(self, hole: str | int, present: bool) -> None:
        s = self.sensor(hole)
        with self._lock:
            if present:
                self._magnets.add(s)
            else:
                self._magnets.discard(s)

    def place(self, hole: str | int) -> None:
        self.set(hole, True)

    def lift(self, hole: str | int) -> None:
        self.set(hole, False)

    def setup(self, holes: Iterable[str | int]) -> None:
        """Put marbles in exactly these holes, at once."""
        sensors = {self.sensor(h) for h in holes}
        with self._lock:
            self._magnets = sensors

    def bounce(self, hole: str | int, present: bool, flickers: int = 4,
               rng: random.Random | None = None) -> None:
        """Settle a hole to present after a few fast flickers of contact bounce."""
        rng = rng or random.Random()
        for _ in range(flickers):
            self.set(hole, present)
            time.sleep(rng.uniform(0.001, 0.004))
            self.set(hole, not present)
            time.sleep(rng.uniform(0.001, 0.004))
        self.set(hole, present)

    def slide(self, path: Sequence[str | int], dwell_ms: float = 15) -> None:
        """Slide one marble from path[0] over the middle holes to path[-1].

        It covers each hole it passes for dwell_ms: shorter than the firmware's
        debounce for a sliding hand.
        """
        self.lift(path[0])
        for hole in path[1:-1]:
            time.sleep(dwell_ms / 2000)
            self.place(hole)
            time.sleep(dwell_ms / 1000)
            self.lift(hole)
        time.sleep(dwell_ms / 2000)
        self.place(path[-1])

    def read_chain(self, buf: bytearray, active_low: bool = True) -> None:
        """The bytes the 74HC165 chain shifts out: sensor n at byte n//8, bit 7-n%8."""
        idle = 0xFF if active_low else 0
        for i in range(len(buf)):
            buf[i] = idle
        with self._lock:
            chips = self.chips
            for s in self._magnets:
                if s not in chips or chips[s][1].alert(self._field(s)):
                    buf[s >> 3] ^= 0x80 >> (s & 7)

    def hear_setup(self, group: int, data: bytes) -> None:
        """Frames the Pico sent down the sensors' shared SPI lines to one group."""
        with self._lock:
            for one in frames(data):
                for g, chip in self.chips.values():
                    if g == group:
                        chip.hear(one)

    def sensor_power_dip(self, sensors: Iterable[int] | None = None) -> None:
        """Sensors whose supply dipped: they forget their setup until they hear it again."""
        with self._lock:
            for s in self.chips if sensors is None else sensors:
                if s in self.chips:
                    self.chips[s][1].power_on()

    def sensors_set_up(self) -> bool:
        with self._lock:
            return all(chip.alert(self._field(s)) for s, (_, chip) in self.chips.items())

    def _field(self, sensor: int) -> tuple[float, float, float]:
        if sensor in self._pieces:
            return 0.0, 0.0, -PIECE_FIELD_MT
        return marble_field(sensor)

    # --- LEDs ------------------------------------------------------------------

    def show(self, frame: bytes | bytearray) -> None:
        """Latch a G, R, B frame from the LED chain."""
        leds = [(frame[i + 1], frame[i], frame[i + 2]) for i in range(0, len(frame) - 2, 3)]
        with self._frame_seen:
            self._leds = leds[: self.board.led_count]
            self.frames += 1
            self._frame_seen.notify_all()

    def leds(self) -> list[RGB]:
        with self._lock:
            return list(self._leds)

    def led(self, item: str | int) -> RGB:
        index = item if isinstance(item, int) else self._led_index(item)
        with self._lock:
            return self._leds[index]

    def _led_index(self, item: str) -> int:
        if item in self.board:
            return self.board.hole(item).led
        return next(lamp.led for lamp in self.board.lamps if lamp.id == item)

    def wait_frame(self, predicate: Callable[[list[RGB]], bool], timeout: float = 2.0) -> bool:
        """Wait until a frame makes predicate(leds) true."""
        deadline = time.monotonic() + timeout
        with self._frame_seen:
            while not predicate(self._leds):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._frame_seen.wait(left)
            return True


def marble_field(sensor: int) -> tuple[float, float, float]:
    field = [0.0, 0.0, 0.0]
    field[sensor % 3] = MARBLE_FIELD_MT if sensor // 3 % 2 == 0 else -MARBLE_FIELD_MT
    return field[0], field[1], field[2]
