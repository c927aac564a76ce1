"""The table's input: drag-and-drop, the click path, the keyboard path, selecting several
cards as one group, and slap keys.

Every path ends in ``drop(drag, target)``; the table's ``draggable``, ``cards_for_drag``,
``joins``, ``drop_targets``, ``action_for`` and ``takes`` say what may be lifted, what
goes together and what a drop means; the input reaches its table only through
``InputDoor`` and hands it intents (``act``, ``choose``, ``clicked``, ``on_slap``). Keys:
Left/Right move the cursor over the cards that can be played now, Space adds the card to
(or takes it from) the selection, Enter picks up the card or selection and then lays it on
the target under the cursor (Up/Down choose another), Escape lets go. Slap keys and pad
buttons reach ``on_slap`` in arrival order (``slap.bindings``). Not for what a move means
(the engine decides).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..slap import bindings, keys_for, pads_for, slap_words

if TYPE_CHECKING:
    from .animator import Animator
    from .view import TableView

DRAG_THRESHOLD = 6


def held_rise(rect: pygame.Rect) -> int:
    """How far a held card is drawn above where it lies: it is taken there too."""
    return rect.h // 5


ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


@dataclass
class Drag:
    """Cards picked up by the mouse (or held by the click/keyboard path: ``moved`` False).

    ``group`` are the zone's indices that go together; ``cards`` their codes in order;
    ``lit`` the drop targets where the engine would accept them.
    """

    zone: str
    group: tuple[int, ...]
    cards: tuple[str, ...]
    home: pygame.Rect
    grab: tuple[int, int]
    pos: tuple[int, int]
    start: tuple[int, int]
    moved: bool = False
    lit: set[str] = field(default_factory=set)
    clicked: int | None = None  # the card pressed, when the group holds others too

    @property
    def index(self) -> int:
        return self.group[0]

    @property
    def rect(self) -> pygame.Rect:
        return self.home.move(
            self.pos[0] - self.grab[0] - self.home.x, self.pos[1] - self.grab[1] - self.home.y
        )

    def follow(self, pos: tuple[int, int]) -> None:
        """The pointer is at ``pos``: the cards follow; far enough from the start, a drag."""
        self.pos = pos
        dx, dy = pos[0] - self.start[0], pos[1] - self.start[1]
        self.moved = self.moved or abs(dx) + abs(dy) > DRAG_THRESHOLD

    def card_rects(self) -> list[pygame.Rect]:
        """Where each card of the group is drawn while dragged: fanned from the pointer."""
        step = max(8, self.home.w // 4)
        return [self.rect.move(step * order, 0) for order in range(len(self.cards))]


class InputDoor(Protocol):
    """What the input may touch of its table: the view and the viewer, whether the table
    is still and which codes are legal; the intents it hands back (``act``, ``choose``,
    ``clicked``, ``on_slap``, ``refuse``); and the game's hooks that say what may be lifted
    and what a drop means."""

    view: TableView
    viewer: int | None

    def still(self) -> bool: ...

    def legal_codes(self) -> set[str]: ...

    def act(self, code: str) -> str | None: ...

    def choose(self, codes: list[str], then: Callable[[str], None]) -> None: ...

    def clicked(self, pos: tuple[int, int]) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def on_slap(self, seat: int) -> bool: ...

    # The game's hooks (``TableScene``'s first section).
    def draggable(self, zone: str) -> bool: ...

    def cards_for_drag(self, zone: str, index: int) -> tuple[str, ...]: ...

    def joins(self, zone: str, held: list[str], index: int) -> bool: ...

    def click_drops(self, zone: str) -> bool: ...

    def takes(self, zone: str) -> str | None: ...

    def drop_targets(self) -> dict[str, pygame.Rect]: ...

    def action_for(self, cards: tuple[str, ...], source: str, target: str) -> Any: ...

    def off_target_words(self, drag: Drag) -> str: ...


class TableInput:
    """Turns pygame events into picks and drops for ``table``; the cards it lets go fly
    with ``animator``."""

    def __init__(self, table: InputDoor, animator: Animator) -> None:
        self.table = table
        self.animator = animator
        self.drag: Drag | None = None
        self.picked: Drag | None = None
        self.key_focus = -1
        self.key_focus_card: tuple[str, str] | None = None  # the zone and card it is on
        self.target_focus = 0
        self.slap_keys: dict[int, int] = {}
        self.slap_pads: dict[tuple[int, int], int] = {}
        self.key_names: dict[int, str] = {}  # seat -> its slap key's name
        self.pad_names: dict[int, tuple[int, int]] = {}  # seat -> its pad and button

    def bind_slaps(self, humans: list[int], saved: Any) -> None:
        """Which key (and pad button) slaps for which human seat: the settings'
        ``slap_bindings`` (``saved``), else the first default key still free."""
        self.slap_keys, self.slap_pads = bindings(humans, saved)
        self.key_names, self.pad_names = keys_for(humans, saved), pads_for(humans, saved)

    def slap_words(self, seat: int) -> str:
        """The key (and pad button) that slaps for ``seat``, as the table shows it; ""
        for a seat without one."""
        return slap_words(seat, self.key_names, self.pad_names)

    def cancel(self) -> None:
        self.drag = None
        self.picked = None

    def keep(self, before: list[str]) -> None:
        """The held cards' zone was laid out again (``before`` is how it lay): hold the
        same cards where they lie now; let go when one of them has left."""
        picked = self.picked
        now = self.table.view.zones.get(picked.zone, []) if picked is not None else []
        if picked is None or now == before:
            return
        free = list(range(len(now)))
        group = []
        for code in (before[i] for i in picked.group if i < len(before)):
            found = next((i for i in free if now[i] == code), None)
            if found is None:
                self.cancel()
                return
            free.remove(found)
            group.append(found)
        self.picked = self.pick(picked.zone, sorted(group))

    # -- what may be picked up ------------------------------------------------------------

    def pick(self, zone: str, group: list[int], pos: tuple[int, int] | None = None) -> Drag:
        table = self.table
        home = table.view.slot(zone, group[0])
        pos = pos or home.center
        if len(group) == 1:
            cards = table.cards_for_drag(zone, group[0])
        else:
            cards = tuple(table.view.zones[zone][i] for i in group)
        lit = {t for t in self.targets() if self.legal_for(cards, zone, t)}
        grab = (pos[0] - home.x, pos[1] - home.y)
        return Drag(zone, tuple(group), cards, home, grab, pos, pos, lit=lit)

    def hold_for_keys(self, zone: str, group: list[int], target: str) -> None:
        """The cards a hint shows, held for the keyboard with ``target`` focused: Enter
        makes the hinted move (arrows and Escape choose otherwise, as for any held card)."""
        self.picked = self.pick(zone, group)
        targets = self.ordered_targets(self.picked)
        self.target_focus = targets.index(target) if target in targets else 0
        cards = self.key_cards()  # the cursor on the hinted card, so Enter keeps it held
        spot = (zone, group[0])
        if spot in cards:
            self.key_focus, self.key_focus_card = cards.index(spot), self.card_id(spot)

    def takeable(self, zone: str) -> list[int]:
        """The indices of ``zone``'s cards the viewer may take: all of a fanned zone, only
        the top of a pile (``stack``); none of a zone that is not ``draggable`` nor
        taken from now."""
        if not (self.table.draggable(zone) or self.taking(zone)):
            return []
        count = len(self.table.view.zones.get(zone, []))
        spot = self.table.view.spots.get(zone)
        if spot is not None and spot.mode == "stack":
            return [count - 1] if count else []
        return list(range(count))

    def card_at(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        """The topmost card the viewer may pick up under ``pos``, a held card also on
        its raised top, where it is drawn."""
        picked = self.picked
        for zone in self.table.view.zones:
            slots = self.table.view.slots(zone)
            held = picked.group if picked is not None and picked.zone == zone else ()
            for index in reversed(self.takeable(zone)):
                slot = slots[index]
                if index in held:
                    slot = slot.union(slot.move(0, -held_rise(slot)))
                if slot.collidepoint(pos):
                    return zone, index
        return None

    def meant(self, cards: tuple[str, ...], source: str, target: str) -> list[str]:
        """The codes a drop may mean: a take (``takes``) on the hand, else ``action_for``."""
        codes = self.table.takes(source) if target == "hand" else None
        codes = codes or self.table.action_for(cards, source, target)
        return [codes] if isinstance(codes, str) else list(codes or [])

    def legal_for(self, cards: tuple[str, ...], source: str, target: str) -> list[str]:
        """The codes a drop may mean that are legal now."""
        legal = self.table.legal_codes()
        return [code for code in self.meant(cards, source, target) if code in legal]

    def taking(self, zone: str) -> bool:
        """May the viewer take the top card of ``zone`` into their hand now (``takes``)?"""
        code = self.table.takes(zone)
        return code is not None and code in self.table.legal_codes()

    def clicks(self, zone: str) -> bool:
        """Does a click on a card of ``zone`` play it when one target is lit?"""
        return self.table.click_drops(zone) or self.taking(zone)

    def targets(self) -> dict[str, pygame.Rect]:
        """Where cards may be dropped now: the table's ``drop_targets``, and the viewer's
        hand while the table is still and a pile may be taken into it."""
        table = self.table
        targets = dict(table.drop_targets())
        hand = table.view.spots.get(f"hand:{table.viewer}")
        if hand is not None and table.still() and any(map(self.taking, table.view.zones)):
            targets["hand"] = hand.rect
        return targets

    def target_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self.targets().items():
            if rect.collidepoint(pos):
                return name
        return None

    def key_cards(self) -> list[tuple[str, int]]:
        """The cards the keyboard cursor moves over: those that can be played now (all the
        viewer's cards when none can, so the cursor still shows where it is)."""
        own = f"hand:{self.table.viewer}"
        zones = sorted(self.table.view.zones, key=lambda zone: zone != own)  # the hand first
        cards = [(zone, index) for zone in zones for index in self.takeable(zone)]
        playable = [c for c in cards if self.pick(c[0], [c[1]]).lit]
        return playable or cards

    def ordered_targets(self, drag: Drag) -> list[str]:
        """Drop targets for the keyboard, the lit (legal) ones first."""
        names = list(self.targets())
        return [n for n in names if n in drag.lit] + [n for n in names if n not in drag.lit]

    def select(self, zone: str, index: int) -> None:
        """A click (or Space) on a card: it is held; a card that ``joins`` the held group
        is added to it; a held card is let go; another card starts afresh."""
        group: list[int] = []
        if self.picked is not None and self.picked.zone == zone:
            group = [i for i in self.picked.group if i < len(self.table.view.zones[zone])]
        if index in group:
            group.remove(index)
        elif group and self.table.joins(zone, [self.picked.cards[0]], index):
            group.append(index)
        else:
            group = [index]
        self.picked = self.pick(zone, sorted(group)) if group else None
        self.target_focus = 0

    # -- events -------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        table = self.table
        slap = event.type == pygame.KEYDOWN and event.key in self.slap_keys
        if slap and table.on_slap(self.slap_keys[event.key]):
            return True
        if event.type == pygame.JOYBUTTONDOWN:
            seat = self.slap_pads.get((event.instance_id, event.button))
            if seat is not None:
                table.on_slap(seat)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.card_at(event.pos)
            if hit is not None:
                # A press on a held card, or on one that joins them, takes the group.
                picked = self.picked
                group = [hit[1]]
                if picked is not None and picked.zone == hit[0]:
                    if hit[1] in picked.group:
                        group = list(picked.group)
                    elif self.table.joins(hit[0], [picked.cards[0]], hit[1]):
                        group = sorted([*picked.group, hit[1]])
                self.drag = self.pick(hit[0], group, event.pos)
                self.drag.clicked = hit[1]
            return True
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag.follow(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.release(event.pos)
            return True
        return False

    def release(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        table = self.table
        if drag is not None:
            # Where the button came up, even when no motion was reported there (a quick
            # flick): the cards fly on, or back, from under the pointer.
            drag.follow(pos)
        target = self.target_at(pos)  # while held: a table may widen a target for them
        self.drag = None
        if drag is not None and drag.moved:
            if target is None:
                table.refuse(table.off_target_words(drag))
                self.snap_back(drag)
            else:
                self.drop(drag, target)
            return
        if drag is not None:
            if self.clicks(drag.zone) and len(drag.lit) == 1:
                self.drop(drag, next(iter(drag.lit)))
            else:
                self.select(drag.zone, drag.index if drag.clicked is None else drag.clicked)
            return
        if self.picked is not None and target is not None:
            picked, self.picked = self.picked, None
            self.drop(picked, target)
        elif not table.clicked(pos):
            self.picked = None

    def snap_back(self, drag: Drag) -> None:
        if drag.moved:
            view = self.table.view
            homes = [(index, view.slot(drag.zone, index)) for index in drag.group]
            self.animator.snap_back(drag.cards, drag.card_rects(), drag.zone, homes)

    def card_id(self, spot: tuple[str, int]) -> tuple[str, str]:
        zone, index = spot
        cards = self.table.view.zones.get(zone, [])
        return zone, cards[index] if index < len(cards) else ""

    def key_focus_in(self, cards: list[tuple[str, int]]) -> int:
        """Where the keyboard's cursor is in ``cards``: on the card it was put on, wherever
        that card is now; -1 when that card is no longer there (the cards the cursor moves
        over changed under it: a turn began, a card left), so a press never lands on
        whatever took its place."""
        focus, card = self.key_focus, self.key_focus_card
        if focus < 0 or card is None:
            return focus
        if focus < len(cards) and self.card_id(cards[focus]) == card:
            return focus
        return next((i for i, spot in enumerate(cards) if self.card_id(spot) == card), -1)

    def key(self, key: int) -> bool:
        cards = self.key_cards()
        self.key_focus = self.key_focus_in(cards)
        try:
            return self.key_moves(key, cards)
        finally:
            focus = self.key_focus
            self.key_focus_card = self.card_id(cards[focus]) if 0 <= focus < len(cards) else None

    def key_moves(self, key: int, cards: list[tuple[str, int]]) -> bool:
        if key == pygame.K_ESCAPE:
            had = self.picked is not None
            self.picked = None
            return had
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards:
            step = 1 if key == pygame.K_RIGHT else -1
            start = -1 if step > 0 else 0
            self.key_focus = (max(start, self.key_focus) + step) % len(cards)
            if self.key_focus >= len(cards):
                self.key_focus = 0
            return True
        focused = cards[self.key_focus] if 0 <= self.key_focus < len(cards) else None
        if self.picked is not None and key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            targets = self.ordered_targets(self.picked)
            if targets:
                step = -1 if key == pygame.K_UP else 1
                self.target_focus = (self.target_focus + step) % len(targets)
            return True
        if key == pygame.K_SPACE and focused is not None:
            self.select(*focused)
            return True
        if key not in ENTER_KEYS:
            return False
        holding = self.picked is not None and (
            focused is None or (focused[0] == self.picked.zone and focused[1] in self.picked.group)
        )
        if holding and self.picked is not None:
            targets = self.ordered_targets(self.picked)
            if targets:
                picked, self.picked = self.picked, None
                self.drop(picked, targets[self.target_focus % len(targets)])
        elif focused is not None:
            picked = self.pick(focused[0], [focused[1]])
            if self.clicks(focused[0]) and len(picked.lit) == 1:
                self.drop(picked, next(iter(picked.lit)))
            else:
                self.picked = picked
                self.target_focus = 0
        elif cards:
            self.key_focus = 0  # the first press shows where the cursor is
        return True

    def focused_target(self) -> str | None:
        if self.picked is None:
            return None
        targets = self.ordered_targets(self.picked)
        return targets[self.target_focus % len(targets)] if targets else None

    def drop(self, drag: Drag, target: str) -> None:
        """Cards let go on ``target``: one legal code plays, several ask which (the cards
        stay held meanwhile), none snaps back with the engine's reason."""
        table = self.table
        codes = self.legal_for(drag.cards, drag.zone, target)
        if len(codes) > 1:
            self.snap_back(drag)
            self.picked = self.pick(drag.zone, list(drag.group))
            table.choose(codes, lambda code: self.play(drag, code))
        elif codes:
            self.play(drag, codes[0])
        else:
            # The referee says why, through the door: a refused move changes nothing.
            meant = (self.meant(drag.cards, drag.zone, target) or [None])[0]
            if meant is None or table.act(meant) is None:
                table.refuse("That card cannot go there.")
            self.snap_back(drag)

    def play(self, drag: Drag, code: str) -> None:
        """Play ``code``: the cards fly on from where they were let go."""
        view = self.table.view
        held = drag.card_rects() if drag.moved else [view.slot(drag.zone, i) for i in drag.group]
        self.animator.release = list(zip(drag.cards, held, strict=False))
        self.picked = None
        self.key_focus = -1
        self.table.act(code)
