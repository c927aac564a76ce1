"""Why a Spite & Malice move is refused: one sentence for each rule a move can break,
read by ``SpiteMaliceState.explain`` (the state's fields, never changed here).
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable.engine import GameState

from .vocabulary import NO_WILD_VALUES, UP, Move, Source, a_value, card_value, is_wild


class SpiteMaliceRefusals(GameState):
    """The reasons ``SpiteMaliceState.explain`` gives, by the kind of move."""

    # The state's fields and questions these reasons read (``SpiteMaliceState`` answers them).
    spite_on: bool
    hands: list[list[str]]
    ups: list[list[str]]
    stores: list[list[list[str]]]
    need: Callable[[int], int]

    def _explain_source(self, seat: int, source: Source) -> str | None:
        if source.kind == "hand" and source.card not in self.hands[seat]:
            return f"There is no {source.card} in your hand."
        if source.kind == "store" and not self.stores[seat][(source.pile or 1) - 1]:
            return f"Your Store Pile {source.pile} is empty."
        if source.kind == UP and not self.ups[seat]:
            return "You have no UP card."
        return None

    def _source_card(self, seat: int, source: Source) -> str:
        if source.kind == "hand":
            return source.card or ""
        if source.kind == "store":
            return self.stores[seat][(source.pile or 1) - 1][-1]
        return self.ups[seat][-1]

    def _explain_build(self, seat: int, parsed: Move) -> str:
        assert parsed.source is not None and parsed.pile is not None
        reason = self._explain_source(seat, parsed.source)
        if reason:
            return reason
        card = self._source_card(seat, parsed.source)
        if is_wild(card):
            return "A Wild is played with its value and cover: 'wild ... as 5 on 2 then ...'."
        need = self.need(parsed.pile)
        if need == 1:
            return f"Build Pile {parsed.pile} is empty: only a 1 starts it (1s play themselves)."
        return f"Build Pile {parsed.pile} needs {a_value(need)}: cards go on in order."

    def _explain_wild(self, seat: int, parsed: Move) -> str:
        assert parsed.source and parsed.cover and parsed.pile and parsed.value is not None
        reason = self._explain_source(seat, parsed.source)
        if reason:
            return reason
        if not is_wild(self._source_card(seat, parsed.source)):
            return "Only a Wild is played with 'wild'; build other cards with 'build'."
        if parsed.value in NO_WILD_VALUES:
            return "A Wild may be any value but 1, 2, 7 and 13."
        need = self.need(parsed.pile)
        if parsed.value != need:
            return f"Build Pile {parsed.pile} needs {a_value(need)}: the Wild must be that value."
        if parsed.cover == parsed.source or (parsed.source.kind == UP and parsed.cover.kind == UP):
            return "Cover the Wild with another card (the next UP card is turned after the move)."
        reason = self._explain_source(seat, parsed.cover)
        if reason:
            return reason
        cover = self._source_card(seat, parsed.cover)
        if is_wild(cover):
            return "A Wild never lies on a Wild: cover it with a card of the next value."
        return (
            f"Cover the Wild as {parsed.value} with {a_value(parsed.value + 1)}, in the same move."
        )

    def _explain_store(self, seat: int, parsed: Move) -> str:
        card = parsed.card or ""
        if card not in self.hands[seat]:
            return f"There is no {card} in your hand."
        if is_wild(card):
            return "A Wild is never stored."
        if card_value(card) == 2:
            return "A 2 is never stored."
        return "You cannot store that now."

    def _explain_spite(self, seat: int, parsed: Move) -> str:
        if not self.spite_on:
            return "Spite is off in this game: Wild-Spite cards are played as Wilds only."
        card = f"WS-{parsed.spite}"
        if card not in self.hands[seat]:
            return f"You hold no {parsed.spite} card."
        target = parsed.target
        if target is None or not 0 <= target < self.players:
            return f"There is no seat {target} at this table."
        if target == seat:
            return "Aim a Spite card at another player."
        if parsed.spite == "DUMP":
            return "That player has no cards in hand to dump."
        if parsed.spite == "BURY":
            return "That player's UP card is their last card: there is nothing to bury it under."
        return "That Spite card cannot be played now."
