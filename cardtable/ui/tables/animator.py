"""The animator: the engine's events, as the viewer sees them, turned into steps.

Moves fly with easing and turn over on the way when their face changes; moves that belong
together (a deal) fly in one go, a beat apart. Other events get a default look by kind
(``reveal``, ``shuffle``, ``deal``, ``announce``, ``slap``, ``score``, ``over``). A table
and its moments show one their own way through an explicit table, ``animations()``: a
look by an event's ``what`` (a name its game declares, ``engine.vocabulary``) or by its
kind. A name nobody declared is an error when the table opens, never a silent default;
the names a table leaves to its kind's look on purpose are its ``defaulted``. A click or
Enter lands every step at once (``skip``). Not for deciding what happened (the events
say) nor for drawing the cards at rest (the table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pytweening

from cardtable.engine import HIDDEN, KINDS, Event, GameInfo

from ..anim import AnimationQueue, Step, Tween
from ..cards import CardStyle, flip_width, shadow
from .sheet import ScoreSheet
from .vocabulary import Look

if TYPE_CHECKING:
    from ..services import AppServices
    from .view import TableView


class AnimatorDoor(Protocol):
    """What the animator touches of its table: the window (``app``), the view it moves
    cards in, the names said in banners, the table's ``moments`` that get events too,
    the score sheet it puts up (``sheet``, ``next_hand``), and the game's hooks that say how
    cards fly, sound and are shown."""

    app: AppServices
    view: TableView
    viewer: int | None
    names: list[str]
    moments: list[Any]
    info: GameInfo  # its vocabulary: the names a look may be given
    phrases: Any  # says an event in the players' names
    sheet: ScoreSheet | None
    banner_time: float

    def next_hand(self) -> None: ...

    def animations(self) -> dict[str, Look]: ...

    def style_for(self, zone: str, code: str) -> CardStyle: ...

    # The game's hooks (``TableScene``'s first section).
    def arrange(self, zone: str, cards: list[str]) -> list[str]: ...

    def face_up(self, zone: str) -> bool: ...

    def together(self, first: Event, second: Event) -> bool: ...

    def flight_time(self, event: Event) -> float: ...

    def sound_for(self, event: Event) -> str | None: ...

    def moving(self, events: list[Event], step: Any) -> None: ...

    def sheet_note(self, event: Event) -> str: ...

    def sheet_rows(self, event: Event) -> tuple[tuple[str, ...], list[tuple[str, ...]]]: ...

    def chooser_area(self) -> pygame.Rect: ...


@dataclass
class Flight:
    """A card moving from ``start`` to ``end``, turning over on the way if its face
    changes (``up_at_start`` / ``up_at_end``)."""

    code: str
    style: CardStyle
    start: pygame.Rect
    end: pygame.Rect
    up_at_start: bool
    up_at_end: bool
    tween: Tween
    zone: str = ""  # where it lands: counted there the moment it does
    counted: bool = False

    def rect(self) -> pygame.Rect:
        if self.tween.elapsed < self.tween.delay:
            return self.start
        p = self.tween.progress
        a, b = self.start, self.end
        return pygame.Rect(
            round(a.x + (b.x - a.x) * p),
            round(a.y + (b.y - a.y) * p),
            round(a.w + (b.w - a.w) * p),
            round(a.h + (b.h - a.h) * p),
        )

    def draw(self, surface: pygame.Surface, images) -> None:
        rect = self.rect()
        p = self.tween.progress
        lift = 4 * p * (1 - p)  # highest mid-flight
        up = self.up_at_end if p >= 0.5 else self.up_at_start
        width = rect.w
        if self.up_at_start != self.up_at_end:
            width = max(1, round(rect.w * flip_width(p)))
        left = rect.centerx - width // 2
        surface.blit(shadow((width, rect.h), lift), (left + 2 + 3 * lift, rect.y + 3 + 4 * lift))
        image = images.image(self.style, self.code, rect.size, up)
        if width != rect.w:
            image = pygame.transform.smoothscale(image, (width, rect.h))
        surface.blit(image, (left, rect.y - round(6 * lift)))


class Animator:
    """Plays events as steps for ``table``; ``busy`` while anything is still moving."""

    def __init__(self, table: AnimatorDoor, celebrate: Callable[[Event], bool]) -> None:
        self.table = table
        self.celebrate = celebrate  # queues a local human's win, if one won
        self.queue = AnimationQueue()
        self.flights: list[Flight] = []
        self.returning: list[tuple[Flight, str, int]] = []
        # Dragged cards on their way to where they were dropped: each flies on from there.
        self.release: list[tuple[str, pygame.Rect]] = []
        self.banner = ""
        self._looks: dict[str, Look] | None = None

    @property
    def busy(self) -> bool:
        return self.queue.busy

    def update(self, dt: float) -> None:
        self.queue.update(dt)
        self.count_landed()
        for flight, _zone, _index in self.returning:
            flight.tween.update(dt)
        self.returning = [r for r in self.returning if not r[0].tween.done]

    def skip(self) -> None:
        self.queue.skip()
        self.flights.clear()
        self.table.view.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        images = self.table.app.cards
        for flight in self.flights:
            flight.draw(surface, images)
        for flight, _zone, _index in self.returning:
            flight.draw(surface, images)

    # -- steps a table may queue ------------------------------------------------------

    def step(
        self,
        start: Callable[[Step], None] | None = None,
        end: Callable[[], None] | None = None,
        hold: float = 0.0,
        label: str = "",
    ) -> Step:
        step = Step(start=start, end=end, hold=hold, label=label)
        self.queue.push(step)
        return step

    def show_banner(self, text: str, seconds: float) -> None:
        """A line in the middle of the table for ``seconds`` (at speed 1)."""

        def start(step: Step) -> None:
            self.banner = text

        def end() -> None:
            self.banner = ""

        self.step(start, end, hold=seconds, label=text)

    def sound(self, name: str | None) -> None:
        if name:
            self.table.app.sounds.play(name)

    def turn_over(self, zone: str, codes: list[str], seconds: float = 0.45) -> None:
        """The cards of ``zone`` turn face up where they lie, one a beat after another,
        in the order the zone shows them (a hand as sorted: no card swaps places)."""
        codes = self.table.arrange(zone, list(codes))

        def start(step: Step) -> None:
            self.sound("flip")
            count = len(codes)
            for index, code in enumerate(codes):
                rect = self.table.view.slot(zone, index, count)
                style = self.table.style_for(zone, code)
                tween = Tween(seconds, delay=0.08 * index, ease=pytweening.easeInOutSine)
                self.flights.append(Flight(code, style, rect, rect, False, True, tween))
                step.tweens.append(tween)
            self.table.view.zones[zone] = []

        def end() -> None:
            self.flights = [f for f in self.flights if not f.tween.done]
            self.table.view.zones[zone] = list(codes)

        self.step(start, end, label=f"turn over {zone}")

    # -- events -----------------------------------------------------------------------

    def play(self, events: list[Event]) -> None:
        """Queue ``events`` as the viewer sees them; moves that belong together fly in
        one go."""
        table = self.table
        group: list[Event] = []
        for event in events:
            seen = event.for_seat(table.viewer)
            table.view.dirty = True
            if seen.kind == "move":
                if group and not table.together(group[-1], seen):
                    self.moves(group)
                    group = []
                group.append(seen)
                continue
            if group:
                self.moves(group)
                group = []
            self.animate(seen)
        if group:
            self.moves(group)

    def animations(self) -> dict[str, Look]:
        """The default looks: by kind, and a score sheet between hands (``hand-over``)."""
        return {
            "reveal": self.animate_reveal,
            "shuffle": self.animate_shuffle,
            "deal": self.animate_deal,
            "announce": self.animate_announce,
            "slap": self.animate_slap,
            "score": self.animate_score,
            "over": self.animate_over,
            "hand-over": self.animate_hand_over,
        }

    def looks(self) -> dict[str, Look]:
        """Every look by name, made once the table has its moments: the defaults, then the
        moments' (the first moment's over the others'), then the table's own over all.
        A name the game does not declare is a ``ValueError`` naming who wrote it."""
        if self._looks is None:
            table = self.table
            vocabulary = table.info.vocabulary
            names = vocabulary.events | KINDS
            looks = {name: look for name, look in self.animations().items() if name in names}
            for owner in reversed((table, *table.moments)):
                own = owner.animations()
                vocabulary.check(own, type(owner).__name__)
                looks.update(own)
            self._looks = looks
        return self._looks

    def animate(self, event: Event) -> None:
        looks = self.looks()
        look = looks.get(event.what) or looks.get(event.kind)
        if look is not None:
            look(event)

    def words(self, event: Event) -> str:
        """The event's banner in the players' names ("You have the highest UP card"):
        the game's phrases (``TableScene.phrases``) built from the event's data."""
        names = self.table.names
        return self.table.phrases.say(
            event, lambda seat: names[seat] if 0 <= seat < len(names) else f"Seat {seat}"
        )

    def animate_reveal(self, event: Event) -> None:
        self.turn_over(event.src or "", list(event.cards))

    def animate_shuffle(self, event: Event) -> None:
        self.step(lambda step: self.sound("shuffle"), hold=0.35, label="shuffle")

    def animate_deal(self, event: Event) -> None:
        if event.text:
            self.show_banner(self.words(event), self.table.banner_time * 0.8)

    def animate_announce(self, event: Event) -> None:
        if event.text:
            self.show_banner(self.words(event), self.table.banner_time)

    def animate_slap(self, event: Event) -> None:
        if event.text:
            self.show_banner(self.words(event), self.table.banner_time * 0.6)

    def animate_score(self, event: Event) -> None:
        scores = event.data.get("scores")
        if scores is not None:
            self.step(lambda step: self.table.view.public.update(scores=list(scores)))

    def animate_hand_over(self, event: Event, deal: str = "hand") -> None:
        """Between hands (a ``deal`` in the game's words: Copy Cat plays games): the score
        sheet; the next deal waits until the players go on."""
        table = self.table
        headings, rows = table.sheet_rows(event)
        words = "See the results" if event.data.get("match_over") else f"Next {deal}"

        def start(step: Step) -> None:
            title = self.words(event) or f"The {deal} is over"
            note = table.sheet_note(event)
            table.sheet = ScoreSheet(title, headings, rows, table.next_hand, words, note)
            table.sheet.place(table.chooser_area())
            step.tweens.append(table.sheet.hold)  # the next deal waits for the button

        self.step(start, label="score sheet")

    def say(self, words: str, share: float = 1.0) -> None:
        """A banner of ``words`` for ``share`` of the table's ``banner_time``."""
        self.show_banner(words, self.table.banner_time * share)

    def animate_over(self, event: Event) -> None:
        if not self.celebrate(event):  # a local human won: cards rain, confetti
            self.step(lambda step: self.sound("win"), hold=1.2, label="over")

    # -- moves ------------------------------------------------------------------------

    def moves(self, events: list[Event]) -> None:
        def start(step: Step) -> None:
            self.sound(self.table.sound_for(events[0]))
            self.table.moving(events, step)
            self.fly(step, events)

        def end() -> None:
            self.count_landed(everything=True)
            self.flights = [f for f in self.flights if not f.tween.done]

        self.step(start, end, label=str(events[0]))

    def count_landed(self, everything: bool = False) -> None:
        """Each card counts in its zone as it lands (a seat's count climbs card by card
        through a deal); ``everything``: the step is over, so all its cards have."""
        for flight in self.flights:
            if flight.zone and not flight.counted and (everything or flight.tween.done):
                flight.counted = True
                self.table.view.landed(flight.zone, 1)

    def fly(self, step: Step, events: list[Event]) -> None:
        """Take the events' cards from their zones and send them flying, each a beat after
        the one before. Landing places are worked out once every card is counted in, so a
        dealt hand lands already spread."""
        view, table = self.table.view, self.table
        leaving: list[tuple[Event, str, str, pygame.Rect, bool, int]] = []
        for event in events:
            src, dst = event.src or "", event.dst or ""
            for code in event.cards:
                count = len(view.zones.get(src, []))
                index, shown = view.take(src, code)
                released = [r for r in self.release if r[0] == code]
                if released:
                    begin = released[0][1]  # from where the player let go of it
                    self.release.remove(released[0])
                else:
                    begin = view.slot(src, index, count)
                before = shown if shown != HIDDEN else code
                up = shown != HIDDEN
                leaving.append((event, code, before, begin, up, view.put(dst, code)))
        self.release = []
        stagger = min(0.07, 1.6 / max(1, len(leaving)))
        for order, (event, code, before, begin, up_before, index) in enumerate(leaving):
            dst = event.dst or ""
            up_after = code != HIDDEN and table.face_up(dst)
            shown = code if up_after else before
            tween = Tween(
                table.flight_time(event), delay=order * stagger, ease=pytweening.easeInOutQuad
            )
            style = table.style_for(dst, code if code != HIDDEN else before)
            end = view.slot(dst, index)
            flight = Flight(shown, style, begin, end, up_before, up_after, tween, dst)
            self.flights.append(flight)
            step.tweens.append(tween)

    def snap_back(self, cards: tuple[str, ...], starts: list[pygame.Rect], zone: str, homes):
        """Dragged cards fly home after a refused drop (``homes``: (index, rect) each)."""
        for code, rect, (index, home) in zip(cards, starts, homes, strict=False):
            style = self.table.style_for(zone, code)
            tween = Tween(0.25, ease=pytweening.easeOutBack)
            self.returning.append((Flight(code, style, rect, home, True, True, tween), zone, index))
