"""The monkey: random mouse, key, gamepad and resize events fed to every scene and every
table of the app, through the app's own event loop, with the whole contract checked as it
goes.

Each run is a list of targets (every scene; every registered game's table with bots only,
with one human, and with several humans and their slap keys). Each target gets a fresh
app window on SDL's dummy driver and its share of the events: a burst of one to four
synthetic pygame events (motion, presses, releases and drags of every mouse button; keys
with slap keys, Enter, Escape, arrows, F11, letters and Ctrl+A; typed and pasted text
with hostile characters; gamepad buttons of made-up pads, pads added and removed; resizes
from 1x1 to 2600x1600, some with the window already shrunk behind the app's back), then
one frame. After every frame:

- nothing raised, and the scene stack is sane (a scene on top while the app runs, no
  scene twice, at most one table and one results screen);
- a table's match still holds every card of the game exactly once
  (``state.card_counts()`` against the game's full deck);

and at the end of each table (and every ``REPLAY_EVERY`` frames) the match record replays
from its seed (``registry.replay``): every action in it, a human's included, was legal
when it was made. The events come from the monkey's own ``random.Random(seed)``; the
games keep their own seeded generators. Not for: speed (frames are not timed here).

Usage (from the project's root):
    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=. .venv/bin/python \
        tests/harness/monkey.py --events 200000 [--seed S]

Prints one JSON summary (events, frames, targets, games finished, seconds) and a progress
bar on stderr; exit 1 with the failing target, seed and traceback at the first failure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from cardtable import storage
from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import levels, make_bot
from cardtable.ui.app import App
from cardtable.ui.launch import Launch, record_problem
from cardtable.ui.scenes.base import Scene
from cardtable.ui.scenes.game_choice import GameChoiceScene
from cardtable.ui.scenes.replays import ReplaysScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.resume import ResumeScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.statistics import StatisticsScene
from cardtable.ui.slap import key_code, keys_for
from cardtable.ui.tables import TableScene

REPLAY_EVERY = 200  # frames between replays of a table's record
SIZES = [(1, 1), (120, 60), (300, 130), (640, 400), (800, 600), (1280, 720), (2600, 1600)]
HOSTILE_TEXT = ["\x00", "\ud800", "\u200b\u200d", "A\x00b", "é", "\u202e evil", "x" * 40, " "]
KEYS = [
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_ESCAPE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_F11,
    pygame.K_F1,
    *range(pygame.K_a, pygame.K_z + 1),
    *range(pygame.K_0, pygame.K_9 + 1),
]


class MonkeyFailure(AssertionError):
    """A broken contract, with what reproduces it."""


@dataclass
class Target:
    """One thing the monkey plays with: a scene, or a table with these seats."""

    name: str
    open: Callable[[App], None]
    launch: Launch | None = None


@dataclass
class Tally:
    events: int = 0
    frames: int = 0
    targets: int = 0
    games_finished: int = 0
    replays: int = 0
    per_target: dict[str, int] = field(default_factory=dict)


def finished_result(game_id: str, players: int) -> dict:
    """A real result of ``game_id`` (random bots, seed 1) for the results screen."""
    info = registry.get(game_id)
    level = "random" if "random" in levels(game_id) else levels(game_id)[0]
    bots = [make_bot(game_id, level, Rng(f"monkey/{seat}")) for seat in range(players)]
    referee = Referee(info.new_game(players, 1), bots, seat_kinds=[level] * players)
    referee.run()
    return referee.result.to_dict()


def scene_targets() -> list[Target]:
    """Every scene in ``cardtable/ui/scenes``, opened the way the app opens it."""
    first = registry.all()[0]
    launch = Launch(first.id, first.min_players, ("human",) * first.min_players, seed=1)

    def results(app: App) -> None:
        app.show_title()
        names = [app.name_of(seat) for seat in range(launch.players)]
        result = finished_result(launch.game_id, launch.players)
        app.manager.push(ResultsScene(app, launch, names, result, first.title))

    def privacy(app: App) -> None:
        app.open_table(launch)
        app.cover_table("Bo", lambda: None)

    def push(make: Callable[[App], Scene]) -> Callable[[App], None]:
        def opened(app: App) -> None:
            app.show_title()
            app.manager.push(make(app))

        return opened

    def kept(app: App) -> list:
        """Three games in progress and three finished records kept in the home (what the
        resume list, the replays and the statistics read); the games in progress."""
        for index, info in enumerate(registry.all()[:3]):
            players = max(2, info.min_players)
            level = "random" if "random" in levels(info.id) else levels(info.id)[0]
            bots = [make_bot(info.id, level, Rng(f"kept/{seat}")) for seat in range(players)]
            referee = Referee(info.new_game(players, index), bots, seat_kinds=[level] * players)
            referee.advance(0.0, max_steps=8)
            record = referee.record()
            record.seats[0] = "human"
            names = [app.name_of(seat) for seat in range(players)]
            storage.save_progress(storage.Progress(record, names, 0, f"monkey-{index}"))
            referee.run()
            storage.save_match(referee.record(), f"monkey-{index}")
            storage.record_result(info.id, ["human"] + [level] * (players - 1), referee.result)
        return storage.list_progress(record_problem)[0]

    targets = [
        Target("title", lambda app: app.show_title()),
        Target(
            "resume list",
            lambda app: (app.show_title(), app.manager.push(ResumeScene(app, kept(app)))),
        ),
        Target("replays", lambda app: (kept(app), push(ReplaysScene)(app))),
        Target("statistics", lambda app: (kept(app), push(StatisticsScene)(app))),
        Target("game choice", push(GameChoiceScene)),
        Target("settings", lambda app: (app.show_title(), app.open_settings())),
        Target("results", results),
        Target("privacy", privacy),
    ]
    for info in registry.all():
        targets.append(Target(f"setup {info.id}", push(lambda app, i=info: SetupScene(app, i))))
        targets.append(
            Target(f"rules {info.id}", lambda app, i=info: (app.show_title(), app.open_rules(i)))
        )
    return targets


def table_targets(seed: int) -> list[Target]:
    """Every registered game's table: bots only, one human, and several humans."""
    targets = []
    for info in registry.all():
        level = "random" if "random" in levels(info.id) else levels(info.id)[0]
        players = min(info.max_players, max(info.min_players, 3))
        seatings = {
            "bots only": (level,) * players,
            "one human": ("human",) + (level,) * (players - 1),
            "humans": ("human",) * (players - 1) + (level,),
        }
        for label, seats in seatings.items():
            launch = Launch(info.id, players, seats, seed=seed)
            targets.append(
                Target(
                    f"table {info.id} {label}", lambda app, la=launch: app.open_table(la), launch
                )
            )
    return targets


