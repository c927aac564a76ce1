"""The scenes around the table: title, game choice, table setup, privacy screen, results,
rules help and settings.

Each is keyboard- and mouse-driven and lays itself out again when the window resizes. Not
for the tables (see ``tables``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine import GameInfo
from cardtable.games import registry
from cardtable.strategy import levels

from . import theme
from .cards import CardFace, CardStyle, card_size
from .launch import Launch
from .scenes import Scene
from .slap import RESERVED_KEYS, key_code, key_label, keys_for, pad_label, pads_for
from .widgets import Button, ButtonColumn, TextField, Toast, wrap

if TYPE_CHECKING:
    from .app import App

BACK_KEYS = (pygame.K_ESCAPE, pygame.K_BACKSPACE)


def _title_face(code: str) -> CardFace:
    palette = [(200, 60, 60), (60, 120, 210), (50, 160, 90), (220, 160, 40), (130, 80, 190)]
    return CardFace(label=code, index=code, accent=palette[int(code) % len(palette)])


TITLE_STYLE = CardStyle("title", _title_face, back_label="CARD TABLE")


class MenuScene(Scene):
    """A scene with a heading and a column of buttons, rebuilt on resize."""

    heading = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.column = ButtonColumn([])
        self.toast = Toast()

    def enter(self) -> None:
        self.build()

    def resume(self) -> None:
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.build()

    def build(self) -> None:
        """Create and place the buttons for the current window size."""

    def back(self) -> None:
        self.app.manager.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if self.column.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in BACK_KEYS:
            self.back()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    def draw_heading(self, surface: pygame.Surface, y: int | None = None) -> int:
        width, height = surface.get_size()
        size = max(28, min(56, height // 13))
        top = y if y is not None else max(20, height // 14)
        theme.text(surface, self.heading, (width // 2, top), size, theme.INK, True, "midtop")
        return top + size + 20

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface)
        self.column.draw(surface)
        self.toast.draw(surface)


def stack_buttons(buttons: list[Button], centre_x: int, top: int, width: int, height: int) -> int:
    for index, button in enumerate(buttons):
        button.rect = pygame.Rect(0, 0, width, height)
        button.rect.midtop = (centre_x, top + index * (height + 14))
    return top + len(buttons) * (height + 14)


class TitleScene(MenuScene):
    heading = "Card Table"

    def enter(self) -> None:
        super().enter()
        if self.app.startup_message:
            # A damaged settings file was set aside: say so once, never crash.
            self.toast.show(self.app.startup_message, seconds=12.0, tone=theme.GOLD)
            self.app.startup_message = None

    def build(self) -> None:
        width, height = self.app.size
        self.column = ButtonColumn(
            [
                Button("Play", self.choose_game),
                Button("Settings", lambda: self.app.manager.push(SettingsScene(self.app))),
                Button("Quit", self.app.quit),
            ]
        )
        stack_buttons(self.column.buttons, width // 2, int(height * 0.55), 280, 56)

    def choose_game(self) -> None:
        self.app.manager.push(GameChoiceScene(self.app))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        size = card_size(height * 0.24)
        # A fan of cards above the buttons.
        for index, code in enumerate(["3", "7", "12", "5", "15"]):
            angle = (index - 2) * 11
            image = self.app.cards.image(TITLE_STYLE, code, size)
            turned = pygame.transform.rotozoom(image, -angle, 1.0)
            x = width // 2 + (index - 2) * size[0] * 0.55
            y = height * 0.23 + abs(index - 2) * size[1] * 0.06
            surface.blit(turned, turned.get_rect(center=(round(x), round(y))))
        title_size = max(30, min(64, height // 11))
        theme.text(
            surface,
            "Card Table",
            (width // 2, int(height * 0.40)),
            title_size,
            theme.INK,
            True,
            "midtop",
        )
        self.column.draw(surface)
        theme.text(
            surface,
            "Card games against bots, or with friends at one computer",
            (width // 2, height - 18),
            16,
            theme.INK_DIM,
            anchor="midbottom",
        )
        self.toast.draw(surface, bottom=height - 44)


class GameChoiceScene(MenuScene):
    heading = "Choose a game"

    def build(self) -> None:
        width, height = self.app.size
        self.games = registry.all()
        buttons: list[Button] = []
        self.rows: list[tuple[pygame.Rect, GameInfo]] = []
        self.play_buttons: dict[str, Button] = {}
        row_h = max(58, min(96, (height - 220) // max(1, len(self.games))))
        top = max(90, height // 7)
        row_w = min(900, width - 60)
        for index, info in enumerate(self.games):
            row = pygame.Rect(0, 0, row_w, row_h - 10)
            row.midtop = (width // 2, top + index * row_h)
            self.rows.append((row, info))
            play = Button("Play", self._chooser(info), size=20)
            play.rect = pygame.Rect(row.right - 250, row.y + 10, 120, row.height - 20)
            rules = Button("Rules", self._rules(info), size=18)
            rules.rect = pygame.Rect(row.right - 120, row.y + 10, 108, row.height - 20)
            self.play_buttons[info.id] = play
            buttons += [play, rules]
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 48)
        back.rect.midbottom = (width // 2, height - 24)
        self.column = ButtonColumn([*buttons, back])

    def _chooser(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(SetupScene(self.app, info))

    def _rules(self, info: GameInfo) -> Callable[[], None]:
        return lambda: self.app.manager.push(RulesScene(self.app, info))

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_heading(surface, 24)
        for row, info in self.rows:
            theme.panel(surface, row, alpha=170)
            title = theme.text(surface, info.title, (row.x + 18, row.y + 8), 22, theme.INK, True)
            players = f"{info.min_players}–{info.max_players} players"
            theme.text(
                surface,
                players,
                (title.right + 16, title.bottom - 2),
                16,
                theme.GOLD,
                anchor="bottomleft",
            )
            font = theme.fonts().get(16)
            room = row.width - 290
            lines = wrap(info.summary, font, room)
            for index, line in enumerate(lines[: max(1, (row.height - 40) // 20)]):
                theme.text(
                    surface,
                    line,
                    (row.x + 18, row.y + 38 + index * 20),
                    16,
                    theme.INK_DIM,
                    font=font,
                )
        self.column.draw(surface)


class SetupScene(MenuScene):
    """Player count, each seat human or a bot level, names, and for a game with a slap
    round each human's slap key (click it, then press the key or a gamepad button: a key
    another player holds is refused, Escape cancels); Start."""

    def __init__(self, app: App, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.heading = f"{info.title}: who plays?"
        self.kinds = ["human", *levels(info.id)]
        default_bot = "medium" if "medium" in self.kinds else self.kinds[-1]
        self.players = max(info.min_players, min(4, info.max_players))
        self.seats = ["human"] + [default_bot] * (info.max_players - 1)
        self.fields = [TextField(app.name_of(seat)) for seat in range(info.max_players)]
        self.kind_buttons: list[Button] = []
        from .tables import table_for

        self.slaps = table_for(info.id).slaps
        self.slap_buttons: dict[int, Button] = {}
        self.binding: int | None = None  # the seat whose slap key is being pressed

    def build(self) -> None:
        width, height = self.app.size
        top = max(80, height // 8)
        count_minus = Button("−", lambda: self.set_players(self.players - 1), size=26)
        count_plus = Button("+", lambda: self.set_players(self.players + 1), size=26)
        count_minus.rect = pygame.Rect(width // 2 + 40, top, 48, 44)
        count_plus.rect = pygame.Rect(width // 2 + 150, top, 48, 44)
        self.count_y = top
        row_h = max(44, min(58, (height - top - 200) // max(1, self.players)))
        self.kind_buttons = []
        self.slap_buttons = {}
        # Name, kind (and slap key): three columns when the game has a slap round.
        left, name_w, kind_w, gap = max(80, width // 2 - 250), 220, 230, 20
        if self.slaps:
            left = max(80, width // 2 - 300)
            name_w = kind_w = min(200, (width - left - 72) // 3)
            gap = 16
        for seat in range(self.players):
            y = top + 70 + seat * row_h
            self.fields[seat].rect = pygame.Rect(left, y, name_w, row_h - 10)
            button = Button(self.kind_label(seat), self._cycle(seat), size=20)
            button.rect = pygame.Rect(left + name_w + gap, y, kind_w, row_h - 10)
            self.kind_buttons.append(button)
            if self.slaps and self.seats[seat] == "human":
                slap = Button(self.slap_label(seat), self._bind(seat), size=16)
                slap.rect = pygame.Rect(left + name_w + kind_w + 2 * gap, y, kind_w, row_h - 10)
                slap.selected = seat == self.binding
                self.slap_buttons[seat] = slap
        start = Button("Start", self.start)
        back = Button("Back", self.back)
        rules = Button("Rules", lambda: self.app.manager.push(RulesScene(self.app, self.info)))
        for index, button in enumerate((back, rules, start)):
            button.rect = pygame.Rect(0, 0, 180, 52)
            button.rect.midbottom = (width // 2 + (index - 1) * 200, height - 24)
        self.start_button = start
        self.column = ButtonColumn(
            [
                count_minus,
                count_plus,
                *self.kind_buttons,
                *self.slap_buttons.values(),
                back,
                rules,
                start,
            ]
        )

    def kind_label(self, seat: int) -> str:
        kind = self.seats[seat]
        return "Human" if kind == "human" else f"Bot: {kind}"

    def _cycle(self, seat: int) -> Callable[[], None]:
        def cycle() -> None:
            index = self.kinds.index(self.seats[seat])
            self.seats[seat] = self.kinds[(index + 1) % len(self.kinds)]
            self.kind_buttons[seat].label = self.kind_label(seat)
            if self.slaps:
                focus = self.column.focus
                self.binding = None
                self.build()  # who is human changed: so do the slap keys shown
                self.column.focus = focus

        return cycle

    # -- slap keys ------------------------------------------------------------------------

    def human_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.seats[seat] == "human"]

    def seat_name(self, seat: int) -> str:
        return self.fields[seat].value.strip() or self.app.name_of(seat)

    def slap_label(self, seat: int) -> str:
        if seat == self.binding:
            return "Press key / button…"
        saved = self.app.settings.slap_bindings
        words = "Slap: " + key_label(keys_for(self.human_seats(), saved).get(seat, "?"))
        pad = pads_for(self.human_seats(), saved).get(seat)
        if pad is not None:
            words += " + " + pad_label(pad)
        return words

    def _bind(self, seat: int) -> Callable[[], None]:
        def bind() -> None:
            self.binding = None if self.binding == seat else seat
            self.refresh_slap_buttons()

        return bind

    def refresh_slap_buttons(self) -> None:
        for seat, button in self.slap_buttons.items():
            button.label = self.slap_label(seat)
            button.selected = seat == self.binding

    def bind_key(self, seat: int, key: int) -> None:
        """``seat`` slaps with ``key`` from now on, unless the key plays cards or another
        player holds it."""
        name = pygame.key.name(key)
        if key in RESERVED_KEYS:
            self.toast.show(f"Not {key_label(name)}: {RESERVED_KEYS[key]}.", tone=theme.RED)
            return
        if not name or key_code(name) != key:
            self.toast.show("That key cannot be used: choose another.", tone=theme.RED)
            return
        held = keys_for(self.human_seats(), self.app.settings.slap_bindings)
        for other, other_name in held.items():
            if other != seat and key_code(other_name) == key:
                self.toast.show(
                    f"{key_label(name)} is taken by {self.seat_name(other)} (Seat {other + 1}):"
                    " choose another key.",
                    tone=theme.RED,
                )
                return
        self.save_binding(seat, "key", name)
        self.toast.show(f"{self.seat_name(seat)} slaps with {key_label(name)}.", tone=theme.GOLD)

    def bind_pad(self, seat: int, instance_id: int, button: int) -> None:
        """``seat`` slaps with ``button`` of the gamepad ``instance_id`` (each pad is its
        own player), unless another player holds that button."""
        pad = (int(instance_id), int(button))
        held = pads_for(self.human_seats(), self.app.settings.slap_bindings)
        for other, other_pad in held.items():
            if other != seat and other_pad == pad:
                self.toast.show(
                    f"That button is taken by {self.seat_name(other)} (Seat {other + 1}):"
                    " choose another.",
                    tone=theme.RED,
                )
                return
        self.save_binding(seat, "pad", list(pad))
        self.toast.show(f"{self.seat_name(seat)} slaps with {pad_label(pad)}.", tone=theme.GOLD)

    def save_binding(self, seat: int, kind: str, value: Any) -> None:
        bindings = dict(self.app.settings.slap_bindings or {})
        binding = dict(bindings.get(str(seat)) or {})
        binding[kind] = value
        bindings[str(seat)] = binding
        self.app.settings.slap_bindings = bindings
        self.app.save_settings()
        self.binding = None
        self.refresh_slap_buttons()

    def handle_binding(self, event: pygame.event.Event) -> bool:
        """While a seat's slap key is being pressed: the next key or pad button binds it.
        True when the event was used."""
        seat = self.binding
        if seat is None:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.binding = None
                self.refresh_slap_buttons()
                self.toast.show("Slap key unchanged.")
            else:
                self.bind_key(seat, event.key)
            return True
        if event.type == pygame.JOYBUTTONDOWN:
            self.bind_pad(seat, event.instance_id, event.button)
            return True
        return False

    def set_players(self, players: int) -> None:
        self.players = max(self.info.min_players, min(self.info.max_players, players))
        self.build()

    def launch(self) -> Launch:
        names = tuple(
            (self.fields[seat].value.strip() or self.app.name_of(seat))
            for seat in range(self.players)
        )
        return Launch(
            self.info.id,
            self.players,
            tuple(self.seats[: self.players]),
            seed=random.randrange(1, 10**9),
            names=names,
        )

    def start(self) -> None:
        launch = self.launch()
        # Names typed here are remembered for next time.
        stored = list(self.app.settings.player_names)
        for seat, name in enumerate(launch.names):
            if seat < len(stored):
                stored[seat] = name
        self.app.settings.player_names = stored
        self.app.save_settings()
        self.app.open_table(launch)

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_binding(event):
            return
        for field in self.fields[: self.players]:
            if field.handle(event):
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface, 20)
        theme.text(
            surface,
            "Players",
            (max(80, width // 2 - 250), self.count_y + 22),
            22,
            theme.INK,
            True,
            "midleft",
        )
        theme.text(
            surface,
            str(self.players),
            (width // 2 + 119, self.count_y + 22),
            26,
            theme.GOLD,
            True,
            "center",
        )
        for seat in range(self.players):
            self.fields[seat].draw(surface)
            theme.text(
                surface,
                f"Seat {seat + 1}",
                (self.fields[seat].rect.x - 14, self.fields[seat].rect.centery),
                18,
                theme.INK_DIM,
                anchor="midright",
            )
        self.column.draw(surface)
        if self.slap_buttons:
            if self.binding is not None:
                words = f"{self.seat_name(self.binding)}: press your slap key or a gamepad button"
                words += " (Esc cancels)"
            else:
                words = "Each player slaps the deck with their own key: click one to change it"
            bottom = self.start_button.rect.y - 14
            theme.text(surface, words, (width // 2, bottom), 17, theme.GOLD, True, "midbottom")
        self.toast.draw(surface, bottom=self.start_button.rect.y - 44)


class PrivacyScene(Scene):
    """Covers the table between local humans so nobody sees another's cards."""

    def __init__(self, app: App, name: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.name = name
        self.on_ready = on_ready

    def ready(self) -> None:
        self.app.manager.pop()
        self.on_ready()

    def handle(self, event: pygame.event.Event) -> None:
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        pressed = event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        )
        if clicked or pressed:
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.FELT_DARK)
        width, height = surface.get_size()
        theme.text(
            surface,
            f"Pass to {self.name}",
            (width // 2, height // 2 - 30),
            max(30, height // 14),
            theme.INK,
            True,
            "center",
        )
        theme.text(
            surface,
            "press Enter or click when ready",
            (width // 2, height // 2 + 30),
            22,
            theme.INK_DIM,
            anchor="center",
        )


class ResultsScene(MenuScene):
    """The ranking and the scores, as the engine gives them; Play again or Menu."""

    def __init__(
        self, app: App, launch: Launch, names: list[str], result: dict[str, Any], title: str
    ) -> None:
        super().__init__(app)
        self.launch = launch
        self.names = names
        self.result = result
        self.heading = f"{title}: results"
        self.lines: list[tuple[str, str, str]] = []
        ranking = result.get("ranking") or []
        scores = result.get("scores") or []
        place = 1
        for seats in ranking:
            # A shared place is written "=2nd", as score sheets do, so it fits the column.
            shared = "=" if len(seats) > 1 else ""
            for seat in seats:
                self.lines.append((f"{shared}{_ordinal(place)}", names[seat], str(scores[seat])))
            place += len(seats)  # two share 1st: the next is 3rd

    def build(self) -> None:
        width, height = self.app.size
        again = Button("Play again", self.play_again)
        menu = Button("Menu", self.app.show_title)
        for index, button in enumerate((again, menu)):
            button.rect = pygame.Rect(0, 0, 220, 54)
            button.rect.midbottom = (width // 2 + (index * 2 - 1) * 125, height - 30)
        self.column = ButtonColumn([again, menu])

    def play_again(self) -> None:
        from .tables import table_for

        launch = self.app.new_launch(self.launch)
        self.app.manager.replace(table_for(launch.game_id)(self.app, launch))

    def back(self) -> None:
        self.app.show_title()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        top = self.draw_heading(surface, 30)
        winners = [self.names[seat] for seat in (self.result.get("ranking") or [[]])[0]]
        if winners:
            headline = (
                f"{winners[0]} wins!"
                if len(winners) == 1
                else (" and ".join(winners) + " share the win!")
            )
            theme.text(surface, headline, (width // 2, top), 26, theme.GOLD, True, "midtop")
            top += 44
        box = pygame.Rect(0, 0, min(620, width - 40), 56 + 46 * len(self.lines))
        box.midtop = (width // 2, top + 10)
        theme.panel(surface, box)
        theme.text(surface, "Place", (box.x + 30, box.y + 16), 18, theme.INK_DIM, True)
        theme.text(surface, "Player", (box.x + 200, box.y + 16), 18, theme.INK_DIM, True)
        theme.text(
            surface, "Score", (box.right - 30, box.y + 16), 18, theme.INK_DIM, True, "topright"
        )
        for index, (place, name, score) in enumerate(self.lines):
            y = box.y + 52 + index * 46
            colour = theme.GOLD if place.lstrip("=") == "1st" else theme.INK
            theme.text(surface, place, (box.x + 30, y), 24, colour, True)
            theme.text(surface, name, (box.x + 200, y), 24, colour)
            theme.text(surface, score, (box.right - 30, y), 24, colour, True, "topright")
        self.column.draw(surface)


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


class RulesScene(Scene):
    """A game's rules in our own words with its rulings: a small markdown subset
    (headings, bullets, numbered items, **bold**), scrollable."""

    def __init__(self, app: App, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.scroll = 0.0
        self.content_height = 0
        self.back_button = Button("Back", self.app.manager.pop)

    def handle(self, event: pygame.event.Event) -> None:
        if self.back_button.handle(event):
            return
        step = 40
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            page = self.app.size[1] - 160
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
                pygame.K_PAGEUP: -page,
                pygame.K_HOME: -(10**6),
                pygame.K_END: 10**6,
            }
            if event.key in moves:
                self.scroll_by(moves[event.key])
            elif event.key in (*BACK_KEYS, pygame.K_RETURN):
                self.app.manager.pop()

    def scroll_by(self, amount: float) -> None:
        room = self.app.size[1] - 150
        self.scroll = max(0.0, min(max(0.0, self.content_height - room), self.scroll + amount))

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, height = surface.get_size()
        page = pygame.Rect(0, 0, min(860, width - 40), height - 110)
        page.midtop = (width // 2, 20)
        theme.panel(surface, page, alpha=215)
        view = surface.subsurface(page.inflate(-40, -24))
        self.content_height = render_markdown(
            view, self.info.rules_help, int(-self.scroll), view.get_width()
        )
        if self.content_height > view.get_height():
            # A scroll bar, so the player knows there is more.
            track = pygame.Rect(page.right - 12, page.y + 14, 5, page.height - 28)
            pygame.draw.rect(surface, theme.FELT_LIGHT, track, border_radius=3)
            share = view.get_height() / self.content_height
            thumb = track.copy()
            thumb.height = max(24, int(track.height * share))
            room = max(1, self.content_height - view.get_height())
            thumb.y = track.y + int((track.height - thumb.height) * self.scroll / room)
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=3)
        self.back_button.rect = pygame.Rect(0, 0, 180, 48)
        self.back_button.rect.midbottom = (width // 2, height - 24)
        self.back_button.draw(surface)
        theme.text(
            surface,
            "Mouse wheel or arrows to scroll",
            (page.right, height - 48),
            14,
            theme.INK_DIM,
            anchor="topright",
        )


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def markdown_blocks(source: str) -> list[tuple[str, str, str]]:
    """Parse the subset into (kind, marker, text) blocks: kind is h1, h2, h3, bullet,
    number or para; wrapped source lines are joined to their item."""
    blocks: list[tuple[str, str, str]] = []
    for raw in source.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            blocks.append(("gap", "", ""))
            continue
        heading = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        number = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if heading:
            blocks.append((f"h{len(heading.group(1))}", "", heading.group(2)))
        elif stripped[:2] in ("- ", "* "):
            blocks.append(("bullet", "•", stripped[2:]))
        elif number:
            blocks.append(("number", f"{number.group(1)}.", number.group(2)))
        elif blocks and (
            blocks[-1][0] == "para"
            or (line.startswith(" ") and blocks[-1][0] in ("bullet", "number"))
        ):
            kind, marker, words = blocks[-1]
            blocks[-1] = (kind, marker, f"{words} {stripped}")
        else:
            blocks.append(("para", "", stripped))
    return blocks


def _runs(words: str) -> list[tuple[str, bool, bool]]:
    """Split text with ``**bold**`` spans into (word, bold, space before) triples, so
    punctuation right after a bold word stays attached to it."""
    runs: list[tuple[str, bool, bool]] = []
    position = 0

    previous = ""

    def add(text: str, bold: bool) -> None:
        nonlocal previous
        for index, word in enumerate(text.split()):
            spaced = index > 0 or text[:1].isspace() or previous[-1:].isspace() or not runs
            runs.append((word, bold, spaced))
        previous = text

    for match in _BOLD.finditer(words):
        add(words[position : match.start()], False)
        add(match.group(1), True)
        position = match.end()
    add(words[position:], False)
    return runs


def render_markdown(surface: pygame.Surface, source: str, y: int, width: int) -> int:
    """Draw the markdown subset from ``y``; returns the height of the whole text."""
    top = y
    sizes = {"h1": 30, "h2": 23, "h3": 20}
    body = 18
    for kind, marker, words in markdown_blocks(source):
        if kind == "gap":
            y += 8
            continue
        if kind in sizes:
            y += 10
            size = sizes[kind]
            theme.text(surface, words.replace("**", ""), (0, y), size, theme.GOLD, True)
            y += size + 12
            continue
        indent = 28 if kind in ("bullet", "number") else 0
        if marker:
            theme.text(surface, marker, (6, y), body, theme.GOLD, True)
        x = indent
        line_height = body + 8
        space = theme.fonts().get(body).size(" ")[0]
        # Runs with no space between them ("**Wilds**.") wrap as one word.
        groups: list[list[tuple[str, bool]]] = []
        for word, bold, spaced in _runs(words):
            if spaced or not groups:
                groups.append([])
            groups[-1].append((word, bold))
        for index, group in enumerate(groups):
            widths = [theme.fonts().get(body, bold).size(word)[0] for word, bold in group]
            if index:
                x += space
            if x + sum(widths) > width and x > indent:
                x = indent
                y += line_height
            for (word, bold), word_width in zip(group, widths, strict=True):
                if -line_height < y < surface.get_height() + line_height:
                    font = theme.fonts().get(body, bold)
                    theme.text(surface, word, (x, y), body, theme.INK, bold, font=font)
                x += word_width
        y += line_height + 4
    return y - top


class SettingsScene(MenuScene):
    heading = "Settings"

    def build(self) -> None:
        width, height = self.app.size
        settings = self.app.settings
        rows: list[tuple[str, str, list[Button]]] = [
            (
                "Animation speed",
                f"{settings.animation_speed:.2g}×",
                [
                    Button("Slower", lambda: self.change_speed(1 / 1.5), size=18),
                    Button("Faster", lambda: self.change_speed(1.5), size=18),
                ],
            ),
            (
                "Fullscreen",
                "On" if settings.fullscreen else "Off",
                [Button("Switch", self.toggle_fullscreen, size=18)],
            ),
            (
                "Volume",
                f"{round(settings.volume * 100)}%",
                [
                    Button("Quieter", lambda: self.change_volume(-0.1), size=18),
                    Button("Louder", lambda: self.change_volume(0.1), size=18),
                ],
            ),
            (
                "Sound",
                "Muted" if settings.muted else "On",
                [Button("Unmute" if settings.muted else "Mute", self.toggle_mute, size=18)],
            ),
        ]
        self.rows = []
        buttons: list[Button] = []
        top = max(110, height // 5)
        for index, (label, value, row_buttons) in enumerate(rows):
            y = top + index * 70
            for offset, button in enumerate(row_buttons):
                button.rect = pygame.Rect(width // 2 + 60 + offset * 150, y, 140, 48)
            buttons += row_buttons
            self.rows.append((label, value, y))
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 50)
        back.rect.midbottom = (width // 2, height - 30)
        self.column = ButtonColumn([*buttons, back])
        self.column.focus = -1

    def change_speed(self, factor: float) -> None:
        speed = self.app.settings.animation_speed * factor
        self.app.settings.animation_speed = round(min(4.0, max(0.25, speed)), 2)
        self.saved()

    def change_volume(self, step: float) -> None:
        self.app.settings.volume = round(min(1.0, max(0.0, self.app.settings.volume + step)), 2)
        self.saved()
        self.app.sounds.play("deal")

    def toggle_mute(self) -> None:
        self.app.settings.muted = not self.app.settings.muted
        self.saved()

    def toggle_fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)
        self.build()

    def saved(self) -> None:
        focus = self.column.focus
        self.app.save_settings()
        self.build()
        self.column.focus = focus
        for index, button in enumerate(self.column.buttons):
            button.focused = index == focus

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface)
        for label, value, y in self.rows:
            theme.text(surface, label, (width // 2 - 300, y + 24), 22, theme.INK, True, "midleft")
            theme.text(surface, value, (width // 2 + 20, y + 24), 22, theme.GOLD, True, "midright")
        self.column.draw(surface)
