"""What a BoardLink tells its subscribers."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Hello:
    """What the Pico said about itself."""

    proto: int
    fw: str
    uid: str
    board: str
    sensors: int
    leds: int
    frame_ms: int
    debounce_ms: int


@dataclass(frozen=True)
class Connected:
    hello: Hello
    occupied: frozenset[int]  # sensors with a marble, from the snapshot


@dataclass(frozen=True)
class Disconnected:
    reason: str


@dataclass(frozen=True)
class HoleChanged:
    sensor: int
    occupied: bool
    seq: int  # the Pico's change counter; 0 for a change found by a resync
    pico_ms: int | None  # when the reading began, on the Pico's clock
    resync: bool = False  # missed on the way or while the link was down, found in a snapshot


@dataclass(frozen=True)
class SensorUnsteady:
    """A hole's sensor has not held one reading for a second: a loose wire, a bad
    sensor, or a marble balanced on the hole's edge."""

    sensor: int
    changes: int  # readings it flickered through meanwhile
    pico_ms: int  # when it began, on the Pico's clock


@dataclass(frozen=True)
class SensorCheck:
    """What the Pico's sensor check found (at its boot, or when asked): every sensor
    set up over SPI must assert its ALERT under the probe setup and release it under
    the quiet one. Sensor numbers, as HoleChanged's."""

    number: int  # the check's number since the Pico booted; 1 is the boot's
    pico_ms: int  # when it finished, on the Pico's clock
    checked: frozenset[int]  # the sensors it could check: those set up over SPI
    dead: frozenset[int]  # silent under the probe: no setup reaches them, or no supply
    stuck: frozenset[int]  # asserted under the quiet setup: reading a marble regardless

    @property
    def ok(self) -> bool:
        return not self.dead and not self.stuck


LinkEvent = Connected | Disconnected | HoleChanged | SensorUnsteady | SensorCheck
