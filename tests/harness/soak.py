"""The soak: many random and bot-vs-bot games of every registered game, at every player
count, with every option, each checked against the whole contract after every action.

Each game is played to its end by bots through the headless driver (the path ``cardtable
sim`` takes). Its match record then goes through JSON and is replayed action by action from
a fresh state, and after every action of that replay:

- every card of the game lies in exactly one place (the cards of all zones, sorted, are
  the game's deck, sorted: cards conserved, none duplicated), and each timed window has a
  new, larger id than the last (where windows carry ids);
- every seat to act has a legal move, and one of them (at random) passes ``check``;
- the observation of a seat (one chosen at random after each action) is the same in a
  world whose hidden cards are reshuffled for it (it leaks nothing that seat may not
  see), and is JSON (a value that can never change, a tuple or ``Row`` such as Copy Cat's
  score sheet, written the first time it is met);
- a few junk and out-of-turn moves are refused with a reason and change nothing: the
  state's ``fingerprint`` (every field pickled, or held by reference while it holds a
  value that can never change; the history, setup events and generator state; only the
  cache of legal moves left out) is the same before and after them.

At the end the replay must have reached the played game's end exactly (every field of the
two states equal, the generator's state and the result included), the record's proof
must hold for its deal and its end (``engine.record.check_proof``), the ranking must hold
every seat, and every game must end (no game past the driver's bound).

Seats: half the games all random, half bots (easy and medium, one bot game in ten with a
searching seat: hard, or expert where the game offers it). Searching seats search with
``SEARCH_ROUNDS`` sampled worlds per decision (``make_bots(..., rounds=...)``), not their
level's own 4 to 48: the soak runs the hard code path, not its strength. Not for: speed
of the rules (see benchmarks/engine.md).

Usage (from the project's root; PYTHONPATH makes the workers import this checkout):
    PYTHONPATH=. .venv/bin/python tests/harness/soak.py --games 100000 --jobs 2 \
        [--seed S] [--out FILE] [--progress]

Prints one JSON summary (and a progress bar on stderr); exit 1 if any game failed, listing
each failure with what reproduces it. With ``--out`` the summary so far is also written
there each minute (``"complete": false``), so a run cut short leaves its figures.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pickle
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from json.encoder import c_make_encoder
from json.encoder import encode_basestring_ascii as encode_ascii
from operator import attrgetter, itemgetter
from typing import Any

from cardtable.engine import Action, GameState, IllegalAction, MatchRecord, Rng, Row, check_proof
from cardtable.games import registry
from cardtable.play import Referee, make_bots
from cardtable.strategy import playable

# Every search of a hard seat samples this many worlds (its level's own is 4 to 48): the
# soak runs the hard code path (sampling, candidates played out, the choice), not the hard
# strength, and full searches cost seconds a game.
SEARCH_ROUNDS = 1
# The levels that search: never a quick seat. (Expert came after the soak's mix was set and
# was drawn as a quick level, so a third of the bot seats searched: 280 seeded games cost
# 72.9 ms each instead of 65.5.)
SEARCHING = ("hard", "expert")


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


# JSON as ``json.dumps`` writes it (the same types taken, the same refused), by the C
# encoder called directly: its pieces are not joined, since only whether it can be written
# matters. A circular observation still fails (past the recursion limit).
if c_make_encoder is not None:
    _pieces = c_make_encoder(None, _not_json, encode_ascii, None, ":", ", ", False, False, True)

    def TO_JSON(value: Any) -> Any:
        return _pieces(value, 0)
else:  # pragma: no cover - a Python built without _json
    TO_JSON = json.JSONEncoder(check_circular=False).encode

# Values that can never change (``fixed``), remembered by identity; each is held here, so
# its id is never another object's while it is remembered. Emptied when it grows large.
_FIXED: dict[int, Any] = {}
_SCALARS = frozenset({str, int, float, bool, type(None), bytes})


def fixed(value: Any) -> bool:
    """Whether ``value`` can never change: a number, a word, ``None``, or a tuple (a named
    one too) or a ``Row`` of such (a score sheet of rows). A state and its observations may
    share such a value by reference, so a check may take it by reference too."""
    kind = type(value)
    if kind in _SCALARS or _FIXED.get(id(value)) is value:
        return True
    if isinstance(value, tuple):  # a named tuple too
        parts: Any = value
    elif kind is Row:
        parts = chain(value.keys(), value.values())
    else:
        return False
    if not all(map(fixed, parts)):
        return False
    if len(_FIXED) >= 50_000:
        _FIXED.clear()
    _FIXED[id(value)] = value
    return True


# The fixed values of observations already written as JSON, by identity (held here too).
_WRITTEN: dict[int, Any] = {}
_CONTAINERS = (tuple, Row)  # the fixed values worth holding by reference


def write_json(observation: dict[str, Any], fixed_keys: tuple[str, ...] = ()) -> None:
    """``TO_JSON(observation)``, raising as it does, but a fixed value under one of
    ``fixed_keys`` (the state's ``fixed_fields``: a score sheet the state shares with every
    observation) is written once, the first time it is met: it can never change after, so
    it stays JSON."""
    rest = observation
    for key in fixed_keys:
        value = observation.get(key)
        if not isinstance(value, _CONTAINERS):
            continue
        if _WRITTEN.get(id(value), _WRITTEN) is not value:
            if not fixed(value):
                continue
            TO_JSON(value)
            if len(_WRITTEN) >= 10_000:
                _WRITTEN.clear()
            _WRITTEN[id(value)] = value
        if rest is observation:
            rest = dict(observation)
        del rest[key]
    TO_JSON(rest)


JUNK = ["", "pass", "zz", "play", "play ZZ", "play 99", "bid 99", "punish 9", "hit hit"]
JUNK += ["draw 2", "swap with 9", "dir sideways", "play W as 13", "\x00", "play " + "7 " * 50]


@dataclass(frozen=True)
class Job:
    """One soak game: everything that reproduces it."""

    game_id: str
    players: int
    options: tuple[tuple[str, Any], ...]
    seats: tuple[str, ...]
    seed: str


def option_sets(game_id: str) -> list[dict[str, Any]]:
    """Every value of every option, one option at a time (the others at their defaults):
    both sides of a switch, a number option's minimum and default."""
    info = registry.get(game_id)
    sets: list[dict[str, Any]] = [{}]
    for option in info.options:
        if isinstance(option.default, bool):
            values: list[Any] = [not option.default]
        elif option.choices:
            values = [choice for choice in option.choices if choice != option.default]
        elif option.minimum is not None:
            values = [option.minimum]
        else:
            values = []
        sets += [{option.name: value} for value in values]
    return sets


