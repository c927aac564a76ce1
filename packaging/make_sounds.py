"""Generate Card Table's sound effects (deal, play, flip, win, coin, shuffle) into
``assets/sounds/``.

Our own sounds, made from plain sine waves and noise with the standard library only, so
they carry no licence but the project's. Run it again only to change a sound:
``python packaging/make_sounds.py``. Not for playing sounds (that is ``cardtable.ui.sound``).
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"


def envelope(t: float, length: float, attack: float = 0.005) -> float:
    """A quick attack and an exponential fall, so no sound clicks at its ends."""
    rise = min(1.0, t / attack)
    fall = math.exp(-5.0 * t / length)
    tail = max(0.0, 1.0 - t / length)
    return rise * fall * tail


def render(length: float, voice) -> list[float]:
    return [voice(i / RATE) * envelope(i / RATE, length) for i in range(int(RATE * length))]


def swish(length: float, seed: int, low: float, high: float) -> list[float]:
    """Filtered noise that sweeps: a card sliding on felt."""
    rng = random.Random(seed)
    out: list[float] = []
    level = 0.0
    for i in range(int(RATE * length)):
        t = i / RATE
        # A one-pole low-pass whose corner sweeps from ``low`` to ``high``.
        corner = low + (high - low) * (t / length)
        alpha = 1.0 - math.exp(-2.0 * math.pi * corner / RATE)
        level += alpha * (rng.uniform(-1.0, 1.0) - level)
        out.append(level * 2.2 * envelope(t, length, attack=0.01))
    return out


def tone(freq: float, length: float) -> list[float]:
    return render(
        length,
        lambda t: 0.6 * math.sin(2 * math.pi * freq * t) + 0.2 * math.sin(4 * math.pi * freq * t),
    )


def write(name: str, samples: list[float], gain: float = 0.8) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    frames = b"".join(
        struct.pack("<h", int(32767 * gain * max(-1.0, min(1.0, s / peak)))) for s in samples
    )
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main() -> None:
    write("deal", swish(0.12, seed=1, low=800, high=3000), gain=0.5)
    write("play", swish(0.16, seed=2, low=2500, high=600), gain=0.6)
    flip = swish(0.08, seed=3, low=3000, high=5000)
    knock = tone(180, 0.08)
    write("flip", [a + 0.8 * b for a, b in zip(flip, knock, strict=True)], gain=0.6)
    chord: list[float] = []
    for index, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
        note = tone(freq, 0.5)
        start = int(index * 0.09 * RATE)
        chord.extend([0.0] * (start + len(note) - len(chord)))
        for i, sample in enumerate(note):
            chord[start + i] += sample
    write("win", chord, gain=0.7)
    write("coin", coin(), gain=0.55)
    write("shuffle", shuffle(), gain=0.5)


def clink(length: float, base: float) -> list[float]:
    """A small coin striking another: inharmonic metal partials that ring and fade fast."""
    partials = ((1.0, 0.5), (2.76, 0.3), (5.40, 0.2), (8.93, 0.1))
    return render(
        length,
        lambda t: sum(
            level * math.sin(2 * math.pi * base * ratio * t) * math.exp(-ratio * 6 * t)
            for ratio, level in partials
        ),
    )


def coin() -> list[float]:
    """A token laid down: a clink, and a softer one as it settles."""
    first, second = clink(0.22, 1850), clink(0.16, 2050)
    out = first + [0.0] * int(0.02 * RATE)
    start = int(0.07 * RATE)
    for i, sample in enumerate(second):
        out[start + i] += 0.5 * sample
    return out


def shuffle() -> list[float]:
    """A riffle: many short card-on-card flicks, quickening, then the squared-up tap."""
    out: list[float] = []
    for index in range(14):
        flick = swish(0.035, seed=10 + index, low=1800, high=4200)
        out.extend(flick)
        out.extend([0.0] * int(RATE * max(0.004, 0.03 - 0.002 * index)))
    out.extend([0.0] * int(0.05 * RATE))
    out.extend(swish(0.09, seed=40, low=3000, high=500))
    return out


if __name__ == "__main__":
    main()
