"""The keeping fuzz: what the app keeps (settings, statistics, games in progress, the old
single saved game, finished records, the statistics lock) damaged at random, copies of
the app writing at once, and copies killed mid-write. Three parts, each bounded:

- ``damaged``: ``--homes`` home folders, each holding one file of every kind made from a
  good one by a random damage (cut short, bytes flipped, a field's value swapped for a
  hostile one, a record's seed or a move edited, or a file of another kind altogether:
  a folder, a FIFO, a link to /dev/zero, a dangling link, binary, deeply nested). Then
  everything the app reads at start and at the end of a game runs over it: settings,
  the games in progress (checked as the title checks them), statistics (a result counted),
  the replays list (each record read and replayed). Nothing may raise, every line said is
  one line, and each damaged file is either read (a damage that leaves a valid file) or
  set aside (its name in the line) or refused (an edited record: ``Drifted``).
- ``copies``: ``--copies`` processes (``tests/two_copies.py``) each finishing ``--games``
  games of What the Heck? on one home at the same moments: every result counted, every
  record kept, each copy's game left in progress still there.
- ``kills``: ``--kills`` times, a copy writing games in progress, results and records is
  killed (SIGKILL) at a random moment; then every file in the home reads back whole.

``python benchmarks/storage_fuzz.py --homes 400 --copies 4 --games 40 --kills 60``
prints one JSON summary; failures are listed with what was found.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from cardtable import storage  # noqa: E402
from cardtable.engine import MatchRecord, Result  # noqa: E402
from cardtable.games import registry  # noqa: E402
from cardtable.play import Referee, make_bots  # noqa: E402

WORKER = ROOT / "tests" / "two_copies.py"
HOSTILE_VALUES = [None, True, -1, 1e308, "x" * 300, [], {}, [[[]]], "\u202e", 10**30]


def a_record(rng: random.Random, game_id: str) -> MatchRecord:
    players = 2 if game_id == "spite-malice" else rng.choice([2, 3])
    seed = rng.randrange(10**6)
    state = registry.get(game_id).new_game(players, seed)
    referee = Referee(state, make_bots(game_id, ["random"] * players, seed))
    referee.advance(0.0, max_steps=rng.randrange(0, 40))
    record = referee.record()
    record.seats = ["human"] + ["random"] * (players - 1)
    return record


def good_files(rng: random.Random) -> dict[str, str]:
    """A good file of every kind (path in the home: its text)."""
    game_id = rng.choice(registry.ids())
    record = a_record(rng, game_id)
    names = ["You"] + [f"Bot{seat}" for seat in range(1, record.players)]
    progress = {"version": 1, "record": record.to_dict(), "names": names, "viewer": 0}
    statistics = {
        "version": 1,
        "games": {game_id: {"played": 2, "seats": {"human": {"games": 2, "wins": 1.0}}}},
    }
    return {
        "settings.json": json.dumps({"version": 1, "volume": 0.5, "player_names": ["Ada"]}),
        "statistics.json": json.dumps(statistics),
        "game-in-progress.json": json.dumps(progress),
        "in-progress/kept.json": json.dumps(progress),
        "saves/record.json": a_record(rng, rng.choice(registry.ids())).to_json(),
    }


NOT_FILES = ["folder", "fifo", "zero", "dangling"]


def damage(rng: random.Random, path: Path, text: str, ways: list[str] | None = None) -> str:
    """Write ``text`` to ``path`` damaged one random way (of ``ways``); the way's name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    kind = rng.choice(
        ways
        or [
            "cut",
            "flip",
            "value",
            "seed",
            "move",
            "folder",
            "fifo",
            "zero",
            "dangling",
            "binary",
            "nested",
            "empty",
            "none",
        ]
    )
    data = text.encode()
    if kind == "cut":
        path.write_bytes(data[: rng.randrange(len(data))])
    elif kind == "flip":
        flipped = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            flipped[rng.randrange(len(flipped))] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(flipped))
    elif kind in ("value", "seed", "move"):
        parsed = json.loads(text)
        target = parsed.get("record", parsed)
        if kind == "seed" and "seed" in target:
            target["seed"] = target["seed"] + 1 if isinstance(target["seed"], int) else "x"
        elif kind == "move" and target.get("actions"):
            seat, code = rng.choice(target["actions"])
            target["actions"][rng.randrange(len(target["actions"]))] = [seat, code]
        else:
            holder = rng.choice([parsed, target])
            holder[rng.choice(sorted(holder))] = rng.choice(HOSTILE_VALUES)
        path.write_text(json.dumps(parsed))
    elif kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "dangling":
        path.symlink_to(path.with_name("nowhere"))
    elif kind == "binary":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000))))
    elif kind == "nested":
        path.write_text("[" * 50_000 + "]" * 50_000)
    elif kind == "empty":
        path.write_text("")
    else:
        path.write_text(text)
    return kind


