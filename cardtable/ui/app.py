"""The app: one resizable window, the scene manager's loop, settings, sound and cards.

``run(launch, frames)`` is what the ``cardtable`` command starts: the title, or straight
a table for a ``Launch``; ``frames`` quits cleanly after that many frames.
``run_smoke()`` opens the title and every registered game's table briefly with bots.

The app is where the screens meet: scenes and tables never import each other upward, they
ask the app to open a table (``open_table``, ``table_for``, ``play_again``) or a screen
around it (``open_rules``, ``open_settings``, ``cover_table``, ``show_results``).
Not for the rules of play (engine and games) or the tables' drawing (``tables``).
"""

from __future__ import annotations

import contextlib
import random
import signal
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable import storage
from cardtable.engine import BadSetup

from . import theme
from .cards import CardRenderer
from .resources import asset_path
from .scenes import SceneManager
from .scenes.title import TitleScene
from .sound import Sounds

if TYPE_CHECKING:
    from cardtable.engine import GameInfo
    from cardtable.play import BotPool

    from .launch import Launch
    from .tables import TableScene
    from .tables.saver import Saver

# Start-up: the title's first frame comes before the tables, the other screens, the games'
# rules and the bots' pool are imported (they are most of the start-up's time; the first
# table, screen or game asked for imports them).

TITLE = "Card Table"
FPS = 60
# The smallest window every scene is laid out for (and tested at); the window manager is
# told, so a player cannot drag the window smaller.
MIN_SIZE = (640, 400)


def at_least_minimum(size: tuple[int, int]) -> tuple[int, int]:
    return (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))


