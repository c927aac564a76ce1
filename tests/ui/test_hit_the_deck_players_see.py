"""What players of Hit the Deck found wrong on the first evening (issue 11), as they would
see it: the deal shown once, a late slap judged once with the round plainly over, no hand
of one human face up for another, and the middle of the table readable (the arrows clear
of the pile labels; the bar and the plates keeping pace with the second hand's deal)."""

from __future__ import annotations

import random

import pygame
import pytest

from cardtable.engine import HIDDEN
from cardtable.games import registry
from cardtable.games.hit_the_deck.vocabulary import HAND_SIZE, full_deck
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.tables.hit_the_deck import HitTheDeckTable
from cardtable.ui.tables.parts import rings

from .conftest import frames
from .test_hit_the_deck_table import (
    ANN,
    BEN,
    SLAP,
    counts,
    open_table,
    press,
    run_until,
    slap_hits,
    stacked,
)

GAME = registry.get("hit-the-deck")


# -- 1. the deal, once -----------------------------------------------------------------------


def test_the_first_frame_shows_the_table_before_the_deal_and_no_hand_is_dealt_twice(app):
    app.open_table(Launch("hit-the-deck", 4, ("human", "hard", "hard", "hard"), seed=3))
    table = app.manager.top
    assert isinstance(table, HitTheDeckTable)
    app.step()
    hands = [f"hand:{seat}" for seat in range(4)]
    assert [table.view.visible(zone) for zone in hands] == [0, 0, 0, 0]
    assert table.view.visible("draw") + len(table.model.get("discard", [])) <= len(full_deck())
    most = 0
    for _ in range(400):
        if not table.animator.busy:
            break
        for zone in hands:
            most = max(most, table.view.visible(zone))
            assert len(table.model[zone]) <= HAND_SIZE, f"{zone} holds more than a deal"
        app.step()
    assert most == HAND_SIZE
    assert [len(table.model[zone]) for zone in hands] == [HAND_SIZE] * 4


# -- 2. a late slap, judged once -------------------------------------------------------------


def round_ben_opened(app) -> HitTheDeckTable:
    """Ann and Ben at the table with a bot; Ben has just played a Hand card and called it
    (his hit), the bot hits in its time, Ann has not hit."""
    deck = stacked(["", "HIT-HAND", ""], discard="Y3")
    table = open_table(app, ("human", "human", "medium"), deck, names=("Ann", "Ben", "Bo"))
    run_until(app, table, lambda: table.awaiting_human() and table.viewer == BEN)
    assert table.perform(BEN, "play HIT-HAND") is None
    press(SLAP[BEN])
    app.step()
    assert slap_hits(table) == [BEN]
    return table


@pytest.mark.slow
def test_a_slap_after_the_round_closed_is_judged_once_and_the_round_is_plainly_over(app):
    table = round_ben_opened(app)
    held = counts(table)[ANN]
    run_until(app, table, lambda: table.state.window is None)  # time is up: Ann never hit
    # The frame the rules close the round, the table says so: no call, no clock.
    assert not table.round.calling
    assert table.status() is None and table.window_left() is None
    assert table.round.closed or table.round.result is not None
    history = len(table.state.history)
    press(SLAP[ANN])  # too late
    app.step()
    assert table.state.history[history:] == [(ANN, "hit")], "one press, one judgement"
    run_until(app, table, lambda: not table.animator.busy)
    assert counts(table)[ANN] == held + 4 + 2  # last in the round, then a fake-out
    fakes = [hand for hand in table.round.hands if hand.fake]
    assert len(fakes) <= 1


def test_a_slap_while_the_round_is_open_is_a_hit_even_while_the_table_animates(app):
    table = round_ben_opened(app)
    assert table.state.window is not None
    before = counts(table)[ANN]
    press(SLAP[ANN])
    app.step()
    assert slap_hits(table)[-1] == ANN
    assert all(not hand.fake for hand in table.round.hands)
    run_until(app, table, lambda: table.state.window is None)
    run_until(app, table, lambda: not table.animator.busy)
    assert counts(table)[ANN] in (before, before + 4)  # hit: no fake-out's two


# -- 3. two humans: only your own hand, behind the privacy screen ------------------------------


def shown_hands(table: HitTheDeckTable) -> set[int]:
    """The human seats whose cards the table shows face up (at rest or in flight)."""
    shown = {
        seat
        for seat in table.humans
        if any(code != HIDDEN for code in table.model.get(f"hand:{seat}", []))
    }
    return shown


