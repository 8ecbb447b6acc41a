"""Finding a Pico on USB."""

from __future__ import annotations

from serial.tools import list_ports

PICO_VID = 0x2E8A  # Raspberry Pi: a Pico running MicroPython shows this vendor id


class NoPicoFound(RuntimeError):
    pass


def find_picos() -> list[str]:
    return sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)


def choose_port(port: str | None) -> str:
    """The given port, or the one Pico on USB; a clear error for none or several."""
    if port:
        return port
    found = find_picos()
    if not found:
        raise NoPicoFound("no Pico found on USB: plug one in or name its port "
                          "(a new Pico needs MicroPython first, see docs/flashing.md)")
    if len(found) > 1:
        raise NoPicoFound(f"several Picos found ({', '.join(found)}): name the one to use")
    return found[0]
