"""The seat protocol: a table reaches its match through one door, with plain, versioned
messages that survive a JSON round trip and are checked as hostile on arrival.

The proof that the door carries everything a seat needs: a whole game of every game with
its human seats played only from messages that went through JSON (``wire=True``), which
ends exactly as the same seeded game played at the referee itself.
"""

from __future__ import annotations

import json

import pytest

from cardtable.engine import HIDDEN, Event, Rng
from cardtable.games import registry
from cardtable.play import LocalDoor, MatchHost, Referee, SeatClient, protocol
from cardtable.strategy import make_bot

SEATS = {
    "what-the-heck": ("human", "easy", "human"),
    "mean": ("human", "easy", "human"),
    "hit-the-deck": ("human", "easy", "human"),
    "copycat": ("human", "easy", "human"),
    "spite-malice": ("human", "easy", "human"),
}
STEP = 0.25  # seconds of virtual time a waiting loop moves on


def referee_for(game_id: str, seed: int) -> Referee:
    seats = SEATS[game_id]
    state = registry.get(game_id).new_game(len(seats), seed)
    bots = [
        None if kind == "human" else make_bot(game_id, kind, Rng(f"bot/{seed}/{seat}"))
        for seat, kind in enumerate(seats)
    ]
    return Referee(state, bots, seat_kinds=list(seats), out_of_turn_pause=1.0)


class AtTheReferee:
    """The humans' side read straight from the referee: the game played locally."""

    def __init__(self, referee: Referee, seat: int) -> None:
        self.referee, self.seat = referee, seat

    def may_act(self) -> tuple[bool, list[str]]:
        """(must act, the legal codes) when the seat may act now."""
        ref = self.referee
        if self.seat in ref.humans_to_act() or self.seat in ref.out_of_turn_humans():
            return self.seat in ref.humans_to_act(), [a.code for a in ref.legal(self.seat)]
        return False, []

    def act(self, code: str, now: float) -> None:
        self.referee.submit(self.seat, code, now)


class ThroughTheDoor:
    """The humans' side read only from messages that went through JSON."""

    def __init__(self, host: MatchHost, seat: int, clock, door: LocalDoor | None = None) -> None:
        self.seat = seat
        self.door = door or LocalDoor(host, (seat,), seat, wire=True)
        self.door.open()
        self.client = SeatClient(self.door, clock)

    def may_act(self) -> tuple[bool, list[str]]:
        self.client.pump()
        client = self.client
        if self.seat in client.humans_to_act() or self.seat in client.out_of_turn():
            return self.seat in client.humans_to_act(), client.legal(self.seat)
        return False, []

    def act(self, code: str, now: float) -> None:
        for happening in self.client.move(self.seat, code):
            assert happening.kind != "refused", happening.reason


def play(referee: Referee, players: dict[int, object], seed: int, advance) -> None:
    """Humans choose among what they are told they may do, from generators of their own;
    the clock moves on when nobody acts."""
    choosers = {seat: Rng(f"human/{seed}/{seat}") for seat in players}
    now = 0.0
    for _ in range(20_000):
        if referee.is_over:
            return
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


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_whole_game_through_json_messages_ends_as_the_game_played_locally(game_id):
    seed = 11
    local = referee_for(game_id, seed)
    humans = [seat for seat, kind in enumerate(SEATS[game_id]) if kind == "human"]
    play(local, {seat: AtTheReferee(local, seat) for seat in humans}, seed, local.advance)

    remote = referee_for(game_id, seed)
    clock = {"now": 0.0}
    host = MatchHost(remote, ["Ada", "Bo", "Cy"], list(SEATS[game_id]), lambda: clock["now"])
    doors = {seat: ThroughTheDoor(host, seat, lambda: clock["now"]) for seat in humans}

    def advance(now: float) -> None:
        clock["now"] = now
        host.advance(now)

    play(remote, doors, seed, advance)
    assert remote.state.history == local.state.history
    assert remote.result == local.result
    for door in doors.values():  # every player keeps the exact replay
        door.client.pump()
        assert door.client.result == protocol.plain(local.result.to_dict())
        assert door.client.record["actions"] == [list(a) for a in local.state.history]


