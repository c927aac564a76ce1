"""The Spite & Malice table as a player uses it: builds dragged from hand, UP card and
Store Pile onto lit Build Piles, a store that ends the turn, a Wild's cover asked in the
chooser, the Malice card given by clicking a plate, a Spite card dropped on a plate, the
glow and countdown of a Spite chance out of turn, a claimed Spite with two people at one
computer, and a whole game against bots through the ui.

Positions come from stacked decks (``spite_malice_tables.stacked_deck``).
"""

from __future__ import annotations

import pygame
import pytest
from spite_malice_tables import STACK0, STACK1, stacked_deck

from cardtable.engine import Action
from cardtable.games import registry
from cardtable.games.spite_malice.vocabulary import (
    UP,
    build_code,
    give_code,
    hand_source,
    store_code,
)
from cardtable.ui import theme
from cardtable.ui.app import App
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.tables import table_for
from cardtable.ui.tables.spite_malice import SpiteMaliceTable

from .conftest import click, drag, frames, key, until


def open_table(app, stacks, hands, draw="", seats=None) -> SpiteMaliceTable:
    seats = tuple(seats or ["human"] + ["easy"] * (len(stacks) - 1))
    options = {"stack": len(stacks[0].split())}
    deck = tuple(stacked_deck(stacks, hands, draw))
    launch = Launch("spite-malice", len(seats), seats, seed=7, options=options, deck=deck)
    table = SpiteMaliceTable(app, launch)
    table.hold_bots = True
    app.show_title()
    app.manager.push(table)
    return table


def bot_plays(app, table, seat: int, code: str) -> None:
    table.seats[seat].bot.choose = lambda view: Action(code)
    table.hold_bots = False
    until(app, lambda: (seat, code) in table.state.history)
    table.hold_bots = True


def hand_point(table, card: str) -> tuple[int, int]:
    hand = table.model[f"hand:{table.viewer}"]
    return table.view.card_point(f"hand:{table.viewer}", hand.index(card))


def target(table, name: str) -> tuple[int, int]:
    return table.drop_targets()[name].center


def test_the_game_has_its_own_table():
    assert table_for("spite-malice") is SpiteMaliceTable


def test_a_card_dragged_onto_a_lit_build_pile_is_built(app):
    table = open_table(app, [STACK0, STACK1], ["2 3 9 10", "11 11 12 12"], draw="1")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "2"), target(table, "build:1"))
    until(app, table.awaiting_human)
    assert table.state.history[-1] == (0, build_code(hand_source("2"), 1))
    assert table.model["build:1"] == ["1", "2"]


def test_a_card_dropped_on_the_wrong_pile_snaps_back_with_the_reason(app):
    table = open_table(app, [STACK0, STACK1], ["2 3 9 10", "11 11 12 12"], draw="1")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "3"), target(table, "build:1"))
    frames(app, 2)
    assert "needs a 2" in table.notice.words
    assert table.state.history == []


def test_the_up_card_and_a_store_pile_top_are_dragged_too(app):
    table = open_table(app, ["b9 b9 b10 b10 b3", STACK1], ["2 9 9 10", "11 11 12 12"], "1")
    # Seat 1's b5 goes first: it stores, then seat 0 draws the 1 (played at once).
    bot_plays(app, table, 1, store_code("12", 1))
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "2"), target(table, "build:1"))
    until(app, table.awaiting_human)
    up = table.view.card_point("up:0", 0)
    drag(app, up, target(table, "build:1"))
    until(app, table.awaiting_human)
    assert (0, build_code(UP, 1)) in table.state.history


def test_a_hand_card_dropped_on_a_store_pile_ends_the_turn(app):
    table = open_table(app, [STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "10"), target(table, "store:0:2"))
    until(app, lambda: not table.animator.busy and table.state.current == 1)
    assert table.state.history[-1] == (0, store_code("10", 2))
    assert table.model["store:0:2"] == ["10"]


