"""The golden games: seeded games recorded move by move, which every change must play again
the same unless it means to change them.

Two kinds, both in ``golden_games.json``:

- **play-throughs**: for MEAN!, Hit the Deck and What the Heck?, at every player count and
  three seeds, a random play-through (its own seeded chooser; timed windows closed or
  their deadlines passed at random). Recorded: every move, and per move a mark (a short
  hash) of all it showed: its events, the acting seat's observation and legal moves after
  it, copies played on ahead and worlds sampled for a seat; and the fingerprint of the
  whole game (the hash the engine's speed work was first proved by).
- **matches**: bots through the referee, at the levels and seed given: every move (windows
  included) and the result. The two "bots" matches of each game seat every level bar
  expert (hard with a longer search: its own tests pin it); the others are the matches the
  old headless driver played (``strategy/driver.py``, gone since the referee replaced it).

``tests/golden/test_golden_games.py`` plays each again and says which game first differs,
at which move, and how. Record them again (only when the games are meant to change) with::

    python -m tests.golden.golden_games

from the root of the checkout whose games are to be recorded (its ``cardtable`` is the one
imported); it says what changed, game by game, as the test does.

What changed them before, kept from the two suites this one joins: the play-throughs were
written by the code before the engine was made faster; MEAN!'s again from main at 5c00def
(the engine before the speed work, with the result's new ``cards_left``), and again when
its sampled worlds began to agree with what their seat has seen of the other hands
(``cardtable.engine.knowledge``): the moves and observations did not change, only the
worlds hashed with them and the hard seat's play in the bot matches. The old driver's
matches were played at commit ba804a8; Hit the Deck's recorded again after a rule fix (a
Cut or Flip of any colour may follow a Hand card, issue 11), those with a random seat
after its random bot stopped faking out as often as it plays (issue 14), all of them when
every level's slap delay came to be drawn from its reaction profile (issue 15), and those
with a hard seat when hard came to hit its own Hand card at once, stopped hurrying to play
its Hand cards and came to choose its cards by the one search (issue 15). What the Heck?'s
with a hard seat when hard came to bid by the round's equilibrium, and MEAN!'s with a hard
seat when its worlds came to agree with what it has seen and it came to read the others
from their pile takes, and when it came to search from the first turn (issue 15; the
rules unchanged each time).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import make_bots, playable

DATA = Path(__file__).with_name("golden_games.json")
PLAY_THROUGH_GAMES = ("mean", "hit-the-deck", "what-the-heck")
SEEDS = range(3)
BOT_SEEDS = range(2)
MAX_STEPS = 2_500
MARK = 6  # hex digits of each move's mark

# The old driver's matches: (game, seats, seed).
DRIVER_MATCHES: list[tuple[str, str, int]] = [
    (game_id, seats, seed)
    for game_id, seatings in (
        ("mean", ("hard,medium,easy,random", "random,easy", "medium,easy,hard,random,medium,easy")),
        (
            "hit-the-deck",
            (
                "hard,medium,easy,random",
                "easy,easy,easy",
                "random,easy,medium,hard,easy,easy",
                "easy,hard",
            ),
        ),
        (
            "what-the-heck",
            ("hard,medium,easy,random", "random,easy,medium", "easy,easy,random,medium,hard"),
        ),
    )
    for seats in seatings
    for seed in range(3)
]


class Fingerprint:
    """A running hash of everything fed to it, as sorted JSON, and a mark per move: the
    hash of what was fed since the last ``mark``."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.step = hashlib.sha256()
        self.marks: list[str] = []

    def feed(self, item: Any) -> None:
        line = json.dumps(item, sort_keys=True, default=str).encode() + b"\n"
        self.hash.update(line)
        self.step.update(line)

    def events(self, events) -> None:
        self.feed([event.to_dict() for event in events])

    def mark(self) -> None:
        self.marks.append(self.step.hexdigest()[:MARK])
        self.step = hashlib.sha256()

    def hexdigest(self) -> str:
        return self.hash.hexdigest()[:24]


def random_step(state, rng: Rng, print_: Fingerprint | None = None) -> None:
    """One random step: a window's close or deadline now and then, else a random legal move
    of a random seat to act (moves other seats may make too, a fake-out slap, mostly not:
    they stall a game)."""
    window = state.window
    if window is not None and rng.random() < 0.15:
        if window.deadlines and rng.random() < 0.5:
            name = window.deadlines[0][0]
            events, step = state.time_up(name), (-1, name)
        else:
            events, step = state.close_window(), (-1, "close")
    else:
        seat = rng.choice(state.to_act)
        legal = state.legal_actions(seat)
        idle = [s for s in range(state.players) if s not in state.to_act]
        if idle and len(legal) > 1 and rng.random() < 0.9:
            shared = {action.code for action in state.legal_actions(idle[0])}
            legal = [action for action in legal if action.code not in shared] or legal
        action = rng.choice(legal)
        events, step = state.apply(seat, action), (seat, action.code)
    if print_ is not None:
        print_.feed(step)
        print_.events(events)


def move_text(step: tuple[int, str] | list) -> str:
    """A history step as the data keeps it: the seat (-1 for a window's close or deadline)
    and the code."""
    seat, code = step
    return f"{seat} {code}"


