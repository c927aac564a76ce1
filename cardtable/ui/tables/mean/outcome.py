"""How a game of MEAN! ended, in words for its results screen: MEAN! keeps no points, so
each place says what decided it (who went out, in which order when play went on, who went
out on an Eight, the cards left), and a called game or a loss on an Eight says so under
the headline. Read from the game's typed outcome (``games.mean.vocabulary``)."""

from __future__ import annotations

from cardtable.games.mean.vocabulary import Ending, MeanOutcome

from ..parts.words import OutcomeWords, ordinal


def _cards(count: int) -> str:
    return "1 card left" if count == 1 else f"{count} cards left"


def place(outcome: MeanOutcome, seat: int) -> str:
    """What decided a MEAN! player's place."""
    if seat in outcome.lost_on_eight:
        return "went out on an Eight: loses"
    went_out = outcome.went_out
    for order, group in enumerate(went_out):
        if seat in group:
            return f"went out {ordinal(order + 1)}" if len(went_out) > 1 else "went out"
    left = outcome.cards_left
    return _cards(left[seat]) if left and seat < len(left) else "still in"


def note(outcome: MeanOutcome, names: list[str]) -> str:
    """The one line under the headline that says how a MEAN! game ended, if unusual."""
    if outcome.ending is Ending.CALLED:
        return "Nothing left play for many rounds: the game was called, fewer cards rank higher."
    if outcome.ending is Ending.LOST_ON_EIGHT:
        losers = [names[seat] for seat in outcome.lost_on_eight if seat < len(names)]
        return f"{' and '.join(losers)} went out on an Eight: everyone else wins."
    return ""


WORDS = OutcomeWords("How it ended", place, note)
