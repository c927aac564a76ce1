"""Hit the Deck's state: a whole match (hands until a player reaches the target score) and
its contract: what may be done, by whom, what each seat sees, how it ended, and the timed
slap round ("Hit the Deck with a Hand"), a step that takes hits in the order they arrive
and is told when its announce time and its whole time have run out.

Zones: ``hand:N`` (each player's hand, seen by its owner), ``draw`` (the face-down Draw
Pile) and ``discard`` (the face-up discard pile). Every pile keeps its top card last.

The slap round, for whoever drives it::

    state.window                  # Window(kind="slap", seconds=SLAP_SECONDS, seats=...,
                                  #        deadlines=(("announce", ANNOUNCE_SECONDS),))
    state.apply(seat, "hit")      # each hit as it arrives; the round closes itself once
                                  # every player has hit
    state.time_up("announce")     # the player of the card has not hit in time
    state.close_window()          # the round's time is up

The window's ``id`` is the round's number (``observation["slap"]["round"]``): a bot's hit
scheduled for a round fires only while that round is open; other players' hits do not
make it stale. ``state.generation`` changes with every change of the state.

How each move plays out is in ``rules``.
"""

from __future__ import annotations

from dataclasses import replace
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
    Window,
    Zone,
)

from .rules import HitTheDeckRules, SlapRound
from .tables import DECK_ORDER, FITS_ON, MEETS, PLAYS, fits
from .vocabulary import (
    ANNOUNCE,
    ANNOUNCE_SECONDS,
    COLOUR_NAMES,
    CUT,
    DRAW,
    FLIP,
    HIT,
    SLAP_SECONDS,
    Demand,
    card,
    card_name,
    full_deck,
    is_card,
    parse,
)


