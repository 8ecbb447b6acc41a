"""`marbleboard firmware flash` over mpremote, end to end on the emulated Pico
(whose boot ROM flash functions write its flash): from plain MicroPython, from
an older build of the firmware, and just after a host was killed mid-session.
Every path ends with the Pico answering HELLO with the build just flashed, and
bots playing the opening of a game on it, every move read back from the marbles."""

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import plays

from marbleboard.pico.build import build_id_of
from marbleboard.sim.emulated import EmulatedPico, firmware_files

pytestmark = pytest.mark.emulated

MARBLEBOARD = str(Path(sys.executable).with_name("marbleboard"))


@pytest.fixture(scope="module")
def build_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("fw") / "wampoo-rp2040"
    run = subprocess.run([MARBLEBOARD, "firmware", "build", "--board", "wampoo", "--out",
                          str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    return out


def flash(build_dir, port):
    started = time.monotonic()
    run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                          "--port", port], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"the Pico runs the build in {build_dir}" in run.stdout
    return time.monotonic() - started


def older(build_dir):
    """The files of an older build: the same firmware under another build id."""
    config = (build_dir / "config.py").read_text().replace(
        f"BUILD = '{build_id_of(build_dir)}'", "BUILD = '000000000000'")
    return {"config.py": config.encode()}


async def test_flash_onto_plain_micropython(build_dir, board, tmp_path):
    # A Pico with MicroPython and nothing else: it boots to the REPL.
    nothing = {name: None for name in firmware_files(board, tmp_path / "b")}
    with EmulatedPico(board, files=nothing) as pico:
        took = flash(build_dir, pico.port)
        print(f"plain MicroPython: {took:.1f} s wall")
        await plays(pico, board, build_dir)


async def test_flash_over_an_older_build(build_dir, board):
    with EmulatedPico(board, files=older(build_dir)) as pico:
        took = flash(build_dir, pico.port)
        print(f"older build: {took:.1f} s wall")
        await plays(pico, board, build_dir)


HOST = """
import asyncio, sys, time
from marbleboard.link import BoardLink

async def main():
    await BoardLink(sys.argv[1], board_id="wampoo", hello_timeout=5.0).connect()
    print("session open", flush=True)
    time.sleep(120)

asyncio.run(main())
"""


async def test_flash_just_after_a_host_was_killed_mid_session(build_dir, board):
    with EmulatedPico(board, files=older(build_dir)) as pico:
        # A host opens a session (the firmware now ignores Ctrl-C) and is killed:
        # the port closes with no goodbye, and flashing starts at once.
        host = subprocess.Popen([sys.executable, "-c", HOST, pico.port],
                                stdout=subprocess.PIPE, text=True)
        try:
            assert host.stdout is not None
            line = host.stdout.readline()
            assert line.strip() == "session open", line
        finally:
            host.send_signal(signal.SIGKILL)
            host.wait(timeout=10)
        took = flash(build_dir, pico.port)
        print(f"just after a killed host: {took:.1f} s wall")
        await plays(pico, board, build_dir)


def test_flash_says_when_the_port_cannot_be_opened(build_dir, tmp_path):
    missing = tmp_path / "ttyNOPE"
    run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                          "--port", str(missing)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 1 and f"there is no serial port {missing}" in run.stderr


def test_flash_refuses_a_port_a_running_host_holds_and_says_how_to_stop_it(build_dir, board):
    with EmulatedPico(board) as pico:
        host = subprocess.Popen([sys.executable, "-c", HOST, pico.port],
                                stdout=subprocess.PIPE, text=True)
        try:
            assert host.stdout is not None
            assert host.stdout.readline().strip() == "session open"
            run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                                  "--port", pico.port], capture_output=True, text=True,
                                 timeout=120)
        finally:
            host.send_signal(signal.SIGKILL)
            host.wait(timeout=10)
        assert run.returncode == 1
        assert f"{pico.port} is in use by another program" in run.stderr, run.stderr
        assert "sudo systemctl stop marbleboard" in run.stderr


def test_a_build_that_does_not_start_fails_the_flash_with_the_reason(build_dir, board,
                                                                      tmp_path):
    broken = tmp_path / build_dir.name
    shutil.copytree(build_dir, broken)
    (broken / "main.py").write_text("raise SystemExit('broken at boot')\n")
    with EmulatedPico(board) as pico:
        run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(broken),
                              "--port", pico.port, "--wait", "5"], capture_output=True,
                             text=True, timeout=180)
    assert run.returncode == 1
    assert "does not answer as the marbleboard firmware" in run.stderr, run.stderr


LOCKED = b"""import micropython
micropython.kbd_intr(-1)
while True:
    pass
"""


def test_a_pico_that_ignores_ctrl_c_fails_the_flash_and_points_at_the_one_file_way(
        build_dir, board):
    # Firmware that never gives the REPL back: mpremote could never reach it.
    with EmulatedPico(board, files={"main.py": LOCKED}) as pico:
        run = subprocess.run([MARBLEBOARD, "firmware", "flash", "--build", str(build_dir),
                              "--port", pico.port], capture_output=True, text=True,
                             timeout=120)
    assert run.returncode == 1
    assert f"the Pico on {pico.port} does not stop for Ctrl-C" in run.stderr, run.stderr
    assert "one-file way" in run.stderr
