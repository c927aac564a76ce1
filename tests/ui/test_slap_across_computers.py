"""A slap round with a player at another computer (issue 31), at the host's table: while
presses wait to be put in the order they were made the top bar says so, each hand on the
pile shows how long after the card it came, and a connection too slow to race fairly is
told so while a race runs."""

from __future__ import annotations

import itertools

from cardtable.play import LocalDoor, protocol
from cardtable.play.timeline import DelayTracker
from cardtable.ui.tables.frame import JUDGING, status_line

from .test_hit_the_deck_table import ANN, SLAP, open_table, press, run_until, stacked

FAR = 1
INTENTS = itertools.count(1)  # each intent its own number, as a client numbers them


def move(code: str, at: float) -> dict:
    return protocol.move(FAR, code, next(INTENTS), at)


class RemoteDoor(LocalDoor):
    remote = True


def far_door(table, delay: float) -> RemoteDoor:
    host = table.match.host
    door = RemoteDoor(host, (FAR,), FAR, wire=True).open()
    tracker = host.delays.setdefault(id(door), DelayTracker())
    for _ in range(10):
        tracker.seen(0.0, delay)
    return door


def test_the_table_says_judging_while_a_press_waits_and_shows_each_hands_time(app):
    deck = stacked(["", "HIT-HAND R5 R4 B5 B4 R3 B3", ""], discard="Y3")
    table = open_table(app, ("human", "human", "easy"), deck, names=("Ann", "Far", "Bo"))
    far = far_door(table, 0.1)
    far.send(move("play HIT-HAND", table.match.now))
    run_until(
        app, table, lambda: table.round.calling and table.match.referee.window_open_at is not None
    )
    assert status_line(table)[0] != JUDGING
    press(SLAP[ANN])
    app.step()
    assert table.match.host.claims and status_line(table)[0] == JUDGING
    run_until(app, table, lambda: any(hand.seat == ANN for hand in table.round.hands))
    ann = next(hand for hand in table.round.hands if hand.seat == ANN)
    assert ann.after is not None and 0 < ann.after < 1.0
    far.send(move("hit", table.match.now))
    run_until(app, table, lambda: table.state.window is None)
    assert status_line(table)[0] != JUDGING


def test_a_player_too_slow_to_race_fairly_is_told_so_while_the_round_runs(app):
    """The table here stands for a computer on a slow connection: its door is remote,
    and its presses take 400 ms (the host waits 250 at most)."""
    deck = stacked(["", "HIT-HAND R5 R4 B5 B4 R3 B3", ""], discard="Y3")
    table = open_table(app, ("human", "human", "easy"), deck, names=("Ann", "Far", "Bo"))
    far = far_door(table, 0.05)
    here = table.match.door
    here.remote = True
    tracker = table.match.host.delays.setdefault(id(here), DelayTracker())
    for _ in range(10):
        tracker.seen(0.0, 0.4)
    assert "too slow" not in status_line(table)[0]  # no race yet
    far.send(move("play HIT-HAND", table.match.now))
    run_until(
        app, table, lambda: table.round.calling and table.match.referee.window_open_at is not None
    )
    words, colour = status_line(table)
    assert words == (
        "Your connection is too slow to race fairly: your presses take about 420 ms to "
        "reach the table, and it waits 250 ms at most, so a press counts from when it "
        "arrives, less that wait."
    )
    assert [m for m in far.receive() if m["type"] == "update"][-1]["moment"]["slow"] == ""