def hidden_from(seat: int, event: Event) -> bool:
    return event.kind == "move" and event.face not in ("up", seat)


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_a_door_is_told_no_card_its_seat_may_not_see(game_id):
    """Every card that crossed to seat 0's door was one seat 0 may see: in the events,
    face-down moves carry no faces; its view is seat 0's own observation."""
    referee = referee_for(game_id, 5)
    clock = {"now": 0.0}
    host = MatchHost(referee, ["Ada", "Bo", "Cy"], list(SEATS[game_id]), lambda: clock["now"])
    wire: list[dict] = []
    door = LocalDoor(host, (0,), 0, wire=True)
    deliver = door.deliver

    def delivering(message: dict) -> None:
        if message["type"] == "update":  # its view is seat 0's own observation, no more
            assert message["view"] == protocol.plain(referee.observation(0))
        wire.append(message)
        deliver(message)

    door.deliver = delivering  # type: ignore[method-assign]
    players = {
        0: ThroughTheDoor(host, 0, lambda: clock["now"], door),
        2: ThroughTheDoor(host, 2, lambda: clock["now"]),
    }

    def advance(now: float) -> None:
        clock["now"] = now
        host.advance(now)

    play(referee, players, 5, advance)
    faces = 0
    for message in wire:
        events = message.get("events", []) + message.get("setup", [])
        for data in events:
            event = protocol.event_from_wire(data)
            if hidden_from(0, event):
                assert set(event.cards) <= {HIDDEN}, event
            faces += sum(card != HIDDEN for card in event.cards)
    assert faces > 0  # the door did carry the cards seat 0 may see


def test_every_message_survives_a_json_round_trip_unchanged():
    referee = referee_for("copycat", 3)
    host = MatchHost(referee, ["Ada", "Bo", "Cy"], list(SEATS["copycat"]), lambda: 0.0)
    sent: list[dict] = []

    class Recorder:
        seats, viewer = (0,), 0

        def deliver(self, message):
            sent.append(message)

    recorder = Recorder()
    host.attach(recorder)
    host.receive(recorder, protocol.move(0, referee.legal(0)[0].code, 1))
    host.receive(recorder, protocol.move(0, "meow at the moon", 2))
    assert {message["type"] for message in sent} >= {"hello", "update", "refused"}
    for message in sent:
        assert json.loads(protocol.to_json(message)) == message
        assert protocol.check(message, protocol.DOWN) == message


# -- refusals: nothing changes, and the reason comes back through the door -------------


def open_door(game_id: str = "mean", seat: int = 0) -> tuple[Referee, SeatClient]:
    referee = referee_for(game_id, 2)
    host = MatchHost(referee, ["Ada", "Bo", "Cy"], list(SEATS[game_id]), lambda: 0.0)
    door = LocalDoor(host, (seat,), seat, wire=True).open()
    return referee, SeatClient(door, lambda: 0.0)


def test_a_move_for_a_seat_the_door_does_not_hold_is_refused_and_changes_nothing():
    referee, client = open_door()
    before = list(referee.state.history)
    code = referee.legal(2)[0].code if referee.legal(2) else "draw"
    (refusal,) = client.move(2, code)
    assert refusal.kind == "refused" and refusal.reason == "That seat is not yours to play."
    assert referee.state.history == before


def test_an_illegal_move_is_refused_with_the_rules_reason():
    referee, client = open_door()
    before = list(referee.state.history)
    (refusal,) = client.move(0, "play 99")
    assert refusal.kind == "refused" and refusal.reason == referee.check(0, "play 99")
    assert referee.state.history == before


def test_a_move_out_of_turn_is_refused_and_says_whose_turn_it_is():
    referee, client = open_door(seat=2)
    assert 2 not in referee.state.to_act
    code = "draw"
    (refusal,) = client.move(2, code)
    assert refusal.kind == "refused" and refusal.reason == referee.check(2, code)
    assert referee.state.history == []


