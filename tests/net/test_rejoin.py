"""Dropped connections: a player whose computer drops (its app killed and started
again) comes back with its seat token to the same seat and the same hand, and the game
goes on; the others are told who is reconnecting meanwhile, and a stand-in bot may play
the seat until its player is back. A host whose app stops opens the table again from
the game it kept, and the players come back by themselves. Nothing is lost.
"""

from __future__ import annotations

import time

import pytest
from conftest import FAST
from netplay import (
    Clock,
    Remote,
    advancing,
    local_game,
    make_room,
    play,
    read,
    seats_for,
    settle,
    wait_until,
)

from cardtable.net import Server, new_room
from cardtable.play import protocol


def kill(player: Remote) -> None:
    """The player's app dies: the connection is cut, nothing more is said."""
    player.door.closed = True
    player.door.drop()
    player.door.close()


@pytest.mark.parametrize("game_id", ["mean", "spite-malice"])
def test_a_player_whose_app_died_comes_back_to_the_same_seat_and_hand(server, game_id):
    seed = 4
    local = local_game(game_id, seed)
    clock = Clock()
    room = server.add(make_room(game_id, seed, clock))
    players = {seat: Remote(server, room, seat, clock) for seat in (0, 2)}
    seen: dict[str, object] = {}

    def between(turn: int) -> None:
        if turn != 12:
            return
        settle(players)
        gone = players[2]
        view, token, step = gone.client.view, gone.door.token, gone.client.step
        kill(gone)
        wait_until(lambda: room.pump() or room.away == [2], "the host to see the player go")
        wait_until(read(players[0].client, lambda: players[0].client.away == (2,)), "news")
        seen["away"] = players[0].client.away
        back = Remote(server, room, 2, clock, token=token)
        players[2] = back
        settle(players)
        seen["seat"], seen["step"] = back.client.seats, back.client.step
        seen["same view"] = back.client.view == view and step == back.client.step
        seen["back"] = players[0].client.away

    try:
        play(room.host.referee, players, seed, advancing(lambda: room, clock), between)
        assert seen == {
            "away": (2,),
            "seat": (2,),
            "step": seen["step"],
            "same view": True,
            "back": (),
        }
        assert room.host.referee.state.history == local.state.history  # nothing lost
        settle(players)
        assert players[2].client.result == protocol.plain(local.result.to_dict())
        assert players[2].door.joins == 1 and players[2].door.seat == 2
    finally:
        for player in players.values():
            player.close()


def test_a_wrong_token_or_room_code_is_refused_in_one_sentence(server):
    clock = Clock()
    room = server.add(make_room("mean", 1, clock))
    wrong = Remote(server, room, 0, clock, token="not-a-token-this-table-gave")
    try:
        wait_until(lambda: room.pump() or wrong.door.problem is not None, "the refusal")
        assert wrong.door.problem == "That seat token is not one this table gave."
    finally:
        wrong.close()
    room.code = "OTHER"
    try:
        lost = Remote(server, room, 0, clock)
        wait_until(lambda: lost.door.problem is not None, "the refusal")
        assert lost.door.problem == "No table here has that room code."
    finally:
        lost.close()


def test_an_away_players_seat_is_played_by_a_stand_in_until_they_come_back(server):
    clock = Clock()
    room = server.add(make_room("what-the-heck", 3, clock))
    room.wait = 5.0
    players = {seat: Remote(server, room, seat, clock) for seat in (0, 2)}
    try:
        settle(players)
        token = players[2].door.token
        kill(players[2])
        wait_until(lambda: room.pump() or room.away == [2], "the host to see the player go")
        clock.now = 4.9
        room.pump()
        assert room.stand_ins == [] and room.host.referee.bots[2] is None
        clock.now = 5.0
        room.pump()
        assert room.stand_ins == [2] and room.host.referee.bots[2] is not None
        wait_until(read(players[0].client, lambda: players[0].client.stand_ins == (2,)), "news")
        players[2] = Remote(server, room, 2, clock, token=token)
        settle(players)
        assert room.stand_ins == [] and room.host.referee.bots[2] is None  # theirs again
        assert players[0].client.away == () and players[2].client.seats == (2,)
    finally:
        for player in players.values():
            player.close()


