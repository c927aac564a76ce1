"""Tables announced and found on the local network (DNS-SD over mDNS, ``zeroconf``).

A host's table is announced as a ``_cardtable._tcp`` service carrying its room code, game
and host's name (``Announcer``); the title's "Join a table" lists what ``Browser`` finds.
Under loopback (``settings``) both use 127.0.0.1 only. What an announcement says is
outside input like any other: each field is cut to size and checked, and a table that
says nothing usable is left out.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass

from zeroconf import InterfaceChoice, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from .room import LETTERS, tidy_code
from .settings import LOOPBACK, interfaces, loopback

SERVICE = "_cardtable._tcp.local."
FOUND_LIMIT = 50  # tables listed at once


@dataclass(frozen=True)
class Found:
    """A table on the local network: where it listens and what it says of itself."""

    name: str
    address: str
    port: int
    code: str
    game: str
    host: str

    @property
    def where(self) -> str:
        return f"{self.address}:{self.port}"


def _zeroconf() -> Zeroconf:
    chosen = interfaces()
    return Zeroconf(interfaces=chosen if chosen is not None else InterfaceChoice.All)


def _service_name(host: str, code: str) -> str:
    label = "".join(ch for ch in host if ch.isalnum() or ch in " -_")[:30].strip() or "Table"
    return f"{label} {code}.{SERVICE}"


class Announcer:
    """A host's table announced on the local network until ``close``."""

    def __init__(self, port: int, code: str, game: str, host: str) -> None:
        self.zeroconf = _zeroconf()
        address = LOOPBACK if loopback() else _lan_address()
        self.info = ServiceInfo(
            SERVICE,
            _service_name(host, code),
            addresses=[socket.inet_aton(address)],
            port=port,
            properties={"code": code, "game": game[:64], "host": host[:40]},
            server=f"cardtable-{code.lower()}.local.",
        )
        # Another table may hold this name (a room code reused on Resume): take another.
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        try:
            self.zeroconf.unregister_service(self.info)
        finally:
            self.zeroconf.close()


def _lan_address() -> str:
    """This computer's address on its local network (a UDP socket sends nothing)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: only picks the outgoing interface
        return probe.getsockname()[0]
    except OSError:
        return LOOPBACK
    finally:
        probe.close()


class Browser:
    """The tables announced on the local network, kept up to date until ``close``."""

    def __init__(self) -> None:
        self.zeroconf = _zeroconf()
        self.lock = threading.Lock()
        self.found: dict[str, Found] = {}
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change) -> None:
        if state_change is ServiceStateChange.Removed:
            with self.lock:
                self.found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        table = _read(name, info) if info is not None else None
        with self.lock:
            if table is not None and (name in self.found or len(self.found) < FOUND_LIMIT):
                self.found[name] = table

    def tables(self) -> list[Found]:
        with self.lock:
            return sorted(self.found.values(), key=lambda table: (table.host, table.code))

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()


def _read(name: str, info: ServiceInfo) -> Found | None:
    """An announcement as a table, or None when it does not say one usably."""

    def field(key: bytes, limit: int) -> str:
        raw = (info.properties or {}).get(key) or b""
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else ""
        return " ".join(text.split())[:limit]

    addresses = info.parsed_addresses()
    code = tidy_code(field(b"code", 16))
    if not addresses or not info.port or not code or set(code) - set(LETTERS):
        return None
    if loopback() and addresses[0] != LOOPBACK:
        return None
    host = field(b"host", 40) or "A table"
    return Found(name, addresses[0], int(info.port), code, field(b"game", 64), host)
