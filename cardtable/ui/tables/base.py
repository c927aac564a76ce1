"""The table every game's table stands on: a small scene composed of parts.

- ``match``: the seats, the referee that runs the game, the still clock, privacy, results;
- ``view``: the cards as the viewer sees them (observation + events), and the layout;
- ``animator``: events to steps (deal, move, turn over, reveal, shuffle, banners, scores);
- ``input``: drag, click, keyboard, several cards as one group, slap keys;
- ``choices``: choosers made from legal codes; ``sheet``: the score sheet between hands;
- ``drawing``: plate, badge, glow, pulse, countdown, label in a rounded box.

A game's table subclasses ``TableScene`` and fills in the public hooks below (see
``docs/writing-a-table.md``); it never needs a private method. It draws from
``self.view`` (never from the game state) and acts through ``self.act(code)``.
Not for the rules (the engine decides every move through the referee).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from cardtable.engine import HIDDEN, Event
from cardtable.play import Happening, SeatClient

from ..cards import PLAIN, CardStyle
from ..launch import Launch, seat_names
from ..layout import SeatLayout
from ..scenes.base import Scene
from ..widgets import Button
from . import frame, nameplate, privacy
from .animator import Animator
from .celebration import Celebration, celebrate
from .choices import Choices
from .drawing import TOP_BAR
from .hints import HINT_POLL, Hints
from .input import ENTER_KEYS, Drag, TableInput
from .log import Describer, TableLog
from .match import OUT_OF_TURN_PAUSE, Match
from .network import TableNetwork
from .notice import Notice
from .parts.words import agree
from .remote import RemoteMatch
from .replay import Replay
from .sheet import ScoreSheet
from .tools import TableTools
from .view import Spot, TableView
from .vocabulary import TableVocabulary

if TYPE_CHECKING:
    from ..services import AppServices


__all__ = ["TOP_BAR", "Drag", "Spot", "TableScene"]


class TableScene(TableVocabulary, Scene):
    """One game at the table. Override the hooks in the first section only."""

    style: CardStyle = PLAIN
    #: A game with a slap round: table setup offers each human a slap key to bind.
    slaps = False
    #: Seconds (at speed 1) of the basic animations.
    move_time = 0.42
    #: Seconds bots wait after a move giving a human a chance out of turn (0: a reflex).
    out_of_turn_pause = OUT_OF_TURN_PAUSE
    banner_time = 1.3
    #: Says a move in words for the table log (the game's ``describe``); None: plainly.
    describer: Describer | None = None
    celebration: Celebration | None = None  # a win being celebrated (``celebration``)
    #: The sort key a hand is shown in (``staticmethod``); None: as dealt.
    hand_order: Callable[[str], Any] | None = None
    #: The first-run "how to play" card's lines: how this table is played, in short.
    how_to: tuple[str, ...] = ()

    def __init__(self, app: AppServices, launch: Launch, match: RemoteMatch | None = None) -> None:
        super().__init__(app)
        self.launch = launch
        # The match: here (``Match``), or on the host's computer for a joined table
        # (``RemoteMatch``); the table reads both the same way, through its door.
        self.match: Match | RemoteMatch = match or Match(
            launch,
            seat_names(launch, app.name_of),
            real_time=app.fixed_dt is None,
            pool=app.bot_pool,
            out_of_turn_pause=self.out_of_turn_pause,
            saver=app.saver,
        )
        # The one door to the match: everything the table knows of it comes through here.
        self.client = SeatClient(self.match.door, self.match.clock, self.match.wall)
        self.match.client = self.client
        self.info, self.seats = self.match.info, self.match.seats
        self.humans = self.match.humans
        self.names = [controller.name for controller in self.seats]
        self.players = launch.players
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.view = TableView(lambda: self.app.size)
        self.seat_boxes: SeatLayout | None = None  # ``parts.plates.place_seats`` fills
        self.plates: dict[int, pygame.Rect] = {}  # these in ``layout``: seat -> plate
        self.animator = Animator(self, lambda event: celebrate(self, event))
        self.input = TableInput(self, self.animator)
        self.choices = Choices(self, self.animator)
        self.sheet: ScoreSheet | None = None
        self.log = TableLog(self)
        self.buttons: list[Button] = []
        self.clock = 0.0
        self.notice = Notice()  # a refusal, an undo refused, a game that could not be saved
        self.hold_bots = False  # tests hold the match to inspect a waiting table
        self.declined: set[int] = set()
        #: The table's own moments (a slap round): each gets the events it has a
        #: look for in its ``animations()``, ``update(dt)`` every frame and ``draw(surface)``.
        self.moments: list[Any] = []
        self.network = TableNetwork(self)  # how to join, who is away; a host's junk
        self.moments.append(self.network)  # its line drawn over the cards, under the bar
        replay = Replay(self, self.match) if launch.replay else None
        # Menu, Settings, Rules, Hint, Undo; leaving asks; a replay's controls
        self.tools = TableTools(self, self.match, Hints(self, self.match, self), replay)

    # -- hooks a game's table writes ------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        """Place every zone: ``self.view.spots[zone] = Spot(...)``, and the table's own
        rects (plates, targets)."""

    def style_for(self, zone: str, code: str) -> CardStyle:
        return self.style

    def arrange(self, zone: str, cards: list[str]) -> list[str]:
        """The order a zone's cards are shown in: a known hand sorted by ``hand_order``."""
        if self.hand_order is None or not zone.startswith("hand:") or HIDDEN in cards:
            return cards
        return sorted(cards, key=self.hand_order)

    def face_up(self, zone: str) -> bool:
        """Are the cards of ``zone`` drawn face up (when the viewer knows them)?"""
        spot = self.view.spots.get(zone)
        return spot.face_up if spot is not None else True

    def drop_targets(self) -> dict[str, pygame.Rect]:
        """Named places a dragged card may be dropped on, with their areas."""
        return {}

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> Any:
        """The action code a drop means, or a list of the codes it may mean (the base
        asks which when several are legal), or None."""
        return None

    def draggable(self, zone: str) -> bool:
        """May the viewer pick up cards of ``zone``? By default: their own hand."""
        return self.viewer is not None and zone == f"hand:{self.viewer}"

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]:
        return (self.view.zones[zone][index],)

    def joins(self, zone: str, held: list[str], index: int) -> bool:
        """May card ``index`` of ``zone`` join the held cards as one group?"""
        return False

    def click_drops(self, zone: str) -> bool:
        """Does a click on a card of ``zone`` play it at once when one target is lit?"""
        return False

    def takes(self, zone: str) -> str | None:
        """The code that takes the top card of ``zone`` into the viewer's hand (a draw, a
        Punishment Pile), or None. While it is legal the pile lifts, a click on it takes
        it, and the viewer's hand is a drop target (``"hand"``)."""
        return None

    def keys_for(self, code: str) -> tuple[int, ...]:
        """Keys that choose ``code`` in a chooser at once, besides its number's key when
        it is labelled with a number up to 10 (else digits by position)."""
        return ()

    def seat_code(self, seat: int) -> str | None:
        """The code a click on ``seat``'s place makes when it is legal (an Eight's swap
        with that player, a Malice card given to them), or None."""
        return None

    def synced(self) -> None:
        """The view was just loaded from the observation: reset what animations showed."""

    def moving(self, events: list[Event], step) -> None:
        """Moves start flying (``step`` may take more tweens): note what they carry."""

    def asks(self, legal: list[str]) -> list[str]:
        """The legal codes made in a chooser rather than with cards (a direction, a
        target player, pass): the base opens it when the viewer must choose."""
        return []

    def question(self, codes: list[str]) -> str:
        return "Your choice"

    def chooser_hint(self, codes: list[str]) -> str:
        """The small line under a chooser's question (how to answer); "" for the usual."""
        return ""

    def label_for(self, code: str) -> str:
        return code

    def title_text(self) -> str:
        return self.info.title

    def prompt(self) -> str:
        return "Your turn"

    def draw_table(self, surface: pygame.Surface) -> None:
        """Under the cards: plates (``draw_plate``), labels."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Above the cards, below flying cards."""

    def together(self, first: Event, second: Event) -> bool:
        """Do two moves in a row fly in one go? By default when they go between the same
        kinds of zone (a deal, every bid to its played pile)."""
        kind = lambda zone: (zone or "").split(":")[0]  # noqa: E731
        return kind(first.src) == kind(second.src) and kind(first.dst) == kind(second.dst)

    def flight_time(self, event: Event) -> float:
        return self.move_time

    def sound_for(self, event: Event) -> str | None:
        return "deal" if event.face != "up" else "play"

    def on_slap(self, seat: int) -> bool:
        """A local human's slap key (or pad button), in arrival order."""
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        return False

    def on_click(self, pos: tuple[int, int]) -> bool:
        return False

    def off_target_words(self, drag: Drag) -> str:
        targets = " or ".join(sorted(drag.lit)) or "a lit place"
        return f"Drop it on {targets}."

    def chooser_area(self) -> pygame.Rect:
        """Where choosers and the score sheet may go: never over the viewer's hand."""
        width, height = self.app.size
        hand = self.view.spots.get(f"hand:{self.bottom_seat()}")
        bottom = hand.rect.y - 8 if hand is not None else height - 8
        return pygame.Rect(20, TOP_BAR + 10, width - 40, max(120, bottom - TOP_BAR - 10))

    def status(self) -> tuple[str, tuple[int, int, int]] | None:
        """The top bar's own words and colour for a moment (a slap round), or None."""
        return None

    def window_left(self) -> float | None:
        """The share of the timed window left, or of the pause that waits for a local
        human's out-of-turn choice, for its countdown (None: neither runs)."""
        return self.client.window_left()

    def needs_hand(self, codes: set[str]) -> bool:
        """Must a human see their hand for these moves (privacy screen)? A slap: no."""
        return bool(codes)

    def banner_centre(self) -> tuple[int, int]:
        return self.chooser_area().center

    def sheet_note(self, event: Event) -> str:
        """A line under the score sheet's title (what the match is played to), or ""."""
        return ""

    def sheet_rows(self, event: Event) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
        """The score sheet between hands: headings and a row per seat."""
        scores = event.data.get("scores") or [0] * self.players
        return ("Player", "Score"), [(n, str(s)) for n, s in zip(self.names, scores, strict=False)]

    # -- what tables use --------------------------------------------------------------

    @property
    def state(self):
        """The live game state, for tests only: a table draws from ``view`` and acts
        through ``act``, both from its door (``client``)."""
        return self.match.state

    @property
    def model(self) -> dict[str, list[str]]:
        return self.view.zones

    @property
    def public(self) -> dict[str, Any]:
        return self.view.public

    def bottom_seat(self) -> int:
        """The seat drawn at the bottom: the viewer, else the first human, else seat 0."""
        if self.viewer is not None:
            return self.viewer
        return self.humans[0] if self.humans else 0

    def legal_codes_of(self, seat: int) -> set[str]:
        if self.launch.replay:
            return set()  # a replay is watched: nobody moves
        return set(self.client.legal(seat))

    def legal_codes(self) -> set[str]:
        return set() if self.viewer is None else self.legal_codes_of(self.viewer)

    def legal_for(self, cards: tuple[str, ...], source: str, target: str) -> list[str]:
        return self.input.legal_for(cards, source, target)

    def humans_to_act(self) -> tuple[int, ...]:
        return self.client.humans_to_act()

    def out_of_turn_humans(self) -> tuple[int, ...]:
        """Local humans with a chance out of turn now that they have not let pass."""
        return tuple(seat for seat in self.client.out_of_turn() if seat not in self.declined)

    def still(self) -> bool:
        """Nothing moving, no sheet up, the table on top: the match may go on."""
        return (
            not self.animator.busy
            and self.sheet is None
            and self.tools.confirm is None  # the match waits while "Leave?" is asked
            and self.app.manager.top is self
        )

    def awaiting_human(self) -> bool:
        """The viewer must act now and the table is still (what a test waits for)."""
        return self.still() and self.viewer in self.humans_to_act() and bool(self.legal_codes())

    def is_thinking(self, seat: int) -> bool:
        to_act = self.view.public.get("to_act", [])
        bot = self.seats[seat].bot is not None and not self.launch.replay  # a replay repeats
        return bot and seat in to_act and not self.public.get("window")

    def act(self, code: str) -> str | None:
        """The viewer's move (a chooser, a plate, a drop): the referee's reason shows if
        refused (and is returned); done, the keyboard's cursor starts again at the left of
        the changed hand."""
        if self.viewer is None:
            return None
        reason = self.perform(self.viewer, code)
        if reason is not None:
            self.refuse(reason)
        else:
            self.input.key_focus = -1
        return reason

    def choose(self, codes: list[str], then: Callable[[str], None]) -> None:
        """Several codes are meant (a drop that may mean either): a chooser asks which."""
        self.choices.ask(self.question(codes), codes, then)

    def clicked(self, pos: tuple[int, int]) -> bool:
        """A click on no card: on a seat's place (its box or plate) it makes the seat's
        ``seat_code`` if legal, else it is the table's own (``on_click``)."""
        for seat, plate in self.plates.items() if self.still() else ():
            boxes = self.seat_boxes
            place = plate.union(boxes.boxes[seat]) if boxes is not None else plate
            code = self.seat_code(seat)
            if code is not None and code in self.legal_codes() and place.collidepoint(pos):
                self.act(code)
                return True
        return self.on_click(pos)

    def perform(self, seat: int, code: str) -> str | None:
        """Send ``seat``'s move through the door: None when done (or on its way), else
        the referee's reason it was refused."""
        reason = None
        for happening in self.client.move(seat, code):
            if happening.kind == "refused" and happening.seat == seat and reason is None:
                reason = happening.reason
            else:
                self.happen(happening)
        return reason

    def decline(self) -> None:
        if self.viewer is not None:
            self.declined.add(self.viewer)
            self.pump(self.client.decline(self.viewer))

    def pump(self, happenings: list[Happening] | None = None) -> None:
        """Act on what came through the door (read it now when not handed)."""
        for happening in self.client.pump() if happenings is None else happenings:
            self.happen(happening)

    def happen(self, happening: Happening) -> None:
        if happening.kind == "events":
            self.played(happening.events, by=happening.by)
        elif happening.kind == "refused":
            self.refuse(happening.reason)
        else:  # who is here, a hint from the host
            self.network.happen(happening)

    def played(self, events: list[Event], by: int | None = None) -> None:
        self.log.record(events, by_viewer=by is not None and by == self.viewer)
        if events:
            self.declined.clear()  # a new moment: new chances
            self.save()  # a game in progress is kept at every change
        self.animator.play(events)

    def save(self) -> None:
        """Keep the game in progress (written off the frame: ``update`` says a write that
        failed, once, on the table's banner)."""
        self.match.save(self.viewer, self.tools.undone)

    def says(self, seat: int, verb: str) -> str:
        """``Ada takes`` / ``You take``: a seat's name with a verb that agrees."""
        return agree(self.names[seat], verb)

    def refuse(self, reason: str) -> None:
        self.notice.show(reason)

    def sync(self) -> None:
        """Lay the cards out exactly as the viewer's observation says."""
        picked = self.input.picked
        held = None if picked is None else list(self.view.zones.get(picked.zone, []))
        self.view.load(self.client.view, self.arrange)
        if picked is not None and held is not None:
            self.input.keep(held)  # the same cards stay held, wherever they lie now
        self.synced()

    def restart(self, actions) -> None:
        """The match again from the start with ``actions`` made (an undo, a replay's
        jump): nothing held nor asked, the cards laid out as it now stands."""
        self.match.restart(actions)
        self.pump()
        self.input.cancel()
        self.choices.cancel()
        self.sync()

    def hand_count(self, seat: int) -> int:
        """The cards ``seat``'s hand shows now: the animated table's, so a plate's count
        never runs ahead of or behind the cards drawn under it."""
        return len(self.model.get(f"hand:{seat}", ()))

    def draw_plate(self, surface, seat: int, rect: pygame.Rect, detail="", corner=""):
        """A seat's name plate, with who plays it and whether it is to act or thinking,
        and ``corner`` words (a card count) in its bottom right corner; where they lie."""
        return nameplate.plate(self, surface, seat, rect, detail, corner)

    # -- the scene ----------------------------------------------------------------------

    def enter(self) -> None:
        self.input.bind_slaps(self.humans, self.app.settings.slap_bindings)
        self.resize(self.app.size)
        viewer = self.tools.first_viewer()  # a resumed game's, a replay's human
        if viewer is not None:
            self.viewer = viewer
        if self.client.viewer != self.viewer:
            self.pump(self.client.look(self.viewer))
        self.sync()
        if self.launch.actions and not self.launch.replay:
            return  # a resumed game: the table as it stood, no deal to show
        setup = list(self.client.setup)
        self.view.rewind(setup)
        self.played(setup, by=self.viewer)

    def exit(self) -> None:
        self.save()
        self.match.close()

    def resume(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.input.cancel()
        self.buttons = self.tools.buttons(size)
        self.layout(size)
        self.tools.place()
        if self.sheet is not None:
            self.sheet.place(self.chooser_area())
        self.choices.key = None

    def open_rules(self) -> None:
        self.app.open_rules(self.info)

    def open_settings(self) -> None:
        self.app.open_settings()

    def next_hand(self) -> None:
        if self.sheet is not None:
            self.sheet.hold.finish()
        self.sheet = None

    def update(self, dt: float) -> None:
        self.network.guarded(lambda: self.updating(dt))

    def updating(self, dt: float) -> None:
        self.clock += dt
        self.notice.update(dt)
        problem = self.match.saver.take_problem()
        if problem:  # the game in progress could not be written: said once, play goes on
            self.refuse(problem)
        self.log.update(dt)
        self.animator.update(dt * self.app.speed)
        self.tools.update(dt)
        if self.still():
            self.go_on(dt)
        for moment in self.moments:
            moment.update(dt)

    def go_on(self, dt: float) -> None:
        """The table is still: the view catches up, the match goes on (or ends)."""
        problem = self.match.problem
        if problem is not None and not self.client.is_over:
            self.network.leave_with(problem)
            return
        if self.view.dirty:
            self.sync()
        if self.client.is_over:  # (across a network the result may come a read later)
            self.finish() if self.client.result is not None else self.pump()
            return
        if privacy.screen(self):  # several people here: the "Pass to" screen
            return
        if not self.hold_bots:
            self.match.advance(dt)
            self.pump()
        self.choices.refresh()

    def finish(self) -> None:
        """The match is over: its result is kept and shown."""
        ended = self.match.finish()
        if ended is None:
            return
        result, message = ended
        self.app.show_results(self.launch, self.names, result, self.info.title)
        if message:
            self.app.tell(message)

    def awaiting_answer(self) -> bool:
        """ "Leave this game?" or the score sheet waits for the player and nothing else
        moves (the match waits with it): only input changes the table."""
        if self.celebration is not None or self.animator.returning:
            return False
        if self.sheet is not None:
            return True  # its step holds the animator until its button: nothing moves
        # A card in flight lands first.
        return self.tools.confirm is not None and not self.animator.busy

    def wake_in(self) -> float | None:
        """A still table waiting for a human needs no frame until input comes, nor one
        waiting for an answer to "Leave this game?" or to the score sheet; one waiting for
        a bot's move, a window or an out-of-turn offer needs one when it is due."""
        if self.tools.hints.thinking():
            return HINT_POLL  # a hint on its way: looked for often, so it shows at once
        if self.notice.left <= 0 and self.awaiting_answer():
            return None  # "Leave this game?" or the score sheet: the player's answer
        if not self.still() or self.view.dirty or self.notice.left > 0:
            return 0.0  # animating, a sheet up, a refusal fading
        if self.input.drag is not None or self.window_left() is not None:
            return 0.0  # a card follows the pointer, a countdown runs
        return self.match.next_due()

    # -- local humans sharing the screen ----------------------------------------------

    def show_seat(self, seat: int | None) -> None:
        """Turn the table to ``seat`` (None: nobody's hand shows)."""
        if seat == self.viewer and self.view.public:
            return
        self.viewer = seat
        self.pump(self.client.look(seat))
        self.input.cancel()
        self.input.key_focus = -1
        self.layout(self.app.size)
        self.sync()

    def handle(self, event: pygame.event.Event) -> None:
        """An event's way through the table (``route``), unless it is a click on the
        network's own line (a host handing an away seat to a bot); a joined table that
        cannot show what its host sent leaves with one sentence."""
        if not self.network.clicked(event):
            self.network.guarded(lambda: self.route(event))

    def route(self, event: pygame.event.Event) -> None:
        """An event's way through the table, first come first served: the top bar's tools,
        its buttons, the log, the score sheet; a click or Enter lands every running
        animation at once; then a chooser, the table's own keys, the cards (``input``);
        Escape with nothing held leaves (asking first)."""
        if self.tools.intercept(event) or any(b.handle(event) for b in self.buttons):
            return
        if self.log.handle(event):
            return
        if self.sheet is not None:
            self.sheet.handle(event)
            return
        skip = event.type == pygame.MOUSEBUTTONDOWN or (
            event.type == pygame.KEYDOWN and event.key in ENTER_KEYS
        )
        if self.animator.busy and skip:
            self.animator.skip()
            if event.type == pygame.KEYDOWN:
                return
        if self.choices.handle(event):
            return
        if event.type == pygame.KEYDOWN and self.on_key(event):
            return
        slap = event.type == pygame.KEYDOWN and event.key in self.input.slap_keys
        if (not slap and self.tools.handle(event)) or (
            not self.launch.replay and self.input.handle(event)
        ):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.tools.leave()

    # -- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.network.guarded(lambda: frame.draw(self, surface))
