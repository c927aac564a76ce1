"""What goes into Card Table's build and what stays out, read by ``cardtable.spec``.

Kept apart from the spec so the tests can check it without running PyInstaller. Plain
Python; imports neither PyInstaller nor pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
GAMES = ROOT / "cardtable" / "games"
NAME = "CardTable"
BUNDLE_ID = "io.github.cardtable.CardTable"
# PyInstaller's folder beside the executable; packaging/linux/install.sh looks in it.
CONTENTS = "_internal"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)


def datas() -> list[tuple[str, str]]:
    """(source file, folder inside the bundle) for every asset and data file the app loads.

    ``cardtable.ui.resources.asset_path`` finds the assets under ``sys._MEIPASS/assets``.
    Fonts and sounds whole; of the icons only the PNGs (the window icon, and the Linux
    menu's via install.sh): the .ico and .icns are built into the executable and the .app
    instead. Each game's rules help goes beside its package (``cardtable/games/<game>``),
    where ``importlib.resources`` reads it.
    """
    files = [
        *sorted((ASSETS / "fonts").rglob("*")),
        *sorted((ASSETS / "sounds").rglob("*")),
        *(ASSETS / "icons" / f"cardtable-{size}.png" for size in ICON_SIZES),
        *sorted(GAMES.glob("*/rules_help.md")),
    ]
    return [
        (str(path), path.parent.relative_to(ROOT).as_posix())
        for path in files
        if path.is_file() and not path.name.startswith(".")
    ]


def icon() -> str | None:
    """The executable's icon: an .ico on Windows, .icns on macOS; Linux takes none."""
    if sys.platform == "win32":
        return str(ASSETS / "icons" / "cardtable.ico")
    if sys.platform == "darwin":
        return str(ASSETS / "icons" / "cardtable.icns")
    return None


def excludes() -> list[str]:
    """Modules the app never uses, some reached only through optional imports (pygame's
    numpy support, platformdirs' other systems). Leaving them out keeps the
    build near a bare pygame window's size."""
    names = [
        *("tkinter", "_tkinter", "turtle", "turtledemo", "idlelib"),
        *("unittest", "doctest", "pydoc", "pydoc_data", "test", "lib2to3"),
        *("ensurepip", "venv", "distutils", "setuptools", "pkg_resources", "pip"),
        *("sqlite3", "xmlrpc", "curses"),
        *("numpy", "pytest", "_pytest", "hypothesis", "importlinter", "grimp", "IPython"),
        *("pygame.tests", "pygame.examples", "pygame.docs", "pygame.__pyinstaller"),
    ]
    if sys.platform != "win32":
        names.append("platformdirs.windows")
    if sys.platform != "darwin":
        names.append("platformdirs.macos")
    return names


def version() -> str:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as file:
        return tomllib.load(file)["project"]["version"]


def info_plist() -> dict[str, object]:
    """The macOS bundle's Info.plist settings beyond what PyInstaller writes itself."""
    return {
        "CFBundleName": "Card Table",
        "CFBundleDisplayName": "Card Table",
        "CFBundleShortVersionString": version(),
        "CFBundleVersion": version(),
        "LSApplicationCategoryType": "public.app-category.card-games",
        "LSMinimumSystemVersion": "11.0",
        "NSHighResolutionCapable": True,
        "NSPrincipalClass": "NSApplication",
        "NSHumanReadableCopyright": "MIT licence",
    }
