"""The same seeds give the same games: seeded play-throughs (random and between bots)
hash exactly as they did before the engine was made faster (``seeded_games.py`` says what
is hashed and how the recorded data was written)."""

from __future__ import annotations

import json

import pytest
from seeded_games import DATA, fingerprints

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("game_id", sorted(RECORDED))
def test_seeded_games_play_as_recorded(game_id):
    assert fingerprints(game_id) == RECORDED[game_id]
