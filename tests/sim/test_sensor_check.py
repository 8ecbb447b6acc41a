"""Every sensor proves itself: the probe and quiet setups against the TMAG5170 model
and the fields the pieces give (computed), each fault a sensor can have named by
the real firmware loop on the simulated board, and the host told."""

import asyncio
import doctest

import numpy as np
import pytest
from marblefw.app import Firmware
from marblefw.hardware import Hardware

from marbleboard.board import build_layout, tmag5170
from marbleboard.board.sensing import (
    field_mt,
    orientations,
    own_positions,
    pieces_of,
    remanence,
    sensor_points,
)
from marbleboard.board.tmag5170 import (
    BAD_DATA,
    CS_CUT,
    LOSES_SETUP,
    RANGE_100MT,
    RANGES_MT,
    STUCK,
    Tmag5170,
    frames,
    probe,
    quiet,
    setup,
)
from marbleboard.link import BoardLink, HoleChanged, LinkError, SensorCheck
from marbleboard.pico.config import config_namespace
from marbleboard.sim.hardware import read_chain, sensor_chips
from marbleboard.sim.physical import PhysicalBoard
from marbleboard.sim.pico import SimulatedPico
from marbleboard.sim.selftest import report

BOARDS = ["wampoo", "wahoo", "wahoo6", "stomple"]


def heard(data, fault=None):
    sensor = Tmag5170(fault)
    for one in frames(data):
        sensor.hear(one)
    return sensor


def largest_field_mt(board):
    """The largest field component any piece gives any sensor of its own hole, the
    strongest magnet of its grade, in every pose it can rest in (magpylib)."""
    build = board.build
    worst = 0.0
    for role in ("presence", "piece"):
        sites = build.sites_of(role)
        if not sites:
            continue
        points = np.array([p.xyz for p in sensor_points(build, sites)])
        for piece in pieces_of(board):
            positions = own_positions(board, build, piece)
            dirs = orientations(piece.magnet, 500)
            b = field_mt(piece.magnet, remanence(piece.magnet, True),
                         np.repeat(positions, len(dirs), axis=0),
                         np.tile(dirs, (len(positions), 1)), points)
            worst = max(worst, float(np.abs(b).max()))
    return worst


def test_the_models_own_example_runs():
    assert doctest.testmod(tmag5170).failed == 0


@pytest.mark.parametrize("board", BOARDS)
def test_the_probe_asserts_and_the_quiet_setup_releases_in_every_field_a_piece_gives(board):
    # 7.3.5.2: ALERT asserts for a field "greater than *_HI_THRESHOLD, or smaller than
    # *_LO_THRESHOLD". Both setups use the +-100 mT range; the probe's window is
    # 99.2 mT to 99.2 mT, the quiet one's -100 to 99.2 mT.
    largest = largest_field_mt(build_layout(board))
    limit = RANGES_MT[RANGE_100MT] * 127 / 128
    assert 20 < largest < limit / 1.5  # a margin of 1.5 to the windows' edge
    probed, quieted = heard(probe()), heard(quiet())
    for field in np.linspace(-largest, largest, 41):
        for axis in range(3):
            b = [0.0, 0.0, 0.0]
            b[axis] = float(field)
            assert probed.alert(b) and not quieted.alert(b), (field, axis)


def test_a_sensor_that_heard_the_probe_switches_as_before_once_set_up_again():
    sensor = heard(probe() + quiet() + setup(23))
    assert sensor.registers == heard(setup(23)).registers


def test_each_fault_shows_as_the_check_reads_it():
    assert not heard(probe(), CS_CUT).alert((0.0, 0.0, 0.0))
    garbled = heard(probe(), BAD_DATA)
    assert not garbled.alert((0.0, 0.0, 0.0)) and garbled.rejected == 7
    assert not heard(probe(), LOSES_SETUP).alert((0.0, 0.0, 0.0))
    assert heard(quiet(), STUCK).alert((0.0, 0.0, 0.0))
    with pytest.raises(ValueError, match="one of cs-cut"):
        Tmag5170("loose")


# --- the real firmware loop on the simulated board, with a hand-driven clock ---


class Bench(Hardware):
    def __init__(self, physical):
        self.physical = physical
        self.now = 0

    def ticks_ms(self):
        return self.now

    def read_sensors(self, buf):
        read_chain(self.physical, buf)

    def setup_sensors(self, group, frames):
        self.physical.hear_setup(group, bytes(frames))

    def write_leds(self, frame):
        return True

    def read_serial(self, buf):
        return 0

    def write_serial(self, data):
        return len(data)


def bits(data):
    return {s for s in range(len(data) * 8) if data[s >> 3] & (0x80 >> (s & 7))}


