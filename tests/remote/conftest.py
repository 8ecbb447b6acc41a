"""A real mosquitto for each test that wants one, and Debian's Chromium for the
table screens of two homes."""

from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from marbleboard.remote.localbroker import Mosquitto
from marbleboard.web.live import CHROMIUM, CHROMIUM_ARGS


@pytest.fixture
def broker(tmp_path):
    server = Mosquitto(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def browser():
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (.ci/run installs it)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
