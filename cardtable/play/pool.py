"""Bots that think in other processes: the executor the table hands its referee.

A search bot thinking on a thread of the drawing process holds the interpreter lock and
makes frames late. ``BotPool`` sends each decision to a worker process instead, started
once and reused. What crosses over is the seat's view (its observation, its legal moves)
and one world already resampled for that seat (every card it cannot see reshuffled: no
secret goes with it), so the bot searches on worlds as it would at home; the bot comes
back with what it learned (its generator, its model of the other players). A bot that
searches first sends its quick choice (``Bot.fallback``), then searches on its think
budget, sending its best move so far as it goes (``ThinkClock.report``). When a timed
decision's budget ends unanswered (its worker starved by a busy machine), the table gets
that best move so far, else the quick choice, at once; the search's late answer only
brings the bot up to date. A worker that dies, or takes longer than ``limit`` seconds, is
replaced: the decision is that best move or quick choice if one came, else it fails (the
referee then plays the bot's quick choice itself, or a random legal move), and the game
goes on. The workers run at the
window's own priority: a think budget bounds their time, and a machine busy with other
work would starve a worker of lower priority until it overran. A worker's start-up (a
new interpreter loading the games, slow on a busy machine or from a packaged app) is not
part of any decision's time: a worker is sent work only once it says it is ready, and one
that is not ready within ``STARTUP`` seconds is replaced.

Not for: deciding (the strategy layer) or the clock of the match (the referee). Headless
runs and tests use the ``InlineExecutor``; a pool only pays where a screen must stay smooth.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection, wait
from typing import Any

from cardtable.engine import GameState, Rng
from cardtable.strategy import Bot, SeatView, ThinkClock

LIMIT = 5.0  # seconds a decision may take before its worker is replaced
STARTUP = 60.0  # seconds a new worker may take to be ready before it is replaced
READY = "ready"  # what a worker says once it can take work
START_TRIES = 3  # workers in a row that never become ready before the pool gives up
EARLY = "early"  # what a reply carries in place of True/False: the bot's quick choice
BEST = "best"  # ... a searching bot's best move so far (``ThinkClock.report``)
# The part of a timed decision's think budget after which the table takes the best move
# so far: the rest is for this process to hear it and hand it on within the budget.
DUE_SHARE = 0.95


class BotFailed(RuntimeError):
    """A decision that did not come back: its worker died or took too long."""


def portable_view(view: SeatView, rng: Rng) -> SeatView:
    """``view`` in a form that can go to another process: its world sampler becomes one
    world resampled for the seat (which holds nothing the seat may not know), resampled
    again there. History and setup events stay behind: bots never read them."""
    world = view.sample_world(rng)
    world.history = []
    world.setup_events = []
    return SeatView(
        view.seat, view.observation, list(view.legal_actions), _resampler(world, view.seat)
    )


def _resampler(world: GameState, seat: int) -> Callable[[Rng], GameState]:
    return partial(world.sample_hidden, seat)


def _choose(bot: Bot, view: SeatView, asked: float | None = None) -> tuple[Any, dict[str, Any]]:
    """In the worker: the bot's decision (its think budget running from ``asked``, when
    the referee asked for it), and the bot as it is after deciding."""
    bot.asked_at = asked
    try:
        return bot.choose(view), bot.__dict__
    finally:
        bot.asked_at = None


def _quick_choice(bot: Bot, view: SeatView, asked: float | None = None) -> Any:
    """In the worker, before a searching bot decides: its quick choice (None if none)."""
    return bot.fallback(view) if bot.searches else None


def _load_games() -> None:
    """What every decision needs loaded in a worker: the games' rules and bots (a game's
    bots loaded at its first decision made that decision late by their import, a few
    tenths of a second on a busy machine)."""
    import cardtable.games
    import cardtable.strategy.catalog  # noqa: F401


def _work(
    jobs: Connection, setup: Callable[[], None] = _load_games
) -> None:  # pragma: no cover - runs in the worker process
    with contextlib.suppress(Exception):  # a decision that needs what failed says so itself
        setup()
    jobs.send(READY)
    while True:
        try:
            task = jobs.recv()
        except EOFError:
            return
        if task is None:
            return
        number, fn, args = task
        if fn is _choose:
            # The quick choice first: if the search is starved or stuck, the table plays
            # it rather than a random move; then, while it searches, its best move so far.
            with contextlib.suppress(Exception):  # the search's own error says what is wrong
                quick = _quick_choice(*args)
                if quick is not None:
                    jobs.send((number, EARLY, quick))
            ThinkClock.report = partial(_send_best, jobs, number)
        try:
            reply = (number, True, fn(*args))
        except Exception as error:  # the bot's bug goes back to the referee
            reply = (number, False, error)
        finally:
            ThinkClock.report = None
        try:
            jobs.send(reply)
        except Exception as error:  # an answer that cannot be sent back
            jobs.send((number, False, RuntimeError(f"the bot's answer could not be sent: {error}")))


def _send_best(jobs: Connection, number: int, action: Any) -> None:
    """In the worker: decision ``number``'s best move so far, to the table."""
    with contextlib.suppress(Exception):  # the decision goes on; its answer will come
        jobs.send((number, BEST, action))


