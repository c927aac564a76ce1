"""Hints: the move the hard bot would make for the viewing human, to learn from.

The hard bot's ``choose`` runs on the viewer's seat view (never the whole state), on the
match's bot thread like every other bot. Its move is shown where the player would make
it: a glow on the card (or group) and on the place it goes, or on the chooser's option,
with a short line; it goes away when anything changes. Not for deciding moves (the
strategy layer) or playing them (the hint only shows).
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Protocol

import pygame

from cardtable.engine import Action, Rng
from cardtable.strategy import HINT_LEVEL, levels, make_bot

from .. import theme
from . import drawing
from .hint_words import HintWordsDoor, hint_line
from .notice import Placement, card_places, shapes

if TYPE_CHECKING:
    from cardtable.play import SeatClient

    from .choices import Choices
    from .input import TableInput
    from .match import Match
    from .view import TableView


class HintsDoor(Protocol):
    """What a hint touches of its table: the viewer and what they may do now (``client``,
    ``legal_codes``), the view and the input it finds the cards and target in, the chooser
    it points at, the clock it pulses with and the refusal it may show; and the game's
    hooks that say what goes together and how a choice is labelled."""

    view: TableView
    viewer: int | None
    client: SeatClient
    clock: float
    input: TableInput
    choices: Choices

    def legal_codes(self) -> set[str]: ...

    def refuse(self, reason: str) -> None: ...

    # The game's hooks (``TableScene``'s first section).
    def asks(self, legal: list[str]) -> list[str]: ...

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]: ...

    def joins(self, zone: str, held: list[str], index: int) -> bool: ...

    def label_for(self, code: str) -> str: ...

    def chooser_area(self) -> pygame.Rect: ...


HINT_COLOUR = (120, 230, 255)
#: How often a table resting for input looks whether the hint it asked for is ready (s).
HINT_POLL = 0.05


class Hints:
    """The hint asked for, and where it shows; ``match`` runs the bot that finds it."""

    def __init__(self, table: HintsDoor, match: Match, words: HintWordsDoor) -> None:
        self.table = table
        self.match = match
        self.words = words  # the table's words a hint is said in
        self.future: Future | None = None
        self.mark = -1  # the moment (moves made) the hint is for
        self.code: str | None = None
        self.cards: tuple[str, list[int]] | None = None  # zone, indices
        self.target: str | None = None
        self.line = ""
        self.place = Placement()  # where the line goes: clear of what the table shows

    def available(self) -> bool:
        match = self.match
        known = HINT_LEVEL in levels(match.info.id)
        return bool(match.humans) and not match.launch.replay and known

    def thinking(self) -> bool:
        """Is a hint being worked out (its "Thinking of a hint…" up)? A table resting for
        input wakes every ``HINT_POLL`` meanwhile, so the hint shows the moment it is
        ready, not at the next input."""
        return self.future is not None

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
        match = self.match
        if match.executor is None:  # a joined table: the host thinks of it
            self.line = "Thinking of a hint…"
            table.client.hint(seat)  # its advice comes through the door later
            return
        # On the hard bot's own think budget when the table runs in real time, as its
        # moves are; a fixed number of rounds on a test's fixed clock.
        rng = Rng(f"hint/{match.launch.seed}/{self.mark}")
        bot = make_bot(match.info.id, HINT_LEVEL, rng, timed=match.real_time)
        self.future = match.executor.submit(bot.choose, match.seat_view(seat))
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
        self.line = hint_line(self.words, self.match.preview, code)
        found = self.find(code)
        if found is not None:
            self.cards, self.target = found[0], found[1]
            (zone, group), target = found
            table.input.hold_for_keys(zone, group, target)  # Enter makes it

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
                        if code in table.input.legal_for(picked, zone, target):
                            return (zone, indices), target
        return None

    def draw(self, surface: pygame.Surface, clear: tuple[pygame.Rect, ...] = ()) -> None:
        """The hinted cards and target aglow, and the hint's line in bare felt, clear of
        ``clear`` too (a refusal placed before the hint came, drawn over it after)."""
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
        if self.line:  # in bare felt nearest just above the viewer's hand
            area = table.chooser_area()
            options = shapes(self.line, area.width - 40, (16, 14))

            def places() -> list[pygame.Rect]:
                return card_places(table.view, table.input.targets()) + list(clear)

            look = (theme.PANEL, theme.GOLD, 225)
            self.place.draw(surface, self.line, options, area.midbottom, places, (None, None), look)
        else:
            self.place.forget()