@pytest.mark.parametrize("board_id", ["wampoo", "stomple"])
def test_the_firmware_names_each_fault_at_boot_and_keeps_the_holes(board_id):
    board = build_layout(board_id)
    physical = PhysicalBoard(board)
    holes = {"cs-cut": CS_CUT, "bad-data": BAD_DATA, "loses-setup": LOSES_SETUP,
             "stuck": STUCK}
    chosen = dict(zip(holes.values(), board.holes[3:60:14], strict=False))
    for fault, hole in chosen.items():
        for chip in sensor_chips(physical, hole.sensor):
            chip.fault = fault
    marbles = [board.holes[10].id, chosen[CS_CUT].id]
    physical.setup(marbles)
    hw = Bench(physical)
    cfg = config_namespace(board)
    fw = Firmware(hw, cfg)
    fw.start()
    before = fw.scanner.occupancy()
    while fw.check.phase:
        assert fw.scanner.occupancy() == before  # nothing the check reads is a marble
        hw.now += 1
        fw.step()
    assert bits(fw.check.dead) == {chosen[f].sensor for f in (CS_CUT, BAD_DATA, LOSES_SETUP)}
    assert bits(fw.check.stuck) == {chosen[STUCK].sensor}
    assert bits(fw.check.checked) == board.used_sensors  # a tile's spare inputs are not


# --- the host's side ------------------------------------------------------------


async def test_the_host_hears_the_boot_check_once_and_can_ask_for_another():
    board = build_layout("wampoo")
    sim = SimulatedPico(board)
    dead = board.hole("track.12").sensor
    for chip in sensor_chips(sim.physical, dead):
        chip.fault = CS_CUT  # switched on with that sensor's chip select cut
    with sim:
        link = BoardLink(sim.port, board_id=board.id)
        events = link.subscribe()
        await link.connect()
        try:
            event = await next_event(events, SensorCheck)
            assert event.number == 1 and event.dead == {dead} and not event.stuck
            assert link.sensor_check == event

            check = await link.check_sensors()
            assert check.number == 2 and check.dead == {dead}
            # The same faults again: nothing new to tell the table.
            await asyncio.sleep(0.2)
            assert [e for e in drain(events) if isinstance(e, SensorCheck)] == []

            for chip in sensor_chips(sim.physical, dead):
                chip.fault = None
            check = await link.check_sensors()
            assert check.ok and check.number == 3
            told = [e for e in drain(events) if isinstance(e, SensorCheck)]
            assert told == [check]  # mended: the table hears that too
            assert [e for e in drain(events) if isinstance(e, HoleChanged)] == []
        finally:
            await link.close()


async def test_a_healthy_board_tells_its_link_nothing_of_its_checks():
    board = build_layout("wampoo")
    with SimulatedPico(board) as sim:
        link = BoardLink(sim.port, board_id=board.id)
        events = link.subscribe()
        await link.connect()
        try:
            check = await link.check_sensors()
            assert check.ok and check.checked == board.used_sensors
            assert link.sensor_check == check
            assert [e for e in drain(events) if isinstance(e, SensorCheck)] == []
        finally:
            await link.close()


async def test_a_check_on_a_lost_link_says_so():
    board = build_layout("wampoo")
    with SimulatedPico(board) as sim:
        link = BoardLink(sim.port, board_id=board.id)
        await link.connect()
        await link.close()
        with pytest.raises(LinkError, match="not connected"):
            await link.check_sensors()


async def next_event(queue, kind, timeout=5.0):
    seen = []
    try:
        async with asyncio.timeout(timeout):
            while not isinstance(event := await queue.get(), kind):
                seen.append(event)
            return event
    except TimeoutError:
        raise AssertionError(f"no {kind.__name__} in {timeout} s; saw {seen!r}") from None


def drain(queue):
    out = []
    while not queue.empty():
        out.append(queue.get_nowait())
    return out


def test_the_self_test_draws_each_failed_hole_where_it_is_and_names_it():
    board = build_layout("wampoo")
    dead, stuck = board.hole("track.0"), board.hole("home.red.1")
    check = SensorCheck(4, 0, board.used_sensors,
                        frozenset({dead.sensor}), frozenset({stuck.sensor}))
    text = report(board, check).plain
    lines = text.splitlines()
    assert lines[0] == "sensor check 4: 2 of 104 sensors failed"
    picture = lines[1:20]
    assert sum(line.count("D") for line in picture) == 1
    assert sum(line.count("S") for line in picture) == 1
    assert f"dead: track.0 (sensor {dead.sensor})" in text
    assert f"stuck on: home.red.1 (sensor {stuck.sensor})" in text


def test_selftest_check_on_the_simulated_board_prints_the_map_and_passes(capsys):
    from marbleboard.cli import main

    assert main(["selftest", "--board", "wampoo", "--sim", "--check"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sensor check 2: every one of the 104 sensors answered\n")
    assert "o o X o o o o o" in out and "D" not in out.split("legend")[0]
