"""Spite & Malice's card painter: bordered cards on lavender paper with a purple edge
colour, non-bordered cards on white, 2s and Wilds in red (they are never stored), and
the Wild-Spite cards showing both halves: "W" and their Spite. Not for the layout."""

from __future__ import annotations

from cardtable.games.spite_malice.vocabulary import card_value, is_wild, spite_kind

from ...cards import CardFace, CardStyle

PURPLE = (110, 50, 150)
RED = (190, 30, 40)
INK = (30, 30, 45)


def spite_face(code: str) -> CardFace:
    if is_wild(code):
        return CardFace("W", "W", (255, 244, 236), RED, (220, 80, 40), caption=spite_kind(code))
    value = card_value(code) or 0
    bordered = code.startswith("b")
    ink = RED if value in (2, 13) else INK
    if bordered:
        return CardFace(str(value), str(value), (236, 228, 248), ink, PURPLE)
    return CardFace(str(value), str(value), (250, 248, 240), ink, (60, 110, 170))


SPITE_STYLE = CardStyle(
    "spite-malice", spite_face, back=(70, 35, 95), back_accent=(235, 200, 120), back_label="S&M"
)
