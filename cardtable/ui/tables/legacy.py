"""The table machinery every game's table stands on.

``TableScene`` owns the game state, the viewing seat, each seat's controller (a local human
or a bot), bot thinking on a worker thread, timed windows (slap rounds) with their
deadlines, bots' out-of-turn moves, the queue that turns the engine's events into
animations, the cards as the viewing seat sees them (``self.model``: zone -> codes, ``"?"``
for a hidden card), drag-and-drop with its click and keyboard paths, slap keys, the status
line, the privacy screen between local humans, and the hand-off to the results.

A game's table subclasses it and writes only what differs:

- ``layout(size)``: fill ``self.spots`` (zone name -> ``Spot``: area, card size, row or
  stack, face up or down); the ``layout.seat_layout`` helper places the seats;
- ``style_for(zone, code)``: the ``CardStyle`` a card is drawn in; ``arrange`` orders a
  zone for showing (a sorted hand); ``face_up(zone)`` when it depends on the moment;
- ``drop_targets()`` -> {name: Rect} and ``action_for(cards, source, target)`` -> the action
  code that drop means (or None). The engine alone decides: a legal code lights its target
  while dragging; a refused one snaps back with ``IllegalAction.reason``. The click path
  (click a card, click a target) and the keyboard path (arrows, Enter, Escape) use the same
  two methods. ``draggable(zone)`` and ``cards_for_drag(zone, index)`` choose what lifts;
  several cards lift as one group when ``pick`` gives the ``Drag`` their ``indices``;
  ``slots(zone, count)`` places a zone's cards when no ``Spot`` mode fits;
- ``draw_table(surface)`` under the cards (seat plates via ``draw_plate``, labels) and
  ``draw_overlay(surface)`` above them; ``prompt()`` for the status line on your turn;
- ``animate_<kind>(event)`` for an event kind shown its own way (``animate_reveal``...),
  ``together(a, b)`` for moves that fly in one go, ``flight_time`` and ``sound_for``;
- ``on_slap(seat)`` for a slap round: called for a human's slap key or pad button (the
  settings' ``slap_bindings``, else defaults), in arrival order; typically
  ``return self.perform(seat, "hit") is None``. ``on_key`` takes any other key first.

Timed windows need no code in a table: while ``state.window`` is open the machinery starts
its clock once the table is still, passes ``time_up`` deadlines, lets bots act after their
``reaction_delay`` and calls ``close_window`` when time is up (a countdown bar shows it).
Any move goes through ``perform(seat, code)``, which returns the refusal reason or None.

Not for: the rules (the engine decides everything through ``apply``), nor any card face
(``cards``). The table never changes the state except through ``apply``/``close_window``/
``time_up`` and never reads another seat's hidden cards: it draws the viewing seat's
observation and the events as that seat sees them (``Event.for_seat``).
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pytweening

from cardtable.engine import HIDDEN, Action, Event, IllegalAction, MatchRecord, Rng, Window, words
from cardtable.games import registry
from cardtable.strategy import Bot, make_bot, view_for

from .. import theme
from ..anim import AnimationQueue, Step, Tween
from ..cards import PLAIN, CardStyle, card_size, flip_width, shadow
from ..launch import Launch
from ..scenes.base import Scene
from ..slap import bindings
from ..widgets import Button

if TYPE_CHECKING:
    from ..app import App

TOP_BAR = 44
DRAG_THRESHOLD = 6
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass
class Spot:
    """Where a zone's cards lie: ``rect`` is the area, ``card`` the card size.

    ``mode``: ``row`` spreads the cards left to right inside the area (overlapping when
    they must), ``stack`` piles them with a small lift, ``column`` spreads top to bottom.
    ``face_up`` False draws backs even for cards the viewer knows.
    """

    rect: pygame.Rect
    card: tuple[int, int]
    mode: str = "stack"
    face_up: bool = True


@dataclass
class SeatController:
    """Who plays a seat: a local human (``bot`` None) or a bot of ``kind`` level."""

    seat: int
    kind: str
    name: str
    bot: Bot | None = None

    @property
    def human(self) -> bool:
        return self.bot is None


@dataclass
class Thinking:
    future: Future
    ready_at: float


@dataclass
class Flight:
    """A card moving from one place to another, turning over on the way if its face
    changes."""

    code: str
    style: CardStyle
    start: pygame.Rect
    end: pygame.Rect
    up_at_start: bool
    up_at_end: bool
    tween: Tween

    def rect(self) -> pygame.Rect:
        p = self.tween.progress
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        w = self.start.w + (self.end.w - self.start.w) * p
        h = self.start.h + (self.end.h - self.start.h) * p
        return pygame.Rect(round(x), round(y), round(w), round(h))

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if self.tween.elapsed < self.tween.delay:
            rect = self.start
        else:
            rect = self.rect()
        p = self.tween.progress
        lift = 4 * p * (1 - p)  # highest mid-flight
        up = self.up_at_end if p >= 0.5 else self.up_at_start
        width = rect.w
        if self.up_at_start != self.up_at_end:
            width = max(1, round(rect.w * flip_width(p)))
        under = shadow((width, rect.h), lift)
        surface.blit(under, (rect.centerx - width // 2 + 2 + 3 * lift, rect.y + 3 + 4 * lift))
        image = app.cards.image(self.style, self.code, rect.size, up)
        if width != rect.w:
            image = pygame.transform.smoothscale(image, (width, rect.h))
        surface.blit(image, (rect.centerx - width // 2, rect.y - round(6 * lift)))


@dataclass
class Drag:
    """A card picked up by the mouse (or by the click/keyboard path: ``moved`` False).

    ``indices`` are the zone's cards that go together (several equal cards as one group);
    empty means the one card at ``index``. ``cards`` are their codes in the same order.
    """

    zone: str
    index: int
    cards: tuple[str, ...]
    home: pygame.Rect
    grab: tuple[int, int]
    pos: tuple[int, int]
    start: tuple[int, int]
    moved: bool = False
    lit: set[str] = field(default_factory=set)
    indices: tuple[int, ...] = ()

    @property
    def group(self) -> tuple[int, ...]:
        return self.indices or (self.index,)

    @property
    def rect(self) -> pygame.Rect:
        rect = self.home.copy()
        rect.topleft = (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])
        return rect

    def card_rects(self) -> list[pygame.Rect]:
        """Where each card of the group is drawn while dragged: fanned from the pointer."""
        step = max(8, self.home.w // 4)
        return [self.rect.move(step * order, 0) for order in range(len(self.cards))]


class TableScene(Scene):
    """One game at the table. See the module docstring for what a game overrides."""

    style: CardStyle = PLAIN
    #: A game with a slap round: table setup offers each human a slap key to bind.
    slaps = False
    #: Seconds (at speed 1) of the basic animations; games may tune them.
    move_time = 0.42
    banner_time = 1.3

    def __init__(self, app: App, launch: Launch) -> None:
        super().__init__(app)
        self.launch = launch
        self.info = registry.get(launch.game_id)
        self.state = self.info.new_game(launch.players, launch.seed, launch.options)
        self.seats = [
            self._controller(seat, "random" if launch.watch and kind == "human" else kind)
            for seat, kind in enumerate(launch.seats)
        ]
        self.humans = [c.seat for c in self.seats if c.human]
        # The seat whose eyes the table shows; None is a spectator (watch mode, or several
        # humans before the first is shown).
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.shown_human: int | None = self.viewer
        self.model: dict[str, list[str]] = {}
        self.public: dict[str, Any] = {}
        self.arriving: dict[str, int] = {}
        self.spots: dict[str, Spot] = {}
        self.queue = AnimationQueue()
        self.flights: list[Flight] = []
        self.returning: list[tuple[Flight, str, int]] = []
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.thinking: dict[int, Thinking] = {}
        self.window_started: float | None = None
        # Bots' hits due in the open window: seat -> (when, the window's mark then).
        self.window_bots: dict[int, tuple[float, Any]] = {}
        self.deadlines_passed: set[str] = set()
        self.window_opened_at = 0
        self.out_of_turn: tuple[float, int, int, str] | None = None
        self.clock = 0.0
        self.dirty = True
        self.drag: Drag | None = None
        self.picked: Drag | None = None
        self.key_focus = -1
        self.target_focus = 0
        # Dragged cards on their way to where they were dropped: each flies on from there.
        self.release: list[tuple[str, pygame.Rect]] = []
        self.banner: str = ""
        self.reason: str = ""
        self.reason_left = 0.0
        self.finished = False
        self.saved_record: Path | None = None
        self.hold_bots = False  # tests hold the bots to inspect a waiting table
        self.buttons: list[Button] = []
        self.slap_keys: dict[int, int] = {}
        self.card_positions: dict[tuple[str, str, int], tuple[float, float]] = {}
        self.seen_positions: set[tuple[str, str, int]] = set()
        self.frame_dt = 0.0
        self.slap_pads: dict[tuple[int, int], int] = {}

    def _controller(self, seat: int, kind: str) -> SeatController:
        names = self.launch.names
        if seat < len(names):
            name = names[seat]
        else:
            # Humans take the names from the settings first ("You"...), bots the next.
            kinds = list(self.launch.seats)
            if self.launch.watch:
                kinds = ["bot"] * len(kinds)
            humans = [s for s, k in enumerate(kinds) if k == "human"]
            order = humans + [s for s in range(len(kinds)) if s not in humans]
            offset = 0 if humans else 1
            name = self.app.name_of(order.index(seat) + offset)
        if kind == "human":
            return SeatController(seat, kind, name)
        rng = Rng(f"bot/{self.launch.seed}/{seat}/{kind}")
        return SeatController(seat, kind, name, make_bot(self.info.id, kind, rng))

    # -- scene hooks ----------------------------------------------------------------------

    def enter(self) -> None:
        self.slap_keys, self.slap_pads = self.slap_bindings()
        self.resize(self.app.size)
        self.sync()
        self.play(self.state.setup_events)

    def exit(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    def resume(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        width, _ = size
        self.cancel_drag()
        label = 16 if width >= 1000 else 14
        self.buttons = [
            Button("Menu", self.app.show_title, size=label),
            Button("Settings", self.open_settings, size=label),
            Button("Rules", self.open_rules, size=label),
        ]
        step = 112 if width >= 1000 else 92
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(width - (index + 1) * step, 6, step - 8, TOP_BAR - 12)
        self.layout(size)

    def open_rules(self) -> None:
        self.app.open_rules(self.info)

    def open_settings(self) -> None:
        self.app.open_settings()

    # -- what a game overrides ------------------------------------------------------------

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer, else the human shown now, else the
        first human (a table of bots shows seat 0 there)."""
        if self.viewer is not None:
            return self.viewer
        if self.shown_human is not None:
            return self.shown_human
        return self.humans[0] if self.humans else 0

    def layout(self, size: tuple[int, int]) -> None:
        """Place every zone in ``self.spots``."""

    def style_for(self, zone: str, code: str) -> CardStyle:
        return self.style

    def drop_targets(self) -> dict[str, pygame.Rect]:
        """Named places a dragged card may be dropped on, with their areas."""
        return {}

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> str | None:
        """The action code meaning "put ``cards`` from ``source`` on ``target``"."""
        return None

    def draggable(self, zone: str) -> bool:
        """May the viewer pick up cards of ``zone``? By default: their own hand."""
        return self.viewer is not None and zone == f"hand:{self.viewer}"

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        """The cards that move when the card at ``index`` is picked up."""
        return (self.model[zone][index],)

    def title_text(self) -> str:
        """The top bar's left end: the game's name (and where the game stands)."""
        return self.info.title

    def prompt(self) -> str:
        """The status line when it is the viewer's turn."""
        return "Your turn"

    def draw_table(self, surface: pygame.Surface) -> None:
        """Everything under the cards: plates, labels, spots."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Everything above the cards and below flying cards."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """A game's own key (a slap key). True when it used the event."""
        return False

    def on_slap(self, seat: int) -> bool:
        """A local human hit their slap key (or pad button). A game with a slap round
        overrides this, e.g. ``return self.perform(seat, "hit") is None``; events arrive
        in the order pygame delivers them, so hits keep their arrival order."""
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        """A click that hit no card and no drop target. True when used."""
        return False

    def flight_time(self, event: Event) -> float:
        """Seconds (at speed 1) a moved card takes to arrive."""
        return self.move_time

    def sound_for(self, event: Event) -> str | None:
        if event.kind == "move":
            return "deal" if event.face != "up" else "play"
        return {"reveal": "flip", "over": "win", "shuffle": "deal"}.get(event.kind)

    # -- slap keys ------------------------------------------------------------------------

    def slap_bindings(self) -> tuple[dict[int, int], dict[tuple[int, int], int]]:
        """Which key (and which pad button) slaps for which human seat: the settings'
        ``slap_bindings`` by seat (``{"0": {"key": "left shift", "pad": [0, 1]}}``), else
        the first default key still free (``slap.keys_for``)."""
        return bindings(self.humans, self.app.settings.slap_bindings)

    # -- the view of the table ------------------------------------------------------------

    def observe(self) -> dict[str, Any]:
        return self.state.observation(self.viewer)

    def sync(self) -> None:
        """Lay the cards out exactly as the viewing seat's observation says."""
        observation = self.observe()
        self.public = observation
        self.model = {}
        for name, view in observation["zones"].items():
            if "cards" in view:
                cards = list(view["cards"])
            else:
                cards = [HIDDEN] * int(view.get("count", 0))
                if cards and "top" in view:
                    cards[-1] = view["top"]
            self.model[name] = self.arrange(name, cards)
        self.arriving.clear()
        self.dirty = False

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        """The order a zone's cards are shown in (a hand may be sorted)."""
        return cards

    def slots(self, zone: str, count: int | None = None) -> list[pygame.Rect]:
        """Where each card of ``zone`` lies on the screen, bottom card first."""
        count = len(self.model.get(zone, [])) if count is None else count
        spot = self.spots.get(zone)
        if spot is None:
            spot = Spot(self.fallback_rect(), card_size(self.app.size[1] * 0.16))
        return spread(spot, count)

    def slot(self, zone: str, index: int, count: int | None = None) -> pygame.Rect:
        """Where card ``index`` of ``zone`` lies when the zone holds ``count`` cards."""
        count = len(self.model.get(zone, [])) if count is None else count
        index = max(0, index)
        return self.slots(zone, max(count, index + 1))[index]

    def card_point(self, zone: str, index: int) -> tuple[int, int]:
        """A point on the visible part of a card (the cards above it may overlap it): where
        a player would click it."""
        slots = self.slots(zone)
        rect = slots[index]
        visible = rect.copy()
        for above in slots[index + 1 :]:
            if above.colliderect(visible) and above.x > visible.x:
                visible.width = min(visible.width, above.x - visible.x)
        return visible.centerx, visible.centery

    def fallback_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, width // 4, height // 4)
        rect.center = (width // 2, height // 2)
        return rect

    # -- turning events into animation ----------------------------------------------------

    def play(self, events: list[Event]) -> None:
        """Queue the animations of ``events`` as the viewing seat sees them. Moves that
        belong together (``together``) fly at the same time."""
        group: list[Event] = []
        for event in events:
            seen = event.for_seat(self.viewer)
            self.dirty = True
            if event.kind == "slap" and event.data.get("stage") == "open":
                # A new round opens (maybe straight after the last one closed): its clock,
                # deadlines and bots' delays start afresh when the table is still.
                self.window_started = None
            if seen.kind == "move" and (not group or self.together(group[-1], seen)):
                group.append(seen)
                continue
            if group:
                self.animate_moves(group)
                group = []
            if seen.kind == "move":
                group.append(seen)
                continue
            handler = getattr(self, f"animate_{seen.kind}", None)
            if handler is not None:
                handler(seen)
        if group:
            self.animate_moves(group)

    def together(self, first: Event, second: Event) -> bool:
        """Do two moves in a row fly in one go (one after another, a beat apart)? By
        default when they go between the same kinds of zone: a deal from the draw pile to
        the hands, or every seat's bid to its played pile."""

        def kind(zone: str | None) -> str:
            return (zone or "").split(":")[0]

        return kind(first.src) == kind(second.src) and kind(first.dst) == kind(second.dst)

    def animate_move(self, event: Event) -> None:
        self.animate_moves([event])

    def animate_moves(self, events: list[Event]) -> None:
        def start(step: Step) -> None:
            sound = self.sound_for(events[0])
            if sound:
                self.app.sounds.play(sound)
            self.start_moves(step, events)

        def end() -> None:
            for event in events:
                dst = event.dst or ""
                self.arriving[dst] = max(0, self.arriving.get(dst, 0) - len(event.cards))
            self.flights = [f for f in self.flights if not f.tween.done]

        self.queue.push(Step(start=start, end=end, label=str(events[0])))

    def start_moves(self, step: Step, events: list[Event]) -> None:
        """Take the events' cards from their zones and send them flying, each a beat after
        the one before. Landing places are worked out once every card is counted in, so a
        dealt hand lands already spread."""
        leaving: list[tuple[Event, str, str, pygame.Rect, bool, int]] = []
        for event in events:
            src, dst = event.src or "", event.dst or ""
            for code in event.cards:
                source = self.model.setdefault(src, [])
                index = _find(source, code)
                up_before = source[index] != HIDDEN if source else code != HIDDEN
                released = [r for r in self.release if r[0] == code and src.startswith("hand")]
                if released:
                    begin = released[0][1]  # from where the player let go of it
                    self.release.remove(released[0])
                else:
                    begin = self.slot(src, index, len(source))
                code_before = code
                if source:
                    shown = source.pop(index)
                    code_before = shown if shown != HIDDEN else code
                target = self.model.setdefault(dst, [])
                target.append(code)
                self.arriving[dst] = self.arriving.get(dst, 0) + 1
                up = up_before and code_before != HIDDEN
                leaving.append((event, code, code_before, begin, up, len(target) - 1))
        for order, (event, code, code_before, begin, up_before, index) in enumerate(leaving):
            dst = event.dst or ""
            up_after = code != HIDDEN and self.face_up(dst)
            flight = Flight(
                code if up_after else code_before,
                self.style_for(dst, code if code != HIDDEN else code_before),
                begin,
                self.slot(dst, index),
                up_before,
                up_after,
                Tween(
                    self.flight_time(event),
                    delay=order * self.stagger(len(leaving)),
                    ease=pytweening.easeInOutQuad,
                ),
            )
            self.flights.append(flight)
            step.tweens.append(flight.tween)

    def stagger(self, cards: int) -> float:
        """Seconds between cards flying in one go: a quick deal, never longer than ~2s."""
        return min(0.07, 1.6 / max(1, cards))

    def animate_reveal(self, event: Event) -> None:
        """Cards of ``src`` turn face up where they lie."""
        zone = event.src or ""

        def start(step: Step) -> None:
            self.app.sounds.play("flip")
            if zone in self.model and len(self.model[zone]) == len(event.cards):
                self.model[zone] = list(event.cards)

        self.queue.push(Step(start=start, hold=0.5, label=str(event)))

    def animate_shuffle(self, event: Event) -> None:
        self.queue.push(Step(start=lambda step: self.app.sounds.play("deal"), hold=0.35))

    def animate_deal(self, event: Event) -> None:
        if event.text:
            self.show_banner(self.words(event), self.banner_time * 0.8)

    def animate_announce(self, event: Event) -> None:
        self.show_banner(self.words(event), self.banner_time)

    def animate_slap(self, event: Event) -> None:
        if event.text:
            self.show_banner(self.words(event), self.banner_time * 0.6)

    def words(self, event: Event) -> str:
        """The event's text with the players' names for ``{P<seat>}``."""
        return words(event, [controller.name for controller in self.seats])

    def animate_score(self, event: Event) -> None:
        scores = event.data.get("scores")

        def start(step: Step) -> None:
            if scores is not None:
                self.public["scores"] = list(scores)

        self.queue.push(Step(start=start, label="score"))

    def animate_over(self, event: Event) -> None:
        self.queue.push(Step(start=lambda step: self.app.sounds.play("win"), hold=1.2))

    def show_banner(self, words: str, seconds: float) -> None:
        def start(step: Step) -> None:
            self.banner = words

        def end() -> None:
            self.banner = ""

        self.queue.push(Step(start=start, end=end, hold=seconds, label=words))

    # -- acting ---------------------------------------------------------------------------

    def perform(self, seat: int, code: str) -> str | None:
        """Ask the engine to apply ``code`` for ``seat``: None when done, else the reason."""
        try:
            events = self.state.apply(seat, code)
        except IllegalAction as refusal:
            return refusal.reason
        self.play(events)
        self.offer_out_of_turn()
        return None

    def close_window(self) -> None:
        self.window_started = None
        self.window_bots.clear()
        self.play(self.state.close_window())

    def refuse(self, reason: str) -> None:
        self.reason = reason
        self.reason_left = 4.0

    def legal_codes(self) -> set[str]:
        if self.viewer is None:
            return set()
        return {action.code for action in self.state.legal_actions(self.viewer)}

    def awaiting_human(self) -> bool:
        """The viewer must act now and the table is still (what a test waits for)."""
        return (
            self.viewer is not None
            and not self.queue.busy
            and self.viewer in self.state.to_act
            and bool(self.legal_codes())
            and self.app.manager.top is self
        )

    # -- the frame ------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.clock += dt
        self.frame_dt = dt
        self.reason_left = max(0.0, self.reason_left - dt)
        self.queue.update(dt * self.app.speed)
        for flight, _zone, _index in self.returning:
            flight.tween.update(dt * self.app.speed)
        self.returning = [r for r in self.returning if not r[0].tween.done]
        if self.queue.busy:
            return
        if self.dirty:
            self.sync()
        if self.state.is_over:
            self.finish()
            return
        if self.check_privacy():
            return
        self.drive_window()
        if not self.hold_bots:
            self.drive_out_of_turn()
            self.drive_bots()

    def drive_bots(self) -> None:
        if self.state.window is not None or self.state.is_over:
            return
        for seat in self.state.to_act:
            controller = self.seats[seat]
            if controller.bot is None or seat in self.thinking:
                continue
            # The bot gets only its seat's view, built here on the main thread from a copy,
            # so the worker never touches the live state.
            view = view_for(self.state.copy(), seat)
            future = self.executor.submit(controller.bot.choose, view)
            pace = controller.bot.think_time() / self.app.speed
            self.thinking[seat] = Thinking(future, self.clock + pace)
        for seat, job in list(self.thinking.items()):
            if not job.future.done() or self.clock < job.ready_at or self.queue.busy:
                continue
            del self.thinking[seat]
            try:
                action: Action = job.future.result()
            except Exception as error:  # a bot's bug must not stop the game
                print(f"Card Table: bot at seat {seat} failed: {error}", file=sys.stderr)
                legal = self.state.legal_actions(seat)
                if not legal:
                    continue
                action = legal[0]
            if seat in self.state.to_act:
                reason = self.perform(seat, action.code)
                if reason is not None:
                    print(f"Card Table: bot move refused: {reason}", file=sys.stderr)

    def drive_window(self) -> None:
        """A timed step: start its clock once the table is still, let bots act after their
        reaction delay, pass its deadlines (``time_up``) and close it when time is up.
        Humans act in it through ``on_slap``."""
        window: Window | None = self.state.window
        if window is None:
            self.window_started = None
            return
        if self.window_started is None:
            self.window_started = self.clock
            self.window_opened_at = len(self.state.history)
            self.window_bots = {}
            self.deadlines_passed = set()
            mark = self.window_mark()
            for seat in window.seats:
                bot = self.seats[seat].bot
                if bot is None:
                    continue
                delay = bot.reaction_delay(view_for(self.state.copy(), seat))
                if delay is not None and delay < window.seconds:
                    self.window_bots[seat] = (self.clock + delay, mark)
        started = self.window_started
        # Deadlines pass before an action due at the same moment, as in the driver.
        for name, at in window.deadlines:
            if name not in self.deadlines_passed and self.clock >= started + at:
                self.deadlines_passed.add(name)
                self.play(self.state.time_up(name))
                if self.state.window is None:
                    return
        for seat, (due, mark) in sorted(self.window_bots.items(), key=lambda item: item[1][0]):
            if self.clock < due or self.state.window is None:
                continue
            del self.window_bots[seat]
            if self.window_mark() != mark:
                continue  # scheduled for a window that has closed since: dropped
            legal = self.state.legal_actions(seat)
            if legal:
                self.perform(seat, legal[0].code)
        if self.state.window is not None and self.clock >= started + window.seconds:
            self.close_window()

    def window_mark(self) -> Any:
        """What tells one timed window from the next: a bot's move scheduled in a window
        fires only while the same window is open. By default the state's history length
        when the window's clock started; a game with its own round ids overrides this."""
        return self.window_opened_at

    def generation(self) -> int:
        """Changes with every change of the state (``state.generation`` where the game
        counts it, else the length of its history): a bot's out-of-turn move scheduled
        for another generation is stale."""
        counted = getattr(self.state, "generation", None)
        return int(counted) if counted is not None else len(self.state.history)

    def offer_out_of_turn(self) -> None:
        """After a move outside a timed step, bots that move out of turn (a fooled slap)
        name their move and delay; the earliest fires later only if nothing changed."""
        self.out_of_turn = None
        if self.state.window is not None or self.state.is_over:
            return
        offers: list[tuple[float, int, Action]] = []
        for controller in self.seats:
            bot = controller.bot
            if bot is None or type(bot).out_of_turn is Bot.out_of_turn:
                continue
            offer = bot.out_of_turn(view_for(self.state.copy(), controller.seat))
            if offer is not None:
                offers.append((offer[0], controller.seat, offer[1]))
        if offers:
            delay, seat, action = min(offers, key=lambda offer: (offer[0], offer[1]))
            self.out_of_turn = (self.clock + delay, self.generation(), seat, action.code)

    def drive_out_of_turn(self) -> None:
        if self.out_of_turn is None:
            return
        due, generation, seat, code = self.out_of_turn
        if self.generation() != generation:
            self.out_of_turn = None  # something changed: the move was meant for another state
        elif self.clock >= due:
            self.out_of_turn = None
            self.perform(seat, code)

    def check_privacy(self) -> bool:
        """With several local humans, cover the table before showing another's hand."""
        if len(self.humans) < 2 or self.state.window is not None:
            return False
        waiting = [seat for seat in self.state.to_act if seat in self.humans]
        if not waiting or self.shown_human in waiting:
            return False
        following = waiting[0]
        self.viewer = None
        self.shown_human = None
        self.sync()
        self.cancel_drag()
        self.app.cover_table(self.seats[following].name, lambda: self.show_seat(following))
        return True

    def show_seat(self, seat: int) -> None:
        """Turn the table to ``seat``: their hand at the bottom, seen through their eyes."""
        self.viewer = seat
        self.shown_human = seat
        self.key_focus = -1
        self.card_positions.clear()
        self.layout(self.app.size)
        self.sync()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        result = self.state.result
        if result is None:
            return
        try:
            from cardtable import storage

            storage.record_result(self.info.id, list(self.launch.seats), result)
            # Every finished game is kept as a match record: `cardtable replay FILE`.
            record = MatchRecord(
                game_id=self.info.id,
                players=self.state.players,
                seed=self.state.seed,
                options=dict(self.state.options),
                seats=list(self.launch.seats),
                actions=list(self.state.history),
            )
            self.saved_record = storage.save_match(
                record, f"{self.info.id}-{time.strftime('%Y%m%d-%H%M%S')}"
            )
        except OSError as error:
            print(f"Card Table: could not save statistics: {error}", file=sys.stderr)
        names = [controller.name for controller in self.seats]
        self.app.show_results(self.launch, names, result.to_dict(), self.info.title)

    # -- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle(event):
                return
        slapped = event.type == pygame.KEYDOWN and event.key in self.slap_keys
        if slapped and self.on_slap(self.slap_keys[event.key]):
            return
        if event.type == pygame.JOYBUTTONDOWN:
            seat = self.slap_pads.get((event.instance_id, event.button))
            if seat is not None:
                self.on_slap(seat)
            return
        if event.type == pygame.KEYDOWN:
            if self.on_key(event):
                return
            if self.queue.busy and event.key in ENTER_KEYS:
                self.skip()
                return
            self.handle_key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.queue.busy:
                self.skip()  # a click lands every running animation at once
            self.press(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.pos = event.pos
            dx = event.pos[0] - self.drag.start[0]
            dy = event.pos[1] - self.drag.start[1]
            if abs(dx) + abs(dy) > DRAG_THRESHOLD:
                self.drag.moved = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release_at(event.pos)

    def skip(self) -> None:
        self.queue.skip()
        self.flights.clear()
        self.sync()

    def card_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The topmost card the viewer may pick up under ``pos``."""
        for zone in self.model:
            if not self.draggable(zone):
                continue
            for index, rect in reversed(list(enumerate(self.slots(zone)))):
                if rect.collidepoint(pos):
                    return zone, index
        return None

    def target_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.drop_targets().items():
            if rect.collidepoint(pos):
                return name
        return None

    def pick(self, zone: str, index: int, pos: tuple[int, int] | None = None) -> Drag:
        home = self.slot(zone, index)
        pos = pos or home.center
        cards = self.cards_for_drag(zone, index)
        legal = self.legal_codes()
        lit = {
            target
            for target in self.drop_targets()
            if self.action_for(cards, zone, target) in legal
        }
        return Drag(zone, index, cards, home, (pos[0] - home.x, pos[1] - home.y), pos, pos, lit=lit)

    def press(self, pos: tuple[int, int]) -> None:
        hit = self.card_at(pos)
        if hit is not None:
            self.drag = self.pick(*hit, pos=pos)

    def release_at(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is not None and drag.moved:
            target = self.target_at(pos)
            if target is None:
                self.snap_back(drag)
            else:
                self.drop(drag, target)
            return
        if drag is not None:
            # A click on a card picks it up (or puts it back): the click path.
            same = self.picked is not None and (self.picked.zone, self.picked.index) == (
                drag.zone,
                drag.index,
            )
            self.picked = None if same else drag
            return
        target = self.target_at(pos)
        if self.picked is not None and target is not None:
            picked, self.picked = self.picked, None
            self.drop(picked, target)
            return
        if not self.on_click(pos):
            self.picked = None

    def drop(self, drag: Drag, target: str) -> None:
        code = self.action_for(drag.cards, drag.zone, target)
        if code is None or self.viewer is None:
            self.refuse("That card cannot go there.")
            self.snap_back(drag)
            return
        # The cards fly on from where they were let go, not from the hand.
        if drag.moved:
            self.release = list(zip(drag.cards, drag.card_rects(), strict=False))
        else:
            self.release = [(drag.cards[0], drag.home)]
        reason = self.perform(self.viewer, code)
        if reason is not None:
            self.release = []
            self.refuse(reason)
            self.snap_back(drag)
        else:
            self.key_focus = -1

    def snap_back(self, drag: Drag) -> None:
        if not drag.moved:
            return
        for code, rect, index in zip(drag.cards, drag.card_rects(), drag.group, strict=False):
            flight = Flight(
                code,
                self.style_for(drag.zone, code),
                rect,
                self.slot(drag.zone, index) if drag.indices else drag.home,
                True,
                True,
                Tween(0.25, ease=pytweening.easeOutBack),
            )
            self.returning.append((flight, drag.zone, index))

    def cancel_drag(self) -> None:
        self.drag = None
        self.picked = None

    def handle_key(self, event: pygame.event.Event) -> None:
        """The keyboard path: Left/Right choose a card, Enter picks it up; then
        Left/Right (or Up/Down) choose where, Enter puts it there; Escape puts it back."""
        hand = self.key_cards()
        if event.key == pygame.K_ESCAPE:
            self.picked = None
            return
        if self.picked is None:
            if not hand:
                return
            if event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.key_focus = (self.key_focus + 1) % len(hand)
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.key_focus = (self.key_focus - 1) % len(hand)
            elif event.key in ENTER_KEYS and 0 <= self.key_focus < len(hand):
                self.picked = self.pick(*hand[self.key_focus])
                targets = self.ordered_targets(self.picked)
                self.target_focus = 0 if targets else -1
            return
        targets = self.ordered_targets(self.picked)
        if event.key in (pygame.K_RIGHT, pygame.K_DOWN) and targets:
            self.target_focus = (self.target_focus + 1) % len(targets)
        elif event.key in (pygame.K_LEFT, pygame.K_UP) and targets:
            self.target_focus = (self.target_focus - 1) % len(targets)
        elif event.key in ENTER_KEYS and targets:
            picked, self.picked = self.picked, None
            self.drop(picked, targets[self.target_focus % len(targets)])

    def key_cards(self) -> list[tuple[str, int]]:
        cards: list[tuple[str, int]] = []
        for zone, zone_cards in self.model.items():
            if self.draggable(zone):
                cards += [(zone, index) for index in range(len(zone_cards))]
        return cards

    def ordered_targets(self, drag: Drag) -> list[str]:
        """Drop targets for the keyboard, the lit (legal) ones first."""
        names = list(self.drop_targets())
        return [n for n in names if n in drag.lit] + [n for n in names if n not in drag.lit]

    # -- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme.felt(surface)
        self.draw_targets(surface)
        self.draw_table(surface)
        self.draw_cards(surface)
        self.draw_overlay(surface)
        for flight in self.flights:
            flight.draw(surface, self.app)
        for flight, _zone, _index in self.returning:
            flight.draw(surface, self.app)
        self.draw_drag(surface)
        self.draw_bar(surface)
        self.draw_window(surface)
        self.draw_banner(surface)
        self.draw_reason(surface)

    def hidden_cards(self) -> set[tuple[str, int]]:
        """Cards not drawn in place: picked up, or on their way back."""
        hidden = {(zone, index) for _f, zone, index in self.returning}
        if self.drag is not None and self.drag.moved:
            hidden.update((self.drag.zone, index) for index in self.drag.group)
        return hidden

    def face_up(self, zone: str) -> bool:
        """Are the cards of ``zone`` drawn face up (when the viewer knows them)?"""
        spot = self.spots.get(zone)
        return spot.face_up if spot is not None else True

    def eased(self, key: tuple[str, str, int], rect: pygame.Rect) -> pygame.Rect:
        """Where a card in a row is drawn this frame: gliding to its slot when its row
        closes up or spreads out, instead of jumping."""
        target = (float(rect.x), float(rect.y))
        x, y = self.card_positions.get(key, target)
        share = min(1.0, self.frame_dt * self.app.speed * 14.0)
        x += (target[0] - x) * share
        y += (target[1] - y) * share
        if abs(target[0] - x) < 0.5 and abs(target[1] - y) < 0.5:
            x, y = target
        self.card_positions[key] = (x, y)
        self.seen_positions.add(key)
        return pygame.Rect(round(x), round(y), rect.w, rect.h)

    def draw_cards(self, surface: pygame.Surface) -> None:
        self.seen_positions = set()
        hidden = self.hidden_cards()
        hover = None
        if self.drag is None and not self.queue.busy and self.viewer in self.state.to_act:
            hover = self.card_at(pygame.mouse.get_pos())
        focus = (
            self.key_cards()[self.key_focus]
            if 0 <= self.key_focus < len(self.key_cards())
            else None
        )
        for zone, cards in self.model.items():
            spot = self.spots.get(zone)
            if spot is None:
                continue
            visible = len(cards) - self.arriving.get(zone, 0)
            slots = self.slots(zone, len(cards))
            first = 0
            if spot.mode == "stack":
                first = max(0, visible - 3)  # only the top few of a pile show
                if visible > 1:
                    surface.blit(shadow(slots[0].size), slots[0].move(2, 3))
            face_up = self.face_up(zone)
            occurrences: dict[str, int] = {}
            for index in range(first, visible):
                code = cards[index]
                occurrence = occurrences[code] = occurrences.get(code, -1) + 1
                if (zone, index) in hidden:
                    continue
                rect = slots[index].copy()
                if spot.mode != "stack":
                    rect = self.eased((zone, code, occurrence), rect)
                picked = (
                    self.picked is not None
                    and self.picked.zone == zone
                    and index in self.picked.group
                )
                if picked:
                    rect.y -= rect.h // 5
                elif (zone, index) == hover:
                    rect.y -= rect.h // 12  # the card under the pointer rises to be taken
                image = self.app.cards.image(self.style_for(zone, code), code, rect.size, face_up)
                surface.blit(image, rect)
                if picked or (zone, index) == focus:
                    colour = theme.HIGHLIGHT if picked else (255, 255, 255)
                    pygame.draw.rect(surface, colour, rect.inflate(6, 6), 3, border_radius=8)
            if spot.mode == "stack" and visible > 1:
                top = slots[visible - 1]
                badge = theme.fonts().get(max(11, top.h // 9), bold=True)
                label = badge.render(str(visible), True, theme.INK)
                box = label.get_rect(midtop=(top.centerx, top.bottom + 3)).inflate(10, 2)
                pygame.draw.rect(surface, theme.PANEL, box, border_radius=8)
                surface.blit(label, label.get_rect(center=box.center))
        for key in set(self.card_positions) - self.seen_positions:
            del self.card_positions[key]

    def draw_targets(self, surface: pygame.Surface) -> None:
        active = self.drag if self.drag is not None else self.picked
        targets = self.drop_targets()
        focused = None
        if self.picked is not None:
            ordered = self.ordered_targets(self.picked)
            if ordered and 0 <= self.target_focus < len(ordered):
                focused = ordered[self.target_focus % len(ordered)]
        pulse = 0.5 + 0.5 * abs(((self.clock * 1.6) % 2) - 1)
        for name, rect in targets.items():
            lit = active is not None and name in active.lit
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            if lit:
                layer.fill((255, 226, 90, int(40 + 60 * pulse)))
            pygame.draw.rect(
                layer,
                (255, 226, 90, 255) if lit else (230, 240, 230, 110),
                layer.get_rect(),
                4 if lit else 2,
                border_radius=10,
            )
            surface.blit(layer, rect)
            if name == focused:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(8, 8), 3, border_radius=12)

    def draw_drag(self, surface: pygame.Surface) -> None:
        if self.drag is None or not self.drag.moved:
            return
        for code, rect in zip(self.drag.cards, self.drag.card_rects(), strict=False):
            surface.blit(shadow(rect.size, 0.6), (rect.x + 8, rect.y + 10))
            surface.blit(
                self.app.cards.image(self.style_for(self.drag.zone, code), code, rect.size), rect
            )

    def status_line(self) -> tuple[str, tuple[int, int, int]]:
        if self.queue.busy:
            return "Click or press Enter to skip ahead", theme.INK_DIM
        if self.state.is_over:
            return "The game is over.", theme.GOLD
        if self.viewer is not None and self.viewer in self.state.to_act and self.legal_codes():
            return self.prompt(), theme.GOLD
        waiting = [self.seats[seat].name for seat in self.state.to_act]
        if not waiting:
            return "", theme.INK
        if self.viewer is not None and self.viewer not in self.state.to_act:
            return "Waiting for " + _and(waiting) + "…", theme.INK
        return _and(waiting) + (" to play" if len(waiting) > 1 else " to play"), theme.INK

    def draw_bar(self, surface: pygame.Surface) -> None:
        width, _ = surface.get_size()
        bar = pygame.Surface((width, TOP_BAR), pygame.SRCALPHA)
        bar.fill((*theme.PANEL, 215))
        surface.blit(bar, (0, 0))
        title = self.title_text()
        theme.text(surface, title, (14, TOP_BAR // 2), 20, theme.INK, True, "midleft")
        words, colour = self.status_line()
        left = 14 + theme.fonts().get(20, True).size(title)[0] + 24
        room = width - left - len(self.buttons) * (112 if width >= 1000 else 92) - 10
        font = theme.fonts().get(18, bold=True)
        words = theme.fit(words, font, room) if words else words
        theme.text(surface, words, (left, TOP_BAR // 2), 18, colour, True, "midleft")
        for button in self.buttons:
            button.draw(surface)

    def draw_window(self, surface: pygame.Surface) -> None:
        """A timed step's clock: a bar under the top bar that runs out."""
        window = self.state.window
        if window is None or self.window_started is None or window.seconds <= 0:
            return
        left = max(0.0, 1.0 - (self.clock - self.window_started) / window.seconds)
        width = surface.get_width()
        pygame.draw.rect(surface, theme.PANEL, (0, TOP_BAR, width, 6))
        pygame.draw.rect(surface, theme.GOLD, (0, TOP_BAR, round(width * left), 6))

    def draw_banner(self, surface: pygame.Surface) -> None:
        if not self.banner:
            return
        width, height = surface.get_size()
        font = theme.fonts().get(max(20, height // 26), bold=True)
        label = font.render(self.banner, True, theme.INK)
        box = label.get_rect(center=self.banner_centre()).inflate(40, 24)
        theme.panel(surface, box, alpha=225)
        surface.blit(label, label.get_rect(center=box.center))

    def banner_centre(self) -> tuple[int, int]:
        width, height = self.app.size
        return width // 2, height // 2

    def draw_reason(self, surface: pygame.Surface) -> None:
        if self.reason_left <= 0 or not self.reason:
            return
        width, height = surface.get_size()
        font = theme.fonts().get(19, bold=True)
        label = font.render(self.reason, True, (255, 236, 230))
        box = label.get_rect(midbottom=self.reason_anchor()).inflate(32, 18)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        alpha = int(235 * min(1.0, self.reason_left))
        pygame.draw.rect(layer, (150, 36, 36, alpha), layer.get_rect(), border_radius=10)
        surface.blit(layer, box)
        surface.blit(label, label.get_rect(center=box.center))

    def reason_anchor(self) -> tuple[int, int]:
        width, height = self.app.size
        return width // 2, height - 12

    # -- helpers for tables ---------------------------------------------------------------

    def is_thinking(self, seat: int) -> bool:
        return seat in self.thinking

    def to_act_words(self, seat: int) -> str:
        """A human seat's plate while it must act (a timed window may say "hit now!")."""
        return "to play" if seat != self.viewer else "your turn"

    def draw_plate(
        self, surface: pygame.Surface, seat: int, rect: pygame.Rect, detail: str = ""
    ) -> None:
        """A seat's name plate: name, who plays it, ``detail`` (a score), and whether the
        seat is to act or thinking."""
        controller = self.seats[seat]
        to_act = seat in self.state.to_act and not self.state.is_over and not self.queue.busy
        theme.panel(surface, rect, alpha=185, radius=10)
        if to_act:
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect, 3, border_radius=10)
        size = max(13, min(20, rect.h // 2 - 3))
        font = theme.fonts().get(size, bold=True)
        detail_width = font.size(detail)[0] + 14 if detail else 0
        if detail:
            theme.text(
                surface,
                detail,
                (rect.right - 10, rect.y + 4),
                size,
                theme.GOLD,
                True,
                "topright",
                font=font,
            )
        name = controller.name
        name = theme.fit(name, font, rect.width - 20 - detail_width)
        theme.text(surface, name, (rect.x + 10, rect.y + 4), size, theme.INK, True, font=font)
        kind = f"Bot · {controller.kind}"
        if controller.human:
            kind = "your seat" if seat == self.viewer else "Human"
        if self.is_thinking(seat):
            dots = "." * (1 + int(self.clock * 3) % 3)
            kind = f"thinking{dots}"
        elif to_act and controller.human:
            kind = self.to_act_words(seat)
        small = max(11, size - 5)
        colour = theme.GOLD if self.is_thinking(seat) or to_act else theme.INK_DIM
        theme.text(
            surface, kind, (rect.x + 10, rect.bottom - 4), small, colour, anchor="bottomleft"
        )


def spread(spot: Spot, count: int) -> list[pygame.Rect]:
    """The card rects of a zone's ``count`` cards in ``spot``."""
    width, height = spot.card
    rects: list[pygame.Rect] = []
    if spot.mode == "row":
        room = spot.rect.width - width
        step = width + max(4, width // 10)
        if count > 1:
            step = min(step, room / (count - 1))
        total = width + step * (count - 1) if count else 0
        x = spot.rect.centerx - total / 2
        for index in range(count):
            rects.append(
                pygame.Rect(round(x + step * index), spot.rect.centery - height // 2, width, height)
            )
    elif spot.mode == "column":
        room = spot.rect.height - height
        step = height * 0.3
        if count > 1:
            step = min(step, room / (count - 1))
        for index in range(count):
            rects.append(
                pygame.Rect(
                    spot.rect.centerx - width // 2, round(spot.rect.y + step * index), width, height
                )
            )
    else:
        for index in range(count):
            lift = min(index, 3) * max(1, height // 60)
            rect = pygame.Rect(0, 0, width, height)
            rect.center = (spot.rect.centerx, spot.rect.centery - lift)
            rects.append(rect)
    return rects


def _find(cards: list[str], code: str) -> int:
    """Which card of a zone a move takes: that code if the viewer knows it, else a hidden
    one, else the top."""
    if code != HIDDEN and code in cards:
        return len(cards) - 1 - cards[::-1].index(code)
    if HIDDEN in cards:
        return len(cards) - 1 - cards[::-1].index(HIDDEN)
    return max(0, len(cards) - 1)


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
