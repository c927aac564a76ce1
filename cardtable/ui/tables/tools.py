"""What every table offers around the game itself: the top bar's buttons (Menu, Settings,
Rules, Hint, Undo), leaving a game in progress only after asking (it is saved, to resume
from the title), hints and undo.

- **Leave:** Menu, Escape (with nothing held) and closing the window ask "Leave this
  game?" in the table; Enter or Y leaves, Escape or N stays.
- **Hint** (button, H): the move the hard bot would make for the viewer, asked on the
  match's bot thread and shown as a glow on the card and its target, or on the chooser's
  option, with a short line (``hints``).
- **Undo** (button, U, Ctrl+Z): the viewer's own last move in a game against bots only,
  when nothing hidden was shown since (``cardtable.play.undo``); refused with the reason.
Not for the game's own drawing or input (the table and ``input``), nor replays
(``replay``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.play.undo import undo_last

from .. import theme
from ..widgets import Button, Chooser
from .drawing import TOP_BAR
from .hints import Hints
from .replay import Replay

if TYPE_CHECKING:
    from cardtable.play import SeatClient

    from ..services import AppServices
    from .animator import Animator
    from .log import TableLog
    from .match import Match


class ToolsDoor(Protocol):
    """What the top bar's tools touch of their table: the viewer, whether the game is over
    (``client``), the animator they skip and banner with, the log they toggle, and the
    table's ways to show a refusal, keep the game (``save``) and lay it out again after an
    undo (``restart``)."""

    app: AppServices
    viewer: int | None
    client: SeatClient
    animator: Animator
    log: TableLog
    banner_time: float

    def refuse(self, reason: str) -> None: ...

    def save(self) -> None: ...

    def restart(self, actions: Any) -> None: ...

    def chooser_area(self) -> pygame.Rect: ...


LEAVE, STAY = "Leave", "Stay"


class TableTools:
    """The top bar's buttons and what they do for ``table``: its ``hints``, and a
    replay's controls (``replay``); ``match`` is the game they take back a move of."""

    def __init__(self, table: ToolsDoor, match: Match, hints: Hints, replay: Replay | None):
        self.table = table
        self.match = match
        self.hints = hints
        self.confirm: Chooser | None = None
        self.then = table.app.show_title  # what "Leave" does
        self.replay = replay
        self.undone = False  # a move was taken back in this game

    def first_viewer(self) -> int | None:
        """Whose hand shows when the table opens, if not the usual: a resumed game's
        viewer, a replay's one human. Several people at one screen: nobody's, until the
        "Pass to" screen has asked for the player whose hand it is, as in play."""
        if self.replay is not None:
            return self.replay.viewer()
        viewer = self.match.launch.viewer
        return viewer if self.match.humans == [viewer] else None

    # -- what may be used -------------------------------------------------------------------

    def in_progress(self) -> bool:
        """A game someone plays that has not ended: leaving it asks first."""
        match = self.match
        return bool(match.humans) and not match.launch.replay and not self.table.client.is_over

    def can_undo(self) -> bool:
        """Undo exists in a game of one human against bots."""
        match = self.match
        return (
            len(match.humans) == 1
            and len(match.seats) > 1
            and not match.launch.replay
            and not match.network  # undo is off in network games, as with several humans
        )

    def buttons(self, size: tuple[int, int]) -> list[Button]:
        label, step = (16, 112) if size[0] >= 1000 else (13, 80)
        buttons = [
            Button("Menu", self.leave, size=label),
            Button("Settings", self.table.app.open_settings, size=label),
            Button("Rules", lambda: self.table.app.open_rules(self.match.info), size=label),
            Button("Log", self.table.log.toggle, size=label),
        ]
        if self.hints.available():
            buttons.append(Button("Hint", self.hints.ask, size=label))
        if self.can_undo():
            buttons.append(Button("Undo", self.undo, size=label))
        right = size[0]
        for button in buttons:
            # A narrow window sizes each button to its label, to leave the title and whose
            # turn it is room beside them ("Log" needs less than "Settings").
            font = theme.fonts().get(label, bold=True)
            wide = step if size[0] >= 1000 else min(step, font.size(button.label)[0] + 22)
            button.rect = pygame.Rect(right - wide, 6, wide - 8, TOP_BAR - 12)
            right -= wide
        if self.replay is not None:
            buttons += self.replay.controls(buttons[-1].rect.x - 4, size[0] >= 1000)
        return buttons

    # -- leaving ----------------------------------------------------------------------------

    def leave(self, then=None) -> None:
        """Leave the table, asking first when a game is in progress (a replay goes back
        to the list of replays)."""
        back = self.table.app.manager.pop if self.replay is not None else None
        self.then = then or back or self.table.app.show_title
        if not self.in_progress():
            self.then()
            return
        if self.confirm is not None:  # asked twice (the window closed again): go
            self.go(0)
            return
        self.confirm = Chooser(
            "Leave this game?",
            [LEAVE, STAY],
            self.go,
            on_cancel=self.stay,
            keys={pygame.K_y: 0, pygame.K_n: 1},
            hint="It is saved: Resume it from the title. Y leaves, N or Esc stays.",
        )
        self.place()

    def place(self) -> None:
        if self.confirm is not None:
            area = self.table.chooser_area()
            self.confirm.place(area.center, area.width, (130, 44))

    def go(self, index: int) -> None:
        self.confirm = None
        if index == 0:
            self.table.save()
            self.then()

    def stay(self) -> None:
        self.confirm = None

    # -- undo --------------------------------------------------------------------------------

    def undo(self) -> None:
        table = self.table
        if not self.can_undo() or table.viewer is None:
            return
        if table.animator.busy:
            table.animator.skip()
        outcome = undo_last(self.match.record(), table.viewer)
        if outcome.actions is None:
            table.refuse(outcome.reason)
            return
        self.undone = True
        table.restart(outcome.actions)
        table.animator.show_banner("Your last move is taken back", table.banner_time)
        table.save()

    # -- input and drawing -------------------------------------------------------------------

    def intercept(self, event: pygame.event.Event) -> bool:
        """Before anything else at the table: the confirm (it is modal), a replay's
        controls. True when the event was used."""
        if self.confirm is not None:
            self.confirm.handle(event)  # Enter, Y, N, Escape or a click answer it
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        return self.replay is not None and self.replay.handle(event)

    def update(self, dt: float) -> None:
        self.hints.update()
        if self.replay is not None:
            self.replay.update(dt)

    def handle(self, event: pygame.event.Event) -> bool:
        """The tools' keys (after the table's choosers and own keys)."""
        if event.type != pygame.KEYDOWN:  # (the table keeps slap keys from the tools)
            return False
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if event.key == pygame.K_h and self.hints.available():
            self.hints.ask()
        elif (event.key == pygame.K_u or (ctrl and event.key == pygame.K_z)) and self.can_undo():
            self.undo()
        else:
            return False
        return True

    def draw_hint(self, surface: pygame.Surface, clear: tuple[pygame.Rect, ...] = ()) -> None:
        """The hint, under a refusal (which goes where the hint leaves room; a refusal
        placed before the hint came is ``clear``, left clear by the hint's line)."""
        self.hints.draw(surface, clear)

    def draw(self, surface: pygame.Surface) -> None:
        """Over everything: "Leave this game?" on a veil."""
        if self.confirm is not None:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 120))
            surface.blit(veil, (0, 0))
            self.confirm.draw(surface)
