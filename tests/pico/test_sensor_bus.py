"""The sensors' SPI clock suits each board's long line, and the firmware's config
carries the sensor check: the probe and quiet setups and which sensors answer."""

import doctest
import math
from pathlib import Path

import pytest

from marbleboard.board import build_layout
from marbleboard.board.tmag5170 import CHECK_WAIT_MS, SWITCH_MS, probe, quiet
from marbleboard.pico import sensorbus
from marbleboard.pico.config import firmware_config
from marbleboard.pico.sensorbus import SETTLE_TAUS, line_table, sensor_line

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ["wampoo", "wahoo", "wahoo6", "stomple"]


def test_the_modules_example_runs():
    assert doctest.testmod(sensorbus).failed == 0


@pytest.mark.parametrize("board", BOARDS)
def test_every_edge_settles_before_the_next_at_the_boards_clock(board):
    line = sensor_line(build_layout(board))
    assert line.half_period_ns >= SETTLE_TAUS * line.tau_ns
    assert line.settled >= 0.99
    # A line half as heavy again still settles within 5 %.
    assert 1 - math.exp(-line.half_period_ns / (1.5 * line.tau_ns)) >= 0.95
    assert firmware_config(build_layout(board))["SPI_HZ"] == line.spi_hz


def test_the_heaviest_line_gets_the_slowest_clock():
    lines = {b: sensor_line(build_layout(b)) for b in BOARDS}
    assert lines["stomple"].inputs == 49 * 6
    assert lines["stomple"].spi_hz == 250_000
    assert {lines[b].spi_hz for b in ("wampoo", "wahoo", "wahoo6")} == {500_000}


def test_the_wiring_page_shows_the_computed_figures():
    page = (ROOT / "hardware" / "wiring.md").read_text()
    assert line_table([build_layout(b) for b in BOARDS]) in page


def test_the_check_waits_for_the_sensors_to_switch_with_room_to_spare():
    assert CHECK_WAIT_MS >= 2 * SWITCH_MS


@pytest.mark.parametrize("board", BOARDS)
def test_the_config_carries_the_check(board):
    built = build_layout(board)
    cfg = firmware_config(built)
    assert cfg["SENSOR_PROBE"] == probe() and cfg["SENSOR_QUIET"] == quiet()
    assert cfg["SENSOR_CHECK_MS"] == CHECK_WAIT_MS
    checked = cfg["SENSOR_CHECKED"]
    assert len(checked) == (built.sensor_count + 7) // 8
    on = {s for s in range(len(checked) * 8) if checked[s >> 3] & (0x80 >> (s & 7))}
    # Every hole's sensors, and not the unused inputs of the last register.
    assert on == set(built.by_sensor)
