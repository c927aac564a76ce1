"""What each player knows of the others' hands, from what happened at the table.

A player sees a face-up card go into another hand (a Punishment Pile's top); knows the
hand they gave away in a swap; and learns, from every draw or pile taken because a player
could not play, that the cards that player held then do not fit. ``Knowledge`` keeps this
per watcher and holder, as the game feeds it; ``agree`` deals a sampled world's hidden
cards again to fit it, so a search plays in worlds that agree with everything its seat
has seen.

A game feeds it through ``Learned``, a chain of what each move showed that is folded
into a ``Knowledge`` only when something asks (a world sampled for a search): a move adds
one link, where working the knowledge out at every move took 40% of a random playout. A
state that moves on holds a ``Learning``: its moves append to a list, linked on when asked
(making and freeing a link each took 5-8% of a random playout).

Not for: what a game's rules say a player learns (each game feeds its own), nor what a
bot makes of it. Everything here is immutable: a state's copy shares it, and a change
makes a new one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .state import hidden_places

if TYPE_CHECKING:
    from .rng import Rng
    from .state import Zone

# The unknown cards of a hand come in groups, each with the cards it may be, sorted (None:
# any). Tuples, not sets: a state's fields stay plain values (the soak pickles them).
Group = tuple[int, tuple[str, ...] | None]


class Holding(NamedTuple):
    """What one watcher knows of one other player's hand: ``known`` cards it holds for
    certain, and ``groups`` of unknown cards, each group with the cards it may be."""

    known: tuple[str, ...] = ()
    groups: tuple[Group, ...] = ()

    def gained(self, known: Sequence[str] = (), unknown: int = 0) -> Holding:
        groups = list(self.groups)
        if unknown:
            free = next((i for i, (_, allowed) in enumerate(groups) if allowed is None), None)
            if free is None:
                groups.append((unknown, None))
            else:
                groups[free] = (groups[free][0] + unknown, None)
        return Holding(self.known + tuple(known), tuple(groups))

    def played(self, cards: Sequence[str]) -> Holding:
        """The hand after ``cards`` left it: a known card first, else one from the most
        narrowly known group that may be that card (the weaker claim is kept)."""
        known = list(self.known)
        groups = list(self.groups)
        for card in cards:
            if card in known:
                known.remove(card)
                continue
            fitting = [
                i
                for i, (count, allowed) in enumerate(groups)
                if count and (allowed is None or card in allowed)
            ]
            if not fitting:
                fitting = [i for i, (count, _) in enumerate(groups) if count]
            if not fitting:
                continue
            index = min(fitting, key=lambda i: _breadth(groups[i][1]))
            count, allowed = groups[index]
            groups[index] = (count - 1, allowed)
        return Holding(tuple(known), tuple(g for g in groups if g[0]))

    def lacks(self, allowed: tuple[str, ...]) -> Holding:
        """Every unknown card of the hand is one of ``allowed``, sorted (it could not
        play)."""
        groups = [
            (count, allowed if mine is None else tuple(c for c in mine if c in allowed))
            for count, mine in self.groups
        ]
        return Holding(self.known, _merged(groups))


def _breadth(allowed: tuple[str, ...] | None) -> int:
    return 1_000 if allowed is None else len(allowed)


def _merged(groups: Sequence[Group]) -> tuple[Group, ...]:
    out: dict[tuple[str, ...] | None, int] = {}
    for count, allowed in groups:
        if count:
            out[allowed] = out.get(allowed, 0) + count
    return tuple((count, allowed) for allowed, count in out.items())


def exactly(hand: Sequence[str]) -> Holding:
    return Holding(tuple(hand), ())


class Knowledge(NamedTuple):
    """Per watcher, per other player: a ``Holding`` (``table[watcher][holder]``, None for
    the watcher's own hand). Every method returns a new one; two are equal when they
    know the same."""

    table: tuple[tuple[Holding | None, ...], ...]

    @classmethod
    def dealt(cls, players: int, hand_size: int) -> Knowledge:
        start = Holding((), ((hand_size, None),))
        return cls(
            tuple(tuple(None if w == h else start for h in range(players)) for w in range(players))
        )

    def of(self, watcher: int, holder: int) -> Holding | None:
        return self.table[watcher][holder]

    def blind(self, watcher: int) -> bool:
        """Whether ``watcher`` knows nothing of the other hands but their sizes."""
        return all(
            held is None or (not held.known and all(allowed is None for _, allowed in held.groups))
            for held in self.table[watcher]
        )

    def _each(self, holder: int, change: Callable[[Holding], Holding]) -> Knowledge:
        # Most watchers know the same of a hand (one Holding, shared): change it once.
        changed: dict[int, Holding] = {}
        rows = []
        for row in self.table:
            held = row[holder]
            if held is None:
                rows.append(row)
                continue
            new = changed.get(id(held))
            if new is None:
                new = changed[id(held)] = change(held)
            rows.append(row[:holder] + (new,) + row[holder + 1 :])
        return Knowledge(tuple(rows))

    def drew(self, holder: int, count: int) -> Knowledge:
        return self._each(holder, lambda held: held.gained(unknown=count))

    def took_pile(self, holder: int, pile: Sequence[str]) -> Knowledge:
        """``holder`` took a pile: its face-up top is seen by all, the rest by no one."""
        return self._each(holder, lambda held: held.gained(known=pile[-1:], unknown=len(pile) - 1))

    def played(self, holder: int, cards: Sequence[str]) -> Knowledge:
        return self._each(holder, lambda held: held.played(cards))

    def lacks(self, holder: int, allowed: tuple[str, ...]) -> Knowledge:
        return self._each(holder, lambda held: held.lacks(allowed))

    def swapped(
        self, seat: int, target: int, mine: Sequence[str], theirs: Sequence[str]
    ) -> Knowledge:
        """``seat`` gave ``mine`` to ``target`` and took ``theirs``: the two of them know
        both hands; everyone else's knowledge of the two hands changes places."""
        rows = []
        for watcher, row in enumerate(self.table):
            new = list(row)
            if watcher == seat:
                new[target] = exactly(mine)
            elif watcher == target:
                new[seat] = exactly(theirs)
            else:
                new[seat], new[target] = row[target], row[seat]
            rows.append(tuple(new))
        return Knowledge(tuple(rows))


class Learned:
    """What the table has shown of the hands so far, as a chain: each link is one change
    to a ``Knowledge`` (the name of its method and the arguments), and ``knowledge``
    folds the links into one when asked, keeping the result on the link so the next ask
    folds only what came after. A move adds a link (``then``); copies of a state share
    the chain, since no link ever changes what it says. Pickled as its knowledge, so a
    long match pickles flat."""

    __slots__ = ("before", "change", "args", "_known")

    def __init__(
        self,
        before: Learned | None,
        change: str = "",
        args: tuple[Any, ...] = (),
        known: Knowledge | None = None,
    ):
        self.before = before
        self.change = change
        self.args = args
        self._known = known

    @classmethod
    def start(cls, known: Knowledge) -> Learned:
        return cls(None, known=known)

    def then(self, change: str, *args: Any) -> Learned:
        """This chain with one more change: ``change`` is a ``Knowledge`` method's name."""
        return Learned(self, change, args)

    @property
    def knowledge(self) -> Knowledge:
        link: Learned | None = self
        waiting: list[Learned] = []
        while link is not None and link._known is None:
            waiting.append(link)
            link = link.before
        assert link is not None and link._known is not None  # the chain starts known
        known = link._known
        for link in reversed(waiting):
            known = getattr(known, link.change)(*link.args)
        self._known = known
        return known

    def __reduce__(self) -> tuple[Any, ...]:
        return (Learned.start, (self.knowledge,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Learned) and self.knowledge == other.knowledge

    __hash__ = None  # type: ignore[assignment]


class Learning:
    """``Learned`` for one state as it moves on: each change a move shows is appended to a
    list (``pending``, the ``Knowledge`` method's name and its arguments in one tuple), a
    fifth of a link's cost to make, and linked onto the chain only when the
    knowledge is asked for or the state is copied (``shared``). Never shared by two states:
    a copy takes ``shared()``. Equal when they know the same; pickled as the knowledge,
    like ``Learned``."""

    __slots__ = ("learned", "pending")

    def __init__(self, learned: Learned):
        self.learned = learned
        self.pending: list[tuple[Any, ...]] = []

    def chain(self) -> Learned:
        """The chain with every pending change linked on (none pending after)."""
        pending = self.pending
        if pending:
            learned = self.learned
            for change in pending:
                learned = Learned(learned, change[0], change[1:])
            self.learned = learned
            pending.clear()
        return self.learned

    @property
    def knowledge(self) -> Knowledge:
        return self.chain().knowledge

    def shared(self) -> Learning:
        """This state's learning for a copy of it: the same chain, a list of its own."""
        return Learning(self.chain())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Learning, (Learned.start(self.knowledge),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Learning) and self.knowledge == other.knowledge

    __hash__ = None  # type: ignore[assignment]


def deal_hands(
    hands: Sequence[int],
    holdings: Sequence[Holding | None],
    pool: list[str],
    shuffle: Callable[[list[str]], None],
) -> tuple[list[list[str]], list[str]]:
    """Deal ``pool`` (the hidden cards, already in a random order) to hands of the given
    sizes as the holdings say: each known card to its holder, each group's cards from
    those it may be (as many as the pool has; the rest at random). Returns the hands and
    what is left of the pool, still in a random order. A holding of ``None`` (the
    watcher's own hand, or a hand nothing is known of) gets its cards at random."""
    left = list(pool)
    dealt: list[list[str]] = [[] for _ in hands]
    for holder, holding in enumerate(holdings):
        if holding is None or not hands[holder]:
            continue
        hand = dealt[holder]
        for card in holding.known:
            if len(hand) < hands[holder] and card in left:
                left.remove(card)
                hand.append(card)
        for count, allowed in sorted(holding.groups, key=lambda g: _breadth(g[1])):
            if allowed is None:
                continue
            take = min(count, hands[holder] - len(hand))
            fits: list[int] = []
            for i, card in enumerate(left):
                if len(fits) >= take:
                    break
                if card in allowed:
                    fits.append(i)
            for i in reversed(fits):
                hand.append(left.pop(i))
    for holder, size in enumerate(hands):
        while len(dealt[holder]) < size and left:
            dealt[holder].append(left.pop())
    shuffle(left)
    return dealt, left


def agree(
    knowledge: Knowledge,
    seat: int,
    hands: Sequence[list[str]],
    zones: dict[str, Zone],
    rng: Rng,
) -> None:
    """Deal the hidden cards of a sampled world again, in place, so that they agree with
    what ``seat`` knows of the other ``hands`` (each ``hand:N`` zone of ``zones`` holds
    ``hands[N]``). The hidden cards are sorted first, as the engine's sample does: the
    deal depends only on what the seat knows. Every hidden place is one pool (a game whose
    zones keep their hidden cards apart in pools would deal each pool alone)."""
    places = hidden_places(zones, seat)
    pool = sorted(card for zone, hidden in places for card in zone.cards[:hidden])
    rng.shuffle(pool)
    players = len(hands)
    sizes = [len(hands[s]) if s != seat else 0 for s in range(players)]
    holdings = [None if s == seat else knowledge.of(seat, s) for s in range(players)]
    dealt, left = deal_hands(sizes, holdings, pool, rng.shuffle)
    for other in range(players):
        if other != seat:
            hands[other][:] = dealt[other]
    for zone, hidden in places:
        if not zone.name.startswith("hand:"):
            zone.cards[:hidden], left = left[:hidden], left[hidden:]
