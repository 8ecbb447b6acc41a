"""The host's side of the serial link to a Pico (docs/protocol.md)."""

from .client import BoardLink, LinkError, ProtocolMismatch
from .events import (
    Connected,
    Disconnected,
    Hello,
    HoleChanged,
    LinkEvent,
    SensorCheck,
    SensorUnsteady,
)
from .lights import LightState

__all__ = ["BoardLink", "Connected", "Disconnected", "Hello", "HoleChanged", "LightState",
           "LinkError", "LinkEvent", "ProtocolMismatch", "SensorCheck", "SensorUnsteady"]
