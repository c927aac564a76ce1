"""Small controls shared by the scenes: buttons, a text field, toasts.

Every control works with the mouse and, through its scene, with the keyboard. Not for
cards or tables.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from . import theme

DISABLED = (48, 58, 54)  # a button that cannot be pressed now: greyed, not green
SELECTION = (150, 200, 250)  # selected text in a text field


@dataclass
class Button:
    label: str
    on_click: Callable[[], None]
    rect: pygame.Rect = None  # type: ignore[assignment]
    enabled: bool = True
    focused: bool = False
    selected: bool = False
    size: int = 22

    def __post_init__(self) -> None:
        if self.rect is None:
            self.rect = pygame.Rect(0, 0, 200, 48)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was a click on this button (and it ran)."""
        if (
            self.enabled
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        hover = self.rect.collidepoint(pygame.mouse.get_pos()) and self.enabled
        fill = theme.BUTTON_HOVER if hover or self.focused else theme.BUTTON
        if self.selected:
            fill = (92, 120, 60)
        if not self.enabled:
            fill = DISABLED
        pygame.draw.rect(surface, fill, self.rect, border_radius=10)
        edge = theme.HIGHLIGHT if self.focused else theme.BUTTON_EDGE
        pygame.draw.rect(surface, edge, self.rect, 3 if self.focused else 2, border_radius=10)
        if self.focused:
            # The keyboard focus is a bright ring around the button, seen from across the
            # room, not just a lighter edge.
            ring = self.rect.inflate(10, 10)
            pygame.draw.rect(surface, theme.HIGHLIGHT, ring, 3, border_radius=14)
        colour = theme.INK if self.enabled else theme.INK_DIM
        font = theme.fonts().get(self.size, bold=True)
        label = theme.fit(self.label, font, self.rect.width - 12)
        theme.text(surface, label, self.rect.center, 0, colour, anchor="center", font=font)


class ButtonColumn:
    """Buttons with a keyboard focus: Up/Down (or Tab) move it, Enter presses."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = -1

    def focus_on(self, index: int) -> None:
        """Put the keyboard focus on button ``index`` (-1: on none)."""
        self.focus = index if 0 <= index < len(self.buttons) else -1
        for position, button in enumerate(self.buttons):
            button.focused = position == self.focus

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.KEYDOWN and self.buttons:
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT):
                self._move(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT):
                self._move(-1)
                return True
            chosen = 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and chosen:
                self.buttons[self.focus].on_click()
                return True
        return False

    def _move(self, step: int) -> None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return
        if self.focus not in enabled:
            self.focus_on(enabled[0] if step > 0 else enabled[-1])
        else:
            self.focus_on(enabled[(enabled.index(self.focus) + step) % len(enabled)])

    def draw(self, surface: pygame.Surface) -> None:
        for button in self.buttons:
            button.draw(surface)


class Chooser:
    """A quick choice made at the table: a question over a row of options (a direction,
    a Wild's value, whose hand to swap with).

    Mouse: click an option. Keyboard: Left/Right (or Up/Down, Tab) move the focus, Enter
    or Space chooses, a shortcut key (``keys``: key -> option index) chooses at once,
    Escape cancels when ``on_cancel`` is given. ``place`` lays the options out in as many
    rows as ``max_width`` needs, centred on a point. ``hint``: a line under the question;
    ``hints``: one per option, the line then says what the option under the mouse (else
    the one with the focus) is. Not for menus (``ButtonColumn``).
    """

    def __init__(
        self,
        question: str,
        options: list[str],
        on_choose: Callable[[int], None],
        on_cancel: Callable[[], None] | None = None,
        keys: dict[int, int] | None = None,
        hint: str = "",
        hints: list[str] | None = None,
    ) -> None:
        self.question = question
        self.options = list(options)
        self.on_choose = on_choose
        self.on_cancel = on_cancel
        self.keys = dict(keys or {})
        self.hint = hint
        self.hints = list(hints or [])
        self.buttons = [
            Button(label, self._chooser(index), size=18) for index, label in enumerate(options)
        ]
        self.focus = 0
        if self.buttons:
            self.buttons[0].focused = True
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.on_choose(index)

    def place(
        self, centre: tuple[int, int], max_width: int, button_size: tuple[int, int] = (96, 42)
    ) -> None:
        """Lay the panel out around ``centre``, no wider than ``max_width``."""
        font = theme.fonts().get(18, bold=True)
        width = max([button_size[0]] + [font.size(o)[0] + 24 for o in self.options])
        height = button_size[1]
        gap = 8
        per_row = max(1, min(len(self.options), (max_width - 24 + gap) // (width + gap)))
        rows = -(-len(self.options) // per_row)
        title = 30 + (24 if self.hints else 20 if self.hint else 0)
        inner_w = per_row * width + (per_row - 1) * gap
        hint_font = theme.fonts().get(self.hint_size)
        hint_w = max(hint_font.size(line)[0] for line in [self.hint, *self.hints])
        words = max(font.size(self.question)[0], min(hint_w, max_width - 32))
        self.rect = pygame.Rect(0, 0, max(inner_w + 24, words + 32), 0)
        self.rect.height = title + rows * height + (rows - 1) * gap + 14
        self.rect.center = centre
        for index, button in enumerate(self.buttons):
            row, column = divmod(index, per_row)
            in_row = min(per_row, len(self.options) - row * per_row)
            left = self.rect.centerx - (in_row * width + (in_row - 1) * gap) // 2
            button.rect = pygame.Rect(
                left + column * (width + gap),
                self.rect.y + title + row * (height + gap),
                width,
                height,
            )

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the chooser used the event."""
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True  # a press on the panel itself is not a press on the table below
        if event.type != pygame.KEYDOWN or not self.buttons:
            return False
        if event.key in self.keys:
            self.on_choose(self.keys[event.key])
        elif event.key in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_TAB):
            self.move_focus(1)
        elif event.key in (pygame.K_LEFT, pygame.K_UP):
            self.move_focus(-1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.on_choose(self.focus)
        elif event.key == pygame.K_ESCAPE and self.on_cancel is not None:
            self.on_cancel()
        else:
            return False
        return True

    def move_focus(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.buttons)
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus

    @property
    def hint_size(self) -> int:
        return 15 if self.hints else 13

    def shown_hint(self, mouse: tuple[int, int] | None = None) -> str:
        """The line under the question: with ``hints``, the option's under ``mouse`` (the
        pointer's when not given), else the focused option's; otherwise ``hint``."""
        if not self.hints:
            return self.hint
        at = pygame.mouse.get_pos() if mouse is None else mouse
        index = next(
            (i for i, button in enumerate(self.buttons) if button.rect.collidepoint(at)),
            self.focus,
        )
        return self.hints[index] if index < len(self.hints) else self.hint

    def draw(self, surface: pygame.Surface) -> None:
        theme.panel(surface, self.rect, alpha=235, radius=12)
        pygame.draw.rect(surface, theme.HIGHLIGHT, self.rect, 2, border_radius=12)
        theme.text(
            surface,
            self.question,
            (self.rect.centerx, self.rect.y + 8),
            18,
            theme.GOLD,
            True,
            "midtop",
        )
        hint = self.shown_hint()
        if hint:
            font = theme.fonts().get(self.hint_size)
            theme.text(
                surface,
                theme.fit(hint, font, self.rect.width - 24),
                (self.rect.centerx, self.rect.y + 31),
                self.hint_size,
                theme.INK if self.hints else theme.INK_DIM,  # what the option is: to be read
                anchor="midtop",
                font=font,
            )
        for button in self.buttons:
            button.draw(surface)


class TextField:
    """A one-line text entry: click (or focus) and type; Enter or a click elsewhere ends.
    Ctrl+A (Cmd+A on a Mac) selects all of it: what is typed next replaces it, Backspace
    or Delete clears it."""

    def __init__(self, value: str, limit: int = 16) -> None:
        self.value = value
        self.limit = limit
        self.rect = pygame.Rect(0, 0, 180, 40)
        self.active = False
        self.all_selected = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # A click elsewhere ends the typing and still does what it was for (another
            # name to type, a seat's kind, Start): only a click on the field is its own.
            self.active = self.rect.collidepoint(event.pos)
            self.all_selected = False
            return self.active
        if not self.active:
            return False
        if event.type == pygame.KEYDOWN:
            command = getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.active = self.all_selected = False
            elif event.key == pygame.K_a and command:
                self.all_selected = True
            elif event.key in (pygame.K_BACKSPACE, pygame.K_DELETE) and self.all_selected:
                self.value = ""
                self.all_selected = False
            elif event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.all_selected = False
            # A letter's KEYDOWN keeps the selection: its TEXTINPUT, next, replaces it.
            return True
        if event.type == pygame.TEXTINPUT:
            start = "" if self.all_selected else self.value
            self.all_selected = False
            # Typed or pasted: NUL, controls, zero-width marks and lone surrogates are dropped.
            typed = "".join(char for char in event.text if char.isprintable())
            self.value = (start + typed)[: self.limit]
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        fill = (250, 248, 240) if self.active else (222, 230, 222)
        pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        edge = theme.HIGHLIGHT if self.active else theme.BUTTON_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=6)
        origin = (self.rect.x + 10, self.rect.centery)
        shown = self.value + ("|" if self.active and not self.all_selected else "")
        # A wide name (sixteen W) takes smaller type rather than run out of the field.
        shown, font = theme.fitting(shown, 20, self.rect.width - 20, smallest=11)
        if self.all_selected and self.value:
            marked = pygame.Rect(0, 0, *font.size(shown))
            marked.midleft = origin
            pygame.draw.rect(surface, SELECTION, marked.inflate(4, 2))
        theme.text(surface, shown, origin, 20, (20, 30, 25), anchor="midleft", font=font)


class Toast:
    """A message that shows for a while at the bottom of the screen, then fades."""

    def __init__(self) -> None:
        self.message = ""
        self.left = 0.0
        self.tone = theme.INK

    def show(self, message: str, seconds: float = 5.0, tone=theme.INK) -> None:
        self.message = message
        self.left = seconds
        self.tone = tone

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def visible(self) -> bool:
        return self.left > 0 and bool(self.message)

    def draw(
        self, surface: pygame.Surface, bottom: int | None = None, top: int | None = None
    ) -> pygame.Rect | None:
        """At the bottom of ``surface``, or with its bottom at ``bottom`` or top at ``top``;
        returns where (None: nothing to show)."""
        if not self.visible:
            return None
        width, height = surface.get_size()
        lines = wrap(self.message, theme.fonts().get(18), min(900, width - 80))
        box = pygame.Rect(0, 0, min(940, width - 40), 24 * len(lines) + 24)
        box.midbottom = (width // 2, bottom if bottom is not None else height - 24)
        if top is not None:
            box.top = top
        theme.panel(surface, box, alpha=min(230, int(255 * min(1.0, self.left))))
        for index, line in enumerate(lines):
            theme.text(
                surface,
                line,
                (box.centerx, box.y + 12 + 24 * index),
                18,
                self.tone,
                anchor="midtop",
            )
        return box


def wrap(words: str, font: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines no wider than ``width`` pixels."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
