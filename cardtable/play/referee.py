"""The referee: runs one match between bots and local humans on a clock it is handed.

Both ``cardtable sim`` (a virtual clock, ``run``) and the table (the app's clock, calling
``advance`` every still frame) use it, so a match plays by the same timing everywhere. It
asks the bots (on the executor it is handed), opens and closes timed windows, fires their
deadlines, offers out-of-turn moves, keeps the match record and hands out the events.
Not for: rules (the games), how a bot decides (the strategy layer) or drawing (the ui).

Timing, all in seconds of the clock passed to ``advance``:

- A window (``state.window``) opens at the first ``advance`` that sees it. Each bot in it
  names its reaction delay then; at open + delay it chooses among the legal actions of
  that moment (with a single legal action there is nothing to choose and it takes it).
  Deadlines pass before a move due at the same moment; the window closes at open +
  ``seconds``.
- Outside a window, the first bot in ``state.to_act`` is asked (bots in simultaneous steps
  are asked one after another, in seat order as the rules list them). Its move lands when
  the executor has it and, with ``pace``, no sooner than ``think_time()`` after asking. A
  move computed for a state that has changed since is thrown away and the bot asked again.
- After every move, bots may offer a move out of turn (``Bot.out_of_turn``); the earliest
  fires at its delay if nothing has changed meanwhile, and before the next bot's turn move.
- After a move that gives a local human a legal move out of turn, bots wait
  ``out_of_turn_pause`` seconds (or until every such human has declined).
- A bot that raises, names a move the rules refuse, or does not answer in time (a pool's
  worker starved or stuck), is replaced for that decision by its quick choice
  (``Bot.fallback``: a searching level's move without the search), or when it has none, by
  a random legal move (from its own generator); the match goes on.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for
from concurrent.futures._base import FINISHED
from dataclasses import dataclass
from typing import Any

from cardtable.engine import (
    Action,
    Event,
    GameState,
    IllegalAction,
    MatchRecord,
    Result,
    Window,
    fingerprint,
)
from cardtable.strategy import Bot, make_bots, view_for

MAX_STEPS = 50_000

__all__ = ["MAX_STEPS", "InlineExecutor", "MatchTooLong", "Referee", "make_bots"]


class MatchTooLong(RuntimeError):
    """A headless match that did not end within its bound of steps."""


class InlineExecutor(Executor):
    """Runs each job at once on the calling thread: the headless executor."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        try:
            return _Settled(fn(*args, **kwargs), None)
        except BaseException as error:  # handed to whoever reads the future
            return _Settled(None, error)


class _Settled(Future):
    """A future settled when it is made (the inline executor's): nothing ever waits on it,
    so it has no lock of its own and answers ``done``, ``result`` and ``exception`` at once
    (a headless match asks a future per move). The shared lock is only ever taken for a
    moment, by ``concurrent.futures.wait`` or ``add_done_callback``."""

    _condition = threading.Condition()

    def __init__(self, result: Any, error: BaseException | None):
        self._state = FINISHED
        self._result = result
        self._exception = error
        self._waiters: list[Any] = []
        self._done_callbacks: list[Any] = []

    def done(self) -> bool:
        return True

    def result(self, timeout: float | None = None) -> Any:
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self, timeout: float | None = None) -> BaseException | None:
        return self._exception


@dataclass
class _Asked:
    """A bot asked for its turn move."""

    seat: int
    future: Future
    ready_at: float  # no sooner than this (pacing)
    mark: int  # the state's history length when asked


@dataclass
class _Offer:
    """A bot's move out of turn, waiting for its moment."""

    due: float
    seat: int
    code: str
    mark: int


@dataclass
class _OpenWindow:
    id: int
    opened_at: float
    # (time, 0 deadline / 1 bot move, order, deadline name or seat), due first
    timeline: list[tuple[float, int, int, str | int]]
    choosing: tuple[int, Future] | None = None  # a bot deciding its move in the window