def test_the_host_may_hand_an_away_seat_to_a_bot_at_once(server):
    clock = Clock()
    room = server.add(make_room("copycat", 3, clock))
    room.wait = None
    players = {seat: Remote(server, room, seat, clock) for seat in (0, 2)}
    try:
        settle(players)
        kill(players[2])
        wait_until(lambda: room.pump() or room.away == [2], "the host to see the player go")
        room.hand_over(0)  # a player who is here keeps the seat
        room.hand_over(2)
        assert room.stand_ins == [2]
    finally:
        for player in players.values():
            player.close()


@pytest.mark.parametrize("game_id", ["hit-the-deck", "copycat"])
def test_a_host_that_stopped_opens_the_table_again_and_the_players_come_back(game_id):
    seed = 6
    clock = Clock()
    first = Server("127.0.0.1", 0, **FAST).start()
    port = first.port
    tables = {"room": first.add(make_room(game_id, seed, clock)), "server": first}
    players = {seat: Remote(first, tables["room"], seat, clock) for seat in (0, 2)}
    kept: dict[str, object] = {}

    def between(turn: int) -> None:
        if turn != 15:
            return
        settle(players)
        room = tables["room"]
        record, tokens = room.host.referee.record(), room.tokens()
        kept["history"] = list(record.actions)
        tables["server"].stop()  # the host's app dies ...
        wait_until(lambda: not any(p.door.connected for p in players.values()), "the drop")
        again = new_room(  # ... and Resume opens its table again, on the same port
            room.code,
            game_id,
            seats_for(game_id),
            ["Host", "Bot", "Guest"],
            seed=seed,
            now=clock,
            wait=None,
            pace=False,
            actions=record.actions,
            tokens=tokens,
        )
        second = Server("127.0.0.1", port, **FAST)
        second.add(again)
        second.start()
        tables["room"], tables["server"] = again, second
        for player in players.values():
            player.room = again
        settle(players)

    try:
        play(
            lambda: tables["room"].host.referee,
            players,
            seed,
            advancing(lambda: tables["room"], clock),
            between,
        )
        history = tables["room"].host.referee.state.history
        assert history[: len(kept["history"])] == kept["history"]  # nothing lost
        settle(players)
        for seat, player in players.items():
            assert player.door.joins == 2 and player.door.seat == seat
            assert player.client.is_over and player.client.record["actions"] == [
                list(a) for a in history
            ]
    finally:
        for player in players.values():
            player.close()
        tables["server"].stop()


def test_a_seat_taken_up_from_another_connection_leaves_the_first_with_one_sentence(server):
    clock = Clock()
    room = server.add(make_room("mean", 1, clock))
    first = Remote(server, room, 0, clock)
    try:
        settle({0: first})
        second = Remote(server, room, 0, clock, token=first.door.token)
        try:
            wait_until(lambda: room.pump() or first.door.problem is not None, "the first to go")
            assert first.door.problem == "The seat was taken up again from another connection."
            settle({0: second})
            assert second.door.seat == 0 and room.places[0].remote is second.connection()
            time.sleep(0.5)  # the first does not come back to take it again
            room.pump()
            assert room.places[0].remote is second.connection() and not first.door.connected
        finally:
            second.close()
    finally:
        first.close()


def test_a_table_opened_again_says_at_once_who_is_still_to_come_back():
    """Resume opens a hosted table again before its players have rejoined: the host's own
    screen says at once that they are reconnecting (and may hand their seats to bots)."""
    from netplay import spectator

    from cardtable.net import Room
    from cardtable.play import SeatClient

    clock = Clock()
    first = make_room("mean", 3, clock)
    here = SeatClient(spectator(first), clock)
    Room(first.code, first.host, [0, 2], clock, wait=None, tokens={2: ("Remy", "t" * 32)})
    here.pump()
    assert here.away == (2,) and here.names[2] == "Remy"
