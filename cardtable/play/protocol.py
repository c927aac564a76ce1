"""The seat protocol: the one door between a table and its match.

A seat is played by a local human, a bot, or a human at another computer, and the table
cannot tell which is on the far side of its door. Every message is plain data that
survives a JSON round trip (``to_json``/``from_json``), carries the protocol's ``v`` and a
``type``, and is checked on arrival against one schema per type (``check``), the same on
the host and on the client: a message from outside is hostile until it passes.

What a door receives (down, host to table), for the seats it holds and the one it shows:

``hello``    the match: game, players, names, who plays each seat, options, the seats
             this door holds, and the deal as the viewed seat saw it (``setup``).
``update``   what happened (``events`` as the viewed seat may see them, ``by`` the seat
             whose move it was), the viewed seat's ``view`` (its observation) after it,
             and the ``moment``: who is to act, what this door's seats may do now (their
             legal codes, an out-of-turn chance), a timed window or pause and its time
             left, whether the match is over.
``refused``  an intent the referee turned down, with its reason; nothing changed.
``over``     the result and the whole match record, for every player to keep.
``pong``     the answer to a ``ping``: its ``t0`` back, with the host's clock when the
             ping came (``t1``) and when the answer left (``t2``) (``timeline``).

What a door sends (up, table to host): ``move`` (a seat's move code, with the time it
was made for a race, on the host's clock), ``decline`` (a seat lets an out-of-turn chance
pass), ``look`` (the table now shows this seat of its own, or none: the privacy screen
between people at one screen) and ``ping`` (``t0``: this computer's clock now; ``stamp``:
the same moment on the host's clock as estimated so far, or null), answered by ``pong``.
A door acts only for the seats it holds. Each ``move`` and ``decline`` carries ``n``, the
seat's intent number (1, 2, 3, ...): the host acts on each number once and tells the
door, in ``hello``, ``update`` and ``refused``, the last number it has taken for each of
its seats (``done``), so an intent sent again after a dropped connection is never
applied twice, and one the host never saw is sent again.

Across a network (``cardtable.net``) a connection first finds its table: ``seek`` (what
seats a room has open) answered by ``room``, ``join`` (a seat and a name, or the seat a
token names) answered by ``joined`` and then ``hello``, ``create`` (a table on a server)
answered by ``created``. ``presence`` says whose player is away (reconnecting) and which
seats a bot plays for them; ``hint`` asks the host for a seat's hint, answered by
``advice``.

Not for: carrying messages (``door`` in-process; the network layer over a WebSocket) or
deciding anything (the referee behind ``host``).
"""

from __future__ import annotations

import json
import math
from typing import Any

from cardtable.engine import Event, brief, strict_json
from cardtable.engine.schema import (
    BadValue,
    Check,
    choice,
    flag,
    list_of,
    mapping,
    nullable,
    number,
    plain_data,
    record,
    text,
    whole,
)

VERSION = 2
MESSAGE_LIMIT = 1_000_000  # characters: the largest update is a few kilobytes
SEATS = 16  # more seats than any game has: a seat number is below this
CODE_LIMIT = 200  # characters of a move code
NAME_LIMIT = 200
ROOM_LIMIT = 16  # characters of a room code
TOKEN_LIMIT = 64  # characters of a seat token

__all__ = [
    "CODE_LIMIT",
    "DOWN",
    "LOBBY_DOWN",
    "LOBBY_UP",
    "MESSAGE_LIMIT",
    "UP",
    "VERSION",
    "BadMessage",
    "advice",
    "check",
    "create",
    "created",
    "decline",
    "event_from_wire",
    "event_to_wire",
    "from_json",
    "hello",
    "hint",
    "join",
    "joined",
    "look",
    "move",
    "over",
    "ping",
    "plain",
    "pong",
    "presence",
    "refused",
    "room",
    "seek",
    "to_json",
    "update",
]


class BadMessage(ValueError):
    """A message that is not one this protocol sends, in a few words."""


# -- plain data ---------------------------------------------------------------------------


