"""Races between computers on one time line (issue 31): the clock protocol, stamps kept
honest, and the host judging presses from this computer and others in the order they
were made, with the record replaying exactly as judged.

The table: Hit the Deck for three, stacked so seat 1 (first to play) holds a Hit the
Deck with a Hand card. Seats 0 and 2 play at the host's computer, seat 1 at another one
(a door that says it is ``remote``). Time is a virtual clock; a remote press's stamp is
given in the host's time, as the clock protocol makes it.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from cardtable.engine import MatchRecord
from cardtable.games import registry
from cardtable.play import LocalDoor, MatchHost, Referee, SeatClient, protocol, timeline
from cardtable.play.timeline import ClockEstimator, DelayTracker, clamp

sys.path.insert(0, str(Path(__file__).parents[1] / "games"))
sys.path.insert(0, str(Path(__file__).parents[1]))
from hit_the_deck_tables import stacked
from spite_malice_tables import STACK0, STACK1, stacked_deck

from cardtable.games.spite_malice.vocabulary import build_code, hand_source, spite_code

HANDS = ["", "HIT-HAND R1", ""]
DISCARD = "R3"


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class RemoteDoor(LocalDoor):
    """A door whose seats are played at another computer (its messages through JSON)."""

    remote = True

    def __init__(self, host: MatchHost, seats: tuple[int, ...], viewer: int | None) -> None:
        super().__init__(host, seats, viewer, wire=True)


INTENTS = itertools.count(1)  # each intent its own number, as a client numbers them


def move(seat: int, code: str, stamp: float | None = None) -> dict:
    return protocol.move(seat, code, next(INTENTS), stamp)


def make_host(handicaps=None):
    deck = stacked(HANDS, DISCARD)
    state = registry.get("hit-the-deck").new_game(3, 0, {"target": 100}, deck=deck)
    referee = Referee(state, [None, None, None], deck=deck)
    clock = Clock()
    host = MatchHost(
        referee, ["You", "Far", "Near"], ["human"] * 3, clock, handicaps=handicaps or {}
    )
    here = LocalDoor(host, (0, 2), None).open()
    there = RemoteDoor(host, (1,), 1).open()
    return host, clock, here, there


def delays_seen(host: MatchHost, door, delay: float, times: int = 10) -> None:
    """The remote door's pings arrive ``delay`` after their stamps."""
    tracker = host.delays.setdefault(id(door), DelayTracker())
    for _ in range(times):
        tracker.seen(0.0, delay)


def slap_open_at(host, clock, there, at: float = 10.0) -> None:
    """Seat 1 (remote) plays its Hand card at ``at``: nobody races yet, it counts at once,
    and the round opens on the line when the host is next advanced."""
    clock.t = at
    there.send(move(1, "play HIT-HAND", at))
    host.advance(at)
    assert host.referee.window_open_at == at


def press(host, clock, door, seat: int, arrival: float, stamp: float | None = None) -> None:
    clock.t = arrival
    door.send(move(seat, "hit", stamp))


def hit_order(door) -> list[tuple[int, float]]:
    """The hits as a door was told them: (seat, seconds after the card appeared)."""
    return [
        (event["seat"], event["data"]["after"])
        for message in door.receive()
        if message["type"] == "update"
        for event in message["events"]
        if event["kind"] == "slap" and event["data"].get("stage") == "hit"
    ]


def run_to(host, clock, until: float, step: float = 0.05) -> None:
    while clock.t < until:
        clock.t = round(clock.t + step, 6)
        host.advance(clock.t)


# -- the clock protocol -------------------------------------------------------------------


def test_the_offset_comes_from_the_fastest_round_trip_and_is_within_half_of_it():
    estimator = ClockEstimator()
    offset = 1000.0  # the host's clock is this far ahead
    # (client send, up delay, down delay): queueing spoils some round trips
    for t0, up, down in [(0.0, 0.30, 0.05), (1.0, 0.04, 0.04), (2.0, 0.02, 0.25)]:
        t1 = t0 + up + offset
        estimator.sample(t0, t1, t1 + 0.001, t0 + up + 0.001 + down)
    assert estimator.best.delay == pytest.approx(0.08)
    assert estimator.offset == pytest.approx(offset)
    assert estimator.error == pytest.approx(0.04)
    assert estimator.to_host(5.0) == pytest.approx(1005.0)


