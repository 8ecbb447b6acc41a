"""The printed parts a maker needs beside the circuit boards, generated from the
boards' own figures (their marbles' and Stomper's magnets, their build under a
hole, their lamps): the mould marbles are cast in, Stomple's Stomper, and the
carrier that holds a lamp's LED under the wood.

``marbleboard board parts3d`` writes each printed piece as an STL file, checked
to close one solid, and each part's section drawing (``make docs``:
hardware/mechanical/).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..model import Board
from . import drawing, stl
from .lamp_carrier import lamp_carriers, room_mm
from .marble_jig import marble_jigs
from .solids import Piece
from .stomper import stomper


class Design(Protocol):
    @property
    def name(self) -> str: ...

    def pieces(self) -> list[Piece]: ...

    def notes(self) -> list[str]: ...


@dataclass
class Drawn:
    """One part: its pieces to print, and what its drawing shows besides them."""

    design: Design
    title: str
    context: list[Piece] = field(default_factory=list)
    ok: bool = True  # its placement or clearances meet the sensing's figures
    problems: list[str] = field(default_factory=list)


def designs(boards: list[Board]) -> list[Drawn]:
    out = []
    for jig in marble_jigs(boards):
        ok = all(s.total_mm <= jig.magnet.offset_mm for s in
                 (jig.placement().lateral, jig.placement().vertical))
        out.append(Drawn(jig, f"Marble mould for a {jig.diameter_mm:g} mm marble with a "
                              f"{jig.magnet.label} magnet, closed, a holder and magnet in "
                              f"each cavity", [], ok))
    seen = set()
    for board in boards:
        s = stomper(board)
        if s is None or s.name in seen:
            continue
        seen.add(s.name)
        placement = s.placement()
        ok = (placement.lateral.total_mm <= s.magnet.offset_mm
              and placement.vertical.total_mm <= s.magnet.offset_mm
              and placement.tilt_deg <= s.magnet.tilt_deg and s.clear)
        pull = s.stomped_marble_pull_n()
        problems = []
        if pull > s.marble_weight_n:
            problems.append(f"a stomped marble clings to the Stomper's foot: pulled "
                            f"{pull:.2f} N, {pull / s.marble_weight_n:.0f} times its weight "
                            f"(hardware/mechanical/README.md)")
        out.append(Drawn(s, f"The Stomper standing in a hole of the {board.name} board",
                         s.board_pieces(), ok, problems))
    rooms = {board.id: room_mm(board) for board in boards}
    for carrier in lamp_carriers(boards):
        what = "Lamp carrier" if carrier.kind == "lamp" else "Carrier of a die's pips"
        crowded = [f"{board}: {lamp} {room:.1f} mm" for board in carrier.boards
                   for lamp, room in rooms[board].items()
                   if room < 0 and (lamp == "die") == (carrier.kind == "die")]
        out.append(Drawn(carrier, f"{what} under a {carrier.top_mm:g} mm top",
                         carrier.board_pieces(), not crowded,
                         [f"carrier over a hole's circuit board, another carrier or the "
                          f"edge: {'; '.join(crowded)}"] if crowded else []))
    return out


@dataclass(frozen=True)
class Written:
    path: Path
    volume_mm3: float


def write(drawn: Drawn, out_dir: Path) -> list[Written]:
    """The part's printed pieces as STL files (each checked to close one solid),
    and its section drawing."""
    written = []
    names = set()
    for piece in drawn.design.pieces():
        if not piece.printed or piece.name in names:
            continue
        names.add(piece.name)
        path = out_dir / f"{piece.name}.stl"
        stl.write(piece.solid, path)
        wrong = stl.problems(path)
        if wrong:
            raise stl.StlError(f"{path}: not one closed solid: {'; '.join(wrong)}")
        written.append(Written(path, stl.volume_mm3(path)))
    shown = [p for p in [*drawn.context, *drawn.design.pieces()] if p.drawn]
    svg = drawing.section_svg(drawn.title, shown, drawn.design.notes())
    path = out_dir / f"{drawn.design.name}.svg"
    path.write_text(svg, encoding="utf-8")
    written.append(Written(path, 0.0))
    return written
