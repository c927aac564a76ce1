"""Play across computers, headless: a host, two players on other computers joined over
real WebSockets on 127.0.0.1, and a bot, play a whole game of every game; it ends as
the same seeded game played at the referee itself, and every player keeps the result
and the exact match record.
"""

from __future__ import annotations

import pytest
from netplay import (
    GAMES,
    SEATS,
    Clock,
    Remote,
    advancing,
    local_game,
    make_room,
    play,
    settle,
    spectator,
)

from cardtable.play import SeatClient, protocol


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_across_the_network_ends_as_the_game_played_locally(server, game_id):
    seed = 11
    local = local_game(game_id, seed)

    clock = Clock()
    room = server.add(make_room(game_id, seed, clock))
    watching = SeatClient(spectator(room), clock)
    players = {
        seat: Remote(server, room, seat, clock)
        for seat, kind in enumerate(SEATS)
        if kind == "remote"
    }
    try:
        play(room.host.referee, players, seed, advancing(lambda: room, clock))
        assert room.host.referee.state.history == local.state.history
        assert room.host.referee.result == local.result
        expected = protocol.plain(local.result.to_dict())
        settle(players)
        for player in players.values():
            client = player.client
            assert client.result == expected  # every player keeps the result ...
            assert client.record["actions"] == [list(a) for a in local.state.history]
            assert client.names[player.seat] == f"Player {player.seat}"
        watching.pump()
        assert watching.result == expected  # ... and so does the host's own screen
    finally:
        for player in players.values():
            player.close()
