"""What just happened: the table log, a collapsible panel that says each move in words.

Each batch of events the table plays is said in the players' names, "you" for the viewer,
newest at the bottom: announcements through the game's phrases (``TableScene.phrases``,
built from each event's data: who, a verb that agrees, the counts), card moves through
the game's describer (``TableScene.describer``, a small function in each game's table
package) and, for a table without one, a plain "Ada: hand -> discard, R4". Events arrive
already hidden for the viewer, so a face-down card is only ever "a card" here.

With several humans at one computer it is written for a spectator (no hidden card, no
"you"), as the log stays up while they pass the screen. An event that changes the viewer's
hand because of another player (an Eight's swap, a
dump) also flashes an alert naming who did it. Collapsed, the panel takes no room; open,
it stands on the right between the top bar and the viewer's hand, never over the hand.
Not for deciding what happened (the events say) nor for the banners of the animations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from cardtable.engine import HIDDEN, Event

from .. import theme
from ..widgets import wrap
from .drawing import TOP_BAR
from .notice import Placement, card_places, shapes

if TYPE_CHECKING:
    import pygame

    from ..services import AppServices
    from .view import TableView


class LogDoor(Protocol):
    """What the log touches of its table: the names to say moves in (``names``, whose
    ``viewer`` is "you", ``humans``), the game's ``describer``, the animator's sound for
    the hand alert, the slap keys it leaves alone (and the drop places the alert leaves
    clear), the cards the alert leaves clear (``view``), the window and the chooser area."""

    app: AppServices
    names: list[str]
    humans: list[int]
    viewer: int | None
    describer: Any
    phrases: Any  # ``parts.phrases.Phrases``: an announcement said from its data
    animator: Any  # ``Animator`` (it imports this module): ``sound``
    input: Any  # ``TableInput``: its ``slap_keys``, its ``targets()``
    view: TableView

    def chooser_area(self) -> pygame.Rect: ...


#: who(seat) -> "you" for the viewer, else the player's name.
Who = Callable[[int], str]
#: describe(event, who) -> the line, "" to say nothing, ", ..." to add to the line before,
#: or None for the generic words.
Describer = Callable[[Event, Who], "str | None"]

KEEP = 400  # lines kept
ALERT_TIME = 3.5
LINE_SIZE = 14


def cards_said(cards: tuple[str, ...], label: Callable[[str], str] = str) -> str:
    """The cards as the viewer may name them: "7 7", or "a card" / "3 cards" when hidden."""
    if not cards:
        return "nothing"
    if HIDDEN in cards:
        return "a card" if len(cards) == 1 else f"{len(cards)} cards"
    names = [label(code) for code in cards]
    return (", " if any(" " in name for name in names) else " ").join(names)


def seat_of(zone: str | None) -> int | None:
    """The seat a zone belongs to ("hand:2" -> 2), or None."""
    kind, _, rest = (zone or "").partition(":")
    return int(rest) if rest.isdigit() and kind else None


def move_words(
    event: Event, who: Who, label: Callable[[str], str] = str
) -> tuple[str, str, str, str] | None:
    """A move's source and destination zones, who made it and its cards in words (each
    card by ``label``), for a game's describer (None for any other event)."""
    if event.kind != "move":
        return None
    actor = who(event.seat) if event.seat is not None else ""
    return event.src or "", event.dst or "", actor, cards_said(event.cards, label)


def generic(event: Event, who: Who) -> str:
    """A move said plainly: "Ada: hand -> discard, R4"."""

    def place(zone: str | None) -> str:
        owner = seat_of(zone)
        kind = (zone or "").split(":")[0] or "table"
        if owner is None or owner == event.seat:
            return kind
        return f"{kind} of {who(owner)}"

    actor = f"{who(event.seat)}: " if event.seat is not None else ""
    return f"{actor}{place(event.src)} -> {place(event.dst)}, {cards_said(event.cards)}"


def capital(line: str) -> str:
    return line[:1].upper() + line[1:]


def merged(events: list[Event]) -> list[Event]:
    """Runs of moves between the same zones said once (a deal: "Bo draws 7 cards")."""
    out: list[Event] = []
    run: dict[tuple, Event] = {}
    for event in events:
        if event.kind != "move":
            run = {}
            out.append(event)
            continue
        key = (event.src, event.dst, event.face, event.seat, tuple(sorted(event.data)))
        if key in run and run[key].data == event.data:
            index = out.index(run[key])
            out[index] = run[key] = Event(
                "move",
                cards=run[key].cards + event.cards,
                src=event.src,
                dst=event.dst,
                face=event.face,
                seat=event.seat,
                data=event.data,
            )
        else:
            run[key] = event
            out.append(event)
    return out


