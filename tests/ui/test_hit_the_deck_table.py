"""The Hit the Deck table as players use it: a whole hand by two humans on their own keys
and two bots, with a slap round the humans lose on purpose, a fake-out and a call
forgotten; playing and drawing by drag, click and keyboard; the score sheet between hands;
and a table that fits six players in a small window."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from cardtable.games import registry
from cardtable.games.hit_the_deck.vocabulary import HAND_SIZE, card, full_deck
from cardtable.ui import theme
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.privacy import PrivacyScene
from cardtable.ui.tables import table_for
from cardtable.ui.tables.hit_the_deck import HitTheDeckTable
from cardtable.ui.tables.hit_the_deck.slap_round import hit_order_marks

from .conftest import click, drag, frames, key, until

GAME = registry.get("hit-the-deck")
ANN, BEN = 0, 1  # the two humans; the defaults give Ann left shift and Ben right shift
SLAP = {ANN: pygame.K_LSHIFT, BEN: pygame.K_RSHIFT}


def stacked(hands: list[str], discard: str, draw: str = "", bottom: str = "") -> list[str]:
    """A whole deck, top first: seat s is dealt ``hands[s]`` (filled up to seven with green
    and yellow number cards), then the first discard, then the Draw Pile from its top:
    ``draw``, the rest, ``bottom`` last. Seat 0 deals, so seat 1 is dealt first."""
    players = len(hands)
    rest = Counter(full_deck())
    wanted = [hand.split() for hand in hands]
    for code in [c for hand in wanted for c in hand] + [discard] + draw.split() + bottom.split():
        assert rest[code] > 0, f"no more {code}"
        rest[code] -= 1
    # Green and yellow numbers first: a filled hand plays no Hit card and calls nothing.
    filler = sorted(rest.elements(), key=lambda c: (c[0] not in "GY" or "-" in c, c))
    for hand in wanted:
        while len(hand) < HAND_SIZE:
            hand.append(filler.pop(0))
    deck = [
        wanted[step % players][index]
        for index in range(HAND_SIZE)
        for step in range(1, players + 1)
    ]
    return deck + [discard] + draw.split() + filler + bottom.split()


def open_table(app, seats: tuple[str, ...], deck: list[str], names=()) -> HitTheDeckTable:
    launch = Launch(
        "hit-the-deck",
        len(seats),
        seats,
        seed=1,
        options={"target": 100},
        names=tuple(names),
        deck=tuple(deck),
    )
    table = HitTheDeckTable(app, launch)
    app.show_title()
    app.manager.push(table)
    return table


def press(*keys: int) -> None:
    """Key presses queued for the next frame, in this order."""
    for code in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def run_until(app, table: HitTheDeckTable, condition, limit: int = 4000) -> None:
    """Frames until ``condition``; the humans pass the computer on at each privacy screen."""
    for _ in range(limit):
        if condition():
            return
        if isinstance(app.manager.top, PrivacyScene):
            press(pygame.K_RETURN)
        app.step()
    raise AssertionError(f"not reached after {limit} frames")


def turn_of(table: HitTheDeckTable, seat: int):
    return lambda: table.awaiting_human() and table.viewer == seat and table.state.window is None


def counts(table: HitTheDeckTable) -> list[int]:
    return table.state.observation(None)["hand_counts"]


def slap_hits(table: HitTheDeckTable) -> list[int]:
    return list(table.state.observation(None)["slap"].get("hits", []))


def play_by_drag(app, table: HitTheDeckTable, code: str) -> None:
    zone = f"hand:{table.viewer}"
    start = table.view.card_point(zone, table.model[zone].index(code))
    drag(app, start, table.drop_targets()["discard"].center)


def play_by_click(app, table: HitTheDeckTable, code: str) -> None:
    zone = f"hand:{table.viewer}"
    click(app, table.view.card_point(zone, table.model[zone].index(code)))
    click(app, table.drop_targets()["discard"].center)


@pytest.mark.slow
def test_two_humans_on_their_keys_and_two_bots_play_a_whole_hand(app):
    # Ben plays first (seat 0 deals) and opens with a Hand card; Ann holds one for her
    # first turn. The other two Hand cards lie at the bottom of the Draw Pile.
    deck = stacked(
        ["HIT-HAND R5 R4 B5 B4 R3 B3", "HIT-HAND R2 B2 R1 B1 R5 B5", "", ""],
        discard="Y3",
        draw="G1 Y1 G2 Y2 G3 Y3",
        bottom="HIT-HAND HIT-HAND",
    )
    table = open_table(
        app, ("human", "human", "medium", "hard"), deck, names=("Ann", "Ben", "Bo", "Cy")
    )

    # A slap round: Ben's Hand card slams down; the bots hit, then Ben and Ann press
    # their keys in one frame, Ben's first. Ann is last and draws four.
    run_until(app, table, turn_of(table, BEN))
    play_by_drag(app, table, "HIT-HAND")
    assert table.state.window is not None
    run_until(app, table, lambda: {2, 3} <= set(slap_hits(table)))
    before = counts(table)
    press(SLAP[BEN], SLAP[ANN])
    app.step()
    assert slap_hits(table) == [] and table.state.window is None  # everyone hit: closed
    order = [hand.seat for hand in table.round.hands]
    assert order[-2:] == [BEN, ANN]
    assert [hand.order for hand in table.round.hands] == [1, 2, 3, 4]
    run_until(app, table, lambda: not table.animator.busy)
    assert counts(table)[ANN] == before[ANN] + 4
    assert counts(table)[BEN] == before[BEN]
    assert table.state.history[-4:][-2:] == [(BEN, "hit"), (ANN, "hit")]

    # A fake-out: Ann slaps while no Hand card is up and draws two; play goes on.
    before = counts(table)
    turn = table.public["turn"]
    press(SLAP[ANN])
    app.step()
    assert counts(table)[ANN] == before[ANN] + 2
    assert any(hand.fake and hand.seat == ANN for hand in table.round.hands)
    assert table.state.observation(None)["turn"] == turn

    # Ann's own Hand card, and she forgets to call it: she draws four, nobody else does.
    run_until(app, table, turn_of(table, ANN))
    assert "play HIT-HAND" in table.legal_codes()
    held = counts(table)[ANN]
    play_by_click(app, table, "HIT-HAND")
    assert table.state.window is not None
    others = counts(table)
    run_until(app, table, lambda: {2, 3} <= set(slap_hits(table)))
    press(SLAP[BEN])
    run_until(app, table, lambda: table.state.window is None)
    run_until(app, table, lambda: not table.animator.busy)
    assert counts(table)[ANN] == held - 1 + 4
    assert [counts(table)[s] for s in (BEN, 2, 3)] == [others[s] for s in (BEN, 2, 3)]
    assert table.state.observation(None)["slap"]["round"] == 2

    # The rest of the hand: each human plays their costliest card that fits (Ben by drag,
    # Ann by click), draws by clicking the Draw Pile, and slaps in every round.
    for _ in range(20000):
        top = app.manager.top
        if table.sheet is not None:
            break
        if isinstance(top, PrivacyScene):
            press(pygame.K_RETURN)
        elif table.state.window is not None:
            press(*[SLAP[s] for s in (ANN, BEN) if s not in slap_hits(table)])
        elif table.awaiting_human():
            codes = table.legal_codes() - {"hit"}
            if "draw" in codes:
                click(app, table.view.spots["draw"].rect.center)
                continue
            plays = [code.split()[1] for code in codes]
            best = max(plays, key=lambda code: (card(code).points, code))
            (play_by_drag if table.viewer == BEN else play_by_click)(app, table, best)
            continue
        app.step()
    sheet = table.sheet
    assert sheet is not None
    last = table.state.hand_scores[-1]
    shown = ["out · 0" if score == 0 else f"+{score}" for score in last]
    assert sheet.headings == ("Hand", "Ann", "Ben", "Bo", "Cy")
    assert sheet.rows == [("1", *shown), ("Total", *(str(score) for score in last))]
    assert 0 in last  # somebody went out
    app.step()  # the sheet draws over the table
    click(app, sheet.button.rect.center)
    run_until(app, table, lambda: table.public.get("hand_number") == 2 and not table.animator.busy)
    assert table.public["scores"] == last


def test_the_keyboard_path_plays_a_card_and_draws(app):
    deck = stacked(["R1", "R2 Y4", "G4"], discard="R3", draw="G5")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    hand = table.model["hand:1"]
    # Right arrow to the R2, Enter picks it up, Enter puts it on the first lit target.
    for _ in range(hand.index("R2") + 1):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert table.state.history == [(1, "play R2")]


def test_the_keyboard_path_draws_from_the_draw_pile_after_the_hand(app):
    deck = stacked(["", "G4 G5 Y4 Y5 G1 Y1 G2", ""], discard="R3", draw="B1")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    assert table.input.key_cards()[-1][0] == "draw"
    for _ in range(len(table.input.key_cards())):
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)
    assert table.state.history == [(1, "draw")]
    assert table.input.key_focus == -1  # the hand changed: the next Right starts at its left


def test_drawing_by_dragging_the_draw_pile_to_the_hand(app):
    deck = stacked(["", "G4 G5 Y4 Y5 G1 Y1 G2", ""], discard="R3", draw="B1")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    assert table.legal_codes() == {"draw", "hit"}
    assert "hand" in table.input.targets()  # the draw makes the hand a target
    drag(app, table.view.spots["draw"].rect.center, table.input.targets()["hand"].center)
    assert table.state.history == [(1, "draw")]
    until(app, lambda: not table.animator.busy)
    assert "B1" in table.model["hand:1"]


def test_the_draw_button_draws_when_no_card_fits(app):
    deck = stacked(["", "G4 G5 Y4 Y5 G1 Y1 G2", ""], discard="R3", draw="R1")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    frames(app, 2)
    click(app, table.draw_button.rect.center)
    assert table.state.history == [(1, "draw")]
    until(app, lambda: not table.animator.busy)
    # The card drawn fits, so it is the one card to play now, and the line says so.
    assert table.legal_codes() == {"play R1", "hit"}
    # The card as a player says it (as the log does), not its code "R1".
    assert table.prompt() == "You drew Red 1: it fits, play it on the pile"


def test_a_card_that_does_not_fit_snaps_back_with_the_engines_reason(app):
    deck = stacked(["", "R1 G4", ""], discard="B3")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    play_by_drag(app, table, "G4")
    assert table.state.history == []
    assert table.notice.words == table.match.referee.check(1, "play G4")


def test_the_table_shows_the_call_in_force_and_the_direction(app):
    deck = stacked(["", "HIT-B R1", "B1"], discard="R3")
    table = open_table(app, ("random", "human", "random"), deck)
    table.hold_bots = True
    until(app, table.awaiting_human)
    play_by_drag(app, table, "HIT-B")
    until(app, lambda: not table.animator.busy)
    assert table.public["demand"]["kind"] == "colour"
    assert table.public["direction"] == 1
    frames(app, 2)  # and it draws with the call up


def test_no_card_is_left_in_the_air_once_the_deal_has_landed(app):
    table = open_table(app, ("human", "medium", "medium", "hard"), stacked(["", "", "", ""], "Y3"))
    table.hold_bots = True
    until(app, lambda: not table.animator.busy)
    assert table.animator.flights == []


def test_hit_the_deck_has_its_own_table_with_slap_keys():
    assert table_for("hit-the-deck") is HitTheDeckTable
    assert HitTheDeckTable.slaps


def test_six_players_fit_a_small_window_without_overlap(app):
    pygame.display.set_mode((800, 600), pygame.RESIZABLE)
    app.resize((800, 600))
    seats = ("human", "human", "easy", "medium", "hard", "medium")
    table = open_table(app, seats, stacked([""] * 6, "Y3"))
    until(app, lambda: not table.animator.busy)
    areas = [table.view.spots["draw"].rect, table.view.spots["discard"].rect]
    for seat in range(6):
        areas.append(table.plates[seat])
        areas.append(table.view.spots[f"hand:{seat}"].rect)
    screen = pygame.Rect(0, 0, 800, 600)
    for index, area in enumerate(areas):
        assert screen.contains(area), area
        for other in areas[index + 1 :]:
            assert not area.colliderect(other), (area, other)
    frames(app, 3)


@pytest.mark.parametrize("size", [(640, 400), (800, 500), (1280, 720)])
def test_the_draw_button_says_draw_a_card_whole(app, size):
    # At 800x500 it read "Draw a c…".
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.resize(size)
    table = open_table(app, ("human", "easy"), stacked(["", ""], "Y3"))
    button = table.draw_button
    assert button.label == "Draw a card"
    font = theme.fonts().get(button.size, bold=True)
    assert font.size(button.label)[0] <= button.rect.width - 12  # what the button fits
    assert pygame.Rect(0, 0, *size).contains(button.rect)


def test_no_words_on_a_seat_plate_lie_on_each_other_at_the_smallest_window(app, monkeypatch):
    # At 640x400 with six players the points went under the name, onto the card count
    # ("6 c0pdts"), and the card count lay over "Bot · easy".
    from cardtable.ui import theme
    from cardtable.ui.app import MIN_SIZE

    pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
    app.resize(MIN_SIZE)
    seats = ("human", "human", "easy", "medium", "hard", "medium")
    names = ("Ann", "Ben", "Bo", "Cy", "Di", "Ed")
    table = open_table(app, seats, stacked([""] * 6, "Y3"), names=names)
    until(app, lambda: not table.animator.busy)
    drawn: list[pygame.Rect] = []
    text = theme.text
    monkeypatch.setattr(theme, "text", lambda *a, **k: drawn.append(text(*a, **k)) or drawn[-1])
    table.draw_table(app.screen)
    for seat, plate in table.plates.items():
        # A line's box has room above and below its letters: lines may share that.
        words = [rect.inflate(0, -6) for rect in drawn if plate.contains(rect)]
        assert len(words) >= 3, seat  # the name, who plays it, the points, the cards
        for index, one in enumerate(words):
            for other in words[index + 1 :]:
                assert not one.colliderect(other), (seat, one, other)


@pytest.mark.slow
def test_a_match_to_its_target_ends_in_the_results_by_the_keyboard_alone(app):
    from cardtable.ui.scenes.results import ResultsScene

    launch = Launch("hit-the-deck", 3, ("human", "medium", "hard"), seed=4, options={"target": 20})
    app.open_table(launch)
    table = app.manager.top
    assert isinstance(table, HitTheDeckTable)
    sheets = 0
    for _ in range(8000):
        top = app.manager.top
        if isinstance(top, ResultsScene):
            break
        if table.sheet is not None:
            sheets += 1
            key(app, pygame.K_RETURN)  # Next hand
            continue
        if table.state.window is not None and 0 not in slap_hits(table):
            key(app, pygame.K_LSHIFT)
            continue
        if table.awaiting_human() and table.state.window is None:
            codes = table.legal_codes() - {"hit"}
            cards = table.input.key_cards()
            if "draw" in codes:
                chosen = len(cards) - 1  # the Draw Pile comes after the hand
            else:
                plays = [code.split()[1] for code in codes]
                best = max(plays, key=lambda code: (card(code).points, code))
                chosen = table.model["hand:0"].index(best)
            focus = table.input.key_focus
            for _ in range((chosen - focus) % len(cards) if focus >= 0 else chosen + 1):
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
            key(app, pygame.K_RETURN)
            continue
        app.step()
    results = app.manager.top
    assert isinstance(results, ResultsScene)
    result = table.state.result
    assert result is not None and max(result.scores) >= 20
    assert sheets == table.state.hand_number  # a sheet after every hand, the last one too
    assert results.result == result.to_dict()


def test_the_hands_down_list_says_you_draw_four_and_another_player_draws_four():
    assert hit_order_marks("You", called=False, draws=True) == " · draw 4"
    assert hit_order_marks("Ada", called=False, draws=True) == " · draws 4"
    assert hit_order_marks("Ada", called=True, draws=True) == " (called) · draws 4"
    assert hit_order_marks("Bo", called=True, draws=False) == " (called)"


def round_look(app, seats=("human", "human", "easy")):
    table = HitTheDeckTable(app, Launch("hit-the-deck", len(seats), seats, seed=3))
    table.hold_bots = True
    app.show_title()
    app.manager.push(table)
    frames(app, 2)
    return table, table.round


def test_the_hands_down_panel_shows_each_name_whole(app, monkeypatch):
    # Issue 35: "Player 1 (called) · draws 4" was cut to "P… (called) · draws 4".
    from cardtable.ui.tables.hit_the_deck import slap_round
    from cardtable.ui.tables.parts.slaps import HandOnPile

    table, look = round_look(app)
    shown = []
    monkeypatch.setattr(slap_round, "order_list", lambda *args: shown.append(args))
    look.hands = [HandOnPile(seat, seat + 1, table.clock, 1) for seat in range(3)]
    look.hands[0].called = True
    look.result = {"draws": [0], "order": [0, 1, 2], "announced": True}
    look.draw_hit_order(app.screen, {0})
    _surface, box, _title, size, rows = shown[0]
    for lead, name, after, _colour, bold in rows:
        font = theme.fonts().get(size, bold=bold)
        assert font.size(lead + name + after)[0] <= box.width - 20, (name, box)
    assert box.right <= app.size[0] and box.left >= 0


def test_who_hit_last_is_said_for_a_while_not_into_the_next_turn(app, monkeypatch):
    from cardtable.ui.tables.parts import moments

    table, look = round_look(app)
    said = []
    monkeypatch.setattr(moments, "shout", lambda surface, words, *rest: said.append(words))
    look.result = {"draws": [1], "order": [0, 1, 2], "announced": True}
    look.result_at = table.clock
    look.draw_words(app.screen)
    assert said and "hit last" in said[-1]
    said.clear()
    table.clock += 6.0
    look.draw_words(app.screen)
    assert not said