def test_slower_one_way_than_the_other_misleads_by_half_the_difference():
    estimator = ClockEstimator()
    estimator.sample(0.0, 0.12, 0.12, 0.14)  # up 120 ms, down 20 ms, same clocks
    assert estimator.offset == pytest.approx(0.05)  # (120 - 20) / 2, as NTP's would


def test_a_round_trip_that_cannot_be_true_is_not_kept():
    estimator = ClockEstimator()
    assert estimator.sample(5.0, 1.0, 1.1, 4.0) is None  # answered before asked
    assert estimator.sample(0.0, 1.0, 0.9, 1.0) is None  # the host answered before it heard
    assert estimator.sample(0.0, 10.0, 10.5, 0.2) is None  # the host took longer than the trip
    assert not estimator.ready and estimator.to_host(3.0) == 3.0


def test_the_estimate_follows_a_clock_that_moved_as_old_samples_fall_out():
    estimator = ClockEstimator(keep=4)
    for n in range(4):
        estimator.sample(n, n + 0.01, n + 0.01, n + 0.02)
    assert estimator.offset == pytest.approx(0.0)
    for n in range(4, 8):  # the host's clock is now 2 s ahead
        estimator.sample(n, n + 2.02, n + 2.02, n + 0.04)
    assert estimator.offset == pytest.approx(2.0)


def test_a_delay_bound_covers_most_delays_seen_plus_a_margin():
    tracker = DelayTracker()
    assert tracker.bound() == timeline.UNKNOWN
    for delay in [0.05] * 19 + [0.5]:
        tracker.seen(10.0, 10.0 + delay)
    assert tracker.bound() == pytest.approx(0.5 + timeline.MARGIN)  # 19 of 20 < 95 %
    tracker.seen(10.0, 10.06)
    tracker.seen(10.0, 10.06)
    assert tracker.bound() == pytest.approx(0.06 + timeline.MARGIN)


# -- no cheating by stamps ----------------------------------------------------------------


def test_a_stamp_before_the_window_opened_is_clamped_to_the_earliest_it_could_be_true():
    assert clamp(5.0, arrival=10.05, opened=10.0, bound=0.12) == pytest.approx(10.0)
    # ... and no earlier than the connection ever carried a press: arrival less the bound
    assert clamp(5.0, arrival=10.30, opened=10.0, bound=0.12) == pytest.approx(10.18)
    assert clamp(10.1, arrival=10.30, opened=10.0, bound=0.12) == pytest.approx(10.18)
    # the fastest a card could reach the player counts as well
    assert clamp(10.01, arrival=10.1, opened=10.0, bound=0.5, min_down=0.03) == 10.03


def test_a_stamp_after_its_arrival_is_clamped_to_the_arrival():
    assert clamp(12.0, arrival=10.3, opened=10.0, bound=0.12) == pytest.approx(10.3)
    assert clamp(None, arrival=10.3, opened=10.0, bound=0.12) == pytest.approx(10.3)


def test_an_impossible_stamp_from_another_computer_is_judged_at_its_clamped_time():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)  # bound 0.12
    slap_open_at(host, clock, there)
    press(host, clock, here, 0, arrival=10.20)
    press(host, clock, there, 1, arrival=10.30, stamp=9.0)  # "before the card": 10.18
    run_to(host, clock, 10.6)
    assert hit_order(here) == [(1, 0.18), (0, 0.2)]
    assert host.referee.state.slap.hits == [1, 0]


# -- one time line ------------------------------------------------------------------------


def test_an_earlier_remote_press_arriving_later_beats_a_later_local_press():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    slap_open_at(host, clock, there)
    here.receive()
    press(host, clock, here, 0, arrival=10.50)  # pressed here at 10.50
    press(host, clock, there, 1, arrival=10.55, stamp=10.45)  # pressed there at 10.45
    assert host.referee.state.slap.hits == []  # both wait on the line
    run_to(host, clock, 10.8)
    assert host.referee.state.slap.hits == [1, 0]
    press(host, clock, here, 2, arrival=11.0)
    run_to(host, clock, 11.3)
    assert host.referee.state.window is None
    order = hit_order(here)
    assert order == [(1, 0.45), (0, 0.5), (2, 1.0)]
    assert order == hit_order(there)  # every computer is told the same order and times
    closed = host.referee.state.history[-1]
    assert closed == (2, "hit")


