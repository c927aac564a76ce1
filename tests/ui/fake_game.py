"""A tiny made-up game and its table, to prove what the table base offers every game:
a drop that several legal codes match, a chooser for a move made without cards, equal
cards played as one group, a score sheet between hands, and a secret choice out of turn.

"Pounce": each player holds cards 1-4 and a Wild. On your turn lay a card (or several
equal cards) on the pile, but not the value on top of it; a Wild is laid as 1, 2 or 3.
A laid 4 makes the layer choose which way play goes (``dir left``/``dir right``). After
a lay, every other player may spite one opponent once per hand, out of turn
(``spite N``): that opponent loses a point.
A hand ends after four lays (``hand-over``); two hands make the match.
"""

from __future__ import annotations

from typing import Any

import pygame

from cardtable.engine import (
    ALL,
    OWNER,
    Action,
    Event,
    GameInfo,
    GameState,
    Result,
    Vocabulary,
    Zone,
    announce,
    move,
)
from cardtable.games import registry
from cardtable.ui.tables.base import TableScene
from cardtable.ui.tables.view import Spot


class PounceState(GameState):
    game_id = "pounce"

    def __init__(self, players: int, seed: int | str, options: dict[str, Any], deck=None):
        super().__init__(players, seed, options)
        self.hands = [["1", "2", "2", "4", "W"] for _ in range(players)]
        self.pile: list[str] = []
        self.turn = 0
        self.lays = 0
        self.hand_no = 1
        self.choosing_dir = False
        self.points = [0] * players
        self.spited: set[int] = set()
        self.spite_open = False
        self.layer = 0

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return ["1", "2", "2", "4", "W"] * players

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.is_over:
            return []
        if seat != self.turn:
            if self.spite_open and seat not in self.spited and seat != self.layer:
                return [Action(f"spite {t}") for t in range(self.players) if t != seat]
            return []
        if self.choosing_dir:
            return [Action("dir left"), Action("dir right")]
        codes: list[str] = []
        hand = self.hands[seat]
        top = self.pile[-1] if self.pile else None
        for card in sorted(set(hand)):
            if card == top:
                continue  # never the same value twice in a row
            if card == "W":
                codes += [f"lay W as {value}" for value in (1, 2, 3)]
            else:
                codes += [f"lay {' '.join([card] * n)}" for n in range(1, hand.count(card) + 1)]
        return [Action(code) for code in codes]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        words = action.code.split()
        if words[0] == "spite":
            self.spited.add(seat)
            self.points[int(words[1])] -= 1
            return [announce(f"{{P{seat}}} spites {{P{words[1]}}}", seat, what="spite")]
        self.spite_open = False
        if words[0] == "dir":
            self.choosing_dir = False
            return self.next_turn()
        cards = words[1:2] if words[1] == "W" else words[1:]
        events = []
        for card in cards:
            self.hands[seat].remove(card)
            self.pile.append(card)
            events.append(move(card, f"hand:{seat}", "pile", face="up", seat=seat))
        self.points[seat] += len(cards)
        self.spite_open, self.layer = True, seat
        if cards[0] == "4":
            self.choosing_dir = True
            return events
        return events + self.next_turn()

    def next_turn(self) -> list[Event]:
        self.lays += 1
        self.turn = (self.turn + 1) % self.players
        if self.lays % 4:
            return []
        events = [
            announce(f"Hand {self.hand_no} is over", what="hand-over", scores=list(self.points))
        ]
        self.hand_no += 1
        self.spited.clear()
        self.spite_open = False
        for seat in range(self.players):
            self.hands[seat] = ["1", "2", "2", "4", "W"]
        return events

    def zones(self) -> dict[str, Zone]:
        zones = {
            f"hand:{s}": Zone(f"hand:{s}", self.hands[s], OWNER, s) for s in range(self.players)
        }
        zones["pile"] = Zone("pile", self.pile, ALL)
        return zones

    @property
    def is_over(self) -> bool:
        return self.hand_no > 2

    @property
    def result(self) -> Result | None:
        return Result.from_scores(self.points) if self.is_over else None

    def public_observation(self, seat: int | None) -> dict[str, Any]:
        return {"scores": list(self.points)}


INFO = GameInfo(
    "pounce",
    "Pounce",
    2,
    4,
    PounceState,
    "A test game.",
    "Lay cards.",
    vocabulary=Vocabulary.of(["spite", "hand-over"]),  # the names its events carry
)


def register(monkeypatch) -> None:
    """Pounce joins the registry for one test only (the conformance test never sees it)."""
    registry.all()  # the real games first, so the registry's lazy loading is done
    monkeypatch.setitem(registry._GAMES, INFO.id, INFO)


class PounceTable(TableScene):
    """All a Pounce table writes: where things lie, what a drop means, which cards go
    together, and which moves are asked in a chooser."""

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        seat = self.bottom_seat()
        hand = pygame.Rect(100, height - 170, width - 200, 150)
        self.view.spots = {f"hand:{seat}": Spot(hand, (90, 128), "row")}
        for other in range(self.players):
            if other != seat:
                row = pygame.Rect(60 + 220 * other, 60, 200, 80)
                self.view.spots[f"hand:{other}"] = Spot(row, (50, 72), "row", face_up=False)
        self.pile = pygame.Rect(width // 2 - 60, height // 2 - 90, 120, 160)
        self.view.spots["pile"] = Spot(self.pile, (90, 128))

    def drop_targets(self) -> dict[str, pygame.Rect]:
        return {"pile": self.pile}

    def action_for(self, cards: tuple[str, ...], source: str, target: str):
        if cards == ("W",):
            return [f"lay W as {value}" for value in (1, 2, 3)]
        return f"lay {' '.join(cards)}"

    def joins(self, zone: str, held: list[str], index: int) -> bool:
        return self.view.zones[zone][index] == held[0]

    def asks(self, legal: list[str]) -> list[str]:
        return [code for code in legal if code.startswith(("dir", "spite"))]

    def label_for(self, code: str) -> str:
        words = code.split()
        if words[0] == "spite":
            return self.names[int(words[1])]
        return words[-1]
