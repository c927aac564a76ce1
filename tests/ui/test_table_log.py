"""The table log: each move said in the players' names ("you" for the viewer), cards the
viewer may not see never named, a swap by another player flashed as an alert, and the
panel opened by its button and by L, kept off the hand at the smallest windows."""

from __future__ import annotations

import re

import pygame

from cardtable.engine import Action, Event, move
from cardtable.ui.launch import Launch
from cardtable.ui.tables.hit_the_deck import HitTheDeckTable
from cardtable.ui.tables.log import TableLog, generic

from .conftest import click, frames, key, until
from .test_mean_table import bot_plays, open_mean, settle

HANDS = [["2", "3", "4", "5"], ["8", "9", "9", "10"], ["11", "11", "12", "1"]]


def waiting_table(app, hands=HANDS, draw=("6",)):
    """A MEAN! table for three at the viewer's first move, the bots held."""
    table = open_mean(app, hands, list(draw))
    until(app, table.awaiting_human)
    return table


def test_a_bot_swapping_hands_with_you_is_logged_by_name_and_flashed(app):
    table = waiting_table(app)
    table.perform(0, "play 2")
    table.perform(0, "dir up")
    bot_plays(app, table, 1, "play 8")
    bot_plays(app, table, 1, "swap with 0")
    settle(app, table)
    ada = table.names[1]
    assert "You play 2, Going Up" in table.log.lines
    assert f"{ada} plays 8" in table.log.lines
    assert f"{ada} swaps hands with you (Eight)" in table.log.lines
    assert table.log.alert == f"{ada} swaps hands with you (Eight)"
    assert table.log.alert_left > 0


def test_your_own_swap_flashes_nothing(app):
    table = waiting_table(app, [["8", "2", "4", "5"], ["3", "3", "5", "9"], HANDS[2]], ["9"])
    table.perform(0, "play 8")
    table.perform(0, "dir down")
    table.perform(0, "swap with 2")
    assert f"You swap hands with {table.names[2]} (Eight)" in table.log.lines
    assert table.log.alert == ""


def test_cards_the_viewer_cannot_see_are_never_named(app):
    # Seat 1 draws and holds 9s and 10s, seat 2 the 11s and 12s: the viewer has none of
    # them and sees none of them (the piles' 9, 10 and 12 lie face down; the 11 on top of
    # Punishment Pile 3 is the only one in sight, and the test keeps it there).
    hands = [HANDS[0], ["9", "9", "10", "10"], ["12", "12", "11", "1"]]
    table = waiting_table(app, hands, ["6", "9", "12"])
    table.perform(0, "play 2")
    table.perform(0, "dir up")
    table.seats[2].bot.choose = lambda view: Action("play 12 12")  # asked while 1 plays
    bot_plays(app, table, 1, "play 9 9")
    bot_plays(app, table, 2, "play 12 12")
    settle(app, table)
    log = "\n".join(table.log.lines)
    ada, bo = table.names[1], table.names[2]
    assert f"{ada} draws a card" in log  # the 9 they drew
    assert f"{ada} plays 9 9" in log  # played face up: everyone sees it
    assert not re.findall(r"\b10\b", log), log  # seat 1's 10s never showed
    others = [line for line in table.log.lines if line.startswith((ada, bo))]
    draws = [line.split(" draws ")[1] for line in others if " draws " in line]
    assert draws == ["4 cards", "4 cards", "a card", "a card"]
    assert f"{bo} plays 12 12, Going Down" in log
    assert "You draw 11" in log  # the viewer's own card is named to them


def test_a_table_without_a_describer_says_moves_plainly():
    event = move(("R4",), "hand:1", "discard", face="up", seat=1)
    who = {0: "you", 1: "Ada"}.get
    assert generic(event, who) == "Ada: hand -> discard, R4"
    down = move(("R4", "B7"), "draw", "hand:0", face=0, seat=0).for_seat(1)
    assert generic(down, who) == "you: draw -> hand, 2 cards"


def test_the_panel_opens_by_button_and_by_l_and_stays_off_the_hand(app):
    for size in ((1280, 720), (800, 500)):
        app.screen = pygame.display.set_mode(size)
        table = waiting_table(app)
        assert not table.log.open
        button = next(b for b in table.buttons if b.label == "Log")
        click(app, button.rect.center)
        assert table.log.open
        hand = table.view.spots["hand:0"].rect
        assert not table.log.rect().colliderect(hand)
        assert table.log.rect().right <= size[0]
        key(app, pygame.K_l)
        assert not table.log.open
        key(app, pygame.K_l)
        assert table.log.open
        frames(app, 2)


