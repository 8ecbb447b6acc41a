"""The simulated board reads computed fields: each piece's magnet drawn where and how
it lies within the build's tolerances, every magnet's field summed at every sensor
(magpylib), each sensor a part drawn within its datasheet's spread and set up by
the frames it hears; and now and then a sensor whose supply dipped, which the
firmware's periodic setup brings back."""

import dataclasses
import doctest
import math
import re

import numpy as np
import pytest
from marblefw.app import Firmware
from marblefw.hardware import Hardware

from marbleboard.board import build_layout
from marbleboard.board.layouts import LAYOUTS
from marbleboard.board.parts import THRESHOLD_SENSORS
from marbleboard.board.tmag5170 import board_setups
from marbleboard.pico.config import config_namespace
from marbleboard.sim import field as field_module
from marbleboard.sim.physical import PhysicalBoard

DESIGNED = [name for name in sorted(LAYOUTS) if build_layout(name).build is not None]


def set_up(board, seed=0, **kw):
    """A built board whose sensors have heard their setup, as after boot."""
    physical = PhysicalBoard(board, seed=seed, **kw)
    for group, (_role, frames) in enumerate(board_setups(board.build)):
        physical.hear_setup(group, frames)
    return physical


def page_figure(name, piece, role="presence"):
    """A check's field on the committed sensing page (hardware/sensing/NAME.md)."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / f"hardware/sensing/{name}.md").read_text()
    row = re.search(rf"^\| {role} \| {piece} \| [^|]* \| [^|]* \| ([0-9.]+) \|", page, re.M)
    assert row, f"no {role} / {piece} check on the {name} page"
    return float(row.group(1))


def next_to(board, hole):
    """The holes next to one, as the sensing pages count them: within 1.5 times
    the nearest one's distance (the diagonal ones of a square grid too)."""
    dist = {o.id: math.hypot(o.x - hole.x, o.y - hole.y) for o in board.holes if o is not hole}
    nearest = min(dist.values())
    return [h for h, d in dist.items() if d <= 1.5 * nearest]


