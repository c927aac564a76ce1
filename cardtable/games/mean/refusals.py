"""Why a MEAN! move is refused: one sentence for each rule a move can break, read by
``MeanState.explain`` (the state's fields, never changed here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardtable.engine import GameState, IllegalAction

from .vocabulary import (
    KIND_LIMIT,
    NUMBER_NAMES,
    PHASE_ANSWER,
    PILES,
    WILD,
    a_value,
    parse_play,
    play_code,
    plural,
)


class MeanRefusals(GameState):
    """The reasons ``MeanState.explain`` gives, by the phase the move came in."""

    # The state's fields and questions these reasons read (``MeanState`` answers them).
    hands: list[list[str]]
    play_values: list[int]
    direction: str | None
    phase: str
    piles_owed: int
    punish_reason: str
    active: list[bool]
    direction_words: Callable[[], str]
    fits_direction: Callable[[int], bool]
    room_for: Callable[[int], int]

    def _explain_swap(self, seat: int, words: list[str]) -> str:
        ask = "Your Eight swaps your hand: choose whose, 'swap with N'."
        if len(words) != 3 or words[:2] != ["swap", "with"]:
            return ask
        try:
            target = int(words[2])
        except ValueError:
            return ask
        if target == seat:
            return "Swap with another player: your own hand is no swap."
        if not 0 <= target < self.players:
            return "There is no such player at this table: choose another to swap with."
        if not self.active[target]:
            return "That player is out of the game: swap with a player still in it."
        return ask

    def _explain_punish(self, seat: int, code: str) -> str:
        words = code.split()
        owed = self.piles_owed
        piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
        if self.punish_reason == "mean-cleared":
            why = f"The MEAN! cleared the Play Area: you take {piles}, even holding a Six."
        elif self.punish_reason == "mean":
            why = f"MEAN! and you have no Six to answer: you take {piles}."
        else:
            why = f"You cannot play: you take {piles}."
        if len(words) == 2 and words[0] == "punish":
            try:
                pile = int(words[1])
            except ValueError:
                return f"{why} Choose one: 'punish N'."
            if not 0 <= pile < PILES:
                return f"The Punishment Piles are numbered 0 to {PILES - 1}."
            return f"Punishment Pile {pile} is empty: choose another."
        if words and words[0] == "play" and self.punish_reason == "stuck":
            # Say which rule stops the card, then what is left to do.
            try:
                cards, value = parse_play(code)
            except IllegalAction as refused:
                return refused.reason
            return f"{self._explain_play(seat, cards, value)} {why} Choose one: 'punish N'."
        return f"{why} Choose one: 'punish N'."

    def _explain_play(self, seat: int, cards: tuple[str, ...], value: int) -> str:
        held = Counter(self.hands[seat])[cards[0]]
        if held < len(cards):
            name = "Wild" if cards[0] == WILD else NUMBER_NAMES[value]
            if held == 0:
                return f"You have no {name} in your hand."
            return f"You have only {held} {name}{'es' if name == 'Six' else 's'} in your hand."
        if self.phase == PHASE_ANSWER:
            return "MEAN!: answer only with a Six (or a Wild as Six), or take the punishment."
        if not self.fits_direction(value):
            top = self.play_values[-1]
            if self.direction == "up":
                rule = f"{self.direction_words()}: play {a_value(top)} or higher"
            else:
                rule = f"{self.direction_words()}: play {a_value(top)} or lower"
            if cards[0] == WILD:
                return f"{rule}; a Wild stands only for a value that follows the direction."
            return f"{rule}."
        room = self.room_for(value)
        if len(cards) > room:
            if room == KIND_LIMIT:
                return f"Four of a kind at most: play no more than four {value}s together."
            lying = KIND_LIMIT - room
            return (
                f"Four of a kind at most: {lying} of {value} lie on top, "
                f"so only {plural(value, room).lower()} more may go on."
            )
        return f"'{play_code(cards, value)}' is not a move you can make now."
