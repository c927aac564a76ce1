"""What the command line asks the app to open: a table straight away, or the title.

A plain value, so the command line can build it without starting pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardtable.engine import BadSetup, IllegalAction, brief
from cardtable.games import registry
from cardtable.names import DEFAULT_NAMES, clean_name
from cardtable.strategy import playable

#: A seat played by a player on another computer (the table is hosted for them).
REMOTE = "remote"


@dataclass(frozen=True)
class Launch:
    """Open ``game_id`` at once with these seats (``"human"`` or a bot level).

    ``watch`` makes every seat a bot and the view a spectator's (``cardtable watch``).
    ``names`` are the players' names by seat (empty: the names from the settings).
    """

    game_id: str
    players: int
    seats: tuple[str, ...]
    seed: int | str = 0
    options: dict[str, Any] = field(default_factory=dict)
    watch: bool = False
    names: tuple[str, ...] = ()
    deck: tuple[str, ...] | None = None  # a stacked deck, top card first (tests, replays)
    # The moves already made (a resumed game; a replay's whole record), by seat.
    actions: tuple[tuple[int, str], ...] = ()
    viewer: int | None = None  # whose hand a resumed game shows (None: as usual)
    replay: bool = False  # step through ``actions`` instead of playing
    # The key its game in progress is kept under (a resumed game's; empty: a new game,
    # which the match gives a key of its own: ``storage.new_key``).
    key: str = ""
    # Seconds a remote player's seat waits when they drop before a bot plays it (None:
    # until the host hands it over).
    away_wait: float | None = 30.0
    # Seconds added to each race press of a remote seat, for players on connections too
    # slow to race fairly (the table then waits that much less for them); None: remote
    # seats do not race on the table's time line (their presses count when they arrive).
    race_handicap: float | None = 0.0
    joined: bool = False  # a table joined on another computer (its host plays again)

    @classmethod
    def of(cls, record, **more) -> Launch:
        """The launch that plays on from (or replays) a match record."""
        return cls(
            record.game_id,
            record.players,
            tuple(record.seats),
            record.seed,
            dict(record.options),
            deck=None if record.deck is None else tuple(record.deck),
            actions=tuple(record.actions),
            **more,
        )

    def record(self, actions=None):
        """The match record of this launch with ``actions`` (default: its own)."""
        from cardtable.engine import MatchRecord

        return MatchRecord(
            self.game_id,
            self.players,
            self.seed,
            dict(self.options),
            list(self.seats),
            list(self.actions if actions is None else actions),
            None if self.deck is None else list(self.deck),
        )


def seat_names(launch: Launch, name_of) -> list[str]:
    """The players' names: the launch's, else humans take the settings' names first
    ("You" ...) and bots the next. When several humans share the screen, "You" is nobody
    in particular ("Pass to You", "You play" shown to another player) and "Ada" reads as
    a bot: a human with a stock name is called "Player N" after their seat instead."""
    kinds = ["bot"] * len(launch.seats) if launch.watch else list(launch.seats)
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    order = humans + [s for s in range(len(kinds)) if s not in humans]
    offset = 0 if humans else 1
    names = [
        clean_name(
            launch.names[seat] if seat < len(launch.names) else name_of(order.index(seat) + offset),
            seat,
        )
        for seat in range(len(kinds))
    ]
    hosted = REMOTE in kinds
    if len(humans) > 1 or hosted:
        # The stock names read as the computer's players ("Ada") or as nobody ("You"):
        # people sharing the screen, or a table, are "Player N" unless they typed a name
        # of their own; a seat for another computer is "Seat N" until its player joins.
        names = [
            f"Seat {seat + 1}"
            if kinds[seat] == REMOTE and name in DEFAULT_NAMES
            else f"Player {seat + 1}"
            if name in DEFAULT_NAMES and seat in humans
            else name
            for seat, name in enumerate(names)
        ]
    return names


def seats_problem(record) -> str | None:
    """Why a saved match record names a game or seats no table can seat, in a line, or
    None: an unknown game, a seat count that is not its players', a level the game has
    no bot for (a file may be damaged or crafted). A level the game no longer offers at a
    new table (expert) is not a problem: a game saved with it opens and plays on with it.
    Its moves are ``record_problem``'s."""
    try:
        info = registry.get(record.game_id)
    except KeyError as error:
        return str(error.args[0] if error.args else error)
    known = playable(info.id)
    if len(record.seats) != record.players:
        return f"it names {len(record.seats)} seats for {record.players} players"
    for seat, kind in enumerate(record.seats):
        if kind not in ("human", REMOTE) and kind not in known:
            return (
                f"seat {seat + 1} is played by {brief(kind, 40)}, which {info.title} has no "
                f"bot for (human, {', '.join(known)})"
            )
    return None


def record_problem(record) -> str | None:
    """Why a saved match record (a game to resume) cannot be opened at its table, in a
    line, or None: its seats (``seats_problem``), then its moves and options replayed, so
    the app says what is wrong instead of failing on it."""
    problem = seats_problem(record)
    if problem is not None:
        return problem
    try:
        registry.replay(record)
    except IllegalAction as error:
        return f"it holds a move the game refuses: {error.reason}"
    except (BadSetup, KeyError, TypeError, ValueError) as error:
        return str(error.args[0] if error.args else error)
    return None
