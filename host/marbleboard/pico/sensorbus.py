"""The sensors' SPI lines under a board, and the clock they allow.

One 74AHCT125 gate drives each of the sensors' clock (SCK), data (SDI) and chip
select lines through 33 Ohm, and every TMAG5170 of the board hangs on the first
two: 104 inputs on the Wampoo board, 294 on Stomple's. The wire runs from module
to module in sensor order, a few metres. It is short against the edges (a signal
crosses 5 m of wire in about 25 ns, edges take hundreds), so each line is one
capacitance, the inputs' and the wire's, charged through the gate's output
resistance and the series resistor: an RC edge.

The clock's half period must hold such an edge long enough that it reaches the
rail before the next one starts, whatever the data before it. Five time constants
bring it within 1 % of the rail; the capacitances below are estimates, and five
leave room for a line half as heavy again still to settle within 5 %. The clock
is the fastest of 1 MHz, 500 kHz and 250 kHz that allows that.

The registers are clocked by the same SCK pin, but straight from the Pico and into
13 inputs at most: their edge is not the one that limits.

    >>> from marbleboard.board import build_layout
    >>> from marbleboard.games.registry import default_layout  # Wampoo's board
    >>> line = sensor_line(build_layout(default_layout()))
    >>> line.inputs, round(line.wire_m, 1), line.spi_hz
    (104, 6.9, 500000)
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from ..board import Board
from ..board.tmag5170 import PART

# SN74AHCT125 (TI SCLS264), 5.4 Electrical Characteristics at VCC 4.5 V, -40 to
# 85 C: VOH 3.8 V or more at IOH -8 mA, VOL 0.44 V or less at IOL 8 mA. The
# output's resistance is at most what those allow; rising is the slower edge.
GATE_RISE_OHM = (4.5 - 3.8) / 0.008
GATE_FALL_OHM = 0.44 / 0.008
SERIES_OHM = 33.0  # at the gate (hardware/pinout.md): damps the long line's ringing
# SBASAF4 gives no pin capacitance for the TMAG5170. 10 pF is the most a CMOS logic
# input of this kind is specified at (the 74AHCT125's own Ci, SCLS264 5.4); a
# meter on the bench reads the whole line's (not yet done, hardware/wiring.md).
INPUT_PF = 10.0
# Ribbon cable or a twisted pair runs some 50 pF a metre between neighbouring
# conductors: an estimate, not a measurement.
WIRE_PF_PER_M = 50.0
SLACK = 1.25  # the wire against the straight path from hole to hole
# SBASAF4 6.3: a logic high is 0.75 x VCC or more (3.75 V at 5 V).
VIH_FRACTION = 0.75
SETTLE_TAUS = 5
CLOCKS_HZ = (1_000_000, 500_000, 250_000)


@dataclass(frozen=True)
class SensorLine:
    inputs: int  # sensor inputs on the clock and data lines
    wire_m: float  # estimated wire from the first module to the last
    capacitance_pf: float
    tau_ns: float  # rising edge's time constant, the slower edge
    to_vih_ns: float  # from the gate's edge to a logic high at the last sensor
    spi_hz: int

    @property
    def half_period_ns(self) -> float:
        return 1e9 / self.spi_hz / 2

    @property
    def settled(self) -> float:
        """How near the rail an edge is when the next one starts, as a fraction."""
        return 1 - math.exp(-self.half_period_ns / self.tau_ns)


def sensor_inputs(board: Board) -> int:
    """The TMAG5170s on the shared clock and data lines: every site of every hole."""
    build = board.build
    if build is None:
        return 0
    count = 0
    for role in ("presence", "piece"):
        sites = sum(1 for s in build.sites_of(role) if s.part == PART)
        holes = len(board.holes) if role == "presence" else board.piece_sensors
        count += sites * holes
    return count


def wire_length_m(board: Board) -> float:
    """The lines go from module to module in sensor order: that path, with slack."""
    holes = sorted(board.holes, key=lambda h: h.sensor)
    path_mm = sum(math.dist((a.x, a.y), (b.x, b.y)) for a, b in itertools.pairwise(holes))
    return path_mm * SLACK / 1000


def sensor_line(board: Board) -> SensorLine:
    inputs = sensor_inputs(board)
    wire_m = wire_length_m(board) if inputs else 0.0
    c_pf = inputs * INPUT_PF + wire_m * WIRE_PF_PER_M
    tau_ns = (GATE_RISE_OHM + SERIES_OHM) * c_pf * 1e-3
    to_vih_ns = tau_ns * math.log(1 / (1 - VIH_FRACTION))
    hz = next((f for f in CLOCKS_HZ if 1e9 / f / 2 >= SETTLE_TAUS * tau_ns), CLOCKS_HZ[-1])
    return SensorLine(inputs, wire_m, c_pf, tau_ns, to_vih_ns, hz)


def spi_hz(board: Board) -> int:
    """The SPI clock for the board: the sensors' line sets it, when it has sensors."""
    return sensor_line(board).spi_hz


def line_table(boards: list[Board]) -> str:
    """The figures for hardware/wiring.md, one row a board."""
    rows = ["| board | sensor inputs | wire (estimate) | line | time constant | to a logic "
            "high | clock | one scan |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for board in boards:
        line = sensor_line(board)
        scan_us = board.sensor_registers * 8 / line.spi_hz * 1e6
        rows.append(f"| {board.id} | {line.inputs} | {line.wire_m:.1f} m | "
                    f"{line.capacitance_pf / 1000:.2f} nF | {line.tau_ns:.0f} ns | "
                    f"{line.to_vih_ns:.0f} ns | {line.spi_hz // 1000} kHz | {scan_us:.0f} us |")
    return "\n".join(rows) + "\n"
