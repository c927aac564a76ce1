"""The host of a match: its referee behind the seat protocol's doors.

``MatchHost`` holds the one referee (the one authority) and the doors opened to it. Each
door holds some seats (the humans it speaks for) and shows one of them, or none; the host
sends each door only what its shown seat may see (events with hidden cards turned down,
that seat's observation) and what its own seats may do now, and takes from it intents for
its own seats only, each checked as hostile. A door is a function call in local play
(``door.LocalDoor``) or a network connection; the host cannot tell which, but a door on
another computer says so (``remote``) for races.

Races between computers (``timeline``). With every human at this computer the referee
runs on the host's clock and a move is applied when it comes, as at one table. With a
door on another computer (``remote``) the host judges races on one time line: while a
race runs (a timed window, or a chance to move out of turn) the referee runs ``lag``
behind the host's clock, ``lag`` being the slowest connected remote door's delay bound,
and every human move made meanwhile waits as a claim, stamped with when it was made on
the host's clock (a local press: when it came; a remote one: its clamped stamp), to be
applied in stamp order when the judged clock reaches it. Bots in the race react on the
same judged clock, so every press stands on one line; the record's actions are that
judged order, so a replay judges as the live game did. A window opens on the line when
it is first shown, so a human press and a bot's reaction are measured from the same
moment. While claims wait, the moment says ``judging``.
Not for: timing or bots (the referee), drawing (the ui).
"""

from __future__ import annotations

import bisect
import itertools
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cardtable.engine import Event, IllegalAction

from . import protocol, timeline
from .referee import Referee

#: Steps the judged clock takes at most in one ``advance`` (a guard, never reached in play).
STEPS = 10_000


class Endpoint(Protocol):
    """The host's side of a door: where its messages go, which seats it holds."""

    seats: tuple[int, ...]
    viewer: int | None

    def deliver(self, message: dict[str, Any]) -> None: ...


def is_remote(endpoint: Endpoint) -> bool:
    """Does this door reach another computer (its presses come late, stamped)?"""
    return bool(getattr(endpoint, "remote", False))


@dataclass(order=True)
class Claim:
    """A move made while a race runs, waiting for the judged clock to reach ``stamp``."""

    stamp: float
    order: int  # arrival order: the tie-break between equal stamps
    seat: int = field(compare=False)
    code: str = field(compare=False)
    endpoint: Endpoint = field(compare=False)
    arrival: float = field(compare=False)


class WallMap:
    """The referee's clock at a moment of the host computer's own clock (``wall``), from
    pairs seen together: the table's still clock stands while the table animates, a
    computer's clock never does. With no wall clock of its own the two are one."""

    def __init__(self) -> None:
        self.pairs: deque[tuple[float, float]] = deque(maxlen=256)

    def seen(self, wall: float, now: float) -> None:
        if not self.pairs or (wall, now) != self.pairs[-1]:
            self.pairs.append((wall, now))

    def to_now(self, wall: float) -> float:
        pairs = self.pairs
        if not pairs:
            return wall
        index = bisect.bisect_right(pairs, (wall, float("inf"))) - 1
        if index < 0:
            return pairs[0][1] - (pairs[0][0] - wall)
        at_wall, at_now = pairs[index]
        gone = wall - at_wall
        if index + 1 < len(pairs):  # the still clock ran no faster than the wall's
            gone = min(gone, pairs[index + 1][1] - at_now)
        return at_now + gone