def all_targets(seed: int) -> list[Target]:
    return scene_targets() + table_targets(seed)


class Monkey:
    """Random input for one app, from the monkey's own generator."""

    def __init__(self, app: App, rng: random.Random) -> None:
        self.app = app
        self.rng = rng
        self.held: int | None = None  # the mouse button down, for drags

    def slap_keys(self) -> list[int]:
        humans = range(8)
        return [
            key_code(name) for name in keys_for(humans, self.app.settings.slap_bindings).values()
        ]

    def position(self) -> tuple[int, int]:
        width, height = self.app.size
        return (self.rng.randrange(-20, width + 20), self.rng.randrange(-20, height + 20))

    def events(self) -> Iterator[pygame.event.Event]:
        rng = self.rng
        kind = rng.choices(
            ["motion", "button", "key", "text", "pad", "resize"], weights=[30, 30, 25, 5, 6, 4]
        )[0]
        if kind == "motion":
            buttons = (1, 0, 0) if self.held == 1 else (0, 0, 0)
            yield pygame.event.Event(
                pygame.MOUSEMOTION, pos=self.position(), rel=(0, 0), buttons=buttons
            )
        elif kind == "button":
            if self.held is None:
                self.held = rng.choice([1, 1, 1, 2, 3, 4, 5])
                yield pygame.event.Event(
                    pygame.MOUSEBUTTONDOWN, pos=self.position(), button=self.held
                )
            else:
                yield pygame.event.Event(
                    pygame.MOUSEBUTTONUP, pos=self.position(), button=self.held
                )
                self.held = None
            if rng.random() < 0.1:
                yield pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]))
        elif kind == "key":
            code = rng.choice(KEYS + self.slap_keys() * 6)
            mod = pygame.KMOD_CTRL if code == pygame.K_a and rng.random() < 0.5 else 0
            name = pygame.key.name(code)
            unicode = name if len(name) == 1 else ""
            yield pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode)
            yield pygame.event.Event(pygame.KEYUP, key=code, mod=mod)
            if unicode and not mod:
                yield pygame.event.Event(pygame.TEXTINPUT, text=unicode)
        elif kind == "text":
            yield pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(HOSTILE_TEXT))
        elif kind == "pad":
            which = rng.random()
            if which < 0.7:
                button = rng.randrange(0, 16)
                pad = rng.randrange(-1, 6)
                yield pygame.event.Event(
                    pygame.JOYBUTTONDOWN, instance_id=pad, button=button, joy=pad
                )
                yield pygame.event.Event(
                    pygame.JOYBUTTONUP, instance_id=pad, button=button, joy=pad
                )
            elif which < 0.85:
                yield pygame.event.Event(pygame.JOYDEVICEADDED, device_index=rng.randrange(0, 4))
            else:
                yield pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=rng.randrange(-1, 6))
        else:
            width, height = rng.choice(SIZES)
            if rng.random() < 0.3:
                # The window shrunk behind the app's back (a window manager that ignores
                # the minimum size, in a window or full screen): the app takes it back up.
                pygame.display.set_mode((width, height), pygame.RESIZABLE)
            yield pygame.event.Event(pygame.VIDEORESIZE, w=width, h=height, size=(width, height))