def test_the_same_presses_in_arrival_order_when_every_player_is_here():
    """The proof the line matters: with the far player's door here, the press that
    arrived first counts first, as at one table."""
    host, clock, here, there = make_host()
    there.remote = False
    slap_open_at(host, clock, there)
    press(host, clock, here, 0, arrival=10.50)
    press(host, clock, there, 1, arrival=10.55, stamp=10.45)
    assert host.referee.state.slap.hits == [0, 1]
    assert not host.claims


def test_the_table_is_told_judging_while_presses_wait():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    slap_open_at(host, clock, there)
    client = SeatClient(here, clock)
    assert not client.judging
    press(host, clock, here, 0, arrival=10.50)
    client.pump()
    assert client.judging
    run_to(host, clock, 10.7)
    client.pump()
    assert not client.judging


def test_a_bot_in_the_race_reacts_on_the_same_line_as_the_humans():
    """A bot's reaction is timed from the card, like a human's: it counts before a remote
    press made after it, even when the bot's move falls due while that press travels."""
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    referee = host.referee
    slap_open_at(host, clock, there)
    opened = referee._window
    opened.timeline.append((0.30, 1, 0, 0))  # seat 0 hits 0.30 s after the card, as a bot
    opened.timeline.sort()
    referee.bots[0] = object()  # (a bot's seat: the referee moves it, not a door)
    press(host, clock, there, 1, arrival=10.40, stamp=10.35)
    press(host, clock, here, 2, arrival=10.25)
    run_to(host, clock, 10.7)
    assert referee.state.history[-3:] == [(2, "hit"), (0, "hit"), (1, "hit")]
    assert hit_order(here)[-3:] == [(2, 0.25), (0, 0.3), (1, 0.35)]


def test_a_race_is_judged_as_soon_as_every_computer_is_heard_past_it():
    """Messages on one connection come in order: once the far computer's ping stamped
    10.52 is in, no press of its made before 10.52 can still come, so a press here at
    10.50 is judged then, well before the bound (0.12 s) is up."""
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    slap_open_at(host, clock, there)
    press(host, clock, here, 0, arrival=10.50)
    clock.t = 10.53
    host.advance(10.53)
    assert host.referee.state.slap.hits == []  # the far computer may yet have pressed
    there.send(protocol.ping(-1.0, 10.52))  # its clock's t0; the host time it was sent
    host.advance(10.54)
    assert host.referee.state.slap.hits == [0]
    press(host, clock, there, 1, arrival=10.56, stamp=10.53)
    host.advance(10.57)
    assert host.referee.state.slap.hits == [0, 1]


def test_a_remote_computer_pings_often_while_a_race_runs():
    host, clock, here, there = make_host()
    far = Clock()
    client = SeatClient(there, far, wall=far)
    assert client.pinged == far.t  # the host's time is asked as soon as the door opens
    far.t += timeline.PING_RACE
    assert not client.ping_due()  # no race: once a second
    slap_open_at(host, clock, there)
    client.pump()  # the race is seen, and the host's time asked again at once
    assert client.pinged == far.t and not client.ping_due()
    far.t += timeline.PING_RACE
    assert client.ping_due()
    client.pump()
    assert client.pinged == far.t and not client.ping_due()


