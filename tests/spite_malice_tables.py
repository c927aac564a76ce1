"""Stacked Spite & Malice tables for the rule and bot tests: ``deal`` names each Card
Stack, the hands and the top of the Draw Pile, and fills in the rest of the deck with
cards that change nothing."""

from __future__ import annotations

from collections import Counter

from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import card_value

GAME = registry.get("spite-malice")

# Cards that change nothing fill what a test leaves open: high cards first, 1s last.
FILL_ORDER = [12, 11, 10, 9, 8, 6, 5, 4, 3, 13, 7, 2, 1]


def fill_key(card: str) -> tuple[int, str]:
    value = card_value(card)
    return (99 if value is None else FILL_ORDER.index(value), card)


def deal(stacks: list[str], hands: list[str], draw: str = "", spite: bool = True):
    """A game from a stacked deck (``stacked_deck``)."""
    deck = stacked_deck(stacks, hands, draw)
    options = {"stack": len(stacks[0].split()), "spite": spite}
    return GAME.new_game(players=len(stacks), seed=0, deck=deck, options=options)


def stacked_deck(stacks: list[str], hands: list[str], draw: str = "") -> list[str]:
    """A whole deck, top first. ``stacks`` are each seat's Card Stack in the order
    dealt (the last card is the UP card), ``hands`` the four cards each seat is dealt,
    ``draw`` the top of the Draw Pile after the deal (the first player draws from it)."""
    players = len(stacks)
    stack_cards = [s.split() for s in stacks]
    size = len(stack_cards[0])
    rest = Counter(GAME.full_deck(players))
    named = [c for part in (*stacks, *hands, draw) for c in part.split()]
    rest.subtract(named)
    assert not -rest, f"more cards named than the deck holds: {dict(-rest)}"
    filler = sorted(rest.elements(), key=fill_key)
    bordered_fill = [c for c in filler if c.startswith("b")]
    plain_fill = [c for c in filler if not c.startswith("b")]
    hand_cards = [h.split() for h in hands]
    for cards in hand_cards:
        while len(cards) < 4:
            cards.append(plain_fill.pop(0))
    bordered = [
        stack_cards[step % players][r] for r in range(size) for step in range(1, players + 1)
    ]
    plain = [hand_cards[step % players][r] for r in range(4) for step in range(1, players + 1)]
    return bordered + bordered_fill + plain + draw.split() + plain_fill


# A plain 2-player table: seat 0's UP is b6, seat 1's b5, so seat 0 goes first.
STACK0 = "b9 b9 b10 b10 b6"
STACK1 = "b11 b11 b12 b12 b5"
