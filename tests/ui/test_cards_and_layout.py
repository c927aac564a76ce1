"""Card images come at exactly the size asked for; seats never overlap."""

import itertools

import pygame
import pytest

from cardtable.ui.cards import PLAIN, CardRenderer, card_size
from cardtable.ui.layout import seat_layout
from cardtable.ui.tables.what_the_heck.cards import PLAYER_STYLE, POINT_STYLE


@pytest.fixture(scope="module", autouse=True)
def fonts():
    pygame.init()
    yield


@pytest.mark.parametrize("height", [24, 57, 100, 144, 233])
def test_card_images_have_the_requested_size(height):
    renderer = CardRenderer()
    size = card_size(height)
    assert size[1] == height
    for style, code in ((PLAYER_STYLE, "15"), (POINT_STYLE, "-5"), (PLAIN, "R-FLIP")):
        assert renderer.image(style, code, size).get_size() == size
        assert renderer.image(style, code, size, face_up=False).get_size() == size


def test_images_are_cached_by_code_and_size():
    renderer = CardRenderer()
    first = renderer.image(PLAYER_STYLE, "7", (70, 100))
    assert renderer.image(PLAYER_STYLE, "7", (70, 100)) is first
    assert renderer.image(PLAYER_STYLE, "7", (71, 101)) is not first
    assert renderer.image(PLAYER_STYLE, "8", (70, 100)) is not first
    assert len(renderer) == 3


def test_a_hidden_card_is_the_back():
    renderer = CardRenderer()
    back = renderer.image(PLAYER_STYLE, "?", (70, 100))
    assert renderer.image(PLAYER_STYLE, "3", (70, 100), face_up=False) is back
    face = renderer.image(PLAYER_STYLE, "3", (70, 100))
    assert pygame.image.tobytes(face, "RGBA") != pygame.image.tobytes(back, "RGBA")


def test_the_cache_is_bounded():
    renderer = CardRenderer(capacity=5)
    for code in range(1, 12):
        renderer.image(PLAYER_STYLE, str(code), (40, 57))
    assert len(renderer) == 5


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("players", range(2, 9))
def test_seats_do_not_overlap(size, players):
    window = pygame.Rect((0, 0), size)
    for viewer in range(players):
        layout = seat_layout(
            players, viewer, size, bottom_height=size[1] * 0.28, box=(300, 180), top_reserved=44
        )
        assert layout.sides[viewer] == "bottom"
        assert layout.boxes[viewer].bottom > max(
            box.bottom for seat, box in enumerate(layout.boxes) if seat != viewer
        )
        for box in layout.boxes:
            assert window.contains(box)
            assert box.width >= 40 and box.height >= 30
            assert box.top >= 44
            assert not box.colliderect(layout.center)
        for first, second in itertools.combinations(layout.boxes, 2):
            assert not first.colliderect(second), (first, second)
        assert layout.center.width > 0 and layout.center.height > 0


def test_seats_follow_play_clockwise_from_the_viewer():
    layout = seat_layout(4, 2, (1280, 720), bottom_height=200, box=(300, 180))
    # Seat 3 sits at the viewer's left, seat 0 across, seat 1 on the right.
    assert [layout.sides[s] for s in (2, 3, 0, 1)] == ["bottom", "left", "top", "right"]
