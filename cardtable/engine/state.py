"""The game-agnostic kernel every game's state builds on.

A ``GameState`` is one play-through of one game. Games subclass it and write only what
differs (python-chess's ``Board`` and its variants are the model): ``to_act``,
``legal_actions``, ``_apply``, ``explain`` (why a move is refused), ``zones`` and the
game's own part of ``observation``.

Every card lies in a named ``Zone``. Zones say who may see their cards, and that is the
whole of what the engine knows about secrecy: observations are built from it, and a search
bot's sampled worlds (``sample_hidden``) reshuffle exactly the cards a seat cannot see.
A game must keep every secret in a zone and nowhere else.
"""

from __future__ import annotations

import copy
import functools
import itertools
import operator
import weakref
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from operator import is_
from typing import Any, Self

from .errors import IllegalAction, brief
from .events import Event
from .rng import Rng

ALL = "all"  # everyone sees every card
NONE = "none"  # nobody sees the faces (a face-down pile)
OWNER = "owner"  # only the owner sees the faces
TOP = "top"  # everyone sees the top card only


@dataclass(frozen=True)
class Action:
    """A move, as the table talk says it: ``bid 15``, ``play 6 6``, ``punish 2``."""

    code: str

    def __str__(self) -> str:
        return self.code

    def __eq__(self, other: object) -> bool:
        # The dataclass's own, without the tuples it makes of both sides: moves are
        # compared by the thousand (``action in legal``).
        if other.__class__ is self.__class__:
            return self.code == other.code
        return NotImplemented


@dataclass(slots=True)  # slots: made afresh for every observation, check and sampled world
class Zone:
    """A place where cards lie. ``cards[-1]`` is the top of a pile.

    ``pool`` groups the hidden places whose cards a seat could not tell apart: a sampled
    world swaps hidden cards only within one pool (a player's secret bid stays one of that
    player's own cards; a Point Card never lands in a hand).
    """

    name: str
    cards: list[str]
    visibility: str = NONE
    owner: int | None = None
    pool: str = "main"

    def hidden_positions(self, seat: int | None) -> list[int]:
        """Indexes of the cards in this zone whose faces ``seat`` may not see."""
        return list(range(self.hidden_count(seat)))

    def hidden_count(self, seat: int | None) -> int:
        """How many cards of this zone, from the bottom, ``seat`` may not see (the hidden
        ones are always the first: all, or all but the top of a ``TOP`` pile)."""
        visibility = self.visibility
        if visibility == ALL:
            return 0
        if visibility == OWNER and seat is not None and seat == self.owner:
            return 0
        if visibility == TOP:
            return max(len(self.cards) - 1, 0)
        return len(self.cards)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees of this zone: its cards (when none is hidden from it), or only
        how many there are (and the top card of a ``TOP`` pile)."""
        return _views({self.name: self}, seat)[self.name]


class Row(dict):
    """A mapping made whole and never changed after: every change is refused (``TypeError``),
    so a state, its copies and every observation can hold the very same row (a match's
    score sheet, a tuple of rows, shared by reference and never copied). Written as JSON,
    compared, copied and pickled as the dict it holds; its values must be as fixed as the
    row (numbers, words, tuples)."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a Row is never changed: make a new one")

    __setitem__ = __delitem__ = __ior__ = _refuse
    update = pop = popitem = clear = setdefault = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (Row, (dict(self),))

    def __copy__(self) -> Row:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Row:
        return self


def zones_kept(
    state: GameState, piles: list[list[str]], make: Callable[[], dict[str, Zone]]
) -> dict[str, Zone]:
    """``make()``, the zones of ``state`` made of its ``piles``, made once and handed out
    again (in a new dict) while ``state`` holds the very same pile lists (a game changes
    its piles in place; a copy, or a pile replaced, makes new zones). For a game's
    ``zones`` when they depend on nothing but which lists it holds (no visibility that
    changes with play): an observation, a check and a sampled world each ask for them."""
    made = _ZONES_MADE.get(state)
    if made is not None and len(made[0]) == len(piles) and all(map(is_, made[0], piles)):
        return dict(made[1])
    zones = make()
    _ZONES_MADE[state] = (piles, zones)
    return dict(zones)


# Per state, the piles and the zones ``zones_kept`` made of them.
_ZONES_MADE: weakref.WeakKeyDictionary[Any, tuple[list[list[str]], dict[str, Zone]]] = (
    weakref.WeakKeyDictionary()
)