def jobs(seed: str, games: int) -> Iterator[Job]:
    """The soak's games, made as they are taken: every game, player count and option set
    in turn, each pass alternating all random seats and bot against bot (the next pass the
    other way round, so the first pass alone covers every kind once). Bot seats are drawn
    from the quick levels (easy, medium); in one bot game in ten one seat searches, hard or expert
    (with ``SEARCH_ROUNDS`` worlds: see the module docstring; expert is hard's class with a
    longer search, so at a fixed round count it plays hard's code)."""
    kinds = [
        (info.id, players, options)
        for info in registry.all()
        for players in range(info.min_players, info.max_players + 1)
        for options in option_sets(info.id)
    ]
    for index in range(games):
        game_id, players, options = kinds[index % len(kinds)]
        rng = Rng(f"soak/{seed}/{index}")
        if (index + index // len(kinds)) % 2 == 0:
            seats = ["random"] * players
        else:
            known = playable(game_id)  # every level a saved game may name
            quick = [level for level in known if level not in ("random", *SEARCHING)]
            searching = [level for level in SEARCHING if level in known]
            seats = [rng.choice(quick or ["random"]) for _ in range(players)]
            if searching and rng.random() < 0.1:
                seats[rng.randint(0, players - 1)] = rng.choice(searching)
        yield Job(game_id, players, tuple(sorted(options.items())), tuple(seats), f"{seed}/{index}")


# The kernel's fields a fingerprint takes apart: the cache of legal moves (worked out again
# on demand, never part of the game), and what is compared more cheaply than by pickling.
APART = frozenset({"_legal", "rng", "history", "setup_events"})


class _Held:
    """A ``fixed`` field a fingerprint holds by reference (it can never change, so holding
    it is a snapshot). Equal to another when the same value, or one that pickles the same."""

    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Held):
            return False
        if self.value is other.value:
            return True
        return pickle.dumps(self.value, 5) == pickle.dumps(other.value, 5)

    __hash__ = None  # type: ignore[assignment]


