"""The table log says Copy Cat's and Spite & Malice's moves in their own words, with the
players' names, and never names a card its reader cannot see."""

from __future__ import annotations

from cardtable.engine import HIDDEN, Event, move
from cardtable.ui.tables.copycat.describe import describe as copycat_words
from cardtable.ui.tables.spite_malice.describe import describe as spite_words

NAMES = ["You", "Ada", "Bo"]


def who(seat: int) -> str:
    return NAMES[seat]


def test_copy_cat_moves_in_words():
    # A play's cards are said by the rules' line that follows them ("Ada plays 2 Threes."),
    # once; a game's start by "Game 2 of 8: Bo starts." alone.
    assert copycat_words(move(("3", "3/6"), "hand:1", "field", seat=1), who) == ""
    assert copycat_words(Event("deal", text="Game 2: Bo starts."), who) == ""
    drawn = move((HIDDEN,), "draw", "hand:2", face=2, seat=2)
    assert copycat_words(drawn, who) == "Bo draws a card"


def test_spite_and_malice_moves_in_words():
    up = move(("b7",), "up:1", "build:2", seat=1)
    assert spite_words(up, who) == "Ada builds 7 from the UP card"
    stored = move(("9",), "hand:2", "store:2:1", seat=2)
    assert spite_words(stored, who) == "Bo stores 9"
    malice = move((HIDDEN,), "draw", "stack:2", face="down", seat=1)
    assert spite_words(malice, who) == "A card goes to the bottom of a Card Stack"


def test_spite_and_malice_deal_is_said_as_a_deal_not_as_a_malice_card():
    # The deal's 8 face-down cards per Card Stack are no Malice card "going to the bottom".
    dealt = move((HIDDEN,) * 8, "draw", "stack:1", face="down", seat=1, dealt=True)
    assert spite_words(dealt, who) == "8 cards dealt face down to Ada's Card Stack"
    mine = move((HIDDEN,) * 8, "draw", "stack:0", face="down", seat=0, dealt=True)
    assert spite_words(mine, who) == "8 cards dealt face down to your Card Stack"
    # The log calls its reader "you": their own Card Stack is "your", never "you's".
    assert spite_words(mine, {0: "you"}.get) == "8 cards dealt face down to your Card Stack"
