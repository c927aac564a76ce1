"""The MEAN! table as a player uses it: equal cards played as one group, refusals in the
engine's words, the in-table choosers (direction, a Wild's value, the Eight's swap), the
Punishment Piles taken by click and by drag, a whole game against bots through the ui,
and the privacy screen between two people at one computer.

Positions come from stacked decks: ``stacked(hands, draw)`` deals exactly as the rules
do (four piles of three, then four cards each from the dealer's left, then the dealer draws
up to five); the rest of the deck follows ``draw``, highest cards first.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import Future
from types import SimpleNamespace

import pygame
import pytest

from cardtable.engine import Action, announce
from cardtable.games.mean.vocabulary import decks_for, one_deck, parse_play
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.rules import RulesScene
from cardtable.ui.tables import table_for
from cardtable.ui.tables.mean import MeanTable, mean_face

from .conftest import click, drag, frames, key, until

PILES = [["2", "3", "4"], ["5", "6", "7"], ["9", "10", "11"], ["12", "1", "2"]]


def stacked(hands: list[list[str]], draw: list[str], piles=PILES) -> list[str]:
    """A whole deck (top card first) that deals ``piles`` and ``hands`` (four cards each),
    then has ``draw`` on top of the Draw Deck (the dealer's first draw is ``draw[0]``) and
    the rest of the cards under it, highest first."""
    deck = [card for pile in piles for card in pile]
    players = len(hands)
    for round_number in range(4):
        for step in range(1, players + 1):
            deck.append(hands[step % players][round_number])
    deck += draw
    full = Counter(one_deck() * decks_for(players))
    assert not Counter(deck) - full, "more of a card than the deck holds"
    rest = sorted((full - Counter(deck)).elements(), key=lambda c: 0 if c == "W" else int(c))
    return deck + rest[::-1]


def open_mean(app, hands, draw=(), seats=None, seed=7) -> MeanTable:
    seats = tuple(seats or ["human"] + ["easy"] * (len(hands) - 1))
    deck = tuple(stacked(hands, list(draw)))
    table = MeanTable(app, Launch("mean", len(seats), seats, seed=seed, deck=deck))
    table.hold_bots = True  # the bots wait: the test moves them (``bot_plays``)
    app.show_title()
    app.manager.push(table)
    return table


def bot_plays(app, table: MeanTable, seat: int, code: str) -> None:
    """The bot at ``seat`` makes the move ``code`` when the match asks it."""
    table.seats[seat].bot.choose = lambda view: Action(code)
    table.hold_bots = False
    until(app, lambda: table.match.state.history[-1:] == [(seat, code)])
    table.hold_bots = True


def hand_point(table: MeanTable, card: str, occurrence: int = 0) -> tuple[int, int]:
    hand = table.model[f"hand:{table.viewer}"]
    index = [i for i, code in enumerate(hand) if code == card][occurrence]
    return table.view.card_point(f"hand:{table.viewer}", index)


def pile_point(table: MeanTable, number: int) -> tuple[int, int]:
    zone = f"punish:{number}"
    return table.view.slot(zone, len(table.model[zone]) - 1).center


def play_area(table: MeanTable) -> tuple[int, int]:
    return table.drop_targets()["play"].center


def option(table: MeanTable, label: str) -> tuple[int, int]:
    assert table.choices.chooser is not None
    for button in table.choices.chooser.buttons:
        if label in button.label:
            return button.rect.center
    raise AssertionError(f"no option {label!r} in {table.choices.chooser.options}")


def settle(app, table: MeanTable) -> None:
    until(app, lambda: not table.animator.busy and not table.view.dirty)


def test_the_table_is_the_mean_table_and_its_cards_are_marked():
    assert table_for("mean") is MeanTable
    assert "↑" in mean_face("1").index and "↑" in mean_face("3").index
    assert "↓" in mean_face("10").index and "↓" in mean_face("12").index
    assert "↻" in mean_face("8").index
    assert mean_face("6").caption == "MEAN!"
    assert mean_face("W").label == "W"
    assert mean_face("7").caption == "" and mean_face("7").index == "7"


def test_a_group_of_equal_cards_dragged_onto_the_play_area_plays_them_together(app):
    table = open_mean(app, [["7", "7", "2", "7"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 1))
    assert table.input.picked is not None and table.input.picked.cards == ("7", "7")
    # A card of another value starts a new group; clicking the 7s again builds it back.
    click(app, hand_point(table, "2"))
    assert table.input.picked is not None and table.input.picked.cards == ("2",)
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 2))
    drag(app, hand_point(table, "7", 0), play_area(table))
    assert table.match.state.history == [(0, "play 7 7")]
    assert table.input.picked is None  # the selection went with the cards
    settle(app, table)
    assert table.model["play"] == ["7", "7"]
    assert table.model["hand:0"].count("7") == 1
    # The two 7s lie fanned: the run on top shows how many there are.
    first, second = table.view.slots("play")
    assert second.x > first.x + first.w // 4


def held_top(table: MeanTable, card: str, occurrence: int = 0) -> tuple[int, int]:
    """A point on the raised top of a held card, above where it lies unheld."""
    hand = table.model[f"hand:{table.viewer}"]
    index = [i for i, code in enumerate(hand) if code == card][occurrence]
    slot = table.view.slot(f"hand:{table.viewer}", index)
    return hand_point(table, card, occurrence)[0], slot.y - slot.h // 10


def test_a_held_card_is_taken_where_it_is_drawn_raised(app):
    # Issue 35: a click on the raised top of a held card missed it and let go of all.
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 1))
    start = held_top(table, "7", 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    away = (start[0], start[1] - 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(1,)))
    frames(app)
    held = table.input.drag
    assert held is not None and held.moved and held.cards == ("7", "7")


def test_a_click_that_skips_the_deal_still_picks_the_card(app):
    # Issue 35: the click that landed the deal picked a card, and the table, laying the
    # cards out again, let go of it: the next 7 clicked was held alone.
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, lambda: table.animator.busy and "9" in table.model.get("hand:0", []))
    click(app, hand_point(table, "7", 0))
    assert table.input.picked is not None
    until(app, lambda: table.awaiting_human() and table.still())
    click(app, hand_point(table, "7", 1))
    assert table.input.picked is not None and table.input.picked.cards == ("7", "7")


def test_a_click_on_a_held_card_lets_go_of_that_card_only(app):
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    hand = table.model["hand:0"]
    sevens = [i for i, code in enumerate(hand) if code == "7"]
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 1))
    click(app, held_top(table, "7", 1))
    assert table.input.picked is not None and table.input.picked.group == (sevens[0],)


def test_a_card_that_joins_the_held_one_is_dragged_with_it(app):
    # Click one 7, then drag the other: both go, as the how-to says.
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    click(app, hand_point(table, "7", 0))
    drag(app, hand_point(table, "7", 1), play_area(table))
    assert table.match.state.history == [(0, "play 7 7")]


def test_a_refused_drop_snaps_back_with_the_engines_reason(app):
    table = open_mean(app, [["9", "5", "2", "4"], ["11", "3", "3", "8"]], ["12", "12", "11"])
    until(app, table.awaiting_human)
    table.perform(0, "play 9")
    table.perform(0, "dir up")
    bot_plays(app, table, 1, "play 11")
    until(app, table.awaiting_human)
    history = list(table.match.state.history)
    home = table.view.slot("hand:0", table.model["hand:0"].index("5"))
    drag(app, hand_point(table, "5"), play_area(table))
    assert table.match.state.history == history
    words = table.match.state.explain(0, "play 5")
    assert table.notice.words == words == "Going Up: play an 11 or higher."
    assert table.notice.left > 0
    assert table.animator.returning  # the card flies home
    frames(app, 12)
    assert not table.animator.returning
    assert table.view.slot("hand:0", table.model["hand:0"].index("5")) == home


def test_the_direction_chooser_after_a_play_on_an_empty_area_by_mouse(app):
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]])
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "4"), play_area(table))
    assert table.match.state.history == [(0, "play 4")]
    until(app, lambda: table.awaiting_human() and table.choices.chooser is not None)
    assert table.choices.chooser.options == ["↑ Going Up", "↓ Going Down"]
    click(app, option(table, "Going Down"))
    assert table.match.state.history[-1] == (0, "dir down")
    # The sign turns over from no direction to Going Down.
    assert table.sign.turn is not None and not table.sign.turn.done
    assert (table.sign.was, table.sign.shown) == (None, "down")
    settle(app, table)
    assert table.sign.shown == "down"
    assert table.choices.chooser is None


def test_the_direction_chooser_and_a_group_by_keyboard(app):
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    assert table.model["hand:0"] == ["2", "4", "7", "7", "9"]
    for press in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_SPACE):
        key(app, press)  # onto the first 7, select it
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # the second 7 joins
    assert table.input.picked is not None and table.input.picked.cards == ("7", "7")
    key(app, pygame.K_RETURN)
    assert table.match.state.history == [(0, "play 7 7")]
    until(app, lambda: table.awaiting_human() and table.choices.chooser is not None)
    key(app, pygame.K_UP)  # Going Up
    assert table.match.state.history[-1] == (0, "dir up")
    settle(app, table)
    assert table.sign.shown == "up"


def test_a_wild_value_chooser_offers_only_legal_values(app):
    table = open_mean(app, [["9", "W", "2", "4"], ["11", "3", "3", "5"]])
    until(app, table.awaiting_human)
    table.perform(0, "play 9")
    table.perform(0, "dir up")
    bot_plays(app, table, 1, "play 11")  # Going Up on 11: a Wild may be 11 or 12
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "W"), play_area(table))
    assert table.match.state.history[-1] == (1, "play 11")  # nothing played yet: asked first
    assert table.choices.chooser is not None
    legal = sorted(
        int(code.split()[-1]) for code in table.legal_codes() if code.startswith("play W as")
    )
    assert table.choices.chooser.options == [str(value) for value in legal] == ["11", "12"]
    assert not table.choices.chooser.rect.colliderect(table.view.spots["hand:0"].rect)
    key(app, pygame.K_5)  # not offered: nothing happens
    assert table.match.state.history[-1] == (1, "play 11")
    click(app, option(table, "12"))
    assert table.match.state.history[-1] == (0, "play W as 12")
    settle(app, table)
    assert table.sign.shown == "down"  # a Wild as Twelve sets Going Down


def test_the_wild_chooser_cancels_with_escape(app):
    table = open_mean(app, [["W", "5", "2", "4"], ["11", "3", "3", "5"]])
    until(app, table.awaiting_human)
    click(app, hand_point(table, "W"))
    click(app, play_area(table))
    frames(app, 1)
    assert table.choices.chooser is not None and len(table.choices.chooser.options) == 12
    key(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert table.choices.chooser is None and table.match.state.history == []


def test_the_swap_target_chooser_and_a_click_on_a_seat(app):
    hands = [["8", "2", "4", "5"], ["3", "3", "5", "9"], ["10", "11", "12", "1"]]
    table = open_mean(app, hands, ["9"])
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "8"), play_area(table))
    until(app, lambda: table.awaiting_human() and table.choices.chooser is not None)
    click(app, option(table, "Going Up"))
    until(app, lambda: table.awaiting_human() and table.match.state.phase == "swap")
    frames(app, 1)
    names = [table.seats[seat].name for seat in (1, 2)]
    assert [label.split(" (")[0] for label in table.choices.chooser.options] == [
        f"1. {names[0]}",
        f"2. {names[1]}",
    ]
    theirs = sorted(table.match.state.hands[2])
    click(app, table.plates[2].center)
    assert table.match.state.history[-1] == (0, "swap with 2")
    settle(app, table)
    assert sorted(table.model["hand:0"]) == theirs
    assert all(card == "?" for card in table.model["hand:2"])


def test_the_swap_by_number_key(app):
    hands = [["8", "2", "4", "5"], ["3", "3", "5", "9"], ["10", "11", "12", "1"]]
    table = open_mean(app, hands, ["9"])
    until(app, table.awaiting_human)
    table.perform(0, "play 8")
    table.perform(0, "dir down")
    until(app, lambda: table.awaiting_human() and table.choices.chooser is not None)
    key(app, pygame.K_1)
    assert table.match.state.history[-1] == (0, "swap with 1")


def stuck_position(app) -> MeanTable:
    """Seat 0 holds only high cards on a Going Down 2: they must take a pile."""
    table = open_mean(app, [["2", "12", "12", "11"], ["2", "4", "5", "9"]], ["12"])
    until(app, table.awaiting_human)
    table.perform(0, "play 2")
    table.perform(0, "dir down")
    bot_plays(app, table, 1, "play 2")
    until(app, table.awaiting_human)
    assert table.match.state.phase == "punish"
    return table


def test_taking_a_punishment_pile_by_click(app):
    table = stuck_position(app)
    assert table.punished_now()
    assert "take a Punishment Pile" in table.prompt()
    before = len(table.model["hand:0"])
    click(app, pile_point(table, 1))
    assert table.match.state.history[-1] == (0, "punish 1")
    settle(app, table)
    assert len(table.model["hand:0"]) == before + 3
    assert table.model["punish:1"] == []
    assert sorted(table.model["hand:0"]).count("7") == 1  # the pile's cards, now seen


def test_taking_a_punishment_pile_by_drag(app):
    table = stuck_position(app)
    drag(app, pile_point(table, 2), table.view.spots["hand:0"].rect.center)
    assert table.match.state.history[-1] == (0, "punish 2")


def test_taking_a_punishment_pile_by_keyboard(app):
    table = stuck_position(app)
    key(app, pygame.K_RETURN)  # the cursor shows on the first pile; nothing is taken yet
    assert table.input.key_cards()[table.input.key_focus] == ("punish:0", 2)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert table.match.state.history[-1] == (0, "punish 1")


def test_taking_a_punishment_pile_by_the_number_it_shows(app):
    table = stuck_position(app)
    key(app, pygame.K_4)  # labelled "Pile 4" on the table
    assert table.match.state.history[-1] == (0, "punish 3")


def test_a_mean_chain_shows_how_many_piles_are_waiting(app):
    table = open_mean(app, [["5", "9", "2", "4"], ["6", "6", "3", "9"], ["1", "1", "3", "4"]])
    until(app, table.awaiting_human)
    table.perform(0, "play 5")
    table.perform(0, "dir up")
    bot_plays(app, table, 1, "play 6 6")
    settle(app, table)
    assert table.mean_count == 2
    frames(app, 2)  # and it draws
    # Seat 2 has no Six: they take both piles, and the chain is resolved.
    bot_plays(app, table, 2, "punish 0")
    bot_plays(app, table, 2, "punish 1")
    settle(app, table)
    assert table.mean_count == 0


def first_legal_through_the_ui(app, table: MeanTable) -> None:
    """Make the viewer's move the way a player would, choosing the longest legal play
    (so groups get played), the first option of a chooser, the first pile."""
    legal = sorted(table.legal_codes())
    phase = table.match.state.phase
    seat = table.viewer
    before = len(table.match.state.history)
    if phase in ("play", "answer"):
        code = max(legal, key=lambda code: (len(parse_play(code)[0]), code))
        cards, value = parse_play(code)
        hand = table.model[f"hand:{seat}"]
        indices = [i for i, card in enumerate(hand) if card == cards[0]][: len(cards)]
        for index in indices:
            click(app, table.view.card_point(f"hand:{seat}", index))
        drag(app, table.view.card_point(f"hand:{seat}", indices[0]), play_area(table))
        if len(table.match.state.history) == before:
            frames(app, 1)
            click(app, option(table, str(value)))
        assert table.match.state.history[-1] == (seat, code)
    elif phase in ("dir", "swap"):
        frames(app, 1)
        click(app, table.choices.chooser.buttons[0].rect.center)
        # The first option: Going Up, or the first seat after yours.
        assert table.match.state.history[-1] == (seat, "dir up" if phase == "dir" else legal[0])
    else:
        number = int(legal[0].split()[1])
        click(app, pile_point(table, number))
        assert table.match.state.history[-1] == (seat, legal[0])


@pytest.mark.slow
def test_one_human_and_bots_play_a_whole_game_through_the_ui(app):
    app.open_table(Launch("mean", 3, ("human", "easy", "medium"), seed=11))
    table = app.manager.top
    assert isinstance(table, MeanTable)
    moves = 0
    while not table.match.state.is_over:
        until(app, lambda: table.awaiting_human() or table.match.state.is_over, limit=6000)
        if table.match.state.is_over:
            break
        first_legal_through_the_ui(app, table)
        moves += 1
        assert not isinstance(app.manager.top, PrivacyScene)
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=6000)
    result = table.match.state.result
    assert moves > 5 and result is not None
    assert app.manager.top.result == result.to_dict()
    app.step()  # the results draw


def test_two_humans_get_the_privacy_screen_between_them(app):
    hands = [["1", "5", "7", "9"], ["3", "4", "8", "9"], ["10", "11", "12", "2"]]
    table = open_mean(app, hands, seats=["human", "human", "easy"])
    table.hold_bots = False
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[0].name
    key(app, pygame.K_RETURN)
    assert table.viewer == 0
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "1"), play_area(table))  # a One sets Going Up by itself
    assert table.match.state.history == [(0, "play 1")]
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[1].name
    assert table.viewer is None
    assert all(card == "?" for card in table.model["hand:0"])
    key(app, pygame.K_RETURN)
    assert table.viewer == 1
    assert table.seat_boxes is not None and table.seat_boxes.sides[1] == "bottom"
    assert "8" in table.model["hand:1"]
    assert all(card == "?" for card in table.model["hand:0"])


def test_the_rules_help_opens_over_the_table_and_scrolls(app):
    table = open_mean(app, [["1", "5", "7", "9"], ["3", "4", "8", "9"]])
    click(app, next(b for b in table.buttons if b.label == "Rules").rect.center)
    rules = app.manager.top
    assert isinstance(rules, RulesScene)
    app.step()
    assert rules.content_height > app.size[1]  # the whole game and its rulings
    key(app, pygame.K_END)
    assert rules.scroll > 0
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table


def test_eight_seats_fit_without_overlap_at_small_windows(app):
    for size in ((1280, 720), (800, 600), (640, 400)):
        table = MeanTable(app, Launch("mean", 8, ("human",) + ("easy",) * 7, seed=3))
        table.layout(size)
        boxes = [table.seat_boxes.boxes[seat] for seat in range(8)]
        centre = table.seat_boxes.center
        areas = boxes + [centre]
        for one in range(len(areas)):
            for other in range(one + 1, len(areas)):
                assert not areas[one].colliderect(areas[other]), (size, one, other)
        middle = [table.view.spots[zone].rect for zone in ("draw", "removed", "play")]
        middle += list(table.pile_rects.values()) + [table.sign_rect]
        for rect in middle:
            assert centre.contains(rect), (size, rect, centre)
        assert not table.sign_rect.colliderect(table.view.spots["play"].rect)
        for number, rect in table.pile_rects.items():
            assert not rect.colliderect(table.play_rect), (size, number)
        # The two out-of-play stacks lie side by side, not on each other.
        removed, unseen = (table.view.spots[z].rect for z in ("removed", "removed:unseen"))
        assert not removed.colliderect(unseen), size
        # Choosers and refusals keep off the hand.
        assert table.chooser_area().bottom <= table.view.spots["hand:0"].rect.top, size


def test_no_pile_count_covers_a_pile_label_at_the_smallest_window(app, monkeypatch):
    """At 640x400 the Draw Deck's count lay over "Out of play" and the top Punishment
    Piles' counts over the numbers of the piles under them."""
    from cardtable.ui.app import MIN_SIZE
    from cardtable.ui.tables import drawing
    from cardtable.ui.tables.parts import piles

    pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)  # the player shrinks the window
    app.resize(MIN_SIZE)
    table = MeanTable(app, Launch("mean", 6, ("human",) + ("easy",) * 5, seed=3))
    table.hold_bots = True
    app.show_title()
    app.manager.push(table)
    until(app, table.awaiting_human)
    counted, labels = [], []  # the cards a count is drawn under; the piles' labels
    badge, caption = drawing.badge, piles.caption
    monkeypatch.setattr(
        drawing, "badge", lambda s, n, card: counted.append(card) or badge(s, n, card)
    )
    monkeypatch.setattr(piles, "caption", lambda *a, **k: labels.append(caption(*a, **k)))
    table.draw(app.screen)
    assert len(labels) >= 6 and counted
    scratch = app.screen.copy()
    for card in counted:  # a count as wide as two digits, where the badge puts it
        box = drawing.label_box(
            scratch, "99", (card.centerx, card.bottom + 3), max(11, card.h // 9), anchor="midtop"
        )
        for label in labels:
            assert not box.colliderect(label), (box, label)


def test_announcements_name_the_players(app):
    table = open_mean(app, [["1", "5", "7", "9"], ["3", "4", "8", "9"]])
    you, other = table.seats[0].name, table.seats[1].name
    assert you == "You"  # the settings' first name, for the one human
    assert table.says(0, "take") == "You take"
    assert table.says(1, "take") == f"{other} takes"
    swap = announce("{P1} swaps hands with {P0}", 1, what="swap", seats=(1, 0), target=0)
    table.animator.play([swap])
    table.animator.queue.steps[-1].begin()
    assert table.animator.banner == f"{other} swaps hands with You"
    punished = announce("{P1} takes 2 Punishment Piles", 1, what="punished", seats=(1,), owed=2)
    table.animator.play([punished])
    table.animator.queue.steps[-1].begin()
    assert table.animator.banner == f"{other} takes 2 Punishment Piles"
    table.refuse(table.match.state.explain(1, "play 5"))
    assert table.notice.words == "It is not your turn."


def test_a_hint_says_what_the_move_is_and_why(app):
    # Issue 35: every hint said "the lit card goes to the lit place".
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, table.awaiting_human)
    hints = table.tools.hints
    hints.show("play 7 7")
    assert hints.line == "Hint: You play 7 7: it sheds 2 cards in one go"
    assert hints.cards == ("hand:0", [2, 3]) and hints.target == "play"
    hints.show("play 2")
    assert hints.line == "Hint: You play 2"


def test_a_table_waiting_on_a_hint_wakes_for_it_without_input(app, monkeypatch):
    # Issue 35: the table rested until the next input, up to a second, before it looked
    # whether the hint was ready.
    table = open_mean(app, [["7", "7", "2", "4"], ["3", "4", "5", "9"]], ["9"])
    until(app, lambda: table.awaiting_human() and table.still())
    assert table.wake_in() is None, "a still table waits for the player"
    answer: Future = Future()
    monkeypatch.setattr(table.match, "executor", SimpleNamespace(submit=lambda *a: answer))
    table.tools.hints.ask()
    frames(app)
    assert table.tools.hints.line == "Thinking of a hint…"
    wake = table.wake_in()
    assert wake is not None and wake <= 0.1
    answer.set_result(Action("play 7 7"))
    frames(app)
    assert table.tools.hints.code == "play 7 7"
    assert table.wake_in() is None