@pytest.mark.parametrize(
    "message, says",
    [
        ("not an object", "a message is an object"),
        ({"v": 99, "type": "move", "seat": 0, "code": "draw", "n": 1}, "not a message of this"),
        ({"v": 2, "type": "update", "seat": 0}, "no message of type 'update'"),
        ({"v": 2, "type": "move", "seat": 0, "n": 1}, "move has no code"),
        ({"v": 2, "type": "move", "seat": -1, "code": "draw", "n": 1}, "move.seat must be"),
        ({"v": 2, "type": "move", "seat": True, "code": "draw", "n": 1}, "move.seat must be"),
        ({"v": 2, "type": "move", "seat": 0, "code": "x" * 5000, "n": 1}, "move.code must be"),
        ({"v": 2, "type": "look", "seat": 7}, "That seat is not yours to show."),
    ],
)
def test_a_message_from_outside_is_refused_in_one_line(message, says):
    referee, client = open_door()
    before = list(referee.state.history)
    client.door.send(message)
    (refusal,) = client.pump()
    assert refusal.kind == "refused" and says in refusal.reason
    assert "\n" not in refusal.reason
    assert referee.state.history == before


@pytest.mark.parametrize(
    "text, says",
    [
        (b"\xff\xfe", "not UTF-8"),
        ("[" * 100_000, "not a message"),
        ('{"v": 2, "type": "move", "seat": 0, "code": "d", "n": 1, "stamp": NaN}', "not a message"),
        ("x" * (protocol.MESSAGE_LIMIT + 1), "more than"),
        ('{"v": 2, "type": "hello"}', "no message of type 'hello' is expected"),
    ],
)
def test_junk_on_the_wire_is_refused_in_one_line(text, says):
    with pytest.raises(protocol.BadMessage, match=says):
        protocol.from_json(text, protocol.UP)


def test_a_hostile_hosts_update_is_refused_by_the_client_schema():
    update = protocol.update(1, None, 0, [], {"zones": {}}, {"step": 0})
    with pytest.raises(protocol.BadMessage, match="moment has no to_act"):
        protocol.check(update, protocol.DOWN)
    deep: dict = {}
    for _ in range(40):
        deep = {"a": deep}
    moment = {
        "step": 0,
        "to_act": [],
        "legal": {},
        "out_of_turn": [],
        "window": None,
        "pause": None,
        "over": False,
    }
    with pytest.raises(protocol.BadMessage, match="nested more than"):
        protocol.check(protocol.update(1, None, 0, [], deep, moment), protocol.DOWN)


# -- each intent acts once: a resend after a dropped connection is not applied twice ----


def test_a_move_sent_again_with_its_number_is_not_applied_twice():
    referee, client = open_door("copycat")
    code = client.legal(0)[0]
    client.move(0, code)
    assert len(referee.state.history) == 1 and client.pending == []
    again = protocol.move(0, code, 1)
    for _ in range(3):  # replayed: nothing happens, nothing is refused
        client.door.send(again)
    assert client.pump() == [] and len(referee.state.history) == 1
    assert referee.state.history[0] == (0, code)


def test_an_intent_the_host_never_took_is_sent_again_when_the_door_opens_anew():
    referee, client = open_door("copycat")
    host, door = client.door.host, client.door
    code = client.legal(0)[0]
    door.close()  # the connection drops: the move goes nowhere
    client.move(0, code)
    assert referee.state.history == [] and len(client.pending) == 1
    door.open()  # back: hello says the host took nothing, so the client sends it again
    client.pump()
    assert referee.state.history == [(0, code)] and client.pending == []
    assert host.done == {0: 1}


def test_an_intent_made_for_a_moment_gone_is_not_sent_again():
    referee, client = open_door("copycat")
    door = client.door
    door.close()
    client.move(0, client.legal(0)[0])
    referee.submit(0, referee.legal(0)[0].code, 0.0)  # the match went on meanwhile
    door.open()
    client.pump()
    assert len(referee.state.history) == 1 and client.pending == []
