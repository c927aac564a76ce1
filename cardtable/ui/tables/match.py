"""The match behind a local table: who plays each seat, the host that runs the game on
the still clock, the door the table reaches it through, keeping the game in progress, and
the result with the match record kept.

The table never touches the referee: it reads and acts through ``door`` (a
``cardtable.play.LocalDoor`` holding this screen's human seats), with the same messages a
table on another computer would get over the network (``cardtable.play.protocol``). The
host's referee (``cardtable.play``) asks the bots, opens and closes timed windows, fires
deadlines and out-of-turn moves on the clock the table advances only while it is still,
so a window's time starts when the table is still. In the app the bots think in the app's
pool of processes (the drawing never waits on a search) for as long as their level's think
budget; on the virtual clock of tests they think on a thread with a fixed number of
roll-outs, so a seed gives one game.
Not for drawing, input or who sees which hand (the table and its parts).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable import storage
from cardtable.engine import Action, Event, MatchRecord, Rng
from cardtable.games import registry
from cardtable.play import LocalDoor, MatchHost, Referee
from cardtable.play.undo import step
from cardtable.strategy import HINT_LEVEL, Bot, levels, make_bot
from cardtable.strategy.base import SeatView, view_for

from ..launch import REMOTE, Launch
from .saver import Saver

#: True: every message through the table's door goes through JSON and the protocol's
#: schema both ways, as across a network (tests prove a table needs nothing more).
WIRE = False

if TYPE_CHECKING:
    from cardtable.net.hosting import Hosting

#: Seconds the match waits, by default, after a move that gives a local human an
#: out-of-turn move (a table may say otherwise: ``TableScene.out_of_turn_pause``).
OUT_OF_TURN_PAUSE = 3.0
NETWORK_POLL = 0.03  # seconds between looks at the network while waiting


@dataclass
class SeatController:
    """Who plays a seat: a local human (``bot`` None) or a bot of ``kind`` level."""

    seat: int
    kind: str
    name: str
    bot: Bot | None = None

    @property
    def human(self) -> bool:
        """A person plays it, here or on another computer."""
        return self.bot is None and self.kind in ("human", REMOTE)


def host_name(name: str) -> str:
    """The host's name as the network lists its table ("You" or "Player 1" names nobody
    there: a name typed in the settings does)."""
    stock = name in ("", "You") or re.fullmatch(r"Player \d+", name) is not None
    return "A Card Table host" if stock else name


class Match:
    """The seats, the host and the door of one game at a local table.

    ``names`` are the seats' names; ``real_time`` says the app's clock runs (else a test's
    virtual one: bots think a fixed number of rounds on a thread); ``pool`` gives the app's
    process pool for bots that think in real time; ``out_of_turn_pause`` is what the table
    waits for its humans' chances out of turn.
    """

    def __init__(
        self,
        launch: Launch,
        names: list[str],
        real_time: bool,
        pool: Callable[[], Executor],
        out_of_turn_pause: float,
        saver: Saver | None = None,
    ) -> None:
        self.launch = launch
        self.info = registry.get(launch.game_id)
        self.real_time = real_time
        self.out_of_turn_pause = out_of_turn_pause
        self.seats: list[SeatController] = []
        for seat, kind in enumerate(launch.seats):
            kind = "random" if launch.watch and kind == "human" else kind
            bot = None
            if kind not in ("human", REMOTE):
                rng = Rng(f"bot/{launch.seed}/{seat}/{kind}")
                bot = make_bot(self.info.id, kind, rng, timed=real_time)
            self.seats.append(SeatController(seat, kind, names[seat], bot))
        # A replay has no one to play for: the table watches it as a spectator.
        self.humans = [] if launch.replay else [c.seat for c in self.seats if c.kind == "human"]
        # Seats played from other computers (the table is hosted: ``hosting``).
        self.remote = [] if launch.replay else [c.seat for c in self.seats if c.kind == REMOTE]
        self.thread = (
            None if real_time else ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        )
        self.executor: Executor = self.thread or pool()
        self.now = 0.0  # the still clock: runs only while the table is still
        self.saver = saver if saver is not None else Saver()
        names = [c.name for c in self.seats]
        referee = self.referee_for(() if launch.replay else launch.actions)
        # A hosted table answers the clock questions of other computers on its own clock:
        # their presses are judged with this table's on one time line (issue 31).
        self.wall: Callable[[], float] | None = time.monotonic if self.remote else None
        handicaps = {seat: launch.race_handicap for seat in self.remote}
        self.host = MatchHost(
            referee, names, list(launch.seats), lambda: self.now, self.wall, handicaps
        )
        viewer = self.humans[0] if len(self.humans) == 1 else None
        self.door = LocalDoor(self.host, tuple(self.humans), viewer, wire=WIRE).open()
        self.finished = False
        self.saved_record = None
        # The key its game in progress is kept under: one per game started, so another
        # game (here or in another copy of the app) neither replaces nor clears it.
        self.key = launch.key or storage.new_key(self.info.id)
        # Marked open here while the table is, so no other copy of the app opens it too.
        self.held = None if launch.replay or not self.humans else storage.hold_game(self.key)
        self.clock: Callable[[], float] = lambda: self.now  # what the table's client counts on
        self.hosting: Hosting | None = None
        self.problem: str | None = None  # why the table could not be opened to the network
        self._hints: list[tuple[Any, Callable[[str], None]]] = []
        if self.remote:
            self.open_to_network(names)

    # -- a table hosted for players on other computers --------------------------------------

    @property
    def network(self) -> bool:
        """Are some seats played from other computers (here or as a joiner)?"""
        return bool(self.remote)

    def open_to_network(self, names: list[str]) -> None:
        from cardtable.net import keep
        from cardtable.net.hosting import Hosting

        again = keep.hosting() if self.launch.actions else None
        host = self.host
        host.adviser = self.advise
        try:
            self.hosting = Hosting(
                host,
                self.remote,
                lambda: self.now,
                wait=self.launch.away_wait,
                title=self.info.id,
                name=host_name(names[self.humans[0]] if self.humans else ""),
                again=again,
            )
        except OSError as error:
            self.problem = f"The table could not be opened to the network ({error})."

    def advise(self, seat: int, answer: Callable[[str], None]) -> bool:
        """A remote player's hint: thought of off the frame, from that seat's view."""
        if HINT_LEVEL not in levels(self.info.id):
            return False
        rng = Rng(f"hint/{self.launch.seed}/{seat}/{len(self.state.history)}")
        bot = make_bot(self.info.id, HINT_LEVEL, rng, timed=self.real_time)
        self._hints.append((self.executor.submit(bot.choose, self.seat_view(seat)), answer))
        return True

    def _answer_hints(self) -> None:
        for future, answer in [entry for entry in self._hints if entry[0].done()]:
            self._hints.remove((future, answer))
            if future.exception() is None:
                action = future.result()
                answer(getattr(action, "code", str(action)))

    @property
    def referee(self) -> Referee:
        """The match's referee, for the match itself and tests: a table uses ``door``."""
        return self.host.referee

    @property
    def state(self):
        return self.referee.state

    def restart(self, actions) -> None:
        """The match as it stood after ``actions`` (an undo, a replay's step back): a
        referee for it, and every door told the match anew."""
        self.host.referee = self.referee_for(actions)
        self.retell()

    def referee_for(self, actions) -> Referee:
        """A referee for the match after ``actions``: the record replayed from the seed
        (a resumed game, an undo, a replay's step back)."""
        state = registry.replay(self.launch.record(actions))
        return Referee(
            state,
            [c.bot for c in self.seats],
            seat_kinds=list(self.launch.seats),
            deck=None if self.launch.deck is None else list(self.launch.deck),
            executor=self.executor,
            pace=True,
            out_of_turn_pause=self.out_of_turn_pause if self.humans else 0.0,
        )

    def retell(self) -> None:
        """Tell every door the match anew, as it stands (after a restart; a test that
        changed the state by hand)."""
        for endpoint in list(self.host.endpoints):
            self.host.greet(endpoint)

    # -- the clock and the moves ------------------------------------------------------------

    def advance(self, dt: float) -> None:
        """The still clock runs ``dt`` on: what falls due reaches the door."""
        if self.launch.replay:
            return  # a replay moves only by its controls
        self.now += dt
        self.serve()
        self.host.advance(self.now)

    def serve(self) -> None:
        """What the players on other computers sent: joins, moves, hints asked. Every
        frame, whatever is on top (a menu, the rules), so a player can join meanwhile."""
        if self.hosting is not None:
            self.hosting.pump()
            self._answer_hints()

    def next_due(self) -> float | None:
        """Seconds until the referee next has work (None: it waits for a human)."""
        due = self.referee.next_due()
        due = None if due is None else max(0.0, due - self.now)
        if self.hosting is not None:  # the players on other computers may move any time
            due = NETWORK_POLL if due is None else min(due, NETWORK_POLL)
        return due

    def replay_step(self, seat: int, code: str) -> None:
        """A replay's next recorded action, told through the door like a live move."""
        host = self.host
        host.broadcast(step(host.referee.state, seat, code), by=None)

    def seat_view(self, seat: int) -> SeatView:
        """What a bot at ``seat`` would see now, on a copy (a hint's search)."""
        return view_for(self.referee.state.copy(), seat)

    def preview(self, seat: int, code: str) -> list[Event]:
        """What ``seat``'s move ``code`` would do, on a copy of the game, as that seat
        would see it (a hint says it in words); ``IllegalAction`` if it is refused."""
        events = self.referee.state.copy().apply(seat, Action(code))
        return [event.for_seat(seat) for event in events]

    def record(self) -> MatchRecord:
        return self.referee.record()

    # -- keeping it --------------------------------------------------------------------------

    def save(self, viewer: int | None, undone: bool = False) -> None:
        """Keep the game in progress to resume it (a game with a human, not a replay),
        from its first move on: opening a table replaces no saved game by itself. The
        writing is done off the frame (``Saver``)."""
        if self.finished or self.launch.replay or not self.humans or self.referee.is_over:
            return

        if not self.referee.state.history:
            if undone:  # every move taken back: nothing left to resume
                self.saver.clear(self.key)
            return
        progress = storage.Progress(
            self.referee.record(), [c.name for c in self.seats], viewer, self.key
        )
        self.saver.keep(progress)
        if self.hosting is not None:
            self.hosting.keep()

    def close(self) -> None:
        self.door.close()
        if self.hosting is not None:
            self.hosting.close(forget=self.referee.is_over)
        if self.thread is not None:  # the app's pool stays for the next match
            self.thread.shutdown(wait=False, cancel_futures=True)
        if self.held is not None:
            storage.let_go(self.held)
            self.held = None

    # -- the end ----------------------------------------------------------------------------

    def finish(self) -> tuple[dict[str, Any], str | None] | None:
        """Keep the result and the match record: the result and the line to tell the
        player (None: nothing to show, a replay or a match already finished)."""
        if self.finished or self.launch.replay:
            return None
        self.finished = True
        result = self.referee.result
        if result is None:
            return None

        if self.humans:
            self.saver.clear(self.key)
        self.saver.flush()
        # record_result never raises; it returns the one line the player should see.
        message = storage.record_result(self.info.id, list(self.launch.seats), result)
        try:
            # Named by its key (game, time, a random part): never another copy's record.
            self.saved_record = storage.save_match(self.referee.record(), self.key)
        except OSError as error:
            failed = storage.cannot_write("This game's record", error, "Replays will not hold it")
            message = " ".join(part for part in (message, failed) if part) or None
        return result.to_dict(), message
