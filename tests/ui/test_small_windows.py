"""The window has a minimum size, and every scene around the tables is usable at it: it
draws without error, its buttons lie inside the window and apart; a window squeezed below
the minimum anyway (a window manager that ignores it) still crashes nothing."""

from __future__ import annotations

import itertools

import pygame
import pytest

from cardtable.games import registry
from cardtable.ui.app import MIN_SIZE, App
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.game_choice import GameChoiceScene
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.scenes.settings import SettingsScene
from cardtable.ui.scenes.setup import SetupScene
from cardtable.ui.scenes.title import TitleScene
from cardtable.ui.tables.frame import TOP_BAR

from .conftest import frames, key, words_drawn

EIGHT_NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def mean_results(app: App) -> ResultsScene:
    detail = {
        "went_out": [[2]],
        "lost_on_eight": [],
        "called": False,
        "cards_left": [3, 5, 0, 1, 7, 2, 4, 9],
    }
    result = {"scores": [0, 0, 7, 0, 0, 0, 0, 0], "ranking": [[2], [0, 1, 3, 4, 5, 6, 7]]}
    launch = Launch("mean", 8, ("human",) + ("easy",) * 7)
    return ResultsScene(app, launch, EIGHT_NAMES, {**result, "detail": detail}, "MEAN!")


def crowded_setup(app: App, game_id: str) -> SetupScene:
    scene = SetupScene(app, registry.get(game_id))
    scene.players = scene.info.max_players
    scene.seats[1] = "human"  # a second human: a second slap key button where there are any
    return scene


SCENES = {
    "title": TitleScene,
    "game choice": GameChoiceScene,
    **{
        f"setup {info.id}": (lambda app, game_id=info.id: crowded_setup(app, game_id))
        for info in registry.all()
    },
    **{
        f"rules {info.id}": (lambda app, info=info: RulesScene(app, info))
        for info in registry.all()
    },
    "privacy": lambda app: PrivacyScene(app, "Ada", lambda: None),
    "results": mean_results,
    "settings": SettingsScene,
}


@pytest.fixture
def small_app(home):
    application = App(MIN_SIZE)
    application.fixed_dt = 0.05
    yield application
    application.close()


def test_the_window_never_opens_below_the_minimum(home):
    application = App((300, 130))
    try:
        width, height = application.size
        assert width >= MIN_SIZE[0] and height >= MIN_SIZE[1]
    finally:
        application.close()


def test_a_window_squeezed_below_the_minimum_is_taken_back_up_to_it(small_app):
    small_app.show_title()
    pygame.display.set_mode((300, 130), pygame.RESIZABLE)  # what an unruly window manager does
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=130, size=(300, 130)))
    frames(small_app, 2)
    assert small_app.size == MIN_SIZE


def test_a_full_screen_squeezed_below_the_minimum_becomes_a_window_at_it(small_app):
    # Found by the monkey: a MEAN! table drawn at 120x60 after F11 and a tiny resize.
    small_app.open_table(Launch("mean", 3, ("human", "easy", "easy"), seed=1))
    small_app.set_fullscreen(True)
    pygame.display.set_mode((120, 60), pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=120, h=60, size=(120, 60)))
    frames(small_app, 3)
    assert small_app.size == MIN_SIZE and not small_app.settings.fullscreen


@pytest.mark.parametrize("name", list(SCENES))
def test_every_scene_is_whole_at_the_minimum_window(small_app, name):
    small_app.show_title()
    scene = SCENES[name](small_app)
    small_app.manager.push(scene)
    frames(small_app, 3)
    key(small_app, pygame.K_DOWN)  # the keyboard focus moves without harm
    frames(small_app, 2)
    window = pygame.Rect((0, 0), MIN_SIZE)
    column = getattr(scene, "column", None)  # the rules and privacy screens have none
    buttons = [button.rect for button in column.buttons] if column else []
    fields = [field.rect for field in getattr(scene, "fields", [])[: getattr(scene, "players", 0)]]
    for rect in buttons + fields:
        assert window.contains(rect), f"{name}: {rect} is not inside the window {window}"
    for first, second in itertools.combinations(buttons + fields, 2):
        assert not first.colliderect(second), f"{name}: {first} overlaps {second}"


@pytest.mark.parametrize("name", list(SCENES))
def test_no_scene_crashes_in_a_window_below_the_minimum(small_app, name):
    # Issue 14: Rules crashed at 300x130, Results and Game choice at tiny sizes.
    small_app.show_title()
    scene = SCENES[name](small_app)
    small_app.manager.push(scene)
    for size in ((300, 130), (120, 60), (1, 1)):
        scene.resize(size)
        scene.update(0.05)
        scene.draw(pygame.Surface(size))


