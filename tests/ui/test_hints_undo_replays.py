"""Hints (the hard bot's move for the viewer, lit where it is made), undo at the table
(the exact state back, or a refusal with its reason) and the replay viewer (the finished
games listed newest first, stepped through to the recorded result), for every game."""

from __future__ import annotations

import pygame
import pytest

from cardtable import storage
from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.play import Referee, make_bots
from cardtable.play.protocol import plain
from cardtable.strategy import make_bot, view_for
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.replays import ReplaysScene

from .conftest import click, frames, key, until


def snapshot(state):
    return [
        (state.observation(seat), sorted(a.code for a in state.legal_actions(seat)))
        for seat in range(state.players)
    ]


def button(buttons, label: str):
    return next(b for b in buttons if b.label == label)


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.slow
def test_the_hint_is_the_hard_bots_move_lit_where_it_is_made(app, game_id):
    app.open_table(Launch(game_id, 3, ("human", "hard", "hard"), seed=6))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.hold_bots = True  # the moment stands still while we compare
    click(app, button(table.buttons, "Hint").rect.center)
    hints = table.tools.hints
    until(app, lambda: hints.code is not None)
    bot = make_bot(game_id, "hard", Rng(f"hint/6/{len(table.match.state.history)}"))
    expected = bot.choose(view_for(table.match.state.copy(), 0)).code
    assert hints.code == expected
    assert hints.line.startswith("Hint:")
    if hints.cards is not None:  # lit on the cards and the place a drag would use
        zone, indices = hints.cards
        cards = tuple(table.view.zones[zone][i] for i in indices)
        if len(indices) == 1:
            cards = table.cards_for_drag(zone, indices[0])
        assert expected in table.legal_for(cards, zone, hints.target)
    frames(app, 2)  # and it draws
    table.act(expected)
    until(app, lambda: hints.line == "" or hints.mark == len(table.match.state.history))
    # The key asks as well.
    table.hold_bots = False
    until(app, lambda: table.awaiting_human() or table.match.state.is_over)
    if table.awaiting_human():
        table.hold_bots = True
        key(app, pygame.K_RIGHT)  # the cursor put on some card first: the hint moves it
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_h)
        until(app, lambda: hints.code is not None)
        # Enter then makes the hinted move: the hint holds its cards (or focuses its
        # choice) for the keyboard.
        hinted, step = hints.code, len(table.match.state.history)
        key(app, pygame.K_RETURN)
        until(app, lambda: len(table.match.state.history) > step)
        assert (0, hinted) in table.match.state.history[step:]


def test_undo_gives_back_the_exact_state_before_the_move(app):
    app.open_table(Launch("what-the-heck", 3, ("human", "hard", "hard"), seed=5))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.hold_bots = True
    before = snapshot(table.match.state)
    table.act(sorted(table.legal_codes())[0])
    assert snapshot(table.match.state) != before
    app.saver.flush()
    assert storage.load_progress()[0].record.actions == table.match.state.history
    key(app, pygame.K_u)
    assert snapshot(table.match.state) == before
    assert table.match.state.history == []
    app.saver.flush()
    assert storage.load_progress() == (None, None)  # nothing left to resume
    assert (
        table.view.zones["hand:0"] == table.match.referee.observation(0)["zones"]["hand:0"]["cards"]
    )
    # Ctrl+Z and the button do the same.
    table.act(sorted(table.legal_codes())[0])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL))
    app.step()
    assert snapshot(table.match.state) == before
    table.act(sorted(table.legal_codes())[0])
    click(app, button(table.buttons, "Undo").rect.center)
    assert snapshot(table.match.state) == before


def test_undo_is_refused_with_the_reason_when_it_would_hide_a_shown_card(app):
    app.open_table(Launch("what-the-heck", 3, ("human", "hard", "hard"), seed=5))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.act(sorted(table.legal_codes())[0])
    until(app, lambda: table.public.get("round") == 2 and table.still())  # bids revealed
    table.hold_bots = True
    history = list(table.match.state.history)
    before = snapshot(table.match.state)
    key(app, pygame.K_u)
    assert table.notice.words == "Since your move a hidden card has been shown: no undo."
    assert table.match.state.history == history and snapshot(table.match.state) == before
    frames(app)  # the reason shows


