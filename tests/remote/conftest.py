"""A real mosquitto for each test that wants one (the browser is tests/conftest.py's)."""

import pytest

from marbleboard.remote.localbroker import Mosquitto


@pytest.fixture
def broker(tmp_path):
    server = Mosquitto(tmp_path).start()
    yield server
    server.stop()


