import os
from pathlib import Path

import pytest

from marbleboard.sim.emulated import BOOTROM, ENV_DIR, UF2, micropython_dir
from marbleboard.web.live import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
# No test reaches the internet: a MicroPython download not served by a test goes
# to a port on this machine where nothing listens, and fails at once.
os.environ.setdefault("MARBLEBOARD_MICROPYTHON_SITE", "http://127.0.0.1:9")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "emulated: runs stock MicroPython on the emulated Pico (its UF2 and boot ROM)")


def pytest_runtest_setup(item):
    if item.get_closest_marker("emulated") and micropython_dir() is None:
        why = f"no {UF2} and {BOOTROM} in ../shared/micropython or ${ENV_DIR}"
        if os.environ.get("CI"):  # CI has them beside the project: there these tests must run
            pytest.fail(why, pytrace=False)
        pytest.skip(why)


@pytest.fixture
def root() -> Path:
    return ROOT


@pytest.fixture
def browser():
    """Debian's Chromium, driven by Playwright, for the pages' tests."""
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (.ci/run installs it)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
