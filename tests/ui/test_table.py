"""The table machinery on the What the Heck? table: drags, refusals, the click and
keyboard paths, bots off the main thread, the privacy screen and animation skipping."""

from __future__ import annotations

import threading

import pygame
import pytest

from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables.what_the_heck import WhatTheHeckTable

from .conftest import click, drag, frames, key, until


def open_table(app, seats=("human", "random"), seed=3) -> WhatTheHeckTable:
    app.open_table(Launch("what-the-heck", len(seats), tuple(seats), seed=seed))
    table = app.manager.top
    assert isinstance(table, WhatTheHeckTable)
    return table


def hand_card(table: WhatTheHeckTable, card: str) -> pygame.Rect:
    zone = f"hand:{table.viewer}"
    return table.view.slot(zone, table.model[zone].index(card))


def hand_point(table: WhatTheHeckTable, card: str) -> tuple[int, int]:
    zone = f"hand:{table.viewer}"
    return table.view.card_point(zone, table.model[zone].index(card))


def test_a_drag_to_the_bid_spot_bids_that_card(app):
    table = open_table(app)
    table.hold_bots = True
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "9"), table.drop_targets()["bid"].center)
    assert table.match.state.history == [(0, "bid 9")]
    until(app, lambda: not table.animator.busy)
    assert table.model["bid:0"] == ["9"]
    assert "9" not in table.model["hand:0"]


def test_a_refused_drop_snaps_back_and_shows_the_engines_reason(app):
    table = open_table(app)
    table.hold_bots = True  # the bot waits, so our bid is laid and the round still open
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "4"), table.drop_targets()["bid"].center)
    until(app, lambda: not table.animator.busy)
    history = list(table.match.state.history)
    home = hand_card(table, "12")
    drag(app, hand_point(table, "12"), table.drop_targets()["bid"].center)
    # The engine refused: nothing changed, and its own words are on the table.
    assert table.match.state.history == history
    expected = table.match.state.explain(0, "bid 12")
    assert expected.startswith("You have already laid your card")
    assert table.notice.words == expected
    assert table.notice.left > 0
    # The card flies home and lies where it was.
    assert table.animator.returning
    frames(app, 10)
    assert not table.animator.returning
    assert hand_card(table, "12") == home
    assert "12" in table.model["hand:0"]


def test_a_drop_off_any_target_changes_nothing(app):
    table = open_table(app)
    table.hold_bots = True
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "7"), (40, 300))
    assert table.match.state.history == []
    assert table.animator.returning  # snapping back
    assert table.notice.words == "Drop your card on your bid spot."  # never silently


def test_legal_drop_places_light_up_while_dragging(app):
    table = open_table(app)
    table.hold_bots = True
    until(app, table.awaiting_human)
    start = hand_point(table, "5")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0], start[1] - 80), rel=(0, -80), buttons=(1, 0, 0)
        )
    )
    app.step()
    assert table.input.drag is not None and table.input.drag.moved
    assert table.input.drag.lit == {"bid"}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(40, 300), button=1))
    app.step()


def test_the_keyboard_path_plays_a_bid(app):
    table = open_table(app)
    table.hold_bots = True
    until(app, table.awaiting_human)
    key(app, pygame.K_RIGHT)  # the first card: 1
    key(app, pygame.K_RIGHT)  # then 2
    key(app, pygame.K_RETURN)  # pick it up
    assert table.input.picked is not None and table.input.picked.cards == ("2",)
    key(app, pygame.K_RETURN)  # lay it on the bid spot
    assert table.match.state.history == [(0, "bid 2")]


def test_the_click_path_plays_a_bid(app):
    table = open_table(app)
    table.hold_bots = True
    until(app, table.awaiting_human)
    click(app, hand_point(table, "13"))
    assert table.input.picked is not None and table.input.picked.cards == ("13",)
    click(app, table.drop_targets()["bid"].center)
    assert table.match.state.history == [(0, "bid 13")]


def test_bots_think_off_the_main_thread_and_show_it(app):
    table = open_table(app, seats=("human", "medium"))
    bot = table.seats[1].bot
    seen: list[threading.Thread] = []
    choose = bot.choose

    def watched(view):
        seen.append(threading.current_thread())
        return choose(view)

    bot.choose = watched
    until(app, lambda: table.is_thinking(1))
    until(app, lambda: table.match.state.history)
    assert seen and all(thread is not threading.main_thread() for thread in seen)
    assert table.match.state.history[0][0] == 1


def test_a_click_skips_the_animation_to_its_end(app):
    table = open_table(app)
    until(app, table.awaiting_human)
    table.perform(0, "bid 1")
    table.perform(1, "bid 2")  # both bids in: the reveal and its moves are queued
    assert table.animator.busy
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1))
    app.step()
    assert not table.animator.busy
    assert table.model["center"] == table.match.state.observation(0)["zones"]["center"]["cards"]


def test_two_local_humans_get_a_privacy_screen(app):
    table = open_table(app, seats=("human", "human", "random"))
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[0].name
    key(app, pygame.K_RETURN)
    assert app.manager.top is table and table.viewer == 0
    until(app, table.awaiting_human)
    table.perform(0, "bid 15")
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[1].name
    assert table.viewer is None  # nothing of seat 0's hand is drawn behind the cover
    key(app, pygame.K_RETURN)
    assert table.viewer == 1
    assert "15" in table.model["hand:1"]
    # The table turned: seat 1's hand lies face up along the bottom now.
    assert table.seat_boxes.sides[1] == "bottom"
    assert table.face_up("hand:1") and not table.face_up("hand:0")
    assert table.model["bid:0"] == ["?"]  # seat 0's bid is hidden from seat 1


@pytest.mark.slow
def test_watch_mode_shows_no_hands_and_reaches_the_results(app):
    app.open_table(Launch("what-the-heck", 3, ("random",) * 3, seed=9, watch=True))
    table = app.manager.top
    assert table.viewer is None
    frames(app, 5)
    assert all(card == "?" for card in table.model["hand:0"])
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=5000)


def test_the_first_frame_shows_the_table_before_the_deal(app):
    table = open_table(app)
    # Before any frame: the first Point Card still lies in the stack, then flies.
    assert table.model["center"] == [] and len(table.model["points"]) == 15
    until(app, lambda: not table.animator.busy)
    assert len(table.model["center"]) == 1 and len(table.model["points"]) == 14
    assert len(table.model["hand:0"]) == 15


def test_refusals_and_choosers_keep_off_the_hand_at_every_size(app):
    table = open_table(app)
    for size in ((1280, 720), (800, 600), (800, 500)):
        table.layout(size)
        hand = table.view.spots["hand:0"].rect
        assert table.chooser_area().bottom <= hand.top, size


def test_a_long_prompt_wraps_then_drops_its_last_part_but_never_cuts_a_word():
    from cardtable.ui.tables.frame import fitted

    words = "MEAN!: take 2 Punishment Piles: click one or drag it to your hand"
    lines, font = fitted(words, 600, 40)
    assert " ".join(lines) == words and all(font.size(line)[0] <= 600 for line in lines)
    lines, font = fitted(words, 180, 40)
    assert " ".join(lines) == "MEAN!: take 2 Punishment Piles"
    assert all(font.size(line)[0] <= 180 for line in lines)
