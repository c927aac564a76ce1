"""The match behind a table joined on another computer: no referee here, only the door.

A joiner's table is the same table as a local one, driven by a ``SeatClient`` over a
``cardtable.net.NetDoor``; this stands where ``Match`` stands for it. The match runs on
the host: ``advance`` only lets the computer's clock run, saving keeps nothing but the
seat token (kept when the seat was taken), and at the end the result and the whole match
record come with the ``over`` message: the statistics and the record are kept here too.
Not for drawing or input (the table), nor deciding anything (the host's referee).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardtable.engine import Event, IllegalAction, MatchRecord, Result
from cardtable.games import registry
from cardtable.play import SeatClient

from ..launch import REMOTE, Launch
from .match import NETWORK_POLL, SeatController


def launch_for(hello: dict[str, Any]) -> Launch:
    """The launch a joined table opens with, from the host's checked ``hello``: this
    computer's seats are its humans, the host's humans are remote to it, bots keep their
    level."""
    seats = tuple(
        "human" if seat in hello["seats"] else (REMOTE if kind in ("human", REMOTE) else kind)
        for seat, kind in enumerate(hello["kinds"])
    )
    return Launch(
        hello["game"],
        hello["players"],
        seats,
        options=dict(hello["options"]),
        names=tuple(hello["names"]),
        joined=True,
    )


class RemoteMatch:
    """A joined table's match (module docstring): ``door`` is the ``NetDoor`` that holds
    this computer's seat, already joined."""

    real_time = True
    executor = None

    def __init__(self, launch: Launch, door: Any, names: list[str], saver: Any) -> None:
        self.launch = launch
        self.saver = saver  # the app's: it keeps nothing of a joined game, says its failures
        self.info = registry.get(launch.game_id)
        self.door = door
        self.seats = [
            SeatController(seat, kind, names[seat]) for seat, kind in enumerate(launch.seats)
        ]
        self.humans = [seat for seat, kind in enumerate(launch.seats) if kind == "human"]
        self.remote = [seat for seat, kind in enumerate(launch.seats) if kind == REMOTE]
        self.clock = time.monotonic  # the window's time left counts on this computer's clock
        # and its presses are stamped on it, then put on the host's clock (issue 31)
        self.wall: Callable[[], float] | None = time.monotonic
        self.client: SeatClient | None = None  # the table's, set when it opens
        self.finished = False
        self.saved_record = None
        self.now = 0.0
        self.hosting = None

    network = True

    @property
    def state(self):
        raise AttributeError("a joined table has no game state: the host keeps it")

    @property
    def problem(self) -> str | None:
        """Why the table cannot go on (the host turned the seat away, sent junk)."""
        return self.door.problem

    def advance(self, dt: float) -> None:
        self.now += dt

    def serve(self) -> None:
        """Nothing to serve: the host does."""

    def next_due(self) -> float | None:
        return NETWORK_POLL  # what the host sends may come any time

    def save(self, viewer: int | None, undone: bool = False) -> None:
        """Nothing to keep but the seat token, kept when the seat was taken."""

    def preview(self, seat: int, code: str) -> list[Event]:
        """What a move would do cannot be worked out here (the host keeps the game): a
        hint at a joined table is said by the move's own words."""
        raise IllegalAction("The host keeps the game: a move is not tried out here.")

    def record(self) -> MatchRecord | None:
        record = self.client.record if self.client is not None else None
        return None if record is None else MatchRecord.from_dict(record)

    def close(self) -> None:
        self.door.close()

    def finish(self) -> tuple[dict[str, Any], str | None] | None:
        """Keep the result in the statistics and the match record, as the host does."""
        client = self.client
        if self.finished or client is None or client.result is None:
            return None
        self.finished = True
        from cardtable import storage
        from cardtable.engine import BadRecord

        data = client.result
        result = Result(list(data["scores"]), [list(r) for r in data["ranking"]])
        message = storage.record_result(self.info.id, list(self.launch.seats), result)
        try:
            record = MatchRecord.from_dict(client.record)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.saved_record = storage.save_match(record, f"{self.info.id}-{stamp}")
        except BadRecord as error:
            message = message or f"The host's match record could not be kept ({error})."
        except OSError as error:
            message = message or f"The match record could not be kept ({error.strerror or error})."
        return result.to_dict(), message
