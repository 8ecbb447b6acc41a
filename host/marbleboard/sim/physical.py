"""The physical board: which holes hold a marble, and what each LED shows.

Hands move marbles here (place, lift, slide, bounce); the simulated Pico reads
the sensors and writes the LEDs as the real chains would. What a sensor reads is
computed: every magnet on the board, drawn where and how its piece lies, gives
each sensor chip a field (field.py), and each chip, drawn within its datasheet's
spread, switches on that field as its setup frames tell it (sensors.py). So a
marble turned the worst way next to full holes may be missed, and an empty hole
between full ones may read a marble, as often as the build makes them.

Now and then a sensor's supply dips and it forgets its setup until the firmware
sends it again: about once every ``DIP_EVERY_S`` seconds on a board, reads taken
as one a millisecond (the firmware's scan), at a sensor drawn at random.

A board without a ``build`` section (nothing says where its sensors sit), or
where magpylib is not installed, reads every marble and nothing else: each present
marble gives its sensors a fixed field, and no supply dips.
"""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from ..board import Board
from ..board.tmag5170 import Tmag5170, configured_roles, frames

if TYPE_CHECKING:
    from .field import BoardField
    from .sensors import SensorBank

RGB = tuple[int, int, int]

# Where the fields are not computed, the fields given instead, in mT. A marble's at
# its sensors: at least 6.38 along some axis in every resting orientation, on every
# shipped board (hardware/sensing/). This marble gives a little less, along x, y or
# z, either way, by sensor number, so a sensor set up on fewer axes or one side of
# its window misses some.
MARBLE_FIELD_MT = 6.3
# What a standing playing piece gives its hole's piece sensors: at least 32.7 mT on
# the shipped boards, which the sensor reads as its 25 mT full scale.
PIECE_FIELD_MT = 25.0
DIP_EVERY_S = 120.0
READS_PER_S = 1000


