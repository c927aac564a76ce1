"""A game's rule options in table setup (Hit the Deck's target, MEAN!'s play on, ...),
built from each ``Option``'s type, choices and limits, and remembered per game in the
settings. A remembered value the game no longer allows falls back to the default, said
in one line. Not for the seats (``setup``) nor the app's own settings (``settings``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine import BadOption, GameInfo, Option

from .. import theme
from ..widgets import Button, ButtonColumn, wrap
from .menu import MenuScene

if TYPE_CHECKING:
    from ..services import AppServices


def option_title(option: Option) -> str:
    """``play_on`` -> "Play on"."""
    words = option.name.replace("_", " ").replace("-", " ")
    return words[:1].upper() + words[1:]


def value_words(value: Any) -> str:
    if isinstance(value, bool):
        return "On" if value else "Off"
    return str(value)


def step_of(option: Option) -> int:
    """How far one press of − or + moves a number: 1, or 10 for a target of 100."""
    return 10 ** max(0, len(str(abs(int(option.default)))) - 2)


def remembered(app: AppServices, info: GameInfo) -> tuple[dict[str, Any], list[str]]:
    """The options last chosen for ``info`` (defaults where none), and a line for each
    remembered value that is no longer allowed (it falls back to the default)."""
    saved = (app.settings.game_options or {}).get(info.id) or {}
    values, problems = info.option_defaults(), []
    for option in info.options:
        if option.name not in saved:
            continue
        try:
            values[option.name] = option.parse(saved[option.name])
        except BadOption as error:
            problems.append(
                f"{info.title}: the remembered {option_title(option).lower()} was refused "
                f"({error}); it is back to {value_words(option.default)}."
            )
    return values, problems


def fit_options(info: GameInfo, values: dict[str, Any], players: int) -> list[str]:
    """Bring each of ``values`` within what ``players`` allow (``Option.limits``: Spite &
    Malice's Card Stacks share 60 cards), in place; a line for each one pulled back."""
    said = []
    for option in info.options:
        value = values.get(option.name)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        least, most = option.limits(players)
        fitted = max(least if least is not None else value, value)
        fitted = min(most if most is not None else fitted, fitted)
        if fitted != value:
            values[option.name] = fitted
            said.append(
                f"{option_title(option)} is at most {most} with {players} players: it is "
                f"{fitted} now."
            )
    return said


def remember(app: AppServices, info: GameInfo, values: dict[str, Any]) -> None:
    chosen = dict(app.settings.game_options or {})
    chosen[info.id] = dict(values)
    app.settings.game_options = chosen
    app.save_settings()


def changed(option: Option, value: Any, step: int, players: int | None = None) -> Any:
    """The next value of ``option`` after ``value``: a switch flips, a choice moves along
    its list, a number moves by ``step`` presses, kept within its limits (at ``players``:
    ``Option.limits``)."""
    if isinstance(option.default, bool):
        return not value
    if option.choices is not None:
        choices = list(option.choices)
        index = choices.index(value) if value in choices else 0
        return choices[(index + (1 if step >= 0 else -1)) % len(choices)]
    if isinstance(option.default, int):
        number = int(value) + step * step_of(option)
        least, most = option.limits(players)
        if least is not None:
            number = max(least, number)
        if most is not None:
            number = min(most, number)
        return number
    return value


class OptionsScene(MenuScene):
    """Each option a row: its name, what it does, its value, and buttons to change it
    (− and + for a number, one button for a switch or a list). Up/Down or Tab move the
    keyboard focus, Enter presses; Escape or Done goes back to the setup."""

    def __init__(
        self, app: AppServices, info: GameInfo, values: dict[str, Any], players: int | None = None
    ) -> None:
        super().__init__(app)
        self.info = info
        self.values = values  # the setup's own dict: changes reach the game it starts
        self.players = players  # the setup's player count: what the options may be
        self.heading = f"{info.title}: options"
        self.rows: list[tuple[Option, int]] = []

    def first_choice(self) -> Button | None:
        return self.column.buttons[0] if self.column.buttons else None

    def build(self) -> None:
        width, height = self.app.size
        compact = height < 600
        done = Button("Done", self.back)
        defaults = Button("Defaults", self.defaults)
        for index, button in enumerate((defaults, done)):
            button.rect = pygame.Rect(0, 0, 180, 44 if compact else 50)
            button.rect.midbottom = (width // 2 + (index * 2 - 1) * 100, height - 14)
        top = 80 if compact else max(110, height // 5)
        step = min(96, (done.rect.top - 10 - top) // max(1, len(self.info.options)))
        button_w, button_h = min(120, (width // 2 - 60) // 2), min(46, step - 30)
        self.rows, buttons = [], []
        for index, option in enumerate(self.info.options):
            y = top + index * step
            row = self.controls(option)
            for offset, button in enumerate(row):
                x = width // 2 + 80 + offset * (button_w + 10)
                button.rect = pygame.Rect(x, y, button_w, button_h)
            buttons += row
            self.rows.append((option, y + button_h // 2))
        self.column = ButtonColumn([*buttons, defaults, done])

    def controls(self, option: Option) -> list[Button]:
        if isinstance(option.default, bool):
            words = "Turn off" if self.values[option.name] else "Turn on"
            return [Button(words, self._change(option, 1), size=18)]
        if option.choices is not None:
            return [Button("Next", self._change(option, 1), size=18)]
        return [
            Button("−", self._change(option, -1), size=22),
            Button("+", self._change(option, 1), size=22),
        ]

    def _change(self, option: Option, step: int) -> Callable[[], None]:
        return lambda: self.set_value(
            option, changed(option, self.values[option.name], step, self.players)
        )

    def set_value(self, option: Option, value: Any) -> None:
        if value == self.values[option.name]:
            least, most = option.limits(self.players)
            limit = "at least" if value == least else "at most"
            why = ""
            if value == most and most != option.maximum:
                why = f" with {self.players} players"
            self.toast.show(f"{option_title(option)} is {limit} {value}{why}.", tone=theme.GOLD)
        self.values[option.name] = value
        remember(self.app, self.info, self.values)
        self.rebuild()

    def defaults(self) -> None:
        self.values.update(self.info.option_defaults())
        remember(self.app, self.info, self.values)
        self.toast.show("Every option is back to its default.")
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface, 20)
        left = max(20, width // 2 - 360)
        help_font = theme.fonts().get(14)
        if self.rows:
            area = pygame.Rect(left - 16, self.rows[0][1] - 34, 0, 0)
            area.width = self.column.buttons[-3].rect.right + 16 - area.x
            area.height = self.rows[-1][1] + 58 - area.y
            theme.panel(surface, area, alpha=160)
        for option, middle in self.rows:
            theme.text(surface, option_title(option), (left, middle - 10), 22, theme.INK, True)
            value = value_words(self.values[option.name])
            theme.text(surface, value, (width // 2 + 60, middle), 24, theme.GOLD, True, "midright")
            words = option.help[:1].upper() + option.help[1:].rstrip(".") + "."
            words += f" Default: {value_words(option.default)}."
            lines = wrap(words, help_font, width // 2 - 20 - left)[:2]
            for index, line in enumerate(lines):
                spot = (left, middle + 16 + index * help_font.get_linesize())
                theme.text(surface, line, spot, 0, theme.INK_DIM, font=help_font)
        self.column.draw(surface)
        self.toast.draw(surface, bottom=self.column.buttons[-1].rect.top - 8)
