"""Where names and storage's messages meet the player: a hostile name typed or pasted into
the setup is cleaned before any table draws it, and a statistics file set aside at a
game's end (or results that cannot be saved) is said once, as a toast on the results."""

from __future__ import annotations

import pygame
import pytest

from cardtable import storage
from cardtable.games import registry
from cardtable.names import clean_name
from cardtable.ui.launch import Launch, seat_names
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.tables import TableScene

from .conftest import click, frames, key, until

HOSTILE = {
    "NUL": "\x00",
    "NUL inside": "A\x00da",
    "lone surrogate": "\ud800",
    "surrogate and letters": "B\udfffo",
    "zero-width only": "\u200b\u200d\ufeff",
    "controls": "\x07\x1b[31mRed",
    "long": "W" * 60,
}


def type_text(app, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


@pytest.mark.parametrize("how", ["typed", "pasted"])
@pytest.mark.parametrize("label", list(HOSTILE))
def test_a_hostile_name_is_cleaned_in_setup_and_at_the_table(app, label, how):
    hostile = HOSTILE[label]
    app.show_title()
    setup = SetupScene(app, registry.get("what-the-heck"))
    app.manager.push(setup)
    frames(app, 2)
    field = setup.fields[0]
    click(app, field.rect.center)
    assert field.active
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="")
    )
    app.step()
    for text in hostile if how == "typed" else [hostile]:
        type_text(app, text)
    frames(app, 2)  # the field draws what it holds
    key(app, pygame.K_RETURN)  # the name is done
    shown = setup.seat_name(0)
    assert shown == clean_name(hostile, 0)
    assert shown.isprintable() and shown.strip()
    click(app, setup.start_button.rect.center)
    table = app.manager.top
    assert isinstance(table, TableScene)
    frames(app, 30)  # the table draws the name, a frame after another
    assert table.names[0] == shown
    assert app.settings.player_names[0] == shown  # remembered cleaned


@pytest.mark.parametrize("active", [True, False])
def test_the_widest_name_the_field_takes_stays_inside_the_field(app, active):
    app.show_title()
    setup = SetupScene(app, registry.get("mean"))
    app.manager.push(setup)
    frames(app, 2)
    field = setup.fields[0]
    field.value, field.active = "W" * field.limit, active
    surface = pygame.Surface(app.size)
    surface.fill((255, 0, 255))
    field.draw(surface)
    beside = pygame.Rect(field.rect.right + 1, field.rect.y, 60, field.rect.height)
    colours = {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(beside.left, beside.right)
        for y in range(beside.top, beside.bottom)
    }
    assert colours == {(255, 0, 255)}, "the name ran out of its field"


@pytest.mark.slow
def test_a_set_aside_statistics_file_is_said_once_at_the_end_and_the_next_game_works(app, home):
    path = storage.statistics_path()
    path.write_text('{"version": 1, "games": {"what-the-heck": {"played": "x", "seats": []}}}')
    launch = Launch("what-the-heck", 2, ("easy", "easy"), seed=3, watch=True)
    app.open_table(launch)
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=8000)
    results = app.manager.top
    said = results.toast.message
    assert "statistics file" in said and "counting starts again" in said
    kept = list(home.glob("statistics.damaged-*.json"))
    assert len(kept) == 1 and kept[0].name in said  # set aside, not lost
    assert path.exists() and storage.load_statistics()[1] is None  # a sound file again
    assert storage.load_statistics()[0]["games"]["what-the-heck"]["played"] == 1
    # The next game: played to its end, counted, and nothing more is said.
    app.play_again(results.launch)
    table = app.manager.top
    assert isinstance(table, TableScene)
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=8000)
    assert not app.manager.top.toast.message
    assert storage.load_statistics()[0]["games"]["what-the-heck"]["played"] == 2


@pytest.mark.slow
def test_results_that_cannot_be_saved_are_said_once(app, home, monkeypatch):
    def refuse(path, data):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "write_json", refuse)
    app.open_table(Launch("what-the-heck", 2, ("easy", "easy"), seed=4, watch=True))
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=8000)
    assert "cannot be saved" in app.manager.top.toast.message


def test_with_several_humans_nobody_is_called_you():
    names = ["You", "Ada", "Bo", "Cy"]
    alone = Launch("copycat", 3, ("human", "medium", "medium"))
    together = Launch("copycat", 3, ("human", "human", "medium"))
    assert seat_names(alone, names.__getitem__) == ["You", "Ada", "Bo"]
    # Issue 35: the second person here was "Ada", a name that reads as a bot's.
    assert seat_names(together, names.__getitem__) == ["Player 1", "Player 2", "Bo"]
    typed = Launch("copycat", 3, ("human", "human", "medium"), names=("Sam", "Kim", "Bo"))
    assert seat_names(typed, names.__getitem__) == ["Sam", "Kim", "Bo"]
    stock = Launch("copycat", 3, ("human", "human", "medium"), names=("You", "Ada", "Bo"))
    assert seat_names(stock, names.__getitem__) == ["Player 1", "Player 2", "Bo"]
    # A hosted table: its host is a person among others, not "You", to the players who
    # join, and a seat for another computer is the seat until its player joins.
    hosted = Launch("copycat", 3, ("human", "remote", "medium"))
    assert seat_names(hosted, names.__getitem__) == ["Player 1", "Seat 2", "Bo"]
    named = Launch("copycat", 3, ("human", "remote", "medium"), names=("Sam", "Ada", "Bo"))
    assert seat_names(named, names.__getitem__) == ["Sam", "Seat 2", "Bo"]
    # The network lists the table under a name typed, never a stock one.
    from cardtable.ui.tables.match import host_name

    assert [host_name(n) for n in ("Player 1", "You", "Sam")] == [
        "A Card Table host",
        "A Card Table host",
        "Sam",
    ]


def test_a_right_to_left_name_is_drawn_as_typed_and_emoji_are_drawn(app):
    # Issue 35: right-to-left names were drawn reversed and unjoined; emoji were boxes.
    from cardtable.ui import scripts, theme

    assert scripts.runs("Ada سارة") == [("ltr", "Ada "), ("rtl", "سارة")]
    assert scripts.runs("سارة علي") == [("rtl", "سارة علي")]  # both words, as typed
    font = theme.fonts().get(24, bold=True)
    shaped = theme.fonts().variant(font, "Arab")
    drawn = theme.render(font, "سارة", theme.INK)
    joined = shaped.render("سارة", True, theme.INK)  # right to left, letters joined
    unjoined = font.render("سارة", True, theme.INK)
    pixels = pygame.image.tobytes
    assert pixels(drawn, "RGBA") == pixels(joined, "RGBA") != pixels(unjoined, "RGBA")
    cat = theme.render(font, "🐱", theme.INK)
    emoji = theme.fonts().variant(font, "emoji").render("🐱", True, theme.INK)
    boxed = font.render("🐱", True, theme.INK)
    assert cat.get_size() == emoji.get_size() != boxed.get_size()
