"""A table's setup: the player count, each seat human or a bot level, names, and for a
game with a slap round each human's slap key or gamepad button; Start opens the table
through the app. Not for the table itself."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine import GameInfo
from cardtable.names import clean_name
from cardtable.strategy import LEVEL_WORDS, levels, races, usual_level

from .. import theme
from ..launch import REMOTE, Launch
from ..slap import RESERVED_KEYS, key_code, key_label, keys_for, pad_label, pads_for
from ..widgets import Button, ButtonColumn, Chooser, TextField
from .menu import MenuScene
from .options import OptionsScene, fit_options, remembered
from .rules import RulesScene

if TYPE_CHECKING:
    from ..services import AppServices


SEAT_LABEL = 70  # room left of a seat's name for "Seat 8"
MIN_ROW = 32  # the thinnest seat row a name can be typed in
HINT_HEIGHT = 24  # the line above the buttons about slap keys
NETWORK_HEIGHT = 44  # the band of choices for seats played from other computers
AWAY_WAITS = (15.0, 30.0, 60.0, None)  # seconds before a bot plays a dropped player's seat
# What remote players' race presses carry, for connections too slow to race fairly: seconds
# added to each (the table waits that much less for them), or None: they do not race on
# the table's time line (their presses count when they arrive).
RACE_HANDICAPS = (0.0, 0.05, 0.1, 0.2, None)


HUMAN_WORDS = "a person playing at this screen."
REMOTE_WORDS = "a person joining from another computer (the seat is open until they do)."


def kind_words(kind: str, short: bool = False) -> str:
    """ "Bot: medium", or "Medium" where a button is too narrow for the long form."""
    if kind == "human":
        return "Human"
    if kind == REMOTE:
        return "Remote" if short else "Remote player"
    return kind.capitalize() if short else f"Bot: {kind}"


def kind_help(kind: str) -> str:
    """What a seat's kind is, in a line: "Medium: a steady player who plays the game's
    common sense." (the line under the choice of who plays)."""
    if kind == REMOTE:
        return f"{kind_words(kind)}: {REMOTE_WORDS}"
    words = HUMAN_WORDS if kind == "human" else LEVEL_WORDS.get(kind, "")
    return f"{kind.capitalize()}: {words}"