@pytest.mark.slow
def test_with_two_humans_no_hand_is_face_up_but_its_owners_behind_the_privacy_screen(app):
    deck = stacked(
        ["HIT-HAND R5 R4 B5 B4 R3 B3", "HIT-HAND R2 B2 R1 B1 R5 B5", "", ""],
        discard="Y3",
        bottom="HIT-HAND HIT-HAND",
    )
    table = open_table(app, ("human", "human", "medium", "hard"), deck)
    passed_to: int | None = None  # the human the privacy screen last passed to
    rounds = bot_turns = 0
    for _ in range(2500):
        top = app.manager.top
        if isinstance(top, PrivacyScene):
            passed_to = table.humans[[table.names[s] for s in table.humans].index(top.name)]
            press(pygame.K_RETURN)
            app.step()
            continue
        shown = shown_hands(table)
        assert shown <= ({table.viewer} if table.viewer is not None else set())
        if table.viewer is not None:
            assert table.viewer == passed_to, "a hand shown without the privacy screen"
        if table.still():
            if table.state.window is not None:
                rounds += 1
                assert table.viewer is None, "a hand face up during a slap round"
            elif set(table.public.get("to_act", [])) - set(table.humans):
                bot_turns += 1
                assert table.viewer is None, "a hand face up during a bot's turn"
        opened = table.match.referee.window_open_at
        if table.state.window is not None and opened is not None:
            # The humans take their time: half a second into the round, they slap.
            if table.match.now - opened >= 0.5:
                press(*[SLAP[s] for s in (ANN, BEN) if s not in slap_hits(table)])
        elif table.awaiting_human():
            codes = sorted(table.legal_codes() - {"hit"})
            if codes:
                # A Hand card first, so there are slap rounds to watch.
                table.act("play HIT-HAND" if "play HIT-HAND" in codes else codes[0])
        app.step()
        if table.sheet is not None:
            break
    assert rounds > 0 and bot_turns > 0


# -- 9. the middle of the table --------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (800, 500), (640, 400)])
def test_the_direction_arrows_never_cross_the_pile_labels(app, size):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    table = open_table(app, ("human", "hard", "hard", "hard"), stacked([""] * 4, "Y3"))
    run_until(app, table, lambda: not table.animator.busy)
    if not table.pile_labels:
        return  # too small for the labels: none are drawn, so nothing to cross
    labels = [rect.inflate(2, 2) for rect in table.pile_labels.values()]
    for line in rings.arcs(table.ring):
        for (x1, y1), (x2, y2) in zip(line, line[1:], strict=False):
            for label in labels:
                assert not label.clipline((x1, y1), (x2, y2)), f"an arrow crosses {label}"


def last_move_of_a_first_hand(players: int, viewer: int) -> tuple[dict, list]:
    """A real game played at random until a move ends the first hand: what ``viewer``
    saw before that move, and the move's events (the end of the hand, the score sheet,
    the cards gathered and the second deal)."""
    state = GAME.new_game(players, seed=5, options={"target": 500})
    pick = random.Random(5)
    for _ in range(5000):
        before = state.observation(viewer)
        if state.window is not None:
            events = state.close_window()
        else:
            seat = state.to_act[0]
            codes = [a.code for a in state.legal_actions(seat) if a.code != "hit"]
            events = state.apply(seat, pick.choice(codes))
        if any(event.what == "hand-over" for event in events):
            return before, events
    raise AssertionError("no hand ended")


def test_the_second_deal_says_hand_two_and_the_counts_climb_card_by_card(app):
    table = open_table(app, ("human", "hard"), stacked(["", ""], "Y3"))
    table.hold_bots = True
    run_until(app, table, lambda: not table.animator.busy)
    seen, events = last_move_of_a_first_hand(2, viewer=0)
    table.view.load(seen, table.arrange)  # the table as it stood before that move
    table.played(events)
    counts_seen: set[int] = set()
    plates_with_sheet: list[int] = []
    titles: set[str] = set()
    for _ in range(600):
        if table.sheet is not None:
            plates_with_sheet = list(table.public["scores"])
            table.sheet.on_next()
        if not table.animator.busy:
            break
        if table.animator.flights and any(f.zone == "hand:1" for f in table.animator.flights):
            counts_seen.add(table.view.visible("hand:1"))
            titles.add(table.title_text())
        app.step()
    assert titles and all("Hand 2" in title for title in titles)
    totals = [event for event in events if event.what == "hand-over"][0].data["scores"]
    assert plates_with_sheet == totals, "the plates keep last hand's totals under the sheet"
    assert len(counts_seen & set(range(1, HAND_SIZE))) >= 3, "the count jumps, not climbs"
    frames(app, 2)