def test_a_spite_claimed_out_of_turn_from_another_computer_beats_a_later_move_here():
    """Spite & Malice: seat 0 (here) builds a 2, which gives seat 1 (at another computer)
    a Spite out of turn while the table pauses for it. Seat 1 spites first (10.30, arriving
    10.42); seat 0's next build, made at 10.35, comes after it: its hand was dumped."""
    hands = ["2 3 9 10", "WS-DUMP 11 12 12"]
    deck = stacked_deck([STACK0, STACK1], hands, "1")
    state = registry.get("spite-malice").new_game(2, 0, {"stack": 5, "spite": True}, deck=deck)
    referee = Referee(state, [None, None], deck=deck, out_of_turn_pause=2.0)
    clock = Clock()
    host = MatchHost(referee, ["You", "Far"], ["human"] * 2, clock)
    here = LocalDoor(host, (0,), 0).open()
    there = RemoteDoor(host, (1,), 1).open()
    delays_seen(host, there, 0.1)
    clock.t = 10.0
    here.send(move(0, build_code(hand_source("2"), 1)))
    host.advance(10.0)
    assert host.racing() and referee.pause_left(10.0) == pytest.approx(2.0)
    press_at = [(there, 1, spite_code("DUMP", 0), 10.42, 10.30)]
    press_at.append((here, 0, build_code(hand_source("3"), 1), 10.35, None))
    for door, seat, code, arrival, stamp in sorted(press_at, key=lambda p: p[3]):
        clock.t = arrival
        door.send(move(seat, code, stamp))
    run_to(host, clock, 10.7)
    assert state.history[-1] == (1, spite_code("DUMP", 0))
    assert state.hands[0] == []
    refusals = [m for m in here.receive() if m["type"] == "refused"]
    assert refusals and refusals[-1]["code"] == build_code(hand_source("3"), 1)


# -- who drops out, and the record ----------------------------------------------------------


def test_a_dropped_players_claim_that_arrived_before_the_drop_still_counts_in_its_place():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    slap_open_at(host, clock, there)
    press(host, clock, here, 0, arrival=10.50)
    press(host, clock, there, 1, arrival=10.55, stamp=10.45)
    clock.t = 10.56
    there.close()  # the connection drops before the line reaches either press
    assert host.lag() == 0.0  # nobody left to wait for
    host.advance(10.57)
    assert host.referee.state.slap.hits == [1, 0]
    press(host, clock, there, 1, arrival=10.58, stamp=10.40)  # after the drop: never arrives
    host.advance(10.6)
    assert host.referee.state.slap.hits == [1, 0] and not host.claims


def test_a_replay_judges_exactly_as_the_live_game_did():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.1)
    slap_open_at(host, clock, there)
    press(host, clock, here, 2, arrival=10.30)
    press(host, clock, here, 0, arrival=10.50)
    press(host, clock, there, 1, arrival=10.55, stamp=10.45)
    run_to(host, clock, 11.0)
    live = host.referee.state
    assert live.window is None
    record = MatchRecord.from_dict(host.referee.record().to_dict())
    assert record.actions[-3:] == [(2, "hit"), (1, "hit"), (0, "hit")]
    again = registry.replay(record)
    assert again.history == live.history
    assert again.observation(None) == live.observation(None)
    assert [len(hand) for hand in again.hands] == [len(hand) for hand in live.hands]


# -- slow connections ---------------------------------------------------------------------


def test_the_race_waits_for_the_slowest_connection_no_longer_than_the_fair_limit():
    host, clock, here, there = make_host()
    assert host.lag() == timeline.UNKNOWN  # nothing heard yet: the assumed bound
    delays_seen(host, there, 0.1)
    assert host.lag() == pytest.approx(0.12)
    delays_seen(host, there, 0.9, times=32)
    assert host.lag() == timeline.FAIR_LIMIT


def test_a_player_too_slow_to_race_fairly_is_told_so():
    host, clock, here, there = make_host()
    delays_seen(host, there, 0.4, times=32)
    slap_open_at(host, clock, there)
    client = SeatClient(there, clock)
    assert client.too_slow.startswith("Your connection is too slow to race fairly: ")
    assert "420 ms" in client.too_slow and "250 ms" in client.too_slow
    assert SeatClient(here, clock).too_slow == ""


def test_a_handicap_counts_a_slow_players_presses_later_and_holds_the_table_less():
    host, clock, here, there = make_host(handicaps={1: 0.1})
    delays_seen(host, there, 0.3, times=32)
    assert host.lag() == pytest.approx(timeline.FAIR_LIMIT - 0.1)
    slap_open_at(host, clock, there)
    press(host, clock, there, 1, arrival=10.70, stamp=10.45)  # counts at 10.55
    press(host, clock, here, 0, arrival=10.50)
    run_to(host, clock, 11.0)
    assert host.referee.state.slap.hits == [0, 1]


def test_a_seat_that_does_not_race_counts_from_arrival_and_holds_nobody():
    host, clock, here, there = make_host(handicaps={1: None})
    delays_seen(host, there, 0.1)
    assert host.lag() == 0.0
    slap_open_at(host, clock, there)
    press(host, clock, there, 1, arrival=10.55, stamp=10.30)
    press(host, clock, here, 0, arrival=10.50)
    run_to(host, clock, 10.8)
    assert host.referee.state.slap.hits == [0, 1]
    assert SeatClient(there, clock).too_slow == ""


