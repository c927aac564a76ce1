"""Card images come at exactly the size asked for; seats never overlap."""

import itertools

import pygame
import pytest

from cardtable.ui.cards import PLAIN, CardRenderer, card_size, image_bytes
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


def test_the_cache_is_bounded_in_bytes_whatever_the_card_size():
    one = image_bytes(CardRenderer().image(PLAYER_STYLE, "1", (40, 57)))
    renderer = CardRenderer(max_bytes=5 * one)
    for code in range(1, 12):
        for _ in range(2):  # asked for again: kept
            renderer.image(PLAYER_STYLE, str(code), (40, 57))
    assert len(renderer) == 5 and renderer.nbytes == 5 * one
    # Cards four times the size: the same bytes hold a quarter as many.
    for code in range(1, 12):
        for _ in range(2):
            renderer.image(PLAYER_STYLE, str(code), (80, 114))
    assert renderer.nbytes <= 5 * one
    assert len(renderer) == 1
    first = renderer.image(PLAYER_STYLE, "11", (80, 114))
    assert renderer.image(PLAYER_STYLE, "11", (80, 114)) is first  # still cached


def test_a_card_drawn_at_a_new_size_each_frame_does_not_fill_the_cache():
    # A card in flight grows frame by frame: each size is asked for once. Over a long
    # watch those filled the cache to its 32 MB (memory 1.47x from frame 500 to 4,000).
    renderer = CardRenderer()
    kept = renderer.image(PLAYER_STYLE, "7", (70, 100))
    for height in range(60, 400):
        for code in ("1", "7", "15"):
            renderer.image(PLAYER_STYLE, code, card_size(height))
        assert renderer.image(PLAYER_STYLE, "7", (70, 100)) is kept  # still there
    assert renderer.nbytes <= 4 * 1024 * 1024 + image_bytes(kept)


def test_the_cache_holds_the_windows_pixels_at_most_and_8_megabytes_at_least():
    renderer = CardRenderer()
    for window, bound in (((2560, 1440), 4 * 2560 * 1440), ((800, 500), 8 * 1024 * 1024)):
        renderer.fit(window)
        for height in range(200, 400, 4):  # a large screen's card sizes, resized many times
            for code in ("1", "7", "15"):
                for _ in range(2):  # each drawn twice: kept
                    renderer.image(PLAYER_STYLE, code, card_size(height))
        assert bound - 400_000 < renderer.nbytes <= bound + 4 * 1024 * 1024


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
