"""Drawing one frame of a table from its view: drop targets, the cards at rest (with the
hovered, held and focused ones marked), flying and dragged cards, the top bar with its
status line (wrapped, never cut mid-word while there is room), the countdown of a timed
window, the banner, choosers, the score sheet and the refusal (both placed by the
``notice``: in free felt nearest the table's ``banner_centre`` and just above the hand,
over no card, pile, count, label or seat). Not for a game's own marks (the table's
``draw_table``/``draw_overlay``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from .. import theme
from ..cards import shadow
from ..widgets import wrap
from . import drawing
from .drawing import TOP_BAR
from .input import held_rise
from .notice import card_places, shrunk

if TYPE_CHECKING:
    from cardtable.engine import GameInfo
    from cardtable.play import SeatClient

    from ..cards import CardStyle
    from ..services import AppServices
    from ..widgets import Button
    from .animator import Animator
    from .celebration import Celebration
    from .choices import Choices
    from .input import TableInput
    from .log import TableLog
    from .notice import Notice
    from .sheet import ScoreSheet
    from .tools import TableTools
    from .view import TableView


class FrameDoor(Protocol):
    """What drawing a frame touches of its table. The frame is the table's own ``draw``
    (``TableScene.draw`` hands it the table): it lays every part in its layer, so it names
    each part it draws (input, animator, log, choices, sheet, celebration, tools, moments,
    buttons), what the top bar says (names, whose turn) and the game's drawing hooks."""

    app: AppServices
    info: GameInfo
    view: TableView
    viewer: int | None
    names: list[str]
    public: dict[str, Any]
    clock: float
    client: SeatClient  # the door to the match: a race being judged, a slow connection
    notice: Notice  # a refusal that shows for a moment
    input: TableInput
    animator: Animator
    log: TableLog
    choices: Choices
    tools: TableTools
    sheet: ScoreSheet | None
    celebration: Celebration | None
    moments: list[Any]
    buttons: list[Button]

    def awaiting_human(self) -> bool: ...

    def window_left(self) -> float | None: ...

    # The game's hooks (``TableScene``'s first section).
    def draw_table(self, surface: pygame.Surface) -> None: ...

    def draw_overlay(self, surface: pygame.Surface) -> None: ...

    def style_for(self, zone: str, code: str) -> CardStyle: ...

    def face_up(self, zone: str) -> bool: ...

    def status(self) -> tuple[str, tuple[int, int, int]] | None: ...

    def prompt(self) -> str: ...

    def title_text(self) -> str: ...

    def banner_centre(self) -> tuple[int, int]: ...

    def chooser_area(self) -> pygame.Rect: ...


__all__ = ["TOP_BAR", "bar_title", "draw", "fitted", "status_line"]


