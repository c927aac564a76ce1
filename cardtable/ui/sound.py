"""Short sound effects (deal, play, flip, win, a coin, a shuffle) with the volume and mute settings.

Fails soft: with no audio device, or a missing sound file, every call is silent and the app
goes on. Not for music. The sounds are our own, made by ``packaging/make_sounds.py``.
"""

from __future__ import annotations

import pygame

from .resources import asset_path

EFFECTS = ("deal", "play", "flip", "win", "coin", "shuffle")


class Sounds:
    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.volume = volume
        self.muted = muted
        self.effects: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            for name in EFFECTS:
                self.effects[name] = pygame.mixer.Sound(str(asset_path("sounds", f"{name}.wav")))
            self.available = True
        except (pygame.error, FileNotFoundError, OSError):
            # No device, no driver or no file: the game is fully playable in silence.
            self.effects.clear()

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted

    def play(self, name: str) -> None:
        if self.muted or not self.available:
            return
        effect = self.effects.get(name)
        if effect is None:
            return
        try:
            effect.set_volume(self.volume)
            effect.play()
        except pygame.error:
            self.available = False
