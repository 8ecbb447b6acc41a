"""The firmware's logic tests again, under the real MicroPython VM (WebAssembly, in Node),
and every firmware file through mpy-cross."""

import ast
import shutil
import subprocess
from pathlib import Path

import pytest

from marbleboard.board import build_layout
from marbleboard.pico.build import build

HERE = Path(__file__).parent
ROOT = HERE.parent.parent


def firmware_test_count():
    count = 0
    for path in HERE.glob("test_fw_*.py"):
        tree = ast.parse(path.read_text())
        count += sum(1 for n in tree.body
                     if isinstance(n, ast.FunctionDef) and n.name.startswith("test_"))
    return count


def test_firmware_tests_pass_under_micropython():
    node = shutil.which("node")
    assert node, "Node.js runs the MicroPython VM (`make test` checks for it)"
    assert (ROOT / "node_modules" / "@micropython").is_dir(), "run `npm install` (make test does)"
    result = subprocess.run([node, str(HERE / "mpyrun.mjs"), "test"], capture_output=True,
                            text=True, timeout=300)
    summary = [line for line in result.stdout.splitlines() if line.startswith("micropython:")]
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert summary == [f"micropython: {firmware_test_count()} passed, 0 failed"]


@pytest.mark.parametrize("chip", ["rp2040", "rp2350"])
def test_every_firmware_file_compiles_with_mpy_cross(tmp_path, chip):
    files = build(build_layout("wampoo"), chip, tmp_path)
    sources = sorted(p.stem for p in (ROOT / "firmware" / "marblefw").glob("*.py"))
    assert sorted(p.stem for p in files if p.suffix == ".mpy") == sources
    assert all(p.stat().st_size > 0 for p in files)
    config = (tmp_path / "config.py").read_text()
    assert "SENSORS = 128" in config and "LEDS = 109" in config and "BOARD_ID = 'wampoo'" in config
