"""Hard reset of a hung Pico through its RUN pin, from a Raspberry Pi GPIO.

Only on a Pi with the optional `pi` extra installed (rpi-lgpio provides the
RPi.GPIO module on top of lgpio); everywhere else a fake stands in. Written for
Raspberry Pi OS Bookworm on a Pi 4 or Pi 5: the Pi 5's GPIO is behind its RP1 chip,
which lgpio drives through /dev/gpiochip* and the original RPi.GPIO cannot.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable
from typing import Any, Protocol


class PicoReset(Protocol):
    def reset(self) -> None: ...


class RunPinReset:
    """Pull the Pico's RUN pin low for a moment through a Pi GPIO (BCM numbering)."""

    def __init__(self, gpio: int = 17, pulse_s: float = 0.1):
        self.gpio = gpio
        self.pulse_s = pulse_s
        self._gpio: Any = None

    def _module(self) -> Any:
        if self._gpio is None:
            try:
                gpio = importlib.import_module("RPi.GPIO")  # from rpi-lgpio
            except ImportError as e:
                raise RuntimeError("resetting the Pico through its RUN pin needs a Raspberry "
                                   "Pi and `pip install marbleboard[pi]`") from e
            gpio.setmode(gpio.BCM)
            gpio.setwarnings(False)
            self._gpio = gpio
        return self._gpio

    def reset(self) -> None:
        gpio = self._module()
        gpio.setup(self.gpio, gpio.OUT, initial=gpio.LOW)
        time.sleep(self.pulse_s)
        # Back to an input: the Pico's own pull-up lets RUN rise and the Pico boot.
        gpio.setup(self.gpio, gpio.IN)


class FakeReset:
    """Counts resets and, if given, calls what should happen instead."""

    def __init__(self, action: Callable[[], None] | None = None):
        self.action = action
        self.count = 0

    def reset(self) -> None:
        self.count += 1
        if self.action is not None:
            self.action()
