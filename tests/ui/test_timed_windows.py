"""Timed steps on the table: the slap round's clock, bots' reaction delays, deadlines and
the close; and slap keys routed to the human seats in the order they arrive."""

from __future__ import annotations

import pygame

from cardtable.ui.launch import Launch
from cardtable.ui.tables.what_the_heck import WhatTheHeckTable

from .conftest import frames, until


def test_the_table_runs_a_slap_round_to_its_close(app):
    # Seed 0 with two random bots plays a Hit-with-a-Hand card within a few moves.
    app.open_table(Launch("hit-the-deck", 2, ("random", "random"), seed=0, watch=True))
    table = app.manager.top
    until(app, lambda: table.state.window is not None, limit=4000)
    window = table.state.window
    referee = table.match.referee
    until(app, lambda: referee.window_open_at is not None or table.state.window is None)
    opened = len(table.state.history)
    until(app, lambda: table.state.window is None, limit=4000)
    after = table.state.history[opened:]
    # Bots hit after their delays; whatever is left when time is up is closed by the table.
    assert any(code == "hit" for _seat, code in after) or (-1, "close") in after
    assert window.seconds > 0
    frames(app, 5)


class SlapRecorder(WhatTheHeckTable):
    def __init__(self, app, launch) -> None:
        super().__init__(app, launch)
        self.slaps: list[int] = []

    def on_slap(self, seat: int) -> bool:
        self.slaps.append(seat)
        return True


def press(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_slap_keys_reach_their_seats_in_arrival_order(app):
    app.settings.slap_bindings = {"2": {"key": "a"}}
    launch = Launch("what-the-heck", 3, ("human", "human", "human"), seed=1)
    table = SlapRecorder(app, launch)
    app.show_title()
    app.manager.push(table)
    press(pygame.K_RSHIFT)  # the second human's default key
    press(pygame.K_a)  # the third human's own binding
    press(pygame.K_LSHIFT)  # the first human's default key
    app.step()
    assert table.slaps == [1, 2, 0]
