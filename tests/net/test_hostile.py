"""Hostile input across the network: junk, huge, truncated, out-of-order and replayed
messages, moves for seats a connection does not hold, wrong tokens and room codes, a
flood, and a thousand connections opened and dropped. The host never crashes or stalls
its table (the game in progress plays on to its end), a bad connection is closed with one
sentence, and no connection is ever told another seat's hidden card. A client refuses a
hostile host's junk in the same way.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from netplay import Clock, Remote, play, settle, wait_until
from websockets.asyncio.client import connect
from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

from cardtable.engine import HIDDEN
from cardtable.net import NetDoor, Server, new_room
from cardtable.play import protocol

SEATS = ["remote", "easy", "remote", "remote"]  # seat 3 is taken by the hostile player


def hidden_cards(seat: int, message: dict) -> list:
    """Faces another seat's hidden cards would show in ``message`` (there must be none)."""
    shown = []
    for data in message.get("events", []) + message.get("setup", []):
        event = protocol.event_from_wire(data)
        if event.kind == "move" and event.face not in ("up", seat):
            shown += [card for card in event.cards if card != HIDDEN]
    if message.get("viewer") not in (None, seat):
        shown.append(f"a view of seat {message['viewer']}")
    return shown


async def send_all(websocket, texts) -> list[dict]:
    """Send each text, then read what comes back until the host is quiet or closes."""
    heard = []
    try:
        for text in texts:
            await websocket.send(text)
        while True:
            raw = await asyncio.wait_for(websocket.recv(), 0.5)
            heard.append(json.loads(raw))
    except (TimeoutError, ConnectionClosed):
        pass
    return heard


async def attack(port: int, code: str, report: dict) -> None:
    url = f"ws://127.0.0.1:{port}/"
    join = protocol.to_json(protocol.join(code, "Mallory", 3, None))
    move = protocol.move
    # The hostile player takes the open seat, then tries everything from inside.
    async with connect(url, max_size=None) as websocket:
        texts = [
            join,
            "not json at all",
            '{"v": 2, "type": "move", "seat": 3, "code": "dr',  # truncated
            "[" * 5000,
            json.dumps({"v": 2, "type": "move", "seat": 3, "code": 7, "n": 1}),
            json.dumps({"v": 1, "type": "move", "seat": 3, "code": "draw", "n": 1}),
            protocol.to_json(move(0, "draw", 1)),  # another seat's move
            protocol.to_json(protocol.decline(2, 1)),
            protocol.to_json(protocol.look(0)),  # another seat's hand
            protocol.to_json(protocol.hint(0)),
            protocol.to_json(protocol.join(code, "Again", 0, None)),  # joined already
            protocol.to_json(move(3, "draw", 9)),
            protocol.to_json(move(3, "draw", 2)),  # out of order: taken already
            protocol.to_json(move(3, "draw", 9)),  # replayed
            protocol.to_json(protocol.update(1, None, 0, [], {}, {})),  # a host's message
        ]
        report["inside"] = await send_all(websocket, texts)
        # A flood: past the rate limit the connection is closed with one sentence.
        try:
            for n in range(10, 10_000):
                await websocket.send(protocol.to_json(move(3, "draw", n)))
            await asyncio.wait_for(websocket.wait_closed(), 20)
        except (ConnectionClosed, TimeoutError):
            pass
        report["flood"] = websocket.close_reason
    # Wrong room code, wrong token, a seat taken, a seat that does not exist.
    report["refusals"] = []
    for message in (
        protocol.join("NOPE", "X", 0, None),
        protocol.join(code, "X", None, "guessed-token"),
        protocol.join(code, "X", 0, None),
        protocol.join(code, "X", 9, None),
    ):
        async with connect(url) as websocket:
            report["refusals"] += await send_all(websocket, [protocol.to_json(message)])
    # Too big: closed by the size cap before it is read.
    async with connect(url, max_size=None) as websocket:
        await send_all(websocket, ["x" * 200_000])
        report["huge"] = websocket.close_code
    # A thousand connections opened and dropped, fifty at a time, some mid-message.
    opened = 0

    async def one(index: int) -> None:
        nonlocal opened
        try:
            async with connect(url, open_timeout=10) as websocket:
                opened += 1
                if index % 3 == 0:
                    await websocket.send('{"v": 2, "type": "seek", "co')
                websocket.transport.abort()
        except (OSError, ConnectionClosed, TimeoutError):
            pass

    for start in range(0, 1000, 50):
        await asyncio.gather(*(one(index) for index in range(start, start + 50)))
    report["opened"] = opened


