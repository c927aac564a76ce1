"""The scenes around the tables as a new player meets them (issue 11): Enter works on
the title at once and the keyboard focus is plain to see; the setup fits eight players
at 900x560, says when the player count is at its limit, offers every seat kind at once
and selects a whole name with Ctrl+A; MEAN!'s results say what decided each place."""

from __future__ import annotations

import pygame
import pytest

from cardtable.games import registry
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.game_choice import GameChoiceScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.title import TitleScene

from .conftest import click, frames, key


def open_setup(app: App, game_id: str) -> SetupScene:
    app.show_title()
    scene = SetupScene(app, registry.get(game_id))
    app.manager.push(scene)
    frames(app)
    return scene


def press_with(app: App, code: int, mod: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    app.step()


def type_text(app: App, text: str) -> None:
    for letter in text:
        code = pygame.key.key_code(letter)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=letter))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        app.step()


# -- the title: Enter at once, a focus that shows --------------------------------------


def test_enter_on_the_title_plays_without_an_arrow_first(app):
    app.show_title()
    frames(app)
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, GameChoiceScene)


def test_the_keyboard_focus_is_a_bright_ring_around_the_button(app):
    app.show_title()
    frames(app)
    title = app.manager.top
    assert isinstance(title, TitleScene)
    play, settings = title.column.buttons[:2]
    assert play.focused and not settings.focused
    app.step()

    def ring(button) -> int:
        """Highlight pixels just outside the button's edge."""
        outside = button.rect.inflate(8, 8)
        points = [(x, outside.top) for x in range(outside.left + 14, outside.right - 14)]
        return sum(app.screen.get_at(p)[:3] == theme.HIGHLIGHT for p in points)

    assert ring(play) > play.rect.width // 2
    assert ring(settings) == 0


# -- the setup ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(900, 560), (800, 500), (1280, 720)])
@pytest.mark.parametrize("game_id", [info.id for info in registry.all()])
def test_every_seat_row_stays_clear_of_the_buttons_with_the_most_players(app, size, game_id):
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    scene = open_setup(app, game_id)
    scene.seats[1] = "human"
    scene.set_players(scene.info.max_players)
    bottom_buttons = [button.rect for button in scene.column.buttons[-3:]]
    hint = pygame.Rect(0, scene.start_button.rect.top - 10 - 20, size[0], 20)
    rows = [field.rect for field in scene.fields[: scene.players]]
    rows += [button.rect for button in scene.kind_buttons + list(scene.slap_buttons.values())]
    assert len(scene.kind_buttons) == scene.info.max_players
    for rect in rows:
        assert rect.collidelist(bottom_buttons) == -1, f"{rect} runs into the buttons"
        assert pygame.Rect((0, 0), size).contains(rect)
        if scene.slaps:
            assert not rect.colliderect(hint), f"{rect} runs into the slap key line"


def test_plus_at_the_most_players_is_greyed_and_says_why(app):
    scene = open_setup(app, "mean")
    scene.set_players(8)
    minus, plus = scene.count_buttons
    assert not plus.enabled and minus.enabled
    click(app, plus.rect.center)
    assert scene.players == 8
    assert scene.toast.visible and scene.toast.message == "MEAN! is for 2 to 8 players."
    scene.set_players(2)
    minus, plus = scene.count_buttons
    assert not minus.enabled and plus.enabled


def test_a_seat_kind_is_chosen_directly_from_all_kinds(app):
    scene = open_setup(app, "mean")
    click(app, scene.kind_buttons[2].rect.center)
    chooser = scene.kind_chooser
    assert chooser is not None
    assert chooser.options == [
        "Human",
        "Remote player",
        *(f"Bot: {level}" for level in scene.kinds[2:]),
    ]
    hard = chooser.options.index("Bot: hard")
    click(app, chooser.buttons[hard].rect.center)
    assert scene.seats[2] == "hard" and scene.kind_chooser is None
    assert scene.kind_buttons[2].label == "Bot: hard"


def test_the_seat_kind_chooser_works_by_keyboard_and_escape_keeps_the_kind(app):
    scene = open_setup(app, "hit-the-deck")
    kind = scene.column.buttons.index(scene.kind_buttons[1])
    scene.column.focus_on(kind)
    key(app, pygame.K_RETURN)
    assert scene.kind_chooser is not None
    key(app, pygame.K_ESCAPE)
    assert scene.kind_chooser is None and scene.seats[1] == "medium"
    assert app.manager.top is scene, "Escape closed the chooser, not the setup"
    key(app, pygame.K_RETURN)
    key(app, pygame.K_LEFT)  # from medium back to random (Hit the Deck offers no easy)
    key(app, pygame.K_RETURN)
    assert scene.seats[1] == "random"


