"""The firmware's logic tests once more, on the build a Pico runs: stock MicroPython
v1.28.0 on an emulated RP2040, with its C binascii, the real const() and the
Pico's heap. The firmware package is the compiled one make flash copies; the
tests go beside it as source, and without main.py the chip boots to its REPL,
where mpremote runs them. And the sensor check, by the firmware as flashed."""

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from test_micropython_vm import firmware_test_count

from marbleboard.board import build_layout
from marbleboard.board.tmag5170 import BAD_DATA, CS_CUT, LOSES_SETUP, STUCK
from marbleboard.link import BoardLink, HoleChanged, SensorCheck
from marbleboard.sim.emulated import EmulatedPico
from marbleboard.sim.hardware import sensor_chips

HERE = Path(__file__).parent
MPREMOTE = str(Path(sys.executable).with_name("mpremote"))

pytestmark = pytest.mark.emulated


def test_firmware_tests_pass_on_the_emulated_pico():
    tests = sorted(p for p in HERE.glob("*.py")
                   if p.name.startswith("test_fw_") or p.stem in ("fwfakes", "mpyrun"))
    modules = [p.stem for p in tests if p.name.startswith("test_fw_")]
    files = {p.name: p.read_bytes() for p in tests}
    with EmulatedPico(build_layout("wampoo"), files={**files, "main.py": None}) as pico:
        run = subprocess.run([MPREMOTE, "connect", pico.port, "exec",
                              f"import mpyrun; mpyrun.run({modules!r})"],
                             capture_output=True, text=True, timeout=120)
    summary = [line for line in run.stdout.splitlines() if line.startswith("micropython:")]
    assert summary == [f"micropython: {firmware_test_count()} passed, 0 failed"], \
        run.stdout[-3000:] + run.stderr[-3000:]


async def test_the_emulated_pico_names_every_hole_whose_sensor_fails_its_check():
    # Stock MicroPython runs the check on the chip: a sensor whose chip select is cut,
    # one whose every frame fails its CRC and one that cannot keep its setup are
    # named at boot, one stuck on when the host asks, and no hole changes for it.
    board = build_layout("wampoo")
    pico = EmulatedPico(board)
    broken = {"track.5": CS_CUT, "track.30": BAD_DATA, "home.red.2": LOSES_SETUP}
    for hole, fault in broken.items():
        for chip in sensor_chips(pico.physical, board.hole(hole).sensor):
            chip.fault = fault
    dead = {board.hole(hole).sensor for hole in broken}
    pico.physical.place("track.8")  # a marble hides no healthy sensor ...
    pico.physical.place("track.5")  # ... and shows through no dead one
    with pico:
        link = BoardLink(pico.port, board_id=board.id, hello_timeout=10.0)
        events = link.subscribe()
        await link.connect()
        try:
            seen = await next_event(events, SensorCheck)
            assert seen.number == 1 and seen.dead == dead and not seen.stuck
            assert seen.checked == board.used_sensors  # not the tiles' spare inputs
            # The marble there at boot reaches the host (as the first state, or as a
            # change once the check is over if the board's model was slow to answer).
            marble = board.hole("track.8").sensor
            await reaches(lambda: link.occupied == {marble}, lambda: link.occupied)

            # Stuck on, a sensor reads a marble (a board shows it so too, once the
            # sensor's output is decided again at the next setup) ...
            stuck = board.hole("track.40").sensor
            for chip in sensor_chips(pico.physical, stuck):
                chip.fault = STUCK
            change = await next_event(events, HoleChanged)
            assert change.sensor == stuck and change.occupied
            check = await link.check_sensors(timeout=10.0)
            assert check.number == 2 and check.dead == dead and check.stuck == {stuck}
            # ... and the check's own readings never reach the host as marbles.
            after = await drain(events, quiet=1.0)
            assert [e for e in after if isinstance(e, HoleChanged)] == []
            assert link.occupied == {board.hole("track.8").sensor, stuck}
        finally:
            await link.close()


async def reaches(predicate, seen, timeout=10.0):
    try:
        async with asyncio.timeout(timeout):
            while not predicate():
                await asyncio.sleep(0.05)
    except TimeoutError:
        raise AssertionError(f"not reached in {timeout} s; saw {seen()!r}") from None


async def next_event(queue, kind, timeout=10.0):
    seen = []
    try:
        async with asyncio.timeout(timeout):
            while True:
                event = await queue.get()
                if isinstance(event, kind):
                    return event
                seen.append(event)
    except TimeoutError:
        raise AssertionError(f"no {kind.__name__} in {timeout} s; saw {seen!r}") from None


async def drain(queue, quiet):
    events = []
    while True:
        try:
            events.append(await asyncio.wait_for(queue.get(), quiet))
        except TimeoutError:
            return events
