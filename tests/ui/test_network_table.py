"""Tables across computers in the app: a hosted table says how to join and plays on
with a player on another computer; a joined table is the same table, driven through a
network door, keeping the result, the statistics and the match record like a local one;
a host's crafted view leaves the table with one sentence, never a crash.
"""

from __future__ import annotations

import os
import time

import pytest

from cardtable import storage
from cardtable.net import NetDoor, Server, new_room
from cardtable.play import SeatClient
from cardtable.ui.launch import Launch
from cardtable.ui.scenes.results import ResultsScene
from cardtable.ui.scenes.title import TitleScene

from .conftest import until

os.environ["CARDTABLE_LOOPBACK"] = "1"


@pytest.fixture(autouse=True)
def machine_speed(monkeypatch):
    """These players play at the test's frame rate, far past a person's pace: the hosted
    table's rate limit is raised to match (the limit is tested at its default in
    tests/net/test_hostile.py)."""
    from cardtable.net import server

    monkeypatch.setattr(server, "RATE", 5000.0)
    monkeypatch.setattr(server, "BURST", 1000)


def advices(happenings: list) -> list:
    return [happening for happening in happenings if happening.kind == "advice"]


def deadline(seconds: float = 60.0):
    end = time.monotonic() + seconds
    return lambda: time.monotonic() < end


@pytest.mark.slow  # a whole game
def test_a_hosted_table_says_how_to_join_and_plays_a_whole_game_with_a_remote_player(app):
    launch = Launch("what-the-heck", 3, ("human", "remote", "easy"), seed=5, away_wait=None)
    app.open_table(launch)
    table = app.manager.top
    hosting = table.match.hosting
    assert hosting is not None and table.match.problem is None
    assert not table.tools.can_undo()  # undo is off in network games
    line = table.network.line()
    assert line == f"Join at {hosting.address}, room code {hosting.code} (a seat open)"
    assert hosting.address.startswith("127.0.0.1:")
    door = NetDoor(hosting.address, hosting.code, "Remy")
    remote = SeatClient(door, time.monotonic, wall=time.monotonic)
    advised: list[str] = []
    judged: list[bool] = []
    try:
        going = deadline()
        while not isinstance(app.manager.top, ResultsScene):
            assert going(), "the game did not end"
            app.step()
            remote.pump()
            if 1 in remote.humans_to_act() and remote.legal(1):
                if not advised:  # a hint, thought of on the host from seat 1's view
                    remote.hint(1)
                    happenings: list = []
                    until(
                        app,
                        lambda h=happenings: (h.extend(remote.pump()), advices(h))[1],
                        400,
                    )
                    (advice,) = advices(happenings)  # (news of who plays may come too)
                    assert advice.kind == "advice" and advice.code in remote.legal(1)
                    advised.append(advice.code)
                step = remote.step
                judged.append(remote.timeline.ready and table.match.host.judged)
                remote.move(1, remote.legal(1)[0])
                until(app, lambda s=step: (remote.pump(), remote.step > s)[1], 400)
            if table.awaiting_human():
                table.act(sorted(table.legal_codes())[0])
        assert table.names[1] == "Remy" and table.network.line() == ""
        assert advised
        # Remy's computer learnt the table's time: its presses race on the table's line.
        assert judged[-1]
        result = table.match.state.result.to_dict()
        until(app, lambda: (remote.pump(), remote.result is not None)[1], 200)
        assert remote.result == result  # the player on the other computer keeps it too
        assert remote.record["seats"] == ["human", "remote", "easy"]
    finally:
        door.close()


@pytest.fixture
def server():
    server = Server("127.0.0.1", 0, rate=5000.0, burst=1000).start()
    yield server
    server.stop()


def joined(app, server, game_id="what-the-heck", seed=9):
    room = server.add(
        new_room(
            "JOINS",
            game_id,
            ["remote", "easy", "easy"],
            ["", "Bo", "Cy"],
            seed=seed,
            pace=False,
            wait=None,
        ),
        owned=True,
    )
    door = NetDoor(f"127.0.0.1:{server.port}", "JOINS", "Ada", seat=0)
    going = deadline(10)
    while not any(message["type"] == "update" for message in list(door.inbox)):
        assert going(), "the seat was not taken"
        time.sleep(0.01)
    app.show_title()
    app.open_joined_table(door)
    return room, app.manager.top


@pytest.mark.slow  # a whole game
def test_a_joined_table_plays_a_whole_game_and_keeps_its_result_and_record(app, server):
    room, table = joined(app, server)
    assert [c.kind for c in table.seats] == ["human", "easy", "easy"]
    assert table.names == ["Ada", "Bo", "Cy"] and table.viewer == 0
    assert not table.tools.can_undo()
    going = deadline()
    while not isinstance(app.manager.top, ResultsScene):
        assert going(), "the game did not end"
        app.step()
        if table.awaiting_human():
            table.act(sorted(table.legal_codes())[0])
    referee = room.host.referee
    assert app.manager.top.result == referee.result.to_dict()
    record, message = storage.load_match(table.match.saved_record)
    assert message is None and record.actions == referee.state.history
    statistics, _ = storage.load_statistics()
    assert statistics["games"]["what-the-heck"]["played"] == 1


