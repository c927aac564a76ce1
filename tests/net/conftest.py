"""The network tests' server: on 127.0.0.1, any free port, stopped after each test."""

from __future__ import annotations

import pytest

from cardtable.net import Server


@pytest.fixture
def server():
    server = Server("127.0.0.1", 0).start()
    yield server
    server.stop()