# The zone names of a state (as ``zones()`` lists them) -> the same names sorted.
_NAME_ORDER: dict[tuple[str, ...], list[str]] = {}


def hidden_places(zones: dict[str, Zone], seat: int | None) -> list[tuple[Zone, int]]:
    """The zones holding cards ``seat`` may not see, in name order (the order every deal
    of hidden cards goes by), each with how many of its cards are hidden (the first)."""
    names = tuple(zones)
    order = _NAME_ORDER.get(names)
    if order is None:
        order = sorted(names)
        if len(_NAME_ORDER) < 1000:  # a game has a set of zone names per player count
            _NAME_ORDER[names] = order
    places = []
    for name in order:
        zone = zones[name]
        hidden = zone.hidden_count(seat)
        if hidden:
            places.append((zone, hidden))
    return places


def _views(zones: dict[str, Zone], seat: int | None) -> dict[str, dict[str, Any]]:
    """What ``seat`` sees of each zone (``Zone.view``), in one loop (an observation
    is made for every decision and every step of the soak, of up to 38 zones)."""
    views: dict[str, dict[str, Any]] = {}
    for name, zone in zones.items():
        cards = zone.cards
        visibility = zone.visibility
        if (
            visibility == ALL
            or len(cards) <= (1 if visibility == TOP else 0)
            or (visibility == OWNER and seat is not None and seat == zone.owner)
        ):
            views[name] = {"cards": list(cards)}
        elif visibility == TOP:
            views[name] = {"count": len(cards), "top": cards[-1]}
        else:
            views[name] = {"count": len(cards)}
    return views


def ranking_of(scores: list[int], higher_is_better: bool = True) -> list[list[int]]:
    """Seats by score, best first, tied seats sharing a place (``Result.from_scores``'s
    ranking, without making the result).

    >>> ranking_of([3, 7, 7, -1])
    [[1, 2], [0], [3]]
    """
    order = sorted(set(scores), reverse=higher_is_better)
    return [[s for s, v in enumerate(scores) if v == value] for value in order]


@dataclass(frozen=True)
class Result:
    """How a game ended: a score per seat and the ranking, best first (ties share a place)."""

    scores: list[int]
    ranking: list[list[int]]
    detail: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_scores(cls, scores: Iterable[int], higher_is_better: bool = True) -> Result:
        """Rank seats by score.

        >>> Result.from_scores([3, 7, 7, -1]).ranking
        [[1, 2], [0], [3]]
        """
        scores = list(scores)
        return cls(scores=scores, ranking=ranking_of(scores, higher_is_better))

    @property
    def winners(self) -> list[int]:
        return list(self.ranking[0]) if self.ranking else []

    def win_share(self, seat: int) -> float:
        """``seat``'s share of the win: 1 alone in first place, 1/n when n share it, else 0.

        >>> [Result.from_scores([3, 7, 7, -1]).win_share(seat) for seat in range(4)]
        [0.0, 0.5, 0.5, 0.0]
        """
        winners = self.winners
        return 1.0 / len(winners) if seat in winners else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {"scores": self.scores, "ranking": self.ranking, "detail": self.detail}


@dataclass(frozen=True)
class Window:
    """A timed step (a slap round): open for ``seconds``; the clock lives outside.

    While a window is open the referee (``cardtable.play``, on the app's or a virtual clock)
    passes the seats' actions in arrival order and calls ``close_window`` when time is up.
    ``deadlines`` are the earlier moments inside the window that the rules care about, as
    ``(name, seconds after opening)``, such as a slap round's announce time: the referee
    calls ``time_up(name)`` when one passes while it is still listed. ``id`` tells one
    window from the next (unique within a play-through, increasing).
    """

    kind: str
    seconds: float
    seats: tuple[int, ...]
    deadlines: tuple[tuple[str, float], ...] = ()
    id: int = 0


