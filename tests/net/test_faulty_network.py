"""A bad network between the host and its players: through a proxy that delays every
chunk 100 ms each way with 20 ms of jitter, stalls now and then and cuts each connection
every few seconds, a whole game of every game completes with no move lost or doubled:
the doors come back by themselves with their tokens, each intent is taken once by its
number, and the game ends exactly as the same seeded game played at the referee.
"""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import FAST
from faulty import FaultyProxy
from netplay import GAMES, Clock, Remote, advancing, local_game, make_room, play, settle

from cardtable.net import Server


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_through_a_bad_network_loses_and_doubles_no_move(game_id):
    seed = 11
    local = local_game(game_id, seed)
    clock = Clock()
    server = Server("127.0.0.1", 0, **FAST).start()
    proxy = FaultyProxy(server.port, cut=3.0, seed=len(game_id)).start()
    room = server.add(make_room(game_id, seed, clock))
    players = {seat: Remote(server, room, seat, clock, port=proxy.port) for seat in (0, 2)}
    try:
        play(room.host.referee, players, seed, advancing(lambda: room, clock))
        settle(players)
        # No move doubled: each (seat, intent number) was taken once ...
        assert max(Counter(room.applied).values()) == 1
        # ... and none lost: every intent each player made was taken, in order.
        for seat, player in players.items():
            numbers = [n for s, n in room.applied if s == seat]
            assert numbers == list(range(1, player.client.sent[seat] + 1))
        assert room.host.referee.state.history == local.state.history
        assert players[0].client.record["actions"] == [list(a) for a in local.state.history]
        assert proxy.cuts >= 1 and proxy.stalls >= 1  # the network was bad indeed
        assert any(player.door.joins > 1 for player in players.values())
    finally:
        for player in players.values():
            player.close()
        proxy.stop()
        server.stop()
