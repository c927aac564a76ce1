"""The Copy Cat table as a player uses it: a whole match by the keyboard against bots,
copies and plays dragged onto the field, a special card dropped alone asking which
number, Draw and Meow by button, key and deck, Meow turning every hand over with its
total, coins flying as tokens from payer to payee, the score sheet between games, and the
layout at a small window.

Positions come from stacked decks in card codes: seat N holds ``hands[N]`` (dealt one
card at a time from the starting player's left), then the draw pile, top first.
"""

from __future__ import annotations

import pygame
import pytest

from cardtable.engine import Action
from cardtable.games.copycat.vocabulary import card_order, hand_total, one_deck
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables import table_for
from cardtable.ui.tables.copycat import CopyCatTable
from cardtable.ui.tables.copycat.coins import tokens
from cardtable.ui.tables.frame import status_line

from .conftest import click, drag, frames, key, until

MEOW_HANDS = ["8 8 6 6 5", "1 1 2 7 7", "3 4 5 5 6", "3 4 8 8 2"]
MEOW_DRAWS = "7 2 3 4 1/8"


def stacked(hands: list[str], draw: str = "") -> tuple[str, ...]:
    players = len(hands)
    rest = one_deck()
    for card in " ".join([*hands, draw]).split():
        rest.remove(card)
    dealt = [hand.split() for hand in hands]
    size = len(dealt[0])
    deck = [dealt[step % players][r] for r in range(size) for step in range(1, players + 1)]
    return tuple(deck + draw.split() + rest)


def open_copycat(app, hands, draw="", seats=None) -> CopyCatTable:
    seats = tuple(seats or ["human"] + ["easy"] * (len(hands) - 1))
    launch = Launch("copycat", len(seats), seats, seed=3, deck=stacked(hands, draw))
    table = CopyCatTable(app, launch)
    table.hold_bots = True  # the bots wait: the test moves them (``bot_plays``)
    app.show_title()
    app.manager.push(table)
    return table


def script(table: CopyCatTable, moves: dict[int, str]) -> None:
    """Each bot plays its moves (codes separated by commas) in order when asked."""
    for seat, codes in moves.items():
        queue = [code.strip() for code in codes.split(",")]
        table.seats[seat].bot.choose = lambda view, queue=queue: Action(queue.pop(0))
    table.hold_bots = False


def bot_plays(app, table: CopyCatTable, seat: int, code: str) -> None:
    """The bot at ``seat`` makes the move ``code`` when the match asks it."""
    script(table, {seat: code})
    until(app, lambda: table.state.history[-1:] == [(seat, code)])
    table.hold_bots = True


def hand_point(table: CopyCatTable, card: str, occurrence: int = 0) -> tuple[int, int]:
    hand = table.model[f"hand:{table.viewer}"]
    index = [i for i, code in enumerate(hand) if code == card][occurrence]
    return table.view.card_point(f"hand:{table.viewer}", index)


def settle(app, table: CopyCatTable) -> None:
    until(app, lambda: not table.animator.busy and not table.view.dirty)


def test_the_table_is_the_copy_cat_table():
    assert table_for("copycat") is CopyCatTable


def test_coins_are_shown_as_five_and_one_coin_tokens():
    assert tokens(25) == [5] * 5
    assert tokens(7) == [5, 1, 1]


def test_a_copy_dragged_onto_the_field_lies_beside_the_original_and_tokens_fly(app):
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"], seats=["easy", "human", "easy"]
    )
    bot_plays(app, table, 0, "play 7")
    until(app, table.awaiting_human)
    assert "Copy" in table.prompt()
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 1))
    drag(app, hand_point(table, "7", 0), table.drop_targets()["field"].center)
    assert table.state.history[-1] == (1, "copy 7 7")
    # The payment: two 1-coin tokens fly from seat 0's coins to seat 1's.
    until(app, lambda: bool(table.coins.flying))
    assert [token.value for token in table.coins.flying] == [1, 1]
    assert table.coins.flying[0].start == table.coins.rects[0].center
    assert table.coins.flying[0].end == table.coins.rects[1].center
    settle(app, table)
    assert table.coins.shown == [23, 27, 25]
    assert table.field.groups == [(0, 1, False), (1, 2, True)]
    original, *copies = table.view.slots("field")
    assert all(rect.left > original.left for rect in copies)