class SetupScene(MenuScene):
    """Player count, each seat human or a bot level, names, and for a game with a slap
    round each human's slap key (click it, then press the key or a gamepad button: a key
    another player holds is refused, Escape cancels); Start."""

    # Only Escape goes Back: a Backspace meant for a name must not lose the names typed.
    back_keys = (pygame.K_ESCAPE,)

    def __init__(self, app: AppServices, info: GameInfo) -> None:
        super().__init__(app)
        self.info = info
        self.heading = f"{info.title}: who plays?"
        # A "Remote player" seat is open until a player on another computer joins it.
        self.kinds = ["human", REMOTE, *levels(info.id)]
        default_bot = usual_level(info.id)
        self.players = max(info.min_players, min(4, info.max_players))
        self.seats = ["human"] + [default_bot] * (info.max_players - 1)
        self.fields = [TextField(app.name_of(seat)) for seat in range(info.max_players)]
        self.kind_buttons: list[Button] = []
        self.slaps = app.table_for(info.id).slaps
        self.slap_buttons: dict[int, Button] = {}
        self.wait_index = AWAY_WAITS.index(30.0)
        self.handicap_index = 0
        self.binding: int | None = None  # the seat whose slap key is being pressed
        self.kind_chooser: Chooser | None = None  # open: who plays at ``chooser_seat``
        self.chooser_seat = 0
        self.count_buttons: tuple[Button, Button] = ()  # type: ignore[assignment]
        self.options, self.option_problems = remembered(app, info)
        self.option_problems += fit_options(info, self.options, self.players)

    def enter(self) -> None:
        super().enter()
        if self.option_problems:
            self.toast.show(" ".join(self.option_problems), seconds=8.0, tone=theme.GOLD)
            self.option_problems = []

    def open_options(self) -> None:
        self.app.manager.push(OptionsScene(self.app, self.info, self.options, self.players))

    def first_choice(self) -> Button:
        return self.start_button

    def build(self) -> None:
        width, height = self.app.size
        compact = height < 600
        # The heading, then the player count, then the seats, then the hint line (a game
        # with a slap round), then the buttons: each band gets what it needs, the seats
        # what is left, in two columns when one is too tall for the window.
        heading_size = max(28, min(56, height // 13))
        top = 20 + heading_size + (10 if compact else 24)
        count_minus = Button("−", lambda: self.set_players(self.players - 1), size=26)
        count_plus = Button("+", lambda: self.set_players(self.players + 1), size=26)
        count_minus.rect = pygame.Rect(width // 2 + 40, top, 48, 40 if compact else 44)
        count_plus.rect = pygame.Rect(width // 2 + 150, top, 48, count_minus.rect.height)
        # At the limit a button is greyed out, and a click on it says why (``handle``).
        count_minus.enabled = self.players > self.info.min_players
        count_plus.enabled = self.players < self.info.max_players
        self.count_buttons = (count_minus, count_plus)
        button_height, margin = (44, 14) if compact else (52, 24)
        buttons_top = height - margin - button_height
        rows_top = count_minus.rect.bottom + (12 if compact else 26)
        rows_bottom = buttons_top - 12 - (HINT_HEIGHT if self.slaps else 0)
        # Seats for other computers: how long a dropped player's seat waits for them, and
        # (a game with races) how they race, in a band of their own under the seats.
        network: list[Button] = []
        if REMOTE in self.seats[: self.players]:
            network.append(Button(self.wait_label(), self.next_wait, size=18))
            if races(self.info.id):
                network.append(Button(self.race_label(), self.next_race, size=18))
            rows_bottom -= NETWORK_HEIGHT
            wide = min(240, (width - 60) // len(network) - 16)
            for index, button in enumerate(network):
                button.rect = pygame.Rect(0, 0, wide, NETWORK_HEIGHT - 10)
                button.rect.midtop = (
                    round(width / 2 + (index - (len(network) - 1) / 2) * (wide + 16)),
                    rows_bottom + 6,
                )
        self.seat_rows = self.seat_layout(width, rows_top, rows_bottom)
        self.kind_buttons = []
        self.slap_buttons = {}
        for seat, (field_rect, kind_rect, slap_rect) in enumerate(self.seat_rows):
            self.fields[seat].rect = field_rect
            button = Button(self.kind_label(seat), self._choose_kind(seat), size=20)
            button.rect = kind_rect
            whole = theme.fonts().get(20, bold=True).size(button.label)[0] + 20
            if kind_rect.width < max(150, whole):  # "Remote player" too wide: "Remote"
                button.label = kind_words(self.seats[seat], short=True)
                button.size = 16
            self.kind_buttons.append(button)
            if self.slaps and self.seats[seat] == "human":
                slap = Button(self.slap_label(seat), self._bind(seat), size=16)
                slap.rect = slap_rect
                slap.selected = seat == self.binding
                self.slap_buttons[seat] = slap
        start = Button("Start", self.start)
        back = Button("Back", self.back)
        rules = Button("Rules", lambda: self.app.manager.push(RulesScene(self.app, self.info)))
        row = [back, rules, start]
        if self.info.options:
            row.insert(2, Button("Options", self.open_options))
        for index, button in enumerate(row):
            button.rect = pygame.Rect(0, 0, min(180, (width - 120) // len(row)), button_height)
            button.rect.midbottom = (
                round(width / 2 + (index - (len(row) - 1) / 2) * (button.rect.width + 20)),
                height - margin,
            )
        self.start_button = start
        self.column = ButtonColumn(
            [
                count_minus,
                count_plus,
                *self.kind_buttons,
                *self.slap_buttons.values(),
                *network,
                *row,
            ]
        )
        if self.kind_chooser is not None:
            self.place_kind_chooser()

    def seat_layout(
        self, width: int, top: int, bottom: int
    ) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect]]:
        """Per seat the rectangles of its name, its kind and its slap key, in one column
        of rows, or two side by side when one column would squeeze the rows too thin."""
        room = max(0, bottom - top)
        columns = 1 if room // max(1, self.players) >= MIN_ROW else 2
        per_column = -(-self.players // columns)
        row_h = max(MIN_ROW, min(58, room // max(1, per_column)))
        controls = 3 if self.slaps else 2
        gap, between = (16 if self.slaps else 20), 28
        widest = 230 if columns == 1 and not self.slaps else 200
        column_room = (width - 40 - (columns - 1) * between) // columns - SEAT_LABEL
        control_w = max(40, min(widest, (column_room - (controls - 1) * gap) // controls))
        column_w = SEAT_LABEL + controls * control_w + (controls - 1) * gap
        left = (width - columns * column_w - (columns - 1) * between) // 2
        rows = []
        for seat in range(self.players):
            column, row = divmod(seat, per_column)
            x = left + column * (column_w + between) + SEAT_LABEL
            y = top + row * row_h
            rects = [
                pygame.Rect(x + index * (control_w + gap), y, control_w, row_h - 6)
                for index in range(3)
            ]
            rows.append((rects[0], rects[1], rects[2]))
        return rows

    def kind_label(self, seat: int) -> str:
        return kind_words(self.seats[seat])

    def _choose_kind(self, seat: int) -> Callable[[], None]:
        return lambda: self.open_kind_chooser(seat)

    def open_kind_chooser(self, seat: int) -> None:
        """Who plays at ``seat``: every kind at once to pick from (Escape keeps it)."""

        def choose(index: int) -> None:
            self.kind_chooser = None
            self.set_kind(seat, self.kinds[index])

        def cancel() -> None:
            self.kind_chooser = None

        self.kind_chooser = Chooser(
            f"Who plays at seat {seat + 1}?",
            [kind_words(kind) for kind in self.kinds],
            choose,
            cancel,
            hints=[kind_help(kind) for kind in self.kinds],
        )
        self.kind_chooser.move_focus(self.kinds.index(self.seats[seat]))
        self.chooser_seat = seat
        self.place_kind_chooser()

    def place_kind_chooser(self) -> None:
        assert self.kind_chooser is not None
        width, height = self.app.size
        anchor = self.kind_buttons[self.chooser_seat].rect
        chooser = self.kind_chooser
        chooser.place((width // 2, 0), min(width - 40, 760))
        # Just below the seat's button, or above it near the bottom; always in the window.
        y = anchor.bottom + 8 + chooser.rect.height // 2
        if y + chooser.rect.height // 2 > height - 8:
            y = anchor.top - 8 - chooser.rect.height // 2
        y = max(chooser.rect.height // 2 + 4, y)
        chooser.place((width // 2, y), min(width - 40, 760))

    def set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat] = kind
        self.binding = None
        self.rebuild()  # who is human changed: so do the slap keys shown

    # -- slap keys ------------------------------------------------------------------------

    def human_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.seats[seat] == "human"]

    def seat_name(self, seat: int) -> str:
        """The name typed for ``seat``, cleaned (``names.clean_name``), else the saved one."""
        return clean_name(self.fields[seat].value.strip() or self.app.name_of(seat), seat)

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
        low, high = self.info.min_players, self.info.max_players
        if not low <= players <= high:
            self.toast.show(
                f"{self.info.title} is for {low} to {high} players.", seconds=3.0, tone=theme.GOLD
            )
        self.players = max(low, min(high, players))
        # An option the new count does not allow is pulled back, said in one line.
        pulled = fit_options(self.info, self.options, self.players)
        if pulled:
            self.toast.show(" ".join(pulled), seconds=5.0, tone=theme.GOLD)
        self.rebuild()

    def wait_label(self) -> str:
        wait = AWAY_WAITS[self.wait_index]
        return "Away: no bot" if wait is None else f"Away: bot {wait:g} s"

    def next_wait(self) -> None:
        """How long a remote player's seat waits, when they drop, before a bot plays it."""
        self.wait_index = (self.wait_index + 1) % len(AWAY_WAITS)
        self.rebuild()

    def race_label(self) -> str:
        handicap = RACE_HANDICAPS[self.handicap_index]
        if handicap is None:
            return "Remote: no racing"
        return "Remote: fair races" if handicap == 0 else f"Remote: +{handicap * 1000:g} ms"

    def next_race(self) -> None:
        """How remote players race: fairly on the table's time line, with a handicap for a
        connection too slow to (the table says when one is), or not on the line at all."""
        self.handicap_index = (self.handicap_index + 1) % len(RACE_HANDICAPS)
        self.rebuild()

    def launch(self) -> Launch:
        names = tuple(self.seat_name(seat) for seat in range(self.players))
        return Launch(
            self.info.id,
            self.players,
            tuple(self.seats[: self.players]),
            seed=random.randrange(1, 10**9),
            options=dict(self.options),
            names=names,
            away_wait=AWAY_WAITS[self.wait_index],
            race_handicap=RACE_HANDICAPS[self.handicap_index],
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
        self.app.open_how_to(self.info, first_run=True)

    def handle(self, event: pygame.event.Event) -> None:
        chooser = self.kind_chooser
        if chooser is not None:
            # The chooser is modal: keys go to it, a click beside it closes it.
            used = chooser.handle(event)
            clicked = event.type == pygame.MOUSEBUTTONUP
            if not used and clicked and not chooser.rect.collidepoint(event.pos):
                self.kind_chooser = None
            return
        if self.handle_binding(event):
            return
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1
        for button, step in zip(self.count_buttons, (-1, 1), strict=True):
            if clicked and not button.enabled and button.rect.collidepoint(event.pos):
                self.set_players(self.players + step)  # says there are no more
                return
        for field in self.fields[: self.players]:
            if field.handle(event):
                return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface, 20)
        count_mid = self.count_buttons[0].rect.centery
        theme.text(
            surface,
            "Players",
            (max(20, width // 2 - 250), count_mid),
            22,
            theme.INK,
            True,
            "midleft",
        )
        theme.text(
            surface,
            str(self.players),
            (width // 2 + 119, count_mid),
            26,
            theme.GOLD,
            True,
            "center",
        )
        limits = f"{self.info.min_players} to {self.info.max_players}"
        spot = (self.count_buttons[1].rect.right + 12, count_mid)
        theme.text(surface, limits, spot, 16, theme.INK_DIM, anchor="midleft")
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
            font = theme.fonts().get(17, bold=True)
            words = theme.fit(words, font, width - 20)
            bottom = self.start_button.rect.y - 10
            theme.text(
                surface, words, (width // 2, bottom), 17, theme.GOLD, anchor="midbottom", font=font
            )
        # Over the hint line rather than over the seats.
        self.toast.draw(surface, bottom=self.start_button.rect.y - 6)
        if self.kind_chooser is not None:
            self.kind_chooser.draw(surface)
