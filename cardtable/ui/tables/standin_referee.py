"""A temporary stand-in for ``cardtable.play.Referee`` (CONTRACT.md), with the same API,
until the referee branch lands; deleted at that merge. Pure Python.

Not for anything beyond that: the real referee replaces every line of this file.
"""

from __future__ import annotations

import sys
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from cardtable.engine import Action, Event, GameState, IllegalAction, MatchRecord
from cardtable.strategy import Bot, view_for


class InlineExecutor(Executor):
    """Runs each job at once, in the caller's thread."""

    def submit(self, fn, /, *args, **kwargs) -> Future:  # type: ignore[override]
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - handed back through the future
            future.set_exception(error)
        return future


@dataclass
class _Asked:
    future: Future
    ready_at: float
    mark: int


class Referee:
    def __init__(
        self,
        state: GameState,
        bots: list[Bot | None],
        seat_kinds: list[str] | None = None,
        deck: list[str] | None = None,
        executor: Executor | None = None,
        pace: bool = False,
        out_of_turn_pause: float = 0.0,
    ) -> None:
        self.state = state
        self.bots = list(bots)
        self.seat_kinds = list(seat_kinds or ["bot"] * state.players)
        self.deck = deck
        self.executor = executor or InlineExecutor()
        self.pace = pace
        self.out_of_turn_pause = out_of_turn_pause
        self.window_open_at: float | None = None
        self._window_bots: dict[int, float] = {}
        self._deadlines: set[str] = set()
        self._asked: dict[int, _Asked] = {}
        self._offer: tuple[float, int, int, str] | None = None
        self._pause_until = 0.0
        self._declined: set[tuple[int, int]] = set()
        self._now = 0.0

    # -- reading ----------------------------------------------------------------------
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
    def result(self):
        return self.state.result

    def humans_to_act(self) -> tuple[int, ...]:
        return tuple(s for s in self.state.to_act if self.bots[s] is None)

    def out_of_turn_humans(self) -> tuple[int, ...]:
        mark = len(self.state.history)
        return tuple(
            s
            for s, bot in enumerate(self.bots)
            if bot is None
            and s not in self.state.to_act
            and (s, mark) not in self._declined
            and self.state.window is None
            and self.state.legal_actions(s)
        )

    def pause_left(self, now: float) -> float:
        return max(0.0, self._pause_until - now)

    def record(self) -> MatchRecord:
        return MatchRecord(
            game_id=self.state.game_id,
            players=self.state.players,
            seed=self.state.seed,
            options=dict(self.state.options),
            seats=list(self.seat_kinds),
            actions=list(self.state.history),
            deck=self.deck,
        )

    # -- acting -----------------------------------------------------------------------
    def submit(self, seat: int, code: str, now: float) -> list[Event]:
        events = self.state.apply(seat, code)
        return events + self._after_move(now)

    def decline(self, seat: int, now: float) -> None:
        self._declined.add((seat, len(self.state.history)))

    def _after_move(self, now: float) -> list[Event]:
        self._offer = None
        if self.out_of_turn_pause and self.out_of_turn_humans():
            self._pause_until = now + self.out_of_turn_pause
        if self.state.window is not None or self.state.is_over:
            return []
        offers = []
        for seat, bot in enumerate(self.bots):
            if bot is None or type(bot).out_of_turn is Bot.out_of_turn:
                continue
            offer = bot.out_of_turn(view_for(self.state.copy(), seat))
            if offer is not None:
                offers.append((offer[0], seat, offer[1]))
        if offers:
            delay, seat, action = min(offers, key=lambda o: (o[0], o[1]))
            self._offer = (now + delay, len(self.state.history), seat, action.code)
        return []

    def next_due(self) -> float | None:
        times = [a.ready_at for a in self._asked.values() if a.future.done()]
        if self._offer is not None:
            times.append(self._offer[0])
        window = self.state.window
        if window is not None:
            if self.window_open_at is None:
                return self._now
            times += list(self._window_bots.values())
            times += [self.window_open_at + at for n, at in window.deadlines]
            times.append(self.window_open_at + window.seconds)
        elif any(self.bots[s] is not None and s not in self._asked for s in self.state.to_act):
            times.append(max(self._now, self._pause_until))
        return min(times) if times and not self.state.is_over else None

    def advance(self, now: float) -> list[Event]:
        self._now = now
        events: list[Event] = []
        if self.state.is_over:
            return events
        if self.state.window is not None:
            return self._run_window(now)
        self.window_open_at = None
        if self._offer is not None:
            due, mark, seat, code = self._offer
            if mark != len(self.state.history):
                self._offer = None
            elif now >= due:
                self._offer = None
                if self.state.check(seat, code) is None:
                    return self.submit(seat, code, now)
        if now < self._pause_until:
            return events
        for seat in self.state.to_act:
            bot = self.bots[seat]
            if bot is None or seat in self._asked:
                continue
            view = view_for(self.state.copy(), seat)
            wait = bot.think_time() if self.pace else 0.0
            self._asked[seat] = _Asked(
                self.executor.submit(bot.choose, view), now + wait, len(self.state.history)
            )
        for seat, asked in list(self._asked.items()):
            if not asked.future.done() or now < asked.ready_at:
                continue
            del self._asked[seat]
            if asked.mark != len(self.state.history) or seat not in self.state.to_act:
                continue
            try:
                code = asked.future.result().code
            except Exception as error:  # a bot's bug must not stop the game
                print(f"Card Table: bot at seat {seat} failed: {error}", file=sys.stderr)
                code = self.state.legal_actions(seat)[0].code
            try:
                return self.submit(seat, code, now)
            except IllegalAction as refusal:
                print(f"Card Table: bot move refused: {refusal.reason}", file=sys.stderr)
        return events

    def thinking(self) -> tuple[int, ...]:
        return tuple(self._asked)

    def _run_window(self, now: float) -> list[Event]:
        window = self.state.window
        assert window is not None
        if self.window_open_at is None:
            self.window_open_at = now
            self._deadlines = set()
            self._window_bots = {}
            for seat in window.seats:
                bot = self.bots[seat]
                if bot is None:
                    continue
                delay = bot.reaction_delay(view_for(self.state.copy(), seat))
                if delay is not None and delay < window.seconds:
                    self._window_bots[seat] = now + delay
        start = self.window_open_at
        events: list[Event] = []
        for name, at in window.deadlines:
            if name not in self._deadlines and now >= start + at:
                self._deadlines.add(name)
                events += self.state.time_up(name)
                if self.state.window is None:
                    return events + self._closed()
        for seat, due in sorted(self._window_bots.items(), key=lambda item: item[1]):
            if now < due or self.state.window is None:
                continue
            del self._window_bots[seat]
            legal = self.state.legal_actions(seat)
            if legal:
                bot = self.bots[seat]
                assert bot is not None
                events += self.state.apply(seat, bot.choose(view_for(self.state.copy(), seat)))
        if self.state.window is not None and now >= start + window.seconds:
            events += self.state.close_window()
        if self.state.window is None:
            events += self._closed()
        return events

    def _closed(self) -> list[Event]:
        self.window_open_at = None
        self._window_bots.clear()
        return []