def draw(table: FrameDoor, surface: pygame.Surface) -> None:
    banner = table.animator.banner
    placing = table.notice.unplaced(surface.get_size(), banner)  # copies of the frame for it
    theme.felt(surface)
    lit = table.input.drag or table.input.picked
    focused = table.input.focused_target()
    for name, rect in table.input.targets().items():
        on = lit is not None and name in lit.lit
        drawing.target(surface, rect, drawing.pulse(table.clock) if on else None)
        if name == focused:
            drawing.focus_ring(surface, rect, table.clock)
    table.draw_table(surface)
    draw_cards(table, surface)
    table.draw_overlay(surface)
    for moment in table.moments:
        moment.draw(surface)
    still = shrunk(surface) if placing else None  # the table at rest
    table.animator.draw(surface)
    drag = table.input.drag
    if drag is not None and drag.moved:
        for code, rect in zip(drag.cards, drag.card_rects(), strict=False):
            surface.blit(shadow(rect.size, 0.6), (rect.x + 8, rect.y + 10))
            surface.blit(
                table.app.cards.image(table.style_for(drag.zone, code), code, rect.size), rect
            )
    moving = shrunk(surface) if placing else None  # and with its flying cards
    draw_bar(table, surface)
    left = table.window_left()
    if left is not None:
        drawing.countdown(surface, TOP_BAR, left)
    places = lambda: card_places(table.view, table.input.targets())  # noqa: E731
    # The banner nearest the table's centre for it, over nothing drawn nor where cards go.
    size = max(20, table.app.size[1] // 26)
    centre = table.banner_centre() if banner else (0, 0)
    table.notice.draw_banner(surface, banner, centre, size, places, (still, moving))
    table.log.draw(surface)
    if table.celebration is not None:
        table.celebration.draw(surface)
    table.choices.draw(surface)
    if table.sheet is not None:
        table.sheet.draw(surface)
    table.tools.draw_hint(surface, table.notice.placed())
    if table.notice.left > 0:  # placed over none of the above, nor where cards go
        area = table.chooser_area()
        table.notice.draw(surface, area.midbottom, area.width - 40, places, (still, moving))
    table.tools.draw(surface)


def draw_cards(table: FrameDoor, surface: pygame.Surface) -> None:
    hidden = {(zone, index) for _f, zone, index in table.animator.returning}
    drag, picked = table.input.drag, table.input.picked
    if drag is not None and drag.moved:
        hidden.update((drag.zone, index) for index in drag.group)
    hover = None
    if drag is None and table.awaiting_human():
        hover = table.input.card_at(pygame.mouse.get_pos())
    keys = table.input.key_cards() if table.input.key_focus >= 0 else []
    at = table.input.key_focus_in(keys)
    focus = keys[at] if 0 <= at < len(keys) else None
    for zone, cards in table.view.zones.items():
        spot = table.view.spots.get(zone)
        if spot is None:
            continue
        visible = table.view.visible(zone)
        slots = table.view.slots(zone, len(cards))
        first = max(0, visible - 3) if spot.mode == "stack" else 0
        if spot.mode == "stack" and visible > 1:
            surface.blit(shadow(slots[0].size), slots[0].move(2, 3))
        up = table.face_up(zone)
        for index in range(first, visible):
            if (zone, index) in hidden:
                continue
            rect = slots[index].copy()
            held = picked is not None and picked.zone == zone and index in picked.group
            if held:
                rect.y -= held_rise(rect)
            elif (zone, index) in (hover, focus):
                rect.y -= rect.h // 12  # the card under the pointer rises to be taken
            surface.blit(
                table.app.cards.image(
                    table.style_for(zone, cards[index]), cards[index], rect.size, up
                ),
                rect,
            )
            if held:
                drawing.glow(surface, rect, theme.HIGHLIGHT, 1.0)
            if (zone, index) == focus:
                drawing.focus_ring(surface, rect, table.clock)
        if spot.mode == "stack" and visible > 1:
            drawing.badge(surface, visible, slots[visible - 1])


#: What the top bar says while a race between computers is judged (``play.host``).
JUDGING = "Judging… every computer's presses go in the order they were made"


def status_line(table: FrameDoor) -> tuple[str, tuple[int, int, int]]:
    replay = table.tools.replay
    if replay is not None:  # a replay: the move shown, at the end the recorded result
        return replay.result_words(), theme.GOLD if replay.at_end else theme.INK
    client = table.client
    if client.judging:  # a race between computers: presses wait to be put in order
        return JUDGING, theme.GOLD
    if client.too_slow and (client.moment.get("window") or client.out_of_turn()):
        return client.too_slow, theme.RED
    own = table.status()
    if own is not None:
        return own
    if table.sheet is not None:  # the match waits for the sheet's button: nothing to skip
        return f"{table.sheet.button.label}: press Enter or click the button", theme.GOLD
    if table.animator.busy:
        return "Skip ahead: click or press Enter", theme.INK_DIM
    if table.public.get("is_over"):
        return "The game is over.", theme.GOLD
    if table.awaiting_human():
        return table.prompt(), theme.GOLD
    waiting = [table.names[seat] for seat in table.public.get("to_act", [])]
    if not waiting:
        return "", theme.INK
    together = ", ".join(waiting[:-1]) + (" and " if len(waiting) > 1 else "") + waiting[-1]
    if table.viewer is not None:
        return f"Waiting for {together}…", theme.INK
    return f"{together} to play", theme.INK


def bar_title(table: FrameDoor, free: int) -> tuple[list[str], pygame.font.Font]:
    """The title as the top bar shows it (its lines and font), in at most 58% of the
    ``free`` width the buttons leave, so whose turn it is shows too. When the whole title
    is too long it takes smaller type, then two lines, the game's name over the rest
    ("What the Heck?" over "Round 15/15"): the name always shows; only past that does an
    ellipsis cut what is left."""
    fonts, room = theme.fonts(), max(40, free * 58 // 100)
    whole = table.title_text()
    for size in (20, 18, 16):
        font = fonts.get(size, bold=True)
        if font.size(whole)[0] <= room:
            return [whole], font
    name = table.info.title
    rest = whole[len(name) :].strip(" ·") if whole.startswith(name) else ""
    for size in (16, 15, 14, 13, 12) if rest else ():
        font = fonts.get(size, bold=True)
        two = 2 * font.get_linesize() <= TOP_BAR - 2
        if two and max(font.size(name)[0], font.size(rest)[0]) <= room:
            return [name, rest], font
    font = fonts.get(12, bold=True)
    return [theme.fit(rest or whole, font, room)], font


def draw_bar(table: FrameDoor, surface: pygame.Surface) -> None:
    width = surface.get_width()
    bar = pygame.Surface((width, TOP_BAR), pygame.SRCALPHA)
    bar.fill((*theme.PANEL, 215))
    surface.blit(bar, (0, 0))
    free = min((button.rect.x for button in table.buttons), default=width) - 14
    titles, title_font = bar_title(table, free)
    right = 14
    for index, line in enumerate(titles):
        y = TOP_BAR // 2 + (index - (len(titles) - 1) / 2) * title_font.get_linesize()
        at = (14, round(y))
        shown = theme.text(surface, line, at, 0, theme.INK, True, "midleft", font=title_font)
        right = max(right, shown.right)
    words, colour = status_line(table)
    left = right + 24
    room = free + 14 - left - 10
    lines, font = fitted(words, room, TOP_BAR - 4)
    for index, line in enumerate(lines):
        y = TOP_BAR // 2 + (index - (len(lines) - 1) / 2) * font.get_linesize()
        theme.text(surface, line, (left, y), 0, colour, True, "midleft", font=font)
    for button in table.buttons:
        button.draw(surface)


def fitted(words: str, width: int, height: int) -> tuple[list[str], pygame.font.Font]:
    """``words`` in as few lines as fit ``width`` x ``height``, smaller type before fewer
    words; past that the last ``:`` part goes ("MEAN!: take a pile: click one" becomes
    "MEAN!: take a pile"), so what is shown still makes sense."""
    shorter = [words]
    while ":" in shorter[-1]:
        shorter.append(shorter[-1].rsplit(":", 1)[0])
    font = theme.fonts().get(12, bold=True)
    for text in shorter:
        for size in (18, 15, 13, 12):
            font = theme.fonts().get(size, bold=True)
            lines = wrap(text, font, width)
            fits = all(font.size(line)[0] <= width for line in lines)
            if fits and len(lines) * font.get_linesize() <= height:
                return lines, font
    return [theme.fit(shorter[-1], font, width)], font
