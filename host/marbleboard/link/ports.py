"""Finding a Pico on USB."""

from __future__ import annotations

from pathlib import Path

from serial.tools import list_ports

PICO_VID = 0x2E8A  # Raspberry Pi: a Pico running MicroPython shows this vendor id
PICO_MICROPYTHON_PID = 0x0005  # the product id stock MicroPython gives the Pico and Pico 2
# The name `marbleboard install`'s udev rule gives the Pico, whichever ttyACM it is.
STABLE_NAME = "/dev/marbleboard"


class NoPicoFound(RuntimeError):
    pass


def find_picos() -> list[str]:
    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)


def choose_port(port: str | None) -> str:
    """The given port, or the one Pico on USB; a clear error for none or several."""
    if port:
        return port
    # The udev rule's name stays put when the kernel hands out ttyACM1 instead of 0.
    if Path(STABLE_NAME).exists():
        return STABLE_NAME
    found = find_picos()
    if not found:
        raise NoPicoFound("no Pico found on USB: plug one in or name its port (a new "
                          "Pico: hold BOOTSEL while plugging it in, and `make flash` puts "
                          "everything on it; docs/flashing.md)")
    if len(found) > 1:
        raise NoPicoFound(f"several Picos found ({', '.join(found)}): name the one to use")
    return found[0]