def test_the_cursor_put_on_a_card_before_your_turn_never_lands_on_the_deck(app):
    # While seat 0 thinks, the player moves the cursor to the second card of their hand.
    # Seat 0 plays a 7: now only the 7 and the deck can be taken. Enter must not draw
    # (the deck took the cursor's old place in that shorter list): the cursor starts
    # afresh and the first Enter only shows it.
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 6", "1 1 2 6 6"], seats=["easy", "human", "easy"]
    )
    settle(app, table)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert table.input.key_focus == 1
    bot_plays(app, table, 0, "play 7")
    until(app, table.awaiting_human)
    settle(app, table)
    assert table.input.key_cards()[1][0] == "draw"
    key(app, pygame.K_RETURN)
    assert table.state.history == [(0, "play 7")]
    # The cursor now shows on the 7: Enter takes it up, Enter lays it on the field.
    key(app, pygame.K_RETURN)
    assert table.input.picked is not None and table.input.picked.cards == ("7",)
    key(app, pygame.K_RETURN)
    assert table.state.history[-1] == (1, "copy 7")


def test_cards_let_go_fly_on_from_where_the_button_came_up(app):
    # A quick flick: the last motion reported is halfway, the button comes up on the
    # field. The play counts where it was let go, and the card flies from there.
    table = open_copycat(app, ["7 8 2 5 6", "3 4 4 7 6"], seats=["human", "easy"])
    settle(app, table)
    start = hand_point(table, "7")
    end = table.drop_targets()["field"].center
    half = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=half, rel=(0, 0), buttons=(1, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()
    assert table.state.history == [(0, "play 7")]
    app.step()
    flights = [flight for flight in table.animator.flights if flight.code == "7"]
    assert flights and flights[0].start.collidepoint(end)


def test_a_special_card_dropped_alone_asks_which_number(app):
    table = open_copycat(app, ["3/6 1 2 2 5", "3 4 4 7 7", "1 1 2 6 8"])
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "3/6"), table.drop_targets()["field"].center)
    until(app, lambda: table.choices.chooser is not None)
    chooser = table.choices.chooser
    assert chooser.options == ["3", "6"]
    assert table.state.history == []
    key(app, pygame.K_6)
    assert table.state.history == [(0, "play 3/6 as 6")]


def test_a_copy_of_the_wrong_number_snaps_back_with_the_engines_reason(app):
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"], seats=["easy", "human", "easy"]
    )
    bot_plays(app, table, 0, "play 7")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "4"), table.drop_targets()["field"].center)
    assert table.state.history == [(0, "play 7")]
    assert "Sevens" in table.notice.words
    assert table.model["hand:1"].count("4") == 2


def test_draw_by_button_by_key_and_by_the_deck(app):
    for way in ("button", "key", "deck"):
        table = open_copycat(
            app, ["7 8 2 5 6", "3 4 4 1 1", "1 2 2 6 6"], seats=["easy", "human", "easy"]
        )
        bot_plays(app, table, 0, "play 7")
        until(app, table.awaiting_human)
        assert "Draw" in table.prompt()
        if way == "button":
            click(app, table.draw_button.center)
        elif way == "key":
            key(app, pygame.K_d)
        else:
            click(app, table.view.spots["draw"].rect.center)
        assert table.state.history[-1] == (1, "draw"), way
        app.manager.pop()