def test_long_logs_scroll_and_keep_the_newest_at_the_bottom(app):
    table = waiting_table(app)
    log: TableLog = table.log
    for number in range(60):
        log.lines.append(f"line {number}")
    log.open = True
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    frames(app, 1)
    assert log.scroll > 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    frames(app, 1)
    assert log.scroll == 0
    assert log.lines[-1] == "line 59"
    assert isinstance(Event("turn"), Event)


def test_each_games_describer_names_its_cards_and_hides_what_it_must():
    from cardtable.ui.tables.hit_the_deck.describe import describe as hit
    from cardtable.ui.tables.what_the_heck.describe import describe as heck

    who = {0: "you", 1: "Bo"}.get
    played = move(("R4",), "hand:1", "discard", face="up", seat=1)
    assert hit(played, who) == "Bo plays Red 4"
    drawn = move(("B-FLIP", "HIT-3"), "draw", "hand:1", face=1, seat=1)
    assert hit(drawn.for_seat(0), who) == "Bo draws 2 cards"
    assert hit(drawn.for_seat(1), who) == "Bo draws Blue Flip, Hit 3"
    bid = move(("12",), "hand:1", "bid:1", face=1, seat=1)
    assert heck(bid.for_seat(0), who) == "Bo bids a card"
    assert heck(move(("7",), "points", "center"), who) == "Point Card 7 is turned up"


def test_with_two_humans_at_one_computer_the_log_names_no_hidden_card(app):
    hands = [["2", "3", "4", "5"], ["9", "9", "10", "10"]]
    table = open_mean(app, hands, ["6", "11"], seats=["human", "human"])
    frames(app, 5)
    table.hold_bots = False
    until(app, lambda: len(table.log.lines) >= 3)
    lines = "\n".join(table.log.lines)
    assert "you" not in lines  # nobody is "you" (the first seat's own name is "You")
    draws = re.findall(r"draws? (.*)", lines)
    assert draws and set(draws) <= {"4 cards", "a card"}, lines  # every hand stays hidden
    assert f"{table.names[1]} draws 4 cards" in lines
    # Even while the table is turned to one of them, their own cards are not named.
    table.names[0] = "Di"
    table.show_seat(0)
    table.log.record([move(("11",), "draw", "hand:0", face=0, seat=0)], by_viewer=True)
    assert table.log.lines[-1] == "Di draws a card"


def test_a_slap_rounds_words_are_logged_with_names(app):
    launch = Launch("hit-the-deck", 3, ("human", "easy", "easy"), seed=1)
    table = HitTheDeckTable(app, launch)
    table.hold_bots = True
    app.manager.push(table)

    def last_to_hit(seat: int) -> Event:
        data = {"stage": "close", "order": [2 - seat, seat], "draws": [seat], "announced": True}
        text = f"{{P{seat}}} hit last and draws four."
        return Event("slap", text=text, data=data, what="slap-result", seats=(seat,))

    table.log.record([last_to_hit(1)], by_viewer=False)
    table.log.record([last_to_hit(0)], by_viewer=False)
    ada = table.names[1]
    assert table.log.lines[-2:] == [
        f"{ada} hit last and draws four.",
        "You hit last and draw four.",
    ]


def test_copy_cat_says_a_play_its_copies_and_a_decline_once_and_counts_in_words(app):
    # Issue 35: "You play one Five" beside "Bo plays 2 Sixes"; a decline said the draw
    # twice ("Bo draws instead of copying", then "Bo draws a card").
    from cardtable.engine import announce
    from cardtable.ui.tables.copycat.describe import describe as copycat

    who = {0: "you", 1: "Bo"}.get
    play = announce("{P1} plays 2 Sixes.", 1, what="play", seats=(1,), number=6, cards=["6", "6"])
    assert copycat(play, who) == "Bo plays two Sixes"
    one = announce("{P0} plays one Five.", 0, what="play", seats=(0,), number=5, cards=["5"])
    assert copycat(one, who) == "you play one Five"
    copy = announce(
        "{P0} copies {P1} with one Six.", 0, what="copy", seats=(0, 1), number=6, cards=["6"]
    )
    assert copycat(copy, who) == "you copy Bo with one Six"
    decline = announce("{P1} draws instead of copying.", 1, what="decline", seats=(1,))
    said = copycat(decline, who)
    assert "draw" not in said and said == "Bo does not copy"