def test_undo_is_offered_only_against_bots(app):
    app.open_table(Launch("mean", 2, ("human", "human"), seed=1))
    assert "Undo" not in [b.label for b in app.manager.top.buttons]


def finished(game_id: str, seed: int):
    seats = ["human", "random", "random"]
    state = registry.get(game_id).new_game(3, seed)
    referee = Referee(state, [None, *make_bots(game_id, seats[1:], seed)], seat_kinds=seats)
    bots = make_bots(game_id, ["random"] * 3, seed)
    while not state.is_over:  # seat 0 plays randomly too, as a human would
        if 0 in referee.humans_to_act():
            referee.submit(0, bots[0].choose(view_for(state, 0)).code, 0.0)
        due = referee.next_due()
        if due is not None:
            referee.advance(due)
    return referee.record()


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.slow
def test_the_replay_viewer_steps_a_record_to_its_recorded_result(app, home, game_id):
    record = finished(game_id, seed=3)
    recorded = registry.replay(record).result
    storage.save_match(record, f"{game_id}-old")
    (home / "saves" / "zzz-broken.json").write_text("{not json")
    app.show_title()
    frames(app)
    click(app, button(app.manager.top.column.buttons, "Replays").rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplaysScene)
    assert len(scene.entries) == 1  # the damaged one is set aside, the list goes on
    assert scene.toast.message.startswith("Your save zzz-broken.json is damaged")
    words = scene.entries[0].words
    assert words.startswith(registry.get(game_id).title) and "won" in words
    frames(app)
    key(app, pygame.K_RETURN)  # the newest is focused: open it
    table = app.manager.top
    replay = table.tools.replay
    assert replay is not None and table.match.state.history == []
    until(app, lambda: not table.animator.busy)
    key(app, pygame.K_RIGHT)
    assert replay.position == 1 and table.match.state.history == record.actions[:1]
    click(app, button(replay.buttons, "<").rect.center)
    assert replay.position == 0 and table.match.state.history == []
    for _ in range(len(record.actions) + 5):  # step by step to the end
        if replay.at_end:
            break
        key(app, pygame.K_n)
    assert replay.at_end
    for _ in range(20):  # each hand stepped through leaves its sheet; the last says
        until(app, lambda: table.sheet is not None or table.still())  # "See the results"
        if table.sheet is None:
            break
        key(app, pygame.K_RETURN)
    until(app, lambda: table.still() and not table.view.dirty)
    assert table.match.state.result == recorded
    assert table.public["result"] == plain(recorded.to_dict())  # as the door carries it
    assert replay.result_words().startswith("Recorded result: ")
    key(app, pygame.K_HOME)
    assert replay.position == 0
    key(app, pygame.K_SPACE)  # play: it steps by itself
    until(app, lambda: replay.position >= 3)
    key(app, pygame.K_ESCAPE)  # back to the list, no question asked
    assert app.manager.top is scene or isinstance(app.manager.top, ReplaysScene)


def test_a_replay_whose_seat_plays_a_level_the_game_lacks_is_listed_as_a_problem(app, home):
    # A crafted record that names a "grandmaster" in Hit the Deck (which offers none)
    # would have been listed and then crashed the table that builds its bots.
    record = finished("hit-the-deck", seed=3)
    record.seats = ["grandmaster"] + list(record.seats[1:])
    storage.save_match(record, "crafted")
    app.show_title()
    frames(app)
    click(app, button(app.manager.top.column.buttons, "Replays").rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplaysScene) and scene.entries == []
    message = scene.toast.message
    assert message.startswith("Your save crafted.json cannot be replayed (seat 1")
    assert list((home / "saves").glob("crafted.damaged-*.json"))


def open_replays(app):
    app.show_title()
    frames(app)
    click(app, button(app.manager.top.column.buttons, "Replays").rect.center)
    scene = app.manager.top
    assert isinstance(scene, ReplaysScene)
    return scene


def test_a_mean_replay_says_who_won_without_its_meaningless_scores(app, home):
    # The list said "Bo won · 0 to 0 to 2": MEAN! keeps no points (its results screen
    # shows how each player ended), so the numbers meant nothing to a player.
    storage.save_match(finished("mean", seed=3), "mean-old")
    storage.save_match(finished("copycat", seed=3), "copycat-old")
    words = {entry.record.game_id: entry.words for entry in open_replays(app).entries}
    assert words["mean"].endswith(" won") and " to " not in words["mean"]
    assert " won · " in words["copycat"]