class TableLog:
    """The lines said so far, the panel's state (open, scrolled) and the hand alert."""

    def __init__(self, table: LogDoor) -> None:
        self.table = table
        self.lines: list[str] = []
        self.open = False
        self.scroll = 0  # lines scrolled back from the newest
        self.alert = ""
        self.alert_left = 0.0
        self.alert_place = Placement()  # in bare felt nearest the table's middle
        self._rows: list[tuple[str, bool]] = []
        self._rows_key: tuple = ()

    # -- words ------------------------------------------------------------------------

    def who(self, seat: int | None) -> str:
        table = self.table
        if seat is None:
            return "the table"
        if seat == self.reader():
            return "you"
        return table.names[seat] if 0 <= seat < len(table.names) else f"Seat {seat + 1}"

    def reader(self) -> int | None:
        """Whose eyes the log is written for: the one local human's; with several humans
        at one computer the log stays up as they take turns, so it names no hidden card
        and says nobody's "you"."""
        return self.table.viewer if len(self.table.humans) <= 1 else None

    def say(self, event: Event) -> str:
        """The line for one event as the viewer sees it ("" says nothing)."""
        describer = self.table.describer
        if describer is not None:
            said = describer(event, self.who)
            if said is not None:
                return said
        if event.kind == "move":
            return generic(event, self.who)
        if event.kind in ("announce", "deal", "slap"):
            return self.table.phrases.say(event, self.who)
        return ""

    def record(self, events: list[Event], by_viewer: bool) -> None:
        """Say ``events`` (each as the viewer sees it); ``by_viewer``: the viewer's own move,
        so nothing in it happened to them behind their back."""
        viewer = self.reader()
        seen = [event.for_seat(viewer) for event in events]
        said: dict[int, str] = {}  # event's seat -> its first line
        for event in merged(seen):
            line = self.say(event)
            if not line:
                continue
            if line.startswith(",") and self.lines:
                self.lines[-1] += line
            else:
                self.lines.append(capital(line))
            if event.seat is not None:
                said.setdefault(event.seat, self.lines[-1])
        del self.lines[:-KEEP]
        if viewer is None or by_viewer:
            return
        hand = f"hand:{viewer}"
        for event in seen:
            actor = event.seat
            touched = event.kind == "move" and hand in (event.src, event.dst)
            if touched and actor is not None and actor != viewer:
                name = capital(self.who(actor))
                self.alert = said.get(actor) or f"{name} changed your hand"
                self.alert_left = ALERT_TIME
                self.table.animator.sound("flip")
                return

    # -- the panel --------------------------------------------------------------------

    def toggle(self) -> None:
        self.open = not self.open
        self.scroll = 0

    def update(self, dt: float) -> None:
        self.alert_left = max(0.0, self.alert_left - dt)

    def rect(self) -> pygame.Rect:
        """Right of the table, from the top bar down to just above the viewer's hand."""
        width, _ = self.table.app.size
        bottom = self.table.chooser_area().bottom
        panel_w = max(220, min(340, width // 3))
        return pygame.Rect(width - panel_w - 8, TOP_BAR + 8, panel_w, bottom - TOP_BAR - 8)

    def handle(self, event: pygame.event.Event) -> bool:
        """The L key opens and closes it; the wheel and Page Up/Down scroll it."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            if event.key in self.table.input.slap_keys:
                return False  # a player slaps with L
            self.toggle()
            return True
        if not self.open:
            return False
        over = self.rect().collidepoint(pygame.mouse.get_pos())
        if event.type == pygame.MOUSEWHEEL and over:
            self.scroll = max(0, self.scroll + 3 * event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll = max(0, self.scroll + (8 if event.key == pygame.K_PAGEUP else -8))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.open:
            self.draw_panel(surface)
        if self.alert_left > 0 and self.alert:
            table = self.table
            area = table.chooser_area()
            fade = int(245 * min(1.0, self.alert_left / 0.5))
            size = max(17, table.app.size[1] // 34)
            options = shapes(self.alert, area.width - 80, (size, size * 4 // 5))
            places = lambda: card_places(table.view, table.input.targets())  # noqa: E731
            look = ((120, 40, 30), theme.HIGHLIGHT, fade)
            box = self.alert_place.draw(
                surface, self.alert, options, area.center, places, (None, None), look, True
            )
            pygame.draw.rect(surface, theme.HIGHLIGHT, box, 2, border_radius=10)
        else:
            self.alert_place.forget()

    def rows(self, font: pygame.font.Font, width: int) -> list[tuple[str, bool]]:
        """The lines wrapped to ``width``, each row with whether its line is even; wrapped
        again only when a line comes or the width changes, not every frame."""
        key = (len(self.lines), self.lines[-1] if self.lines else "", width, LINE_SIZE)
        if self._rows_key != key:
            rows: list[tuple[str, bool]] = []
            for index, line in enumerate(self.lines):
                for part, piece in enumerate(wrap(line, font, width)):
                    rows.append(((piece if part == 0 else "  " + piece), index % 2 == 0))
            self._rows, self._rows_key = rows, key
        return self._rows

    def draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        theme.panel(surface, rect, alpha=242, radius=10)
        font = theme.fonts().get(LINE_SIZE)
        head = theme.fonts().get(15, bold=True)
        theme.text(surface, "Table log", (rect.x + 12, rect.y + 8), 0, theme.GOLD, font=head)
        theme.text(
            surface,
            "L closes",
            (rect.right - 12, rect.y + 10),
            12,
            theme.INK_DIM,
            anchor="topright",
        )
        inner = pygame.Rect(rect.x + 10, rect.y + 32, rect.w - 20, rect.h - 40)
        line_h = font.get_linesize()
        rows = self.rows(font, inner.w - 8)
        fits = max(1, inner.h // line_h)
        self.scroll = min(self.scroll, max(0, len(rows) - fits))
        shown = rows[max(0, len(rows) - fits - self.scroll) : len(rows) - self.scroll]
        if not rows:
            theme.text(surface, "Nothing yet.", inner.topleft, 0, theme.INK_DIM, font=font)
        for row, (line, even) in enumerate(shown):
            colour = theme.INK if even else (214, 226, 214)
            theme.text(surface, line, (inner.x, inner.y + row * line_h), 0, colour, font=font)
        if self.scroll:
            more = f"{self.scroll} newer below (wheel or Page Down)"
            theme.text(surface, more, rect.midbottom, 11, theme.GOLD, anchor="midbottom")
