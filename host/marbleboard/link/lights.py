"""The light state the host sends: a palette and one byte per LED, plus chases."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from marblefw.protocol import encode, lights_fields

RGB = tuple[int, int, int]


class Effect(IntEnum):
    SOLID = 0
    DIM = 1
    BLINK = 2
    FAST = 3
    PULSE = 4


@dataclass
class LightState:
    """Build with :meth:`set`; the palette grows as colours are used (at most 15)."""

    leds: int
    palette: list[RGB] = field(default_factory=list)
    state: bytearray = field(init=False)
    chases: list[tuple[int, int, list[int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.state = bytearray(self.leds)

    def colour(self, rgb: RGB) -> int:
        if rgb not in self.palette:
            if len(self.palette) == 15:
                raise ValueError("a light state holds at most 15 colours")
            self.palette.append(rgb)
        return self.palette.index(rgb) + 1

    def set(self, led: int, rgb: RGB, effect: Effect = Effect.SOLID) -> None:
        self.state[led] = (int(effect) << 4) | self.colour(rgb)

    def clear(self, led: int) -> None:
        self.state[led] = 0

    def chase(self, path: list[int], rgb: RGB, step_ms: int = 120) -> None:
        self.chases.append((self.colour(rgb), step_ms, list(path)))

    def fields(self) -> list[tuple[str, str]]:
        return list(lights_fields(self.palette, self.state, self.chases))

    def frame(self, ref: int, lit: int | None = None) -> bytes:
        """The LIGHTS frame for command id ``ref``, numbered ``lit`` when given."""
        number = [] if lit is None else [("lit", str(lit))]
        return bytes(encode("LIGHTS", [("id", str(ref)), *number, *self.fields()]))
