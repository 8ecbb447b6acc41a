"""A free TCP port on this machine's loopback, for the services the tests and
the bench start here (a table's web service, a broker)."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port