class MatchHost:
    """One match's referee and the doors that reach it (see the module docstring).

    ``names`` and ``kinds`` say who plays each seat (for ``hello``); ``now`` is the clock
    the referee runs on, read when an intent arrives. ``wall`` is the computer's own clock
    (pings are answered on it, remote stamps are in it; default: ``now``). ``handicaps``
    are chosen in setup for seats on slow connections: seconds added to each of that
    seat's race presses (it then holds the table that much less), or None: the seat does
    not race on the line at all (its presses count from when they arrive, and the table
    never waits for them).
    """

    def __init__(
        self,
        referee: Referee,
        names: list[str],
        kinds: list[str],
        now: Callable[[], float],
        wall: Callable[[], float] | None = None,
        handicaps: dict[int, float | None] | None = None,
    ) -> None:
        self.referee = referee
        self.names = list(names)
        self.kinds = list(kinds)
        self.now = now
        self.wall = wall
        self.handicaps = dict(handicaps or {})
        self.endpoints: list[Endpoint] = []
        self.seq = 0
        self._moments: dict[int, tuple[Any, dict[str, Any]]] = {}
        self.delays: dict[int, timeline.DelayTracker] = {}
        self.heard: dict[int, float] = {}  # the latest stamp heard from each remote door
        self.claims: list[Claim] = []
        self.line = 0.0  # the judged clock: where the referee's time stands
        self.walls = WallMap()
        self._order = itertools.count()
        # The last intent number taken for each seat: a resend is not applied twice.
        self.done: dict[int, int] = {}
        # Who thinks of a seat's hint: ``adviser(seat, answer)`` calls ``answer(code)``
        # when it has one (from any time later) and returns False when it gives none.
        self.adviser: Callable[[int, Callable[[str], None]], bool] | None = None

    # -- doors ----------------------------------------------------------------------------

    def attach(self, endpoint: Endpoint) -> None:
        """A door opens: it is greeted with the match as its shown seat sees it."""
        if endpoint not in self.endpoints:
            self.endpoints.append(endpoint)
        self.greet(endpoint)

    def detach(self, endpoint: Endpoint) -> None:
        """A door closes (or its connection drops). Its claims already in stand: they were
        made and arrived before the drop, and are judged at their stamps; the race no
        longer waits for its delay."""
        if endpoint in self.endpoints:
            self.endpoints.remove(endpoint)
        self._moments.pop(id(endpoint), None)
        self.delays.pop(id(endpoint), None)
        self.heard.pop(id(endpoint), None)

    def greet(self, endpoint: Endpoint) -> None:
        """``hello`` and the whole current view: a door that opens, looks elsewhere or
        comes back after a dropped connection starts from here."""
        referee, viewer = self.referee, endpoint.viewer
        state = referee.state
        endpoint.deliver(
            protocol.hello(
                game=state.game_id,
                players=state.players,
                names=self.names,
                kinds=self.kinds,
                options=dict(state.options),
                seats=list(endpoint.seats),
                viewer=viewer,
                setup=[event.for_seat(viewer) for event in referee.setup_events],
                done=self.done_for(endpoint),
            )
        )
        self._moments.pop(id(endpoint), None)
        self._send_update(endpoint, [], None)
        if referee.is_over:
            self._send_over(endpoint)

    # -- intents --------------------------------------------------------------------------

    def done_for(self, endpoint: Endpoint) -> dict[int, int]:
        """The last intent number taken for each of ``endpoint``'s seats."""
        return {seat: self.done.get(seat, 0) for seat in endpoint.seats}

    def receive(self, endpoint: Endpoint, message: Any) -> None:
        """An intent from a door, hostile until checked: a bad message or a seat the door
        does not hold is refused with the reason, and nothing changes. A move or decline
        whose number the host has already taken for that seat (sent again after a dropped
        connection, or replayed) is let be: each intent acts once."""
        try:
            message = protocol.check(message, protocol.UP)
        except protocol.BadMessage as error:
            endpoint.deliver(protocol.refused(None, "", f"Not understood: {error}."))
            return
        kind = message["type"]
        if kind == "ping":
            self.answer_ping(endpoint, message)
            return
        seat = message["seat"]
        if kind in ("move", "decline") and seat in endpoint.seats:
            if message["n"] <= self.done.get(seat, 0):
                return  # taken already
            self.done[seat] = message["n"]
        if kind == "look":
            if seat is not None and seat not in endpoint.seats:
                endpoint.deliver(protocol.refused(seat, "", "That seat is not yours to show."))
                return
            endpoint.viewer = seat
            self.greet(endpoint)
            return
        if seat not in endpoint.seats:
            code = message.get("code", "")
            endpoint.deliver(protocol.refused(seat, code, "That seat is not yours to play."))
            return
        if kind == "hint":
            self._advise(endpoint, seat)
            return
        if kind == "decline":
            self.referee.decline(seat, self.now() if not self.judged else self.line)
            self.refresh()
            return
        code = " ".join(message["code"].split())
        now = self.now()
        if not self.judged:
            try:
                events = self.referee.submit(seat, code, now)
            except IllegalAction as refusal:
                endpoint.deliver(
                    protocol.refused(seat, code, refusal.reason, self.done_for(endpoint))
                )
                return
            self.line = now
            self.broadcast(events, by=seat)
            return
        if self.racing() or self.claims:
            stamp = self.stamp_of(endpoint, seat, message.get("stamp"), now)
            bisect.insort(self.claims, Claim(stamp, next(self._order), seat, code, endpoint, now))
            self.refresh()  # judging
            return
        self.line = max(self.line, now)
        self._apply(seat, code, endpoint, self.line)

    # -- races on one time line -----------------------------------------------------------

    @property
    def judged(self) -> bool:
        """Are races judged on the line (a remote door is connected, or claims wait)?"""
        return bool(self.claims) or any(is_remote(e) for e in self.endpoints)

    def racing(self) -> bool:
        """Does a race run: a timed window, or the pause the table holds for its humans'
        chances out of turn (a Spite out of turn)? A move out of turn with no pause for it
        (a fake-out slap in Hit the Deck) is no race: it counts when it comes."""
        referee = self.referee
        return not referee.is_over and (
            referee.state.window is not None or referee.pause_left(self.line) > 0
        )

    def bound_of(self, endpoint: Endpoint) -> float:
        """How late ``endpoint``'s presses may arrive (seconds; 0 for a door here)."""
        if not is_remote(endpoint):
            return 0.0
        tracker = self.delays.get(id(endpoint))
        return timeline.UNKNOWN if tracker is None else tracker.bound()

    def _holds(self, endpoint: Endpoint) -> float | None:
        """The handicap of a remote door that races (None: here, or not racing)."""
        if not is_remote(endpoint):
            return None
        racing = [s for s in endpoint.seats if self.handicaps.get(s, 0.0) is not None]
        return min((self.handicaps.get(s) or 0.0 for s in racing), default=None)

    def lag(self) -> float:
        """The most the judged clock runs behind the host's during a race: the slowest
        connected remote door's delay bound (no more than ``timeline.FAIR_LIMIT``), less
        its handicap; a seat that does not race holds nobody."""
        lags = [0.0]
        for endpoint in self.endpoints:
            handicap = self._holds(endpoint)
            if handicap is not None:
                bound = min(self.bound_of(endpoint), timeline.FAIR_LIMIT)
                lags.append(max(0.0, bound - handicap))
        return max(lags)

    def horizon(self, now: float) -> float:
        """How far the judged clock may run at ``now``: no further than each racing remote
        door has been heard from (its messages come in order, so nothing it sends later
        was made earlier), and never more than its bound behind ``now``."""
        edge = now
        for endpoint in self.endpoints:
            handicap = self._holds(endpoint)
            if handicap is None:
                continue
            cap = max(0.0, min(self.bound_of(endpoint), timeline.FAIR_LIMIT) - handicap)
            heard = self.heard.get(id(endpoint), float("-inf")) + handicap
            edge = min(edge, max(heard, now - cap))
        return edge

    def _heard(self, endpoint: Endpoint, stamp: float) -> None:
        key = id(endpoint)
        self.heard[key] = max(self.heard.get(key, stamp), stamp)

    def stamp_of(self, endpoint: Endpoint, seat: int, stamp: Any, arrival: float) -> float:
        """When a press arriving at ``arrival`` was made, on the referee's clock: a press
        here when it came; a remote one by its stamp, clamped (``timeline.clamp``) and
        with its seat's handicap added; a seat that does not race, when it came."""
        handicap = self.handicaps.get(seat, 0.0)
        if not is_remote(endpoint) or handicap is None:
            return arrival
        opened = self.referee.window_open_at
        bound = min(self.bound_of(endpoint), timeline.FAIR_LIMIT)
        at = None if stamp is None else self.walls.to_now(float(stamp))
        at = timeline.clamp(at, arrival, opened, bound)
        self._heard(endpoint, at)
        return at + handicap

    def answer_ping(self, endpoint: Endpoint, message: dict[str, Any]) -> None:
        """A clock question from a door: its one-way delay noted (a remote door's stamp
        against the arrival), and answered on the host computer's own clock."""
        wall = self.wall or self.now
        t1 = wall()
        if is_remote(endpoint) and message.get("stamp") is not None:
            tracker = self.delays.setdefault(id(endpoint), timeline.DelayTracker())
            tracker.seen(message["stamp"], t1)
            self._heard(endpoint, min(self.walls.to_now(message["stamp"]), self.now()))
        endpoint.deliver(protocol.pong(message["t0"], t1, wall()))

    def _apply(self, seat: int, code: str, endpoint: Endpoint | None, at: float) -> None:
        """A human move applied on the line at ``at`` (its events told, or its refusal)."""
        opened = self.referee.window_open_at
        try:
            events = self.referee.submit(seat, code, at)
        except IllegalAction as refusal:
            if endpoint is not None and endpoint in self.endpoints:
                done = self.done_for(endpoint)
                endpoint.deliver(protocol.refused(seat, code, refusal.reason, done))
            return
        self.broadcast(timed(events, at, opened), by=seat)

    def _run_to(self, at: float, race: bool = False) -> None:
        """The referee run to ``at`` step by step, so each bot's press is timed; with
        ``race``, only until the race is over (the line then catches up with the host)."""
        referee = self.referee
        for _ in range(STEPS):
            due = referee.next_due()
            if due is None or due > at:
                break
            opened = referee.window_open_at
            events = referee.advance(due)
            self.line = max(self.line, due)
            if events:
                self.broadcast(timed(events, due, opened), by=None)
            elif referee.next_due() == due:
                break  # a bot still thinking: nothing more until it has its move
            if race and not self.racing():
                return
        events = referee.advance(at)
        self.line = max(self.line, at)
        if events:
            self.broadcast(timed(events, at, referee.window_open_at), by=None)

    def _judge(self, now: float) -> None:
        """The judged clock moves on to ``now`` less the lag while a race runs; waiting
        claims are applied in stamp order as it reaches them. Outside a race, and as soon
        as one is over, the line is the host's clock again: a window opens on the line
        when it is shown, not a lag later."""
        if self.racing() or self.claims:
            target = max(self.line, self.horizon(now))
            while self.claims and self.claims[0].stamp <= target:
                claim = self.claims.pop(0)
                at = max(claim.stamp, self.line)
                self._run_to(at)
                self._apply(claim.seat, claim.code, claim.endpoint, at)
            if self.racing() or self.claims:
                self._run_to(target, race=True)
        if not self.racing() and not self.claims:
            self._run_to(now)

    def _advise(self, endpoint: Endpoint, seat: int) -> None:
        step = len(self.referee.state.history)

        def answer(code: str) -> None:
            if endpoint in self.endpoints:
                endpoint.deliver(protocol.advice(seat, step, code))

        if self.adviser is None or not self.adviser(seat, answer):
            endpoint.deliver(protocol.refused(seat, "", "No hint is given at this table."))

    def advance(self, now: float) -> list[Event]:
        """Run the referee to ``now`` (in a judged game: the judged clock, module
        docstring); every door hears what happened (and what it may do now, when that
        changed without a move: a window opening, a pause ending). Returns the events of
        an unjudged game."""
        if self.wall is not None:
            self.walls.seen(self.wall(), now)
        if self.judged:
            self._judge(now)
            self.refresh()
            return []
        self.line = now
        events = self.referee.advance(now)
        if events:
            self.broadcast(events, by=None)
        else:
            self.refresh()
        return events

    def broadcast(self, events: list[Event], by: int | None) -> None:
        for endpoint in list(self.endpoints):
            self._send_update(endpoint, events, by)
        if self.referee.is_over:
            for endpoint in list(self.endpoints):
                self._send_over(endpoint)

    def refresh(self) -> None:
        """Tell each door its moment again where it changed without any event."""
        for endpoint in list(self.endpoints):
            key, _moment = self._moment_of(endpoint)
            if self._moments.get(id(endpoint), (None,))[0] != key:
                self._send_update(endpoint, [], None)

    def moment(self, endpoint: Endpoint) -> dict[str, Any]:
        """What ``endpoint``'s seats may do now (see ``protocol``): its latest moment."""
        return self._moment_of(endpoint)[1]

    def _moment_of(self, endpoint: Endpoint) -> tuple[Any, dict[str, Any]]:
        referee = self.referee
        state = referee.state
        now = self.now()
        opened = referee.window_open_at
        window = state.window if opened is not None else None
        pause = referee.pause_left(now)
        key = (
            len(state.history),
            None if window is None else window.id,
            pause > 0,
            tuple(sorted(referee.declined)),
            state.is_over,
            endpoint.viewer,
            self.judging(now),
        )
        kept = self._moments.get(id(endpoint))
        if kept is not None and kept[0] == key:
            moment = kept[1]
        else:
            out_of_turn = referee.out_of_turn_humans()
            moment = {
                "step": len(state.history),
                "to_act": list(state.to_act),
                "legal": {
                    str(seat): [action.code for action in referee.legal(seat)]
                    for seat in endpoint.seats
                },
                "out_of_turn": [seat for seat in out_of_turn if seat in endpoint.seats],
                "over": state.is_over,
            }
            if self.judged:
                moment["judging"] = self.judging(now)
                slow = [s for s in endpoint.seats if self.handicaps.get(s, 0.0) is not None]
                moment["slow"] = timeline.too_slow(self.bound_of(endpoint)) if slow else ""
        moment = dict(moment)
        moment["window"] = (
            None
            if window is None or opened is None
            else {
                "id": window.id,
                "kind": window.kind,
                "seconds": float(window.seconds),
                "left": float(max(0.0, window.seconds - (now - opened))),
            }
        )
        moment["pause"] = (
            {"seconds": float(referee.out_of_turn_pause), "left": float(pause)}
            if pause > 0
            else None
        )
        return key, moment

    def judging(self, now: float) -> bool:
        """Are presses waiting to be judged (claims in, or a window whose time is up on
        the host's clock still held open for late presses)?"""
        if self.claims:
            return True
        opened = self.referee.window_open_at
        window = self.referee.state.window
        return (
            self.judged
            and opened is not None
            and window is not None
            and now >= opened + window.seconds
        )

    def _send_update(self, endpoint: Endpoint, events: Iterable[Event], by: int | None) -> None:
        key, moment = self._moment_of(endpoint)
        self._moments[id(endpoint)] = (key, moment)
        viewer = endpoint.viewer
        self.seq += 1
        endpoint.deliver(
            protocol.update(
                seq=self.seq,
                by=by,
                viewer=viewer,
                events=[event.for_seat(viewer) for event in events],
                view=self.referee.observation(viewer),
                moment=moment,
                done=self.done_for(endpoint),
            )
        )

    def _send_over(self, endpoint: Endpoint) -> None:
        result = self.referee.result
        if result is None:
            return
        endpoint.deliver(protocol.over(result.to_dict(), self.referee.record().to_dict()))


def timed(events: list[Event], at: float, opened: float | None) -> list[Event]:
    """``events`` with each hit in a slap round carrying its time after the card appeared
    (``after``, seconds): every computer shows the judged order with the same times."""
    if opened is None:
        return events
    return [
        event._replace(data={**event.data, "after": round(at - opened, 3)})
        if event.kind == "slap" and event.data.get("stage") == "hit"
        else event
        for event in events
    ]
