"""What the Hit the Deck table draws round the cards: the oval in the middle with the
arrows of the direction of play (clear of the pile labels), the labels, the call in force,
each seat's card count and slap key, and a veil on the cards that cannot be played now.

Plain functions of the table; the table decides when. Not for the slap round
(``slap_round``) nor the card faces (``cards``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.games.hit_the_deck.vocabulary import COLOUR_NAMES, COLOUR_SHAPES, play_code

from ... import theme
from ..drawing import corner_size
from ..parts import rings
from ..parts.moments import arrow, call_panel
from ..parts.painter import draw_shape
from ..parts.piles import veil_unplayable
from ..parts.plates import key_cap
from ..parts.words import count as counted
from .cards import CARD_COLOURS, HIT_GOLD, seat_colour

if TYPE_CHECKING:
    from ...layout import SeatLayout
    from ..input import TableInput
    from ..view import TableView
    from .slap_round import SlapRoundLook


class MarksDoor(Protocol):
    """What the marks read of the Hit the Deck table: the shared members they draw from
    and the table's own (the oval round the piles, the slap round). The table imports
    this module, so this door names what the marks need instead of importing it."""

    viewer: int | None
    players: int
    names: list[str]
    public: dict[str, Any]
    model: dict[str, list[str]]
    view: TableView
    input: TableInput
    seat_boxes: SeatLayout
    centre: pygame.Rect
    ring: pygame.Rect
    pile_labels: dict[str, pygame.Rect]
    round: SlapRoundLook

    def awaiting_human(self) -> bool: ...

    def legal_codes(self) -> set[str]: ...


def card_count(table: MarksDoor, seat: int, plate: pygame.Rect, count: int) -> str:
    """The seat's card count as its plate's corner says it."""
    small = corner_size(plate)
    words = counted(count, "card")
    key = table.input.slap_words(seat)
    kind = "hit now!" if table.round.calling else "Human"
    if key and table.seat_boxes.sides[seat] != "bottom":
        font = theme.fonts().get(small, bold=True)
        needed = font.size(kind + key + words)[0] + 56
        if needed > plate.width:
            words = f"{count} c."  # a narrow plate keeps room for the slap key
    return words


def plate_extras(
    table: MarksDoor, surface: pygame.Surface, seat: int, plate: pygame.Rect, label
) -> None:
    """For a human, the key that slaps for them: under the plate at the bottom, else
    beside the card count (``label``, where the plate put it)."""
    key = table.input.slap_words(seat)
    kind = "hit now!" if table.round.calling else "Human"
    small = corner_size(plate)
    if not key:
        return
    if table.seat_boxes.sides[seat] == "bottom":
        at = (plate.x + 4, plate.bottom + 16)
        theme.text(surface, "Slap key", at, 15, theme.INK_DIM, anchor="midleft")
        midleft, size, right = (plate.x + 76, plate.bottom + 16), 15, plate.right + 60
    else:
        kind_width = theme.fonts().get(small).size(kind)[0]
        midleft, size, right = (plate.x + 18 + kind_width, plate.bottom - 12), small, label.x - 8
    key_cap(surface, key, midleft, size, right, seat_colour(seat))


def direction(table: MarksDoor, surface: pygame.Surface) -> None:
    """Arrows round the piles, turning the way play goes."""
    direction = int(table.public.get("direction", 1))
    ring = table.ring
    colour = (196, 226, 206)
    for points in rings.arcs(ring):
        # Screen angles grow clockwise: the head sits at the end play moves toward.
        arrow(surface, points, colour, forward=direction == 1)
    if table.round.showing:
        return  # the round's own words stand there
    turn = table.public.get("turn")
    words = "Play goes clockwise" if direction == 1 else "Play goes anticlockwise"
    if isinstance(turn, int) and not table.public.get("window") and not table.public.get("is_over"):
        words += f" · next: {table.names[(turn + direction) % table.players]}"
    theme.text(surface, words, (ring.centerx, ring.top - 4), 14, theme.INK_DIM, True, "midbottom")


def pile_labels(table: MarksDoor, surface: pygame.Surface) -> None:
    if table.round.showing:
        return
    for words, rect in table.pile_labels.items():
        theme.text(surface, words, rect.topleft, 14, theme.INK_DIM)


def hand_hints(table: MarksDoor, surface: pygame.Surface) -> None:
    """On the viewer's turn: a veil on the cards that cannot be played now."""
    if table.viewer is None or not table.awaiting_human() or table.round.calling:
        return
    legal = table.legal_codes()
    cards = table.model.get(f"hand:{table.viewer}", [])
    veil_unplayable(table, surface, {code for code in cards if play_code(code) in legal})


def demand(table: MarksDoor, surface: pygame.Surface) -> None:
    """The call in force, beside the discard pile: a colour with its shape, or a
    number."""
    demand = table.public.get("demand")
    if not demand:
        return
    discard = table.view.spots["discard"].rect
    box = pygame.Rect(0, 0, max(96, round(discard.w * 1.0)), round(discard.h * 0.72))
    box.midleft = (max(discard.right + 22, table.ring.right + 12), discard.centery)
    if box.right > table.centre.right:
        box.right = table.centre.right
    value, colour = str(demand["value"]), demand["kind"] == "colour"

    def mark(middle: tuple[int, int]) -> None:
        if colour:
            shape, fill = COLOUR_SHAPES[value], CARD_COLOURS[value]
            draw_shape(surface, shape, middle, box.w * 0.22, fill, (255, 255, 255))
        else:
            font = theme.fonts().condensed(round(box.h * 0.42))
            theme.text(surface, value, middle, 0, anchor="center", font=font)

    words = COLOUR_NAMES[value] if colour else "number"
    call_panel(surface, box, "CALLED", words, HIT_GOLD, mark)