class HitTheDeckState(HitTheDeckRules, GameState):
    """A whole match: hands until a player reaches the target score."""

    game_id = "hit-the-deck"

    def __init__(
        self, players: int, seed: int | str, options: dict[str, Any], deck: list[str] | None
    ):
        super().__init__(players, seed, options)
        self.target: int = int(options["target"])
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.draw_pile: list[str] = []
        self.discard_pile: list[str] = []
        # False once a Flip has turned the face-down Draw Pile into the discard pile: the
        # cards under its top were never seen, until a refill leaves the top card alone.
        self.discard_all_seen = True
        self.direction = 1
        self.dealer = 0
        self.hand_number = 0
        self.turn = 0
        self.demand: Demand | None = None
        # Position in the player's hand of a card just drawn that fits: only it may be
        # played now. A position (not a code) keeps the secret inside the hand zone.
        self.drawn_at: int | None = None
        self.slap: SlapRound | None = None
        self.slap_rounds = 0
        self.generation = 0
        self.landed: dict[str, Any] | None = None
        self.totals = [0] * players
        # Each hand's points, a row per hand, never changed once added: a tuple, shared by
        # every copy, so a copy costs the same however long the match has run.
        self.hand_scores: tuple[list[int], ...] = ()
        self._over = False
        self.setup_events = self._start_hand(deck)

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return full_deck()

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        if self._over:
            return ()
        if self.slap is not None:
            return tuple(s for s in range(self.players) if s not in self.slap.hits)
        return (self.turn,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self._over:
            return []
        if self.slap is not None:
            return [HIT] if seat not in self.slap.hits else []
        # Anyone may slap the deck at any moment: with no round open it is a fake-out.
        if seat != self.turn:
            return [HIT]
        return self._turn_actions() + [HIT]

    def _turn_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        if self.drawn_at is not None:
            return [PLAYS[hand[self.drawn_at]]]
        playable = self._playable(hand)
        if playable:
            return [PLAYS[code] for code in playable]
        return [DRAW]

    def _playable(self, hand: list[str]) -> list[str]:
        """The different cards of ``hand`` that may go on the discard pile, in deck order."""
        demand = self.demand
        allowed = (
            FITS_ON[self.discard_pile[-1]] if demand is None else MEETS[demand.kind, demand.value]
        )
        return sorted({code for code in hand if code in allowed}, key=DECK_ORDER.__getitem__)

    def allows(self, seat: int, code: str) -> bool:
        """The direct check behind ``check``."""
        if self._over:
            return False
        if code == HIT.code:
            return self.slap is None or seat not in self.slap.hits
        if self.slap is not None or seat != self.turn:
            return False
        hand = self.hands[seat]
        if code == DRAW.code:
            return self.drawn_at is None and not self._playable(hand)
        words = code.split(" ")
        if len(words) != 2 or words[0] != "play" or not is_card(words[1]):
            return False
        if self.drawn_at is not None:
            return words[1] == hand[self.drawn_at]
        return words[1] in hand and fits(words[1], self.discard_pile[-1], self.demand)

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if not self._over and self.slap is not None and seat in self.slap.hits:
            return "You have hit the deck already in this round."
        return super().explain_out_of_turn(seat, code)

    def explain(self, seat: int, code: str) -> str:
        if self._over:
            return "The game is over."
        if self.slap is not None:
            return "HIT THE DECK WITH A HAND! Hit the deck now: no card can be played."
        if seat != self.turn:
            return "It is not your turn: wait for your turn, or hit the deck."
        hand = self.hands[seat]
        try:
            read = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if read.kind == "draw":
            if self.drawn_at is not None:
                return (
                    f"You have drawn already: play the {card_name(hand[self.drawn_at])} you drew."
                )
            return "You can play a card, so you must: only a player who cannot play draws."
        if read.kind != "play" or read.card is None:
            return "Play a card ('play R3'), draw ('draw') or hit the deck ('hit')."
        played = read.card
        if played not in hand:
            return f"You have no {card_name(played)} in your hand."
        if self.drawn_at is not None:
            drawn = card_name(hand[self.drawn_at])
            return f"After drawing you may play only the card you drew ({drawn})."
        top = self.discard_pile[-1]
        if self.demand is not None:
            return (
                f"{self.demand.words().capitalize()} is called for: play one, or draw. "
                "Hit cards never meet a demand."
            )
        kind = card(played).kind
        if kind in (CUT, FLIP):
            colour = COLOUR_NAMES[str(card(played).colour)]
            word = "Cut" if kind == CUT else "Flip"
            return f"A {word} card goes only on a {colour} card."
        return (
            f"{card_name(played)} does not match {card_name(top)}: match its colour or its number."
        )

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._begin_change()
        read = parse(action.code)
        if read.kind == "hit":
            if self.slap is not None:
                return self._hit(seat)
            return self._fake_out(seat)
        if read.kind == "draw":
            return self._draw_for_turn(seat)
        return self._play(seat, str(read.card))

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_pile, NONE),
            # Played cards are seen by all; a pile turned over by a Flip shows its top only.
            "discard": Zone("discard", self.discard_pile, ALL if self.discard_all_seen else TOP),
        }
        for seat in range(self.players):
            zones[f"hand:{seat}"] = Zone(f"hand:{seat}", self.hands[seat], OWNER, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def result(self) -> Result | None:
        if not self._over:
            return None
        ranked = Result.from_scores(self.totals, higher_is_better=False)
        return Result(
            scores=ranked.scores,
            ranking=ranked.ranking,
            detail={"hands": self.hand_number, "hand_scores": [list(h) for h in self.hand_scores]},
        )

    @property
    def window(self) -> Window | None:
        if self.slap is None:
            return None
        pending = not self.slap.announced and not self.slap.announce_missed
        return Window(
            kind="slap",
            seconds=SLAP_SECONDS,
            seats=tuple(range(self.players)),
            deadlines=((ANNOUNCE, ANNOUNCE_SECONDS),) if pending else (),
            id=self.slap_rounds,
        )

    def _close_window(self) -> list[Event]:
        self._begin_change()
        return self._resolve_slap()

    def _time_up(self, step: str) -> list[Event]:
        assert self.slap is not None and step == ANNOUNCE
        self._begin_change()
        self.slap.announce_missed = True
        player = self.slap.card_player
        return [
            Event(
                "slap",
                seat=player,
                text=f"{{P{player}}} did not call out in time.",
                data={"stage": "announce-missed", "round": self.slap.number},
                what="late",
                seats=(player,),
            )
        ]

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        holding = self.drawn_at is not None
        return {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            "top": self.discard_pile[-1] if self.discard_pile else None,
            "demand": None if self.demand is None else self.demand.to_dict(),
            "hand_counts": [len(hand) for hand in self.hands],
            "draw_count": len(self.draw_pile),
            "holding_drawn": holding,
            "drawn_card": (
                self.hands[self.turn][self.drawn_at]
                if holding and seat == self.turn and self.drawn_at is not None
                else None
            ),
            "scores": list(self.totals),
            "target": self.target,
            "last_hand_scores": list(self.hand_scores[-1]) if self.hand_scores else None,
            "slap": {
                "open": self.slap is not None,
                "round": self.slap_rounds,
                **({} if self.slap is None else self.slap.to_dict()),
            },
            "generation": self.generation,
            "landed": None if self.landed is None else dict(self.landed),
        }

    def copy(self) -> HitTheDeckState:
        """A deep copy, written out because search bots copy states thousands of times (a
        deepcopy's cost grows with the match). Cards, the call, the landed card, the
        events, the hands' points and the history are immutable, shared or replaced whole,
        so only the lists and the slap round are copied: a copy costs the same at any
        point of a match."""
        new = self._twin()
        new.hands = [list(hand) for hand in self.hands]
        new.draw_pile = list(self.draw_pile)
        new.discard_pile = list(self.discard_pile)
        new.totals = list(self.totals)
        if self.slap is not None:
            new.slap = replace(self.slap, hits=list(self.slap.hits))
        return new
