"""The host of a match: its referee behind the seat protocol's doors.

``MatchHost`` holds the one referee (the one authority) and the doors opened to it. Each
door holds some seats (the humans it speaks for) and shows one of them, or none; the host
sends each door only what its shown seat may see (events with hidden cards turned down,
that seat's observation) and what its own seats may do now, and takes from it intents for
its own seats only, each checked as hostile. A door is a function call in local play
(``door.LocalDoor``) or a network connection; the host cannot tell which.
Not for: timing or bots (the referee), drawing (the ui).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from cardtable.engine import Event, IllegalAction

from . import protocol
from .referee import Referee


class Endpoint(Protocol):
    """The host's side of a door: where its messages go, which seats it holds."""

    seats: tuple[int, ...]
    viewer: int | None

    def deliver(self, message: dict[str, Any]) -> None: ...


class MatchHost:
    """One match's referee and the doors that reach it (see the module docstring).

    ``names`` and ``kinds`` say who plays each seat (for ``hello``); ``now`` is the clock
    the referee runs on, read when an intent arrives.
    """

    def __init__(
        self,
        referee: Referee,
        names: list[str],
        kinds: list[str],
        now: Callable[[], float],
    ) -> None:
        self.referee = referee
        self.names = list(names)
        self.kinds = list(kinds)
        self.now = now
        self.endpoints: list[Endpoint] = []
        self.seq = 0
        self._moments: dict[int, tuple[Any, dict[str, Any]]] = {}
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
        if endpoint in self.endpoints:
            self.endpoints.remove(endpoint)
        self._moments.pop(id(endpoint), None)

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
        kind, seat = message["type"], message["seat"]
        if kind in ("move", "decline") and seat in endpoint.seats:
            if message["n"] <= self.done.get(seat, 0):
                return  # taken already
            # Issue 31 (fair slap timing) orders racing claims here, by ``stamp`` on the
            # host's clock, before the intent reaches the referee.
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
            self.referee.decline(seat, self.now())
            self.refresh()
            return
        code = " ".join(message["code"].split())
        try:
            events = self.referee.submit(seat, code, self.now())
        except IllegalAction as refusal:
            endpoint.deliver(protocol.refused(seat, code, refusal.reason, self.done_for(endpoint)))
            return
        self.broadcast(events, by=seat)

    def _advise(self, endpoint: Endpoint, seat: int) -> None:
        step = len(self.referee.state.history)

        def answer(code: str) -> None:
            if endpoint in self.endpoints:
                endpoint.deliver(protocol.advice(seat, step, code))

        if self.adviser is None or not self.adviser(seat, answer):
            endpoint.deliver(protocol.refused(seat, "", "No hint is given at this table."))

    # -- what the doors are told ----------------------------------------------------------

    def advance(self, now: float) -> list[Event]:
        """Run the referee to ``now``; every door hears what happened (and what it may do
        now, when that changed without a move: a window opening, a pause ending)."""
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
