"""Boards: the holes, LEDs, chains and pins of one physical board.

>>> from marbleboard.board import get_board
>>> from marbleboard.board.layouts import LAYOUTS
>>> board = get_board(next(iter(LAYOUTS)))  # the first board that ships
>>> len(board.track()), board.starter("red").id, board.home_entry("red").id
(72, 'track.0', 'track.68')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .fileformat import BoardError, board_to_data, dump_board, load_board, parse_board
from .layouts import LAYOUTS
from .model import Board, Hole, Lamp, Seat

__all__ = ["Board", "BoardError", "Hole", "Lamp", "Seat", "board_to_data", "build_layout",
           "dump_board", "get_board", "load_board", "parse_board"]


def build_layout(name: str, **params: Any) -> Board:
    """A shipped layout built from its parameters (defaults where not given)."""
    build, _defaults = LAYOUTS[name]
    return parse_board(build(**params), source=f"layout {name!r}")


def get_board(spec: str, **params: Any) -> Board:
    """A board by layout name (one of ``LAYOUTS``) or by the path of a board file."""
    if spec in LAYOUTS:
        return build_layout(spec, **params)
    if params:
        raise ValueError("parameters apply to a named layout, not to a board file")
    path = Path(spec)
    if path.suffix == ".json" or path.exists():
        return load_board(path)
    raise BoardError(spec, [("", f"no such layout or board file (layouts: "
                                 f"{', '.join(sorted(LAYOUTS))})")])
