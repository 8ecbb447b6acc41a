"""The simulated board: marbles and LEDs, with the real firmware behind a pty."""

from .physical import PhysicalBoard
from .pico import SimulatedPico

__all__ = ["PhysicalBoard", "SimulatedPico"]