def test_a_replay_names_each_score_best_place_first(app, home):
    # Issue 35: "Ada won · 8 to 18 to 14" gave the scores in seat order with no names.
    record = finished("copycat", seed=3)
    storage.save_match(record, "copycat-old")
    (entry,) = open_replays(app).entries
    result = registry.replay(record).result
    names = ["You", "Ada", "Bo"][: record.players]
    ranked = [seat for group in result.ranking for seat in group]
    said = ", ".join(f"{names[seat]} {result.scores[seat]}" for seat in ranked)
    assert entry.words.endswith(" won · " + said), entry.words
    assert " to " not in entry.words


def test_a_damaged_record_s_message_leaves_the_back_button_in_sight(app, home):
    # The three-line message about a damaged record was drawn at the bottom, over Back.
    storage.save_match(finished("mean", seed=3), "mean-old")
    (home / "saves" / "zzz-broken.json").write_text('{"game_id": "mean", "pad": "' + "x" * 300)
    scene = open_replays(app)
    drawn = []
    draw = scene.toast.draw
    scene.toast.draw = lambda surface, **where: drawn.append(draw(surface, **where)) or drawn[-1]
    frames(app)
    back = button(scene.column.buttons, "Back")
    assert drawn[-1] is not None and not drawn[-1].colliderect(back.rect)


def test_a_record_that_cannot_be_replayed_is_set_aside_once(app, home):
    # Records that read but did not replay (a move the rules refuse, an unknown game, a
    # bad player count) were said each time Replays opened, and left in place.
    record = finished("mean", seed=3)
    storage.save_match(record, "mean-good")
    bad = record.to_json().replace('"play ', '"play 13 13 ', 1)
    (home / "saves" / "mean-illegal.json").write_text(bad, "utf-8")
    (home / "saves" / "nosuch.json").write_text(bad.replace('"mean"', '"nosuch"', 1), "utf-8")
    scene = open_replays(app)
    assert len(scene.entries) == 1
    assert "cannot be replayed" in scene.toast.message and "(and 1 more)" in scene.toast.message
    kept = sorted(path.name for path in (home / "saves").glob("*.damaged-*.json"))
    assert [name.split(".damaged-")[0] for name in kept] == ["mean-illegal", "nosuch"]
    key(app, pygame.K_ESCAPE)
    scene = open_replays(app)
    assert len(scene.entries) == 1 and not scene.toast.visible


@pytest.mark.slow
def test_a_mean_replay_shows_no_thinking_and_no_meaningless_scores(app, home):
    # A replayed MEAN! game said "Ada thinking..." on the bot to act (nobody thinks in a
    # replay) and ended "Recorded result: Bo won (You 0, Ada 0, Bo 2)".
    storage.save_match(finished("mean", seed=3), "mean-old")
    open_replays(app)
    key(app, pygame.K_RETURN)
    table = app.manager.top
    replay = table.tools.replay
    thinking = []
    for _ in range(len(replay.actions) + 5):
        until(app, lambda: not table.animator.busy)
        thinking += [seat for seat in range(len(table.seats)) if table.is_thinking(seat)]
        if replay.at_end:
            break
        key(app, pygame.K_n)
    assert thinking == []
    until(app, lambda: table.still() and not table.view.dirty)
    words = replay.result_words()
    assert words.startswith("Recorded result: ") and words.endswith(" won"), words


def test_an_edited_what_the_heck_record_is_set_aside_not_replayed_as_another_game(app, home):
    # With its seed changed it listed and replayed as a different game without a word.
    record = finished("what-the-heck", seed=3)
    storage.save_match(record, "heck-good")
    record.seed = 4
    storage.save_match(record, "heck-edited")
    scene = open_replays(app)
    assert [entry.record.seed for entry in scene.entries] == [3]
    assert scene.toast.message.startswith(
        "Your save heck-edited.json cannot be replayed (the record is not the game that was "
        "played: its deal differs, so its seed, options or deck were changed)"
    )
    assert list((home / "saves").glob("heck-edited.damaged-*.json"))
