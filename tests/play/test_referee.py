"""The referee: one match runner for ``cardtable sim`` and the table.

Its seeded bot matches are golden games (``tests/golden``, with those the old headless
driver played: the same seeds give the same games). Here: it keeps time on the clock it is
handed (pacing, windows, out-of-turn moves and the pause for a local human), lets a bot in
a window choose, never blocks on a thinking bot, and keeps a match going when a bot fails.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from cardtable.engine import (
    Action,
    GameState,
    IllegalAction,
    MatchRecord,
    Result,
    Rng,
    Window,
    Zone,
)
from cardtable.games import registry
from cardtable.play import InlineExecutor, MatchTooLong, Referee, make_bots
from cardtable.strategy import Bot, RandomBot


def test_the_record_replays_to_the_same_game():
    state = registry.get("hit-the-deck").new_game(3, seed=1)
    ref = Referee(state, make_bots("hit-the-deck", ["easy"] * 3, 1), ["easy"] * 3)
    ref.run()
    record = MatchRecord.from_json(ref.record().to_json())
    assert record.seats == ["easy"] * 3
    assert any(seat == -1 for seat, _code in record.actions)  # windows are in the record
    replayed = registry.replay(record)
    assert replayed.history == state.history
    assert replayed.result == state.result


def test_a_match_past_its_bound_stops_with_one_line_naming_game_seed_and_bound():
    state = registry.get("mean").new_game(4, seed="long")
    with pytest.raises(MatchTooLong) as stopped:
        Referee(state, make_bots("mean", ["easy"] * 4, 1)).run(max_steps=5)
    message = str(stopped.value)
    assert "\n" not in message
    assert "mean" in message and "'long'" in message and "5 steps" in message


class Passer(RandomBot):
    """Ends its turn whenever it may: a table of these passes round for ever."""

    def choose(self, view):
        ends = [action for action in view.legal_actions if action.code == "end"]
        return ends[0] if ends else super().choose(view)


def test_bots_that_pass_round_for_ever_stop_at_the_bound_and_do_not_hang():
    # Found with Spite & Malice: bots that answered at once played the whole match inside
    # one call of ``advance``, which never looked at the bound, so the run never returned.
    state = registry.get("spite-malice").new_game(2, seed="stuck")
    bots = [Passer(Rng(seat)) for seat in range(2)]
    with pytest.raises(MatchTooLong, match="500 steps"):
        Referee(state, bots).run(max_steps=500)
    assert len(state.history) <= 501


def test_spite_and_malice_bots_build_rather_than_pass_round_once_draws_have_stopped():
    # Seed 1/21 of `sim spite-malice --seats hard,random,random,random --seed 1`: with the
    # Draw and Discard Piles empty and every hand empty, hard (and medium) passed with a
    # build in reach while nobody else could move, for ever.
    state = registry.get("spite-malice").new_game(4, seed="1/21")
    seats = ["hard", "random", "random", "random"]
    Referee(state, make_bots("spite-malice", seats, "1/21"), seats).run(max_steps=20_000)
    assert state.is_over


# -- a bot that fails -------------------------------------------------------------------


class Broken(RandomBot):
    def choose(self, view):
        raise ValueError("bug in the bot")


class Cheat(RandomBot):
    def choose(self, view):
        return Action("play the ace of spades")


@pytest.mark.parametrize("bad", [Broken, Cheat])
def test_a_failing_bot_is_replaced_by_a_random_legal_move_and_the_game_goes_on(bad, capsys):
    from cardtable.engine import Rng

    state = registry.get("what-the-heck").new_game(3, seed=2)
    bots = make_bots("what-the-heck", ["easy", "easy"], 2) + [bad(Rng("bad"))]
    Referee(state, bots).run()
    assert state.is_over
    assert any(seat == 2 for seat, _ in state.history)
    assert "the bot at seat 2 failed" in capsys.readouterr().err


# -- time: pacing, a thinking bot, the out-of-turn pause --------------------------------


def test_with_pace_a_bots_move_lands_no_sooner_than_its_think_time():
    state = registry.get("mean").new_game(2, seed=3)
    bots = make_bots("mean", ["easy", "easy"], 3)
    ref = Referee(state, bots, pace=True)
    think = bots[state.to_act[0]].think_time()
    assert ref.advance(10.0) == []  # asked at 10.0
    assert ref.next_due() == pytest.approx(10.0 + think)
    assert ref.advance(10.0 + think / 2) == []
    assert state.history == []
    assert ref.advance(10.0 + think) != []
    assert len(state.history) == 1


class Waiting(RandomBot):
    """A bot that thinks until the test lets it answer."""

    def __init__(self, rng):
        super().__init__(rng)
        self.go = threading.Event()

    def choose(self, view):
        assert self.go.wait(10)
        return super().choose(view)


def test_advance_never_blocks_on_a_bot_thinking_on_another_thread():
    from cardtable.engine import Rng

    state = registry.get("mean").new_game(2, seed=5)
    bots = [Waiting(Rng("w0")), Waiting(Rng("w1"))]
    with ThreadPoolExecutor(max_workers=1) as pool:
        ref = Referee(state, bots, executor=pool)
        assert ref.advance(0.0) == []  # asked, and back at once
        assert ref.advance(0.5) == []
        assert state.history == []
        seat = state.to_act[0]
        bots[seat].go.set()
        now = 1.0
        while not state.history and now < 1000:  # the table's frames, until the move lands
            ref.advance(now)
            now += 1.0
            time.sleep(0.005)
        assert state.history[0][0] == seat
        for bot in bots:
            bot.go.set()


def human_between_bots():
    """Hit the Deck at three: a local human, who may always hit the deck out of turn."""
    state = registry.get("hit-the-deck").new_game(3, seed=8)
    human = (state.to_act[0] + 2) % 3
    bots: list[Bot | None] = make_bots("hit-the-deck", ["medium"] * 3, 8)
    bots[human] = None
    return state, human, bots


def test_after_a_move_that_gives_a_human_an_out_of_turn_move_the_bots_pause():
    state, human, bots = human_between_bots()
    ref = Referee(state, bots, out_of_turn_pause=2.0)
    assert ref.advance(0.0) != []  # the first bot plays at once: no move before it
    assert human in ref.out_of_turn_humans()
    assert state.window is None and ref.humans_to_act() == ()  # the next bot waits
    assert ref.pause_left(0.5) == pytest.approx(1.5)
    assert ref.next_due() == pytest.approx(2.0)
    assert ref.advance(1.9) == []
    assert len(state.history) == 1
    assert ref.advance(2.0) != []
    assert len(state.history) == 2


def test_a_human_who_declines_ends_the_pause():
    state, human, bots = human_between_bots()
    ref = Referee(state, bots, out_of_turn_pause=5.0)
    ref.advance(0.0)
    assert ref.pause_left(1.0) == pytest.approx(4.0)
    ref.decline(human, 1.0)
    assert ref.pause_left(1.0) == 0.0
    assert ref.next_due() == pytest.approx(1.0)


def test_a_human_move_is_applied_at_once_and_a_refused_one_changes_nothing():
    state, human, bots = human_between_bots()
    ref = Referee(state, bots)
    before = state.observation(human)
    with pytest.raises(IllegalAction) as refused:
        ref.submit(human, "play R99", 0.0)
    assert refused.value.reason
    assert state.observation(human) == before and state.history == []
    with pytest.raises(IllegalAction):
        ref.submit((human + 1) % 3, "hit", 0.0)  # a bot's seat is not the human's to play
    events = ref.submit(human, "hit", 0.0)  # a fake-out, out of turn
    assert state.history == [(human, "hit")] and events


# -- windows ----------------------------------------------------------------------------


class GrabState(GameState):
    """A made-up timed step: while the window is open each seat may grab or wait, once."""

    game_id = "grab"

    def __init__(self) -> None:
        super().__init__(2, 0, {})
        self.choices: dict[int, str] = {}
        self.closed = False

    @classmethod
    def full_deck(cls, players: int, options: dict[str, Any]) -> list[str]:
        return []

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.closed else tuple(s for s in range(2) if s not in self.choices)

    def legal_actions(self, seat: int) -> list[Action]:
        if self.closed or seat in self.choices:
            return []
        return [Action("wait"), Action("grab")]

    def _apply(self, seat: int, action: Action) -> list:
        self.choices[seat] = action.code
        return []

    def zones(self) -> dict[str, Zone]:
        return {}

    @property
    def is_over(self) -> bool:
        return self.closed

    @property
    def result(self) -> Result | None:
        return Result.from_scores([0, 0]) if self.closed else None

    @property
    def window(self) -> Window | None:
        return None if self.closed else Window("grab", 3.0, (0, 1), id=1)

    def _close_window(self) -> list:
        self.closed = True
        return []


class Grabber(Bot):
    def choose(self, view):
        return Action("grab")

    def reaction_delay(self, view):
        return 0.5


def test_a_bot_in_a_window_chooses_among_the_legal_moves_at_its_delay():
    from cardtable.engine import Rng

    state = GrabState()
    ref = Referee(state, [Grabber(Rng(0)), None], executor=InlineExecutor())
    assert ref.advance(7.0) == []  # the window opens: its clock starts now
    assert ref.window_open_at == 7.0
    assert ref.next_due() == pytest.approx(7.5)
    ref.advance(7.4)
    assert state.choices == {}
    ref.advance(7.5)
    assert state.choices == {0: "grab"}  # its choice, not the first legal move ("wait")
    assert ref.next_due() == pytest.approx(10.0)
    ref.advance(10.0)
    assert state.is_over and state.history[-1] == (-1, "close")


class Jumpy(RandomBot):
    """A bot whose quick answers fail: its reaction delay and its out-of-turn move."""

    def reaction_delay(self, view):
        raise RuntimeError("no reflexes")

    def out_of_turn(self, view):
        raise RuntimeError("no opinion")


def test_a_bot_whose_quick_answers_fail_makes_no_move_and_the_match_goes_on(capsys):
    from cardtable.engine import Rng

    state = registry.get("hit-the-deck").new_game(3, seed=6, options={"target": 30})
    bots = make_bots("hit-the-deck", ["medium", "medium"], 6) + [Jumpy(Rng("j"))]
    Referee(state, bots).run()
    assert state.is_over
    assert (-1, "close") in state.history  # slap rounds opened and closed
    assert "the bot at seat 2 failed" in capsys.readouterr().err


def test_a_bot_move_for_a_state_that_changed_meanwhile_is_dropped_and_the_bot_asked_again():
    from cardtable.engine import Rng

    state = registry.get("hit-the-deck").new_game(3, seed=8)
    turn = state.to_act[0]
    human = (turn + 1) % 3
    asked = []

    class Counting(Waiting):
        def choose(self, view):
            asked.append(len(view.observation["hand"]))
            return super().choose(view)

    bots: list[Bot | None] = [Counting(Rng(f"c{seat}")) for seat in range(3)]
    bots[human] = None
    with ThreadPoolExecutor(max_workers=1) as pool:
        ref = Referee(state, bots, executor=pool)
        ref.advance(0.0)  # the bot to act starts thinking
        ref.submit(human, "hit", 0.1)  # a fake-out while it thinks: the state changes
        bots[turn].go.set()
        now = 0.2
        while len(state.history) < 2 and now < 500:
            ref.advance(now)
            now += 0.1
            time.sleep(0.005)
        for bot in bots:
            if bot is not None:
                bot.go.set()
    assert state.history[0] == (human, "hit")
    assert state.history[1][0] == turn
    assert len(asked) == 2  # asked again after the change, and only the second answer counts


def test_a_searching_bot_that_fails_is_replaced_by_its_quick_choice(capsys):
    from cardtable.engine import Rng
    from cardtable.strategy.what_the_heck import HardBot

    class BrokenSearch(HardBot):
        def choose(self, view):
            raise ValueError("bug in the search")

        def fallback(self, view):
            return view.legal_actions[-1]  # its highest card

    state = registry.get("what-the-heck").new_game(2, seed=2)
    bots = [BrokenSearch(Rng("broken")), make_bots("what-the-heck", ["easy"], 2)[0]]
    highest = state.legal_actions(0)[-1].code
    Referee(state, bots).run()
    assert state.is_over
    assert [code for seat, code in state.history if seat == 0][0] == highest
    err = capsys.readouterr().err
    assert "its quick choice" in err and "a random move" not in err
