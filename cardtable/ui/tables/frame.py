"""Drawing one frame of a table from its view: drop targets, the cards at rest (with the
hovered, held and focused ones marked), flying and dragged cards, the top bar with its
status line (wrapped, never cut mid-word while there is room), the countdown of a timed
window, banners, the refusal (above the hand, never over it), choosers and the score
sheet. Not for a game's own marks (the table's ``draw_table``/``draw_overlay``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..cards import shadow
from ..launch import REMOTE
from ..widgets import wrap
from . import drawing

if TYPE_CHECKING:
    from .base import TableScene

TOP_BAR = 44


def draw(table: TableScene, surface: pygame.Surface) -> None:
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
    table.animator.draw(surface)
    drag = table.input.drag
    if drag is not None and drag.moved:
        for code, rect in zip(drag.cards, drag.card_rects(), strict=False):
            surface.blit(shadow(rect.size, 0.6), (rect.x + 8, rect.y + 10))
            surface.blit(
                table.app.cards.image(table.style_for(drag.zone, code), code, rect.size), rect
            )
    draw_bar(table, surface)
    network = table.network.line()
    table.network.box = None
    if network:  # how to join, who is reconnecting
        width = surface.get_width()
        table.network.box = drawing.label_box(
            surface,
            network,
            (width // 2, TOP_BAR + 8),
            16,
            theme.PANEL,
            theme.GOLD,
            "midtop",
            width=width - 80,
        )
    left = table.window_left()
    if left is not None:
        drawing.countdown(surface, TOP_BAR, left)
    if table.animator.banner:
        size = max(20, table.app.size[1] // 26)
        drawing.label_box(
            surface,
            table.animator.banner,
            table.banner_centre(),
            size,
            width=table.app.size[0] - 80,
        )
    if table.reason_left > 0 and table.reason:
        area = table.chooser_area()
        drawing.label_box(
            surface,
            table.reason,
            (area.centerx, area.bottom),
            18,
            (150, 36, 36),
            (255, 236, 230),
            "midbottom",
            int(235 * min(1.0, table.reason_left)),
            area.width - 40,
        )
    table.log.draw(surface)
    if table.celebration is not None:
        table.celebration.draw(surface)
    table.choices.draw(surface)
    if table.sheet is not None:
        table.sheet.draw(surface)
    table.tools.draw(surface)


def draw_cards(table: TableScene, surface: pygame.Surface) -> None:
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
                rect.y -= rect.h // 5
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


def status_line(table: TableScene) -> tuple[str, tuple[int, int, int]]:
    replay = table.tools.replay
    if replay is not None:  # a replay: the move shown, at the end the recorded result
        return replay.result_words(), theme.GOLD if replay.at_end else theme.INK
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


def bar_title(table: TableScene, free: int) -> str:
    """The title as the top bar shows it, in at most 58% of the ``free`` width the
    buttons leave, so whose turn it is shows too (on two lines, if it must). When the
    whole title is longer, the game's name goes first ("Round 1/15" says more than
    "What the Heck?  Round…"), then an ellipsis cuts what is left."""
    font, room = theme.fonts().get(20, bold=True), max(40, free * 58 // 100)
    whole = table.title_text()
    if font.size(whole)[0] <= room:
        return whole
    name = table.info.title
    rest = whole[len(name) :].lstrip(" ·") if whole.startswith(name) else ""
    return theme.fit(rest or whole, font, room)


def draw_bar(table: TableScene, surface: pygame.Surface) -> None:
    width = surface.get_width()
    bar = pygame.Surface((width, TOP_BAR), pygame.SRCALPHA)
    bar.fill((*theme.PANEL, 215))
    surface.blit(bar, (0, 0))
    free = min((button.rect.x for button in table.buttons), default=width) - 14
    title = bar_title(table, free)
    shown = theme.text(surface, title, (14, TOP_BAR // 2), 20, theme.INK, True, "midleft")
    words, colour = status_line(table)
    left = shown.right + 24
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


def plate(
    table: TableScene,
    surface: pygame.Surface,
    seat: int,
    rect: pygame.Rect,
    detail: str = "",
    corner: str = "",
) -> pygame.Rect | None:
    """A seat's name plate, with who plays it and whether it is to act or thinking, and
    ``corner`` words (``drawing.plate``); where they lie."""
    controller = table.seats[seat]
    to_act = seat in table.public.get("to_act", []) and not table.animator.busy
    kind = f"Bot · {controller.kind}"
    if controller.human:
        kind = "your seat" if seat == table.viewer else "Human"
    if seat in table.client.stand_ins:
        kind = "a bot for now"
    elif seat in table.client.away:
        kind = "reconnecting…"
    elif controller.kind == REMOTE:
        kind = "Remote player"
    colour = theme.INK_DIM
    if table.is_thinking(seat) and not table.animator.busy:
        kind, colour = "thinking" + "." * (1 + int(table.clock * 3) % 3), theme.GOLD
    elif to_act and controller.human:
        kind, colour = ("your turn" if seat == table.viewer else "to play"), theme.GOLD
    return drawing.plate(surface, rect, controller.name, kind, detail, to_act, colour, corner)
