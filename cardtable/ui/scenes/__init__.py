"""The screens around the tables, one per module: the title, the game choice, a table's
setup, the privacy screen, the results, the rules help and the settings; ``base`` holds
``Scene`` and ``SceneManager``, which every screen (tables too) is built on.

A scene never imports a table or the app: it opens a table through the app
(``app.open_table``, ``app.table_for``). Not for the tables (``cardtable.ui.tables``).
"""

from __future__ import annotations

from .base import Scene, SceneManager

__all__ = ["Scene", "SceneManager"]
