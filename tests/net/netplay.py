"""What the network tests share: a room served on 127.0.0.1, remote players that choose
from what their door tells them, and the same seeded game played at the referee.

Every wait here has a deadline: a test that would hang fails in seconds instead.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from cardtable.engine import Rng
from cardtable.net import NetDoor, Room, Server, new_room
from cardtable.play import LocalDoor, SeatClient
from cardtable.strategy import levels

os.environ["CARDTABLE_LOOPBACK"] = "1"  # every network test keeps to 127.0.0.1

GAMES = ("copycat", "hit-the-deck", "mean", "spite-malice", "what-the-heck")
SEATS = ["remote", "easy", "remote"]
STEP = 0.25  # seconds of virtual time a waiting loop moves on
SECONDS = 20.0  # the longest any one wait may take


class Clock:
    """The host's virtual clock: the same seed, the same game, whatever the network."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def seats_for(game_id: str) -> list[str]:
    """The table's seats: two remote players and a bot of the lowest level the game
    offers a server (Hit the Deck offers no easy bot)."""
    bot = "easy" if "easy" in levels(game_id) else "medium"
    return [bot if kind != "remote" else kind for kind in SEATS]


def make_room(game_id: str, seed: int, clock: Callable[[], float], code: str = "TABLE"):
    return new_room(
        code,
        game_id,
        seats_for(game_id),
        ["Host", "Bot", "Guest"],
        seed=seed,
        now=clock,
        wait=None,
        pace=False,
    )


def read(client: SeatClient, then: Callable[[], bool]) -> Callable[[], bool]:
    """``then``, asked after ``client`` read what came (what it read is not the answer)."""
    return lambda: (client.pump(), then())[1]


def wait_until(done: Callable[[], bool], what: str, seconds: float = SECONDS) -> None:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"waited {seconds:g} s for {what}")
        time.sleep(0.001)


class AtTheReferee:
    """A human's side read straight from the referee: the game played locally."""

    def __init__(self, room: Room, seat: int) -> None:
        self.referee, self.seat = room.host.referee, seat

    def may_act(self) -> tuple[bool, list[str]]:
        ref = self.referee
        if self.seat in ref.humans_to_act() or self.seat in ref.out_of_turn_humans():
            return self.seat in ref.humans_to_act(), [a.code for a in ref.legal(self.seat)]
        return False, []

    def act(self, code: str, now: float) -> None:
        self.referee.submit(self.seat, code, now)


class Remote:
    """A player on another computer: a ``SeatClient`` over a ``NetDoor``."""

    def __init__(
        self,
        server: Server,
        room: Room,
        seat: int,
        clock,
        token=None,
        port=None,
        wall=None,
        **door,
    ) -> None:
        self.room, self.seat, self.clock = room, seat, clock
        self.door = NetDoor(
            f"127.0.0.1:{port or server.port}",
            room.code,
            f"Player {seat}",
            seat=seat,
            token=token,
            **door,
        )
        # With ``wall`` (this computer's own clock) it asks the host's time and races on
        # the host's time line; without, its presses count when they arrive.
        self.client = SeatClient(self.door, clock, wall)

    def connection(self):
        place = self.room.places[self.seat]
        return place.remote

    def caught_up(self) -> bool:
        """Everything sent each way has arrived (the room's inbox is empty)."""
        self.room.pump()
        self.client.pump()
        conn = self.connection()
        door = self.door
        if conn is None or not door.connected or self.room.inbox:
            return False
        return door.said == conn.heard and conn.told == door.heard

    def may_act(self) -> tuple[bool, list[str]]:
        self.client.pump()
        client = self.client
        if self.seat in client.humans_to_act() or self.seat in client.out_of_turn():
            return self.seat in client.humans_to_act(), client.legal(self.seat)
        return False, []

    def act(self, code: str, now: float) -> None:
        self.client.move(self.seat, code)
        n = self.client.sent[self.seat]
        happenings: list = []

        def taken() -> bool:
            # The table pumps its client every frame: a door that came back sends again.
            happenings.extend(self.client.pump())
            self.room.pump()
            return self.room.host.done.get(self.seat, 0) >= n

        wait_until(taken, f"seat {self.seat}'s move {n} to arrive")
        happenings.extend(self.client.pump())
        for happening in happenings:
            assert happening.kind != "refused", happening.reason

    def close(self) -> None:
        self.door.close()


def settle(players: dict[int, object]) -> None:
    remotes = [p for p in players.values() if isinstance(p, Remote)]
    wait_until(lambda: all(p.caught_up() for p in remotes), "the doors to catch up")
    for player in remotes:
        player.client.pump()


def play(table, players: dict[int, object], seed: int, advance, between=None) -> None:
    """Humans choose among what they are told they may do, from generators of their own;
    the clock moves on when nobody acts. ``table`` is the referee or what gives it now
    (a host that stopped and opened the table again); ``between`` runs before each
    choice (a test cutting a connection)."""
    choosers = {seat: Rng(f"human/{seed}/{seat}") for seat in players}
    now = 0.0
    for turn in range(20_000):
        referee = table() if callable(table) else table
        if referee.is_over:
            return
        if between is not None:
            between(turn)
        settle(players)
        for seat, player in players.items():
            must, codes = player.may_act()
            # A chance out of turn (a slap, a Spite) is taken one time in five.
            if codes and (must or choosers[seat].random() < 0.2):
                player.act(choosers[seat].choice(codes), now)
                break
        else:
            due = referee.next_due()
            now = max(now + 0.001, due if due is not None else now + STEP)
            advance(now)
    raise AssertionError("the game did not end")


def advancing(room_of, clock: Clock):
    """The host's clock moved on: its room takes what arrived, its referee what is due.
    ``room_of`` gives the room now (a host that stopped opens another)."""

    def advance(now: float) -> None:
        clock.now = now
        room = room_of()
        room.pump()
        room.host.advance(now)

    return advance


def local_game(game_id: str, seed: int):
    """The seeded game played at the referee itself: its referee at the end."""
    clock = Clock()
    room = make_room(game_id, seed, clock)
    referee = room.host.referee
    humans = [seat for seat, kind in enumerate(SEATS) if kind == "remote"]

    def advance(now: float) -> None:
        clock.now = now
        referee.advance(now)

    play(referee, {seat: AtTheReferee(room, seat) for seat in humans}, seed, advance)
    return referee


def spectator(room: Room) -> LocalDoor:
    """The host's own screen, watching: a door in the host's process holding no seat."""
    return LocalDoor(room.host, (), None).open()