@pytest.mark.slow  # a thousand connections: the whole suite's, not the everyday tier's
def test_a_hostile_connection_is_refused_and_the_table_plays_on():
    clock = Clock()
    # Its players play at machine speed, a whole game in seconds: the burst a connection
    # may send at once is raised past a whole game's intents (a few hundred); the rate
    # stays a person's, and the flood below, as fast as a connection sends, passes both.
    server = Server("127.0.0.1", 0, burst=1000).start()
    room = server.add(
        new_room("ROOMA", "mean", list(SEATS), seed=8, now=clock, wait=0.0, pace=False)
    )
    players = {seat: Remote(server, room, seat, clock) for seat in (0, 2)}
    heard: dict[int, list[dict]] = {0: [], 2: []}
    for seat, player in players.items():
        receive = player.door.receive

        def recording(receive=receive, seat=seat):
            messages = receive()
            heard[seat] += messages
            return messages

        player.door.receive = recording
    settle(players)
    report: dict = {}
    attacker = threading.Thread(target=lambda: asyncio.run(attack(server.port, "ROOMA", report)))
    attacker.start()
    try:
        wait_until(
            lambda: room.pump() or 3 in [p.seat for p in room.places.values() if p.token],
            "the hostile player to take seat 3",
        )
        # Its seat waits for it while it tries everything from inside, until its flood
        # is cut off; then a stand-in plays seat 3 while the rest of the attack goes on.
        wait_until(lambda: room.pump() or "flood" in report, "the flood", 60)

        def advance(now: float) -> None:
            clock.now = now
            room.pump()
            room.host.advance(now)

        play(room.host.referee, players, 8, advance)  # the table plays on meanwhile
        wait_until(lambda: room.pump() or not attacker.is_alive(), "the attack", 60)
        settle(players)
        assert room.host.referee.is_over and players[0].client.is_over
    finally:
        for player in players.values():
            player.close()
        server.stop()

    inside = report["inside"]
    reasons = [m["reason"] for m in inside if m["type"] == "refused"]
    assert "That seat is not yours to play." in reasons
    assert "That seat is not yours to show." in reasons
    assert any(r.startswith("Not understood:") for r in reasons)
    assert all("\n" not in reason and reason.endswith(".") for reason in reasons)
    for message in inside:  # told of its own seat only
        assert hidden_cards(3, message) == [], message["type"]
    for seat in (0, 2):
        assert heard[seat] and all(hidden_cards(seat, m) == [] for m in heard[seat])
    assert report["flood"] == "Too many messages: the connection is closed."
    assert [m["reason"] for m in report["refusals"]] == [
        "No table here has that room code.",
        "That seat token is not one this table gave.",
        "Someone has taken that seat.",
        "That seat is not open to a player on another computer.",
    ]
    assert report["huge"] == 1009  # too big
    assert report["opened"] == 1000
    assert room.stand_ins == [3]  # the hostile player's seat was played by a bot


@pytest.mark.parametrize(
    "junk",
    [
        "not json",
        json.dumps({"v": 2, "type": "update", "seq": 1}),
        json.dumps({"v": 2, "type": "move", "seat": 0, "code": "draw", "n": 1}),  # not down
        json.dumps({"v": 2, "type": "hello", "game": "mean", "players": 99}),
    ],
)
def test_a_client_refuses_a_hostile_hosts_junk_without_crashing(junk):
    """A host that answers a join with junk: the door drops it, counts it, and past
    ``JUNK`` messages leaves the table with one sentence; nothing reaches the table."""

    async def hostile(websocket) -> None:
        await websocket.recv()  # the join
        await websocket.send(protocol.to_json(protocol.joined("ROOMA", 0, "token")))
        for _ in range(30):
            await websocket.send(junk)
        await websocket.wait_closed()

    ready = threading.Event()
    port: dict = {}
    stop = threading.Event()

    async def run() -> None:
        async with serve(hostile, "127.0.0.1", 0) as listening:
            port["n"] = listening.sockets[0].getsockname()[1]
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.02)

    thread = threading.Thread(target=lambda: asyncio.run(run()))
    thread.start()
    ready.wait(5)
    door = NetDoor(f"127.0.0.1:{port['n']}", "ROOMA", "Ada", seat=0)
    try:
        wait_until(lambda: door.problem is not None, "the door to give up", 10)
        assert door.problem == "The table sent messages this app cannot read."
        assert door.receive() == []
    finally:
        door.close()
        stop.set()
        thread.join(5)
