"""What the command line asks the app to open: a table straight away, or the title.

A plain value, so the command line can build it without starting pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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
