"""Copy Cat's state: a whole match (2 x players games, 8 with two players, or that many
games per set with the option ``sets``) and its contract: what may be done, by whom, what
each seat sees, how it ended, with the questions the table and the bots ask.

The observation adds every seat's ``coins`` and ``hand_counts``, the ``field`` (the
original player, the open number, each play and copy), the ``discards``, ``deck_count``,
the game and set numbers, the score ``sheet``, the match ``scores`` and ``standing``,
``last_game`` (every hand and total, shown when a game ends) and this game's public
``moves``.

Zones (every pile keeps its top card last): ``draw`` (the deck, face down), ``hand:N``,
``field`` (the open play and its copies, face up) and ``discard`` (face up). Hidden cards
share one pool.

Why a move is refused and how each move plays out are in ``rules``.
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import (
    ALL,
    NONE,
    OWNER,
    Action,
    Event,
    GameState,
    IllegalAction,
    Result,
    Row,
    Zone,
    ranking_of,
)

from .rules import CopyCatRules
from .tables import moves_showing, original_plays
from .vocabulary import (
    MEOW_LIMIT,
    PHASE_ANSWER,
    PHASE_OVER,
    PHASE_PLAY,
    START_COINS,
    deal_size,
    draw_code,
    hand_total,
    meow_code,
    one_deck,
    parse,
)


class CopyCatState(CopyCatRules, GameState):
    game_id = "copycat"
    fixed_fields = ("sheet", "last_game")

    def __init__(self, players: int, seed, options: dict[str, Any], deck: list[str] | None):
        super().__init__(players, seed, options)
        self.reverse: bool = bool(options.get("reverse", False))
        self.sets: int = int(options.get("sets", 1))
        self.hand_size = deal_size(players)
        self.games_per_set = 8 if players == 2 else 2 * players
        self.draw_pile: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.field: list[str] = []
        self.field_plays: list[dict[str, Any]] = []  # {"seat", "cards", "copy"} in order
        self.discards: list[str] = []
        self.coins: list[int] = [START_COINS] * players
        self.phase = PHASE_PLAY
        self.current = 0
        self.original: int | None = None
        self.number: int | None = None
        self.drew = False  # the player to play has just drawn (Meow is possible)
        self.copied: list[int] = []  # seats that copied the open play
        self.direction = 1
        self.starter = 0
        self.game_index = 0  # games finished so far in the whole match
        self.set_scores: list[list[int]] = []  # per finished set: coins + bonus
        # One row per finished game (its coins a tuple): the rows and the sheet never
        # change, a finished game makes a new sheet, so copies and observations share it.
        self.sheet: tuple[Row, ...] = ()
        self.last_game: Row | None = None  # never changed: shared like the sheet
        self.game_moves: list[tuple[int, str]] = []  # this game's moves, all public
        stack = list(deck) if deck is not None else one_deck()
        self.draw_pile = list(reversed(stack))  # top card last; a stacked deck lists top first
        self.setup_events = self._start_game(shuffle=deck is None)

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return one_deck()

    # -- the contract ------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == PHASE_OVER else (self.current,)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PHASE_OVER or seat != self.current:
            return []
        hand = self.hands[seat]
        if self.phase == PHASE_ANSWER:
            actions = []
            original, number = self._asked()
            if seat != original:
                actions = list(moves_showing("copy", hand, number))
            return actions + [Action(draw_code())]
        actions = list(original_plays(hand))
        if self.may_meow(seat):
            actions.append(Action(meow_code()))
        return actions

    def allows(self, seat: int, code: str) -> bool:
        """Checks the move directly (bots and the table ask often)."""
        return self._refusal(seat, code) is None

    def explain(self, seat: int, code: str) -> str:
        return self._refusal(seat, " ".join(code.split())) or f"'{code}' is a move you can make."

    def _refusal(self, seat: int, code: str) -> str | None:
        """Why ``seat`` may not play ``code`` now, or ``None``: the one check behind
        ``allows`` and ``explain`` (``seat`` is a real seat: ``check`` saw to it)."""
        if self.phase == PHASE_OVER:
            return "The match is over."
        if seat != self.current:
            return self.explain_out_of_turn(seat, code)
        try:
            action = parse(code)
        except IllegalAction as refused:
            return refused.reason
        if self.phase == PHASE_ANSWER:
            reason = self._check_answer(seat, code, action)
        else:
            reason = self._check_play(seat, code, action)
        if reason is None and code != action.code:
            return f"Say it like this: '{action.code}'."
        return reason

    def explain_out_of_turn(self, seat: int, code: str) -> str:
        if self.phase == PHASE_OVER:
            return "The match is over."
        if self.phase == PHASE_ANSWER:
            return "It is not your turn: the next player copies or draws first."
        return "It is not your turn: the original player plays first."

    def _apply(self, seat: int, action: Action) -> list[Event]:
        parsed = parse(action.code)
        self.game_moves.append((seat, action.code))
        if parsed.kind == "copy":
            return self._copy(seat, parsed.cards)
        if parsed.kind == "play":
            assert parsed.number is not None  # a play always says its number
            return self._play(seat, parsed.cards, parsed.number)
        if parsed.kind == "draw":
            return self._draw(seat)
        return self._meow(seat)

    def zones(self) -> dict[str, Zone]:
        zones = {
            "draw": Zone("draw", self.draw_pile, NONE),
            "field": Zone("field", self.field, ALL),
            "discard": Zone("discard", self.discards, ALL),
        }
        for seat in range(self.players):
            zones[f"hand:{seat}"] = Zone(f"hand:{seat}", self.hands[seat], OWNER, seat)
        return zones

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> Result | None:
        if self.phase != PHASE_OVER:
            return None
        result = Result.from_scores(self.match_scores())
        detail = {"coins": list(self.coins), "sheet": list(map(dict, self.sheet))}
        if self.sets > 1:
            detail["set_scores"] = [list(row) for row in self.set_scores]
        return Result(scores=result.scores, ranking=result.ranking, detail=detail)

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        scores = self.match_scores()
        phase = self.phase
        original = self.original
        number = self.number
        game_index = self.game_index
        per_set = self.games_per_set
        games = self.total_games()
        return {
            "phase": phase,
            "current": self.current,
            "original": original,
            "number": number,
            "drew": self.drew,
            "copied": list(self.copied),
            "may_meow": phase == PHASE_PLAY and self.may_meow(self.current),
            "field": {
                "original": original,
                "number": number,
                "plays": [
                    {"seat": p["seat"], "cards": list(p["cards"]), "copy": p["copy"]}
                    for p in self.field_plays
                ],
            },
            "coins": list(self.coins),
            "hand_counts": list(map(len, self.hands)),
            "deck_count": len(self.draw_pile),
            "discards": list(self.discards),
            "direction": self.direction,
            "starter": self.starter,
            "game": min(game_index + 1, games),
            "games": games,
            "games_per_set": per_set,
            "set": min(game_index // per_set + 1, self.sets),
            "sets": self.sets,
            "sheet": self.sheet,  # shared: it never changes
            "set_scores": list(map(list, self.set_scores)),
            "scores": scores,
            "standing": ranking_of(scores),
            "last_game": self.last_game,
            "moves": list(map(list, self.game_moves)),
        }

    def copy(self) -> CopyCatState:
        """A deep copy, written out because a deepcopy's cost grows with the match (every
        sampled world is a copy). The rows of the field and the set scores are made whole
        and never changed after, so only the lists holding them are copied; the sheet (a
        tuple of rows) and the last game (a row) never change, so they are shared."""
        new = self._twin()
        new.draw_pile = list(self.draw_pile)
        new.hands = [list(hand) for hand in self.hands]
        new.field = list(self.field)
        new.field_plays = list(self.field_plays)
        new.discards = list(self.discards)
        new.coins = list(self.coins)
        new.copied = list(self.copied)
        new.set_scores = list(self.set_scores)
        new.game_moves = list(self.game_moves)
        return new

    # -- questions the table and bots ask ----------------------------------------------

    def total_games(self) -> int:
        return self.games_per_set * self.sets

    def next_seat(self, seat: int) -> int:
        return (seat + self.direction) % self.players

    def may_meow(self, seat: int) -> bool:
        return self.drew and seat == self.current and len(self.hands[seat]) <= MEOW_LIMIT

    def totals(self) -> list[int]:
        return [hand_total(hand) for hand in self.hands]

    def match_scores(self) -> list[int]:
        """Coins with default options; with sets, the finished sets' scores plus the coins
        of the set in play (a finished match has no set in play)."""
        if self.sets == 1:
            return list(self.coins)
        rows = self.set_scores
        scores = list(map(sum, zip(*rows, strict=True))) if rows else [0] * self.players
        if self.phase != PHASE_OVER:
            scores = [score + coins for score, coins in zip(scores, self.coins, strict=True)]
        return scores