class LateResult:
    """A door whose ``over`` (the result and record) comes some reads after the last
    moment, as a network may bring it."""

    def __init__(self, door) -> None:
        self.door, self.held, self.reads = door, [], 0

    def receive(self) -> list:
        came = []
        for message in self.door.receive():
            (self.held if message["type"] == "over" else came).append(message)
        self.reads += 1
        if self.held and self.reads % 5 == 0:
            came, self.held = came + self.held, []
        return came

    def __getattr__(self, name: str):
        return getattr(self.door, name)


@pytest.mark.slow  # a whole game
def test_a_result_that_comes_reads_after_the_last_moment_still_ends_the_table(app, server):
    room, table = joined(app, server)
    table.client.door = LateResult(table.client.door)
    going = deadline()
    while not isinstance(app.manager.top, ResultsScene):
        assert going(), "the game did not end"
        app.step()
        if table.awaiting_human():
            table.act(sorted(table.legal_codes())[0])
    assert app.manager.top.result == room.host.referee.result.to_dict()


def test_a_hint_at_a_joined_table_is_shown_and_made_with_the_keys(app, server):
    """The host thinks of the hint from the seat's view and sends the move; the joined
    table says it and lights it (it left with "cannot be shown (AttributeError)"), and
    Enter makes it."""
    import pygame

    from .conftest import key

    room, table = joined(app, server, game_id="spite-malice")
    until(app, lambda: table.still() and table.awaiting_human(), 400)
    step = table.client.step
    code = sorted(table.legal_codes())[0]
    room.host.adviser = lambda seat, answer: answer(code) or True
    key(app, pygame.K_h)
    until(app, lambda: table.tools.hints.code == code, 200)
    assert app.manager.top is table and table.tools.hints.line.startswith("Hint: ")
    key(app, pygame.K_RETURN)
    until(app, lambda: table.client.step > step, 200)
    assert (0, code) in [tuple(a) for a in room.host.referee.state.history]


def test_a_hosts_crafted_view_leaves_the_table_with_one_sentence(app, server):
    room, table = joined(app, server)
    until(app, lambda: table.still(), 400)
    crafted = dict(table.client.moment)
    table.match.door.inbox.append(
        {
            "v": 2,
            "type": "update",
            "seq": 99,
            "by": None,
            "viewer": 0,
            "events": [{"kind": "announce", "text": "Look here"}],
            "view": {"zones": 7, "to_act": "everyone"},
            "moment": crafted,
            "done": {},
        }
    )
    until(app, lambda: isinstance(app.manager.top, TitleScene), 100)
    assert app.manager.top.toast.message.startswith("The table sent what cannot be shown")


def test_play_again_after_a_joined_game_goes_to_join_a_table_not_a_hosted_one(app, server):
    from cardtable.ui.scenes.join import JoinScene

    _room, table = joined(app, server)
    assert table.launch.joined
    app.play_again(table.launch)
    assert isinstance(app.manager.top, JoinScene)
    app.manager.top.exit()


def test_join_a_table_by_address_and_code_typed_then_an_open_seat(app, server):
    """The joiner's screens by mouse and keys: Join a table on the title, the address and
    room code typed, Look up, the open seat taken: the table opens at that seat."""
    import pygame

    from cardtable.ui.scenes.join import JoinScene

    from .conftest import click

    server.add(
        new_room(
            "KMNPR",
            "copycat",
            ["easy", "remote", "remote"],
            ["Bo", "", ""],
            seed=2,
            pace=False,
            wait=None,
        ),
        owned=True,
    )
    app.show_title()
    app.step()
    title = app.manager.top
    (join,) = [b for b in title.column.buttons if b.label == "Join a table"]
    click(app, join.rect.center)
    scene = app.manager.top
    assert isinstance(scene, JoinScene)

    def type_into(field, words: str) -> None:
        click(app, field.rect.center)
        for char in words:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.step()

    scene.name.value = ""
    type_into(scene.name, "Ada")
    type_into(scene.address, f"127.0.0.1:{server.port}")
    type_into(scene.code, "kmn-pr")  # as pasted: lower case, a dash
    click(app, scene.look_button.rect.center)
    until(app, lambda: scene.room is not None or "No table" in scene.status, 400)
    seats = [b.label for b in scene.column.buttons if b.label.startswith("Take seat")]
    assert seats == ["Take seat 2", "Take seat 3"]
    (third,) = [b for b in scene.column.buttons if b.label == "Take seat 3"]
    click(app, third.rect.center)
    until(app, lambda: app.manager.top is not scene, 400)
    table = app.manager.top
    assert table.viewer == 2 and table.names[2] == "Ada" and table.info.id == "copycat"
    assert [c.kind for c in table.seats] == ["easy", "remote", "human"]
    # The name typed is the one the join screen offers next time.
    assert storage.load_settings()[0].player_names[0] == "Ada"
    assert JoinScene(app).name.value == "Ada"


