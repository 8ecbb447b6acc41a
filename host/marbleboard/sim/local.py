"""The board a command runs on, by its ``--board`` name: the simulated board
(``sim``), the emulated Pico (``emu``), the one Pico on USB (``auto``) or a port."""

from __future__ import annotations

from ..board import Board
from ..link import BoardLink
from .emulated import EmulatedPico
from .pico import SimulatedPico

LocalPico = SimulatedPico | EmulatedPico  # a board that runs in this process, marbles and all
BOARD_HELP = ("sim (the simulated board), emu (the emulated Pico: stock MicroPython on an "
              "emulated RP2040), auto (find the Pico on USB) or a serial port")
# The emulated Pico boots at about a third of real time: its HELLO may take a few seconds.
EMU_HELLO_S = 5.0


def open_board(choice: str, board: Board) -> tuple[LocalPico | None, BoardLink]:
    """Start the board if it runs here, and a link to it (not yet connected)."""
    local: LocalPico | None = None
    if choice == "sim":
        local = SimulatedPico(board).start()
    elif choice == "emu":
        local = EmulatedPico(board).start()
        return local, BoardLink(local.port, board_id=board.id, hello_timeout=EMU_HELLO_S)
    port = local.port if local else (None if choice == "auto" else choice)
    return local, BoardLink(port, board_id=board.id)
