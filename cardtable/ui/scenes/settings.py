"""The settings: animation speed, the pause for Spite, fullscreen, volume and mute, saved
at once. Not for slap keys (chosen in ``setup``) or player names."""

from __future__ import annotations

import pygame

from .. import theme
from ..widgets import Button, ButtonColumn
from .menu import MenuScene


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
                "Pause for Spite",
                f"{settings.spite_pause:.0f} s" if settings.spite_pause else "Never",
                [
                    Button("Shorter", lambda: self.change_spite_pause(-1.0), size=18),
                    Button("Longer", lambda: self.change_spite_pause(1.0), size=18),
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
        compact = height < 600
        back = Button("Back", self.back)
        back.rect = pygame.Rect(0, 0, 200, 44 if compact else 50)
        back.rect.midbottom = (width // 2, height - (14 if compact else 30))
        top = 90 if compact else max(110, height // 5)
        step = min(70, (back.rect.top - 10 - top) // len(rows))
        button_w = min(140, (width // 2 - 80) // 2)
        for index, (label, value, row_buttons) in enumerate(rows):
            y = top + index * step
            for offset, button in enumerate(row_buttons):
                x = width // 2 + 40 + offset * (button_w + 10)
                button.rect = pygame.Rect(x, y, button_w, min(48, step - 10))
            buttons += row_buttons
            self.rows.append((label, value, y + min(48, step - 10) // 2))
        self.column = ButtonColumn([*buttons, back])

    def change_speed(self, factor: float) -> None:
        speed = self.app.settings.animation_speed * factor
        self.app.settings.animation_speed = round(min(4.0, max(0.25, speed)), 2)
        self.saved()

    def change_spite_pause(self, step: float) -> None:
        """Spite & Malice: how long the table waits for your Spite out of turn (0: never)."""
        settings = self.app.settings
        settings.spite_pause = min(10.0, max(0.0, settings.spite_pause + step))
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
        self.rebuild()

    def saved(self) -> None:
        self.app.save_settings()
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        width, _ = surface.get_size()
        self.draw_heading(surface)
        for label, value, middle in self.rows:
            left = max(20, width // 2 - 300)
            theme.text(surface, label, (left, middle), 22, theme.INK, True, "midleft")
            theme.text(surface, value, (width // 2 + 20, middle), 22, theme.GOLD, True, "midright")
        self.column.draw(surface)
