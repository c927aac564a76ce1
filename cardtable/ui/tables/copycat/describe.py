"""Copy Cat's moves in words for the table log ("Bo draws a card", "the field is
discarded"). A play or a copy is said once, by the rules' own line that follows its cards
("Ada plays 2 Threes.", "Bo copies Ada with one Three."), and a game's start once, by its
"Game 2 of 8" line. Not for the banners of the animations."""

from __future__ import annotations

from cardtable.engine import Event
from cardtable.games.copycat.vocabulary import NUMBER_NAMES

from ..log import Who, move_words
from ..parts.words import agree

COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def plural_name(number: int) -> str:
    name = NUMBER_NAMES[number]
    return "Sixes" if name == "Six" else f"{name}s"


def count_of(number: int, count: int) -> str:
    """Cards of one number, the count in words as the rules say "one Five": "two
    Sixes"."""
    name = NUMBER_NAMES[number] if count == 1 else plural_name(number)
    return f"{COUNTS[count] if count < len(COUNTS) else count} {name}"


def announced(event: Event, who: Who) -> str | None:
    """A play, a copy or a decline in words (None for any other announcement)."""
    if event.what in ("play", "copy"):
        cards = count_of(int(event.data["number"]), len(event.data["cards"]))
        if event.what == "play":
            return f"{agree(who(event.seats[0]), 'play')} {cards}"
        return f"{agree(who(event.seats[0]), 'copy')} {who(event.seats[1])} with {cards}"
    if event.what == "decline":  # the draw that follows is said by its own line
        return f"{agree(who(event.seats[0]), 'do')} not copy"
    return None


def describe(event: Event, who: Who) -> str | None:
    """The log's line for a Copy Cat move, or None for the usual."""
    if event.kind == "deal" and event.text:
        return ""  # "Game 2: Bo starts." is said again as "Game 2 of 8: Bo starts."
    if event.kind == "announce":
        return announced(event, who)
    said = move_words(event, who)
    if said is None:
        return None
    src, dst, actor, cards = said
    if src.startswith("hand:") and dst == "field":
        return ""  # the play or copy line that follows names the number and the count
    if src == "draw" and dst.startswith("hand:"):
        return f"{agree(actor, 'draw')} {cards}"
    if src == "field" and dst == "discard":
        return f"The field ({cards}) is discarded"
    if src.startswith("hand:") and dst == "discard":
        return f"{agree(actor, 'discard')} {cards}"
    return None