# -- the messages -------------------------------------------------------------------------


def test_a_ping_is_answered_with_the_hosts_clock_and_teaches_the_client_the_offset():
    host, clock, here, there = make_host()
    far = Clock()
    far.t = -500.0  # the remote computer's clock is 500 s behind the host's
    client = SeatClient(there, far, wall=far)
    clock.t = 3.0
    client.ping()
    assert client.timeline.offset == pytest.approx(503.0)
    far.t = -499.0
    client.ping()  # now stamped: the host notes how long it took (nothing: 0)
    assert host.delays[id(there)].delays[-1] == pytest.approx(0.0)
    far.t, clock.t = -490.0, 13.0
    client.move(1, "play HIT-HAND")
    assert host.referee.state.window is not None  # stamped 13.0 on the host's clock
    assert host.referee.state.history[-1] == (1, "play HIT-HAND")


@pytest.mark.parametrize(
    ("message", "why"),
    [
        ({"v": protocol.VERSION, "type": "ping"}, "t0"),
        ({"v": protocol.VERSION, "type": "ping", "t0": "soon"}, "t0"),
        ({"v": protocol.VERSION, "type": "ping", "t0": 1.0, "stamp": float("inf")}, "stamp"),
        ({"v": protocol.VERSION, "type": "pong", "t0": 1.0, "t1": 2.0}, "t2"),
    ],
)
def test_a_bad_clock_message_is_refused_with_the_reason(message, why):
    with pytest.raises(protocol.BadMessage) as refusal:
        protocol.check(message)
    assert why in str(refusal.value)


def test_clock_messages_survive_json_and_go_the_right_way():
    ping = protocol.ping(1.5, 1003.25)
    assert protocol.from_json(protocol.to_json(ping), protocol.UP) == ping
    pong = protocol.pong(1.5, 1003.3, 1003.31)
    assert protocol.from_json(protocol.to_json(pong), protocol.DOWN) == pong
    with pytest.raises(protocol.BadMessage):
        protocol.check(pong, protocol.UP)


class Sent:
    """A door that keeps what is sent and brings nothing."""

    def __init__(self) -> None:
        self.sent: list[dict] = []

    def send(self, message) -> None:
        self.sent.append(message)

    def receive(self) -> list:
        return []


def test_a_computers_stamps_never_go_back_when_its_estimate_does():
    far = Clock()
    door = Sent()
    client = SeatClient(door, far, wall=far)
    client.timeline.sample(0.0, 100.05, 100.05, 0.1)  # offset 100.0
    far.t = 1.0
    client.move(1, "hit")
    client.timeline.sample(1.0, 100.98, 100.98, 1.0)  # a faster trip: offset 99.99
    client.ping()
    (press,) = [m for m in door.sent if m["type"] == "move"]
    assert press["stamp"] == pytest.approx(101.0)
    assert door.sent[-1]["type"] == "ping"
    assert door.sent[-1]["stamp"] == pytest.approx(101.0)  # not 100.99: never back
    stamps = [m["stamp"] for m in door.sent if m["stamp"] is not None]
    assert stamps == sorted(stamps)


def test_a_stamp_on_the_computers_clock_lands_on_the_still_clock_the_referee_runs_on():
    """The host's table runs its referee on a still clock that stands while the table
    animates; pings are answered, and stamps made, on the computer's own clock."""
    from cardtable.play.host import WallMap

    walls = WallMap()
    for wall, still in [(100.0, 5.0), (101.0, 6.0), (102.0, 6.0), (103.0, 7.0)]:
        walls.seen(wall, still)  # the table animated from 101 to 102: the clock stood
    assert walls.to_now(100.5) == pytest.approx(5.5)
    assert walls.to_now(101.5) == pytest.approx(6.0)  # made while the clock stood
    assert walls.to_now(102.5) == pytest.approx(6.5)
    assert walls.to_now(103.2) == pytest.approx(7.2)  # since the last pair: as the wall runs
    assert walls.to_now(99.0) == pytest.approx(4.0)