def play_through(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """One random play-through: its moves, a mark per move (the setup's first) and the
    fingerprint of the whole."""
    state = registry.get(game_id).new_game(players, seed)
    rng = Rng(f"fingerprint/{game_id}/{players}/{seed}")
    print_ = Fingerprint()
    print_.events(state.setup_events)
    print_.mark()
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        random_step(state, rng, print_)
        steps += 1
        if not state.is_over:
            viewer = state.to_act[0]
            print_.feed(state.observation(viewer))
            print_.feed([action.code for action in state.legal_actions(viewer)])
            if steps % 11 == 0:
                twin = state.copy()
                twin_rng = rng.spawn(steps)
                for _ in range(5):
                    if twin.is_over:
                        break
                    random_step(twin, twin_rng, print_)
                print_.feed(twin.observation(None))
            if steps % 17 == 0:
                world = state.sample_hidden(viewer, rng.spawn(f"world/{steps}"))
                print_.feed(sorted((name, zone.cards) for name, zone in world.zones().items()))
        print_.mark()
    print_.feed(state.history)
    print_.feed(None if state.result is None else state.result.to_dict())
    return {
        "moves": [move_text(step) for step in state.history],
        "marks": "".join(print_.marks),
        "fingerprint": print_.hexdigest(),
    }


def match(game_id: str, seats: list[str], seed: int | str) -> dict[str, Any]:
    """A match between bots at ``seats``' levels through the referee: its moves and result."""
    state = registry.get(game_id).new_game(len(seats), seed)
    Referee(state, make_bots(game_id, seats, seed), seats).run()
    assert state.result is not None, f"{game_id} {seats} seed {seed!r} did not end"
    return {
        "moves": [move_text(step) for step in state.history],
        "result": state.result.to_dict(),
    }


@dataclass(frozen=True)
class Golden:
    """One golden game: its name in the data, and how to play it."""

    name: str
    game_id: str
    players: int = 0  # a play-through's
    seed: int | str = 0
    seats: tuple[str, ...] = ()  # a match's

    def play(self) -> dict[str, Any]:
        if self.seats:
            return match(self.game_id, list(self.seats), self.seed)
        assert type(self.seed) is int
        return play_through(self.game_id, self.players, self.seed)


def goldens() -> list[Golden]:
    """Every golden game, play-throughs first."""
    found = []
    for game_id in PLAY_THROUGH_GAMES:
        info = registry.get(game_id)
        for players in range(info.min_players, info.max_players + 1):
            for seed in SEEDS:
                name = f"{game_id} random/{players}/{seed}"
                found.append(Golden(name, game_id, players=players, seed=seed))
    for game_id in PLAY_THROUGH_GAMES:
        players = min(4, registry.get(game_id).max_players)
        levels = [level for level in playable(game_id) if level != "expert"]
        for seed in BOT_SEEDS:
            seats = tuple(levels[(seat + seed) % len(levels)] for seat in range(players))
            name = f"{game_id} bots/{seed}"
            found.append(Golden(name, game_id, seed=f"bots/{seed}", seats=seats))
    for game_id, seats, seed in DRIVER_MATCHES:
        name = f"{game_id} {seats} seed {seed}"
        found.append(Golden(name, game_id, seed=seed, seats=tuple(seats.split(","))))
    return found


def first_difference(name: str, recorded: dict[str, Any], played: dict[str, Any]) -> str | None:
    """Where ``played`` first parts from ``recorded``, in a sentence naming the game and the
    move; None when they are the same game."""
    old, new = recorded["moves"], played["moves"]
    for index, (was, now) in enumerate(zip(old, new, strict=False)):
        if was != now:
            return (
                f"{name}: move {index + 1} differs: recorded '{was}', played '{now}' "
                f"(the {index} before it are the same)"
            )
    if len(old) != len(new):
        return (
            f"{name}: the game ran {len(new)} moves where the recording has {len(old)} "
            f"(the first {min(len(old), len(new))} are the same)"
        )
    old_marks, new_marks = recorded.get("marks", ""), played.get("marks", "")
    for index in range(0, max(len(old_marks), len(new_marks)), MARK):
        if old_marks[index : index + MARK] != new_marks[index : index + MARK]:
            step = index // MARK
            if step == 0:
                return f"{name}: the deal differs (the setup's events)"
            return (
                f"{name}: move {step} ('{old[step - 1]}') is the same move, but what it showed "
                "differs: its events, the observation or legal moves after it, or a copy "
                "played on or a world sampled there"
            )
    for key in ("result", "fingerprint"):
        if recorded.get(key) != played.get(key):
            return (
                f"{name}: the same moves, but the {key} differs: recorded "
                f"{recorded.get(key)}, played {played.get(key)}"
            )
    return None


def load() -> dict[str, dict[str, Any]]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def write(data: dict[str, dict[str, Any]]) -> None:
    """The data with each game's moves on one line (the file stays a few hundred lines)."""
    lines = ["{"]
    for number, (name, game) in enumerate(data.items()):
        fields = [f"  {json.dumps(key)}: {json.dumps(value)}" for key, value in game.items()]
        comma = "," if number < len(data) - 1 else ""
        lines.append(f" {json.dumps(name)}: {{\n" + ",\n".join(fields) + f"\n }}{comma}")
    lines.append("}")
    DATA.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    recorded = load() if DATA.exists() else {}
    data = {}
    for golden in goldens():
        data[golden.name] = played = golden.play()
        if golden.name not in recorded:
            print(f"{golden.name}: new")
        else:
            change = first_difference(golden.name, recorded[golden.name], played)
            if change is not None:
                print(change)
    for name in recorded.keys() - data.keys():
        print(f"{name}: no longer played")
    write(data)
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
