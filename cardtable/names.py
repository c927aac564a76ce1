"""Player names, cleaned where they enter (the settings file, the setup's text field), so
that every table and scene can draw them. Not for: drawing or fitting names on screen.

>>> clean_name("  Ada\\u200b\\x00  ", 1)
'Ada'
>>> clean_name("\\ud800\\u200d", 2)
'Bo'
"""

from __future__ import annotations

import unicodedata
from typing import Any

DEFAULT_NAMES = ["You", "Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
NAME_LIMIT = 16  # characters

# Format characters (zero-width spaces and joiners, direction marks, BOM), controls, lone
# surrogates, private-use and unassigned code points draw as nothing or as boxes.
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def default_name(seat: int) -> str:
    """The name a seat has when its player has not chosen one."""
    return DEFAULT_NAMES[seat] if 0 <= seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"


def clean_name(name: Any, seat: int) -> str:
    """``name`` as a table can show it: NUL, control, zero-width and other invisible
    characters and lone surrogates removed, runs of spaces made one, at most 16
    characters; the seat's default name when nothing visible is left (or ``name`` is not
    a text at all)."""
    if not isinstance(name, str):
        return default_name(seat)
    kept = "".join(
        " " if char.isspace() else char
        for char in unicodedata.normalize("NFC", _without_surrogates(name[: NAME_LIMIT * 64]))
        if char.isspace() or unicodedata.category(char) not in _DROPPED
    )
    cleaned = " ".join(kept.split())[:NAME_LIMIT].strip()
    if not cleaned or all(unicodedata.category(char).startswith("M") for char in cleaned):
        return default_name(seat)
    return cleaned


def _without_surrogates(text: str) -> str:
    return "".join(char for char in text if not 0xD800 <= ord(char) <= 0xDFFF)
