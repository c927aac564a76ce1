"""A table needs nothing but its door: each game played at the real table, once with the
door a function call and once with every message in both directions sent through JSON
and checked against the protocol's schema, as across a network. The two are the same
game, move for move. (Whole games through the door, every game, are played in
``tests/play/test_seat_protocol.py``; here the table itself reads the messages.)"""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.ui.launch import Launch
from cardtable.ui.tables import match as match_module

from .conftest import key, until

MOVES = 12  # the human's moves each game is played for


def waits(table) -> bool:
    return table.match.state.is_over or table.sheet is not None and table.awaiting_answer()


def play(app, game_id: str) -> list:
    app.open_table(Launch(game_id, 2, ("human", "random"), seed=7))
    table = app.manager.top
    chooser = Rng(f"player/{game_id}")
    moves = 0
    while moves < MOVES:
        until(app, lambda: table.awaiting_human() or waits(table), limit=5000)
        if table.match.state.is_over:
            break
        if table.sheet is not None:  # the score sheet between hands: on to the next
            key(app, pygame.K_RETURN)
            continue
        moves += 1
        codes = sorted(table.legal_codes())
        table.act(chooser.choice([code for code in codes if code != "hit"] or codes))
    until(app, lambda: table.still() and not table.view.dirty)
    history = list(table.match.state.history)
    app.show_title()
    return history


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.slow
def test_a_game_at_the_table_through_json_is_the_game_played_locally(app, monkeypatch, game_id):
    monkeypatch.setattr(match_module, "WIRE", False)
    local = play(app, game_id)
    monkeypatch.setattr(match_module, "WIRE", True)
    assert play(app, game_id) == local
    assert sum(seat == 0 for seat, _code in local) >= MOVES  # the human's moves all made