class PhysicalBoard:
    def __init__(self, board: Board, *, seed: int = 0,
                 dip_every_s: float | None = DIP_EVERY_S):
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
        self._pieces = pieces
        self.chips: dict[int, tuple[int, Tmag5170]] = {}
        self.field: BoardField | None = None
        self.bank: SensorBank | None = None
        self.dips = 0  # supply dips so far
        self._dip_chance = 0.0
        self._dip_rng = random.Random(seed)
        if board.build is not None:
            self._compute(seed)
        if self.bank is None:
            for s in range(board.sensor_count):
                role = "piece" if s in pieces else "presence"
                if role in self.groups:
                    self.chips[s] = (self.groups.index(role), Tmag5170())
        else:
            self.supply_dips(dip_every_s)
        # The hole each sensor is under, by index, for what stands there.
        self._hole_at = {s: i for i, h in enumerate(board.holes)
                         for s in (h.sensor, h.piece_sensor) if s is not None}

    def _compute(self, seed: int) -> None:
        try:
            from .field import BoardField
            from .sensors import SensorBank
        except ImportError as e:  # magpylib comes with the 'sim' extra (make run installs it)
            print(f"marbleboard: the simulated board reads every marble and nothing else: "
                  f"its fields need magpylib ({e.name} is missing; pip install "
                  f"'marbleboard[sim]')", file=sys.stderr)
            return
        self.field = BoardField(self.board, seed)
        self.bank = SensorBank(self.field, self.groups, seed)

    def supply_dips(self, every_s: float | None) -> None:
        """How often a sensor's supply dips, on average, from now on (None: never)."""
        if self.bank is None and every_s is not None:
            raise ValueError("a board whose fields are not computed: its sensors keep their setup")
        self._dip_chance = 0.0 if every_s is None else 1 / (every_s * READS_PER_S)

    @property
    def physics(self) -> bool:
        """Whether the sensors read computed fields (else every marble, and nothing else)."""
        return self.bank is not None

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
            if s in self._hole_at:
                self._moved([self._hole_at[s]])

    def turn(self, hole: str | int, axis: Sequence[float] | None = None) -> None:
        """Turn the marble in a hole where it lies: at random (a finger rolls it),
        or its magnet's north pole toward ``axis`` (x, y, z in the board's frame).
        Where the fields are not computed, a marble reads the same however it lies."""
        s = self.sensor(hole)
        with self._lock:
            if s not in self._magnets:
                raise ValueError(f"no marble in {hole!r} to turn")
            if self.field is not None and self.bank is not None:
                self.field.turn(self._hole_at[s], axis)
                self.bank.field_changed()

    def align_round(self, hole: str | int) -> bool:
        """Turn the marbles round an empty hole, one way after another, until their
        fields together make its sensor read a marble: the worst a person can do
        by hand. Whether some way did (the last one tried stays)."""
        s = self.sensor(hole)
        if self.field is None:
            return False
        for turns in self.field.aligned(self._hole_at[s]):
            with self._lock:
                for h, axis in turns.items():
                    self.field.turn(h, axis)
                assert self.bank is not None
                self.bank.field_changed()
            if s in self.sensed():
                return True
        return False

    def place(self, hole: str | int) -> None:
        self.set(hole, True)

    def lift(self, hole: str | int) -> None:
        self.set(hole, False)

    def setup(self, holes: Iterable[str | int]) -> None:
        """Put marbles in exactly these holes, at once."""
        sensors = {self.sensor(h) for h in holes}
        with self._lock:
            self._magnets = sensors
            self._moved(range(len(self.board.holes)))

    def _moved(self, holes: Iterable[int]) -> None:
        """What stands in these holes may have changed: a piece there is drawn anew."""
        field = self.field
        if field is None or self.bank is None:
            return
        changed: dict[int, str | None] = {}
        for i in holes:
            hole = self.board.holes[i]
            kind = ("piece" if hole.piece_sensor in self._magnets
                    else "marble" if hole.sensor in self._magnets else None)
            if field.held.get(i) != kind:
                changed[i] = kind
        if changed:
            field.put_many(changed)
            self.bank.field_changed()

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
            for s in self._reading():
                buf[s >> 3] ^= 0x80 >> (s & 7)

    def _reading(self) -> Iterable[int]:
        """The inputs that read a magnet at this read (one conversion of the sensors)."""
        bank = self.bank
        if bank is None:
            chips = self.chips
            return [s for s in self._magnets
                    if s not in chips or chips[s][1].alert(self._field(s))]
        if self._dip_chance and self._dip_rng.random() < self._dip_chance:
            self.dips += 1
            bank.power_on([self._dip_rng.choice(bank.threshold)])
        bank.convert()
        return bank.inputs

    def sensed(self) -> frozenset[int]:
        """The sensors that read a magnet now, whatever is in their holes."""
        with self._lock:
            return frozenset(self._reading())

    def hear_setup(self, group: int, data: bytes) -> None:
        """Frames the Pico sent down the sensors' shared SPI lines to one group."""
        with self._lock:
            if self.bank is not None:
                self.bank.hear(group, data)
                return
            for one in frames(data):
                for g, chip in self.chips.values():
                    if g == group:
                        chip.hear(one)

    def sensor_power_dip(self, sensors: Iterable[int] | None = None) -> None:
        """Sensors whose supply dipped: they forget their setup until they hear it again."""
        with self._lock:
            if self.bank is not None:
                wanted = None if sensors is None else set(sensors)
                self.bank.power_on(c for c in self.bank.threshold
                                   if wanted is None or c.sensor.input in wanted)
                return
            for s in self.chips if sensors is None else sensors:
                if s in self.chips:
                    self.chips[s][1].power_on()

    def sensors_set_up(self) -> bool:
        """Whether every sensor that needs a setup has one: it would switch on a
        field past its highest operate point along any axis."""
        with self._lock:
            if self.bank is not None:
                return all(chip.model.alert(tuple(2 * chip.sensor.part.bop_max_mt * (a == i)
                                                  for a in range(3)))
                           for chip in self.bank.threshold for i in range(3))
            return all(chip.alert(self._field(s)) for s, (_, chip) in self.chips.items())

    def _field(self, sensor: int) -> tuple[float, float, float]:
        """The field given a sensor under a present piece, where none is computed."""
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
