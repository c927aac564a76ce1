"""MEAN!'s tables, made once: every play there is as its one shared ``Action``, what a
hand that could not play may hold, and the events that are always the same. The rules
(``state``, ``rules``) build legal-move lists and events by lookup in them: search bots
list moves in every roll-out step.
"""

from __future__ import annotations

from functools import lru_cache

from cardtable.engine import Action, Event, announce
from cardtable.engine.events import Face

from .vocabulary import (
    DIRECTION_WORDS,
    KIND_LIMIT,
    MAX_PLAYERS,
    MEAN_VALUE,
    PILES,
    VALUES,
    WILD,
    decks_for,
    dir_code,
    one_deck,
    play_code,
    punish_code,
    swap_code,
)

# Every play there is, as its one shared Action: legal-move lists are built by lookup, not
# by formatting strings (search bots list them in every roll-out step).
NAMES = {value: str(value) for value in VALUES}
# What a hand that could not play may hold: by direction and top value, and with no Six
# or Wild to answer a MEAN! (``Knowledge.lacks``).
CANNOT_FOLLOW = {
    ("up", top): tuple(sorted(str(v) for v in VALUES if v < top)) for top in VALUES
} | {("down", top): tuple(sorted(str(v) for v in VALUES if v > top)) for top in VALUES}
CANNOT_ANSWER = tuple(sorted(str(v) for v in VALUES if v != MEAN_VALUE))
PLAYS = {
    (value, count): Action(play_code((str(value),) * count))
    for value in VALUES
    for count in range(1, KIND_LIMIT + 1)
}
WILD_PLAYS = {
    (value, count): Action(play_code((WILD,) * count, value))
    for value in VALUES
    for count in range(1, KIND_LIMIT + 1)
}
# The values from ``low`` to ``high`` with their card names: ``BANDS[low, high]``.
BANDS = {
    (low, high): tuple((value, NAMES[value]) for value in range(low, high + 1))
    for low in VALUES
    for high in VALUES
}
# The plays of one to ``k`` cards of a value, in that order, for ``k`` cards held:
# ``RUNS[value][k]`` (never more than four: a hand may hold every Six of two decks).
HELD_MOST = one_deck().count(str(MEAN_VALUE)) * decks_for(MAX_PLAYERS)
RUNS = {
    value: tuple(
        tuple(PLAYS[value, count] for count in range(1, min(k, KIND_LIMIT) + 1))
        for k in range(HELD_MOST + 1)
    )
    for value in VALUES
}


@lru_cache(maxsize=4096)
def wild_plays(
    low: int, high: int, run_value: int | None, run_count: int, wilds: int
) -> tuple[Action, ...]:
    """The Wild plays open from ``low`` to ``high`` with up to ``wilds`` Wilds: by count,
    then by value; never more than four of a kind with the run on top."""
    return tuple(
        WILD_PLAYS[value, count]
        for count in range(1, wilds + 1)
        for value in range(low, high + 1)
        if count <= (KIND_LIMIT - run_count if value == run_value else KIND_LIMIT)
    )


DIRS = [Action(dir_code("up")), Action(dir_code("down"))]
# Zone names made once.
HAND_ZONES = tuple(f"hand:{seat}" for seat in range(MAX_PLAYERS))
PILE_ZONES = tuple(f"punish:{pile}" for pile in range(PILES))
ALONE = tuple((seat,) for seat in range(MAX_PLAYERS))  # to_act: one seat at a time
SWAPS = [Action(swap_code(target)) for target in range(8)]
PUNISHES = [Action(punish_code(pile)) for pile in range(PILES)]


def _play_events(seat: int) -> dict[str, tuple[Event, ...]]:
    """What every play there is by ``seat`` shows first, by its code: the cards' move onto
    the Play Area, which says what they count as (a Wild's announced value travels on it),
    and for Wilds the announcement of the value."""
    plays = {}
    for (value, count), action in [*PLAYS.items(), *WILD_PLAYS.items()]:
        cards = (action.code.split()[1],) * count
        data = {"value": value}
        events = [Event("move", cards, HAND_ZONES[seat], "play", "up", seat, "", data)]
        if cards[0] == WILD:
            wilds = "Wild" if count == 1 else f"{count} Wilds"
            text = f"{{P{seat}}}: {wilds} as {value}"
            events.append(
                announce(text, seat, what="wild", seats=(seat,), value=value, count=count)
            )
        plays[action.code] = tuple(events)
    return plays