def one_line(message) -> bool:
    return message is None or ("\n" not in message and len(message) < 800)


def damaged_home(rng: random.Random, home: Path) -> tuple[int, int, list[str]]:
    """One home of damaged files read as the app reads them: (files damaged, files set
    aside or refused, failures)."""
    from cardtable.ui.launch import record_problem, seats_problem

    failures: list[str] = []
    ways = {name: damage(rng, home / name, text) for name, text in good_files(rng).items()}
    lock = home / ".statistics.json.lock"
    if rng.random() < 0.3:
        damage(rng, lock, "", NOT_FILES)
    said: list[str | None] = []
    try:
        said.append(storage.load_settings()[1])
        games, message = storage.list_progress(record_problem)
        said.append(message)
        said.append(storage.load_statistics()[1])
        said.append(storage.record_result("mean", ["human", "easy"], Result.from_scores([1, 0])))
        refused = 0
        for path in storage.list_saves():
            record, message = storage.load_match(path)
            said.append(message)
            if record is None:
                continue
            try:
                if seats_problem(record) is None:
                    registry.replay(record)
            except Exception:
                refused += 1
        data, message = storage.load_statistics()
        if message is not None or data["games"].get("mean", {}).get("played", 0) < 1:
            failures.append(f"the result was not counted after damage {ways}")
    except Exception as error:
        failures.append(f"{type(error).__name__}: {error} (damage {ways})")
        return len(ways), 0, failures
    if not all(one_line(message) for message in said):
        failures.append(f"a message of more than one line (damage {ways})")
    aside = sum(1 for path in home.rglob("*") if ".damaged-" in path.name)
    return sum(kind != "none" for kind in ways.values()), aside + refused, failures


def copies(count: int, games: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        env = {**os.environ, "CARDTABLE_HOME": str(home), "PYTHONPATH": str(ROOT)}
        start = time.time() + 2.0 + 0.5 * count
        running = [
            subprocess.Popen(
                [sys.executable, str(WORKER), f"copy{n}", str(games), str(start)],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(count)
        ]
        outputs = [process.communicate(timeout=1200) for process in running]
        os.environ["CARDTABLE_HOME"] = str(home)
        storage._told.clear()
        data, _ = storage.load_statistics()
        counted = data["games"].get("what-the-heck", {}).get("played", 0)
        left = {out.strip() for out, _ in outputs}
        kept = {game.key for game in storage.list_progress()[0]}
        return {
            "copies": count,
            "results": count * games,
            "counted": counted,
            "records_kept": len(storage.list_saves()),
            "games_left_kept": len(left & kept),
            "errors": [err for _, err in outputs if err],
        }


def kills(rng: random.Random, times: int) -> dict:
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        env = {**os.environ, "CARDTABLE_HOME": str(home), "PYTHONPATH": str(ROOT)}
        for attempt in range(times):
            process = subprocess.Popen(
                [sys.executable, str(WORKER), f"kill{attempt}", "1000", "0"],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            time.sleep(1.2 + rng.random() * 1.5)  # the imports, then writing
            process.send_signal(signal.SIGKILL)
            process.wait()
            os.environ["CARDTABLE_HOME"] = str(home)
            storage._told.clear()
            storage._swept.clear()
            _, message = storage.list_progress()
            data, stats_message = storage.load_statistics()
            broken = [m for m in (message, stats_message) if m]
            for path in storage.list_saves():
                if storage.load_match(path)[0] is None:
                    broken.append(path.name)
            if broken:
                failures.append(f"after kill {attempt}: {broken}")
        played = data["games"].get("what-the-heck", {}).get("played", 0)
    return {"kills": times, "results_counted": played, "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--homes", type=int, default=400)
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--seed", default="0")
    args = parser.parse_args()
    rng = random.Random(f"storage-fuzz/{args.seed}")
    started = time.time()
    damaged = aside = 0
    failures: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        for index in range(args.homes):
            home = Path(folder) / f"home{index}"
            home.mkdir()
            os.environ["CARDTABLE_HOME"] = str(home)
            storage._told.clear()
            storage._swept.clear()
            count, kept, found = damaged_home(rng, home)
            damaged, aside, failures = damaged + count, aside + kept, failures + found
    summary = {
        "homes": args.homes,
        "files_damaged": damaged,
        "set_aside_or_refused": aside,
        "damaged_failures": failures,
        "copies": copies(args.copies, args.games),
        "kills": kills(rng, args.kills),
        "seed": args.seed,
        "seconds": round(time.time() - started, 1),
    }
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
