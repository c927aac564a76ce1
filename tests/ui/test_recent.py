"""The drawing caches keep what is drawn now: the least recently used go first past their
bound, anything unused for a while goes too, and fonts are bounded like card images (a
long watch loaded 100 fonts of about 200 KB each and kept them all)."""

from __future__ import annotations

import pygame
import pytest

from cardtable.ui import theme
from cardtable.ui.recent import Recent


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_least_recently_used_go_first_past_the_limit():
    cache: Recent[str] = Recent(3, keep=None)
    for key in "abc":
        cache.put(key, key.upper())
    assert cache.get("a") == "A"  # now the most recent
    cache.put("d", "D")
    assert "b" not in cache and all(key in cache for key in "acd") and len(cache) == 3


def test_values_unused_for_a_while_are_let_go_and_the_dropped_are_told():
    clock, dropped = Clock(), []
    cache: Recent[int] = Recent(100, keep=30.0, clock=clock, dropped=lambda k, v: dropped.append(k))
    cache.put("old", 1)
    clock.now = 20.0
    cache.put("used", 2)
    clock.now = 40.0
    assert cache.get("used") == 2
    cache.put("new", 3)
    assert "old" not in cache and "used" in cache and "new" in cache
    assert dropped == ["old"]


def test_values_are_weighed_and_the_one_just_put_is_kept_whatever_its_weight():
    cache: Recent[bytes] = Recent(10, weigh=len, keep=None)
    cache.put("small", b"1234")
    cache.put("big", b"x" * 50)
    assert list(cache._values) == ["big"] and cache.total == 50
    assert cache.take("big") == b"x" * 50 and cache.total == 0 and len(cache) == 0


@pytest.fixture
def fonts():
    pygame.init()
    theme.reset_fonts()
    yield theme.fonts()
    theme.reset_fonts()


def test_a_long_session_keeps_a_bounded_number_of_fonts_and_finds_a_script_font_again(fonts):
    for size in range(8, 208):
        fonts.get(size, bold=size % 2 == 0)
    assert len(fonts._cache) <= theme.FONTS_KEPT
    font = fonts.get(30)
    assert fonts.get(30) is font
    assert fonts.variant(font, "Arab").get_height() == font.get_height()
