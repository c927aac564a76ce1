"""Leaving a game asks first, and a game in progress is kept and resumed from the title:
the record so far replays to the same state and the same legal moves, for every game, in
the middle of a timed window too. A damaged save is set aside with one line."""

from __future__ import annotations

import os
import signal
import time

import pygame
import pytest

from cardtable import storage
from cardtable.engine import MatchRecord, fingerprint
from cardtable.games import registry
from cardtable.play import Referee, make_bots
from cardtable.play.undo import state_at, step
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.title import TitleScene
from cardtable.ui.tables import TableScene

from .conftest import click, frames, key, until


def played(game_id: str, seed: int, players: int = 3) -> MatchRecord:
    seats = ["random"] * players
    state = registry.get(game_id).new_game(players, seed)
    referee = Referee(state, make_bots(game_id, seats, seed), seat_kinds=seats)
    referee.run()
    record = referee.record()
    record.seats[0] = "human"
    return record


def cut(record: MatchRecord, count: int) -> MatchRecord:
    """``record``'s first ``count`` moves, proving the game they reach (as the table saves
    a game in progress)."""
    kept = MatchRecord(
        **{**record.__dict__, "actions": list(record.actions[:count]), "proof": None}
    )
    state = registry.replay(kept)
    kept.proof = {"deal": state.dealt, "end": fingerprint(state)}
    return kept


def snapshot(state):
    return [
        (state.observation(seat), sorted(a.code for a in state.legal_actions(seat)))
        for seat in range(state.players)
    ]


def resume_from_title(app, record: MatchRecord, count: int):
    kept = cut(record, count)
    storage.save_progress(storage.Progress(kept, ["You", "Ada", "Bo"], 0))
    app.show_title()
    frames(app)
    title = app.manager.top
    assert [b.label for b in title.column.buttons][:2] == ["Resume", "Play"]
    click(app, title.column.buttons[0].rect.center)
    table = app.manager.top
    table.hold_bots = True
    return table


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_saved_game_resumes_to_the_same_state_and_legal_moves(app, game_id):
    record = played(game_id, seed=4)
    count = len(record.actions) // 2
    table = resume_from_title(app, record, count)
    assert table.match.state.history == record.actions[:count]
    assert snapshot(table.match.state) == snapshot(state_at(record, count))
    assert table.names == ["You", "Ada", "Bo"] and table.viewer == 0
    frames(app, 3)  # and it draws


