"""What a screen needs from the app, as a ``Protocol``: the window's size, the settings,
the scene stack, the cards and sounds, the bot pool and saver a table's match uses, and
the app's ways to open another screen (``open_rules``, ``show_results``, ...).

Scenes and tables are handed the ``App`` and name it by this door, never by the ``App``
class: the app imports every screen, so a screen that imported the app (even only for a
type hint) would tie the whole ui into one import circle. Not for what any one screen
does with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cardtable.engine import GameInfo
    from cardtable.play import BotPool
    from cardtable.storage import Progress, Settings

    from .cards import CardRenderer
    from .launch import Launch
    from .sound import Sounds


class SceneStack(Protocol):
    """The app's stack of scenes (``scenes.base.SceneManager``): the top one has the input."""

    @property
    def top(self) -> Any: ...

    def push(self, scene: Any) -> None: ...

    def pop(self) -> Any: ...

    def replace(self, scene: Any) -> None: ...


class Keeper(Protocol):
    """Writes the game in progress off the frame (``tables.saver.Saver``)."""

    def keep(self, progress: Any) -> None: ...

    def clear(self, key: str = "game") -> None: ...

    def flush(self, timeout: float = 10.0) -> bool: ...


class AppServices(Protocol):
    """The app as every scene and table sees it."""

    settings: Settings
    startup_message: str | None
    manager: SceneStack
    saver: Keeper
    cards: CardRenderer
    sounds: Sounds
    fixed_dt: float | None

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def speed(self) -> float: ...

    def bot_pool(self) -> BotPool: ...

    def save_settings(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def name_of(self, seat: int) -> str: ...

    def show_title(self) -> None: ...

    def table_for(self, game_id: str) -> Any: ...

    def outcome_words(self, game_id: str) -> Any: ...

    def open_table(self, launch: Launch) -> None: ...

    def play_again(self, launch: Launch) -> None: ...

    def resume_game(self, progress: Progress) -> None: ...

    def open_replay(self, record: Any) -> None: ...

    def open_joined_table(self, door: Any) -> None: ...

    def open_rules(self, info: GameInfo) -> None: ...

    def open_how_to(self, info: GameInfo, first_run: bool = False) -> None: ...

    def open_settings(self) -> None: ...

    def cover_table(self, name: str, on_ready: Callable[[], None]) -> None: ...

    def show_results(
        self, launch: Launch, names: list[str], result: dict[str, Any], title: str
    ) -> None: ...

    def tell(self, message: str) -> None: ...

    def quit(self) -> None: ...
