"""Stacked Hit the Deck tables for the rule tests: hands, first discard and Draw Pile in
card codes, everything else filled in from the rest of the deck. Not a test module."""

from __future__ import annotations

from collections import Counter

from cardtable.games import registry
from cardtable.games.hit_the_deck.state import HitTheDeckState
from cardtable.games.hit_the_deck.vocabulary import HAND_SIZE, full_deck

GAME = registry.get("hit-the-deck")

# Filler comes from the quiet end of the deck first: green and yellow 4s and 5s, then
# the other green and yellow numbers, so a filled hand rarely fits the red and blue cards
# the tests put on top (and never fits a red or blue 1, 2 or 3).
_QUIET = ["G4", "G5", "Y4", "Y5", "G1", "G2", "G3", "Y1", "Y2", "Y3"]


def _filler(rest: Counter[str]) -> list[str]:
    def order(code: str) -> tuple[int, str]:
        return (_QUIET.index(code) if code in _QUIET else len(_QUIET), code)

    return sorted(rest.elements(), key=order)


def stacked(
    hands: list[str],
    discard: str,
    draw: str = "",
    at: dict[int, str] | None = None,
    bottom: str = "",
) -> list[str]:
    """A full stacked deck, top first. ``hands[s]`` lists seat s's cards (filled up to
    seven); seat 0 deals, so the deal runs seat 1, 2, ..., 0 one card at a time. Then the
    first discard, then the Draw Pile top first: ``draw``, the rest, and ``bottom`` last
    (its final card is the bottom card); ``at`` puts cards at depths of the Draw Pile
    (0 is its top card)."""
    players = len(hands)
    wanted = [hand.split() for hand in hands]
    placed = dict(at or {})
    rest = Counter(full_deck())
    chosen = [c for hand in wanted for c in hand] + [discard] + draw.split() + bottom.split()
    for code in chosen + list(placed.values()):
        if rest[code] == 0:
            raise ValueError(f"the deck has no more {code}")
        rest[code] -= 1
    filler = _filler(rest)
    for hand in wanted:
        while len(hand) < HAND_SIZE:
            hand.append(filler.pop(0))
    deck: list[str] = []
    for index in range(HAND_SIZE):
        for step in range(1, players + 1):
            deck.append(wanted[step % players][index])
    pile = draw.split() + filler + bottom.split()
    for depth in sorted(placed):
        pile.insert(depth, placed[depth])
    return deck + [discard] + pile


def table(
    hands: list[str],
    discard: str,
    draw: str = "",
    seed: int = 0,
    target: int = 100,
    at: dict[int, str] | None = None,
    bottom: str = "",
) -> HitTheDeckState:
    state = GAME.new_game(
        players=len(hands),
        seed=seed,
        options={"target": target},
        deck=stacked(hands, discard, draw, at, bottom),
    )
    assert isinstance(state, HitTheDeckState)
    return state


def set_hand(state: HitTheDeckState, seat: int, cards: str) -> None:
    """Late in a hand: ``seat`` holds exactly ``cards``; the cards it held go to the bottom
    of the Draw Pile and the cards it takes come from there (every card stays in play)."""
    wanted = cards.split()
    state.draw_pile[:0] = state.hands[seat]
    state.hands[seat] = []
    for code in wanted:
        state.draw_pile.remove(code)
        state.hands[seat].append(code)


def codes(state: HitTheDeckState, seat: int) -> list[str]:
    return [action.code for action in state.legal_actions(seat)]