def test_a_resumed_game_of_two_at_one_screen_asks_for_the_player_before_their_hand(app):
    # It opened straight on the hand of the human to play, with no "Pass to" screen.
    record = played("mean", seed=4)
    record.seats[1] = "human"
    count = next(
        n for n in range(len(record.actions) // 2, 0, -1) if state_at(record, n).current in (0, 1)
    )
    mover = state_at(record, count).current
    kept = cut(record, count)
    storage.save_progress(storage.Progress(kept, ["You", "Ada", "Bo"], mover))
    app.show_title()
    frames(app)
    click(app, app.manager.top.column.buttons[0].rect.center)  # Resume
    frames(app, 3)
    cover = app.manager.top
    assert isinstance(cover, PrivacyScene), "the hand showed before its player said so"
    assert cover.name == ["Player 1", "Player 2"][mover]  # people here, by seat
    table = app.manager.find(TableScene)
    assert table.viewer is None
    key(app, pygame.K_RETURN)
    assert app.manager.top is table and table.viewer == mover


def test_a_game_saved_inside_a_timed_window_resumes_inside_it(app):
    windows = [info.id for info in registry.all() if info.id == "hit-the-deck"]
    for seed in range(1, 30):
        record = played(windows[0], seed)
        state = registry.new_from_record(record)
        for count, (seat, code) in enumerate(record.actions, start=1):  # noqa: B007 (read after the break)
            step(state, seat, code)
            if state.window is not None:
                break
        if state.window is not None:
            break
    assert state.window is not None, "no window in thirty games"
    table = resume_from_title(app, record, count)
    assert table.match.state.window == state.window
    assert snapshot(table.match.state) == snapshot(state)
    table.hold_bots = False  # the window runs again on the table's clock and closes
    until(app, lambda: table.match.state.window is None)


def test_leaving_asks_first_and_the_title_offers_resume(app):
    app.open_table(Launch("what-the-heck", 3, ("human", "hard", "hard"), seed=5))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.act(sorted(table.legal_codes())[0])
    until(app, lambda: len(table.match.state.history) >= 3 and table.still())
    app.saver.flush()
    saved, message = storage.load_progress()
    assert message is None and saved.record.actions == table.match.state.history
    key(app, pygame.K_ESCAPE)  # nothing held: Escape asks to leave
    assert table.tools.confirm is not None and app.manager.top is table
    history = list(table.match.state.history)
    frames(app, 40)
    assert table.match.state.history == history  # the match waits while it asks
    key(app, pygame.K_n)
    assert table.tools.confirm is None and app.manager.top is table
    click(app, table.buttons[0].rect.center)  # Menu
    assert table.tools.confirm.question == "Leave this game?"
    click(app, table.tools.confirm.buttons[0].rect.center)  # Leave
    title = app.manager.top
    assert isinstance(title, TitleScene)
    assert title.column.buttons[0].label == "Resume" and title.column.buttons[0].focused
    app.saver.flush()
    saved, _ = storage.load_progress()
    key(app, pygame.K_RETURN)
    resumed = app.manager.top
    resumed.hold_bots = True
    assert resumed.match.state.history == saved.record.actions
    assert snapshot(resumed.match.state) == snapshot(state_at(saved.record, len(history)))


def test_opening_a_table_replaces_no_saved_game_before_its_first_move(app):
    app.open_table(Launch("mean", 2, ("human", "hard"), seed=2))
    table = app.manager.top
    until(app, table.awaiting_human)
    app.saver.flush()
    assert storage.load_progress() == (None, None)
    table.act(sorted(table.legal_codes())[0])
    app.saver.flush()
    assert storage.load_progress()[0].record.actions == table.match.state.history


def test_closing_the_window_mid_game_asks_and_a_second_close_quits(app):
    app.open_table(Launch("mean", 2, ("human", "hard"), seed=2))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.act(sorted(table.legal_codes())[0])
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert app.running and table.tools.confirm is not None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running
    assert storage.load_progress()[0] is not None


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_signal_to_end_saves_the_game_and_quits_without_asking(app, name):
    app.open_table(Launch("mean", 2, ("human", "hard"), seed=2))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.act(sorted(table.legal_codes())[0])
    history = list(table.match.state.history)
    storage.clear_progress()  # what is saved now is what the signal saved
    before = signal.getsignal(getattr(signal, name))
    with app.ending_on_signals():
        os.kill(os.getpid(), getattr(signal, name))
        app.step()
    assert not app.running and table.tools.confirm is None, "ended, nothing asked"
    assert storage.load_progress()[0].record.actions[: len(history)] == history
    assert signal.getsignal(getattr(signal, name)) is before, "the old handler is back"


@pytest.mark.slow
def test_the_save_goes_when_the_game_ends(app):
    app.open_table(Launch("what-the-heck", 2, ("human", "random"), seed=9))
    table = app.manager.top
    while not table.match.state.is_over:
        until(app, lambda: table.awaiting_human() or table.match.state.is_over)
        if table.awaiting_human():
            table.act(sorted(table.legal_codes())[0])
            app.saver.flush()
            assert storage.load_progress()[0] is not None
    until(app, lambda: table.match.finished)
    assert storage.load_progress() == (None, None)


def test_a_damaged_save_is_set_aside_with_one_line(app, home):
    # An older version's one saved game, damaged: set aside where it lies.
    storage.legacy_progress_path().write_text('{"version": 1, "record": {"oops": 1}}')
    app.show_title()
    frames(app)
    title = app.manager.top
    assert [b.label for b in title.column.buttons][0] == "Play"
    assert title.toast.message.startswith("Your saved game file has a bad value (it has no names)")
    assert title.toast.message.endswith("there is nothing to resume.")
    assert "\n" not in title.toast.message
    assert list(home.glob("game-in-progress.damaged-*.json"))


@pytest.mark.parametrize(
    ("record", "why"),
    [
        (MatchRecord("nope", 2, 1, {}, ["human", "easy"], []), "unknown game 'nope'"),
        (
            MatchRecord("hit-the-deck", 2, 1, {}, ["human", "grandmaster"], []),
            "seat 2 is played by 'grandmaster', which Hit the Deck has no bot for",
        ),
        (
            MatchRecord("mean", 2, 1, {}, ["human", "easy"], [(0, "fly away")]),
            "it holds a move the game refuses",
        ),
        (MatchRecord("mean", 2, 1, {"zzz": 3}, ["human", "easy"], []), "no option 'zzz'"),
    ],
)
def test_a_crafted_save_the_game_cannot_play_on_is_set_aside_not_resumed(app, home, record, why):
    # Each of these once passed the file's checks and crashed the app on Resume.
    storage.save_progress(storage.Progress(record, ["You", "Bo"], 0))
    app.show_title()
    frames(app)
    title = app.manager.top
    assert isinstance(title, TitleScene) and title.progress is None
    assert [b.label for b in title.column.buttons][0] == "Play"  # no Resume offered
    assert title.toast.message.startswith("Your saved game cannot be resumed (")
    assert why in title.toast.message and "\n" not in title.toast.message
    assert list((home / "in-progress").glob("*.damaged-*.json"))


def test_several_games_in_progress_are_listed_with_game_opponents_and_time(app):
    # Each game started is kept on its own; Resume lists them, and the one chosen opens.
    mean = played("mean", seed=4)
    heck = played("what-the-heck", seed=4)
    for kept_as, record, names in (
        ("mean-left", mean, ["You", "Ada", "Bo"]),
        ("heck-left", heck, ["You", "Cy", "Di"]),
    ):
        kept = cut(record, 5)
        storage.save_progress(storage.Progress(kept, names, 0, kept_as))
    os.utime(storage.progress_path("mean-left"), (1, 1))  # played long ago
    app.show_title()
    frames(app)
    title = app.manager.top
    assert [game.key for game in title.games] == ["heck-left", "mean-left"]
    assert title.resume_words() == "2 games in progress: Resume lists them"
    click(app, title.column.buttons[0].rect.center)  # Resume
    chooser = app.manager.top
    words = [button.label for button in chooser.column.buttons]
    assert words[0].startswith("What the Heck? · today ")
    assert words[0].endswith(" · against Cy (random) and Di (random)")
    assert words[1] == "MEAN! · 1 Jan 00:00 · against Ada (random) and Bo (random)".replace(
        "1 Jan 00:00", time.strftime("%d %b %H:%M", time.localtime(1)).lstrip("0")
    )
    assert words[-1] == "Back"
    click(app, chooser.column.buttons[1].rect.center)  # the MEAN! game
    table = app.manager.top
    assert isinstance(table, TableScene) and table.match.key == "mean-left"
    assert table.match.state.history == mean.actions[:5]


def test_one_game_in_progress_says_which_against_whom_and_when_on_the_title(app):
    record = played("what-the-heck", seed=4)
    kept = cut(record, 3)
    storage.save_progress(storage.Progress(kept, ["You", "Cy", "Di"], 0, "heck-left"))
    app.show_title()
    frames(app)
    title = app.manager.top
    words = title.resume_words()
    assert words.startswith("Resume: What the Heck? · today ")
    assert words.endswith(" · against Cy (random) and Di (random)")
    click(app, title.column.buttons[0].rect.center)  # straight to the one game
    assert isinstance(app.manager.top, TableScene)
    assert app.manager.top.match.key == "heck-left"


def test_a_saved_game_whose_record_was_edited_is_not_resumed_as_another_game(app, home):
    record = played("what-the-heck", seed=4)
    kept = cut(record, 6)
    kept.proof["end"] = "0" * 16  # as if its moves were changed
    storage.save_progress(storage.Progress(kept, ["You", "Ada", "Bo"], 0, "edited"))
    app.show_title()
    frames(app)
    title = app.manager.top
    assert title.games == [] and [b.label for b in title.column.buttons][0] == "Play"
    assert title.toast.message.startswith(
        "Your saved game cannot be resumed (the record is not the game that was played: "
        "its moves end elsewhere"
    )


@pytest.mark.parametrize(
    ("ago", "says"),
    [(0, "today 12:00"), (86400, "yesterday 12:00"), (3 * 86400, "25 Nov 12:00")],
)
def test_when_a_game_was_last_played_reads_as_a_day_and_a_time(ago, says):
    from cardtable.ui.scenes.resume import when

    now = time.mktime((2026, 11, 28, 12, 0, 0, 0, 0, -1))
    assert when(now - ago, now) == says


def test_a_game_open_in_another_window_is_marked_and_not_opened_twice(app):
    record = played("what-the-heck", seed=4)
    storage.save_progress(storage.Progress(cut(record, 3), ["You", "Cy", "Di"], 0, "heck-open"))
    held = storage.hold_game("heck-open")  # as another copy's table holds it
    try:
        app.show_title()
        frames(app)
        title = app.manager.top
        assert title.resume_words().startswith("Resume: What the Heck? · open in another window ·")
        click(app, title.column.buttons[0].rect.center)  # Resume
        assert app.manager.top is title, "not opened a second time"
        assert title.toast.message == (
            "That game is open in another window of Card Table: go on with it there."
        )
    finally:
        storage.let_go(held)
    app.show_title()
    frames(app)
    click(app, app.manager.top.column.buttons[0].rect.center)  # that window closed
    table = app.manager.top
    assert isinstance(table, TableScene) and table.match.key == "heck-open"
    assert storage.held_elsewhere("heck-open"), "this table holds it now"
    app.show_title()
    assert not storage.held_elsewhere("heck-open"), "and lets go when it closes"
