"""The network tests' server: on 127.0.0.1, any free port, stopped after each test. Its
players play at machine speed (a whole game in seconds), far past a person's pace, so
its rate limit is raised to match (``FAST``); the limit itself is tested at its default
(test_hostile)."""

from __future__ import annotations

import pytest

from cardtable.net import Server

FAST = {"rate": 5000.0, "burst": 1000}


@pytest.fixture
def server():
    server = Server("127.0.0.1", 0, **FAST).start()
    yield server
    server.stop()