def test_the_field_modules_example_runs():
    result = doctest.testmod(field_module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("name", DESIGNED)
def test_a_piece_alone_is_read_in_its_hole_and_nowhere_else(name):
    board = build_layout(name)
    for seed in range(3):
        physical = set_up(board, seed)
        for hole in board.holes[seed::7]:
            physical.setup([hole.id])
            assert physical.sensed() == {hole.sensor}, (name, seed, hole.id)
            if hole.piece_sensor is not None:  # a Stomper standing there
                physical.setup([hole.sensor, hole.piece_sensor])
                assert physical.sensed() == {hole.sensor, hole.piece_sensor}, (name, hole.id)


@pytest.mark.parametrize("name", DESIGNED)
def test_drawn_marbles_stay_within_what_the_sensing_page_searched(name):
    # The page's weakest own field has every tolerance at its worst corner and the
    # nearest neighbour's marble turned against it; its strongest neighbour, the
    # nearest marble turned and shifted the worst way. No draw may pass either.
    board = build_layout(name)
    physical = set_up(board, seed=5)
    field = physical.field
    hole = max(board.holes, key=lambda h: len(next_to(board, h)))
    index = board.holes.index(hole)
    own = [i for i, s in enumerate(field.sensors) if s.hole == index and s.role == "presence"]
    others = [i for i, s in enumerate(field.sensors) if s.hole != index and s.role == "presence"]
    weakest, strongest = math.inf, 0.0
    for _ in range(300):
        physical.setup([hole.id])
        weakest = min(weakest, max(field.felt(i) for i in own))
        strongest = max(strongest, max(field.felt(i) for i in others))
    assert weakest >= page_figure(name, "marble")
    assert strongest <= page_figure(name, "neighbours")


@pytest.mark.parametrize("name", DESIGNED)
def test_every_sensor_switches_within_its_datasheets_spread(name):
    board = build_layout(name)
    physical = set_up(board, seed=2)
    for chip in physical.bank.threshold:
        part = chip.sensor.part  # the switch the page reckons with
        for axis in range(3):
            for sign in (1, -1):
                lo, hi = 0.0, 2 * part.bop_max_mt
                for _ in range(24):  # the field along this axis where it switches
                    mid = (lo + hi) / 2
                    field = [0.0, 0.0, 0.0]
                    field[axis] = sign * mid
                    chip.settle(field)
                    if chip.on and not chip.marginal:
                        hi = mid
                    else:
                        lo = mid
                assert part.bop_min_mt <= hi <= part.bop_max_mt, (chip.sensor, axis, sign, hi)


def test_an_empty_hole_between_marbles_turned_the_worst_way_reads_one():
    board = build_layout("stomple")
    physical = set_up(board, seed=1)
    empty = board.hole("grid.d4")
    round_it = next_to(board, empty)
    assert len(round_it) == 8  # the diagonal holes are next to it too
    physical.setup(round_it)
    assert empty.sensor not in physical.sensed()  # the way they happened to fall
    assert physical.align_round(empty.id), "no way of turning them makes it read one"
    # A finger turns the marbles next to it at random, and it reads empty again.
    for hole_id in round_it:
        physical.turn(hole_id)
    assert empty.sensor not in physical.sensed()
    assert physical.occupied() == {board.hole(h).sensor for h in round_it}


def single_magnet_stompers(board):
    """The board with Stompers that carry only their foot's magnet, as first drawn."""
    pieces = tuple(dataclasses.replace(p, magnet=dataclasses.replace(p.magnet, opposed=None))
                   if p.magnet is not None and p.magnet.opposed is not None else p
                   for p in board.pieces)
    return dataclasses.replace(board, pieces=pieces)


def test_stompers_round_an_empty_hole_trip_it_only_without_their_second_magnet():
    # A Stomper stands upright, south pole down: unlike marbles', the fields of
    # several next to one empty hole all point the same way at its sensors. With
    # the foot's magnet alone, three of them make it read a marble; the second
    # magnet turned against it in the column cancels most of that so far off.
    board = build_layout("stomple")
    empty = board.hole("grid.d4")
    stompers = [board.hole(h) for h in ("grid.c4", "grid.d5", "grid.c5")]
    standing = [s for h in stompers for s in (h.sensor, h.piece_sensor)]
    phantoms = {"paired": 0, "single": 0}
    for seed in range(20):
        for kind, built in (("paired", board), ("single", single_magnet_stompers(board))):
            physical = set_up(built, seed)
            physical.setup(standing)
            phantoms[kind] += empty.sensor in physical.sensed()
            # Every Stomper is still seen where it stands, by both its sensors.
            assert set(standing) <= physical.sensed(), (kind, seed)
    assert phantoms["paired"] == 0 and phantoms["single"] >= 5, phantoms


class Bench(Hardware):
    """The real firmware loop on a simulated board, with a clock moved by hand."""

    def __init__(self, physical):
        self.physical = physical
        self.now = 0

    def ticks_ms(self):
        return self.now

    def read_sensors(self, buf):
        self.physical.read_chain(buf)

    def setup_sensors(self, group, frames):
        self.physical.hear_setup(group, bytes(frames))

    def write_leds(self, frame):
        return True

    def read_serial(self, buf):
        return 0

    def write_serial(self, data):
        return len(data)


def test_sensors_whose_supply_dipped_are_set_up_again_by_the_firmware_within_a_period():
    board = build_layout("wampoo")
    physical = PhysicalBoard(board, seed=3, dip_every_s=0.2)
    holes = {h.sensor for h in board.holes if h.role == "start"}
    physical.setup(holes)
    hw = Bench(physical)
    cfg = config_namespace(board)
    fw = Firmware(hw, cfg)
    fw.start()
    blind_since: dict[int, int] = {}
    longest = 0
    for _ in range(10_000):  # ten seconds of the firmware's clock
        hw.now += 1
        fw.step()
        seen = {s for s in holes if fw.scanner.occupied(s)}
        for s in holes - seen:
            blind_since.setdefault(s, hw.now)
        for s in seen & blind_since.keys():
            longest = max(longest, hw.now - blind_since.pop(s))
    assert physical.dips >= 25
    assert longest > 0, "no dip ever blinded a sensor under a marble"
    # Blind until the next setup, then seen again after the firmware's debounce.
    assert longest <= cfg.SENSOR_SETUP_MS + cfg.DEBOUNCE_MS + 5
    assert not blind_since or hw.now - min(blind_since.values()) <= cfg.SENSOR_SETUP_MS + 60


def test_a_board_without_a_build_reads_every_marble_and_nothing_else():
    board = dataclasses.replace(build_layout("wampoo"), build=None)
    plain = PhysicalBoard(board)
    assert not plain.physics
    plain.setup(["track.1", "track.2", "track.3"])
    assert plain.sensed() == plain.occupied()
    with pytest.raises(ValueError, match="keep their setup"):
        plain.supply_dips(1.0)


def test_the_same_seed_builds_the_same_board_and_draws_the_same_marbles():
    board = build_layout("stomple")
    a, b = set_up(board, seed=7), set_up(board, seed=7)
    full = [h.id for h in board.holes[:30]]
    a.setup(full)
    b.setup(full)
    assert np.array_equal(a.field.total, b.field.total)
    c = set_up(board, seed=8)
    c.setup(full)
    assert not np.array_equal(a.field.total, c.field.total)


def test_a_threshold_part_measures_with_its_own_drawn_errors():
    board = build_layout("wampoo")
    part = THRESHOLD_SENSORS["TMAG5170A1"]
    chips = set_up(board, seed=4).bank.threshold
    gains = np.array([c.gain for c in chips])
    offsets = np.array([c.offset for c in chips])
    assert np.all(np.abs(gains - 1) <= part.gain_error)
    assert np.all(np.abs(offsets) <= part.offset_mt)
    assert gains.std() > part.gain_error / 4 and offsets.std() > part.offset_mt / 4
