"""The words between the rules and the tables are the names each game declares
(``games/<game>/vocabulary.py``): every look a table or its moments give an event, every
phrase of its banners and log and every line its describer says by name is for a declared
name, and every declared name has a look or is listed as left to its kind's default on
purpose. Banners and log lines are built from the events' data, with verbs that agree
with "You" or a name, not by mending the rules' English."""

from __future__ import annotations

import re

import pytest

from cardtable.engine import KINDS, Event, Rng
from cardtable.games import registry
from cardtable.ui.launch import Launch
from cardtable.ui.tables import TABLES
from cardtable.ui.tables.mean import MeanTable
from cardtable.ui.tables.mean.describe import SAID as MEAN_SAID
from cardtable.ui.tables.parts.words import agree, form
from tests.golden.golden_games import random_step

SEATS = {
    "copycat": ("human", "easy", "easy"),
    "hit-the-deck": ("human", "easy", "easy"),
    "mean": ("human", "easy", "easy"),
    "spite-malice": ("human", "easy", "easy"),
    "what-the-heck": ("human", "easy", "easy"),
}


def open_table(app, game_id: str, table_class=None):
    seats = SEATS[game_id]
    table = (table_class or TABLES[game_id])(app, Launch(game_id, len(seats), seats, seed=3))
    table.hold_bots = True
    app.show_title()
    app.manager.push(table)
    return table


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_declared_name_has_a_look_or_is_left_to_its_kind_on_purpose(app, game_id):
    table = open_table(app, game_id)
    declared = table.info.vocabulary.events
    looks = table.animator.looks()  # refuses a name the game does not declare
    assert set(looks) <= declared | KINDS
    handled = set()
    for owner in (table, *table.moments):
        handled |= set(owner.animations())
    assert table.defaulted <= declared, sorted(table.defaulted - declared)
    assert not handled & table.defaulted, sorted(handled & table.defaulted)
    assert declared <= handled | table.defaulted, sorted(declared - handled - table.defaulted)


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_every_declared_name_is_said_by_a_phrase_or_as_the_rules_wrote_it(app, game_id):
    table = open_table(app, game_id)
    assert table.phrases.names == table.info.vocabulary.events


def test_the_log_lines_mean_says_its_own_way_are_declared_names():
    assert set(MEAN_SAID) <= registry.get("mean").vocabulary.events


def test_a_misspelt_look_is_refused_when_the_table_opens_not_shown_as_a_default(app):
    class Misspelt(MeanTable):
        def animations(self):
            return {**super().animations(), "swpa": self.animate_swap}

    with pytest.raises(ValueError, match=r"Misspelt names events .* \['swpa'\]"):
        open_table(app, "mean", Misspelt)  # its deal is played as it opens


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_words_said_as_written_never_open_a_sentence_with_a_player(app, game_id):
    """A name said as the rules wrote it needs no verb to agree with "You": no sentence
    of its text starts with a player who does something."""
    table = open_table(app, game_id)
    written = table.phrases.written
    info = registry.get(game_id)
    opening = re.compile(r"(^|[.!?:;]\s+)\{P\d+\} [a-z]")
    seen = set()
    for seed in range(3):
        state = info.new_game(3, seed)
        rng = Rng(f"written/{seed}")

        class Collect:
            def feed(self, item) -> None:
                pass

            def events(self, events) -> None:
                for event in events:
                    if event.what in written and event.text:
                        seen.add(event.what)
                        assert not opening.search(event.text), event.text

        collect = Collect()
        collect.events(state.setup_events)
        for _ in range(1500):
            if state.is_over:
                break
            random_step(state, rng, collect)
    assert seen or not written


def test_a_verb_agrees_with_you_and_with_a_name():
    assert [form("You", verb) for verb in ("go", "have", "be", "copy", "must")] == [
        "go",
        "have",
        "are",
        "copy",
        "must",
    ]
    assert [form("Ada", verb) for verb in ("go", "have", "be", "copy", "pass", "must")] == [
        "goes",
        "has",
        "is",
        "copies",
        "passes",
        "must",
    ]
    assert agree("you", "take") == "you take" and agree("Bo", "take") == "Bo takes"


def say(table, event: Event, names=("You", "Ada", "Bo")) -> str:
    return table.phrases.say(event, lambda seat: names[seat])


def test_hit_the_deck_phrases_agree_with_you(app):
    table = open_table(app, "hit-the-deck")
    cut = Event("announce", text="{P0} cuts the deck and loses the turn.", what="cut", seats=(0,))
    assert say(table, cut) == "You cut the deck and lose the turn."
    assert say(table, cut, ("Ada",)) == "Ada cuts the deck and loses the turn."
    faked = Event("slap", text="{P1} is faked out and draws two.", what="faked-out", seats=(1,))
    assert say(table, faked, ("Ada", "You")) == "You are faked out and draw two."
    data = {"hand": 2, "dealer": 0}
    deal = Event("deal", text="", data=data, what="deal", seats=(0,))
    assert say(table, deal) == "Hand 2: You deal seven cards each."
    missed = {"stage": "close", "order": [1, 2], "draws": [0], "announced": True}
    never = Event("slap", text="Never hit the deck: {P0}; each draws four.", data=missed)
    assert say(table, never._replace(what="slap-result", seats=(0,))) == (
        "Never hit the deck: You; each draws four."
    )


def test_copy_cat_says_you_copy_not_you_copie(app):
    table = open_table(app, "copycat")
    data = {"number": 6, "cards": ["6"]}
    text = "{P0} copies {P1} with one Six."
    copy = Event("announce", seat=0, text=text, data=data, what="copy", seats=(0, 1))
    table.log.record([copy], by_viewer=True)
    assert table.log.lines[-1] == f"You copy {table.names[1]} with one Six"
    broke = {"payer": 0, "payee": 2, "amount": 0, "owed": 3}
    pay = Event("announce", data=broke, what="pay", seats=(0, 2))
    assert say(table, pay) == "You have no coins left to pay Bo."
    fail = Event("announce", what="meow-fail", seats=(2, 0))
    assert say(table, fail) == "The Meow fails: You have the same or lower."


def test_spite_and_malice_says_you_give_and_you_end_the_turn(app):
    table = open_table(app, "spite-malice")
    text = "{P0} caps Build Pile 2 and gives a Malice card"
    capped = Event("announce", seat=0, text=text, data={"pile": 2}, what="capped", seats=(0,))
    text = "{P0} holds only 2s and Wilds and ends the turn without storing"
    shown = Event("announce", seat=0, text=text, data={"cards": ["2"]}, what="shown", seats=(0,))
    table.log.record([capped, shown], by_viewer=True)
    assert table.log.lines[-2:] == [
        "You cap Build Pile 2 and give a Malice card",
        "You hold only 2s and Wilds and end the turn without storing",
    ]
    first = Event(
        "announce",
        text="{P1} ties for the highest UP card and goes first, nearest the dealer's left",
        what="first-player",
        seats=(1,),
    )
    assert say(table, first, ("Ada", "You")) == (
        "You tie for the highest UP card and go first, nearest the dealer's left"
    )


def test_mean_phrases_agree_with_you(app):
    table = open_table(app, "mean")
    lost = Event("announce", what="lost-on-eight", seats=(0,))
    assert say(table, lost) == "You went out on an Eight and lose!"
    assert say(table, lost, ("Ada",)) == "Ada went out on an Eight and loses!"
    punished = Event("announce", data={"owed": 2}, what="punished", seats=(1,))
    assert say(table, punished) == "Ada takes 2 Punishment Piles"
