"""Hints: the move the hard bot would make for the viewing human, to learn from.

The hard bot's ``choose`` runs on the viewer's seat view (never the whole state), on the
match's bot thread like every other bot. Its move is shown where the player would make
it: a glow on the card (or group) and on the place it goes, or on the chooser's option,
with a short line; it goes away when anything changes. Not for deciding moves (the
strategy layer) or playing them (the hint only shows).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from cardtable.engine import Action, Rng
from cardtable.strategy import levels, make_bot

from .. import theme
from . import drawing

if TYPE_CHECKING:
    from .base import TableScene

HINT_LEVEL = "hard"
HINT_COLOUR = (120, 230, 255)


class Hints:
    """The hint asked for, and where it shows."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.future: Future | None = None
        self.mark = -1  # the moment (moves made) the hint is for
        self.code: str | None = None
        self.cards: tuple[str, list[int]] | None = None  # zone, indices
        self.target: str | None = None
        self.line = ""

    def available(self) -> bool:
        table = self.table
        return (
            bool(table.match.humans)
            and not table.match.launch.replay
            and (HINT_LEVEL in levels(table.info.id))
        )

    def moment(self) -> int:
        return self.table.client.step

    def ask(self) -> None:
        """Ask the hard bot, off the main thread, what it would play for the viewer."""
        table = self.table
        seat = table.viewer
        if seat is None or not table.legal_codes():
            table.refuse("There is no move of yours to hint at now.")
            return
        self.clear()
        self.mark = self.moment()
        if table.match.executor is None:  # a joined table: the host thinks of it
            self.line = "Thinking of a hint…"
            table.pump(table.client.hint(seat))
            return
        bot = make_bot(table.info.id, HINT_LEVEL, Rng(f"hint/{table.launch.seed}/{self.mark}"))
        view = table.match.seat_view(seat)
        self.future = table.match.executor.submit(bot.choose, view)
        self.line = "Thinking of a hint…"

    def clear(self) -> None:
        self.future, self.code, self.cards, self.target, self.line = None, None, None, None, ""

    def update(self) -> None:
        if (self.future is not None or self.line) and self.mark != self.moment():
            # The moment passed (the viewer moved, or others did meanwhile): the hint no
            # longer fits. Asked again while the viewer still has a move to make.
            self.clear()
            if self.table.legal_codes():
                self.ask()
            return
        future = self.future
        if future is None or not future.done():
            return
        self.future = None
        if future.exception() is not None:
            self.line = "No hint this time."
            return
        action = future.result()
        self.show(action.code if isinstance(action, Action) else str(action))

    def show(self, code: str) -> None:
        """Light ``code`` where the player would make it."""
        table = self.table
        self.code = code
        label = table.label_for(code)
        if code in table.asks(sorted(table.legal_codes())):
            chooser = table.choices.chooser
            if chooser is not None and label in chooser.options:
                chooser.move_focus(chooser.options.index(label) - chooser.focus)
            self.line = f"Hint: choose “{label}”"
            return
        found = self.find(code)
        if found is None:
            self.line = f"Hint: {label}"
            return
        self.cards, self.target = found[0], found[1]
        self.line = "Hint: the lit card goes to the lit place"

    def find(self, code: str) -> tuple[tuple[str, list[int]], str] | None:
        """The cards and the target a drag making ``code`` would use."""
        table = self.table
        for zone, cards in table.view.zones.items():
            takeable = table.input.takeable(zone)
            for index in takeable:
                held = [cards[index]]
                group = [index]
                candidates = [(tuple(held), list(group))]
                for other in takeable:
                    if other != index and table.joins(zone, held, other):
                        held.append(cards[other])
                        group.append(other)
                        candidates.append((tuple(held), sorted(group)))
                for picked, indices in candidates:
                    if len(indices) == 1:
                        picked = table.cards_for_drag(zone, index)
                    for target in table.input.targets():
                        if code in table.legal_for(picked, zone, target):
                            return (zone, indices), target
        return None

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        strength = 0.55 + 0.45 * drawing.pulse(table.clock, 1.2)
        if self.cards is not None:
            zone, indices = self.cards
            slots = table.view.slots(zone)
            for index in indices:
                if index < len(slots):
                    drawing.glow(surface, slots[index], HINT_COLOUR, strength)
        rect = table.input.targets().get(self.target) if self.target else None
        if rect is not None:
            drawing.glow(surface, rect, HINT_COLOUR, strength)
        if self.line:  # just above the viewer's hand, where the refusal goes
            area = table.chooser_area()
            drawing.label_box(
                surface, self.line, (area.centerx, area.bottom - 2), 16, ink=theme.GOLD,
                anchor="midbottom", width=area.width - 40,
            )  # fmt: skip