def test_a_wild_on_a_pile_asks_for_its_cover(app):
    table = open_table(app, [STACK0, STACK1], ["2 WS-DUMP 4 9", "11 11 12 12"], draw="1")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "2"), target(table, "build:1"))
    until(app, table.awaiting_human)
    table.state.stores[0][0].append("4")  # a second cover, on a Store Pile
    table.state._changed()  # changed by hand, not by a move: the legal moves listed are old
    table.match.retell()  # and told through the door again
    table.pump()
    table.sync()
    drag(app, hand_point(table, "WS-DUMP"), target(table, "build:1"))
    frames(app, 2)
    chooser = table.choices.chooser
    assert chooser is not None and "covered by" in chooser.question
    assert chooser.options == ["4 from your hand", "the top of Store Pile 1"]
    click(app, chooser.buttons[0].rect.center)
    until(app, table.awaiting_human)
    assert table.model["build:1"] == ["1", "2", "WS-DUMP", "4"]


def test_after_a_cap_a_click_on_a_plate_gives_the_malice_card(app):
    table = open_table(app, [STACK0, STACK1], ["13 9 10 10", "11 11 12 12"], draw="8")
    table.state.builds[0].extend([str(v) for v in range(1, 13)])
    table.state._changed()
    table.match.retell()  # changed by hand: told through the door again
    table.pump()
    table.sync()
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "13"), target(table, "build:1"))
    until(app, table.awaiting_human)
    assert table.legal_codes() == {give_code(1)}
    click(app, table.plates[1].center)
    until(app, table.awaiting_human)
    assert table.state.history[-1] == (0, give_code(1))
    assert table.public["stack_counts"][1] == 5


def test_a_spite_card_dropped_on_a_plate_is_played_at_that_player(app):
    table = open_table(app, [STACK0, STACK1], ["WS-BURY 9 10 10", "11 11 12 12"], draw="8")
    until(app, table.awaiting_human)
    drag(app, hand_point(table, "WS-BURY"), target(table, "plate:1"))
    until(app, table.awaiting_human)
    assert table.state.history[-1] == (0, "spite BURY at 1")
    assert table.public["up_cards"][1] == "b12"


def test_a_spite_card_dropped_anywhere_on_a_players_seat_goes_at_them(app):
    # Issue 35: only the thin plate took a Spite; the whole seat does, and lights up.
    table = open_table(app, [STACK0, STACK1], ["WS-BURY 9 10 10", "11 11 12 12"], draw="8")
    until(app, table.awaiting_human)
    up = table.view.spots["up:1"].rect.center
    start = hand_point(table, "WS-BURY")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=up, rel=(0, 0), buttons=(1,)))
    frames(app)
    lit = table.input.drag.lit
    assert "plate:1" in lit and table.drop_targets()["plate:1"].collidepoint(up)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=up, button=1))
    frames(app)
    until(app, table.awaiting_human)
    assert table.state.history[-1] == (0, "spite BURY at 1")


def test_the_turn_line_says_a_spite_card_may_be_played_when_you_hold_one(app):
    table = open_table(app, [STACK0, STACK1], ["WS-BURY 9 10 10", "11 11 12 12"], draw="8")
    until(app, table.awaiting_human)
    assert "Spite" in table.prompt()
    plain = open_table(app, [STACK0, STACK1], ["9 9 10 10", "11 11 12 12"], draw="8")
    until(app, plain.awaiting_human)
    assert "Spite" not in plain.prompt()


