"""Load on ``cardtable serve``: many tables of bots and headless remote players, on
127.0.0.1 only. Bounded and self-stopping (``--seconds``).

What it measures, with the server in a process of its own:
- the time from a player's move sent to its ``update`` back (the move's round trip), and
  beside it, interleaved, the round trip of a bare WebSocket echo server of the same
  library in another process (the baseline: what loopback, the library and this client
  cost without the server's work); the latency the server adds is the difference, as
  p50/p95 with 95% intervals (bootstrap over the samples);
- the server's CPU (from /proc) over the measured time, per table, and its memory per
  table (resident memory with the tables open, less before any, over the tables).

    PYTHONPATH=. python benchmarks/net_load.py --tables 100 --seconds 60

Every table is one remote seat played by this script (a random legal move, at once)
and bots (``easy``) on the server; a table whose game ends is replaced by a new one, so
the count stays. Seeds: the players' generator ``Rng("load/N")``; the server deals from
its own seeds (a server's secret), so the games differ from run to run, the figures not
much. Not a test: its figures are recorded in benchmarks/net_load.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT_DIR = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT_DIR))  # this tree's cardtable, whatever is installed

from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import serve  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

from cardtable.engine import Rng  # noqa: E402
from cardtable.play import protocol  # noqa: E402

GAMES = ("what-the-heck", "mean", "copycat", "spite-malice", "hit-the-deck")
ROOT = Path(__file__).resolve().parent.parent


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss(pid: int) -> int:
    """Resident memory in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def interval(values: list[float], share: float, rng: Rng, rounds: int = 400) -> tuple:
    """The percentile and its 95% bootstrap interval."""
    draws = sorted(percentile([rng.choice(values) for _ in values], share) for _ in range(rounds))
    return percentile(values, share), draws[int(0.025 * rounds)], draws[int(0.975 * rounds)]


def echo_server(port_file: str) -> None:
    """The baseline: a bare WebSocket echo server (run in a process of its own)."""

    async def echo(websocket) -> None:
        async for message in websocket:
            await websocket.send(message)

    async def main() -> None:
        async with serve(echo, "127.0.0.1", 0) as server:
            Path(port_file).write_text(str(server.sockets[0].getsockname()[1]))
            await asyncio.sleep(3600)

    asyncio.run(main())


class Player:
    """One table: creates it, takes its remote seat, plays at once when it must."""

    def __init__(self, url: str, index: int, moves: list, stop, by_game: dict) -> None:
        self.url, self.index, self.moves, self.stop = url, index, moves, stop
        self.by_game = by_game
        self.rng = Rng(f"load/{index}")
        self.games = 0
        self.errors: list[str] = []

    async def run(self) -> None:
        while not self.stop.is_set():
            game = GAMES[(self.index + self.games) % len(GAMES)]
            seats = ["remote", "easy", "easy"]
            try:
                await self.play(game, seats)
            except (TimeoutError, OSError, ConnectionClosed) as error:
                self.errors.append(repr(error)[:200])
                await asyncio.sleep(0.5)
            self.games += 1

    async def play(self, game: str, seats: list[str]) -> None:
        async with connect(self.url, max_size=protocol.MESSAGE_LIMIT) as websocket:
            await websocket.send(protocol.to_json(protocol.create(game, seats, [], {}, 30.0)))
            created = json.loads(await asyncio.wait_for(websocket.recv(), 10))
            if created.get("type") != "created":
                raise OSError(str(created))
            join = protocol.join(created["code"], "Load", 0, None)
            await websocket.send(protocol.to_json(join))
            n, sent_at, step_sent = 0, None, -1
            while not self.stop.is_set():
                try:
                    raw = await asyncio.wait_for(websocket.recv(), 1.0)
                except TimeoutError:
                    continue
                arrived = time.perf_counter()
                message = protocol.from_json(raw, protocol.DOWN + protocol.LOBBY_DOWN)
                if message["type"] == "over":
                    return
                if message["type"] != "update":
                    continue
                if sent_at is not None and message["by"] == 0:
                    self.moves.append(arrived - sent_at)
                    self.by_game.setdefault(game, []).append(arrived - sent_at)
                    sent_at = None
                moment = message["moment"]
                legal = moment["legal"].get("0", [])
                if 0 in moment["to_act"] and legal and moment["step"] != step_sent:
                    n += 1
                    step_sent = moment["step"]
                    code = self.rng.choice(legal)
                    sent_at = time.perf_counter()
                    await websocket.send(protocol.to_json(protocol.move(0, code, n)))


