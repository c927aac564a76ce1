"""Spite & Malice's rules: how each move plays out on ``SpiteMaliceState``'s fields
(cards taken and landed, a capped pile and its Malice card, 1s that play themselves,
draws, Spite cards, stores and the end of a turn, a win or a drawn game), and the end of
progress (``no_build_ever``, ``reach``).

The rules of ``../shared/seeds/003_01cac0d48be00358.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``rules_help.md``. Only the rules: no drawing, no
bots.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from cardtable.engine import Event, GameState, announce, move

from .tables import (
    _ONES,
    _SEATS,
    _TURN_EVENTS,
    _UNDER,
    BUILD_NAMES,
    SEAT_ZONE_NAMES,
    TurnMoves,
    _event,
)
from .vocabulary import (
    _HAND_SOURCE_FOR,
    _UP_SOURCE,
    _VALUE,
    BURY_CARD,
    CAP,
    HAND_SIZE,
    NO_WILD_VALUES,
    PHASE_BUILD,
    PHASE_GIVE,
    PHASE_OVER,
    UP,
    Move,
    Source,
    card_value,
    is_wild,
    spite_kind,
    who,
)

# The announcements of the usual moves, each made once (an event never changes): a
# Wild played, a 1 that plays itself, a capped pile and the Malice card given, a Spite
# card, Go Again, and the Draw Pile refilled.


@lru_cache(maxsize=4096)
def _wild_played(seat: int, value: int, pile: int) -> Event:
    text = f"{who(seat)} plays a Wild as {value}"
    return announce(text, seat, what="wild", seats=(seat,), value=value, pile=pile)


@lru_cache(maxsize=4096)
def _one_played(seat: int, pile: int) -> Event:
    text = f"{who(seat)} must play a 1: Build Pile {pile} starts"
    return announce(text, seat, what="one-played", seats=(seat,), pile=pile)


@lru_cache(maxsize=4096)
def _capped(seat: int, pile: int) -> Event:
    text = f"{who(seat)} caps Build Pile {pile} and gives a Malice card"
    return announce(text, seat, what="capped", seats=(seat,), pile=pile)


@lru_cache(maxsize=4096)
def _malice_given(seat: int, target: int) -> Event:
    text = f"{who(seat)} gives {who(target)} a Malice card"
    return announce(text, seat, what="malice-given", seats=(seat, target))


@lru_cache(maxsize=4096)
def _spite_played(seat: int, kind: str, target: int, out_of_turn: bool) -> Event:
    text = f"{who(seat)} plays {kind} at {who(target)}"
    what = f"spite-{kind.lower()}"
    return announce(text, seat, what=what, seats=(seat, target), out_of_turn=out_of_turn)


@lru_cache(maxsize=4096)
def _go_again(seat: int) -> Event:
    return announce(
        f"{who(seat)} built out the hand: Go Again", seat, what="go-again", seats=(seat,)
    )


_REFILLED = announce(
    "The Draw Pile is empty: the Discard Pile is shuffled into a new one", what="refill"
)


class SpiteMaliceRules(GameState):
    """The moves of ``SpiteMaliceState`` and what they lead to."""

    # The state's fields and questions these rules read and change (``SpiteMaliceState``
    # sets them out and answers them).
    spite_on: bool
    hands: list[list[str]]
    stacks: list[list[str]]
    ups: list[list[str]]
    stores: list[list[list[str]]]
    builds: list[list[str]]
    discard: list[str]
    draw: list[str]
    phase: str
    current: int
    to_act: tuple[int, ...]
    is_over: bool
    spite_open: bool
    hand_built_out: bool
    winner: int | None
    drawn_game: bool
    _turn_moves: Callable[[int], TurnMoves]

    # -- carrying moves out ------------------------------------------------------------

    def _land(
        self, seat: int, source: Source, pile: int, value: int | None = None, turn: bool = True
    ) -> list[Event]:
        """A card from ``source`` goes onto Build Pile ``pile`` (a Wild as ``value``); an UP
        card played is followed by the next one turning up (or the win), unless ``turn`` is
        False (a Wild, whose cover lands first)."""
        # The card leaves its source (written out here: every build takes one).
        kind = source.kind
        if kind == "hand":
            card = source.card or ""
            hand = self.hands[seat]
            hand.remove(card)
            zone = SEAT_ZONE_NAMES[seat][0]
            if not hand:
                self.hand_built_out = True
        elif kind == "store":
            store = (source.pile or 1) - 1
            card = self.stores[seat][store].pop()
            zone = SEAT_ZONE_NAMES[seat][3][store]
        else:
            card = self.ups[seat].pop()
            zone = SEAT_ZONE_NAMES[seat][2]
        built = self.builds[pile - 1]
        built.append(card)
        events = [
            _event(("move", (card,), zone, BUILD_NAMES[pile - 1], "up", seat, "", {}, "", ()))
        ]
        if value is not None:
            events.append(_wild_played(seat, value, pile))
        self.spite_open = True
        if kind == UP and turn:
            events += self._after_up(seat)
            if self.phase == PHASE_OVER:
                return events
        if len(built) == CAP:
            events += self._cap(seat, pile)
        return events

    def _after_up(self, seat: int) -> list[Event]:
        """The UP card has been played: the next one turns up, or the last one won."""
        if not self.stacks[seat]:
            return self._win(seat)
        return self._turn_up(seat)

    def _turn_up(self, seat: int) -> list[Event]:
        if not self.stacks[seat] or self.ups[seat]:
            return []
        card = self.stacks[seat].pop()
        self.ups[seat].append(card)
        _hand, stack, up, _stores = SEAT_ZONE_NAMES[seat]
        return [_event(("move", (card,), stack, up, "up", seat, "", {}, "", ()))]

    def _cap(self, seat: int, pile: int) -> list[Event]:
        cards = list(self.builds[pile - 1])
        self.builds[pile - 1].clear()
        self.discard.extend(cards)
        self.phase = PHASE_GIVE
        return [
            move(cards, f"build:{pile}", "discard", face="up", seat=seat),
            _capped(seat, pile),
        ]

    def _settle(self, seat: int) -> list[Event]:
        """What the rules do by themselves during a turn: 1s are played the moment they
        must be (from hand and UP), and a hand built out draws five (Go Again)."""
        events: list[Event] = []
        up = self.ups[seat]  # both changed in place only
        hand = self.hands[seat]
        while self.phase == PHASE_BUILD:
            if up and up[-1] in _ONES:
                events += self._play_one(seat, _UP_SOURCE)
            elif not _ONES.isdisjoint(hand):
                one = next(card for card in hand if card in _ONES)
                events += self._play_one(seat, _HAND_SOURCE_FOR[one])
            elif self.hand_built_out and not hand:
                self.hand_built_out = False
                drawn = self._draw(seat, HAND_SIZE)
                if not drawn:
                    break
                events.append(_go_again(seat))
                events += drawn
            else:
                self.hand_built_out = False
                break
        return events

    def _play_one(self, seat: int, source: Source) -> list[Event]:
        pile = [*map(len, self.builds)].index(0) + 1  # there is always a free pile
        events = [
            _one_played(seat, pile),
        ]
        return events + self._land(seat, source, pile)

    def _draw_card(self) -> tuple[str | None, list[Event]]:
        """The top card of the Draw Pile, refilling it from the Discard Pile if need be."""
        events: list[Event] = []
        if not self.draw and self.discard:
            cards = list(self.discard)
            self.discard.clear()
            self.rng.shuffle(cards)
            self.draw.extend(cards)
            events += [
                move(cards, "discard", "draw", face="down"),
                Event("shuffle", src="draw"),
                _REFILLED,
            ]
        if not self.draw:
            return None, events
        return self.draw.pop(), events

    def _draw(self, seat: int, count: int) -> list[Event]:
        draw = self.draw
        if not draw and not self.discard:  # nothing to draw (most of a long game's end)
            return []
        if len(draw) >= count:  # the usual case: no refill, the cards at once
            if count <= 0:
                return []
            drawn = draw[-count:][::-1]  # one at a time off the top
            del draw[-count:]
            self.hands[seat] += drawn
            hand = SEAT_ZONE_NAMES[seat][0]
            return [_event(("move", tuple(drawn), "draw", hand, seat, seat, "", {}, "", ()))]
        events: list[Event] = []
        drawn = []
        for _ in range(count):
            card, more = self._draw_card()
            if more:
                if drawn:
                    events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
                    drawn = []
                events += more
            if card is None:
                break
            self.hands[seat].append(card)
            drawn.append(card)
        if drawn:
            events.append(move(drawn, "draw", f"hand:{seat}", face=seat, seat=seat))
        return events

    def _give(self, seat: int, target: int) -> list[Event]:
        self.phase = PHASE_BUILD
        card, events = self._draw_card()
        if card is not None:
            self.stacks[target].insert(0, card)
            events += [
                move(card, "draw", f"stack:{target}", face="down", seat=seat),
                _malice_given(seat, target),
            ]
        return events + self._settle(seat)

    def _spite(self, seat: int, parsed: Move) -> list[Event]:
        kind, target = parsed.spite or "", parsed.target or 0
        card = f"WS-{kind}"
        self.hands[seat].remove(card)
        self.discard.append(card)
        events = [
            move(card, f"hand:{seat}", "discard", face="up", seat=seat),
            _spite_played(seat, kind, target, seat != self.current),
        ]
        if kind == "DUMP":
            cards = list(self.hands[target])
            self.hands[target].clear()
            self.discard.extend(cards)
            events.append(move(cards, f"hand:{target}", "discard", face="up", seat=target))
        elif kind == "BURY":
            buried = self.ups[target].pop()
            self.stacks[target].insert(0, buried)
            events.append(move(buried, f"up:{target}", f"stack:{target}", face="up", seat=target))
            events += self._turn_up(target)
        else:
            drawn, more = self._draw_card()
            events += more
            if drawn is not None:
                self.stacks[target].insert(0, drawn)
                events.append(move(drawn, "draw", f"stack:{target}", face="down", seat=target))
        if target == self.current and seat != self.current and self.phase == PHASE_BUILD:
            events += self._settle(target)  # a turned-up 1 is played at once
        return events

    def _store(self, seat: int, card: str, pile: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.stores[seat][pile - 1].append(card)
        hand, _stack, _up, stores = SEAT_ZONE_NAMES[seat]
        events = [_event(("move", (card,), hand, stores[pile - 1], "up", seat, "", {}, "", ()))]
        return events + self._start_turn((seat + 1) % self.players)

    def _end(self, seat: int) -> list[Event]:
        hand = list(self.hands[seat])
        events: list[Event] = []
        if len(hand) == HAND_SIZE and not self._hand_can_build(seat):
            self.hands[seat].clear()
            self.discard.extend(hand)
            events += [
                announce(
                    f"{who(seat)} is stuck: the hand is shown and discarded",
                    seat,
                    what="stuck",
                    seats=(seat,),
                    cards=hand,
                ),
                move(hand, f"hand:{seat}", "discard", face="up", seat=seat),
            ]
        elif hand:
            events.append(
                announce(
                    f"{who(seat)} holds only 2s and Wilds and ends the turn without storing",
                    seat,
                    what="shown",
                    seats=(seat,),
                    cards=hand,
                )
            )
        return events + self._start_turn((seat + 1) % self.players)

    def _hand_can_build(self, seat: int) -> bool:
        builds, wilds, _stores, _two, _spites = self._turn_moves(seat)
        return any(action.code.split()[1] == "hand" for action in builds + wilds)

    def _start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.to_act = _SEATS[seat]
        self.phase = PHASE_BUILD
        self.spite_open = False
        self.hand_built_out = False
        events: list[Event] = [_TURN_EVENTS[seat]]
        missing = HAND_SIZE - len(self.hands[seat])
        # (A full hand draws nothing, and nothing is drawn from an empty Draw Pile with no
        # Discard Pile to refill it: much of a long game.)
        if missing > 0 and (self.draw or self.discard):
            events += self._draw(seat, missing)
        up = self.ups[seat]
        if (up and up[-1] in _ONES) or not _ONES.isdisjoint(self.hands[seat]):
            events += self._settle(seat)  # (without a 1 to play nothing settles)
        if self.phase == PHASE_BUILD and self.no_build_ever():
            events += self._draw_game()
        return events

    def _win(self, seat: int) -> list[Event]:
        self.winner = seat
        events = [
            announce(
                f"{who(seat)} plays the last card of the Card Stack and wins!",
                seat,
                what="win",
                seats=(seat,),
            )
        ]
        return events + self._game_over()

    def _draw_game(self) -> list[Event]:
        self.drawn_game = True
        events = [
            announce(
                "No card can ever be built again: the game is a draw",
                what="draw-game",
            )
        ]
        return events + self._game_over()

    def _game_over(self) -> list[Event]:
        self.phase = PHASE_OVER
        self.to_act = ()
        self.is_over = True
        self.spite_open = False
        result = self.result
        return [Event("over", data=result.to_dict() if result else {})]

    # -- the end of progress -----------------------------------------------------------

    def no_build_ever(self) -> bool:
        """True when no card can ever go onto a Build Pile again, whatever anyone does.

        Without a build the Build Piles stay as they are, and a player can only ever reach
        their own hand, UP card and Store Pile tops (a stored card comes from their hand and
        covers what was below), plus the cards that can pass through the Draw Pile: what
        lies in the Draw and Discard Piles and the hand cards that can still be discarded
        (a stuck hand of 2s and Wilds, a Spite card, a hand hit by DUMP). While a BURY card
        can still be played, every card of a player's Card Stack can turn up too. If no
        card a player can reach fits a Build Pile, and no Wild they can reach has a cover
        they can reach, nothing can ever change that: see ``reach``.
        """
        # The usual case of all: a card some seat holds or may draw fits by itself. What
        # each seat holds now (its hand, UP card, Store Pile tops, and the Draw and
        # Discard Piles) is within its reach, so if any of it fits, the reach fits too.
        # (Plain loops: quicker than a chain of iterators for the few cards looked at.)
        sizes = {*map(len, self.builds)}
        under = _UNDER
        for card in self.draw:
            if under[card] in sizes:
                return False
        for card in self.discard:
            if under[card] in sizes:
                return False
        for cards in (*self.hands, *self.ups):
            for card in cards:
                if under[card] in sizes:
                    return False
        for piles in self.stores:
            for pile in piles:
                if pile and under[pile[-1]] in sizes:
                    return False
        needs = {size + 1 for size in sizes}
        wild_needs = {need for need in needs if need not in NO_WILD_VALUES}

        def fits(values: set[int | None]) -> bool:
            # Whether some card of ``values`` could go onto a Build Pile (alone, or as the
            # cover of a Wild among them). More cards never fit less.
            if values & needs:
                return True
            return None in values and any(need + 1 in values for need in wild_needs)

        # Else each seat with every card it holds or may draw, Wilds and covers included.
        value = _VALUE.__getitem__
        common = set(map(value, self.draw))
        common.update(map(value, self.discard))
        for seat in range(self.players):
            held = common.union(map(value, self.hands[seat]), map(value, self.ups[seat]))
            held.update(value(pile[-1]) for pile in self.stores[seat] if pile)
            if fits(held):
                return False
        return not any(fits(set(map(value, cards))) for cards in self.reach())

    def reach(self) -> list[list[str]]:
        """For each seat, every card it could ever build from if no one builds again (an
        over-estimate: ``no_build_ever`` must never end a game that could go on)."""
        pool = self.draw + self.discard  # cards that can come into any hand
        taken: list[set[int]] = [set() for _ in range(self.players)]  # hand indexes pooled
        changed = True
        while changed:
            changed = False
            dump = self.spite_on and (
                "WS-DUMP" in pool
                or any(
                    "WS-DUMP" in self.hands[q] and self._dump_target(q, pool)
                    for q in range(self.players)
                )
            )
            for q, hand in enumerate(self.hands):
                can_fill = len(hand) == HAND_SIZE or bool(pool)
                for index, card in enumerate(hand):
                    if index in taken[q]:
                        continue
                    if (
                        dump
                        or (can_fill and (is_wild(card) or card_value(card) == 2))
                        or (self.spite_on and self._spite_goes(q, card, pool))
                    ):
                        taken[q].add(index)
                        pool.append(card)
                        changed = True
        bury = self.spite_on and BURY_CARD in pool
        out = []
        for seat in range(self.players):
            cards = self.hands[seat] + self.ups[seat] + pool
            cards += [pile[-1] for pile in self.stores[seat] if pile]
            if bury:
                cards += self.stacks[seat]
            out.append(cards)
        return out

    def _dump_target(self, seat: int, pool: list[str]) -> bool:
        return bool(pool) or any(self.hands[t] for t in range(self.players) if t != seat)

    def _spite_goes(self, seat: int, card: str, pool: list[str]) -> bool:
        """Whether a Spite card in ``seat``'s hand could ever be played (to the Discard)."""
        if not is_wild(card):
            return False
        kind = spite_kind(card)
        if kind == "MALICE":
            return True
        if kind == "BURY":
            return any(self.stacks[t] for t in range(self.players) if t != seat)
        return self._dump_target(seat, pool)