def test_ctrl_a_selects_the_whole_name_and_typing_replaces_it(app):
    scene = open_setup(app, "mean")
    field = scene.fields[0]
    click(app, field.rect.center)
    assert field.active
    press_with(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert field.all_selected
    type_text(app, "Zoe")
    assert field.value == "Zoe"
    press_with(app, pygame.K_a, pygame.KMOD_LCTRL)
    key(app, pygame.K_BACKSPACE)
    assert field.value == ""


def test_a_click_on_the_next_name_while_typing_one_types_the_next(app):
    """Typing seat 1's name, a click on seat 2's field moves the typing there: the
    Backspace that clears it must not close the setup (it once went Back there)."""
    scene = open_setup(app, "mean")
    first, second = scene.fields[:2]
    click(app, first.rect.center)
    type_text(app, "Zoe")
    click(app, second.rect.center)
    assert second.active and not first.active
    for _ in range(len(second.value) + 1):
        key(app, pygame.K_BACKSPACE)
    assert app.manager.top is scene, "Backspace left the setup"
    type_text(app, "Max")
    assert (first.value, second.value) == ("YouZoe", "Max")


def test_backspace_after_a_name_is_typed_corrects_it_and_never_leaves_the_setup(app):
    # A player who pressed Enter on a name, then Backspace to mend a typo, was sent Back
    # to the title with the names lost. Escape still goes back.
    scene = open_setup(app, "mean")
    field = scene.fields[0]
    click(app, field.rect.center)
    type_text(app, "Zoe")
    key(app, pygame.K_RETURN)
    assert not field.active
    key(app, pygame.K_BACKSPACE)
    assert app.manager.top is scene, "Backspace left the setup"
    assert field.value == "YouZoe"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TitleScene)


def test_a_back_key_on_the_title_asks_before_quitting(app):
    # Backspace (and Escape) on the title quit the app at once, without a word.
    app.show_title()
    for back in (pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE):
        key(app, back)
        assert app.running, "a Back key quit from the title"
        column, toast = app.manager.top.column, app.manager.top.toast
        assert column.buttons[column.focus].label == "Quit" and "Quit" in toast.message
    asked, draw = [], toast.draw
    toast.draw = lambda *args, **kwargs: asked.append(draw(*args, **kwargs))
    app.manager.top.draw(app.screen)
    assert not asked[0].colliderect(column.buttons[-1].rect), "the question hid Quit"
    key(app, pygame.K_RETURN)  # the answer: yes, quit
    assert not app.running


def test_a_click_on_start_while_typing_a_name_starts(app):
    scene = open_setup(app, "mean")
    click(app, scene.fields[0].rect.center)
    type_text(app, "Zoe")
    click(app, scene.start_button.rect.center)
    assert app.manager.top is not scene


# -- results -----------------------------------------------------------------------------


def test_mean_results_say_who_went_out_and_the_cards_left_not_a_score(app):
    detail = {"went_out": [[1]], "lost_on_eight": [], "called": False, "cards_left": [3, 0, 1]}
    result = {"scores": [0, 2, 0], "ranking": [[1], [0, 2]], "detail": detail}
    launch = Launch("mean", 3, ("human", "easy", "easy"))
    scene = ResultsScene(app, launch, ["You", "Ada", "Bo"], result, "MEAN!")
    assert scene.last_column == "How it ended"
    assert scene.lines == [
        ("1st", "Ada", "went out"),
        ("=2nd", "You", "3 cards left"),
        ("=2nd", "Bo", "1 card left"),
    ]


def test_mean_results_name_a_loss_on_an_eight(app):
    detail = {"went_out": [], "lost_on_eight": [0], "called": False, "cards_left": [0, 2, 5]}
    result = {"scores": [0, 1, 1], "ranking": [[1, 2], [0]], "detail": detail}
    launch = Launch("mean", 3, ("human", "easy", "easy"))
    scene = ResultsScene(app, launch, ["You", "Ada", "Bo"], result, "MEAN!")
    assert scene.lines[-1] == ("3rd", "You", "went out on an Eight: loses")
    assert scene.note == "You went out on an Eight: everyone else wins."


def test_a_called_mean_game_says_so_and_ranks_by_cards_left(app):
    detail = {"went_out": [], "lost_on_eight": [], "called": True, "cards_left": [3, 4]}
    result = {"scores": [1, 0], "ranking": [[0], [1]], "detail": detail}
    scene = ResultsScene(app, Launch("mean", 2, ("human", "easy")), ["You", "Ada"], result, "MEAN!")
    assert "the game was called" in scene.note
    assert [line[2] for line in scene.lines] == ["3 cards left", "4 cards left"]


def test_a_game_with_points_keeps_its_score_column(app):
    result = {"scores": [12, 30], "ranking": [[1], [0]], "detail": {}}
    launch = Launch("what-the-heck", 2, ("human", "easy"))
    scene = ResultsScene(app, launch, ["You", "Ada"], result, "What the Heck?")
    assert scene.last_column == "Score"
    assert scene.lines == [("1st", "Ada", "30"), ("2nd", "You", "12")]


@pytest.mark.slow
def test_a_real_mean_game_ends_in_results_that_explain_it(app):
    launch = Launch("mean", 3, ("random",) * 3, seed=4, watch=True)
    app.open_table(launch)
    for _ in range(20000):
        if isinstance(app.manager.top, ResultsScene):
            break
        app.step()
    scene = app.manager.top
    assert isinstance(scene, ResultsScene)
    endings = {line[2] for line in scene.lines}
    assert endings & {"went out", "went out on an Eight: loses"}
    assert all(
        text.startswith("went out") or text.endswith(("card left", "cards left"))
        for text in endings
    )
