"""Fingerprints of seeded games: what proves a faster engine plays the very same games.

For every registered game that has recorded fingerprints, at every player count and a few
seeds, a random play-through (its own seeded chooser; timed windows closed or their
deadlines passed at random) is hashed: the setup events, every move with its events, the
acting seat's observation at each step, copies played on ahead and worlds sampled for a
seat. Bot matches through the referee (every level, hard included) are hashed by their
record and result. ``tests/engine/test_seeded_games.py`` compares the hashes with
``seeded_games.json``, which was written by the code before the engine was made faster.

Not a test itself. Rewrite the data (only when the games are meant to change) with
``python -m tests.engine.seeded_games`` from the root of the checkout whose games are to
be recorded (its ``cardtable`` is the one imported). MEAN!'s were recorded again from main
at 5c00def (the engine before the speed work, with the result's new ``cards_left``), and
again when its sampled worlds began to agree with what their seat has seen of the other
hands (``cardtable.engine.knowledge``): the play-throughs' moves and observations did
not change, only the worlds hashed with them and the hard seat's play in the bot games.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import make_bots, playable

DATA = Path(__file__).with_name("seeded_games.json")
SEEDS = range(3)
BOT_SEEDS = range(2)
MAX_STEPS = 2_500


class Fingerprint:
    """A running hash of everything fed to it, as sorted JSON."""

    def __init__(self) -> None:
        self.hash = hashlib.sha256()

    def feed(self, item) -> None:
        self.hash.update(json.dumps(item, sort_keys=True, default=str).encode())
        self.hash.update(b"\n")

    def events(self, events) -> None:
        self.feed([event.to_dict() for event in events])

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


def random_game(game_id: str, players: int, seed: int) -> str:
    """The fingerprint of one random play-through."""
    state = registry.get(game_id).new_game(players, seed)
    rng = Rng(f"fingerprint/{game_id}/{players}/{seed}")
    print_ = Fingerprint()
    print_.events(state.setup_events)
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        random_step(state, rng, print_)
        steps += 1
        if state.is_over:
            break
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
    print_.feed(state.history)
    print_.feed(None if state.result is None else state.result.to_dict())
    return print_.hexdigest()


def bot_game(game_id: str, seed: int) -> str:
    """The fingerprint of a match between the game's bot levels, driven by the referee."""
    info = registry.get(game_id)
    players = min(4, info.max_players)
    # Every level the game has, bar expert (hard with a longer search: its own tests pin
    # it), whether offered or not: what a game offers does not change these games.
    played = [level for level in playable(game_id) if level != "expert"]
    seats = [played[(seat + seed) % len(played)] for seat in range(players)]
    state = info.new_game(players, f"bots/{seed}")
    referee = Referee(state, make_bots(game_id, seats, f"bots/{seed}"), seats)
    referee.run()
    print_ = Fingerprint()
    print_.feed(referee.record().actions)
    print_.feed(None if state.result is None else state.result.to_dict())
    return print_.hexdigest()


def fingerprints(game_id: str) -> dict[str, str]:
    info = registry.get(game_id)
    found = {}
    for players in range(info.min_players, info.max_players + 1):
        for seed in SEEDS:
            found[f"random/{players}/{seed}"] = random_game(game_id, players, seed)
    for seed in BOT_SEEDS:
        found[f"bots/{seed}"] = bot_game(game_id, seed)
    return found


def main() -> None:
    data = {game_id: fingerprints(game_id) for game_id in ("mean", "hit-the-deck", "what-the-heck")}
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
