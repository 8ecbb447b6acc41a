"""The firmware's logic tests once more, on the build a Pico runs: stock MicroPython
v1.28.0 on an emulated RP2040, with its C binascii, the real const() and the
Pico's heap. The firmware package is the compiled one make flash copies; the
tests go beside it as source, and without main.py the chip boots to its REPL,
where mpremote runs them."""

import subprocess
import sys
from pathlib import Path

import pytest
from test_micropython_vm import firmware_test_count

from marbleboard.board import build_layout
from marbleboard.sim.emulated import EmulatedPico

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