async def echo_samples(port: int, samples: list, stop: asyncio.Event) -> None:
    """Round trips of a move-sized message to the bare echo server, at the same pace."""
    text = protocol.to_json(protocol.move(0, "play 7 on 3", 1))
    async with connect(f"ws://127.0.0.1:{port}/") as websocket:
        while not stop.is_set():
            start = time.perf_counter()
            await websocket.send(text)
            await websocket.recv()
            samples.append(time.perf_counter() - start)
            await asyncio.sleep(0.02)


async def measure(args, server_url: str, server_pid: int, echo_port: int) -> dict:
    stop = asyncio.Event()
    moves: list[float] = []
    echoes: list[float] = []
    before_rss = proc_rss(server_pid)
    by_game: dict[str, list[float]] = {}
    players = [Player(server_url, index, moves, stop, by_game) for index in range(args.tables)]
    tasks = [asyncio.ensure_future(player.run()) for player in players]
    echo = [asyncio.ensure_future(echo_samples(echo_port, echoes, stop)) for _ in range(4)]
    await asyncio.sleep(args.warmup)  # every table open and playing
    moves.clear()
    echoes.clear()
    by_game.clear()
    cpu0, wall0, own0 = proc_cpu(server_pid), time.monotonic(), time.process_time()
    await asyncio.sleep(args.seconds)
    cpu1, wall1, own1 = proc_cpu(server_pid), time.monotonic(), time.process_time()
    rss = proc_rss(server_pid)
    stop.set()
    await asyncio.gather(*tasks, *echo, return_exceptions=True)
    rng = Rng("load/bootstrap")
    move_p50, echo_p50 = interval(moves, 0.5, rng), interval(echoes, 0.5, rng)
    move_p95, echo_p95 = interval(moves, 0.95, rng), interval(echoes, 0.95, rng)
    cpu_share = (cpu1 - cpu0) / (wall1 - wall0)
    return {
        "tables": args.tables,
        "seconds": round(wall1 - wall0, 1),
        "moves": len(moves),
        "echoes": len(echoes),
        "games_started": sum(player.games for player in players),
        "move_rtt_ms": {
            "p50": [round(v * 1000, 2) for v in move_p50],
            "p95": [round(v * 1000, 2) for v in move_p95],
        },
        "echo_rtt_ms": {
            "p50": [round(v * 1000, 2) for v in echo_p50],
            "p95": [round(v * 1000, 2) for v in echo_p95],
        },
        "added_ms": {
            "p50": round((move_p50[0] - echo_p50[0]) * 1000, 2),
            "p95": round((move_p95[0] - echo_p95[0]) * 1000, 2),
        },
        "server_cpu_share_of_a_core": round(cpu_share, 3),
        "cpu_per_table_percent_of_a_core": round(100 * cpu_share / args.tables, 3),
        "client_cpu_share_of_a_core": round((own1 - own0) / (wall1 - wall0), 3),
        "server_rss_mb_before": round(before_rss / 2**20, 1),
        "server_rss_mb_with_tables": round(rss / 2**20, 1),
        "memory_per_table_kb": round((rss - before_rss) / args.tables / 1024, 1),
        "move_rtt_ms_p50_p95_by_game": {
            game: [round(percentile(v, 0.5) * 1000, 1), round(percentile(v, 0.95) * 1000, 1)]
            for game, v in sorted(by_game.items())
        },
        "errors": [e for player in players for e in player.errors][:5],
        "moves_per_second": round(len(moves) / (wall1 - wall0), 1),
        "stdev_move_rtt_ms": round(statistics.pstdev(moves) * 1000, 2) if moves else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--echo-server", help=argparse.SUPPRESS)
    parser.add_argument("--profile", help="write the server's cProfile to this file")
    args = parser.parse_args()
    if args.echo_server:
        echo_server(args.echo_server)
        return 0
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        parser.error("--tables 1 to 1000, --seconds 1 to 600: the benchmark is bounded")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDTABLE_LOOPBACK": "1"}
    limit = str(int(args.seconds + args.warmup + (5 if args.profile else 60)))
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cardtable",
            "serve",
            "--loopback",
            "--port",
            "0",
            "--seconds",
            limit,
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    port_file = Path(f"/tmp/cardtable-echo-{os.getpid()}")
    echo = subprocess.Popen([sys.executable, __file__, "--echo-server", str(port_file)], env=env)
    try:
        url = server.stdout.readline().split()[-1]
        for _ in range(500):
            if port_file.exists() and port_file.read_text():
                break
            time.sleep(0.01)
        figures = asyncio.run(measure(args, url, server.pid, int(port_file.read_text())))
    finally:
        if not args.profile:  # a profiled server stops by itself (--seconds), writing it
            server.terminate()
        echo.terminate()
        server.wait(args.seconds + args.warmup + 90)
        echo.wait(10)
        port_file.unlink(missing_ok=True)
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