def plain(value: Any) -> Any:
    """``value`` as JSON keeps it: tuples become lists, dict subclasses dicts, keys
    texts. Every message is made of this, so a message read back from JSON is equal to
    the one sent, and a local table reads exactly what a remote one would."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is float:
        if not math.isfinite(value):
            raise BadMessage(f"a number that is not finite: {value!r}")
        return value
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    raise BadMessage(f"{type(value).__name__} is not plain data")


def event_to_wire(event: Event) -> dict[str, Any]:
    return plain(event.to_dict())


def event_from_wire(data: dict[str, Any]) -> Event:
    """The event a checked wire form stands for."""
    face = data.get("face", "up")
    return Event(
        data["kind"],
        tuple(data.get("cards", ())),
        data.get("src"),
        data.get("dst"),
        face,
        data.get("seat"),
        data.get("text", ""),
        data.get("data", {}),
        data.get("what", ""),
        tuple(data.get("seats", ())),
    )


# -- the messages -------------------------------------------------------------------------


def _message(kind: str, **fields: Any) -> dict[str, Any]:
    return {"v": VERSION, "type": kind, **plain(fields)}


def hello(
    game: str,
    players: int,
    names: list[str],
    kinds: list[str],
    options: dict[str, Any],
    seats: list[int],
    viewer: int | None,
    setup: list[Event],
    done: dict[int, int] | None = None,
) -> dict[str, Any]:
    return _message(
        "hello",
        done=done or {},
        game=game,
        players=players,
        names=names,
        kinds=kinds,
        options=options,
        seats=seats,
        viewer=viewer,
        setup=[event_to_wire(event) for event in setup],
    )


def update(
    seq: int,
    by: int | None,
    viewer: int | None,
    events: list[Event],
    view: dict[str, Any],
    moment: dict[str, Any],
    done: dict[int, int] | None = None,
) -> dict[str, Any]:
    return _message(
        "update",
        done=done or {},
        seq=seq,
        by=by,
        viewer=viewer,
        events=[event_to_wire(event) for event in events],
        view=view,
        moment=moment,
    )


def refused(
    seat: int | None, code: str, reason: str, done: dict[int, int] | None = None
) -> dict[str, Any]:
    return _message("refused", seat=seat, code=code, reason=reason, done=done or {})


# -- finding a table across a network -----------------------------------------------------


def seek(code: str) -> dict[str, Any]:
    return _message("seek", code=code)


def room(
    code: str, game: str, names: list[str], kinds: list[str], open_seats: list[int]
) -> dict[str, Any]:
    return _message("room", code=code, game=game, names=names, kinds=kinds, open=open_seats)


def join(code: str, name: str, seat: int | None, token: str | None) -> dict[str, Any]:
    return _message("join", code=code, name=name, seat=seat, token=token)


def joined(code: str, seat: int, token: str) -> dict[str, Any]:
    return _message("joined", code=code, seat=seat, token=token)


def create(
    game: str, seats: list[str], names: list[str], options: dict[str, Any], wait: float
) -> dict[str, Any]:
    return _message("create", game=game, seats=seats, names=names, options=options, wait=wait)


def created(code: str) -> dict[str, Any]:
    return _message("created", code=code)


def presence(names: list[str], away: list[int], stand_ins: list[int]) -> dict[str, Any]:
    return _message("presence", names=names, away=away, stand_ins=stand_ins)


def hint(seat: int) -> dict[str, Any]:
    return _message("hint", seat=seat)


def advice(seat: int, step: int, code: str) -> dict[str, Any]:
    return _message("advice", seat=seat, step=step, code=code)


def over(result: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    return _message("over", result=result, record=record)


def move(seat: int, code: str, n: int, stamp: float | None = None) -> dict[str, Any]:
    """A seat's move, its ``n``-th intent; ``stamp`` is when it was made on the sender's
    clock (for a race between computers; the host orders claims by it, issue 31)."""
    return _message("move", seat=seat, code=code, n=n, stamp=stamp)


def ping(t0: float, stamp: float | None = None) -> dict[str, Any]:
    return _message("ping", t0=t0, stamp=stamp)


def pong(t0: float, t1: float, t2: float) -> dict[str, Any]:
    return _message("pong", t0=t0, t1=t1, t2=t2)


def decline(seat: int, n: int) -> dict[str, Any]:
    return _message("decline", seat=seat, n=n)


def look(seat: int | None) -> dict[str, Any]:
    return _message("look", seat=seat)


# -- one schema per message, on both ends -------------------------------------------------

_SEAT = whole(0, SEATS - 1)
_SEATS = list_of(_SEAT, SEATS)
_CODE = text(CODE_LIMIT)
_EVENT = record(
    {
        "kind": choice(
            "move", "reveal", "shuffle", "deal", "turn", "score", "announce", "slap", "over"
        ),
        "cards": list_of(text(16), 200),
        "src": text(64),
        "dst": text(64),
        "face": lambda value, where: value if value in ("up", "down") else _SEAT(value, where),
        "seat": _SEAT,
        "text": text(1000),
        "what": text(64),
        "seats": _SEATS,
        "data": plain_data(),
    },
    required=True,
    optional=("cards", "src", "dst", "face", "seat", "text", "what", "seats", "data"),
)
_SECONDS = number(0, 3600)
_MOMENT = record(
    {
        "step": whole(0, 2**53),
        "to_act": _SEATS,
        "legal": mapping(r"[0-9]{1,2}", list_of(_CODE, 10_000), SEATS),
        "out_of_turn": _SEATS,
        "window": nullable(
            record(
                {"id": whole(0, 2**53), "kind": text(64), "seconds": _SECONDS, "left": _SECONDS},
                required=True,
            )
        ),
        "pause": nullable(record({"seconds": _SECONDS, "left": _SECONDS}, required=True)),
        "over": flag,
        "judging": flag,
        "slow": text(1000),
    },
    required=True,
    optional=("judging", "slow"),
)
_VIEWER = nullable(_SEAT)
_TIME = number(-1e12, 1e12)
_N = whole(1, 2**53)
_DONE = mapping(r"[0-9]{1,2}", whole(0, 2**53), SEATS)
_ROOM = text(ROOM_LIMIT)
_NAMES = list_of(text(NAME_LIMIT), SEATS)
_KINDS = list_of(text(64), SEATS)

SCHEMAS: dict[str, Check] = {
    "hello": record(
        {
            "game": text(64),
            "players": whole(1, SEATS),
            "names": _NAMES,
            "kinds": _KINDS,
            "options": mapping(r"[a-z0-9_-]{1,64}", plain_data(depth=1), 64),
            "seats": _SEATS,
            "viewer": _VIEWER,
            "setup": list_of(_EVENT, 2000),
            "done": _DONE,
        },
        required=True,
    ),
    "update": record(
        {
            "seq": whole(0, 2**53),
            "by": _VIEWER,
            "viewer": _VIEWER,
            "events": list_of(_EVENT, 2000),
            "view": plain_data(),
            "moment": _MOMENT,
            "done": _DONE,
        },
        required=True,
    ),
    "refused": record(
        {"seat": _VIEWER, "code": _CODE, "reason": text(1000), "done": _DONE}, required=True
    ),
    "over": record({"result": plain_data(), "record": plain_data()}, required=True),
    "move": record(
        {"seat": _SEAT, "code": _CODE, "n": _N, "stamp": nullable(_TIME)},
        required=True,
        optional=("stamp",),
    ),
    "decline": record({"seat": _SEAT, "n": _N}, required=True),
    "ping": record({"t0": _TIME, "stamp": nullable(_TIME)}, required=True, optional=("stamp",)),
    "pong": record({"t0": _TIME, "t1": _TIME, "t2": _TIME}, required=True),
    "look": record({"seat": _VIEWER}, required=True),
    "hint": record({"seat": _SEAT}, required=True),
    "advice": record({"seat": _SEAT, "step": whole(0, 2**53), "code": _CODE}, required=True),
    "presence": record({"names": _NAMES, "away": _SEATS, "stand_ins": _SEATS}, required=True),
    "seek": record({"code": _ROOM}, required=True),
    "room": record(
        {"code": _ROOM, "game": text(64), "names": _NAMES, "kinds": _KINDS, "open": _SEATS},
        required=True,
    ),
    "join": record(
        {
            "code": _ROOM,
            "name": text(NAME_LIMIT),
            "seat": _VIEWER,
            "token": nullable(text(TOKEN_LIMIT)),
        },
        required=True,
    ),
    "joined": record({"code": _ROOM, "seat": _SEAT, "token": text(TOKEN_LIMIT)}, required=True),
    "create": record(
        {
            "game": text(64),
            "seats": _KINDS,
            "names": _NAMES,
            "options": mapping(r"[a-z0-9_-]{1,64}", plain_data(depth=1), 64),
            "wait": number(0, 3600),
        },
        required=True,
    ),
    "created": record({"code": _ROOM}, required=True),
}
DOWN = ("hello", "update", "refused", "over", "pong", "presence", "advice")
UP = ("move", "decline", "look", "ping", "hint")
LOBBY_UP = ("seek", "join", "create")  # what a connection may send before it holds a seat
LOBBY_DOWN = ("room", "joined", "created", "refused")


def check(message: Any, direction: tuple[str, ...] | None = None) -> dict[str, Any]:
    """``message`` as its schema keeps it, or ``BadMessage`` saying what is wrong in one
    line. ``direction`` (``DOWN`` or ``UP``) names the types this end may receive."""
    if not isinstance(message, dict):
        raise BadMessage(f"a message is an object, not {brief(message)}")
    if message.get("v") != VERSION:
        raise BadMessage(f"not a message of this version of the protocol ({VERSION})")
    kind = message.get("type")
    allowed = direction if direction is not None else tuple(SCHEMAS)
    if kind not in allowed:
        raise BadMessage(f"no message of type {brief(kind)} is expected here")
    try:
        kept = SCHEMAS[kind]({k: v for k, v in message.items() if k not in ("v", "type")}, kind)
    except BadValue as error:
        raise BadMessage(str(error)) from None
    return {"v": VERSION, "type": kind, **kept}


def to_json(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), allow_nan=False)


def from_json(text_: str | bytes, direction: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A message read from the wire and checked: ``BadMessage`` for anything else."""
    if isinstance(text_, bytes):
        if len(text_) > MESSAGE_LIMIT:
            raise BadMessage(f"a message of more than {MESSAGE_LIMIT} bytes")
        try:
            text_ = text_.decode("utf-8")
        except UnicodeDecodeError:
            raise BadMessage("a message that is not UTF-8 text") from None
    if len(text_) > MESSAGE_LIMIT:
        raise BadMessage(f"a message of more than {MESSAGE_LIMIT} characters")
    try:
        data = strict_json(text_)
    except ValueError as error:
        raise BadMessage(f"not a message ({error})") from None
    return check(data, direction)
