"""MEAN!'s rules: how each move plays out on ``MeanState``'s fields, and what follows
(the Card Direction, the swap, a clear, a MEAN! answered or punished, replenished
Punishment Piles, the turn passing, a win, a loss on an Eight, an endless game called).

The rules of ``../shared/seeds/000_87ce04081c831e0b.txt`` with the rulings of RULINGS.md
and the "Rulings Card Table follows" in ``rules_help.md``. Only the rules: no drawing, no
bots.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from cardtable.engine import Action, Event, GameState, announce
from cardtable.engine.knowledge import Learning

from .tables import (
    ANSWERS,
    CANNOT_ANSWER,
    CANNOT_FOLLOW,
    CLEARED,
    DIRECTION_EVENTS,
    DRAWN,
    END_GAME,
    HAND_ZONES,
    PILE_ZONES,
    PLAY_EVENTS,
    PLAY_SHUFFLED,
    REPLENISH,
    RESOLVED,
    RESTARTS,
    SWAPPED,
    TO_PILE,
    TOP_TAKEN,
    TURNS,
    card_move,
    mean_announced,
    punished,
)
from .vocabulary import (
    BACKSTOP_ROUNDS,
    EIGHT,
    HAND_SIZE,
    KIND_LIMIT,
    MEAN_VALUE,
    PHASE_ANSWER,
    PHASE_DIR,
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_PUNISH,
    PHASE_SWAP,
    PILE_SIZE,
    PILES,
    REPETITIONS,
    SETS_DIRECTION,
    SIX,
    WILD,
)


class MeanRules(GameState):
    """The moves of ``MeanState`` and what they lead to."""

    # The state's fields and questions these rules read and change (``MeanState`` sets
    # them out and answers them).
    play_on: bool
    draw_deck: list[str]
    hands: list[list[str]]
    punishment_piles: list[list[str]]
    play_area: list[str]
    play_values: list[int]
    removed: list[str]
    removed_unseen: list[str]
    direction: str | None
    unresolved_mean: int
    phase: str
    current: int
    piles_owed: int
    punish_reason: str
    pending: dict[str, Any] | None
    active: list[bool]
    finish_order: list[list[int]]
    eight_losers: list[int]
    turns_without_progress: int
    lowest: list[int] | None
    progress_mark: tuple[int, int]
    positions: dict[tuple[Any, ...], int]
    _hand_keys: list[str | None]
    _piles_key: str | None
    called: bool
    _fresh: tuple[int, list[Action]] | None
    learned: Learning
    _tracking: bool
    pile_takes: tuple[tuple[int, tuple[tuple[int, str], ...]], ...]
    _plays: Callable[[int], list[Action]]

    def _play(self, seat: int, cards: tuple[str, ...], value: int, code: str) -> list[Event]:
        from_empty = not self.play_area
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self._hand_keys[seat] = None
        if self._tracking:
            self.learned.pending.append(("played", seat, cards))
        self.play_area.extend(cards)
        self.play_values += [value] * len(cards)
        events = list(PLAY_EVENTS[seat][code])
        direction = SETS_DIRECTION.get(value)  # One and Three set Going Up, Ten and Twelve Down
        if direction is not None and direction != self.direction:
            self.direction = direction
            events.append(self._direction_event(seat))
        if value == MEAN_VALUE:
            # A MEAN! answer adds to the unresolved ones; a fresh MEAN! starts from none.
            self.unresolved_mean += len(cards)
            events.append(mean_announced(seat, self.unresolved_mean))
        clears = self.play_values[-KIND_LIMIT:].count(value) == KIND_LIMIT  # four in a row
        eight = value == EIGHT
        announce_direction = from_empty and self.direction is None and not clears
        if not eight and not announce_direction:
            # The usual play: nothing to wait for, so it ends at once (no pending step).
            events += self._end_play(seat, clears)
            return events
        self.pending = {"seat": seat, "value": value, "clears": clears, "eight": eight}
        losing = eight and not hand
        if losing and (not self.play_on or sum(self.active) <= 2):
            return events + self._lose(seat)
        if announce_direction:
            self.phase = PHASE_DIR
            return events
        events += self._after_direction(seat)
        return events

    def _choose_direction(self, seat: int, direction: str) -> list[Event]:
        self.direction = direction
        return [self._direction_event(seat)] + self._after_direction(seat)

    def _direction_event(self, seat: int) -> Event:
        return DIRECTION_EVENTS[str(self.direction)][seat]

    def _after_direction(self, seat: int) -> list[Event]:
        assert self.pending is not None
        if self.pending["eight"]:
            if not self.hands[seat]:
                events = self._lose(seat)
                return events if self.phase == PHASE_OVER else events + self._after_swap(seat)
            self.phase = PHASE_SWAP
            return []
        return self._after_swap(seat)

    def _swap(self, seat: int, target: int) -> list[Event]:
        mine, theirs = list(self.hands[seat]), list(self.hands[target])
        # The lists stay the same objects: zones wrap them.
        self.hands[seat][:] = theirs
        self.hands[target][:] = mine
        keys = self._hand_keys
        keys[seat], keys[target] = keys[target], keys[seat]
        if self._tracking:
            self.learned.pending.append(("swapped", seat, target, tuple(mine), tuple(theirs)))
        mine_at, theirs_at = HAND_ZONES[seat], HAND_ZONES[target]
        events = [
            SWAPPED[seat][target],
            card_move(tuple(mine), mine_at, theirs_at, target, seat),
            card_move(tuple(theirs), theirs_at, mine_at, seat, target),
        ]
        return events + self._after_swap(seat)

    def _after_swap(self, seat: int) -> list[Event]:
        """The end of a play that waited for its Card Direction or its swap."""
        assert self.pending is not None
        clears = self.pending["clears"]
        self.pending = None
        return self._end_play(seat, clears)

    def _end_play(self, seat: int, clears: bool) -> list[Event]:
        """The end of a play: clear, go out, or pass the turn."""
        if clears:
            events = self._clear_play_area(seat)
            if self.unresolved_mean:
                # MEAN! cards that clear still punish: no answer is possible.
                return events + self._begin_punishment(
                    self._next_seat(seat), self.unresolved_mean, "mean-cleared"
                )
            events += self._check_wins()
            if self.phase == PHASE_OVER:
                return events
            if self.active[seat] and self.hands[seat]:
                # The clearer restarts at once on the empty Play Area, without drawing.
                self.current = seat
                self.phase = PHASE_PLAY
                return events + [RESTARTS[seat]]
            return events + self._start_turn(self._next_seat(seat))
        if self.unresolved_mean:
            return self._begin_answer(self._next_seat(seat))
        if not self.draw_deck and not all(self.hands):  # a win needs both empty
            events = self._check_wins()
            if self.phase == PHASE_OVER:
                return events
            return events + self._start_turn(self._next_seat(seat))
        return self._start_turn(self._next_seat(seat))  # the usual end: the next turn

    def _clear_play_area(self, seat: int) -> list[Event]:
        cleared = list(self.play_area)
        self.removed.extend(cleared)
        self.play_area.clear()
        self.play_values.clear()
        self.direction = None
        return [
            card_move(tuple(cleared), "play", "removed", "up", seat),
            CLEARED[seat],
        ]

    def _begin_answer(self, seat: int) -> list[Event]:
        self.current = seat
        hand = self.hands[seat]
        if SIX in hand or WILD in hand:
            self.phase = PHASE_ANSWER
            return [ANSWERS[seat]]
        return self._begin_punishment(seat, self.unresolved_mean, "mean")

    def _begin_punishment(self, seat: int, owed: int, reason: str) -> list[Event]:
        if self._tracking and reason != "mean-cleared":
            # Everyone sees that this hand holds nothing to play (or to answer with).
            if reason == "mean":
                self.learned.pending.append(("lacks", seat, CANNOT_ANSWER))
            elif self.play_values:
                top = self.play_values[-1]
                lacks = CANNOT_FOLLOW[self.direction or "up", top]
                self.learned.pending.append(("lacks", seat, lacks))
        self.current = seat
        self.phase = PHASE_PUNISH
        self.piles_owed = owed
        self.punish_reason = reason
        return [*punished(seat, owed, reason), *self._make_piles_if_none()]

    def _make_piles_if_none(self) -> list[Event]:
        """Replenish when the punished player needs a pile and none is left; when not even
        a partial pile can be made, the rest of the punishment is not collected."""
        if any(self.punishment_piles):  # some pile to take
            return []
        events = self._replenish()
        if any(self.punishment_piles):  # some pile to take
            return events
        events.append(
            announce(
                "No Punishment Pile can be made: the punishment is dropped",
                what="punishment-dropped",
            )
        )
        self.piles_owed = 0
        return events + self._end_punishment()

    def _replenish(self) -> list[Event]:
        events = [REPLENISH]
        source = self.play_area
        self.rng.shuffle(source)
        self._piles_key = None
        self.play_values.clear()
        self.direction = None
        if source:
            events.append(PLAY_SHUFFLED)
        total = min(len(source) + len(self.draw_deck), PILES * PILE_SIZE)
        sizes = [PILE_SIZE] * (total // PILE_SIZE)
        if total % PILE_SIZE:
            sizes.append(total % PILE_SIZE)
        # Moves looked up, as in the deal: a random end game replenishes often.
        for pile, size in enumerate(sizes):
            cards = self.punishment_piles[pile]
            for place in range(size):
                zone = "play" if source else "draw"
                card = source.pop() if source else self.draw_deck.pop()
                cards.append(card)
                face = "up" if place == size - 1 else "down"
                events.append(TO_PILE[card, zone, pile, face])
        if source:
            left = list(source)
            self.removed_unseen.extend(left)
            source.clear()
            events.append(card_move(tuple(left), "play", "removed:unseen", "down", None))
        if not self.draw_deck and total:
            events.append(END_GAME)
        return events

    def _take_pile(self, seat: int, pile: int) -> list[Event]:
        cards = list(self.punishment_piles[pile])
        self.punishment_piles[pile].clear()
        if self._tracking:
            others = [(len(other), other[-1]) for other in self.punishment_piles if other]
            self.pile_takes += ((seat, ((len(cards), cards[-1]), *others)),)
        self.hands[seat].extend(cards)
        self._hand_keys[seat] = None
        self._piles_key = None
        if self._tracking:
            self.learned.pending.append(("took_pile", seat, tuple(cards)))
        events = []
        # The face-down cards go as the taker alone sees them, the top card face up.
        src, dst = PILE_ZONES[pile], HAND_ZONES[seat]
        if len(cards) > 1:
            events.append(card_move(tuple(cards[:-1]), src, dst, seat, seat))
        events.append(TOP_TAKEN[cards[-1], pile, seat])
        self.piles_owed -= 1
        if self.piles_owed:
            events += self._make_piles_if_none()
        else:
            events += self._end_punishment()
        return events

    def _end_punishment(self) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if self.unresolved_mean:
            self.unresolved_mean = 0
            events.append(RESOLVED[seat])
        self.punish_reason = ""
        events += self._check_wins()
        if self.phase == PHASE_OVER:
            return events
        return events + self._start_turn(self._next_seat(seat))

    def _start_turn(self, seat: int) -> list[Event]:
        """A normal turn: draw up to five (by itself), then play or be punished."""
        self.current = seat
        self.phase = PHASE_PLAY
        events = [TURNS[seat]]
        hand = self.hands[seat]
        deck = self.draw_deck
        if len(hand) < HAND_SIZE and deck:
            count = min(HAND_SIZE - len(hand), len(deck))
            if count == 1:  # the usual draw, after a play of one card: its move made once
                card = deck.pop()
                hand.append(card)
                events.append(DRAWN[card, seat])
            else:
                drawn = deck[-count:][::-1]  # one at a time off the top
                del deck[-count:]
                hand.extend(drawn)
                events.append(card_move(tuple(drawn), "draw", HAND_ZONES[seat], seat, seat))
            self._hand_keys[seat] = None
            if self._tracking:
                self.learned.pending.append(("drew", seat, count))
            if not deck:
                events.append(END_GAME)
        if not deck and not all(self.hands):  # a win needs both empty (asked twice a turn)
            events += self._check_wins()
            if self.phase == PHASE_OVER:
                return events
        if not self.active[seat]:
            return events + self._start_turn(self._next_seat(seat))
        if not self.draw_deck:
            self.turns_without_progress += 1
        plays = self._plays(seat)
        if not plays:
            return events + self._begin_punishment(seat, 1, "stuck")
        self._fresh = (seat, plays)  # the turn's start is the last change of a move
        return events

    def _changed(self) -> None:
        fresh, self._fresh = self._fresh, None
        if self.phase == PHASE_OVER:  # a game called after the turn began offers nothing
            fresh = None
        self._legal = {} if fresh is None else {fresh[0]: fresh[1]}

    def _check_wins(self) -> list[Event]:
        """Once the Draw Deck is empty, an empty hand wins at once; never while a MEAN! is
        unresolved (its player has not won until someone else takes the punishment)."""
        if self.draw_deck or self.unresolved_mean:
            return []
        if all(self.hands):  # every hand holds cards: asked twice a turn in the end game
            return []
        order = [(self.current + step) % self.players for step in range(self.players)]
        winners = [seat for seat in order if self.active[seat] and not self.hands[seat]]
        if not winners:
            return []
        for seat in winners:
            self.active[seat] = False
        self.finish_order.append(sorted(winners))
        events = [
            announce(f"{{P{seat}}} wins!", seat, what="win", seats=(seat,)) for seat in winners
        ]
        if not self.play_on or sum(self.active) <= 1:
            events += self._game_over()
        return events

    def _lose(self, seat: int) -> list[Event]:
        self.active[seat] = False
        self.eight_losers.append(seat)
        events = [
            announce(
                f"{{P{seat}}} went out on an Eight and loses!",
                seat,
                what="lost-on-eight",
                seats=(seat,),
            )
        ]
        if not self.play_on or sum(self.active) <= 1:
            events += self._game_over()
        return events

    def _game_over(self) -> list[Event]:
        self.phase = PHASE_OVER
        self.pending = None
        result = self.result
        assert result is not None
        return [
            Event("over", data=result.to_dict(), what="match-over", seats=tuple(result.winners))
        ]

    def position(self) -> tuple[Any, ...]:
        """Everything the rest of the game depends on: every hand (its cards in any order),
        the Play Area, the Punishment Piles, the direction and who is to act in what step."""
        pending = None if self.pending is None else tuple(sorted(self.pending.items()))
        # Asked after every move of the end game: only the hands and piles that changed
        # since the last time are sorted and written again. Each is one text (the card
        # codes, which hold no space, joined by spaces; the piles apart by "|"): a text
        # keeps its hash once worked out, where a tuple hashes all it holds every time.
        hands = self._hand_keys
        while None in hands:  # usually the one hand that moved
            seat = hands.index(None)
            hands[seat] = " ".join(sorted(self.hands[seat]))
        piles = self._piles_key
        if piles is None:
            piles = self._piles_key = "|".join(map(" ".join, self.punishment_piles))
        return (
            tuple(hands),
            tuple(self.play_area),
            tuple(self.play_values),
            piles,
            self.direction,
            self.current,
            self.phase,
            self.unresolved_mean,
            self.piles_owed,
            pending,
            tuple(self.active),
        )

    def _watch_for_cycles(self) -> list[Event]:
        """After each move once the Draw Deck is empty: progress (a card left play, a player
        went out, a hand reached a new low) restarts the watch; a position seen for the third
        time, or 200 rounds without progress, calls the game (RULINGS.md: Endless games)."""
        hands = self.hands
        lowest = self.lowest
        still_in = sum(self.active)
        mark = (len(self.removed) + len(self.removed_unseen), still_in)
        positions = self.positions
        if (
            lowest is None
            or mark != self.progress_mark
            or any(map(operator.lt, map(len, hands), lowest))  # a hand below its lowest yet
        ):
            sizes = list(map(len, hands))
            self.lowest = sizes if lowest is None else list(map(min, sizes, lowest))
            self.progress_mark = mark
            self.turns_without_progress = 0
            # A card out of play never comes back, so no earlier position can recur.
            positions.clear()
        key = self.position()
        # Counted with one look-up of the key when it is new (the usual case): hashing a
        # whole position is a fair share of an end-game move.
        known = len(positions)
        seen = positions.setdefault(key, 1)
        if len(positions) == known:  # the position has occurred before
            seen += 1
            positions[key] = seen
        if seen >= REPETITIONS:
            text = "The same position has come round a third time: the game is called"
            return self._call(text, "repetition")
        if self.turns_without_progress >= BACKSTOP_ROUNDS * still_in:
            text = (
                f"{BACKSTOP_ROUNDS} rounds without a card leaving play or a hand getting "
                "smaller: the game is called"
            )
            return self._call(text, "backstop")
        return []

    def _call(self, text: str, why: str) -> list[Event]:
        self.called = True
        events = [announce(text, what="called", why=why)]
        return events + self._game_over()

    def _next_seat(self, seat: int) -> int:
        following = seat + 1 if seat + 1 < self.players else 0
        if self.active[following]:
            return following
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if self.active[candidate]:
                return candidate
        return seat
