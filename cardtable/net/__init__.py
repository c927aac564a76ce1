"""Play across computers: the seat protocol carried over WebSocket.

``room`` (a match opened to remote players: room code, seat tokens, away players and
their stand-in bots), ``server`` (rooms served over WebSocket on an asyncio loop off the
frame, every message hostile until checked), ``client`` (``NetDoor``: the joiner's door,
coming back on its own after a dropped connection), ``tables`` (a table without a
screen, for ``cardtable serve``), ``discovery`` (tables announced and found on the local
network) and ``settings`` (the loopback switch every test uses). Pure Python, never
pygame. Not for rules, bots or the referee (``cardtable.play``) or drawing (the ui).
"""

from __future__ import annotations

from .client import NetDoor, Refused, seek
from .room import Room, new_code, tidy_code
from .server import Server
from .tables import new_room

__all__ = ["NetDoor", "Refused", "Room", "Server", "new_code", "new_room", "seek", "tidy_code"]
