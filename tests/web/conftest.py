import pytest

from marbleboard.web.live import LiveServer


@pytest.fixture
def live(tmp_path):
    with LiveServer(tmp_path / "games.db") as server:
        yield server