def meow_table(app) -> CopyCatTable:
    """Seat 1 (the human) has drawn to 1 1 2 1/8: four cards, total 5, lowest."""
    table = open_copycat(app, MEOW_HANDS, MEOW_DRAWS, seats=["easy", "human", "easy", "easy"])
    bot_plays(app, table, 0, "play 8 8")
    until(app, table.awaiting_human)
    key(app, pygame.K_d)
    until(app, table.awaiting_human)
    click(app, hand_point(table, "7", 0))
    click(app, hand_point(table, "7", 1))
    click(app, hand_point(table, "7", 2))
    drag(app, hand_point(table, "7", 0), table.drop_targets()["field"].center)
    script(table, {2: "draw, play 5 5", 3: "draw, play 8 8", 0: "draw, play 6 6"})
    until(app, lambda: len(table.state.history) == 9 and table.awaiting_human())
    click(app, table.draw_button.center)
    until(app, table.awaiting_human)
    return table


def test_meow_shows_only_when_allowed_and_reveals_every_hand_with_its_total(app):
    table = meow_table(app)
    assert table.model["hand:1"] == ["1", "1", "2", "1/8"]
    assert "meow" in table.legal_codes() and "Meow" in table.prompt()
    totals = [hand_total(hand) for hand in table.state.hands]
    click(app, table.meow_button.center)
    assert table.state.history[-1] == (1, "meow")
    until(app, lambda: len(table.totals) == 4)
    assert table.totals == dict(enumerate(totals))
    until(app, lambda: all(code != "?" for code in table.model["hand:0"]) and table.model["hand:0"])
    # Then the payouts fly: 3 coins from each other player to the Meow.
    until(app, lambda: bool(table.coins.flying))
    assert {token.end for token in table.coins.flying} == {table.coins.rects[1].center}
    until(app, lambda: table.sheet is not None)
    assert table.coins.shown == [22, 34, 22, 22]
    assert table.sheet.rows == [("1. Meow!", "22", "34", "22", "22")]


@pytest.mark.slow
def test_a_meow_turns_each_hand_over_in_the_order_it_is_shown(app):
    table = meow_table(app)
    assert table.state.hands[0] == ["5", "4"]  # held as drawn; shown sorted: 4 5
    click(app, table.meow_button.center)
    turned = []
    while table.sheet is None:
        turning = [flight for flight in table.animator.flights if not flight.zone]
        flipping = sorted(turning, key=lambda flight: flight.rect().x)
        codes = [flight.code for flight in flipping]
        assert codes == sorted(codes, key=card_order), "a card swapped places as it turned"
        turned.extend(codes)
        app.step()
    assert "5" in turned and "4" in turned


@pytest.mark.slow
def test_meow_by_the_m_key(app):
    table = meow_table(app)
    key(app, pygame.K_m)
    assert table.state.history[-1] == (1, "meow")


def test_no_meow_button_without_the_right_to_meow(app):
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 1 1", "1 2 2 6 6"], seats=["easy", "human", "easy"]
    )
    bot_plays(app, table, 0, "play 7")
    until(app, table.awaiting_human)
    key(app, pygame.K_m)
    assert table.state.history == [(0, "play 7")]
    key(app, pygame.K_d)
    until(app, table.awaiting_human)
    assert "meow" not in table.legal_codes()  # six cards after the draw
    assert "Meow" not in table.prompt()


def pattern_b(app) -> CopyCatTable:
    """The human plays all five cards at once (Pattern B): game 1 is over."""
    table = open_copycat(app, ["3 3 3 3 3/6", "1 4 4 8 1", "2 4 5 8 8"])
    until(app, table.awaiting_human)
    for card in range(5):
        click(app, table.view.card_point("hand:0", card))
    drag(app, table.view.card_point("hand:0", 0), table.drop_targets()["field"].center)
    return table