class Referee:
    """Runs one match (timing: the module docstring).

    ``bots`` has one entry per seat: a ``Bot``, or None for a local human, who moves with
    ``submit`` (and lets an out-of-turn chance pass with ``decline``). A table calls
    ``advance(now)`` while it is still and draws from ``observation(viewer)`` and the
    events; ``run`` plays a match of bots to its end on a virtual clock.
    ``seat_kinds`` and ``deck`` go into ``record()``; ``setup_events`` are the deal.
    """

    def __init__(
        self,
        state: GameState,
        bots: Sequence[Bot | None],
        seat_kinds: Sequence[str] | None = None,
        deck: list[str] | None = None,
        executor: Executor | None = None,
        pace: bool = False,
        out_of_turn_pause: float = 0.0,
    ) -> None:
        if len(bots) != state.players:
            raise ValueError(f"{len(bots)} bots for {state.players} seats")
        self.state = state
        self.bots = list(bots)
        self.seat_kinds = (
            list(seat_kinds)
            if seat_kinds is not None
            else [bot.level if bot is not None else "human" for bot in self.bots]
        )
        self.deck = None if deck is None else list(deck)
        self.executor = executor if executor is not None else InlineExecutor()
        self.inline = isinstance(self.executor, InlineExecutor)
        self.pace = pace
        self.out_of_turn_pause = out_of_turn_pause
        self.setup_events: list[Event] = list(state.setup_events)
        self._now = 0.0
        self._window: _OpenWindow | None = None
        self._asked: _Asked | None = None
        self._offer: _Offer | None = None
        self._pause_until: float | None = None
        self._declined: set[int] = set()
        self._offering_bots = self._offering()

    # -- what the table reads ------------------------------------------------------------

    def observation(self, seat: int | None) -> dict[str, Any]:
        return self.state.observation(seat)

    def legal(self, seat: int) -> list[Action]:
        return self.state.legal_actions(seat)

    def check(self, seat: int, code: str) -> str | None:
        return self.state.check(seat, code)

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def result(self) -> Result | None:
        return self.state.result

    @property
    def window_open_at(self) -> float | None:
        """When the open window's clock started (None: no window, or not seen yet)."""
        return None if self._window is None else self._window.opened_at

    @property
    def declined(self) -> frozenset[int]:
        """The humans who let the present out-of-turn chance pass."""
        return frozenset(self._declined)

    def humans_to_act(self) -> tuple[int, ...]:
        return tuple(seat for seat in self.state.to_act if self.bots[seat] is None)

    def out_of_turn_humans(self) -> tuple[int, ...]:
        """Human seats that may move now although the rules are not waiting for them."""
        if self.state.is_over or self.state.window is not None:
            return ()
        to_act = self.state.to_act
        return tuple(
            seat
            for seat, bot in enumerate(self.bots)
            if bot is None and seat not in to_act and self.state.legal_actions(seat)
        )

    def pause_left(self, now: float) -> float:
        """What remains of the out-of-turn pause (0 when there is none)."""
        if self._pause_until is None:
            return 0.0
        return max(0.0, self._pause_until - now)

    def record(self) -> MatchRecord:
        state = self.state
        return MatchRecord(
            game_id=state.game_id,
            players=state.players,
            seed=state.seed,
            options=dict(state.options),
            seats=list(self.seat_kinds),
            actions=list(state.history),
            deck=None if self.deck is None else list(self.deck),
            proof=self.proof(),
        )

    def proof(self) -> dict[str, str] | None:
        """What proves the record is this game: the deal's fingerprint and the state's
        now (``engine.record``); None for a state that was not dealt by ``new_game``."""
        state = self.state
        if state.dealt is None:
            return None
        return {"deal": state.dealt, "end": fingerprint(state)}

    def hand_to(self, seat: int, bot: Bot | None) -> None:
        """``seat`` is played from now on by ``bot`` (a stand-in while its player is away),
        or by its human again (None). Its record still names the seat's own kind."""
        self.bots[seat] = bot
        self._offering_bots = self._offering()
        if self._asked is not None and self._asked.seat == seat:
            self._asked = None

    def _offering(self) -> list[int]:
        """The bots' seats that may move out of turn."""
        return [
            seat
            for seat, bot in enumerate(self.bots)
            if bot is not None and type(bot).out_of_turn is not Bot.out_of_turn
        ]

    # -- what humans do ------------------------------------------------------------------

    def submit(self, seat: int, code: str, now: float) -> list[Event]:
        """A local human's move, applied at once. Raises ``IllegalAction`` (nothing
        changed) with the reason a player is told."""
        if isinstance(seat, int) and 0 <= seat < len(self.bots) and self.bots[seat] is not None:
            raise IllegalAction("The computer plays that seat.")
        self._now = max(self._now, now)
        return self._apply(seat, code, now)

    def decline(self, seat: int, now: float) -> None:
        """A human lets an out-of-turn chance pass; when all have, the pause ends."""
        self._now = max(self._now, now)
        self._declined.add(seat)
        if self._pause_until is not None and all(
            other in self._declined for other in self.out_of_turn_humans()
        ):
            self._pause_until = None

    # -- the clock -----------------------------------------------------------------------

    def next_due(self) -> float | None:
        """When ``advance`` next has work: None while waiting for a human, or when over."""
        state = self.state
        if state.is_over:
            return None
        if state.window is not None:
            if self._window is None or self._window.id != state.window.id:
                return self._now  # a window to open
            return self._window_due()
        times: list[float] = []
        pause = self._pause_until if self._pause_until is not None else self._now
        offer = self._offer if self._offer and self._offer.mark == self._mark() else None
        if offer is not None:
            times.append(max(offer.due, pause))
        seat = self._bot_to_act()
        if seat is not None and offer is None:
            asked = self._asked
            if asked is None or asked.seat != seat or asked.mark != self._mark():
                times.append(pause)  # ask it now (or when the pause ends)
            elif not asked.future.done():
                times.append(max(self._now, pause))  # thinking: poll
            else:
                times.append(max(asked.ready_at, pause, self._now))
        return min(times) if times else None

    def advance(self, now: float, max_steps: float = float("inf")) -> list[Event]:
        """Do everything due by ``now``, in order, and return the events; stop once the
        history holds more than ``max_steps`` moves (``run``'s bound: bots that answer at
        once would otherwise play a whole endless match in one call)."""
        self._now = max(self._now, now)
        events: list[Event] = []
        while not self.state.is_over and len(self.state.history) <= max_steps:
            window = self.state.window
            if window is not None:
                done = self._advance_window(window, now, events)
            else:
                self._window = None
                done = self._advance_turn(now, events)
            if not done:
                break
        return events

    def run(self, max_steps: int = MAX_STEPS, on_events=None) -> GameState:
        """Play to the end on a virtual clock (headless, every seat a bot) and return the
        state. ``max_steps`` bounds the moves (window closes and deadlines included);
        past it ``MatchTooLong`` says so in one line."""
        state = self.state
        calls = 0
        while not state.is_over:
            due = self.next_due()
            if due is None:
                raise RuntimeError(f"{state.game_id}: the match waits for a human")
            busy = [job for job in self._jobs() if not job.done()]
            if busy:
                wait_for(busy)
            events = self.advance(due, max_steps)
            if on_events is not None and events:
                on_events(events)
            calls += 1
            if len(state.history) > max_steps or calls > 4 * max_steps + 100:
                raise MatchTooLong(
                    f"{state.game_id} (seed {state.seed!r}) did not end within {max_steps} steps"
                )
        return state

    # -- inside ----------------------------------------------------------------------------

    def _jobs(self) -> list[Future]:
        jobs = [] if self._asked is None else [self._asked.future]
        if self._window is not None and self._window.choosing is not None:
            jobs.append(self._window.choosing[1])
        return jobs

    def _mark(self) -> int:
        return len(self.state.history)

    def _apply(self, seat: int, code: str, now: float) -> list[Event]:
        events = self.state.apply(seat, code)
        self._after_move(now)
        return events

    def _after_move(self, now: float) -> None:
        """After any change: collect out-of-turn offers, start a pause for local humans."""
        self._offer = None
        self._pause_until = None
        self._declined = set()
        if self.state.is_over or self.state.window is not None:
            return
        offers: list[tuple[float, int, Action]] = []
        for seat in self._offering_bots:
            bot = self.bots[seat]
            assert bot is not None
            offer = self._safely(seat, bot.out_of_turn)
            if offer is not None:
                offers.append((offer[0], seat, offer[1]))
        if offers:
            delay, seat, action = min(offers, key=lambda offer: (offer[0], offer[1]))
            self._offer = _Offer(now + delay, seat, action.code, self._mark())
        if self.out_of_turn_pause > 0 and self.out_of_turn_humans():
            self._pause_until = now + self.out_of_turn_pause

    def _view(self, seat: int):
        # Built here, on the calling thread. For an executor with other threads it is built
        # from a copy, so a bot thinking there never touches the live state; inline, the
        # bot is done before the state changes, and the copy would only cost time.
        return view_for(self.state if self.inline else self.state.copy(), seat)

    def _safely(self, seat: int, ask: Callable[[Any], Any]) -> Any:
        """A bot's answer to a quick question (its reaction delay, an out-of-turn move),
        asked on this thread; a bot that raises is taken to answer None (no move)."""
        try:
            return ask(self._view(seat))
        except Exception as error:  # a bot's bug must not stop the match
            print(
                f"Card Table: the bot at seat {seat} failed ({error!r}): no move", file=sys.stderr
            )
            return None

    def _bot_to_act(self) -> int | None:
        for seat in self.state.to_act:
            if self.bots[seat] is not None:
                return seat
        return None

    def _replacement(self, seat: int, why: str) -> Action | None:
        """For a bot that failed: its quick choice (``Bot.fallback``, a searching level's
        move without the search), else a random legal move (from its own generator)."""
        legal = self.state.legal_actions(seat)
        bot = self.bots[seat]
        if not legal or bot is None:
            return None
        try:
            quick = bot.fallback(self._view(seat))
        except Exception:  # the same bug, most likely: the random move it is
            quick = None
        if quick is not None:
            code = quick.code if isinstance(quick, Action) else str(quick)
            if self.state.check(seat, code) is None:
                print(
                    f"Card Table: the bot at seat {seat} failed ({why}): its quick choice",
                    file=sys.stderr,
                )
                return Action(code)
        print(f"Card Table: the bot at seat {seat} failed ({why}): a random move", file=sys.stderr)
        return bot.rng.choice(legal)

    def _decided(self, seat: int, future: Future) -> Action | None:
        """The bot's move from its finished future, or a random legal one if it failed."""
        error = future.exception()
        if error is not None:
            return self._replacement(seat, f"{type(error).__name__}: {error}")
        action = future.result()
        code = action.code if isinstance(action, Action) else str(action)
        reason = self.state.check(seat, " ".join(code.split()))
        if reason is not None:
            return self._replacement(seat, f"refused {code!r}: {reason}")
        return Action(code)

    def _ask(self, seat: int, now: float) -> _Asked:
        bot = self.bots[seat]
        assert bot is not None
        future = self.executor.submit(bot.choose, self._view(seat))
        pace = bot.think_time() if self.pace else 0.0
        self._asked = _Asked(seat, future, now + pace, self._mark())
        return self._asked

    def _advance_turn(self, now: float, events: list[Event]) -> bool:
        """One step outside a window if one is due by ``now``; False when nothing is."""
        offer = self._offer
        if offer is not None and offer.mark != self._mark():
            self._offer = offer = None  # meant for a state that has changed
        if self._pause_until is not None and now < self._pause_until:
            thinker = self._bot_to_act()
            if thinker is not None and self._asked is None:
                self._ask(thinker, now)  # it may think during the pause
            return False
        if offer is not None:
            if offer.due > now:
                return False  # the pending out-of-turn move goes before the next turn
            self._offer = None
            if self.state.check(offer.seat, offer.code) is None:
                events += self._apply(offer.seat, offer.code, offer.due)
            return True
        seat = self._bot_to_act()
        if seat is None:
            return False
        asked = self._asked
        if asked is not None and (asked.seat != seat or asked.mark != self._mark()):
            asked = self._asked = None  # a move for a state that has changed: ask again
        if asked is None:
            asked = self._ask(seat, now)
        if not asked.future.done() or now < asked.ready_at:
            return False
        self._asked = None
        action = self._decided(seat, asked.future)
        if action is None:
            return False
        events += self._apply(seat, action.code, now)
        return True

    def _open(self, window: Window, now: float) -> _OpenWindow:
        self._asked = None
        self._offer = None
        self._pause_until = None
        timeline: list[tuple[float, int, int, str | int]] = [
            (at, 0, order, name) for order, (name, at) in enumerate(window.deadlines)
        ]
        for order, seat in enumerate(window.seats):
            bot = self.bots[seat]
            if bot is None:
                continue
            delay = self._safely(seat, bot.reaction_delay)
            if delay is not None and delay < window.seconds:
                timeline.append((delay, 1, order, seat))
        timeline.sort()
        return _OpenWindow(window.id, now, timeline)

    def _window_due(self) -> float:
        opened = self._window
        window = self.state.window
        assert opened is not None and window is not None
        if opened.choosing:
            return self._now  # a bot is deciding: poll
        if opened.timeline:
            return opened.opened_at + min(opened.timeline[0][0], window.seconds)
        return opened.opened_at + window.seconds

    def _advance_window(self, window: Window, now: float, events: list[Event]) -> bool:
        if self._window is None or self._window.id != window.id:
            self._window = self._open(window, now)
            return True
        opened = self._window
        if opened.choosing:
            seat, future = opened.choosing
            if not future.done():
                return False
            opened.choosing = None
            if self.state.legal_actions(seat):
                action = self._decided(seat, future)
                if action is not None:
                    events += self._apply(seat, action.code, now)
            return True
        timeline = opened.timeline
        if timeline and opened.opened_at + timeline[0][0] <= now:
            _at, _kind, _order, who = timeline.pop(0)
            if isinstance(who, str):
                if who in dict(window.deadlines):
                    events += self.state.time_up(who)
                return True
            legal = self.state.legal_actions(who)
            if len(legal) == 1:  # nothing to choose: the bot takes the one move there is
                events += self._apply(who, legal[0].code, now)
            elif legal:
                bot = self.bots[who]
                assert bot is not None
                opened.choosing = (who, self.executor.submit(bot.choose, self._view(who)))
            return True
        if opened.opened_at + window.seconds <= now:
            events += self.state.close_window()
            self._window = None
            self._after_move(now)
            return True
        return False
