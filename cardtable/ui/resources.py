"""Finding the app's own files (fonts, sounds, icons) from source and from a frozen build.

One function serves both: PyInstaller unpacks bundled data under ``sys._MEIPASS``; from a
source checkout the assets sit beside the package. Nothing here imports pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path


def assets_root() -> Path:
    """The ``assets`` folder: inside the bundle when frozen, else the checkout's, else the
    one a non-editable ``pip install`` put under ``<prefix>/share/cardtable``."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "assets"
    checkout = Path(__file__).resolve().parents[2] / "assets"
    installed = Path(sys.prefix) / "share" / "cardtable" / "assets"
    if not checkout.is_dir() and installed.is_dir():
        return installed
    return checkout


def asset_path(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset_path("fonts", "DejaVuSans.ttf")``.

    Raises ``FileNotFoundError`` naming the file, so a broken bundle says what is missing.
    """
    path = assets_root().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(f"Card Table asset missing: {path}")
    return path
