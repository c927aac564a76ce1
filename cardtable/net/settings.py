"""Where the network may reach: everything, or the loopback interface only.

With ``CARDTABLE_LOOPBACK=1`` in the environment (the app's and ``cardtable serve``'s
``--loopback`` flag sets it) every server binds 127.0.0.1 and tables are announced and
looked for on 127.0.0.1 only: nothing is sent to any other address, multicast included.
Every test runs this way.
"""

from __future__ import annotations

import os

LOOPBACK = "127.0.0.1"
PORT = 47390  # the port a host's table listens on unless it is taken


def loopback() -> bool:
    return os.environ.get("CARDTABLE_LOOPBACK", "") not in ("", "0")


def keep_to_loopback() -> None:
    os.environ["CARDTABLE_LOOPBACK"] = "1"


def bind_address(wanted: str = "0.0.0.0") -> str:
    """The address a server listens on: ``wanted``, or 127.0.0.1 under loopback."""
    return LOOPBACK if loopback() else wanted


def interfaces() -> list[str] | None:
    """zeroconf's interfaces: 127.0.0.1 only under loopback (None: its default)."""
    return [LOOPBACK] if loopback() else None
