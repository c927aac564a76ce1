"""In-table choosers made from legal actions alone.

Three cases, one panel (``widgets.Chooser``), always placed in the table's
``chooser_area()`` so it never covers the viewer's hand:

- a drop that several legal codes match (a Wild's value, a special card's number, a
  target): ``ask`` offers those codes;
- a pending choice that is not made with cards (a direction, a target player, a swap,
  pass or act): whatever the table's ``asks(legal)`` returns while the viewer is to act;
- a secret choice out of turn (Spite & Malice's Spite): the same codes for a local human
  the referee offers an out-of-turn move, with "Let it pass" to decline.

Options read as the table's ``label_for(code)``; an option labelled with a number up to
10 is chosen by that number's key, else digits 1-9 (0 for the tenth) by position. Not for
deciding legality (the engine's codes are the only options).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from ..widgets import Chooser

if TYPE_CHECKING:
    from ..services import AppServices
    from .animator import Animator
    from .view import TableView


class ChoicesDoor(Protocol):
    """What the choosers touch of their table: whether it is still and who must choose
    (``humans_to_act``, ``out_of_turn_humans``, ``legal_codes``), the intents a chooser
    hands back (``act``, ``decline``), the window and the view's version it is built for;
    and the game's hooks that say what is asked and in which words."""

    app: AppServices
    view: TableView
    viewer: int | None

    def still(self) -> bool: ...

    def humans_to_act(self) -> tuple[int, ...]: ...

    def out_of_turn_humans(self) -> tuple[int, ...]: ...

    def legal_codes(self) -> set[str]: ...

    def act(self, code: str) -> str | None: ...

    def decline(self) -> None: ...

    # The game's hooks (``TableScene``'s first section).
    def asks(self, legal: list[str]) -> list[str]: ...

    def question(self, codes: list[str]) -> str: ...

    def label_for(self, code: str) -> str: ...

    def chooser_hint(self, codes: list[str]) -> str: ...

    def keys_for(self, code: str) -> tuple[int, ...]: ...

    def chooser_area(self) -> pygame.Rect: ...


DIGITS = [pygame.K_1 + n for n in range(9)] + [pygame.K_0]
PASS = "Let it pass"


class Choices:
    """The chooser open at the table now, if any, and what it answers; a chooser asked
    for a drop is let go once ``animator`` has nothing left moving."""

    def __init__(self, table: ChoicesDoor, animator: Animator) -> None:
        self.table = table
        self.animator = animator
        self.chooser: Chooser | None = None
        self.key: tuple | None = None
        self.asked: tuple | None = None  # a drop's question: (question, codes, on_chosen)

    def ask(self, question: str, codes: list[str], on_chosen: Callable[[str], None]) -> None:
        """Offer ``codes`` (all legal) for one drop; Escape cancels."""
        self.asked = (question, list(codes), on_chosen)
        self.key = None
        self.refresh()

    def cancel(self) -> None:
        self.asked = None
        self.refresh()

    def refresh(self) -> None:
        """Open the chooser the moment asks for, or close it; kept while nothing changes,
        so its keyboard focus stays."""
        table = self.table
        key: tuple | None = None
        spec: tuple | None = None
        if table.still() and table.viewer is not None:
            seat = table.viewer
            if self.asked is not None and seat in table.humans_to_act():
                question, codes, chosen = self.asked
                spec = (question, codes, chosen, self.cancel)
            elif seat in table.humans_to_act():
                codes = table.asks(sorted(table.legal_codes()))
                if codes:
                    spec = (table.question(codes), codes, table.act, None)
            elif seat in table.out_of_turn_humans():
                codes = table.asks(sorted(table.legal_codes()))
                if codes:
                    spec = (table.question(codes), [*codes, PASS], self.secret, None)
            if spec is not None:
                key = (spec[0], tuple(spec[1]), table.app.size, table.view.version)
        if key is None and self.asked is not None and not self.animator.busy:
            self.asked = None
        if key == self.key:
            return
        self.key = key
        self.chooser = None if spec is None else self.build(*spec)

    def secret(self, code: str) -> None:
        table = self.table
        if code == PASS:
            table.decline()
        else:
            table.act(code)

    def build(self, question, codes, chosen, cancel) -> Chooser:
        table = self.table
        labels = [PASS if code == PASS else table.label_for(code) for code in codes]
        hint = "a number, ←/→ and Enter, or click" + ("; Esc cancels" if cancel else "")
        hint = self.table.chooser_hint(codes) or hint

        def choose(index: int) -> None:
            self.asked, self.key, self.chooser = None, None, None
            chosen(codes[index])

        chooser = Chooser(
            question,
            labels,
            choose,
            on_cancel=cancel,
            keys=self.keys(codes, labels),
            hint=hint,
        )
        area = table.chooser_area()
        wide = max(len(label) for label in labels) > 4
        chooser.place(area.center, area.width, (120, 42) if wide else (56, 40))
        if chooser.rect.height > area.height:
            chooser.rect.bottom = area.bottom  # taller than its area: keep clear of the hand
            chooser.place(chooser.rect.center, area.width, (120, 42) if wide else (56, 40))
        return chooser

    def keys(self, codes: list[str], labels: list[str]) -> dict[int, int]:
        """The table's own keys for the options and, for an option labelled with a number
        up to 10, that number's key (0 for 10); else digits 1-9 and 0 by position."""
        own = {}
        for n, (code, label) in enumerate(zip(codes, labels, strict=True)):
            if code == PASS:
                continue  # it has no key of its own (digits by position serve when none has)
            number = int(label) if label.isdigit() else 0
            for key in (*self.table.keys_for(code), *DIGITS[number - 1 : number]):
                own[key] = n
        return own or {DIGITS[n]: n for n in range(min(10, len(codes)))}

    def handle(self, event: pygame.event.Event) -> bool:
        return self.chooser is not None and self.chooser.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.chooser is not None:
            self.chooser.draw(surface)
