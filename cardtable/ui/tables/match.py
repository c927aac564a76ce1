"""The match behind a table: who plays each seat, the referee that runs the game, the
still clock it runs on, the privacy screen between local humans, and the hand-off to the
results with the match record kept.

The referee (``cardtable.play``) asks the bots, opens and closes timed windows, fires
deadlines and out-of-turn moves; the table only hands it a clock that stands still while
anything animates, so a window's time starts when the table is still. In the app the bots
think in the app's pool of processes (``App.bot_pool``: the drawing never waits on a
search) and search for as long as their level's think budget; on the virtual clock of
tests they think on a thread with a fixed number of roll-outs, so a seed gives one game.
Not for drawing or input (the table and its parts).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtable.engine import Event, Rng
from cardtable.games import registry
from cardtable.play import Referee
from cardtable.strategy import Bot, make_bot

from ..launch import Launch, seat_names

if TYPE_CHECKING:
    from .base import TableScene

#: Seconds the match waits, by default, after a move that gives a local human an
#: out-of-turn move (a table may say otherwise: ``TableScene.out_of_turn_pause``).
OUT_OF_TURN_PAUSE = 3.0


@dataclass
class SeatController:
    """Who plays a seat: a local human (``bot`` None) or a bot of ``kind`` level."""

    seat: int
    kind: str
    name: str
    bot: Bot | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


class Match:
    """The seats and the referee of one game at the table."""

    def __init__(self, table: TableScene, launch: Launch) -> None:
        self.table = table
        self.launch = launch
        self.info = registry.get(launch.game_id)
        names = seat_names(launch, table.app.name_of)
        self.real_time = table.app.fixed_dt is None
        self.seats: list[SeatController] = []
        for seat, kind in enumerate(launch.seats):
            kind = "random" if launch.watch and kind == "human" else kind
            bot = None
            if kind != "human":
                rng = Rng(f"bot/{launch.seed}/{seat}/{kind}")
                bot = make_bot(self.info.id, kind, rng, timed=self.real_time)
            self.seats.append(SeatController(seat, kind, names[seat], bot))
        # A replay has no one to play for: the table watches it as a spectator.
        self.humans = [] if launch.replay else [c.seat for c in self.seats if c.human]
        self.thread = (
            None if self.real_time else ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        )
        self.executor: Executor = self.thread or table.app.bot_pool()
        self.restart(() if launch.replay else launch.actions)
        self.now = 0.0  # the still clock: runs only while the table is still
        self.finished = False
        self.saved_record = None

    def restart(self, actions) -> None:
        """The match as it stood after ``actions`` (a resumed game, an undo, a replay's
        step back): the record replayed from the seed, and a referee for it."""
        self.state = registry.replay(self.launch.record(actions))
        self.referee = Referee(
            self.state,
            [c.bot for c in self.seats],
            seat_kinds=list(self.launch.seats),
            deck=None if self.launch.deck is None else list(self.launch.deck),
            executor=self.executor,
            pace=True,
            out_of_turn_pause=self.table.out_of_turn_pause if self.humans else 0.0,
        )

    def save(self) -> None:
        """Keep the game in progress to resume it (a game with a human, not a replay),
        from its first move on: opening a table replaces no saved game by itself."""
        if self.finished or self.launch.replay or not self.humans or self.referee.is_over:
            return
        from cardtable import storage

        if not self.referee.state.history:
            if self.table.tools.undone:  # every move taken back: nothing left to resume
                storage.clear_progress()
            return

        progress = storage.Progress(
            self.referee.record(), [c.name for c in self.seats], self.table.viewer
        )
        try:
            storage.save_progress(progress)
        except OSError as error:
            print(f"Card Table: could not save the game: {error}", file=sys.stderr)

    def close(self) -> None:
        if self.thread is not None:  # the app's pool stays for the next match
            self.thread.shutdown(wait=False, cancel_futures=True)

    def advance(self, dt: float) -> list[Event]:
        if self.launch.replay:
            return []  # a replay moves only by its controls
        self.now += dt
        return self.referee.advance(self.now)

    def submit(self, seat: int, code: str) -> list[Event]:
        return self.referee.submit(seat, code, self.now)

    def window_left(self) -> float | None:
        """What share is left of the open timed window, or of the pause that waits for a
        local human's out-of-turn choice (None: neither is running)."""
        window = self.table.view.public.get("window")
        opened = self.referee.window_open_at
        if not window or opened is None or window["seconds"] <= 0:
            pause = self.referee.pause_left(self.now)
            return pause / OUT_OF_TURN_PAUSE if pause > 0 else None
        return max(0.0, 1.0 - (self.now - opened) / window["seconds"])

    def awaiting_answer(self) -> bool:
        """ "Leave this game?" or the score sheet waits for the player and nothing else
        moves (the match waits with it): only input changes the table."""
        table = self.table
        if table.celebration is not None or table.animator.returning:
            return False
        if table.sheet is not None:
            return True  # its step holds the animator until its button: nothing moves
        # A card in flight lands first.
        return table.tools.confirm is not None and not table.animator.busy

    def wake_in(self) -> float | None:
        """A still table waiting for a human needs no frame until input comes, nor one
        waiting for an answer to "Leave this game?" or to the score sheet; one waiting for
        a bot's move, a window or an out-of-turn offer needs one when it is due."""
        table = self.table
        if table.reason_left <= 0 and self.awaiting_answer():
            return None  # "Leave this game?" or the score sheet: the player's answer
        if not table.still() or table.view.dirty or table.reason_left > 0:
            return 0.0  # animating, a sheet up, a refusal fading
        if table.input.drag is not None or self.window_left() is not None:
            return 0.0  # a card follows the pointer, a countdown runs
        due = self.referee.next_due()
        if due is None:
            return None
        return max(0.0, due - self.now)

    # -- local humans sharing the screen ----------------------------------------------

    def show_seat(self, seat: int | None) -> None:
        """Turn the table to ``seat`` (None: nobody's hand shows)."""
        table = self.table
        if seat == table.viewer and table.view.public:
            return
        table.viewer = seat
        table.input.cancel()
        table.input.key_focus = -1
        table.layout(table.app.size)
        table.sync()

    def privacy(self) -> bool:
        """With several local humans, no hand is shown but to its owner, behind the
        privacy screen: between their moves the table shows nobody's hand. True while
        the screen is up."""
        table = self.table
        if len(self.humans) < 2:
            return False
        ref = self.referee
        # A chance out of turn first: the next move would take it away, so it turns the
        # table even from the player on turn (who has not moved yet).
        chances = [
            s for s in ref.out_of_turn_humans() if table.asks(sorted(table.legal_codes_of(s)))
        ]
        wanted = chances + [
            s for s in ref.humans_to_act() if table.needs_hand(table.legal_codes_of(s))
        ]
        if table.viewer is not None and table.viewer not in wanted:
            self.show_seat(None)
        if not wanted or table.viewer in (chances or wanted):
            return False
        following = wanted[0]
        self.show_seat(None)
        table.app.cover_table(self.seats[following].name, lambda: self.show_seat(following))
        return True

    # -- the end ----------------------------------------------------------------------

    def finish(self) -> None:
        """Keep the result and the match record, then show the results."""
        if self.finished or self.launch.replay:
            return
        self.finished = True
        result = self.referee.result
        if result is None:
            return
        from cardtable import storage

        if self.humans:
            storage.clear_progress()
        # record_result never raises; it returns the one line the player should see.
        message = storage.record_result(self.info.id, list(self.launch.seats), result)
        try:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.saved_record = storage.save_match(self.referee.record(), f"{self.info.id}-{stamp}")
        except OSError as error:
            print(f"Card Table: could not save the match record: {error}", file=sys.stderr)
        names = [controller.name for controller in self.seats]
        self.table.app.show_results(self.launch, names, result.to_dict(), self.info.title)
        if message:
            self.table.app.tell(message)
