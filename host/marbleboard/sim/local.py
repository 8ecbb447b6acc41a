"""The board a command runs on, by its ``--board`` name: the simulated board
(``sim``), the emulated Pico (``emu``), the one Pico on USB (``auto``) or a port."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..board import Board
from ..link import BoardLink
from .emulated import EmulatedPico
from .pico import SimulatedPico


class Hand(Protocol):
    """What the simulator paces of a simulated hand (``table.hand.SimulatedHand``),
    named here so the board below needs nothing of the table above it."""

    sleep: Callable[[float], None]
    pace_s: float


LocalPico = SimulatedPico | EmulatedPico  # a board that runs in this process, marbles and all
# What a board that runs here is called in what the commands print.
LOCAL_NAMES = {"sim": "a simulated board", "emu": "an emulated Pico"}
BOARD_HELP = ("sim (the simulated board), emu (the emulated Pico: stock MicroPython on an "
              "emulated RP2040), auto (find the Pico on USB) or a serial port")
# A hand's steps on the emulated Pico, in the chip's time: longer than the
# firmware's 50 ms debounce, or a marble lifted and put back is never seen.
EMU_PACE_S = 0.15
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


def pace_hand(hand: Hand, local: LocalPico) -> None:
    """Slow a simulated hand to the emulated Pico's time (the simulator keeps real time)."""
    if isinstance(local, EmulatedPico):
        hand.sleep = local.sleep_simulated
        hand.pace_s = max(hand.pace_s, EMU_PACE_S)
