"""What the Heck?'s card painter: green and red Point Cards (+1 to +10, −1 to −5) and
blue Player Cards (1 to 15), each with its own back. Not for the table's layout."""

from __future__ import annotations

from ...cards import CardFace, CardStyle


def point_face(code: str) -> CardFace:
    value = int(code)
    if value < 0:
        label = f"−{-value}"
        return CardFace(label, label, (253, 240, 236), (150, 30, 30), (200, 50, 45))
    label = f"+{value}"
    return CardFace(label, label, (245, 250, 236), (25, 95, 40), (50, 150, 70))


def player_face(code: str) -> CardFace:
    return CardFace(code, code, (246, 246, 252), (25, 40, 110), (60, 90, 200))


POINT_STYLE = CardStyle(
    "wth-point", point_face, back=(30, 110, 70), back_accent=(240, 215, 120), back_label="POINTS"
)
PLAYER_STYLE = CardStyle(
    "wth-player", player_face, back=(70, 60, 160), back_accent=(235, 225, 250), back_label="HECK?"
)