# Where a held field's value would be in the pickle (so which fields were held shows).
_HELD = "(held apart)"


def fingerprint(state: GameState) -> tuple[Any, ...]:
    """The whole state, as a refused move must leave it: every field of the game (pickled,
    so a change anywhere inside shows, hidden fields and the generator's state included;
    a tuple or row that can never change is held instead, ``_Held``), the history and the
    setup events; only the cache of legal moves is left out. Cheaper
    than the observation's JSON and stricter: the observation shows what a field means to
    a player, this shows any field that changed."""
    fields = vars(state)
    names = tuple(fields)  # a field added or taken away shows here
    plan = _PICKS.get((names, state.fixed_fields))
    if plan is None:
        # The state's fixed fields are held apart: while one holds a fixed tuple or row (a
        # score sheet), it is held, not pickled at every step.
        kept = [name for name in state.fixed_fields if name in fields and name not in APART]
        rest = [name for name in names if name not in APART and name not in kept]
        plan = _PICKS[names, state.fixed_fields] = (itemgetter(*rest, "players"), tuple(kept))
    pick, kept = plan
    loose = []
    held = []
    for name in kept:
        value = fields[name]
        if isinstance(value, _CONTAINERS) and fixed(value):
            held.append(_Held(value))
            value = _HELD
        loose.append(value)
    # Pickled without the memo (``fast``): a field shared twice is written twice, which
    # shows a change all the same, and a state that holds itself fails loudly. One pickler
    # and its buffer serve every call (a fingerprint is taken twice a step).
    _PICKLED.seek(0)
    _PICKLED.truncate()
    _PICKLER.dump((pick(fields), loose))
    return (
        list(state.history),
        list(state.setup_events),
        state.rng.seed,
        state.rng.getstate(),
        names,
        _PICKLED.getvalue(),
        held,
    )


# Per list of a state's field names and its fixed fields, what picks the fields a
# fingerprint pickles (``players`` once more at the end: never fewer than two, so always a
# tuple) and the fields it holds apart while fixed (``_Held``).
_PICKS: dict[tuple[tuple[str, ...], ...], tuple[itemgetter, tuple[str, ...]]] = {}
_PICKLED = io.BytesIO()
_PICKLER = pickle.Pickler(_PICKLED, 5)
_PICKLER.fast = True


CARDS = attrgetter("cards")  # a zone's cards


class Broken(AssertionError):
    """An invariant that failed; the message says which, and where."""


def new_window(window_id: int | None, last_window: list[int]) -> None:
    """A timed window that opened is a new one (its id never seen before)."""
    if window_id is not None and window_id != last_window[-1]:
        if window_id <= last_window[-1]:
            raise Broken(f"window id {window_id} is not new")
        last_window.append(window_id)