def test_a_spite_chance_out_of_turn_glows_and_counts_down_then_a_drop_spites(app):
    table = open_table(
        app, [STACK1, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10"], draw="1", seats=["human", "easy"]
    )
    # Seat 1 (b6) goes first; its 2 lands on the 1 it drew: the human may spite now.
    bot_plays(app, table, 1, build_code(hand_source("2"), 1))
    until(app, lambda: table.still() and table.spite_offered())
    assert table.match.referee.pause_left(table.match.now) > 0
    drag(app, hand_point(table, "WS-DUMP"), target(table, "plate:1"))
    until(app, lambda: (0, "spite DUMP at 1") in table.state.history)
    assert table.state.hands[1] == []


def test_the_keyboard_builds_and_spites_out_of_turn(app):
    table = open_table(
        app, [STACK1, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10"], draw="1", seats=["human", "easy"]
    )
    bot_plays(app, table, 1, build_code(hand_source("2"), 1))
    until(app, lambda: table.still() and table.spite_offered())
    for code in (pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN):
        key(app, code)
    until(app, lambda: (0, "spite DUMP at 1") in table.state.history)


def test_never_pause_for_spite_lets_the_bots_play_on(app):
    app.settings.spite_pause = 0.0
    table = open_table(
        app, [STACK1, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10"], draw="1", seats=["human", "easy"]
    )
    assert table.match.referee.out_of_turn_pause == 0.0


def people_at_a_spite_chance(app, stacks, hands) -> SpiteMaliceTable:
    """People in every seat; the first player's drawn 1 lands and seat 0 may spite."""
    table = open_table(app, stacks, hands, draw="1", seats=["human"] * len(stacks))
    until(app, lambda: 0 in table.match.referee.out_of_turn_humans())
    return table


def test_two_people_claim_a_spite_with_their_key_and_choose_it_in_the_chooser(app):
    table = people_at_a_spite_chance(app, [STACK1, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10"])
    assert table.asks(sorted(table.legal_codes_of(0))) == [], "nobody has claimed it yet"
    assert table.on_slap(0)
    assert table.asks(sorted(table.legal_codes_of(0))) == ["spite DUMP at 1"]


def test_a_person_claims_a_spite_out_of_turn_with_their_key_and_chooses_it_by_the_keyboard(app):
    table = people_at_a_spite_chance(app, [STACK1, STACK0], ["WS-DUMP WS-MALICE 12 12", "2 3 9 10"])
    slap = {seat: code for code, seat in table.input.slap_keys.items()}
    key(app, slap[0])  # seat 0 claims the chance with its own slap key
    for _ in range(600):
        if isinstance(app.manager.top, PrivacyScene):
            key(app, pygame.K_RETURN)
        if table.choices.chooser is not None:
            break
        frames(app)
    chooser = table.choices.chooser
    assert chooser is not None and table.viewer == 0
    assert chooser.options == ["DUMP at Player 2", "MALICE at Player 2", "Let it pass"]
    key(app, pygame.K_1)
    until(app, lambda: (0, "spite DUMP at 1") in table.state.history)
    for _ in range(300):  # the chance stays open (a MALICE is left), the claim does not
        frames(app)
        assert table.choices.chooser is None, "one claim, one Spite"


def test_with_three_people_the_spite_chance_names_the_keys_of_all_but_the_player_on_turn(app):
    table = people_at_a_spite_chance(
        app, [STACK1, STACK0, STACK0], ["WS-DUMP 11 12 12", "2 3 9 10", "4 5 6 7"]
    )
    words = table.spite_words()
    on_turn = table.state.current
    assert on_turn != 0, "seat 0 holds the Spite card and may claim it out of turn"
    for seat in (0, 1, 2):
        named = f"{table.names[seat]}: {table.input.slap_words(seat)}" in words
        assert named == (seat != on_turn), (seat, words)


@pytest.mark.slow
def test_a_whole_game_against_bots_reaches_the_results(app):
    launch = Launch("spite-malice", 2, ("medium", "easy"), seed=3, options={"stack": 5})
    table = SpiteMaliceTable(app, launch)
    app.show_title()
    app.manager.push(table)
    until(app, lambda: isinstance(app.manager.top, ResultsScene), limit=40000)


def test_at_800x500_the_draw_and_discard_labels_do_not_run_together(home, monkeypatch):
    app = App((800, 500))
    app.fixed_dt = 0.05
    app.settings.seen_how_to = registry.ids()
    try:
        seats = ("human", "medium", "medium")
        table = SpiteMaliceTable(app, Launch("spite-malice", 3, seats, seed=7))
        table.hold_bots = True
        app.show_title()
        app.manager.push(table)
        frames(app, 20)
        drawn = {}
        real_text = theme.text

        def text(surface, words, *args, **kwargs):
            drawn[words] = rect = real_text(surface, words, *args, **kwargs)
            return rect

        monkeypatch.setattr(theme, "text", text)
        table.draw(app.screen)
        assert drawn["Discard"].left - drawn["Draw"].right >= 6  # a space a reader can see
    finally:
        app.close()


def test_the_first_player_banner_speaks_to_you_in_your_own_words(app):
    # Seat 0's UP card (6) beats seat 1's (5): the human goes first, and the banner says so
    # as a person would ("You have ... and go first", never "You has ... goes").
    table = open_table(app, [STACK0, STACK1], ["b2 b3 b4 b7", "b8 b8 b7 b7"])
    first = next(e for e in table.state.setup_events if e.what == "first-player")
    assert table.animator.words(first) == "You have the highest UP card and go first"
    other = table.seats[1].name
    flipped = first._replace(seats=(1,), text=first.text.replace("{P0}", "{P1}"))
    assert table.animator.words(flipped) == f"{other} has the highest UP card and goes first"


def test_a_spite_claimed_while_the_player_on_turn_has_their_hand_up_turns_the_table(app):
    # Issue 35: seat 1 (on turn) has passed the privacy screen and sees their hand; seat
    # 0's key must still claim the chance: the screen turns to seat 0, who chooses.
    table = people_at_a_spite_chance(app, [STACK1, STACK0], ["WS-MALICE 11 12 12", "2 3 9 10"])
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    key(app, pygame.K_RETURN)
    until(app, lambda: table.viewer == 1 and app.manager.top is table and table.still())
    assert 0 in table.out_of_turn_humans()
    slap = {seat: code for code, seat in table.input.slap_keys.items()}
    key(app, slap[0])
    until(app, lambda: isinstance(app.manager.top, PrivacyScene), limit=200)
    key(app, pygame.K_RETURN)
    until(app, lambda: table.choices.chooser is not None, limit=200)
    assert table.viewer == 0
    assert table.choices.chooser.options[0] == "MALICE at Player 2"
    key(app, pygame.K_1)
    until(app, lambda: (0, "spite MALICE at 1") in table.state.history)
    # Then the table goes back to the player on turn, behind the screen.
    until(app, lambda: isinstance(app.manager.top, PrivacyScene), limit=400)
    key(app, pygame.K_RETURN)
    until(app, lambda: table.viewer == 1, limit=200)


def test_with_two_people_the_spite_countdown_says_what_it_is_for(app):
    table = people_at_a_spite_chance(app, [STACK1, STACK0], ["WS-MALICE 11 12 12", "2 3 9 10"])
    until(app, lambda: isinstance(app.manager.top, PrivacyScene))
    key(app, pygame.K_RETURN)
    until(app, lambda: table.viewer == 1 and app.manager.top is table and table.still())
    said = []
    table.spite_words = lambda: said.append(True) or "Spite now?"
    app.step()
    assert said, "the chance is named while its countdown runs"


def test_a_hint_names_the_spite_and_its_target_and_an_up_card_build_says_why(app):
    stacks = ["b9 b9 b10 b10 b3", "b11 b11 b12 b12 b2"]
    table = open_table(app, stacks, ["WS-BURY 2 10 10", "11 11 12 12"], draw="1")
    until(app, table.awaiting_human)
    hints = table.tools.hints
    hints.show("spite BURY at 1")
    assert hints.line == "Hint: Play your Spite card: BURY at Ada"
    table.act(build_code(hand_source("2"), 1))
    until(app, lambda: table.awaiting_human() and table.still())
    up = build_code(UP, 1)
    assert up in table.legal_codes()
    hints.show(up)
    assert hints.line.endswith(": it takes a card off your Card Stack"), hints.line