class App:
    """The window and the loop. Tests drive it frame by frame with ``step()``."""

    def __init__(self, size: tuple[int, int] | None = None) -> None:
        theme.reset_fonts()
        pygame.init()
        self.settings, self.startup_message = storage.load_settings()
        # Our icon on the window (title bar, taskbar, Dock), set before the window opens.
        pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "cardtable-64.png"))))
        self.windowed_size = at_least_minimum(size or self.settings.window_size)
        self.screen = self._open_window(self.settings.fullscreen)
        pygame.display.set_caption(TITLE)
        self.manager = SceneManager()
        self._saver: Saver | None = None
        self.cards = CardRenderer()
        self.cards.fit(self.screen.get_size())
        self.sounds = Sounds(self.settings.volume, self.settings.muted)
        self.clock = pygame.time.Clock()
        # Tests set this: every frame then advances the same virtual time, however fast
        # the machine is. The animation code runs as it does for a player.
        self.fixed_dt: float | None = None
        self.running = True
        self.frame = 0
        self.pads: list = []
        self._bot_pool: BotPool | None = None
        self._rested = 0.0  # seconds the last rest lasted (see ``rest``)
        self.ending = False  # a signal asked the app to end (``ending_on_signals``)

    @property
    def saver(self) -> Saver:
        """What writes games in progress off the frame (made at the first table)."""
        if self._saver is None:
            from .tables.saver import Saver

            self._saver = Saver()
        return self._saver

    def bot_pool(self) -> BotPool:
        """The processes bots think in: started at the first table, reused by the next."""
        if self._bot_pool is None:
            from cardtable.play import BotPool

            self._bot_pool = BotPool(workers=1)
        return self._bot_pool

    # -- window ---------------------------------------------------------------------------

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.settings.fullscreen = False
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        with contextlib.suppress(pygame.error), warnings.catch_warnings():
            # pygame-ce calls a display-module window deprecated; it is the way to reach it.
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        return screen

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.screen = self._open_window(on)
        self.cards.fit(self.screen.get_size())
        self.manager.resize(self.screen.get_size())
        self.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        size = at_least_minimum(size)
        if not self.settings.fullscreen:
            self.windowed_size = size
            self.settings.window_size = size
        self.screen = pygame.display.get_surface()
        current = self.screen.get_size()
        if at_least_minimum(current) != current:
            # A window manager that ignored the minimum: take the window back up to it (a
            # full screen smaller than the minimum becomes a window at the last size).
            if self.settings.fullscreen:
                self.settings.fullscreen = False
                size = self.windowed_size
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.cards.fit(self.screen.get_size())
        self.manager.resize(self.screen.get_size())

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # -- settings -------------------------------------------------------------------------

    @property
    def speed(self) -> float:
        return max(0.05, float(self.settings.animation_speed))

    def save_settings(self) -> None:
        self.sounds.set_volume(self.settings.volume, self.settings.muted)
        try:
            storage.save_settings(self.settings)
        except OSError as error:
            said = storage.cannot_write("Settings", error, "they hold until Card Table closes")
            if said and self.manager.top is not None:
                self.tell(said)
            elif said:
                print(f"Card Table: {said}", file=sys.stderr)

    def name_of(self, seat: int) -> str:
        names = self.settings.player_names
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    # -- scenes ---------------------------------------------------------------------------

    def show_title(self) -> None:
        self.manager.reset(TitleScene(self))

    def table_for(self, game_id: str) -> type[TableScene]:
        """The table class that plays ``game_id`` (what a scene asks before opening it)."""
        return table_for(game_id)

    def table(self) -> TableScene | None:
        """The table in the scene stack, if any (none before the tables are imported)."""
        tables = sys.modules.get(f"{__package__}.tables")
        return None if tables is None else self.manager.find(tables.TableScene)

    def outcome_words(self, game_id: str):
        """What the game's table says of how a game ended on the results screen (its
        ``outcome_words``), or None: the results show the scores."""
        return getattr(self.table_for(game_id), "outcome_words", None)

    def open_table(self, launch: Launch) -> None:
        """Open ``launch``'s table on top of the title; options the game does not allow at
        its player count (however they came: the setup checks them too) are said in one
        line and no table opens."""
        from cardtable.games import registry

        if not isinstance(self.manager.top, TitleScene):
            self.manager.reset(TitleScene(self))
        info = registry.get(launch.game_id)
        try:
            info.resolve_options(launch.options, launch.players)
        except BadSetup as error:
            self.tell(f"{info.title} cannot start: {str(error).rstrip('.')}.")
            return
        self.manager.push(self.table_for(launch.game_id)(self, launch))

    def open_joined_table(self, door) -> None:
        """Open the table joined through ``door`` (a ``NetDoor`` that holds its seat and
        has the host's ``hello``): the same table, its match on the host's computer."""
        from cardtable.engine import BadSetup

        from .launch import seats_problem
        from .tables.remote import RemoteMatch, launch_for

        hello = next((m for m in list(door.inbox) if m["type"] == "hello"), None)
        if hello is None:
            return
        launch = launch_for(hello)
        problem = seats_problem(launch.record())
        if len(launch.seats) != launch.players or problem is not None:
            door.close()
            self.tell(f"That table cannot be shown here ({problem or 'its seats'}).")
            return
        try:
            table = self.table_for(launch.game_id)(
                self, launch, RemoteMatch(launch, door, list(hello["names"]), self.saver)
            )
        except (BadSetup, KeyError, ValueError) as error:
            door.close()
            self.tell(f"That table cannot be shown here ({error}).")
            return
        self.manager.push(table)

    def play_again(self, launch: Launch) -> None:
        """Replace the top scene (the results) with the same table and a fresh seed."""
        if launch.joined:  # the host deals the next game: join its table again
            from .scenes.join import JoinScene

            self.show_title()
            self.manager.push(JoinScene(self))
            return
        again = self.new_launch(launch)
        self.manager.replace(self.table_for(again.game_id)(self, again))

    def open_rules(self, info: GameInfo) -> None:
        from .scenes.rules import RulesScene

        self.manager.push(RulesScene(self, info))

    def open_how_to(self, info: GameInfo, first_run: bool = False) -> None:
        """The game's "how to play" card over the top scene; ``first_run``: only if the
        player has not turned it off."""
        from .scenes.how_to import HowToScene, should_show

        if first_run and not should_show(self, info):
            return
        lines = getattr(self.table_for(info.id), "how_to", ())
        rules = (lambda: self.open_rules(info)) if first_run else None
        self.manager.push(HowToScene(self, info, lines, rules))

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene

        self.manager.push(SettingsScene(self))

    def cover_table(self, name: str, on_ready: Callable[[], None]) -> None:
        """The privacy screen over the table: "Pass to ``name``"; ``on_ready`` once they are."""
        from .scenes.privacy import PrivacyScene

        self.manager.push(PrivacyScene(self, name, on_ready))

    def show_results(
        self, launch: Launch, names: list[str], result: dict[str, Any], title: str
    ) -> None:
        """The finished table makes way for its results."""
        from .scenes.results import ResultsScene

        self.manager.replace(ResultsScene(self, launch, names, result, title))

    def tell(self, message: str) -> None:
        """Show ``message`` (one line, such as a file set aside) once, as the top scene's
        toast, or the table's banner; on the error stream if that scene has neither."""
        top = self.manager.top
        toast = getattr(top, "toast", None)
        if toast is not None:
            toast.show(message, seconds=12.0, tone=theme.GOLD)
        elif top is not None and top is self.table():
            top.refuse(message)  # the table's banner: play goes on under it
        else:
            print(f"Card Table: {message}", file=sys.stderr)

    def new_launch(self, launch: Launch) -> Launch:
        """The same table again with a fresh seed (Play again)."""
        from .launch import Launch

        return Launch(
            launch.game_id,
            launch.players,
            launch.seats,
            random.randrange(1, 10**9),
            dict(launch.options),
            launch.watch,
            launch.names,
            away_wait=launch.away_wait,
        )

    def quit(self) -> None:
        if self._saver is not None:
            self._saver.flush()  # the last state is the one on disk when the app ends
        self.running = False

    @contextlib.contextmanager
    def ending_on_signals(self):
        """While the app runs as a program: SIGTERM (a logout, a shutdown, ``kill``) and
        SIGINT (Ctrl+C in its terminal) end it without asking, the game in progress saved
        as "Leave" saves it (``end``). SDL would make them a click on the window's close
        button, which asks "Leave this game?" and waits for an answer nobody gives."""
        previous = {}
        for name in ("SIGTERM", "SIGINT"):
            number = getattr(signal, name, None)
            if number is not None:
                with contextlib.suppress(ValueError, OSError):  # not the main thread
                    previous[number] = signal.signal(number, self._signalled)
        try:
            yield
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    def _signalled(self, number: int, frame: Any) -> None:
        self.ending = True  # acted on at the next frame: a handler must not draw or save

    def end(self) -> None:
        """End now: the game in progress is saved (to resume from the title), nothing is
        asked."""
        table = self.table()
        if table is not None and table.tools.in_progress():
            table.save()
        self.quit()

    def close_requested(self) -> None:
        """The window's close button: a game in progress asks first (it is saved either
        way); anything else quits."""
        table = self.table()
        privacy = sys.modules.get(f"{__package__}.scenes.privacy")
        if (
            table is None
            or not table.tools.in_progress()
            or (privacy is not None and isinstance(self.manager.top, privacy.PrivacyScene))
        ):
            self.quit()
            return
        while self.manager.top is not table:
            self.manager.pop()
        table.tools.leave(self.quit)

    def resume_game(self, progress: storage.Progress) -> None:
        """Open the saved game in progress where it was left."""
        from .launch import Launch

        launch = Launch.of(
            progress.record, names=tuple(progress.names), viewer=progress.viewer, key=progress.key
        )
        self.open_table(launch)

    def open_replay(self, record) -> None:
        """Step through a finished match's record at its table (the names: the settings')."""
        from .launch import Launch

        launch = Launch.of(record, replay=True)
        self.manager.push(self.table_for(record.game_id)(self, launch))

    # -- the loop -------------------------------------------------------------------------

    def step(self) -> None:
        """One frame: input, update, draw."""
        if self.ending:
            self.end()
            return
        if self.fixed_dt is not None:
            self.clock.tick()  # virtual time: no frame cap, so tests run at full speed
            # Without a frame cap nothing else sleeps: give the bots' thinking thread its
            # turn, as the real frame cap does, so a tight test loop cannot starve it.
            time.sleep(0.0005)
            dt = self.fixed_dt
        else:
            # After a rest the time slept counts (the scene said nothing was due before
            # it); otherwise a stall is not allowed to jump the animations.
            # The first frame is not held back by the cap: nothing came before it.
            cap = FPS if self.frame else 0
            dt = min(self.clock.tick(cap) / 1000.0, max(0.1, self._rested))
            self._rested = 0.0
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.close_requested()
            elif event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
            elif event.type == pygame.JOYDEVICEADDED:
                # Opened pads send button events (slap buttons); keep them open.
                with contextlib.suppress(pygame.error):
                    self.pads.append(pygame.joystick.Joystick(event.device_index))
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.set_fullscreen(not self.settings.fullscreen)
            else:
                self.manager.handle(event)
        table = self.table()
        if table is not None:  # a hosted table hears its players whatever is on top
            table.match.serve()
        self.manager.update(dt)
        self.screen.fill((0, 0, 0))
        self.manager.draw(self.screen)
        pygame.display.flip()
        self.frame += 1

    def loop(self, frames: int | None = None) -> int:
        """Run until the player quits, or for ``frames`` frames (a check: then it never
        rests, so the frames come at the frame cap's pace). Returns the exit code."""
        count = 0
        while self.running and (frames is None or count < frames):
            if self.manager.top is None:
                break
            self.step()
            count += 1
            if count == 1 and frames is None:
                # The bots' process starts behind the first frame, so it is ready by the
                # time a table asks its first move (a start-up takes a second or more on
                # a busy machine, longer from the build).
                self.bot_pool()
            if self.fixed_dt is None and self.running and frames is None:
                self.rest()
        return 0

    def rest(self) -> None:
        """Sleep while the scene on top needs no frame: until an input event comes, or
        until its next timer is due. The event is kept for the next frame, which starts at
        once (a frame cap only delays a frame that follows another within 1/60 s)."""
        top = self.manager.top
        wake = top.wake_in() if top is not None else 0.0
        table = self.table()
        if table is not None and table.match.network:  # the network may bring a move
            from .tables.match import NETWORK_POLL

            wake = NETWORK_POLL if wake is None else min(wake, NETWORK_POLL)
        if wake is not None and wake < 1.0 / FPS:
            return
        started = time.perf_counter()
        event = pygame.event.wait(1000 if wake is None else max(1, int(wake * 1000)))
        if event.type != pygame.NOEVENT:
            pygame.event.post(event)
        self._rested = time.perf_counter() - started

    def close(self) -> None:
        if not self.settings.fullscreen:
            self.settings.window_size = self.windowed_size
        self.save_settings()
        while self.manager.top is not None:
            self.manager.pop()
        if self._bot_pool is not None:
            self._bot_pool.shutdown()
            self._bot_pool = None
        theme.reset_fonts()
        pygame.quit()


