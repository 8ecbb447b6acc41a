"""A live service on the simulated board, and Debian's Chromium driven by Playwright.
Screenshots are kept in build/screenshots (and those the README shows, with
UPDATE_SCREENSHOTS=1, written to docs/images)."""

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from marbleboard.web.live import CHROMIUM, CHROMIUM_ARGS, LiveServer

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture
def live(tmp_path):
    with LiveServer(tmp_path / "games.db") as server:
        yield server


@pytest.fixture
def browser():
    assert Path(CHROMIUM).exists(), "Debian's chromium is needed (.ci/run installs it)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def keep(page, name, docs=False):
    """A screenshot in build/screenshots; one the README shows (docs) is written to
    docs/images too when UPDATE_SCREENSHOTS=1."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    if docs and os.environ.get("UPDATE_SCREENSHOTS"):
        shutil.copy(SHOTS / f"{name}.png", ROOT / "docs" / "images" / f"screenshot-{name}.png")