def test_a_narrow_seat_plate_still_says_your_turn_whole(app, monkeypatch):
    # At 800x500 Copy Cat's plate is 160x46 and Spite & Malice's 130x48: with the count on
    # the second line, "your turn" is set a size smaller rather than cut to "your t...".
    from cardtable.ui import theme
    from cardtable.ui.tables import drawing

    written: list[str] = []
    real_text = theme.text

    def spy(surface, words, *args, **kwargs):
        written.append(words)
        return real_text(surface, words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", spy)
    surface = pygame.Surface((200, 60))
    drawing.plate(surface, pygame.Rect(0, 0, 160, 46), "Player 1", "your turn", "5 cards")
    drawing.plate(surface, pygame.Rect(0, 0, 130, 48), "Player 1", "your turn", "8 left")
    assert written == ["5 cards", "Player 1", "your turn", "8 left", "Player 1", "your turn"]
    # A plate too narrow for any size still shows what fits, cut with an ellipsis.
    written.clear()
    drawing.plate(surface, pygame.Rect(0, 0, 90, 44), "Player 1", "your turn", "5 cards")
    assert written[-1].endswith("…") and written[-1] != "your turn"


def test_a_seat_plate_sets_a_name_smaller_before_it_cuts_it(monkeypatch):
    # Issue 35: Hit the Deck's plate at 800x500 (155x57, "0 pts" beside the name, the card
    # count in the corner) read "Play…" for "Player 2".
    from cardtable.ui.tables import drawing

    written = words_drawn(monkeypatch)
    plate = pygame.Rect(0, 0, 155, 57)
    drawing.plate(
        pygame.Surface((200, 60)), plate, "Player 2", "your turn", "0 pts", corner="7 cards"
    )
    assert {"Player 2", "0 pts", "your turn", "7 cards"} <= set(written), list(written)
    words = list(written.values())
    for index, one in enumerate(words):
        assert plate.contains(one)
        for other in words[index + 1 :]:
            assert not one.inflate(0, -6).colliderect(other.inflate(0, -6)), (one, other)


def test_the_pass_to_screen_keeps_the_widest_name_whole_at_the_minimum_window(small_app):
    # Sixteen W (the longest name setup takes, and the widest) ran off both sides.
    small_app.show_title()
    small_app.manager.push(PrivacyScene(small_app, "W" * 16, lambda: None))
    surface = pygame.Surface(MIN_SIZE)
    small_app.manager.top.draw(surface)
    background = tuple(surface.get_at((MIN_SIZE[0] // 2, 4)))
    edges = [(x, y) for x in (0, 1, MIN_SIZE[0] - 2, MIN_SIZE[0] - 1) for y in range(MIN_SIZE[1])]
    assert all(tuple(surface.get_at(point)) == background for point in edges)


TABLE_SIZES = ((640, 400), (800, 600), (1280, 800))
LEVELS = ("medium", "hard", "easy")


def drawn_table(app: App, monkeypatch, game_id: str, size: tuple[int, int]):
    """The table of ``game_id`` with the most players it takes, at ``size``, on the
    human's first turn: the words it writes (with where), the drop outlines it draws and
    where its cards lie."""
    from cardtable.ui import theme
    from cardtable.ui.tables import drawing

    from .conftest import until

    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    players = registry.get(game_id).max_players
    seats = ("human",) + tuple(LEVELS[seat % 3] for seat in range(players - 1))
    app.open_table(Launch(game_id, players, seats, seed=3))
    table = app.manager.top
    until(app, lambda: not table.animator.busy and table.awaiting_human())
    words: list[tuple[str, pygame.Rect]] = []
    outlines: list[pygame.Rect] = []
    text, target = theme.text, drawing.target

    def spy_text(surface, said, *args, **kwargs):
        where = text(surface, said, *args, **kwargs)
        if surface.get_size() == size:  # on the table, not on a card's face
            words.append((said, where))
        return where

    def spy_target(surface, rect, lit):
        outlines.append(pygame.Rect(rect))
        return target(surface, rect, lit)

    monkeypatch.setattr(theme, "text", spy_text)
    monkeypatch.setattr(drawing, "target", spy_target)
    table.draw(app.screen)
    cards = [
        (zone, rect)
        for zone, codes in table.view.zones.items()
        if zone in table.view.spots
        for rect in table.view.slots(zone, len(codes))[: table.view.visible(zone)]
    ]
    return words, outlines, cards


# The smallest size in the everyday tier, the larger ones slow.
TABLES = [
    pytest.param(
        game_id,
        size,
        id=f"{game_id}-{size[0]}x{size[1]}",
        marks=() if size == TABLE_SIZES[0] else pytest.mark.slow,
    )
    for game_id in registry.ids()
    for size in TABLE_SIZES
]


@pytest.mark.parametrize(("game_id", "size"), TABLES)
def test_no_words_lie_on_words_cards_or_outlines_at_the_tables(app, monkeypatch, game_id, size):
    # Found by play-testers at 640x400: What the Heck?'s rule line over the bids and
    # "Drop a card here" out of its spot, Spite & Malice's Build Pile values on the
    # discard outlines and its kinds cut to "B…", MEAN!'s cards over "Out of play".
    words, outlines, cards = drawn_table(app, monkeypatch, game_id, size)
    window = pygame.Rect((0, 0), size)
    # A line's box has room above and below its letters: lines may share that.
    letters = [(said, rect.inflate(-2, -6)) for said, rect in words]
    for index, (said, rect) in enumerate(letters):
        assert window.contains(words[index][1]), f"{said!r} runs off the window"
        # (The top bar fits its title and status by rules of its own: ``frame.fitted``.)
        below_bar = rect.top >= TOP_BAR
        assert len(said) > 3 or not said.endswith("…") or not below_bar, f"{said!r} is cut"
        for other, where in letters[index + 1 :]:
            # A pile of coins shows its value on each coin: the same words, one above another.
            coins = said == other and rect.x == where.x
            assert coins or not rect.colliderect(where), f"{said!r} lies on {other!r}"
        for zone, card in cards:
            assert not rect.colliderect(card), f"a card of {zone} lies on {said!r}"
        for outline in outlines:
            inside, clear = outline.contains(rect), not outline.colliderect(rect)
            assert inside or clear, f"{said!r} runs across the outline {outline}"


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_top_bar_says_whose_turn_it_is_whole_at_the_smallest_window(app, monkeypatch, game_id):
    # At 640x400 the bar's six buttons, each as wide as at 999 pixels, left Spite &
    # Malice "Stack…  Y…" and the others "Your / play" squeezed on two lines: the
    # buttons now take the width their labels need.
    from cardtable.ui.tables.frame import status_line

    words, _, _ = drawn_table(app, monkeypatch, game_id, MIN_SIZE)
    table = app.manager.top
    # The bar may leave out the status's later ": ..." parts (``frame.fitted``), never its
    # first: "Your turn".
    status = status_line(table)[0].split(":")[0]
    bar = [said for said, where in words if where.bottom <= TOP_BAR]
    assert status in bar, f"{status!r} not whole on one line of the bar: {bar}"
    title = bar[0]
    assert len(title) >= 5 and title.split()[0] in table.title_text(), title
    buttons = sorted(button.rect for button in table.buttons)
    assert all(a.right < b.left for a, b in zip(buttons, buttons[1:], strict=False))
    assert buttons[-1].right <= MIN_SIZE[0]


@pytest.mark.slow
def test_at_the_smallest_window_what_the_heck_writes_the_other_players_won_cards(
    small_app, monkeypatch
):
    # Issue 35: at 640x400 the other players' won Point Cards were minis nobody could read.
    from cardtable.ui import theme
    from cardtable.ui.tables.what_the_heck import table as heck

    app = small_app
    app.settings.seen_how_to = registry.ids()
    app.open_table(Launch("what-the-heck", 4, ("human", "hard", "hard", "hard"), seed=3))
    table = app.manager.top
    for index in range(7):
        for _ in range(20000):
            if table.awaiting_human() and table.still():
                break
            app.step()
        table.act(sorted(table.legal_codes())[index])
    for _ in range(20000):
        if table.awaiting_human() and table.still():
            break
        app.step()
    written = []
    real = theme.text
    monkeypatch.setattr(
        theme,
        "text",
        lambda s, words, *a, **k: written.append((words, k)) or real(s, words, *a, **k),
    )
    table.draw_won_words(app.screen)
    others = [seat for seat in range(4) if seat != table.viewer and table.model[f"won:{seat}"]]
    assert others, "the bots have won cards by round 8"
    for seat in others:
        spot = table.view.spots[f"won:{seat}"]
        assert spot.card[1] < heck.READABLE, "the minis are too small to read"
        values = " ".join(heck.point_face(code).index for code in table.model[f"won:{seat}"])
        said = [
            (words, k["font"])
            for words, k in written
            if words in (values, f"{len(table.model[f'won:{seat}'])} won")
        ]
        assert said and said[0][1].get_height() >= 11
