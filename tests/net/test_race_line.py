"""Races across computers on the host's time line (issue 31 carried by issue 30's
network): a computer that asks the host's time learns it, its presses are stamped on it
and the host's races wait for them; a client that never asks (a script, an older app)
has its presses counted when they arrive and holds no race up.
"""

from __future__ import annotations

from netplay import Clock, Remote, make_room, wait_until

from cardtable.play import protocol


def test_a_computer_that_asks_the_hosts_time_races_on_its_line_one_that_does_not_does_not(
    server,
):
    clock = Clock()
    clock.now = 50.0
    room = server.add(make_room("hit-the-deck", 3, clock))
    own = Clock()  # the joiner's computer: its clock set 1,000 s off the host's
    own.now = 1050.0
    timed = Remote(server, room, 0, clock, wall=own)
    plain = Remote(server, room, 2, clock)
    try:
        wait_until(lambda: timed.caught_up() and plain.caught_up(), "both seats taken")
        wait_until(
            lambda: timed.caught_up() and timed.client.timeline.ready, "the host's time learnt"
        )
        assert timed.connection().remote and not plain.connection().remote
        assert room.host.judged  # races are judged on the line: one computer stamps
        assert timed.client.host_time(1051.0) == 51.0  # its clock put on the host's
    finally:
        timed.close()
        plain.close()


def test_a_press_from_a_computer_on_the_line_goes_up_stamped_in_the_hosts_time(server):
    clock = Clock()
    room = server.add(make_room("hit-the-deck", 3, clock))
    own = Clock()
    own.now = -20.0
    timed = Remote(server, room, 0, clock, wall=own)
    try:
        wait_until(
            lambda: timed.caught_up() and timed.client.timeline.ready, "the host's time learnt"
        )
        sent: list[dict] = []
        send = timed.door.send
        timed.door.send = lambda message: sent.append(message) or send(message)
        own.now = -19.5
        code = timed.client.legal(0)[0] if timed.client.legal(0) else "hit"
        timed.client.move(0, code)
        (press,) = [m for m in sent if m["type"] == "move"]
        assert press["stamp"] == 0.5  # made at -19.5 here: 0.5 on the host's clock
        assert protocol.check(press, protocol.UP) == press
    finally:
        timed.close()