def test_the_score_sheet_between_games_shows_the_coins(app):
    table = pattern_b(app)
    assert table.state.history == [(0, "play 3 3 3 3 3/6 as 3")]
    until(app, lambda: table.sheet is not None)
    assert table.sheet.headings == ("Game", *table.names)
    assert table.sheet.rows == [("1. Pattern B", "31", "22", "22")]
    assert table.sheet.button.label == "Next game"  # Copy Cat plays games, not hands
    key(app, pygame.K_RETURN)
    until(app, lambda: table.public.get("game") == 2 and not table.animator.busy)


def test_while_the_score_sheet_is_up_the_top_bar_says_what_enter_does(app):
    table = pattern_b(app)
    until(app, lambda: table.sheet is not None)
    words, _colour = status_line(table)
    assert "Skip" not in words and "Next game" in words and "Enter" in words


def test_between_games_the_header_and_the_totals_follow_the_cards(app):
    """The hands are gathered without their totals; the header says Game 2 as it is dealt."""
    table = pattern_b(app)
    until(app, lambda: table.sheet is not None)
    assert table.totals == {0: 0, 1: 18, 2: 27}
    key(app, pygame.K_RETURN)
    dealt = 0
    while table.animator.busy:
        for seat in (1, 2):  # a total only beside the hand it counts
            assert seat not in table.totals or table.model[f"hand:{seat}"]
        if any(flight.zone.startswith("hand:") for flight in table.animator.flights):
            dealt += 1
            assert "Game 2/" in table.title_text()
        app.step()
    assert dealt and table.public.get("game") == 2


@pytest.mark.slow
def test_a_whole_match_by_the_keyboard_against_bots(app):
    app.open_table(Launch("copycat", 3, ("human", "medium", "easy"), seed=5))
    table = app.manager.top
    assert isinstance(table, CopyCatTable)
    moves = sheets = 0
    for _ in range(40_000):
        if isinstance(app.manager.top, ResultsScene):
            break
        if table.sheet is not None:
            sheets += 1
            key(app, pygame.K_RETURN)
            continue
        if table.choices.chooser is not None:
            for number in range(1, 9):
                key(app, pygame.K_0 + number)
                if table.choices.chooser is None:
                    break
            continue
        if not table.awaiting_human():
            app.step()
            continue
        codes = table.legal_codes()
        before = len(table.state.history)
        if "meow" in codes and hand_total(table.model["hand:0"]) <= 9:
            key(app, pygame.K_m)
        elif codes == {"draw"}:
            key(app, pygame.K_d)
        else:
            key(app, pygame.K_RIGHT)  # the first card that can be played (or the deck)
            key(app, pygame.K_RETURN)
            key(app, pygame.K_RETURN)
        if len(table.state.history) > before:
            moves += 1
    assert isinstance(app.manager.top, ResultsScene)
    result = table.state.result
    assert result is not None and moves > 6
    assert sheets == 6  # a sheet after every game, the last one too
    assert app.manager.top.result == result.to_dict()
    app.step()


def test_the_table_fits_a_small_window(app):
    for size, players in (((800, 500), 5), ((800, 500), 2), ((1280, 720), 5)):
        seats = ("human",) + ("easy",) * (players - 1)
        table = CopyCatTable(app, Launch("copycat", players, seats, seed=1))
        table.layout(size)
        areas = [table.view.spots[z].rect for z in ("draw", "discard")] + [table.field_rect]
        for seat in range(players):
            areas += [table.plates[seat], table.coins.rects[seat]]
            areas.append(table.view.spots[f"hand:{seat}"].rect)
        screen = pygame.Rect(0, 0, *size)
        for index, area in enumerate(areas):
            assert screen.contains(area), (size, area)
            for other in areas[index + 1 :]:
                assert not area.colliderect(other), (size, players, area, other)
        assert not table.draw_button.colliderect(table.view.spots["hand:0"].rect)
        assert table.chooser_area().bottom <= table.view.spots["hand:0"].rect.top


