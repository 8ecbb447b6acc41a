"""The physical board: holes, the LEDs under no hole, the chains and the Pico's pins.

A :class:`Board` is what a board file describes, after validation (see
``marbleboard.board.fileformat``).  Coordinates are millimetres from the board's
top-left corner, x to the right and y down, as a maker measures on the wood.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .build import Build, Magnet

# Roles a hole can have.  A game gives them meaning; the board only knows that
# LOOP_ROLES form the main track, one closed loop followed through ``next``.
ROLES: dict[str, str] = {
    "track": "a hole of the main track",
    "starter": "a track hole where a seat's marbles enter the track",
    "start": "a hole of a seat's START row, where its marbles wait",
    "home": "a hole of a seat's HOME row, reached through a track hole's branch",
    "arrow": "a track hole that is also a stop of a short cut (the pink arrows)",
    "centre": "a hole off the track, reached only by a game's short cut",
    "grid": "a hole of a square grid, where every hole starts with a marble",
}
LOOP_ROLES = frozenset({"track", "starter", "arrow"})
SEATED_ROLES = frozenset({"starter", "start", "home"})

LAMP_ROLES: dict[str, str] = {
    "turn": "a lamp in front of a seat that lights on that seat's turn",
    "status": "the board's own status lamp",
    "die": "one pip of a die drawn in lamps (die.1 .. die.7, row by row)",
}


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str
    side: str


@dataclass(frozen=True)
class Hole:
    """A hole, its sensor and its LED. ``piece_sensor`` is a second sensor under the
    hole that only a playing piece's stronger magnet reaches (a Stomper standing in
    it), so the board tells a piece from a marble; a board without one reads only
    that something is in the hole."""

    id: str
    role: str
    x: float
    y: float
    sensor: int
    led: int
    seat: str | None = None
    next: str | None = None
    branch: str | None = None
    piece_sensor: int | None = None


@dataclass(frozen=True)
class Lamp:
    """An LED under no hole: a seat's turn lamp or the status lamp."""

    id: str
    role: str
    x: float
    y: float
    led: int
    seat: str | None = None


@dataclass(frozen=True)
class Pico:
    """Pins of the Pico, by GPIO number."""

    spi: int
    sck: int
    miso: int
    load: int
    led: int
    # The shared chip selects of sensors set up over SPI: the presence sensors', and
    # the piece sensors' (which switch at another threshold).
    cs: int = 7
    piece_cs: int = 8


@dataclass(frozen=True)
class Power:
    supply_v: float
    supply_a: float
    supply_name: str
    led_ma_typical: float
    led_ma_max: float
    sensor_ma: float
    logic_ma: float
    headroom: float


@dataclass(frozen=True)
class Piece:
    kind: str
    count: int
    note: str
    magnet: Magnet | None = None


@dataclass(frozen=True)
class Board:
    id: str
    name: str
    width_mm: float
    height_mm: float
    hole_diameter_mm: float
    marble_diameter_mm: float
    min_pitch_mm: float
    sensor_count: int
    led_count: int
    seats: tuple[Seat, ...]
    holes: tuple[Hole, ...]
    lamps: tuple[Lamp, ...]
    pico: Pico
    power: Power
    pieces: tuple[Piece, ...] = ()
    parameters: dict[str, object] = field(default_factory=dict)
    build: Build | None = None

    @cached_property
    def _by_id(self) -> dict[str, Hole]:
        return {h.id: h for h in self.holes}

    def hole(self, hole_id: str) -> Hole:
        return self._by_id[hole_id]

    def __contains__(self, hole_id: object) -> bool:
        return hole_id in self._by_id

    @cached_property
    def by_sensor(self) -> dict[int, Hole]:
        """Each sensor's hole (a hole's piece sensor names it too)."""
        holes = {h.sensor: h for h in self.holes}
        holes.update({h.piece_sensor: h for h in self.holes if h.piece_sensor is not None})
        return holes

    @cached_property
    def piece_sensors(self) -> int:
        """How many holes have a second sensor for a playing piece."""
        return sum(1 for h in self.holes if h.piece_sensor is not None)

    @cached_property
    def by_led(self) -> dict[int, Hole | Lamp]:
        leds: dict[int, Hole | Lamp] = {h.led: h for h in self.holes}
        leds.update({lamp.led: lamp for lamp in self.lamps})
        return leds

    def seat(self, name: str) -> Seat:
        for s in self.seats:
            if s.name == name:
                return s
        raise KeyError(name)

    def holes_with(self, role: str, seat: str | None = None) -> list[Hole]:
        """Holes of one role (and seat), in file order."""
        return [h for h in self.holes if h.role == role and (seat is None or h.seat == seat)]

    def track(self, first: str | None = None) -> list[Hole]:
        """The main track in playing order, starting at ``first`` (default: the
        first loop hole in the file)."""
        loop = [h for h in self.holes if h.role in LOOP_ROLES]
        if not loop:
            return []
        start = self.hole(first) if first else loop[0]
        out = [start]
        h = start
        while h.next is not None and h.next != start.id:
            h = self.hole(h.next)
            out.append(h)
        return out

    def walk(self, hole_id: str) -> Iterator[Hole]:
        """The holes after ``hole_id`` along its ``next`` links (a home row ends)."""
        h = self.hole(hole_id)
        seen = {h.id}
        while h.next is not None and h.next not in seen:
            h = self.hole(h.next)
            seen.add(h.id)
            yield h

    def home_row(self, seat: str) -> list[Hole]:
        """A seat's HOME row from the entrance inwards."""
        for h in self.holes:
            if h.branch is not None and self.hole(h.branch).seat == seat:
                first = self.hole(h.branch)
                return [first, *self.walk(first.id)]
        return []

    def home_entry(self, seat: str) -> Hole:
        """The track hole from which a seat's HOME row branches off."""
        for h in self.holes:
            if h.branch is not None and self.hole(h.branch).seat == seat:
                return h
        raise KeyError(f"seat {seat!r} has no HOME row")

    def starter(self, seat: str) -> Hole:
        return self.holes_with("starter", seat)[0]

    @property
    def sensor_registers(self) -> int:
        """74HC165 shift registers needed for the sensor chain (8 inputs each)."""
        return (self.sensor_count + 7) // 8

    @property
    def used_sensors(self) -> frozenset[int]:
        """The chain's inputs a hole's sensors drive: all of them, but where a board
        built from tiles leaves a tile's last register partly unused."""
        return frozenset({h.sensor for h in self.holes}
                         | {h.piece_sensor for h in self.holes if h.piece_sensor is not None})

    @property
    def sensor_lines(self) -> int:
        return len(self.used_sensors)
