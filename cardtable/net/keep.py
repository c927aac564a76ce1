"""What this computer keeps of its network tables, in the user folder: the seat tokens
it was given as a joiner (``seats.json``: the same seat back after the app stopped) and,
as a host, its table's room code, port and its players' tokens (``hosting.json``: Resume
opens the table again and its players come back). Both files are read as hostile: a
damaged one is set aside and forgotten, never a crash.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from cardtable import storage
from cardtable.engine.schema import list_of, mapping, nullable, record, text, whole
from cardtable.play.protocol import NAME_LIMIT, ROOM_LIMIT, SEATS, TOKEN_LIMIT

VERSION = 1
KEPT = 20  # joined tables remembered

_SEAT = record(
    {
        "address": text(300),
        "code": text(ROOM_LIMIT),
        "seat": whole(0, SEATS - 1),
        "token": text(TOKEN_LIMIT),
        "name": text(NAME_LIMIT),
    },
    required=True,
)
SEATS_SCHEMA = record({"seats": list_of(_SEAT, KEPT)}, required=True)
HOSTING_SCHEMA = record(
    {
        "code": text(ROOM_LIMIT),
        "port": whole(0, 65535),
        "tokens": mapping(r"[0-9]{1,2}", list_of(text(TOKEN_LIMIT), 2, exactly=2), SEATS),
        "wait": nullable(whole(0, 3600)),
    },
    required=True,
)


def _path(name: str) -> Path | None:
    try:
        return storage.home() / name
    except OSError:
        return None


def _read(name: str, schema) -> dict[str, Any] | None:
    path = _path(name)
    if path is None:
        return None
    data, _message = storage.read_json(path, VERSION, name, schema, "it is forgotten")
    return data


def _write(name: str, data: dict[str, Any]) -> None:
    path = _path(name)
    if path is not None:
        with contextlib.suppress(OSError):  # the game goes on; rejoining needs a code then
            storage.write_json(path, {"version": VERSION, **data})


# -- a joiner's seats -------------------------------------------------------------------


def token_for(address: str, code: str) -> tuple[int, str, str] | None:
    """The (seat, token, name) this computer was given at that table, if any."""
    data = _read("seats.json", SEATS_SCHEMA) or {"seats": []}
    for kept in data["seats"]:
        if kept["address"] == address and kept["code"] == code:
            return kept["seat"], kept["token"], kept["name"]
    return None


def keep_token(address: str, code: str, seat: int, token: str, name: str) -> None:
    data = _read("seats.json", SEATS_SCHEMA) or {"seats": []}
    seats = [k for k in data["seats"] if (k["address"], k["code"]) != (address, code)]
    seats.append({"address": address, "code": code, "seat": seat, "token": token, "name": name})
    _write("seats.json", {"seats": seats[-KEPT:]})


# -- a host's table -----------------------------------------------------------------------


def hosting() -> dict[str, Any] | None:
    """The hosted table kept with the game in progress: code, port, tokens, wait."""
    data = _read("hosting.json", HOSTING_SCHEMA)
    if data is None:
        return None
    data["tokens"] = {int(seat): (name, token) for seat, (name, token) in data["tokens"].items()}
    return data


def keep_hosting(code: str, port: int, tokens: dict[int, tuple[str, str]], wait) -> None:
    tokens_data = {str(seat): [name, token] for seat, (name, token) in tokens.items()}
    wait = None if wait is None else int(wait)
    _write("hosting.json", {"code": code, "port": port, "tokens": tokens_data, "wait": wait})


def forget_hosting() -> None:
    path = _path("hosting.json")
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
