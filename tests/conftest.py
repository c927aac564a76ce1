"""Test set-up: pygame runs headless in every test, set before pygame starts; a table a
test hosts listens on any free port of 127.0.0.1, never on the app's own."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def any_free_port(monkeypatch):
    """A copy of the app hosting a table on this machine keeps its port (47390): a test's
    table never takes it, so a player joining that copy never reaches a test instead."""
    from cardtable.net import settings

    monkeypatch.setattr(settings, "PORT", 0)
