"""MEAN!'s state: the table's zones and the game's contract (what may be done, by whom,
what each seat sees, how it ended), with the questions the table and the bots ask.

Zones (every pile keeps its top card last): ``draw`` (the Draw Deck, face down),
``hand:N``, ``punish:N`` (Punishment Pile N, 0-3: face down but for its top card),
``play`` (the Play Area, face up), ``removed`` (cleared Play Areas: out of play, every
card of them seen by all) and ``removed:unseen`` (what a replenishing shuffle left over:
out of play, never seen). Hidden cards share one pool, so a sampled world may put any
unseen card in any unseen place.

How each move plays out is in ``rules``, why a move is refused in ``refusals``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    TOP,
    Action,
    Event,
    GameState,
    IllegalAction,
    Result,
    Rng,
    Zone,
)
from cardtable.engine.knowledge import Knowledge, Learned, Learning, agree

from .refusals import MeanRefusals
from .rules import MeanRules
from .tables import (
    ALONE,
    BANDS,
    DEAL,
    DECK_SHUFFLED,
    DIRS,
    DRAWN,
    HAND_ZONES,
    PILE_ZONES,
    PUNISHES,
    RUNS,
    SWAPS,
    TO_PILE,
    wild_plays,
)
from .vocabulary import (
    DEAL_SIZE,
    DIRECTION_WORDS,
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
    VALUES,
    WILD,
    decks_for,
    one_deck,
    parse,
    parse_play,
)

ONE_DECK = tuple(one_deck())  # made once: every new game starts from it


@cache
def dealt_knowledge(players: int) -> Learned:
    """What each of ``players`` knows of the other hands once dealt (their sizes): the
    start of every game's chain, shared, since no link ever changes."""
    return Learned.start(Knowledge.dealt(players, DEAL_SIZE))