def table_for(game_id: str) -> type[TableScene]:
    """The table class that plays ``game_id`` (``tables.table_for``, imported at need)."""
    from .tables import table_for as find

    return find(game_id)


def run(launch: Launch | None = None, frames: int | None = None) -> int:
    """The app: the title, or straight at ``launch``'s table; quits after ``frames``."""
    app = App()
    try:
        with app.ending_on_signals():
            if launch is None:
                app.show_title()
            else:
                app.open_table(launch)
            return app.loop(frames)
    finally:
        app.close()


def run_smoke(frames_per_scene: int = 120) -> int:
    """Open the title, then each registered game's table with bots only, briefly."""
    from cardtable.games import registry
    from cardtable.strategy import levels

    from .launch import Launch

    app: App | None = None
    try:
        app = App()
        app.show_title()
        app.loop(frames_per_scene // 2)
        for info in registry.all():
            players = max(info.min_players, min(4, info.max_players))
            level = "random" if "random" in levels(info.id) else levels(info.id)[0]
            app.open_table(Launch(info.id, players, (level,) * players, seed=1, watch=True))
            app.loop(frames_per_scene)
            if not app.running:
                break
        return 0
    except Exception as error:  # the smoke test reports any failure as one line and 1
        traceback.print_exc(file=sys.stderr)
        print(f"cardtable --smoke failed: {error}", file=sys.stderr)
        return 1
    finally:
        if app is not None:
            with contextlib.suppress(pygame.error):
                app.close()