def check_action(state: GameState, deck: list[str], rng: Rng, last_window: list[int]) -> None:
    """Every invariant, after one action. ``deck``: every card of the game, sorted."""
    zones = state.zones()
    held = list(chain.from_iterable(map(CARDS, zones.values())))
    held.sort()
    if held != deck:
        raise Broken("cards not conserved (or a card duplicated)")
    new_window(getattr(state.window, "id", None), last_window)
    if state.is_over:
        return
    to_act = state.to_act
    if not to_act:
        raise Broken("a game that is not over has nobody to act")
    listed: dict[int, list[Action]] = {}  # the legal moves of each seat to act
    for seat in to_act:
        legal = listed[seat] = state.legal_actions(seat)
        if not legal:
            raise Broken(f"seat {seat} must act but has no legal move")
        action = rng.choice(legal)
        if state.check(seat, action.code) is not None:
            raise Broken(f"legal {action.code!r} fails check for seat {seat}")
    viewer = rng.randint(0, state.players - 1)
    world, world_zones = state.sample_hidden_zones(viewer, rng)
    seen = state.observation(viewer, zones)  # the zones made above: nothing moved since
    if world.observation(viewer, world_zones) != seen:
        raise Broken(f"seat {viewer}'s observation depends on cards it cannot see")
    write_json(seen, state.fixed_fields)
    before = fingerprint(state)
    seat = to_act[0]
    others = [s for s in range(state.players) if s not in to_act]
    tries = [(seat, rng.choice(JUNK)), (seat, rng.choice(JUNK))]
    if others:
        # Somebody not to act tries a move of the seat that is.
        tries.append((rng.choice(others), listed[seat][0].code))
    for who, code in tries:
        # Legal exactly when listed (the conformance test proves ``check`` agrees); the
        # listing is remembered, so ``apply`` below refuses without listing again.
        legal = listed.get(who)
        if legal is None:
            legal = listed[who] = state.legal_actions(who)
        for action in legal:
            if action.code == code:
                break  # legal after all (a slap anyone may make)
        else:
            refuse(state, who, code)
    if fingerprint(state) != before:
        raise Broken(f"one of the refused moves {tries} changed the state")


def refuse(state: GameState, who: int, code: str) -> None:
    """``code`` by seat ``who``, not a legal move, is refused with a reason."""
    try:
        state.apply(who, code)
    except IllegalAction as refused:
        if not refused.reason:
            raise Broken(f"{code!r} refused without a reason") from None
    else:
        raise Broken(f"{code!r} by seat {who} was applied although it is not a legal move")


def same_end(replayed: GameState, played: GameState) -> bool:
    """Whether two states are the same game at the same point: every field equal (the
    cache of legal moves aside), the generator's state included."""

    def fields(state: GameState) -> dict[str, Any]:
        own = {name: value for name, value in vars(state).items() if name not in APART}
        extra = {"rng": state.rng.getstate(), "setup_events": state.setup_events}
        return {**own, **extra, "history": state.history}

    return fields(replayed) == fields(played) and replayed.result == played.result


def soak_one(job: Job) -> dict[str, Any]:
    """Play one game and check it; ``{"ok": True, "actions": n}`` or the failure, with
    the processor time it took (what the soak costs, whatever else the machine runs)."""
    started = time.process_time()
    try:
        info = registry.get(job.game_id)
        options = dict(job.options)
        played = info.new_game(job.players, job.seed, options)
        bots = make_bots(job.game_id, job.seats, job.seed, rounds=SEARCH_ROUNDS)
        referee = Referee(played, bots, list(job.seats))
        referee.run()
        if not played.is_over:
            raise Broken("the game did not end")
        record = MatchRecord.from_json(referee.record().to_json())
        replayed = registry.new_from_record(record)
        check_proof(record, "deal", replayed)  # the record proves its deal (Drifted if not)
        deck = sorted(info.full_deck(job.players, options))
        rng = Rng(f"check/{job.seed}")
        last_window = [-1]
        check_action(replayed, deck, rng, last_window)
        for step, (seat, code) in enumerate(record.actions):
            try:
                registry.apply_recorded(replayed, seat, code)
                check_action(replayed, deck, rng, last_window)
            except (Broken, IllegalAction) as error:
                raise Broken(f"after action {step} ({seat}, {code!r}): {error}") from None
        if not same_end(replayed, played):
            raise Broken("the replay of the record does not reach the game's end")
        check_proof(record, "end", replayed)  # and where its last move left the game
        ranked = sorted(seat for place in played.result.ranking for seat in place)
        if ranked != list(range(job.players)):
            raise Broken(f"the result ranks {ranked}")
        cpu = time.process_time() - started
        return {"ok": True, "game": job.game_id, "actions": len(record.actions), "cpu": cpu}
    except Exception as error:
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()
        cpu = time.process_time() - started
        return {"ok": False, "game": job.game_id, "job": job.__dict__, "error": detail, "cpu": cpu}


