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


def table_saw(hub):
    """What the table stands at and sees, for a failure that says where it stopped."""
    table = hub.table
    if table is None:
        return "no game at the table"
    target = table.map.target(table.state) if table.game.marbles is not None else None
    extra, missing = table.map.differences(table.occupied, target) if target else ([], [])
    board = hub.board.by_sensor
    said = [table.game.action_text(table.state, a) for a in table.state.legal_actions()[:12]] \
        if table.state.current >= 0 else []
    return (f"turn {table.state.turns}, seat {table.state.current} to play; "
            f"marbles beyond the position {[board[s].id for s in extra]}, "
            f"missing {[board[s].id for s in missing]}; lifted this turn "
            f"{[board[s].id for s in table.lifted]}; changes {len(table.changes)}; "
            f"announced {table.announced}, bot move {table.bot_action}, "
            f"question {table.status.question}, restoring {table.restoring}, "
            f"mistakes shown {table.show_mistakes}, phone's move pending {hub._moving}; "
            f"legal {said}; last log {table.status.log[-4:]}")