def test_a_full_field_stays_on_the_field_between_the_deck_and_the_discards(app):
    # Five players: an original play of two and four copies of two each. The cards
    # shrink rather than spill over the deck and the discards beside the field.
    for size in ((1280, 720), (800, 500)):
        seats = ("human",) + ("easy",) * 4
        table = CopyCatTable(app, Launch("copycat", 5, seats, seed=1))
        table.layout(size)
        table.field.groups = [(0, 2, False)] + [(seat, 2, True) for seat in range(1, 5)]
        rects = table.view.slots("field", 10)
        piles = [table.view.spots[zone].rect for zone in ("draw", "discard")]
        full = table.view.spots["field"].card
        for rect in rects:
            assert table.field_rect.contains(rect), (size, rect, table.field_rect)
            assert not any(rect.colliderect(pile) for pile in piles), (size, rect)
            assert rect.width * 2 >= full[0]
        # Each group starts right of the one before: who played what reads left to right.
        starts = [rects[index].left for index in range(0, 10, 2)]
        assert starts == sorted(starts) and len(set(starts)) == 5


def test_two_people_at_one_computer_get_the_privacy_screen_between_them(app):
    from cardtable.ui.scenes.privacy import PrivacyScene

    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"], seats=["human", "human", "easy"]
    )
    table.hold_bots = False
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert app.manager.top.name == table.seats[0].name
    key(app, pygame.K_RETURN)
    until(app, table.awaiting_human)
    assert table.viewer == 0
    drag(app, hand_point(table, "8"), table.drop_targets()["field"].center)
    assert table.state.history == [(0, "play 8")]
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    assert table.viewer is None
    assert all(card == "?" for card in table.model["hand:0"])
    key(app, pygame.K_RETURN)
    until(app, table.awaiting_human)
    assert table.viewer == 1 and "7" in table.model["hand:1"]
    assert all(card == "?" for card in table.model["hand:0"])


def test_a_plates_card_count_follows_the_cards_drawn_under_it_frame_by_frame(app):
    # While a play flies to the field the plate counts the hand the player sees, never
    # the count the engine reached before the cards have left it (or after).
    table = open_copycat(app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"])
    settle(app, table)
    said: list[tuple[str, int]] = []
    real = table.draw_plate

    def spy(surface, seat, rect, detail=""):
        if seat == 0:
            said.append((detail, len(table.model["hand:0"])))
        real(surface, seat, rect, detail)

    table.draw_plate = spy
    drag(app, hand_point(table, "8"), table.drop_targets()["field"].center)
    assert table.state.history[-1] == (0, "play 8")
    settle(app, table)
    assert {detail for detail, _ in said} >= {"4 cards"}
    assert all(detail == f"{shown} cards" for detail, shown in said)


def test_the_move_banner_stays_off_the_names_under_the_field(app):
    # Issue 35: "Ada plays two Sixes" covered "You play"/"Ada plays" under the field.
    table = open_copycat(
        app, ["7 8 2 5 6", "3 4 4 7 7", "1 1 2 6 6"], seats=["easy", "human", "easy"]
    )
    bot_plays(app, table, 0, "play 7")
    until(app, lambda: bool(table.animator.banner))
    size = max(20, app.size[1] // 26)
    _x, y = table.banner_centre()
    names_top = table.view.spots["field"].rect.bottom + 2
    assert y + size * 3 // 4 < table.field_rect.top < names_top


def test_once_the_sheet_is_passed_the_last_game_is_gone_before_the_cards_are_gathered(app):
    # Issue 35: while game 2 was gathered and dealt the header still read "Game 1/" and
    # the "+6" coin badges stayed up.
    table = pattern_b(app)
    until(app, lambda: table.sheet is not None)
    assert table.coins.gains, "the game's payments are shown with the sheet"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert table.animator.busy, "the cards of game 1 are still being gathered"
    assert "Game 2/" in table.title_text()
    assert not table.coins.gains
