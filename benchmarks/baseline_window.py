"""The packaging benchmark's yardstick: a pygame-ce window that only opens and flips.

``benchmarks/packaging.py`` builds this with plain PyInstaller (onedir, windowed, no
options) and compares Card Table's build with it. ``--frames N`` quits after N frames,
as ``cardtable --frames N`` does, so ``--frames 1`` times start to first frame.
"""

from __future__ import annotations

import argparse
import sys

import pygame


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    frames = parser.parse_args().frames
    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    pygame.display.set_caption("Baseline window")
    clock = pygame.time.Clock()
    shown = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
        screen.fill((24, 92, 62))
        pygame.display.flip()
        shown += 1
        if frames and shown >= frames:
            break
        clock.tick(60)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