@lru_cache(maxsize=1024)
def punished(seat: int, owed: int, reason: str) -> tuple[Event, Event]:
    """The turn of ``seat`` to take ``owed`` Punishment Piles, and its announcement."""
    piles = "a Punishment Pile" if owed == 1 else f"{owed} Punishment Piles"
    return (
        Event("turn", seat=seat, text="punish", what="punish"),
        announce(
            f"{{P{seat}}} takes {piles}",
            seat,
            what="punished",
            seats=(seat,),
            owed=owed,
            reason=reason,
        ),
    )


@lru_cache(maxsize=1024)
def mean_announced(seat: int, unresolved: int) -> Event:
    """MEAN!, by ``seat``, with ``unresolved`` MEAN! cards on top of the Play Area now."""
    return announce("MEAN!", seat, what="mean", seats=(seat,), unresolved=unresolved)


# The events that are always the same are made once (events are never changed): by seat,
# a play's first events, the start of a normal turn, a restart after a clear, a MEAN! to
# answer, a clear, a MEAN! resolved, the Card Direction announced; the end game's and a
# replenish's announcements; the punishments and MEAN! announcements as they come up.
PLAY_EVENTS = tuple(_play_events(seat) for seat in range(MAX_PLAYERS))
TURNS = tuple(Event("turn", (), None, None, "up", seat) for seat in range(MAX_PLAYERS))
RESTARTS = tuple(
    Event("turn", seat=seat, text="restart", what="restart") for seat in range(MAX_PLAYERS)
)
ANSWERS = tuple(
    Event("turn", seat=seat, text="MEAN!", what="answer") for seat in range(MAX_PLAYERS)
)
CLEARED = tuple(
    announce("Play Area cleared", seat, what="clear", seats=(seat,)) for seat in range(MAX_PLAYERS)
)
RESOLVED = tuple(
    announce("MEAN! resolved", seat, what="mean-resolved", seats=(seat,))
    for seat in range(MAX_PLAYERS)
)
END_GAME = announce("The Draw Deck is empty: the end game", what="end-game")
REPLENISH = announce(
    "No Punishment Piles left: new ones are made from the Play Area", what="replenish"
)
PLAY_SHUFFLED = Event("shuffle", src="play")
# An Eight's swap announced: ``SWAPPED[seat][target]``.
SWAPPED = tuple(
    tuple(
        announce(
            f"{{P{seat}}} swaps hands with {{P{target}}}",
            seat,
            what="swap",
            seats=(seat, target),
            target=target,
        )
        for target in range(MAX_PLAYERS)
    )
    for seat in range(MAX_PLAYERS)
)
DEAL = Event("deal", text="Four Punishment Piles, four cards each.", what="deal")
DECK_SHUFFLED = Event("shuffle", src="draw")

# One card's move, made once: a deal is 28 of them, a replenish up to twelve and a turn's
# draw usually one, and making an event costs ten look-ups. Onto Punishment Pile N from
# the Draw Deck or the Play Area, face down or face up (its top): ``TO_PILE[card, src, N,
# face]``; from the Draw Deck into a hand, seen by its holder: ``DRAWN[card, seat]``; a
# taken pile's top, face up: ``TOP_TAKEN[card, N, seat]``.
CARD_NAMES = (*NAMES.values(), WILD)
TO_PILE = {
    (card, src, pile, face): Event("move", (card,), src, PILE_ZONES[pile], face, None, "", {})
    for card in CARD_NAMES
    for src in ("draw", "play")
    for pile in range(PILES)
    for face in ("up", "down")
}
DRAWN = {
    (card, seat): Event("move", (card,), "draw", HAND_ZONES[seat], seat, seat, "", {})
    for card in CARD_NAMES
    for seat in range(MAX_PLAYERS)
}
TOP_TAKEN = {
    (card, pile, seat): Event(
        "move", (card,), PILE_ZONES[pile], HAND_ZONES[seat], "up", seat, "", {}
    )
    for card in CARD_NAMES
    for pile in range(PILES)
    for seat in range(MAX_PLAYERS)
}
_new_tuple = tuple.__new__


def card_move(cards: tuple[str, ...], src: str, dst: str, face: Face, seat: int | None) -> Event:
    """``Event("move", cards, src, dst, face, seat)`` at half the cost: the tuple made
    directly, in ``Event``'s field order (no text, no data, no announcement)."""
    return _new_tuple(Event, ("move", cards, src, dst, face, seat, "", {}, "", ()))


DIRECTION_EVENTS = {
    direction: tuple(
        announce(words, seat, what="direction", seats=(seat,), direction=direction)
        for seat in range(MAX_PLAYERS)
    )
    for direction, words in DIRECTION_WORDS.items()
}
