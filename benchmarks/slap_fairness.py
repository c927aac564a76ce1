"""Fair slaps between computers (issue 31): how often the host orders two presses as they
were really made, judged on one time line (``cardtable.play.timeline``) against plain
arrival order, in the same run.

Bounded and self-stopping, loopback only. The host (this process) runs a ``MatchHost``
behind a small WebSocket server; four client processes (``--client``, each a
``SeatClient`` with its own clock set off the machine's by several seconds, which it must
estimate away by pinging) reach it through a fault-injecting userspace TCP proxy, one path
per player: one-way delays of 10 to 150 ms (different per player; ``--asymmetric``:
slower one way than the other), up to 20 ms of jitter and an occasional stall. The
WebSocket carrying here is HARNESS-ONLY (issue 30's transport, ``cardtable.net``, is the
app's): the messages are the seat protocol's, plus a few marked ``harness``.

Each race is a Hit the Deck slap round for five: the host's own seat plays a Hit the Deck
with a Hand card, then the four remote synthetic players are told (ahead of time) the true
moment to press, spaced by the race's difference (10, 20, 40 or 80 ms, in a shuffled
order), and the host's seat hits last. The truth is the machine's monotonic clock, shared
by every process: each client reports when it really pressed. A pair of presses is
ordered correctly when the earlier press stands first in the judged order (the record's
actions), or, for arrival order, when it reached the host first.

    nice -n 10 python benchmarks/slap_fairness.py [--seconds 150] [--asymmetric]

prints Markdown and writes ``benchmarks/results/slap-fairness[-asymmetric].json``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "games"))

import websockets  # noqa: E402

from cardtable.games import registry  # noqa: E402
from cardtable.play import LocalDoor, MatchHost, Referee, SeatClient, protocol  # noqa: E402
from cardtable.play.timeline import PING_EVERY, PING_RACE  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results"
PLAYERS = 5
HOST_SEAT = 1  # the host's own player: plays the Hand card, hits last
REMOTE = (0, 2, 3, 4)
SYMMETRIC = {0: (0.010, 0.010), 2: (0.060, 0.060), 3: (0.110, 0.110), 4: (0.150, 0.150)}
ASYMMETRIC = {0: (0.150, 0.010), 2: (0.010, 0.150), 3: (0.120, 0.040), 4: (0.040, 0.120)}
JITTER = 0.020
STALL_CHANCE = 0.04  # per path per second
STALL = (0.15, 0.40)  # seconds a stall lasts
DIFFERENCES = (0.010, 0.020, 0.040, 0.080)
LEAD = 0.6  # seconds between the card and the first planned press (the schedule travels)
TICK = 0.004  # seconds between the host's advances


def now() -> float:
    return time.monotonic()


# -- the fault-injecting proxy ----------------------------------------------------------


class Path_:
    """One way of one player's connection: delay, jitter, stalls."""

    def __init__(self, delay: float, rng: random.Random) -> None:
        self.delay, self.rng = delay, rng
        self.stalled_until = 0.0
        self.last = 0.0

    def due(self) -> float:
        t = max(now(), self.stalled_until)
        self.last = max(self.last, t + self.delay + self.rng.uniform(0, JITTER))
        return self.last  # TCP keeps order: nothing overtakes what went before

    async def stalls(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await asyncio.sleep(1.0)
            if self.rng.random() < STALL_CHANCE:
                self.stalled_until = now() + self.rng.uniform(*STALL)


async def pipe(reader, writer, path: Path_) -> None:
    queue: asyncio.Queue = asyncio.Queue()

    async def out() -> None:
        while True:
            due, data = await queue.get()
            if data is None:
                break
            wait = due - now()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.create_task(out())
    try:
        while data := await reader.read(65536):
            queue.put_nowait((path.due(), data))
    except ConnectionError:
        pass
    queue.put_nowait((0.0, None))
    await sender


async def proxy(target: int, up: Path_, down: Path_) -> asyncio.Server:
    async def serve(client_reader, client_writer) -> None:
        host_reader, host_writer = await asyncio.open_connection("127.0.0.1", target)
        with contextlib.suppress(asyncio.CancelledError):  # the run is over
            await asyncio.gather(
                pipe(client_reader, host_writer, up),
                pipe(host_reader, client_writer, down),
                return_exceptions=True,
            )

    return await asyncio.start_server(serve, "127.0.0.1", 0)


# -- the host (harness-only carrying of the seat protocol) -----------------------------------


class Wire:
    """The host's side of one remote player's connection (harness-only)."""

    remote = True

    def __init__(self, seat: int) -> None:
        self.seats, self.viewer = (seat,), seat
        self.out: asyncio.Queue = asyncio.Queue()

    def deliver(self, message) -> None:
        self.out.put_nowait(protocol.to_json(message))


class Bench:
    def __init__(self, args) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.host = MatchHost(self.fresh(), ["p"] * PLAYERS, ["human"] * PLAYERS, now)
        self.local = LocalDoor(self.host, (HOST_SEAT,), None).open()
        self.intents = itertools.count(1)  # the host's own seat numbers its intents too
        self.wires: dict[int, Wire] = {}
        self.joined = asyncio.Event()
        self.race = -1
        self.arrival: dict[tuple[int, int], float] = {}
        self.applied: dict[tuple[int, int], float] = {}
        self.truth: dict[tuple[int, int], float] = {}
        self.plan: dict[int, tuple[float, dict[int, float]]] = {}
        self.orders: dict[int, list[int]] = {}
        self.offsets: dict[int, tuple[float, float, float]] = {}
        self.lags: list[float] = []
        self.seen = 0
        self.clamped: dict[tuple[int, int], float] = {}

    def fresh(self) -> Referee:
        from hit_the_deck_tables import stacked

        hands = [""] * PLAYERS
        hands[HOST_SEAT] = "HIT-HAND R1"
        deck = stacked(hands, "R3")
        state = registry.get("hit-the-deck").new_game(PLAYERS, 0, {"target": 100}, deck=deck)
        return Referee(state, [None] * PLAYERS, deck=deck)

    async def serve(self, websocket) -> None:
        join = json.loads(await websocket.recv())
        seat = int(join["seat"])
        wire = self.wires[seat] = Wire(seat)

        async def send() -> None:
            while True:
                await websocket.send(await wire.out.get())

        sender = asyncio.create_task(send())
        self.host.attach(wire)
        if len(self.wires) == len(REMOTE):
            self.joined.set()
        try:
            async for text in websocket:
                data = json.loads(text)
                if "harness" in data:
                    if data["harness"] == "pressed":
                        self.truth[(data["race"], seat)] = data["true"]
                    elif data["harness"] == "offset":
                        self.offsets[seat] = (data["true"], data["estimate"], data["error"])
                    continue
                if data.get("type") == "move":
                    self.arrival[(self.race, seat)] = now()
                self.host.receive(wire, data)
                if data.get("type") == "move":  # how far the host moved its stamp
                    for claim in self.host.claims:
                        if claim.seat == seat and data.get("stamp") is not None:
                            self.clamped[(self.race, seat)] = claim.stamp - data["stamp"]
        except websockets.ConnectionClosed:
            pass
        finally:
            sender.cancel()

    async def tick(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            t = now()
            self.host.advance(t)
            history = self.host.referee.state.history
            for seat, code in history[self.seen :]:
                if code == "hit":
                    self.applied[(self.race, seat)] = t
                    self.orders.setdefault(self.race, []).append(seat)
            self.seen = len(history)
            await asyncio.sleep(TICK)

    async def run_race(self, number: int) -> None:
        host = self.host
        while host.claims:  # a late press of the last round is judged on that round
            await asyncio.sleep(0.02)
        host.referee = self.fresh()
        self.seen = 0
        self.race = number
        for wire in self.wires.values():
            host.greet(wire)
        self.local.receive()
        self.local.send(protocol.move(HOST_SEAT, "play HIT-HAND", next(self.intents)))
        difference = self.rng.choice(DIFFERENCES)
        places = list(range(len(REMOTE)))
        self.rng.shuffle(places)
        base = now() + LEAD + self.rng.uniform(0, 0.1)
        times = {
            seat: base + place * difference for seat, place in zip(REMOTE, places, strict=True)
        }
        self.plan[number] = (difference, times)
        for seat, at in times.items():
            self.wires[seat].out.put_nowait(
                json.dumps({"harness": "press", "race": number, "at": at})
            )
        self.lags.append(host.lag())
        await asyncio.sleep(max(times.values()) + 0.45 - now())
        self.local.send(protocol.move(HOST_SEAT, "hit", next(self.intents)))
        limit = now() + 4.0
        while host.referee.state.window is not None and now() < limit:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.05)

    async def main(self) -> dict:
        args = self.args
        stop = asyncio.Event()
        server = await websockets.serve(self.serve, "127.0.0.1", 0, max_size=2**20)
        port = server.sockets[0].getsockname()[1]
        paths = ASYMMETRIC if args.asymmetric else SYMMETRIC
        proxies, clients, tasks = [], [], []
        for seat in REMOTE:
            up = Path_(paths[seat][0], random.Random(f"{args.seed}/up/{seat}"))
            down = Path_(paths[seat][1], random.Random(f"{args.seed}/down/{seat}"))
            tasks += [asyncio.create_task(up.stalls(stop)), asyncio.create_task(down.stalls(stop))]
            relay = await proxy(port, up, down)
            proxies.append(relay)
            offset = self.rng.uniform(-30, 30)  # the client's clock is this far off
            clients.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        __file__,
                        "--client",
                        str(relay.sockets[0].getsockname()[1]),
                        str(seat),
                        repr(offset),
                    ],
                )
            )
        tasks.append(asyncio.create_task(self.tick(stop)))
        load_before = os.getloadavg()
        try:
            await asyncio.wait_for(self.joined.wait(), 30)
            await asyncio.sleep(args.warm)
            deadline = now() + args.seconds
            number = 0
            while now() < deadline:
                await self.run_race(number)
                number += 1
            for wire in self.wires.values():
                wire.out.put_nowait(json.dumps({"harness": "stop"}))
            await asyncio.sleep(1.0)
        finally:
            stop.set()
            for client in clients:
                try:
                    client.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    client.kill()
            for task in tasks:
                task.cancel()
            server.close()
            for relay in proxies:
                relay.close()
        return self.summary(number, paths, load_before, os.getloadavg())

    # -- the figures ------------------------------------------------------------------------

    def summary(self, races: int, paths, load_before, load_after) -> dict:
        buckets: dict[int, dict[str, int]] = {}
        skews = []
        for race, (_difference, times) in self.plan.items():
            order = self.orders.get(race, [])
            seats = [s for s in REMOTE if (race, s) in self.truth and (race, s) in self.arrival]
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    if a not in order or b not in order:
                        continue
                    planned = abs(times[a] - times[b])
                    key = round(planned * 1000)
                    ta, tb = self.truth[(race, a)], self.truth[(race, b)]
                    skews.append(abs(abs(ta - tb) - planned))
                    first, second = (a, b) if ta < tb else (b, a)
                    row = buckets.setdefault(
                        key, {"pairs": 0, "stamped": 0, "arrival": 0, "wrong_clamped": 0}
                    )
                    row["pairs"] += 1
                    right = order.index(first) < order.index(second)
                    row["stamped"] += right
                    moved = [abs(self.clamped.get((race, s), 0.0)) > 0.002 for s in (a, b)]
                    row["wrong_clamped"] += not right and any(moved)
                    arrival = self.arrival[(race, first)] < self.arrival[(race, second)]
                    row["arrival"] += arrival
        waits = sorted(
            self.applied[key] - self.arrival[key]
            for key in self.applied
            if key in self.arrival and key[1] in REMOTE
        )
        by_seat = {
            seat: sorted(
                self.applied[k] - self.arrival[k]
                for k in self.applied
                if k[1] == seat and k in self.arrival
            )
            for seat in REMOTE
        }
        return {
            "command": " ".join(["python", "benchmarks/slap_fairness.py", *sys.argv[1:]]),
            "races": races,
            "paths_ms": {s: [round(1000 * d) for d in paths[s]] for s in REMOTE},
            "jitter_ms": JITTER * 1000,
            "stall": {"chance_per_second": STALL_CHANCE, "seconds": STALL},
            "ping_seconds": {"between": PING_EVERY, "racing": PING_RACE},
            "buckets": {str(k): v for k, v in sorted(buckets.items())},
            "wait_ms": {
                "p50": 1000 * quantile(waits, 0.5),
                "p95": 1000 * quantile(waits, 0.95),
                "claims": len(waits),
                "by_seat": {
                    str(s): {"p50": 1000 * quantile(w, 0.5), "p95": 1000 * quantile(w, 0.95)}
                    for s, w in by_seat.items()
                },
            },
            "lag_ms": {
                "p50": 1000 * quantile(sorted(self.lags), 0.5),
                "max": 1000 * max(self.lags),
            },
            "truth_skew_ms": {
                "p50": 1000 * quantile(sorted(skews), 0.5),
                "p95": 1000 * quantile(sorted(skews), 0.95),
            },
            "offset_error_ms": {
                # the client's clock reads truth + ``true``: the host is ``-true`` from it
                str(s): round(1000 * (est + true), 1)
                for s, (true, est, _err) in self.offsets.items()
            },
            "load": {"before": load_before, "after": load_after, "cores": os.cpu_count()},
        }


