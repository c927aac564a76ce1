"""One table per game, on the shared machinery of ``base``; the generic table serves any
game without its own, so every registered game can be played.

``table_for(game_id)`` gives the table class. Not for the machinery itself (``base``).
"""

from __future__ import annotations

from .base import TableScene
from .copycat import CopyCatTable
from .generic import GenericTable
from .hit_the_deck import HitTheDeckTable
from .mean import MeanTable
from .spite_malice import SpiteMaliceTable
from .what_the_heck import WhatTheHeckTable

TABLES: dict[str, type[TableScene]] = {
    "copycat": CopyCatTable,
    "hit-the-deck": HitTheDeckTable,
    "mean": MeanTable,
    "spite-malice": SpiteMaliceTable,
    "what-the-heck": WhatTheHeckTable,
}


def table_for(game_id: str) -> type[TableScene]:
    """The table class for ``game_id``; the generic table when the game has none yet."""
    return TABLES.get(game_id, GenericTable)


__all__ = ["TABLES", "GenericTable", "TableScene", "table_for"]
