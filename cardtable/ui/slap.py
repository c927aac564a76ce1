"""Slap input: which key (and which gamepad button) each local human slaps the deck with.

Bindings are per seat and saved in the settings (``slap_bindings``:
``{"0": {"key": "left shift", "pad": [instance_id, button]}}``). A human without a saved
key gets the first default key nobody else holds, so every human has one. The defaults sit
far apart on the keyboard (corners first, then the middle) and never clash with the keys
that play cards at the table: arrows, Enter, Space and Escape. Each gamepad is its own
player: pygame gives every opened pad an instance id, and a binding names that id and a
button on it.

Order is never decided here: the table applies each slap as its event arrives. Not for
the table's drawing (``tables``) nor the settings file (``cardtable.storage``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pygame

#: Far apart on a keyboard: bottom-left, bottom-right, bottom-middle, top-right, top-left,
#: top-middle. None of them plays cards at the table.
DEFAULT_SLAP_KEYS = ["left shift", "right shift", "b", "backspace", "tab", "6"]

#: Keys that play cards or leave the table; a slap key there would steal them.
RESERVED_KEYS = {
    pygame.K_LEFT: "the arrows choose cards",
    pygame.K_RIGHT: "the arrows choose cards",
    pygame.K_UP: "the arrows choose cards",
    pygame.K_DOWN: "the arrows choose cards",
    pygame.K_RETURN: "Enter plays cards",
    pygame.K_KP_ENTER: "Enter plays cards",
    pygame.K_SPACE: "Space plays cards",
    pygame.K_ESCAPE: "Escape puts a card back",
    pygame.K_F11: "F11 switches full screen",
}

_SHORT = {
    "left shift": "L-Shift",
    "right shift": "R-Shift",
    "left ctrl": "L-Ctrl",
    "right ctrl": "R-Ctrl",
    "left alt": "L-Alt",
    "right alt": "R-Alt",
    "backspace": "Backspace",
    "tab": "Tab",
    "caps lock": "Caps Lock",
}


def key_label(name: str) -> str:
    """How a key is written at the table: ``left shift`` -> ``L-Shift``, ``b`` -> ``B``."""
    if name in _SHORT:
        return _SHORT[name]
    return name.upper() if len(name) == 1 else name.title()


def pad_label(pad: tuple[int, int]) -> str:
    """How a gamepad button is written: ``pad 1 · button 3`` (counted from 1)."""
    return f"pad {pad[0] + 1} · button {pad[1] + 1}"


def slap_words(seat: int, keys: Mapping[int, str], pads: Mapping[int, tuple[int, int]]) -> str:
    """The key (and pad button) that slaps for ``seat``, as a table shows it."""
    words = [key_label(keys[seat])] if seat in keys else []
    if seat in pads:
        words.append(pad_label(pads[seat]))
    return " / ".join(words)


def key_code(name: str) -> int | None:
    """The pygame key code of a key name, or None for a name pygame does not know."""
    try:
        return pygame.key.key_code(name)
    except ValueError:
        return None


def saved_pad(binding: Mapping[str, Any]) -> tuple[int, int] | None:
    pad = binding.get("pad")
    if isinstance(pad, list | tuple) and len(pad) == 2:
        try:
            return int(pad[0]), int(pad[1])
        except (TypeError, ValueError):
            return None
    return None


def keys_for(humans: Iterable[int], saved: Mapping[str, Any] | None) -> dict[int, str]:
    """Each human seat's slap key name: its saved key when that is a real key no other
    human holds, else the first default key still free."""
    saved = saved or {}
    humans = list(humans)
    names: dict[int, str] = {}
    taken: set[int] = set()
    for seat in humans:
        binding = saved.get(str(seat)) or {}
        name = str(binding.get("key") or "")
        code = key_code(name) if name else None
        if code is not None and code not in taken and code not in RESERVED_KEYS:
            names[seat] = name
            taken.add(code)
    free = [name for name in DEFAULT_SLAP_KEYS if key_code(name) not in taken]
    for seat in humans:
        if seat not in names and free:
            names[seat] = free.pop(0)
    return names


def pads_for(humans: Iterable[int], saved: Mapping[str, Any] | None) -> dict[int, tuple[int, int]]:
    """Each human seat's gamepad button, for the seats that bound one (first seat wins a
    button bound twice)."""
    saved = saved or {}
    pads: dict[int, tuple[int, int]] = {}
    for seat in humans:
        pad = saved_pad(saved.get(str(seat)) or {})
        if pad is not None and pad not in pads.values():
            pads[seat] = pad
    return pads


def bindings(
    humans: Iterable[int], saved: Mapping[str, Any] | None
) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
    """What the table listens to: key code -> seat and (pad, button) -> seat."""
    humans = list(humans)
    keys: dict[int, int] = {}
    for seat, name in keys_for(humans, saved).items():
        code = key_code(name)
        if code is not None:
            keys[code] = seat
    pads = {pad: seat for seat, pad in pads_for(humans, saved).items()}
    return keys, pads
