"""Passing words show where they cover nothing they may be explaining (issue 35, item 9):
the undo refused, a refused drop, a move's banner, the hint's line and the hand alert, in
every game, at the smallest window, the usual ones and a tall narrow one, lie inside the
window and over none of the table's cards, piles, counts, labels, outlines, drop places
or name plates, nor over each other; a card snapping back from the drop takes no room
from them. Once placed, they stay where they are."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from spite_malice_tables import STACK0, STACK1

from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import build_code, hand_source
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.launch import Launch
from cardtable.ui.tables import drawing
from cardtable.ui.tables.drawing import TOP_BAR
from cardtable.ui.tables.network import AGAIN

from .conftest import click, drag, frames, until, words_drawn
from .test_copycat_table import bot_plays, open_copycat
from .test_mean_table import bot_plays as mean_bot_plays
from .test_spite_malice_table import bot_plays as spite_bot_plays
from .test_spite_malice_table import open_table as open_spite
from .test_table_log import waiting_table

# The smallest window in the everyday tier, the others in the whole suite's slow tier.
SIZES = [
    (640, 400),
    *(pytest.param(size, marks=pytest.mark.slow) for size in ((800, 500), (1280, 720), (640, 960))),
]


NAMES = ["640x400", "800x500", "1280x720", "640x960"]


@pytest.fixture(params=SIZES, ids=NAMES)
def sized_app(home, request) -> Iterator[App]:
    application = App(request.param)
    application.fixed_dt = 0.05
    application.settings.animation_speed = 4.0
    application.settings.seen_how_to = registry.ids()
    yield application
    application.close()


def open_table(app: App, game_id: str):
    app.open_table(Launch(game_id, 2, ("human", "medium"), seed=2))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.hold_bots = True  # the moment stands still while we look at it
    refused: list[str] = []
    refuse = table.refuse
    table.refuse = lambda words: refused.append(words) or refuse(words)
    return table, refused


def laid_out(table, surface: pygame.Surface, words: str, monkeypatch):
    """Draw a frame; return where the refusal ``words`` lay and every rect the table
    drew besides it: each word (labels, counts, names), each label box (counts under
    piles, notes), each outline of an empty pile or drop place, each name plate, and
    where each pile and card lies."""
    taken: list[pygame.Rect] = []
    shown: list[pygame.Rect] = []
    inside = [False]
    text, label_box = theme.text, drawing.label_box
    target, plate = drawing.target, drawing.plate

    def recorded_text(*args, **kwargs):
        rect = text(*args, **kwargs)
        if not inside[0]:
            taken.append(rect)
        return rect

    def recorded_box(surface, said, *args, **kwargs):
        mine = said == words
        inside[0] = mine
        rect = label_box(surface, said, *args, **kwargs)
        inside[0] = False
        (shown if mine else taken).append(rect)
        return rect

    def recorded_target(surface, rect, lit):
        taken.append(pygame.Rect(rect))
        return target(surface, rect, lit)

    def recorded_plate(surface, rect, *args, **kwargs):
        taken.append(pygame.Rect(rect))
        return plate(surface, rect, *args, **kwargs)

    monkeypatch.setattr(theme, "text", recorded_text)
    monkeypatch.setattr(drawing, "label_box", recorded_box)
    monkeypatch.setattr(drawing, "target", recorded_target)
    monkeypatch.setattr(drawing, "plate", recorded_plate)
    table.draw(surface)
    monkeypatch.undo()
    for zone, spot in table.view.spots.items():
        visible = table.view.visible(zone)
        taken += table.view.slots(zone)[:visible]
        if spot.mode == "stack":
            taken += table.view.slots(zone, 1)  # where the pile lies, empty or not
    taken += table.input.targets().values()
    taken += table.plates.values()
    return shown, [rect for rect in taken if rect.width > 0 and rect.height > 0]


def check_clear(table, surface: pygame.Surface, words: str, monkeypatch) -> pygame.Rect:
    shown, taken = laid_out(table, surface, words, monkeypatch)
    assert len(shown) == 1, f"the refusal {words!r} is drawn once"
    box = shown[0]
    assert surface.get_rect().contains(box), (box, surface.get_size())
    covered = [rect for rect in taken if box.colliderect(rect)]
    assert not covered, f"{words!r} at {box} covers {covered}"
    return box


def refusable_drop(table, size: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """A card of the viewer's hand and a place it may not go (a drop place it does not
    fit, else the bare felt under the top bar): where to press and where to let go."""
    zone = f"hand:{table.viewer}"
    assert table.draggable(zone) and table.view.zones.get(zone)
    targets = table.input.targets()
    for index in range(len(table.view.zones[zone])):
        cards = table.cards_for_drag(zone, index)
        for name, rect in targets.items():
            if not table.legal_for(cards, zone, name):
                return table.view.card_point(zone, index), rect.center
    nowhere = (size[0] // 2, TOP_BAR + 4)
    assert not any(rect.collidepoint(nowhere) for rect in targets.values())
    return table.view.card_point(zone, 0), nowhere


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_undo_refused_covers_nothing_the_table_lays_out(sized_app, game_id, monkeypatch):
    app = sized_app
    table, refused = open_table(app, game_id)
    undo = next(b for b in table.buttons if b.label == "Undo")
    click(app, undo.rect.center)
    assert refused == ["You have made no move to take back."]
    box = check_clear(table, app.screen, refused[0], monkeypatch)
    # The longest refusal undo gives, in the same place's stead.
    table.refuse("Since your move a hidden card has been shown: no undo.")
    frames(app)
    check_clear(table, app.screen, refused[-1], monkeypatch)
    # It stays put while it shows (a window's frames do not move it).
    table.refuse(refused[0])
    frames(app, 3)
    assert check_clear(table, app.screen, refused[0], monkeypatch) == box


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_refused_drop_covers_nothing_the_table_lays_out(sized_app, game_id, monkeypatch):
    app = sized_app
    table, refused = open_table(app, game_id)
    drag(app, *refusable_drop(table, app.size))
    assert refused, "the drop is refused"
    frames(app)
    check_clear(table, app.screen, refused[-1], monkeypatch)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_card_snapping_back_takes_no_room_from_the_refusal(app, game_id, monkeypatch):
    # Let go on the bare felt just above the hand, where the refusal is wanted: the card
    # flies back from there as the refusal shows, and the refusal goes where it would at
    # rest.
    table, refused = open_table(app, game_id)
    app.settings.animation_speed = 1.0  # the card is still on its way at the next frame
    area = table.chooser_area()
    targets = table.input.targets().values()
    there = next(
        (x, area.bottom - 30)
        for x in sorted(range(area.x, area.right, 10), key=lambda x: abs(x - area.centerx))
        if not any(rect.collidepoint(x, area.bottom - 30) for rect in targets)
    )
    drag(app, table.view.card_point(f"hand:{table.viewer}", 0), there)
    assert refused and table.animator.returning, "the card snaps back"
    box = check_clear(table, app.screen, refused[-1], monkeypatch)
    until(app, lambda: not table.animator.returning and table.still())
    table.refuse(refused[-1])
    frames(app)
    assert check_clear(table, app.screen, refused[-1], monkeypatch) == box


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_banner_covers_nothing_the_table_lays_out(sized_app, game_id, monkeypatch):
    # Issue 35: a banner lay over what it explained (Copy Cat's names under the field,
    # MEAN!'s Play Area); it goes where the table is bare, nearest its centre for it.
    app = sized_app
    table, _refused = open_table(app, game_id)
    words = "Ada plays two Sixes and takes a Punishment Pile"
    table.animator.show_banner(words, 5.0)
    until(app, lambda: table.animator.banner == words)
    box = check_clear(table, app.screen, words, monkeypatch)
    frames(app, 3)
    assert check_clear(table, app.screen, words, monkeypatch) == box, "it stays put"


def test_copy_cats_banner_covers_neither_the_open_number_nor_who_played(app, monkeypatch):
    # After the first fix it went just over the field, onto "Open: Sevens".
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"], seats=["easy", "human", "easy"]
    )
    bot_plays(app, table, 0, "play 7")
    until(app, lambda: not table.animator.busy and table.awaiting_human())
    table.act("copy 7")  # the banner says so while "Open: Sevens" stands over the field
    until(app, lambda: bool(table.animator.banner))
    labels = words_drawn(monkeypatch)
    table.draw(app.screen)
    monkeypatch.undo()
    assert "Open: Sevens" in labels and any("plays" in words for words in labels)
    check_clear(table, app.screen, table.animator.banner, monkeypatch)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_hint_and_a_refusal_cover_neither_each_other_nor_the_table(
    sized_app, game_id, monkeypatch
):
    # Both went just above the hand: an undo refused while a hint showed lay on it.
    app = sized_app
    table, refused = open_table(app, game_id)
    click(app, next(b for b in table.buttons if b.label == "Hint").rect.center)
    hints = table.tools.hints
    until(app, lambda: hints.line.startswith("Hint:"))
    check_clear(table, app.screen, hints.line, monkeypatch)
    click(app, next(b for b in table.buttons if b.label == "Undo").rect.center)
    assert refused == ["You have made no move to take back."]
    check_clear(table, app.screen, refused[0], monkeypatch)  # the hint's box counts too
    check_clear(table, app.screen, hints.line, monkeypatch)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_hint_asked_while_a_refusal_shows_lies_clear_of_it(sized_app, game_id, monkeypatch):
    # The other order: the hint's line, placed after the refusal, was placed on a frame
    # drawn before the refusal (which goes over it) and could lie under it.
    app = sized_app
    table, refused = open_table(app, game_id)
    click(app, next(b for b in table.buttons if b.label == "Undo").rect.center)
    assert refused == ["You have made no move to take back."]
    check_clear(table, app.screen, refused[0], monkeypatch)
    click(app, next(b for b in table.buttons if b.label == "Hint").rect.center)
    hints = table.tools.hints
    until(app, lambda: hints.line.startswith("Hint:"))
    assert table.notice.left > 0, "the refusal still shows"
    check_clear(table, app.screen, hints.line, monkeypatch)
    check_clear(table, app.screen, refused[0], monkeypatch)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_hand_alert_covers_nothing_the_table_lays_out(sized_app, game_id, monkeypatch):
    # It lay at the top of the chooser area whatever was there (MEAN!'s Pile 3 and "Out
    # of play" at 800x500, Spite & Malice's Build Piles' label).
    app = sized_app
    table, _refused = open_table(app, game_id)
    words = "Ada swaps hands with you (Eight)"
    table.log.alert, table.log.alert_left = words, 3.0  # as a swap by another flashes it
    frames(app)
    box = check_clear(table, app.screen, words, monkeypatch)
    frames(app, 3)
    assert check_clear(table, app.screen, words, monkeypatch) == box, "it stays put"


def test_a_swap_by_a_bot_flashes_where_it_covers_nothing(app, monkeypatch):
    table = waiting_table(app)  # MEAN!
    table.perform(0, "play 2")
    table.perform(0, "dir up")
    mean_bot_plays(app, table, 1, "play 8")
    mean_bot_plays(app, table, 1, "swap with 0")
    until(app, lambda: bool(table.log.alert))
    check_clear(table, app.screen, table.log.alert, monkeypatch)


@pytest.mark.parametrize("size", SIZES, ids=NAMES)
def test_spite_now_covers_nothing_the_table_lays_out(app, size, monkeypatch):
    # At 800x500 "Spite now? Drag a Spite card onto a player's plate" lay over the Build
    # Piles' caption and the Draw and Discard labels, at the top of the middle.
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    table = open_spite(
        app, [STACK1, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10"], draw="1", seats=["human", "easy"]
    )
    spite_bot_plays(app, table, 1, build_code(hand_source("2"), 1))
    until(app, lambda: table.still() and table.spite_offered())
    frames(app)
    check_clear(table, app.screen, table.spite_words(), monkeypatch)


@pytest.mark.parametrize("game_id", registry.ids())
def test_how_to_join_a_hosted_table_covers_nothing_the_table_lays_out(
    sized_app, game_id, monkeypatch
):
    """The line saying how to join (or who is reconnecting) lay over the top seats' name
    plates, their points and cards."""
    app = sized_app
    app.open_table(Launch(game_id, 3, ("human", "medium", "medium"), seed=2))
    table = app.manager.top
    words = "Join at 127.0.0.1:47390, room code WXNXW (a seat open)"
    table.network.line = lambda: words  # up from the first frame, before the deal
    until(app, table.awaiting_human)
    table.hold_bots = True
    frames(app, round(AGAIN / app.fixed_dt) + 2)  # it looks again at where it lies
    check_clear(table, pygame.display.get_surface(), words, monkeypatch)