def run(
    games: int,
    processes: int = 2,
    seed: str = "0",
    progress: bool = True,
    out: str | None = None,
    every: float = 60.0,
) -> dict[str, Any]:
    """Soak ``games`` games over ``processes`` processes; the summary. With ``out``, the
    summary so far is written there every ``every`` seconds (``"complete": false`` and the
    games done), so a run stopped early still leaves its figures."""
    from tqdm import tqdm

    tally = _Tally(games, processes, seed)
    work = jobs(seed, games)
    bar = tqdm(total=games, unit="game", disable=not progress, file=sys.stderr, smoothing=0.05)
    written = time.perf_counter()

    def count(outcome: dict[str, Any]) -> None:
        nonlocal written
        tally.add(outcome)
        bar.update()
        if out is not None and time.perf_counter() - written >= every:
            _write(out, tally.summary())
            written = time.perf_counter()

    if processes > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(processes) as pool:
            for outcome in pool.imap_unordered(soak_one, work, chunksize=8):
                count(outcome)
    else:
        for job in work:
            count(soak_one(job))
    bar.close()
    summary = tally.summary()
    if out is not None:
        _write(out, summary)
    return summary


class _Tally:
    """The outcomes so far, and the summary they make."""

    def __init__(self, games: int, processes: int, seed: str):
        self.games = games
        self.processes = processes
        self.seed = seed
        self.started = time.perf_counter()
        self.failures: list[dict[str, Any]] = []
        self.actions = 0
        self.per_game: Counter[str] = Counter()
        self.cpu: Counter[str] = Counter()

    def add(self, outcome: dict[str, Any]) -> None:
        self.per_game[outcome["game"]] += 1
        self.cpu[outcome["game"]] += outcome["cpu"]
        if outcome["ok"]:
            self.actions += outcome["actions"]
        else:
            self.failures.append(outcome)

    def summary(self) -> dict[str, Any]:
        seconds = time.perf_counter() - self.started
        done = sum(self.per_game.values())
        per_game, cpu = self.per_game, self.cpu
        return {
            "games": self.games,
            "complete": done == self.games,
            "games_done": done,
            "failures": len(self.failures),
            "failed": self.failures[:50],
            "actions_checked": self.actions,
            "processes": self.processes,
            "seed": self.seed,
            "seconds": round(seconds, 1),
            "games_per_second": round(done / seconds, 2) if seconds else None,
            "cpu_seconds": round(sum(cpu.values()), 1),
            "cpu_ms_per_game": {
                game: round(1000 * cpu[game] / per_game[game], 1) for game in sorted(per_game)
            },
            "per_game": dict(per_game),
        }


def _write(path: str, summary: dict[str, Any]) -> None:
    """The summary as JSON in ``path``, replaced whole (a reader never sees half of it)."""
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(summary, indent=1) + "\n")
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", default="0")
    parser.add_argument(
        "--out", help="also write the summary to this JSON file (and the one so far each minute)"
    )
    parser.add_argument("--progress", action="store_true", help="a progress bar even when piped")
    args = parser.parse_args(argv)
    progress = args.progress or sys.stderr.isatty()
    summary = run(args.games, args.jobs, args.seed, progress=progress, out=args.out)
    print(json.dumps(summary, indent=1))
    return 1 if summary["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