@dataclass
class _Job:
    number: int
    future: Future
    fn: Callable[..., Any]
    args: tuple
    bot: Bot | None = None  # a decision: the bot to bring up to date
    started: float = 0.0
    quick: Any = None  # a decision: the bot's quick choice, once it has come
    best: Any = None  # a decision: its search's best move so far, once one has come
    # A timed decision: when its think budget ends (``time.perf_counter``); by then the
    # table has an answer: the search's, else its best move so far, else the quick choice.
    due: float | None = None

    def stand_in(self) -> Any:
        """What the table plays if the search has not answered: its best move so far, else
        the bot's quick choice (None: neither has come)."""
        return self.best if self.best is not None else self.quick


@dataclass
class _Worker:
    process: Any
    line: Connection
    job: _Job | None = None
    jobs_done: int = field(default=0)
    ready: bool = False  # it has started up and said so: it may be sent work
    ready_at: float = 0.0  # when it said so (``time.perf_counter``)
    born: float = field(default_factory=time.monotonic)
    failed_starts: int = 0  # workers before it in its place that never became ready


class BotPool(Executor):
    """``workers`` processes that run bots' decisions, each no longer than ``limit``.

    ``submit(bot.choose, view)`` (what the referee does) sends the bot and a portable view;
    anything else submitted runs there as given (it must pickle). ``setup`` runs in each
    worker as it starts, before it says it is ready (it must pickle by name).
    """

    def __init__(
        self,
        workers: int = 1,
        limit: float = LIMIT,
        setup: Callable[[], None] = _load_games,
        startup: float = STARTUP,
    ):
        self.limit = limit
        self.startup = startup
        self._setup = setup
        # Spawned: each worker a fresh interpreter, with none of the table's threads.
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._waiting: deque[_Job] = deque()
        self._numbers = itertools.count(1)
        self._rng = Rng("bot-pool")
        self._closed = False
        self.replaced = 0  # workers replaced so far (died or too slow)
        self.broken: str | None = None  # why no worker can start: every decision fails
        self._workers = [self._start() for _ in range(max(1, workers))]
        self._wake_reader, self._wake_writer = self._context.Pipe(duplex=False)
        self._monitor = threading.Thread(target=self._watch, name="bot-pool", daemon=True)
        self._monitor.start()

    # -- the Executor interface ----------------------------------------------------------

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        if kwargs:
            fn = partial(fn, **kwargs)
        future: Future = Future()
        bot = getattr(fn, "__self__", None)
        job = _Job(next(self._numbers), future, fn, args)
        if isinstance(bot, Bot) and getattr(fn, "__name__", "") == "choose" and args:
            view = args[0]
            if isinstance(view, SeatView):
                asked = time.perf_counter()
                with self._lock:
                    rng = self._rng.spawn(job.number)
                job.fn, job.args, job.bot = _choose, (bot, portable_view(view, rng), asked), bot
                if bot.timed and bot.think_budget is not None and bot.search_rounds is None:
                    job.due = asked + DUE_SHARE * bot.think_budget * bot.budget_scale
        with self._lock:
            if self._closed:
                raise RuntimeError("the bot pool is shut down")
            if self.broken is not None:
                future.set_exception(BotFailed(self.broken))
                return future
            self._waiting.append(job)
        self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            waiting = list(self._waiting)
            self._waiting.clear()
        for job in waiting:
            job.future.cancel()
        self._wake()
        self._monitor.join(timeout=2.0)
        for worker in self._workers:
            self._stop(worker)

    # -- inside --------------------------------------------------------------------------

    def _start(self) -> _Worker:
        here, there = self._context.Pipe()
        process = self._context.Process(target=_work, args=(there, self._setup), daemon=True)
        process.start()
        there.close()
        return _Worker(process, here)

    def _stop(self, worker: _Worker) -> None:
        with contextlib.suppress(OSError, ValueError):  # it may be gone already
            worker.line.send(None)
        worker.process.join(timeout=0.5)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join(timeout=1.0)
        worker.line.close()

    def _wake(self) -> None:
        with contextlib.suppress(OSError, ValueError):  # shut down meanwhile
            self._wake_writer.send_bytes(b".")

    def _dispatch(self) -> None:
        with self._lock:
            for index, worker in enumerate(self._workers):
                if worker.job is not None or not worker.ready or not self._waiting:
                    continue
                job = self._waiting.popleft()
                if not job.future.set_running_or_notify_cancel():
                    continue
                self._after_start_up(job, worker)
                try:
                    worker.line.send((job.number, job.fn, job.args))
                except Exception as error:  # it would not pickle, or the worker is gone
                    job.future.set_exception(BotFailed(f"the bot could not be sent: {error}"))
                    if not worker.process.is_alive():
                        self._replace(index)
                    continue
                job.started = time.monotonic()
                worker.job = job

    @staticmethod
    def _after_start_up(job: _Job, worker: _Worker) -> None:
        """A decision asked for while its worker was starting up: its think budget runs
        from the moment the worker was ready (a start-up is no part of any decision's
        time; a wait behind another decision is)."""
        if job.fn is not _choose or job.due is None:
            return
        bot, view, asked = job.args
        if worker.ready_at > asked:
            job.args = (bot, view, worker.ready_at)
            job.due += worker.ready_at - asked

    def _replace(self, index: int) -> None:
        """Stop worker ``index`` (it died or overran) and start a fresh one in its place."""
        old = self._workers[index]
        old.process.kill()
        old.process.join(timeout=1.0)
        old.line.close()
        self._workers[index] = self._start()
        self.replaced += 1

    def _finish(self, worker: _Worker, reply: tuple) -> None:
        job = worker.job
        number, ok, value = reply
        if ok in (EARLY, BEST):  # the quick choice, the best so far: the decision goes on
            if job is not None and job.number == number:
                if ok == EARLY:
                    job.quick = value
                else:
                    job.best = value
            return
        worker.job = None
        if job is None or job.number != number:
            return
        worker.jobs_done += 1
        answered = job.future.done()  # its budget ended first: a stand-in was played
        if not ok:
            if not answered:
                job.future.set_exception(value)
            return
        if job.bot is not None:
            action, learned = value
            job.bot.__dict__.update(learned)  # what the bot learned while deciding
            value = action
        if not answered:
            job.future.set_result(value)

    def _timed_unanswered(self) -> list[_Job]:
        """The timed decisions being worked out whose answer the table still waits for."""
        jobs = [worker.job for worker in self._workers if worker.job is not None]
        return [job for job in jobs if job.due is not None and not job.future.done()]

    def _answer_due(self, now: float) -> None:
        """Decisions whose think budget has ended unanswered (their worker starved by a
        busy machine): the table gets the best move found so far, and the search's own
        answer, when it comes, is not waited for."""
        for job in self._timed_unanswered():
            stand_in = job.stand_in()
            if job.due is not None and now >= job.due and stand_in is not None:
                job.future.set_result(stand_in)

    def _watch(self) -> None:
        while True:
            self._dispatch()
            with self._lock:
                if self._closed:
                    return
                watched = [w for w in self._workers if w.job is not None or not w.ready]
            now = time.monotonic()
            timeout = min((max(0.0, self._deadline(w) - now) for w in watched), default=None)
            due = self._next_due()
            if due is not None:
                timeout = due if timeout is None else min(timeout, due)
            ready = wait([self._wake_reader] + [worker.line for worker in watched], timeout)
            if self._wake_reader in ready:
                while self._wake_reader.poll():
                    self._wake_reader.recv_bytes()
            for index, worker in enumerate(list(self._workers)):
                if worker.job is None and worker.ready:
                    continue
                if worker.line in ready:
                    try:
                        reply = worker.line.recv()
                    except (EOFError, OSError):
                        self._lost(index, worker, "the bot's process stopped")
                        if self.broken:
                            break
                        continue
                    if reply == READY:
                        worker.ready, worker.ready_at = True, time.perf_counter()
                    else:
                        self._finish(worker, reply)
                elif time.monotonic() > self._deadline(worker):
                    late = f"the bot took longer than {self.limit:g} seconds"
                    if worker.job is None:
                        late = f"the bot's process did not start in {self.startup:g} seconds"
                    self._lost(index, worker, late)
                    if self.broken:
                        break
            self._answer_due(time.perf_counter())

    def _next_due(self) -> float | None:
        """Seconds until the next unanswered decision's think budget ends (None: none)."""
        dues = [job.due for job in self._timed_unanswered() if job.due is not None]
        return max(0.0, min(dues) - time.perf_counter()) if dues else None

    def _deadline(self, worker: _Worker) -> float:
        """When ``worker`` is too late: with its decision, or to start up."""
        if worker.job is not None:
            return worker.job.started + self.limit
        return worker.born + self.startup

    def _lost(self, index: int, worker: _Worker, why: str) -> None:
        """Worker ``index`` died or was too late: its decision (if any) fails with ``why``
        and a fresh worker takes its place; after ``START_TRIES`` workers in a row that
        never became ready, none: the pool is ``broken`` and every decision fails."""
        job, worker.job = worker.job, None
        if job is not None and not job.future.done():  # (else its stand-in was played)
            stand_in = job.stand_in()
            if stand_in is None:
                job.future.set_exception(BotFailed(why))
            else:
                played = "quick choice" if job.best is None else "best move so far"
                print(f"Card Table: {why}: its {played} is played", file=sys.stderr)
                job.future.set_result(stand_in)
        failed = 0 if worker.ready else worker.failed_starts + 1
        with self._lock:
            if failed >= START_TRIES:
                self.broken = f"no bot process could start: {why}"
                self._workers.pop(index)
                waiting = list(self._waiting)
                self._waiting.clear()
            else:
                self._replace(index)
                self._workers[index].failed_starts = failed
                waiting = []
        if failed >= START_TRIES:
            self._stop(worker)
        for queued in waiting:
            queued.future.set_exception(BotFailed(self.broken or why))