class History:
    """The history of a state's copy: the moves of the play-through (``(seat, code)``,
    ``(-1, "close")`` for a timed step's end), read as a list (``len``, indexes, slices,
    iteration, ``==`` with a list) and added to with ``append``. A state's own history is
    a list the kernel only ever appends to; a copy reads the first moves from that very
    list (``shared``, as many as it held then) and keeps the moves made since apart, so a
    copy costs the same at the start of a match and after thousands of moves (a search
    copies states for every world and every trial move)."""

    __slots__ = ("_shared", "_count", "_new")

    def __init__(self, shared: list[tuple[int, str]], count: int, new: list[tuple[int, str]]):
        self._shared = shared  # only ever appended to: its first ``count`` moves stay
        self._count = count
        self._new = new

    @staticmethod
    def of(moves: Any) -> Any:
        """A copy of the history ``moves`` (a list, or a ``History``)."""
        if type(moves) is History:
            return History(moves._shared, moves._count, list(moves._new))
        if type(moves) is list:
            return History(moves, len(moves), [])
        return list(moves)

    def append(self, move: tuple[int, str]) -> None:
        self._new.append(move)

    def __len__(self) -> int:
        return self._count + len(self._new)

    def __bool__(self) -> bool:
        return bool(self._count or self._new)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        yield from itertools.islice(self._shared, self._count)
        yield from self._new

    def __getitem__(self, index: Any) -> Any:
        count = self._count
        if type(index) is slice:
            start, stop, step = index.indices(len(self))
            if start >= count and step == 1:  # the newest moves: a search's roll-out asks
                return self._new[start - count : max(stop - count, 0)]
            return list(self)[index]
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("history index out of range")
        return self._shared[index] if index < count else self._new[index - count]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History | list | tuple):
            return len(self) == len(other) and all(map(operator.eq, self, other))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (list(self),))  # pickled (to a bot's process) as a plain list

    def __copy__(self) -> History:
        return History.of(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return History.of(self)  # its moves are tuples of a number and a word


def _seat_checked(
    legal_actions: Callable[[GameState, int], list[Action]],
) -> Callable[[GameState, int], list[Action]]:
    """``legal_actions`` that refuses a seat the table does not have (IllegalAction)."""

    @functools.wraps(legal_actions)
    def checked(self: GameState, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(self.no_seat(seat))
        return legal_actions(self, seat)

    checked.seat_checked = True  # type: ignore[attr-defined]
    return checked


class GameState(ABC):
    """One play-through of a game. See ARCHITECTURE.md for the contract."""

    game_id: str = ""
    # Fields that only ever hold values that never change (tuples, named ones too, and
    # ``Row``s, or None), replaced whole when the game moves on, and where shown in the
    # observation, shown under the same names: copies and observations share them, and a
    # check may hold them by reference (the soak). Copy Cat's score sheet and last game;
    # MEAN!'s pile takes and what each player knows of the others' hands.
    fixed_fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every game's legal_actions refuses an unknown seat, without each game writing it.
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "seat_checked", False):
            # (mypy takes a wrapped function for another type than the method it replaces)
            cls.legal_actions = _seat_checked(own)  # type: ignore[assignment]

    def __init__(self, players: int, seed: int | str, options: dict[str, Any]):
        self.players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self.history: list[tuple[int, str]] = []
        self.setup_events: list[Event] = []
        # The fingerprint of the deal (``record.fingerprint``), set by ``GameInfo.new_game``
        # once the game is set out: what a match record proves its deal by.
        self.dealt: str | None = None
        # What ``legal_actions`` found per seat, kept until the state changes (``_changed``):
        # a search asks for the same list and then checks the move it picked from it.
        self._legal: dict[int, list[Action]] = {}

    # -- what every game writes ------------------------------------------------------

    @classmethod
    @abstractmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        """Every card code in play at this player count (what the zones always hold)."""

    @classmethod
    def stacked_part(cls, players: int, options: dict[str, Any]) -> list[str]:
        """The cards a stacked deck lists (those setup shuffles and deals)."""
        return cls.full_deck(players, options)

    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (several in simultaneous steps)."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every move ``seat`` may make now (the game's ``_legal_actions``, remembered until
        the state changes); ``IllegalAction`` for a seat the table does not have (every game
        gets that check from ``GameState``)."""
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(self.no_seat(seat))
        known = self._legal.get(seat)
        if known is None:
            known = self._legal[seat] = self._legal_actions(seat)
        return list(known)

    def _legal_actions(self, seat: int) -> list[Action]:
        """Every move ``seat`` may make now: what a game writes (or it overrides
        ``legal_actions`` itself, which then is not remembered)."""
        raise TypeError(f"{type(self).__name__} writes neither _legal_actions nor legal_actions")

    def no_seat(self, seat: Any) -> str:
        return f"There is no seat {brief(seat)} at this table (seats 0 to {self.players - 1})."

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a move already known to be legal."""

    @abstractmethod
    def zones(self) -> dict[str, Zone]:
        """Every zone, holding every card of the game."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> Result | None: ...

    def explain(self, seat: int, code: str) -> str:
        """Why ``code`` is refused for ``seat`` now. Games give the rule's own words."""
        return f"'{code}' is not a move you can make now."

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        """Why ``seat`` may not act at all now."""
        return "It is not your turn."

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        """The game's own public facts for ``seat`` (direction, scores, round ...)."""
        return {}

    @property
    def window(self) -> Window | None:
        """The timed step that is open now, if any."""
        return None

    def _close_window(self) -> list[Event]:
        """End the open timed step; games with timed steps write this."""
        raise IllegalAction("No timed step is open.")

    def close_window(self) -> list[Event]:
        """End the open timed step (its time is up). Recorded as ``(-1, "close")``."""
        if self.window is None:
            raise IllegalAction("No timed step is open.")
        try:
            events = self._close_window()
        finally:
            self._changed()
        self.history.append((-1, "close"))
        return events

    def _time_up(self, step: str) -> list[Event]:
        """A deadline inside the open window has passed; games with deadlines write this."""
        raise IllegalAction(f"No timed step {step!r} is running.")

    def time_up(self, step: str) -> list[Event]:
        """A deadline of the open window (one of ``window.deadlines``) has passed.
        Recorded as ``(-1, step)``, so a replay passes it at the same point."""
        window = self.window
        if not isinstance(step, str) or window is None or step not in dict(window.deadlines):
            raise IllegalAction(f"No timed step {brief(step)} is running.")
        try:
            events = self._time_up(step)
        finally:
            self._changed()
        self.history.append((-1, step))
        return events

    # -- the shared machinery ----------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """Apply ``action`` for ``seat`` and return the events, or raise ``IllegalAction``.

        A refused move changes nothing: the legality check runs before any change.
        """
        listed: Action | None
        if type(action) is Action:
            code, listed = action.code, action
        else:
            code = str(action.code if isinstance(action, Action) else action).strip()
            listed = None
        # The usual case first: a move picked from legal_actions just listed for the seat.
        known = self._legal.get(seat) if type(seat) is int else None
        reason = None
        found = False
        if listed is not None:  # this very move, found by identity (quicker than its code)
            for legal in known or ():
                if legal is listed:
                    found = True
                    break
        if not found:
            for legal in known or ():
                if legal.code == code:
                    break
            else:
                reason = self._unlisted(seat, code, known)
        if reason is not None:
            spaced = " ".join(code.split())  # spacing is read loosely
            if spaced == code:
                raise IllegalAction(reason)
            code, listed = spaced, None
            reason = self.check(seat, code)
            if reason is not None:
                raise IllegalAction(reason)
        try:
            events = self._apply(seat, listed or Action(code))
        finally:
            self._changed()
        self.history.append((seat, code))
        return events

    def _changed(self) -> None:
        """Forget what was worked out for the state as it was (after every change)."""
        self._legal = {}

    def check(self, seat: int, code: str) -> str | None:
        """``None`` when ``seat`` may play ``code`` now, else the reason a player is told.

        The one check behind both ``apply`` and the table's lit drop targets, so legality
        and the refusal's words can never disagree (pokerkit's check-then-apply). The
        conformance test proves ``check(seat, code) is None`` exactly for the codes in
        ``legal_actions(seat)``. Legality is the seat's legal actions when they are already
        listed for this state, else ``allows``, which a game may override with a direct
        check that does not list every legal action; the words are ``explain``'s.
        """
        known = self._legal.get(seat) if type(seat) is int else None
        if known is not None:
            for action in known:
                if action.code == code:
                    return None
        return self._unlisted(seat, code, known)

    def _unlisted(self, seat: int, code: str, known: list[Action] | None) -> str | None:
        """``check`` for a code that is not among ``known``, the seat's legal actions if
        they are listed (None if not)."""
        if self.is_over:
            return "The game is over."
        if type(seat) is not int or not 0 <= seat < self.players:
            return self.no_seat(seat)
        if not isinstance(code, str):
            return "A move is said in words, like 'play 7'."
        if known is None and self.allows(seat, code):
            return None
        if seat not in self.to_act and not self.legal_actions(seat):
            return self.explain_out_of_turn(seat, code)
        return self.explain(seat, code)

    def allows(self, seat: int, code: str) -> bool:
        """Whether ``code`` is one of ``seat``'s legal actions now (``seat`` a real seat,
        the game not over). Games override it with a direct check where that is cheaper."""
        return any(action.code == code for action in self.legal_actions(seat))

    def observation(self, seat: int | None, zones: dict[str, Zone] | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know, and nothing more (JSON-serialisable).

        ``seat=None`` is a spectator who sees no hands. ``zones``: this state's ``zones()``
        as they are now, when the caller has just made them (the soak checks them first).
        """
        if zones is None:
            zones = self.zones()
        hand = zones.get(f"hand:{seat}")
        obs: dict[str, Any] = {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "options": dict(self.options),
            "to_act": list(self.to_act),
            "is_over": self.is_over,
            "hand": list(hand.cards) if hand is not None and seat is not None else [],
            "zones": _views(zones, seat),
        }
        window = self.window
        obs["window"] = (
            None
            if window is None
            else {
                "kind": window.kind,
                "seconds": window.seconds,
                "seats": list(window.seats),
                "deadlines": [[name, at] for name, at in window.deadlines],
            }
        )
        obs.update(self.public_observation(seat))
        result = self.result
        obs["result"] = None if result is None else result.to_dict()
        return obs

    def card_counts(self) -> Counter[str]:
        """How many of each card code lie in all zones together (for conservation checks)."""
        counts: Counter[str] = Counter()
        for zone in self.zones().values():
            counts.update(zone.cards)
        return counts

    def copy(self) -> Self:
        """An independent copy: moves applied to it never touch this state. The history
        and setup events hold only immutable items: the history is shared (``History``),
        the setup events' list is copied flat."""
        memo = {
            id(self.history): History.of(self.history),
            id(self.setup_events): list(self.setup_events),
            id(self._legal): {},
        }
        return copy.deepcopy(self, memo)

    def _twin(self) -> Any:
        """The start of a hand-written ``copy``: a new state of this class with every field
        of this one, the kernel's own (options, generator, history) already copied. The
        game then copies its own mutable fields; fields it rebinds, never changes, can stay
        shared."""
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.rng = self.rng.copy()
        twin.history = History.of(self.history)
        twin.setup_events = list(self.setup_events)
        twin._legal = dict(self._legal)  # the same state: the same legal actions
        return twin

    def sample_hidden(self, seat: int, rng: Rng) -> Self:
        """A world consistent with what ``seat`` can see: a copy in which every card hidden
        from ``seat`` is reshuffled among the hidden places of its pool.

        The hidden cards are sorted before the shuffle, so the sample depends only on what
        ``seat`` knows, never on where the hidden cards really lie. Search bots plan on
        these samples; they never see the true state.
        """
        return self.sample_hidden_zones(seat, rng)[0]

    def sample_hidden_zones(self, seat: int, rng: Rng) -> tuple[Self, dict[str, Zone]]:
        """``sample_hidden``'s world, and its ``zones()`` as they are after the reshuffle
        (for a caller that looks at the world's zones next: the soak hands them to
        ``observation``)."""
        world = self.copy()
        world.rng = rng.spawn("world")
        world._changed()
        zones = world.zones()
        world._deal_hidden(seat, zones, rng)
        world._hidden_moved()
        return world, zones

    def _deal_hidden(self, seat: int, zones: dict[str, Zone], rng: Rng) -> None:
        """Deal the cards hidden from ``seat`` anew, in place: shuffled within each pool,
        the cards sorted first (the deal depends only on what the seat knows). A game
        that knows more of where its hidden cards lie deals them to agree with it."""
        # Per pool, each zone's cards and how many of them are hidden (the first ones).
        by_pool: dict[str, list[tuple[list[str], int]]] = {}
        for zone, hidden in hidden_places(zones, seat):
            by_pool.setdefault(zone.pool, []).append((zone.cards, hidden))
        for pool in sorted(by_pool):
            places = by_pool[pool]
            cards: list[str] = []
            for held, hidden in places:
                cards += held[:hidden]
            cards.sort()
            rng.shuffle(cards)
            start = 0
            for held, hidden in places:
                held[:hidden] = cards[start : start + hidden]
                start += hidden

    def _hidden_moved(self) -> None:  # noqa: B027 - a hook: most games keep nothing to forget
        """Called on a sampled world once its hidden cards have moved: a game forgets here
        what it worked out from where they lay."""
