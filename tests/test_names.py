"""Player names are cleaned where they enter (``names.clean_name``): whatever is typed or
loaded, a table gets a short name it can draw."""

from __future__ import annotations

import pytest

from cardtable.names import DEFAULT_NAMES, NAME_LIMIT, clean_name


@pytest.mark.parametrize(
    ("name", "seat", "expected"),
    [
        ("Ada", 0, "Ada"),
        ("\x00", 0, "You"),
        ("\ud800", 1, "Ada"),
        ("\udfff\ud800", 2, "Bo"),
        ("\u200b\u200c\u200d\u2060\ufeff", 3, "Cy"),
        ("A\u200bd\x00a\x7f", 4, "Ada"),
        ("  two   words\t", 5, "two words"),
        ("line\nbreak", 6, "line break"),
        ("\u202eevil", 7, "evil"),
        ("x" * 10_000, 0, "x" * NAME_LIMIT),
        ("", 2, "Bo"),
        ("   ", 9, "Player 10"),
        (None, 1, "Ada"),
        (42, 0, "You"),
        ("\u0301\u0301", 1, "Ada"),
        ("Zoë", 0, "Zoë"),
        ("李小龍", 0, "李小龍"),
    ],
)
def test_a_name_is_cleaned_to_what_a_table_can_show(name, seat, expected):
    cleaned = clean_name(name, seat)
    assert cleaned == expected
    cleaned.encode("utf-8")  # no lone surrogate is left to break drawing or saving
    assert 0 < len(cleaned) <= NAME_LIMIT


def test_the_default_names_are_already_clean():
    assert [clean_name(name, seat) for seat, name in enumerate(DEFAULT_NAMES)] == DEFAULT_NAMES