def test_a_wrong_room_code_is_said_in_one_sentence_on_the_join_screen(app, server):
    from cardtable.ui.scenes.join import JoinScene

    app.show_title()
    scene = JoinScene(app)
    app.manager.push(scene)
    app.step()
    scene.address.value, scene.code.value = f"127.0.0.1:{server.port}", "NOPE"
    scene.look_up()
    until(app, lambda: scene.asking is None and scene.status.startswith("No table"), 400)
    assert scene.status == "No table here has that room code."
    scene.exit()


def test_setup_makes_a_seat_remote_and_chooses_how_long_it_waits_for_a_dropped_player(app):
    from cardtable.games import registry
    from cardtable.ui.scenes.setup import SetupScene

    app.show_title()
    scene = SetupScene(app, registry.get("mean"))
    app.manager.push(scene)
    app.step()
    assert not [b for b in scene.column.buttons if b.label.startswith("Away")]
    scene.set_kind(1, "remote")
    (away,) = [b for b in scene.column.buttons if b.label.startswith("Away")]
    assert away.label == "Away: bot 30 s" and scene.kind_buttons[1].label == "Remote player"
    for label in ("Away: bot 60 s", "Away: no bot", "Away: bot 15 s"):
        away.on_click()
        (away,) = [b for b in scene.column.buttons if b.label.startswith("Away")]
        assert away.label == label
    launch = scene.launch()
    assert launch.seats[:2] == ("human", "remote") and launch.away_wait == 15.0
    # MEAN! has no race: nothing to say of how remote players race.
    assert not [b for b in scene.column.buttons if b.label.startswith("Remote:")]


def test_setup_chooses_how_remote_players_race_and_the_hosts_line_judges_so(app):
    """Hit the Deck's slap is a race: a remote player races fairly on the table's time
    line, with a handicap (a connection too slow to race fairly), or not on it at all."""
    from cardtable.games import registry
    from cardtable.ui.scenes.setup import SetupScene

    app.show_title()
    scene = SetupScene(app, registry.get("hit-the-deck"))
    app.manager.push(scene)
    app.step()
    scene.set_kind(1, "remote")

    def races():
        (button,) = [b for b in scene.column.buttons if b.label.startswith("Remote:")]
        return button

    assert races().label == "Remote: fair races" and scene.launch().race_handicap == 0.0
    for label, handicap in (
        ("Remote: +50 ms", 0.05),
        ("Remote: +100 ms", 0.1),
        ("Remote: +200 ms", 0.2),
        ("Remote: no racing", None),
    ):
        races().on_click()
        assert races().label == label and scene.launch().race_handicap == handicap
    scene.exit()
    app.open_table(
        Launch("hit-the-deck", 3, ("human", "remote", "medium"), seed=3, race_handicap=0.1)
    )
    # The remote seat's presses count 100 ms later, and the table waits that much less
    # for its computer (tests/play/test_timeline.py judges with handicaps).
    assert app.manager.top.match.host.handicaps == {1: 0.1}


def test_a_player_joins_while_the_host_reads_the_rules_over_the_table(app):
    launch = Launch("copycat", 3, ("human", "remote", "easy"), seed=5, away_wait=None)
    app.open_table(launch)
    table = app.manager.top
    app.open_rules(table.info)  # the table is under the rules: not still, not on top
    hosting = table.match.hosting
    door = NetDoor(hosting.address, hosting.code, "Remy")
    try:
        going = deadline(20)
        while not any(m["type"] == "hello" for m in list(door.inbox)):
            assert going(), "the join waited for the table to come back on top"
            app.step()
        assert app.manager.top is not table and hosting.room.open_seats() == []
    finally:
        door.close()


def test_the_host_hands_an_away_players_seat_to_a_bot_with_a_click_on_the_line(app):
    from .conftest import click

    launch = Launch("what-the-heck", 3, ("human", "remote", "easy"), seed=5, away_wait=None)
    app.open_table(launch)
    table = app.manager.top
    room = table.match.hosting.room
    door = NetDoor(table.match.hosting.address, room.code, "Remy")
    until(app, lambda: room.open_seats() == [] and door.connected, 400)
    door.closed = True
    door.drop()
    door.close()
    until(app, lambda: table.network.line().startswith("Remy is reconnecting…"), 400)
    assert table.network.line().endswith("click here to let a bot play for them now")
    app.step()
    click(app, table.network.box.center)
    assert room.stand_ins == [1] and table.match.referee.bots[1] is not None
    until(app, lambda: table.network.line() == "A bot plays for Remy until they are back", 200)
