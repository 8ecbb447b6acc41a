"""Typed commands on a simulated board, and how events are described."""

import time

import pytest

from marbleboard.board import build_layout
from marbleboard.link import Disconnected, HoleChanged
from marbleboard.sim import SimulatedPico
from marbleboard.sim.commands import describe
from marbleboard.sim.console import SimConsole


@pytest.fixture
def console():
    with SimulatedPico(build_layout("wampoo")) as sim:
        yield SimConsole(sim)


def test_place_lift_and_slide_move_marbles(console):
    physical = console.sim.physical
    assert console.run("place track.3 start.red.1") == "ok"
    assert physical.occupied_holes() == {"track.3", "start.red.1"}
    assert console.run("slide track.3 track.4 track.5") == "ok"
    assert console.run("lift start.red.1") == "ok"
    assert physical.occupied_holes() == {"track.5"}


def test_unknown_holes_and_commands_are_explained(console):
    assert console.run("place track.999") == "no hole 'track.999' on this board"
    assert console.run("jump") == "unknown command 'jump'; try 'help'"
    assert console.run("slide track.1") == "slide wants two or more holes of this board"
    assert "place" in console.run("help")


def test_cables_and_resets(console):
    sim = console.sim
    assert console.run("unplug") == "ok" and not sim.plugged
    assert console.run("replug") == "ok" and sim.plugged and sim.boots == 2
    assert console.run("reset") == "ok" and sim.boots == 3


def test_show_draws_marbles_and_lights(console):
    console.run("place track.0")
    # with no host the waiting pattern breathes through every hole: catch it lit
    assert console.sim.physical.wait_frame(lambda leds: all(map(any, leds)), 3)
    picture = console.run("show")
    assert picture.count("@") == 1 and "*" in picture


def test_describe_names_holes():
    board = build_layout("wampoo")
    sensor = board.hole("home.red.2").sensor
    text = describe(board, HoleChanged(sensor, True, 4, 100), time.monotonic())
    assert "marble in" in text and "home.red.2" in text and "#4" in text
    text = describe(board, HoleChanged(sensor, False, 0, None, resync=True), time.monotonic())
    assert "found in a snapshot" in text
    assert "reconnecting" in describe(board, Disconnected("cable"), time.monotonic())


def test_describe_names_an_unsteady_sensor():
    from marbleboard.link import SensorUnsteady

    board = build_layout("wampoo")
    sensor = board.hole("track.9").sensor
    text = describe(board, SensorUnsteady(sensor, 97, 1000), time.monotonic())
    assert "track.9" in text and "97 changes" in text and "wiring" in text
