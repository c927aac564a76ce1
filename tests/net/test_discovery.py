"""Tables on the local network: a host's table is announced with its room code and game,
and "Join a table" finds it; under loopback both stay on 127.0.0.1."""

from __future__ import annotations

import netplay  # noqa: F401 - keeps every network test to loopback
from netplay import wait_until

from cardtable.net import settings
from cardtable.net.discovery import Announcer, Browser


def test_a_hosted_table_is_found_on_the_local_network_with_its_code():
    assert settings.loopback() and settings.interfaces() == ["127.0.0.1"]
    assert settings.bind_address() == "127.0.0.1"
    announcer = Announcer(47123, "KMNPR", "mean", "Ada's table")
    browser = Browser()
    try:
        # Only this test's table counts: another app on this computer may announce too.
        mine = lambda: [t for t in browser.tables() if t.code == "KMNPR"]  # noqa: E731
        wait_until(mine, "the table to be found", 10)
        (table,) = mine()
        assert (table.address, table.port, table.code, table.game, table.host) == (
            "127.0.0.1",
            47123,
            "KMNPR",
            "mean",
            "Ada's table",
        )
        assert table.where == "127.0.0.1:47123"
    finally:
        announcer.close()
    wait_until(lambda: not mine(), "the table to be gone", 10)
    browser.close()
