"""The table's look: a felt texture made once and tiled (no cost per frame), a win
celebration when a local human wins (skipped by a click, none when a bot wins), and the
sounds that fit: a coin for a payment, a shuffle for a shuffle."""

from __future__ import annotations

import wave

import pygame
import pytest

from cardtable.engine import Event, announce
from cardtable.games import registry
from cardtable.ui import theme
from cardtable.ui.launch import Launch
from cardtable.ui.resources import asset_path
from cardtable.ui.sound import EFFECTS
from cardtable.ui.tables import table_for
from cardtable.ui.tables.frame import bar_title

from .conftest import click, frames, until
from .test_copycat_table import open_copycat
from .test_table_log import waiting_table


def test_the_felt_is_textured_tiled_and_made_once_per_size(app):
    surface = pygame.Surface((400, 300))
    theme.felt(surface)
    cloth = theme._felt_cache[(400, 300)]
    theme.felt(surface)
    assert theme._felt_cache[(400, 300)] is cloth  # copied, not drawn again
    row = [surface.get_at((x, 150))[:3] for x in range(0, 96)]
    assert len(set(row)) > 5  # fibres, not a flat colour
    tile = theme.FELT_TILE
    assert all(surface.get_at((x, 150)) == surface.get_at((x + tile, 150)) for x in range(96))


def over(winners: tuple[int, ...]) -> Event:
    return Event(
        "over",
        data={"scores": [0, 0, 0], "ranking": [list(winners)]},
        what="match-over",
        seats=winners,
    )


def test_a_win_by_you_is_celebrated_and_a_click_skips_it(app):
    table = waiting_table(app)
    table.animator.play([over((0,))])
    frames(app, 3)
    assert table.celebration is not None
    assert any(piece.code for piece in table.celebration.pieces)  # cards among the confetti
    click(app, (300, 300))
    assert table.celebration is None and not table.animator.busy


def test_a_bot_win_is_not_celebrated(app):
    table = waiting_table(app)
    table.animator.play([over((1,))])
    for _ in range(10):
        frames(app)
        assert table.celebration is None


@pytest.mark.slow
def test_a_payment_clinks_and_a_shuffle_riffles(app, monkeypatch):
    heard: list[str] = []
    monkeypatch.setattr(app.sounds, "play", heard.append)
    table = open_copycat(app, ["3 4 5 6 7", "1 1 2 8 8", "3 4 5 5 6"])
    frames(app, 200)  # the deal lands
    heard.clear()
    pay = announce(
        "{P1} pays {P0} 1 coin.",
        1,
        what="pay",
        seats=(1, 0),
        payer=1,
        payee=0,
        amount=1,
        owed=1,
    )
    table.animator.play([pay, Event("shuffle", src="draw")])
    frames(app, 40)
    assert heard[:3] == ["coin", "deal", "shuffle"]  # the coin, its tokens flying, the riffle


def test_the_new_sounds_are_bundled_and_short():
    for name in ("coin", "shuffle"):
        assert name in EFFECTS
        with wave.open(str(asset_path("sounds", f"{name}.wav"))) as sound:
            seconds = sound.getnframes() / sound.getframerate()
        assert 0.1 < seconds < 1.2


@pytest.mark.parametrize("game_id", registry.ids())
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_top_bar_shows_the_round_and_the_games_name_whole(app, game_id, size):
    app.resize(size)
    info = registry.get(game_id)
    seats = ("human",) + ("medium",) * (info.min_players - 1)
    table = table_for(game_id)(app, Launch(game_id, info.min_players, seats, seed=3))
    table.hold_bots = True
    app.show_title()
    app.manager.push(table)
    frames(app, 40)
    free = min(button.rect.x for button in table.buttons) - 14
    whole, (lines, font) = table.title_text(), bar_title(table, free)
    assert not any("…" in line for line in lines)
    # Issue 35: a long title dropped the game's name ("Round 15/15" alone); it shows
    # whole, on two lines if it must.
    assert " ".join(lines).split() == whole.split()
    assert lines[0].startswith(table.info.title)
    assert all(font.size(line)[0] <= max(40, free * 58 // 100) for line in lines)


@pytest.mark.parametrize("size", [(800, 500), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game_id", registry.ids())
def test_no_pile_lifts_its_top_card_over_its_own_label(app, game_id, size, monkeypatch):
    # Issue 35: Copy Cat's "Deck" (800x500, 1280x720) and MEAN!'s "Draw Deck" and "Pile 1"
    # (1920x1080) were cut by their pile's top card, lifted over the label.
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    app.open_table(Launch(game_id, 2, ("human", "medium"), seed=2))
    table = app.manager.top
    until(app, table.awaiting_human)
    table.hold_bots = True
    written: list[tuple[str, pygame.Rect]] = []  # every label (the same words may recur)
    text = theme.text

    def spy(surface, words, *args, **kwargs):
        written.append((words, text(surface, words, *args, **kwargs)))
        return written[-1][1]

    monkeypatch.setattr(theme, "text", spy)
    table.draw_table(app.screen)
    monkeypatch.undo()
    piles = [(zone, spot) for zone, spot in table.view.spots.items() if spot.mode == "stack"]
    assert any(len(table.view.zones.get(zone, [])) > 3 for zone, _spot in piles)
    for zone, spot in piles:
        cards = table.view.slots(zone)
        for words, rect in written:  # a label over the pile: clear of its top card
            over = rect.bottom <= spot.rect.y + 2 and spot.rect.x <= rect.centerx < spot.rect.right
            assert not (over and cards and rect.colliderect(cards[-1])), (zone, words, rect)
