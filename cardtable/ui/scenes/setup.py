"""A table's setup: the player count, each seat human or a bot level, names, and for a
game with a slap round each human's slap key or gamepad button; Start opens the table
through the app. Not for the table itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine import GameInfo
from cardtable.strategy import levels

from .. import theme
from ..launch import Launch
from ..slap import RESERVED_KEYS, key_code, key_label, keys_for, pad_label, pads_for
from ..widgets import Button, ButtonColumn, TextField
from .menu import MenuScene
from .rules import RulesScene

if TYPE_CHECKING:
    from ..app import App


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
        self.slaps = app.table_for(info.id).slaps
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