def quantile(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    return values[min(len(values) - 1, int(q * len(values)))]


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% interval of a share (Wilson's)."""
    if n == 0:
        return (math.nan, math.nan)
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def share(hits: int, n: int, low: float, high: float) -> str:
    return f"{100 * hits / n:.1f}% ({100 * low:.1f}-{100 * high:.1f})"


def markdown(result: dict) -> str:
    lines = [
        f"`{result['command']}`: {result['races']} races, paths (up, down ms) "
        f"{result['paths_ms']}, jitter {result['jitter_ms']:.0f} ms, stalls "
        f"{result['stall']['chance_per_second']}/s of {result['stall']['seconds']} s; load "
        f"{result['load']['before'][0]:.1f} -> {result['load']['after'][0]:.1f} on "
        f"{result['load']['cores']} cores",
        "",
        "| true difference | pairs | stamped order correct (95% CI) | of its errors, clamped "
        "| arrival order correct (95% CI) |",
        "|---|---|---|---|---|",
    ]
    for key, row in result["buckets"].items():
        n = row["pairs"]
        s_lo, s_hi = wilson(row["stamped"], n)
        a_lo, a_hi = wilson(row["arrival"], n)
        lines.append(
            f"| {key} ms | {n} | {share(row['stamped'], n, s_lo, s_hi)} "
            f"| {row['wrong_clamped']}/{n - row['stamped']} "
            f"| {share(row['arrival'], n, a_lo, a_hi)} |"
        )
    wait = result["wait_ms"]
    lines += [
        "",
        f"Added judging wait per remote press (arrival to applied): p50 {wait['p50']:.0f} ms, "
        f"p95 {wait['p95']:.0f} ms over {wait['claims']} presses; by seat "
        + ", ".join(f"{s}: {v['p50']:.0f}/{v['p95']:.0f}" for s, v in wait["by_seat"].items())
        + f". The line's most lag: p50 {result['lag_ms']['p50']:.0f} ms, "
        f"max {result['lag_ms']['max']:.0f} ms.",
        f"Clock offset error at the end (ms, per seat): {result['offset_error_ms']}. "
        f"Scheduling skew of the synthetic presses (|true - planned| difference): p50 "
        f"{result['truth_skew_ms']['p50']:.1f} ms, p95 {result['truth_skew_ms']['p95']:.1f} ms.",
    ]
    return "\n".join(lines)


# -- a client process -------------------------------------------------------------------------


class Outbox:
    """The client's door (harness-only): sends go to a queue the writer drains."""

    def __init__(self) -> None:
        self.out: asyncio.Queue = asyncio.Queue()
        self.inbox: list[dict] = []

    def send(self, message) -> None:
        self.out.put_nowait(protocol.to_json(message))

    def receive(self) -> list[dict]:
        messages, self.inbox = self.inbox, []
        return messages


async def client_main(port: int, seat: int, offset: float) -> None:
    def own() -> float:
        return time.monotonic() + offset  # this computer's clock, set off the truth

    door = Outbox()
    client = SeatClient(door, own, wall=own)
    stop = asyncio.Event()
    async with websockets.connect(f"ws://127.0.0.1:{port}", max_size=2**20) as ws:
        await ws.send(json.dumps({"harness": "join", "seat": seat}))

        async def write() -> None:
            while True:
                await ws.send(await door.out.get())

        async def pinger() -> None:
            while not stop.is_set():
                if client.ping_due():
                    client.ping()
                await asyncio.sleep(0.01)

        async def press(race: int, at: float) -> None:
            await asyncio.sleep(max(0.0, at - time.monotonic() - 0.003))
            while time.monotonic() < at:
                pass
            true = time.monotonic()
            client.move(seat, "hit")
            door.out.put_nowait(json.dumps({"harness": "pressed", "race": race, "true": true}))

        tasks = [asyncio.create_task(write()), asyncio.create_task(pinger())]
        async for text in ws:
            data = json.loads(text)
            if "harness" in data:
                if data["harness"] == "press":
                    tasks.append(asyncio.create_task(press(data["race"], data["at"])))
                elif data["harness"] == "stop":
                    error = client.timeline.error or 0.0
                    report = {
                        "harness": "offset",
                        "true": offset,
                        "estimate": client.timeline.offset,
                    }
                    door.out.put_nowait(json.dumps({**report, "error": error}))
                    await asyncio.sleep(0.5)
                    break
                continue
            door.inbox.append(protocol.check(data, protocol.DOWN))
            client.pump()
        stop.set()
        for task in tasks:
            task.cancel()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=150.0, help="racing time")
    parser.add_argument("--warm", type=float, default=4.0, help="seconds of pings first")
    parser.add_argument("--asymmetric", action="store_true")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--client", nargs=3, metavar=("PORT", "SEAT", "OFFSET"))
    args = parser.parse_args()
    if args.client:
        port, seat, offset = args.client
        asyncio.run(client_main(int(port), int(seat), float(offset)))
        return
    result = asyncio.run(Bench(args).main())
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "slap-fairness-asymmetric.json" if args.asymmetric else "slap-fairness.json"
    (RESULTS / name).write_text(json.dumps(result, indent=1))
    print(markdown(result))


if __name__ == "__main__":
    main()