def check_stack(app: App, where: str) -> None:
    stack = app.manager.stack
    if app.running and not stack:
        raise MonkeyFailure(f"{where}: the app runs with no scene")
    if len({id(scene) for scene in stack}) != len(stack):
        raise MonkeyFailure(f"{where}: a scene is on the stack twice")
    if not all(isinstance(scene, Scene) for scene in stack):
        raise MonkeyFailure(f"{where}: the stack holds {stack!r}")
    if sum(isinstance(scene, TableScene) for scene in stack) > 1:
        raise MonkeyFailure(f"{where}: two tables on the stack")
    if sum(isinstance(scene, ResultsScene) for scene in stack) > 1:
        raise MonkeyFailure(f"{where}: two results screens on the stack")


def check_table(table: TableScene, deck: Counter[str], where: str, replay: bool) -> None:
    match = table.match
    counts = match.state.card_counts()
    if counts != deck:
        raise MonkeyFailure(f"{where}: cards not conserved ({counts - deck} / {deck - counts})")
    if replay:
        record = match.referee.record()
        replayed = registry.replay(record)  # IllegalAction: a move applied out of turn
        if replayed.card_counts() != deck:
            raise MonkeyFailure(f"{where}: the replayed record does not conserve cards")


def tables_on(app: App) -> list[TableScene]:
    return [scene for scene in app.manager.stack if isinstance(scene, TableScene)]


def run_target(target: Target, events: int, seed: int, tally: Tally, progress=None) -> None:
    """Feed ``events`` random events to a fresh app showing ``target``."""
    rng = random.Random(f"{seed}/{target.name}")
    app = App((1280, 720))
    app.fixed_dt = 0.05
    app.settings.animation_speed = 4.0
    seen: dict[int, tuple[TableScene, Counter[str]]] = {}
    where = f"{target.name} (seed {seed})"
    try:
        target.open(app)
        monkey = Monkey(app, rng)
        done = counted = 0
        frame = 0
        while done < events:
            if not app.running or app.manager.top is None:
                app.running = True
                target.open(app)  # quit or backed out of everything: start again
            for _ in range(rng.randint(1, 4)):
                for event in monkey.events():
                    pygame.event.post(event)
                    done += 1
            try:
                app.step()
            except Exception as error:
                raise MonkeyFailure(
                    f"{where}, frame {frame + 1}, window {app.size}: "
                    f"{type(error).__name__}: {error}"
                ) from error
            frame += 1
            check_stack(app, f"{where}, frame {frame}")
            for table in tables_on(app):
                if id(table) not in seen:
                    launch = table.launch
                    info = registry.get(launch.game_id)
                    seen[id(table)] = (
                        table,
                        Counter(info.full_deck(launch.players, launch.options)),
                    )
            for table, deck in seen.values():
                check_table(table, deck, f"{where}, frame {frame}", frame % REPLAY_EVERY == 0)
            if progress is not None:
                progress.update(done - counted)
            counted = done
        for table, deck in seen.values():
            check_table(table, deck, f"{where}, end", replay=True)
            tally.replays += 1
            tally.games_finished += int(table.match.referee.is_over)
        tally.events += done
        tally.frames += frame
        tally.targets += 1
        tally.per_target[target.name] = done
    finally:
        app.close()


def run(events: int, seed: int, progress: bool = False) -> Tally:
    """Share ``events`` out over every target and run them all; the first failure raises."""
    targets = all_targets(seed)
    share = max(1, events // len(targets))
    tally = Tally()
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=share * len(targets), unit="event", file=sys.stderr)
    try:
        for target in targets:
            run_target(target, share, seed, tally, bar)
    finally:
        if bar is not None:
            bar.close()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        tally = run(args.events, args.seed, progress=True)
    except Exception as error:
        import traceback

        traceback.print_exc()
        print(f"monkey failed (seed {args.seed}): {error}", file=sys.stderr)
        return 1
    summary = {
        "events": tally.events,
        "frames": tally.frames,
        "targets": tally.targets,
        "tables_replayed": tally.replays,
        "games_finished": tally.games_finished,
        "seed": args.seed,
        "seconds": round(time.perf_counter() - started, 1),
        "failures": 0,
    }
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
