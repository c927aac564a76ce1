"""``cardtable serve``: a headless server of many tables, each created and joined through
the seat protocol (TLS when given a certificate and key); its limits and refusals."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import pytest
from netplay import read, wait_until
from websockets.asyncio.client import connect

from cardtable.cli import main
from cardtable.net import NetDoor
from cardtable.net.client import client_tls
from cardtable.play import SeatClient, protocol


def serving(*extra: str) -> tuple[subprocess.Popen, str]:
    """``cardtable serve`` on a free port of 127.0.0.1, and the URL it prints."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--loopback",
            "--port",
            "0",
            "--seconds",
            "60",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    line = process.stdout.readline()
    assert line.startswith("Card Table server on "), process.stderr.read()
    return process, line.split()[-1]


def create(url: str, message: dict, tls=None) -> dict:
    async def ask() -> dict:
        async with connect(url, ssl=tls) as websocket:
            await websocket.send(protocol.to_json(message))
            return protocol.from_json(await asyncio.wait_for(websocket.recv(), 5))

    return asyncio.run(ask())


def play_some(address: str, code: str, tls=None, moves: int = 3) -> SeatClient:
    door = NetDoor(address, code, "Ada", tls=tls)
    client = SeatClient(door, time.monotonic)
    try:
        for _ in range(moves):
            wait_until(
                read(client, lambda: bool(client.legal(0)) or client.is_over),
                "the seat's turn",
                30,
            )
            if client.is_over:
                break
            step = client.step
            client.move(0, client.legal(0)[0])
            wait_until(read(client, lambda s=step: client.step > s), "the move to be taken")
        assert door.seat == 0 and client.names[0] == "Ada" and client.game == "mean"
        return client
    finally:
        door.close()


def test_a_server_table_is_created_and_played_through_the_protocol():
    process, url = serving()
    try:
        message = protocol.create("mean", ["remote", "easy"], ["", "Bot"], {}, 30.0)
        created = create(url, message)
        assert created["type"] == "created" and len(created["code"]) == 5
        address = url.removeprefix("ws://").rstrip("/")
        client = play_some(address, created["code"])
        assert client.step >= 3 or client.is_over
        refusal = create(url, protocol.create("chess", ["remote"], [], {}, 30.0))
        assert refusal == protocol.refused(None, "", "There is no game called 'chess' here.")
        refusal = create(url, protocol.create("mean", ["easy", "easy"], [], {}, 30.0))
        assert refusal["reason"] == "A table on a server needs a seat for a remote player."
    finally:
        process.terminate()
        process.wait(10)


def test_a_server_with_a_certificate_serves_tls(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl",
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    process, url = serving("--cert", str(cert), "--key", str(key))
    try:
        assert url.startswith("wss://")
        tls = client_tls(insecure=True)
        created = create(url, protocol.create("mean", ["remote", "easy"], [], {}, 30.0), tls)
        play_some(url, created["code"], tls=tls, moves=1)
    finally:
        process.terminate()
        process.wait(10)


@pytest.mark.parametrize(
    "args, says",
    [
        (["serve", "--cert", "a.pem"], "TLS takes both --cert and --key"),
        (["serve", "--cert", "nope.pem", "--key", "nope.pem"], "cannot be used"),
        (["serve", "--port", "70000"], "takes 0 to 65,535"),
    ],
)
def test_serve_refuses_bad_input_in_one_line(capsys, args, says):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_a_server_offers_only_the_bots_that_decide_in_a_moment():
    from cardtable.net.tables import room_from_create

    with pytest.raises(ValueError, match="random, easy, medium"):
        room_from_create("ABCDE", protocol.create("mean", ["remote", "expert"], [], {}, 30.0))
    room = room_from_create("ABCDE", protocol.create("mean", ["remote", "medium"], [], {}, 9.0))
    assert room.open_seats() == [0] and room.wait == 9.0
