"""Resume: the games left in progress (``storage.list_progress``), the last played first,
each saying which game, against whom and when it was last played; choosing one opens it
where it was left. The title comes here when there are several. Not for finished games
(``replays``).
"""

from __future__ import annotations

import time

from cardtable import storage
from cardtable.games import registry

from .. import theme
from ..launch import Launch, seat_names
from .replays import Entry, ReplaysScene


def when(seconds: float, now: float | None = None) -> str:
    """ "today 14:05", "yesterday 09:30" or "26 Nov 14:05"."""
    moment = time.localtime(seconds)
    today = time.localtime(now)
    clock = time.strftime("%H:%M", moment)
    days = (
        time.mktime((*today[:3], 0, 0, 0, 0, 0, -1)) - time.mktime((*moment[:3], 0, 0, 0, 0, 0, -1))
    ) / 86400
    if round(days) == 0:
        return f"today {clock}"
    if round(days) == 1:
        return f"yesterday {clock}"
    return time.strftime("%d %b %H:%M", moment).lstrip("0")


def describe(progress: storage.Progress, name_of, now: float | None = None) -> str:
    """ "What the Heck? · today 14:05 · against Ada (hard) and Bo (easy)" (the game and
    when first, so a narrow window cuts the names); with several humans at the screen,
    who plays too ("You and Cy against Bo (hard)")."""
    record = progress.record
    title = registry.get(record.game_id).title
    names = seat_names(Launch.of(record, names=tuple(progress.names)), name_of)
    humans = [name for name, kind in zip(names, record.seats, strict=False) if kind == "human"]
    bots = [
        f"{name} ({kind})"
        for name, kind in zip(names, record.seats, strict=False)
        if kind != "human"
    ]
    if bots:
        who = f"against {and_list(bots)}"
        if len(humans) > 1:
            who = f"{and_list(humans)} {who}"
    else:
        who = and_list(humans)
    # A game open at a table in another copy of the app says so where the time would be.
    moment = "open in another window" if progress.elsewhere else when(progress.saved, now)
    return f"{title} · {moment} · {who}"


ELSEWHERE = "That game is open in another window of Card Table: go on with it there."


def and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class ResumeScene(ReplaysScene):
    """The games in progress as a list to choose from (the replays list's layout)."""

    heading = "Resume a game"
    empty = "No game is left in progress."

    def __init__(self, app, games: list[storage.Progress]) -> None:
        super().__init__(app)
        self.games = games

    def enter(self) -> None:
        self.entries = [Entry(game.record, describe(game, self.app.name_of)) for game in self.games]
        self.offset = 0
        super(ReplaysScene, self).enter()

    def _opener(self, record):
        game = next(game for game in self.games if game.record is record)
        if game.elsewhere:
            return lambda: self.toast.show(ELSEWHERE, seconds=5.0, tone=theme.GOLD)
        return lambda: self.app.resume_game(game)
