"""Spite & Malice's state: the table's zones and the game's contract (what may be done,
by whom, what each seat sees, how it ended), with what may be played now.

Zones (every pile keeps its top card last): ``hand:N``, ``stack:N`` (the face-down Card
Stack), ``up:N`` (the UP card), ``store:N:K`` (Store Pile K = 1-4 of seat N), ``build:P``
(Build Pile P = 1-8: there are eight 1s), ``draw`` and ``discard`` (everyone sees its top).

Out of turn: a seat that is not in ``to_act`` has legal actions exactly while it may play
a Spite card, that is from the moment another player's card lands on a Build Pile until
that player's next move. No timed ``Window``: the chance lasts as long as the rule says
(until the builder moves), and the referee asks bots (``Bot.out_of_turn``) and pauses for
humans after each move that opens it.

How each move plays out is in ``rules``, why a move is refused in ``refusals``.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    TOP,
    Action,
    BadOption,
    Event,
    GameState,
    IllegalAction,
    Result,
    Zone,
    announce,
    zones_kept,
)

from .refusals import SpiteMaliceRefusals
from .rules import SpiteMaliceRules
from .tables import (
    _GIVES,
    _HAND,
    _HAND_SOURCES,
    _MALICE_AT,
    _ONES,
    _ONTO,
    _OTHERS,
    _SPITE_ROWS,
    _STORE_SOURCES,
    _TOP_ROWS,
    _TOP_SOURCES,
    _TWOS,
    _WILD_CARDS,
    _WILD_MOVES,
    _WILD_PILE,
    BUILD_NAMES,
    END_ACTION,
    SEAT_ZONE_NAMES,
    TurnMoves,
    _event,
    _one,
    _onto,
)
from .vocabulary import (
    BUILD_SLOTS,
    BURY_CARD,
    DEAL_SIZE,
    DUMP_CARD,
    MALICE_CARD,
    MAX_STACK_CARDS,
    PHASE_BUILD,
    PHASE_GIVE,
    PHASE_OVER,
    STORE_PILES,
    UP,
    bordered_deck,
    card_value,
    parse,
    plain_deck,
    stack_limit,
    who,
    wild_code,
)


class SpiteMaliceState(SpiteMaliceRules, SpiteMaliceRefusals, GameState):
    game_id = "spite-malice"

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.spite_on: bool = bool(options.get("spite", True))
        self.stack_size: int = int(options.get("stack", 8))
        if self.stack_size > stack_limit(players):
            raise BadOption(
                f"with {players} players a Card Stack holds at most {stack_limit(players)} "
                f"cards ({MAX_STACK_CARDS} in all)"
            )
        if deck is None:
            bordered, plain = bordered_deck(), plain_deck()
            self.rng.shuffle(bordered)
            self.rng.shuffle(plain)
            events: list[Event] = [Event("shuffle", src="draw")]
        else:
            bordered = [card for card in deck if card.startswith("b")]
            plain = [card for card in deck if not card.startswith("b")]
            events = []
        events.insert(0, Event("deal", text="Card Stacks, then four cards each."))
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.stacks: list[list[str]] = [[] for _ in range(players)]
        self.ups: list[list[str]] = [[] for _ in range(players)]
        self.stores: list[list[list[str]]] = [
            [[] for _ in range(STORE_PILES)] for _ in range(players)
        ]
        self.builds: list[list[str]] = [[] for _ in range(BUILD_SLOTS)]
        self.discard: list[str] = []
        self.phase = PHASE_BUILD
        self.current = 0
        self.spite_open = False  # the current player's card landed; they have not moved since
        self.hand_built_out = False  # the last hand card went onto a Build Pile
        self.winner: int | None = None
        self.drawn_game = False
        # Card Stacks from the bordered deck (then the non-bordered one, for big stacks),
        # one card at a time from the dealer's left; the last card dealt turns up.
        for _ in range(self.stack_size):
            for step in range(1, players + 1):
                seat = step % players
                card = bordered.pop(0) if bordered else plain.pop(0)
                self.stacks[seat].append(card)
                stack = SEAT_ZONE_NAMES[seat][1]
                dealt = ("move", (card,), "draw", stack, "down", seat, "", {"dealt": True}, "", ())
                events.append(_event(dealt))
        for seat in range(players):
            events += self._turn_up(seat)
        # The Draw Pile: the non-bordered cards on top of the rest of the bordered ones.
        self.draw: list[str] = list(reversed(bordered)) + list(reversed(plain))
        for _ in range(DEAL_SIZE):
            for step in range(1, players + 1):
                seat = step % players
                card = self.draw.pop()
                self.hands[seat].append(card)
                hand = SEAT_ZONE_NAMES[seat][0]
                events.append(_event(("move", (card,), "draw", hand, seat, seat, "", {}, "", ())))
        first = self.first_player()
        tied = sum(self._up_rank(seat) == self._up_rank(first) for seat in range(players)) > 1
        events.append(
            announce(
                f"{who(first)} ties for the highest UP card and goes first, nearest the "
                "dealer's left"
                if tied
                else f"{who(first)} has the highest UP card and goes first",
                first,
                what="first-player",
                seats=(first,),
            )
        )
        events += self._start_turn(first)
        self.setup_events = events

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return bordered_deck() + plain_deck()

    def first_player(self) -> int:
        """The highest UP card; a tie goes to the tied player closest to the dealer's left."""
        order = [step % self.players for step in range(1, self.players + 1)]
        return max(order, key=lambda seat: (self._up_rank(seat), -order.index(seat)))

    def _up_rank(self, seat: int) -> int:
        up = self.ups[seat]
        value = card_value(up[-1]) if up else None
        return 0 if value is None else value

    # -- the contract ------------------------------------------------------------------

    # The seats to act and whether the game is over: plain fields, set where the turn
    # passes and where the game ends (``_start_turn``, ``_game_over``), for a roll-out
    # asks both every step.
    to_act: tuple[int, ...] = ()
    is_over: bool = False

    def legal_actions(self, seat: int) -> list[Action]:
        """The kernel's ``legal_actions`` written out (a roll-out asks twice a step): a seat
        not to act answered at once (its Spite cards while a chance to spite is open, most
        often none), the seat on turn's listing remembered until the state changes."""
        if seat != self.current or type(seat) is not int:
            if type(seat) is not int or not 0 <= seat < self.players:
                return GameState.legal_actions(self, seat)  # (refuses a seat the table lacks)
            # (no chance to spite is open once the game is over; without a Wild-Spite card
            # in hand there is no Spite card to play)
            if not self.spite_open or _WILD_CARDS.isdisjoint(self.hands[seat]):
                return []
            return self._spites(seat) if self.phase != PHASE_OVER else []
        known = self._legal.get(seat)
        if known is not None:
            return list(known)
        phase = self.phase
        if phase != PHASE_BUILD:  # over, or a Malice card to give
            known = (
                []
                if phase == PHASE_OVER
                else [*map(_GIVES.__getitem__, _OTHERS[self.players][seat])]
            )
        else:
            # Building: builds, Wild builds, Spite cards, then the stores (or ``end``)
            # unless a 2 must be played.
            known, wilds, stores, two, spites = self._turn_moves(seat)
            if wilds:
                known += wilds
            if spites and self.spite_on:
                known += self._spites(seat)
            if two is None:
                if stores:
                    known += stores
                else:
                    known.append(END_ACTION)
        self._legal[seat] = known
        return list(known)

    legal_actions.seat_checked = True  # type: ignore[attr-defined]

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if self.spite_on:
            return (
                "It is not your turn: out of turn you may only play a Spite card, right after "
                "another player's card lands on a Build Pile."
            )
        return "It is not your turn."

    def explain(self, seat: int, code: str) -> str:
        try:
            parsed = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if seat != self.current:
            if parsed.kind != "spite":
                return self.explain_out_of_turn(seat, code)
            if not self.spite_open:
                return (
                    "Out of turn a Spite card is played only right after another player's card "
                    "lands on a Build Pile, until that player's next move."
                )
            return self._explain_spite(seat, parsed)
        if self.phase == PHASE_GIVE:
            return "You capped a Build Pile: first give its Malice card, 'give N'."
        if parsed.kind == "give":
            return "You give a Malice card only after capping a Build Pile with a 13."
        if parsed.kind == "spite":
            return self._explain_spite(seat, parsed)
        if parsed.kind in ("store", "end"):
            two = self.two_to_play(seat)
            if two is not None:
                return f"A 2 may not be held while Build Pile {two} shows a 1: play your 2 first."
            if parsed.kind == "end":
                return "Store a card from your hand to end your turn."
            return self._explain_store(seat, parsed)
        if parsed.kind == "build":
            return self._explain_build(seat, parsed)
        return self._explain_wild(seat, parsed)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        parsed = parse(action.code)
        if seat != self.current:
            return self._spite(seat, parsed)
        self.spite_open = False  # the player moved: a chance to spite them has passed
        kind = parsed.kind  # the usual moves first
        if kind == "build":
            assert parsed.source is not None and parsed.pile is not None
            events = self._land(seat, parsed.source, parsed.pile)
        elif kind == "store":
            return self._store(seat, parsed.card or "", parsed.pile or 1)
        elif kind == "end":
            return self._end(seat)
        elif kind == "give":
            return self._give(seat, parsed.target or 0)
        elif kind == "spite":
            events = self._spite(seat, parsed)
            return events + self._settle(seat)
        else:
            assert parsed.source and parsed.cover and parsed.pile and parsed.value is not None
            # The Wild and its cover land as one move; an UP Wild's next card turns after.
            events = self._land(seat, parsed.source, parsed.pile, value=parsed.value, turn=False)
            events += self._land(seat, parsed.cover, parsed.pile)
            if parsed.source.kind == UP:
                events += self._after_up(seat)
        # 1s play themselves, a hand built out draws (``_settle``, asked only when there
        # is one or the other: most builds leave nothing to settle).
        up = self.ups[seat]
        if self.phase == PHASE_BUILD and (
            self.hand_built_out
            or (up and up[-1] in _ONES)
            or not _ONES.isdisjoint(self.hands[seat])
        ):
            events += self._settle(seat)
        return events

    def zones(self) -> dict[str, Zone]:
        piles = [self.draw, self.discard, *self.builds, *self.hands, *self.stacks, *self.ups]
        for seat_piles in self.stores:
            piles += seat_piles
        return zones_kept(self, piles, self._make_zones)

    def _make_zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw, NONE),
            "discard": Zone("discard", self.discard, TOP),
        }
        for name, cards in zip(BUILD_NAMES, self.builds, strict=True):
            zones[name] = Zone(name, cards, ALL)
        for seat in range(self.players):
            hand, stack, up, stores = SEAT_ZONE_NAMES[seat]
            zones[hand] = Zone(hand, self.hands[seat], OWNER, seat)
            zones[stack] = Zone(stack, self.stacks[seat], NONE, seat)
            zones[up] = Zone(up, self.ups[seat], ALL, seat)
            for name, cards in zip(stores, self.stores[seat], strict=True):
                zones[name] = Zone(name, cards, ALL, seat)
        return zones

    def cards_left(self, seat: int) -> int:
        """What is left of a player's Card Stack, the UP card included."""
        return len(self.stacks[seat]) + len(self.ups[seat])

    @property
    def result(self) -> Result | None:
        if self.phase != PHASE_OVER:
            return None
        left = [self.cards_left(seat) for seat in range(self.players)]
        ranking: list[list[int]] = []
        others = list(range(self.players))
        if self.winner is not None:
            ranking.append([self.winner])
            others.remove(self.winner)
        for count in sorted({left[seat] for seat in others}):
            ranking.append([seat for seat in others if left[seat] == count])
        scores = [-count for count in left]
        detail = {"winner": self.winner, "drawn": self.drawn_game, "cards_left": left}
        return Result(scores=scores, ranking=ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "current": self.current,
            "spite": self.spite_on,
            "spite_open": self.spite_open,
            "needs": [self.need(pile) for pile in range(1, BUILD_SLOTS + 1)],
            "build_piles": [list(pile) for pile in self.builds],
            "stack_counts": [len(stack) for stack in self.stacks],
            "cards_left": [self.cards_left(s) for s in range(self.players)],
            "up_cards": [up[-1] if up else None for up in self.ups],
            "store_piles": [[list(pile) for pile in piles] for piles in self.stores],
            "hand_counts": [len(hand) for hand in self.hands],
            "draw_count": len(self.draw),
            "discard_count": len(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
        }

    def copy(self) -> SpiteMaliceState:
        """A deep copy, written out because search bots copy states thousands of times."""
        new = self._twin()
        new.hands = [list(h) for h in self.hands]
        new.stacks = [list(s) for s in self.stacks]
        new.ups = [list(u) for u in self.ups]
        new.stores = [[list(p) for p in piles] for piles in self.stores]
        new.builds = [list(b) for b in self.builds]
        new.discard = list(self.discard)
        new.draw = list(self.draw)
        return new

    # -- what may be played ------------------------------------------------------------

    def need(self, pile: int) -> int:
        """The value Build Pile ``pile`` (1-8) takes next: a pile of k cards shows k."""
        return len(self.builds[pile - 1]) + 1

    def sources(self, seat: int) -> list[tuple[str, str]]:
        """(source code, card) for every card ``seat`` may build from: each distinct hand
        card, the UP card, each Store Pile top."""
        out = [(_HAND_SOURCES[card], card) for card in dict.fromkeys(self.hands[seat])]
        if self.ups[seat]:
            out.append((UP, self.ups[seat][-1]))
        for source, cards in zip(_STORE_SOURCES, self.stores[seat], strict=True):
            if cards:
                out.append((source, cards[-1]))
        return out

    def piles_needing(self, value: int) -> list[int]:
        """The Build Piles that take ``value`` next (never an empty one: 1s play themselves)."""
        if value == 1:
            return []
        return [pile for pile, cards in enumerate(self.builds, 1) if len(cards) + 1 == value]

    def build_codes(self, seat: int) -> list[str]:
        """The builds of ``seat``: ``build hand b5 on 2`` and the like."""
        return [action.code for action in self._turn_moves(seat)[0]]

    def wild_codes(self, seat: int) -> list[str]:
        """The Wild builds of ``seat``: ``wild hand WS-DUMP as 5 on 2 then hand 6``."""
        return [action.code for action in self._turn_moves(seat)[1]]

    def two_to_play(self, seat: int) -> int | None:
        """The Build Pile showing a 1 that a 2 in ``seat``'s hand must go on, if any."""
        return self._turn_moves(seat)[3]

    def _turn_moves(self, seat: int) -> TurnMoves:
        """In one pass over what ``seat`` holds (a listing of legal moves is most of a
        playout): its builds (by source: each distinct hand card, the UP card, the Store
        Pile tops; then by pile), its Wild builds (by pile, Wild, cover), the stores its
        hand allows, the Build Pile showing a 1 that a 2 in its hand must go on, and
        whether its hand holds a Wild-Spite card."""
        # The size of each Build Pile: a card goes onto the piles one smaller than its
        # value. Most cards fit none, and one that fits most often fits one pile: found
        # by ``sizes.index``, without ``_onto``'s call.
        sizes = [*map(len, self.builds)]
        held_sizes = set(sizes)
        builds: list[Action] = []
        stores: list[Action] = []
        hand = self.hands[seat]
        distinct = dict.fromkeys(hand) if len(hand) > 1 else hand
        for card in distinct:
            row, stored, onto = _HAND[card]
            stores += stored
            if onto in held_sizes:
                if sizes.count(onto) == 1:
                    builds.append(row[sizes.index(onto)])
                else:
                    builds += _onto(row, sizes, onto)
        spites = wild = not _WILD_CARDS.isdisjoint(hand)
        two = not _TWOS.isdisjoint(hand)
        # The UP card and the Store Pile tops.
        for row, cards in zip(_TOP_ROWS, [self.ups[seat], *self.stores[seat]], strict=True):
            if cards:
                onto = _ONTO[cards[-1]]
                if onto in held_sizes:
                    if sizes.count(onto) == 1:
                        builds.append(row[sizes.index(onto)])
                    else:
                        builds += _onto(row, sizes, onto)
                elif onto is None:
                    wild = True
        wilds = self._wild_moves(seat, distinct, sizes, held_sizes) if wild else []
        ones = 1 in sizes if two else False
        return builds, wilds, stores, sizes.index(1) + 1 if ones else None, spites

    def _wild_moves(
        self, seat: int, distinct: Any, sizes: list[int], held_sizes: set[int]
    ) -> list[Action]:
        """The Wild builds of ``seat`` (``_turn_moves``): by Build Pile, Wild, cover."""
        # The Wilds' sources, and the covers' by the size of the Build Pile they cover a
        # Wild on, in source order: each distinct hand card, the UP card, the Store Pile
        # tops (a Wild covers nothing: its size is None, so a Wild is never covered from
        # its own source).
        wild_sources: list[str] = []
        covers: dict[int | None, list[str]] = {}
        for card in distinct:
            size = _WILD_PILE[card]
            if size in held_sizes:
                covers.setdefault(size, []).append(_HAND_SOURCES[card])
            elif card in _WILD_CARDS:
                wild_sources.append(_HAND_SOURCES[card])
        for source, cards in zip(_TOP_SOURCES, [self.ups[seat], *self.stores[seat]], strict=True):
            if cards:
                size = _WILD_PILE[cards[-1]]
                if size in held_sizes:
                    covers.setdefault(size, []).append(source)
                elif cards[-1] in _WILD_CARDS:
                    wild_sources.append(source)
        if not covers:
            return []
        wilds: list[Action] = []
        for pile, size in enumerate(sizes, 1):
            if size not in covers:
                continue
            pile_covers = covers[size]
            key = pile, size + 1
            for source in wild_sources:
                by_cover = _WILD_MOVES[source]
                for cover in pile_covers:
                    found = by_cover[cover]
                    action = found.get(key)
                    if action is None:
                        action = found[key] = _one(wild_code(source, size + 1, pile, cover))
                    wilds.append(action)
        return wilds

    def spite_targets(self, seat: int, kind: str) -> list[int]:
        targets = []
        for target in range(self.players):
            if target == seat:
                continue
            if kind == "DUMP" and not self.hands[target]:
                continue
            if kind == "BURY" and not self.stacks[target]:
                continue
            targets.append(target)
        return targets

    def spite_codes(self, seat: int) -> list[str]:
        return [action.code for action in self._spites(seat)] if self.spite_on else []

    def _spites(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if not self.spite_on or _WILD_CARDS.isdisjoint(hand):
            return []
        others = _OTHERS[self.players][seat]
        spites: list[Action] = []
        # DUMP at a player with cards in hand, BURY at one with a card under the UP card,
        # MALICE at anyone (``spite_targets``).
        # (Plain loops: a comprehension is a call of its own.)
        if DUMP_CARD in hand:
            row, hands = _SPITE_ROWS[DUMP_CARD], self.hands
            for target in others:
                if hands[target]:
                    spites.append(row[target])
        if BURY_CARD in hand:
            row, stacks = _SPITE_ROWS[BURY_CARD], self.stacks
            for target in others:
                if stacks[target]:
                    spites.append(row[target])
        if MALICE_CARD in hand:
            spites += _MALICE_AT[self.players][seat]
        return spites