class MeanState(MeanRules, MeanRefusals, GameState):
    game_id = "mean"
    fixed_fields = ("pile_takes",)

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.play_on: bool = bool(options.get("play_on", False))
        stack = list(deck) if deck is not None else self.full_deck(players, options)
        events: list[Event] = [DEAL]
        if deck is None:
            self.rng.shuffle(stack)
            events.append(DECK_SHUFFLED)
        # Zones keep the top card last; a stacked deck lists the top first.
        self.draw_deck: list[str] = list(reversed(stack))
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.punishment_piles: list[list[str]] = [[] for _ in range(PILES)]
        self.play_area: list[str] = []
        self.play_values: list[int] = []  # the value each Play Area card counts as
        self.removed: list[str] = []
        self.removed_unseen: list[str] = []
        self.direction: str | None = None
        self.unresolved_mean = 0
        self.phase = PHASE_PLAY
        self.current = 0
        self.piles_owed = 0
        self.punish_reason = ""
        self.pending: dict[str, Any] | None = None  # the play waiting for dir / swap
        self.active: list[bool] = [True] * players
        self.finish_order: list[list[int]] = []  # seats that went out, in order
        self.eight_losers: list[int] = []
        # The end game's watch for cycling (all of it only once the Draw Deck is empty):
        # turns since the last progress, each hand's lowest size, what is out of play and
        # how often each position has occurred since then.
        self.turns_without_progress = 0
        self.lowest: list[int] | None = None
        self.progress_mark: tuple[int, int] = (0, players)
        self.positions: dict[tuple[Any, ...], int] = {}
        # Parts of ``position`` kept until they change (a move changes one hand or two):
        # each hand's cards sorted (one text), ``None`` once the hand changed, and the piles
        # likewise.
        self._hand_keys: list[str | None] = [None] * players
        self._piles_key: str | None = None
        self.called = False  # the game was called as endless: fewest cards win
        # The plays a turn found open when it started, kept for legal_actions once the
        # move that led to it is done (``_changed``): the turn needed them anyway.
        self._fresh: tuple[int, list[Action]] | None = None
        # Events looked up, made once (``TO_PILE``, ``DRAWN``): a deal is 28 events or more,
        # a fair share of a whole random play-through's cost.
        draw = self.draw_deck
        for pile in range(PILES):
            cards = self.punishment_piles[pile]
            for place in range(PILE_SIZE):
                card = draw.pop()
                cards.append(card)
                face = "up" if place == PILE_SIZE - 1 else "down"
                events.append(TO_PILE[card, "draw", pile, face])
        # One card at a time, from the dealer's left, ending with the dealer (seat 0).
        for _ in range(DEAL_SIZE):
            for step in range(1, players + 1):
                seat = step % players
                card = draw.pop()
                self.hands[seat].append(card)
                events.append(DRAWN[card, seat])
        # What each player has seen go into the others' hands (search bots' worlds agree
        # with it), as a chain worked out only when a world is sampled (``knowledge``): the
        # moves append what they show to ``learned.pending``, linked on when asked or
        # copied (``Learning``). Sampled worlds stop keeping it (``_hidden_moved``).
        self.learned = Learning(dealt_knowledge(players))
        self._tracking = True
        # Every Punishment Pile taken, as the table saw it: who took it, and the piles
        # there were to choose from (cards, face-up top), the taken one first.
        self.pile_takes: tuple[tuple[int, tuple[tuple[int, str], ...]], ...] = ()
        events += self._start_turn(0)  # the dealer goes first
        self.setup_events = events
        self._changed()

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return list(ONE_DECK * decks_for(players))

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else ALONE[self.current]

    def _legal_actions(self, seat: int) -> list[Action]:
        # (asked in every random step for a seat that is not to act: that answer first)
        phase = self.phase
        if seat != self.current or phase == PHASE_OVER:
            return []
        if phase in (PHASE_PLAY, PHASE_ANSWER):
            return self._plays(seat)
        if phase == PHASE_DIR:
            return list(DIRS)
        if phase == PHASE_SWAP:
            return [SWAPS[target] for target in self.swap_targets(seat)]
        return [PUNISHES[n] for n, pile in enumerate(self.punishment_piles) if pile]

    def allows(self, seat: int, code: str) -> bool:
        """The direct check behind ``check``: the code read, then the phase's rule."""
        if seat != self.current or self.phase == PHASE_OVER:
            return False
        try:
            read = parse(code)
        except IllegalAction:
            return False
        if read.code != code:
            return False  # legal codes are written one way only
        if self.phase in (PHASE_PLAY, PHASE_ANSWER):
            if read.kind != "play" or read.value is None:
                return False
            if self.phase == PHASE_ANSWER and read.value != MEAN_VALUE:
                return False
            held = sum(1 for card in self.hands[seat] if card == read.cards[0])
            return (
                held >= len(read.cards)
                and self.fits_direction(read.value)
                and len(read.cards) <= self.room_for(read.value)
            )
        if self.phase == PHASE_DIR:
            return read.kind == "dir"
        if self.phase == PHASE_SWAP:
            return read.kind == "swap" and read.target in self.swap_targets(seat)
        return read.kind == "punish" and read.pile in self.piles_to_take()

    def explain(self, seat: int, code: str) -> str:
        code = " ".join(code.split())
        if self.phase == PHASE_OVER:
            return "The game is over."
        if seat != self.current:
            return "It is not your turn."
        words = code.split()
        verb = words[0] if words else ""
        if self.phase == PHASE_DIR:
            if verb == "dir":
                return "The Card Direction is 'dir up' (Going Up) or 'dir down' (Going Down)."
            return "Announce the Card Direction for your card: 'dir up' or 'dir down'."
        if self.phase == PHASE_SWAP:
            return self._explain_swap(seat, words)
        if self.phase == PHASE_PUNISH:
            return self._explain_punish(seat, code)
        if verb == "punish":
            if self.phase == PHASE_ANSWER:
                return "You can answer the MEAN! with a Six (or a Wild as Six), so you must."
            return "You can play, so you must: no Punishment Pile for you this turn."
        if verb != "play":
            return "It is your turn to play: 'play 7', 'play 6 6' or 'play W as 3'."
        try:
            cards, value = parse_play(code)
        except IllegalAction as refused:
            return refused.reason
        return self._explain_play(seat, cards, value)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        read = parse(action.code)
        kind = read.kind
        if kind == "play":
            assert read.value is not None
            events = self._play(seat, read.cards, read.value, action.code)
        elif kind == "dir":
            events = self._choose_direction(seat, str(read.direction))
        elif kind == "swap":
            events = self._swap(seat, int(read.target or 0))
        else:
            events = self._take_pile(seat, int(read.pile or 0))
        if self.phase != PHASE_OVER and not self.draw_deck:
            events += self._watch_for_cycles()
        return events

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_deck, NONE),
            "play": Zone("play", self.play_area, ALL),
            "removed": Zone("removed", self.removed, ALL),
            "removed:unseen": Zone("removed:unseen", self.removed_unseen, NONE),
        }
        for pile in range(PILES):
            name = PILE_ZONES[pile]
            zones[name] = Zone(name, self.punishment_piles[pile], TOP)
        for seat in range(self.players):
            name = HAND_ZONES[seat]
            zones[name] = Zone(name, self.hands[seat], OWNER, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> Result | None:
        if self.phase != PHASE_OVER:
            return None
        ranking = [list(group) for group in self.finish_order]
        still_in = [seat for seat in range(self.players) if self.active[seat]]
        if self.eight_losers and not self.play_on:
            # Going out on an Eight: everyone else wins.
            ranking = [[s for s in range(self.players) if s not in self.eight_losers]]
        elif self.called:
            # A called game: fewer cards in hand rank higher.
            for count in sorted({len(self.hands[s]) for s in still_in}):
                ranking.append([s for s in still_in if len(self.hands[s]) == count])
        elif still_in:
            ranking.append(still_in)
        if self.eight_losers:
            ranking.append(sorted(self.eight_losers))
        scores = [0] * self.players
        below = self.players
        for group in ranking:
            below -= len(group)
            for seat in group:
                scores[seat] = below
        detail = {
            "winners": list(ranking[0]),
            "went_out": [list(group) for group in self.finish_order],
            "lost_on_eight": list(self.eight_losers),
            "called": self.called,
            # What the results screen shows for a player who did not go out: MEAN! keeps
            # no points, so the cards still in hand are what a place came down to.
            "cards_left": [len(hand) for hand in self.hands],
        }
        return Result(scores=scores, ranking=ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        run_value, run_count = self.top_run()
        return {
            "phase": self.phase,
            "current": self.current,
            "direction": self.direction,
            "play_values": list(self.play_values),
            "top_value": run_value,
            "run": {"value": run_value, "count": run_count},
            "unresolved_mean": self.unresolved_mean,
            "piles_owed": self.piles_owed,
            "punish_reason": self.punish_reason if self.phase == PHASE_PUNISH else "",
            "punishment_piles": [
                {"count": len(pile), "top": pile[-1] if pile else None}
                for pile in self.punishment_piles
            ],
            "draw_count": len(self.draw_deck),
            "out_of_play": len(self.removed) + len(self.removed_unseen),
            "turns_without_progress": self.turns_without_progress,
            "hand_counts": [len(hand) for hand in self.hands],
            "active": list(self.active),
            "went_out": [list(group) for group in self.finish_order],
            "lost_on_eight": list(self.eight_losers),
            "pending": None if self.pending is None else dict(self.pending),
            # Immutable, so shared as it is: (taker, ((cards, face-up top), ...)), ...
            "pile_takes": self.pile_takes,
        }

    def copy(self) -> MeanState:
        """A deep copy, written out because search bots copy states thousands of times."""
        new = self._twin()
        new.draw_deck = list(self.draw_deck)
        new.hands = [list(hand) for hand in self.hands]
        new.punishment_piles = [list(pile) for pile in self.punishment_piles]
        new.play_area = list(self.play_area)
        new.play_values = list(self.play_values)
        new.removed = list(self.removed)
        new.removed_unseen = list(self.removed_unseen)
        new.pending = None if self.pending is None else dict(self.pending)
        new.active = list(self.active)
        new.finish_order = [list(group) for group in self.finish_order]
        new.eight_losers = list(self.eight_losers)
        new.lowest = None if self.lowest is None else list(self.lowest)
        new.positions = dict(self.positions)
        new._hand_keys = list(self._hand_keys)  # the sorted hands are texts: shared
        # A list of its own for a state that still learns; a sampled world, which learns
        # nothing more (``_hidden_moved``), shares its twin's.
        new.learned = self.learned.shared() if self._tracking else self.learned
        return new

    @property
    def knowledge(self) -> Knowledge:
        """What each seat knows of the other hands now (``Knowledge``), worked out when
        asked."""
        return self.learned.knowledge

    def _hidden_moved(self) -> None:
        # The hidden cards moved between hands and piles behind the rules' back.
        self._hand_keys = [None] * self.players
        self._piles_key = None
        # A sampled world keeps what its seat knew when it was dealt (a world dealt from
        # it agrees), and stops keeping it: its roll-outs need speed, not memory.
        self._tracking = False

    def _deal_hidden(self, seat: int, zones: dict[str, Zone], rng: Rng) -> None:
        """The engine's deal, unless ``seat`` has seen something of the other hands
        (``knowledge``): then the cards it saw go in, and the cards a hand showed it
        lacks stay out (``agree``)."""
        knowledge = self.knowledge
        if seat is None or not 0 <= seat < self.players or knowledge.blind(seat):
            super()._deal_hidden(seat, zones, rng)
        else:
            agree(knowledge, seat, self.hands, zones, rng)

    # -- what the table shows ----------------------------------------------------------

    def top_run(self) -> tuple[int | None, int]:
        """The value on top of the Play Area and how many cards of it lie there in a row
        (Wilds counted as what they were announced as)."""
        if not self.play_values:
            return None, 0
        value = self.play_values[-1]
        count = 0
        for played in reversed(self.play_values):
            if played != value:
                break
            count += 1
        return value, count

    def fits_direction(self, value: int) -> bool:
        """Whether a card of ``value`` may go on the Play Area now (direction only)."""
        if not self.play_values:
            return True
        top = self.play_values[-1]
        return value >= top if self.direction == "up" else value <= top

    def room_for(self, value: int) -> int:
        """How many cards of ``value`` may go on top now: four of a kind at most."""
        run_value, run_count = self.top_run()
        return KIND_LIMIT - run_count if run_value == value else KIND_LIMIT

    def plays(self, seat: int) -> list[tuple[int, tuple[str, ...]]]:
        """Every play open to ``seat`` now, as (value, cards): numbered cards by value
        and count, then Wilds by count and value."""
        reads = [parse(action.code) for action in self._plays(seat)]
        return [(int(read.value or 0), read.cards) for read in reads]

    def _plays(self, seat: int) -> list[Action]:
        # Search bots ask in every roll-out step: only the values held that follow the
        # direction are counted, runs and Wild plays come whole from tables.
        values = self.play_values
        if not values:
            low, high = VALUES[0], VALUES[-1]
            run_value, run_count = None, 0
        else:
            run_value = values[-1]
            if self.direction == "up":
                low, high = run_value, VALUES[-1]
            else:
                low, high = VALUES[0], run_value
            run_count = 0  # top_run, inline: the cards of the top value in a row
            for played in reversed(values):
                if played != run_value:
                    break
                run_count += 1
        if self.phase == PHASE_ANSWER:
            if not low <= MEAN_VALUE <= high:
                return []
            low = high = MEAN_VALUE
        hand = self.hands[seat]
        plays: list[Action] = []
        # The values that follow the direction, in order, looked up among those held.
        held = set(hand)
        for value, name in BANDS[low, high]:
            if name in held:
                count = hand.count(name)
                if value == run_value and count > KIND_LIMIT - run_count:
                    count = KIND_LIMIT - run_count  # four of a kind at most, the run included
                plays += RUNS[value][count]
        if WILD in held:
            wilds = hand.count(WILD)
            plays += wild_plays(low, high, run_value, run_count, min(wilds, KIND_LIMIT))
        return plays

    def swap_targets(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and self.active[s]]

    def piles_to_take(self) -> list[int]:
        return [n for n, pile in enumerate(self.punishment_piles) if pile]

    def direction_words(self) -> str:
        return DIRECTION_WORDS["up" if self.direction == "up" else "down"]
