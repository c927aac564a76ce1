"""The one resource function finds the assets under ``<prefix>/share/cardtable``, where a
non-editable ``pip install`` puts them (pyproject's data-files), when no checkout lies
beside the package."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from cardtable.ui import resources

ROOT = Path(__file__).resolve().parents[2]


def test_pyproject_installs_every_games_rules_help_with_its_package():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    shipped = data["tool"]["setuptools"]["package-data"]["cardtable.games"]
    games = ROOT / "cardtable" / "games"
    helps = {path for pattern in shipped for path in games.glob(pattern)}
    packages = {path.parent for path in games.glob("*/__init__.py")}
    assert packages and helps == {package / "rules_help.md" for package in packages}


def test_an_installed_copy_finds_its_assets_under_the_prefix(tmp_path, monkeypatch):
    prefix = tmp_path / "venv"
    fonts = prefix / "share" / "cardtable" / "assets" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "DejaVuSans.ttf").write_bytes(b"font")
    site = tmp_path / "site-packages" / "cardtable" / "ui"
    site.mkdir(parents=True)
    monkeypatch.setattr(resources, "__file__", str(site / "resources.py"))
    monkeypatch.setattr(sys, "prefix", str(prefix))
    assert resources.asset_path("fonts", "DejaVuSans.ttf") == fonts / "DejaVuSans.ttf"
