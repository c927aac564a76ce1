"""The one resource function finds the assets under ``<prefix>/share/cardtable``, where a
non-editable ``pip install`` puts them (pyproject's data-files), when no checkout lies
beside the package."""

from __future__ import annotations

import sys

from cardtable.ui import resources


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
