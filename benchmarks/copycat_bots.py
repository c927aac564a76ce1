"""Copy Cat bot benchmarks: win shares, the hard bot's decision times, how true its worlds are.

``strength SEATS NAME GAMES [FIRST]``: plays games 0, 1, 2 ... (or FIRST, FIRST + 1 ...)
of exactly the matches that ``cardtable sim copycat --players 4 --seats SEATS --seed 1
--games GAMES`` plays (same seeds, same bots) and rewrites
``benchmarks/results/copycat-NAME.json`` every 50 games, so an interrupted run still says
how many matches it finished and what they gave; runs from different FIRST games add up.

``timing MATCHES``: plays MATCHES seeded four-player matches of hard against three
mediums and times every decision of the hard bot and of a medium bot asked the same
positions (the baseline, in the same process): p50, p95 and max, and their ratio, on the
wall clock and in CPU time (what the other processes on a busy machine cannot inflate).

``reading MATCHES``: how true the hard bot's worlds are. In MATCHES seeded all-medium
matches, at every position where the player to act may declare Meow, the chance of being
strictly lowest that 40 worlds give, dealt three ways: blind (the unseen cards at random),
with what a draw instead of a copy says a hand lacks, and read (``deal_read``: also each
player's last play read as a medium player's). Prints each one's Brier error against the
true hands and how often positions given a chance in each fifth were truly lowest.

``last-game POSITIONS PLAYER[,PLAYER...] [FIRST]``: a paired test of seat 0's player where
the match is decided. POSITIONS seeded all-medium matches (seeds ``last-game/N`` from N =
FIRST, 0 unless given) are played to the start of their last game; from each, the last
game is played again with each PLAYER in seat 0 (three mediums, the same seeds):
``medium``, hard searching that many rounds (``160``), or any of ``decisions``' players.
Prints seat 0's match win share per player and each one's paired difference from the
first, with its 95% interval: the same deal and the same opponents' generators, so only
seat 0's choices differ.

``decisions MATCHES PLAYER[,PLAYER...]``: a paired test of the hard bot's original plays
alone, far less noisy than whole matches. In MATCHES seeded all-medium matches, every
position where seat 0 leads and hard would search (it is not emptying its hand) is kept;
each PLAYER chooses there (``medium``; ``hard``; ``hard-main``: hard as it was before
the sift dealt more worlds while close; ``hard-meow:F``: hard whose roll-outs declare
Meow at F of their estimate (``compact_meow_chance``) instead of ``ROLLOUT_MEOW``;
``hard:N``: hard with N rounds; ``hard-most:N``:
hard whose sift deals at most N worlds while its best two are close, 48 for none;
``hard-x:F``: hard whose tree explores with F instead of 0.12), and each move chosen is
scored by roll-outs on the true hands, everyone playing medium's way, the
deck reshuffled 32 times: seat 0's lead (coins gained in the game less the others'
average) after that move. Prints each player's mean lead a decision, the paired
difference from the first player with its 95% interval, and the best any move gives (what
a player seeing every hand could reach).

``coins MATCHES PLAYER[,PLAYER...] [FIRST]``: where seat 0's coins come from and go. Each
PLAYER (any of ``decisions``') plays seat 0 of the same MATCHES seeded matches against
three mediums (seeds ``coins/N`` from N = FIRST, 0 unless given; not the ``sim``
command's); every move that moves coins is sorted by its kind and who made it, and each
kind's effect on seat 0's lead (its coins less the others' average) is summed. Prints each
kind's lead per match for each player side by side, with the whole lead, the win share,
and seat 0's mean hand total when another player ends a game by Meow or a deck-out, then
each player's paired difference from the first in seat 0's lead per match, with its 95%
interval. A copy that empties the copier's hand counts whole as Pattern A.

``answers MATCHES PLAYER[,PLAYER...]``: the same test at the positions where seat 0 may
copy the original play (copy with every card, with fewer, or draw), scored the same way:
how far copying with every card (medium's answer and hard's) is from the best answer.

Run from the repository root (PYTHONPATH=. so that this checkout is the one imported):
    PYTHONPATH=. python benchmarks/copycat_bots.py strength \
        hard,medium,medium,medium hard-vs-medium 2000
    PYTHONPATH=. python benchmarks/copycat_bots.py timing 40
    PYTHONPATH=. python benchmarks/copycat_bots.py reading 40
    PYTHONPATH=. python benchmarks/copycat_bots.py last-game 1000 medium,160,400
    PYTHONPATH=. python benchmarks/copycat_bots.py decisions 200 hard-main,hard
    PYTHONPATH=. python benchmarks/copycat_bots.py answers 100 medium,hard
    PYTHONPATH=. python benchmarks/copycat_bots.py coins 200 medium,hard
    PYTHONPATH=. python benchmarks/copycat_bots.py coins 300 hard,hard-meow:0.655
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from pathlib import Path

from cardtable.cli import _one_game
from cardtable.engine import Rng
from cardtable.games import registry
from cardtable.games.copycat.vocabulary import card_value, parse
from cardtable.strategy import copycat as copycat_bots
from cardtable.strategy import make_bot, make_bots, view_for
from cardtable.ui.launch import Launch

RESULTS = Path(__file__).parent / "results"


def summary(seats: list[str], outcomes: list[tuple[list[float], list[int]]]) -> dict:
    games = len(outcomes)
    rows = []
    for seat, level in enumerate(seats):
        wins = sum(outcome[0][seat] for outcome in outcomes)
        share = wins / games
        half = 1.96 * math.sqrt(share * (1 - share) / games)
        rows.append(
            {
                "seat": seat,
                "bot": level,
                "wins": round(wins, 3),
                "win_share": round(share, 4),
                "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
                "mean_score": round(sum(o[1][seat] for o in outcomes) / games, 2),
            }
        )
    return {"game": "copycat", "players": 4, "games": games, "seed": 1, "seats": rows}


def paired(new: list[float], old: list[float]) -> tuple[float, float]:
    """The mean of ``new`` less ``old``, pair by pair, and its 95% half-width."""
    diffs = [a - b for a, b in zip(new, old, strict=True)]
    count = len(diffs)
    mean = sum(diffs) / count
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, count - 1))
    return mean, 1.96 * spread / math.sqrt(count)


def strength(seats_text: str, name: str, games: int, first: int = 0) -> None:
    seats = seats_text.split(",")
    launch = Launch("copycat", 4, tuple(seats), 1, {})
    outcomes = []
    started = time.time()
    for index in range(first, first + games):
        outcomes.append(_one_game((launch, index, False)))
        if len(outcomes) % 50 == 0 or len(outcomes) == games:
            result = summary(seats, outcomes)
            result["first_game"] = first
            result["seconds"] = round(time.time() - started)
            RESULTS.mkdir(exist_ok=True)
            (RESULTS / f"copycat-{name}.json").write_text(json.dumps(result, indent=1) + "\n")
            seat0 = result["seats"][0]
            print(
                f"{len(outcomes)} games from game {first}: seat 0 ({seat0['bot']}) "
                f"{seat0['win_share']:.1%} ({seat0['ci95'][0]:.1%}-{seat0['ci95'][1]:.1%})",
                flush=True,
            )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def timing(matches: int) -> None:
    info = registry.get("copycat")
    seats = ["hard", "medium", "medium", "medium"]
    hard_times: list[float] = []
    medium_times: list[float] = []
    hard_cpu: list[float] = []
    medium_cpu: list[float] = []
    for match in range(matches):
        seed = f"timing/{match}"
        state = info.new_game(4, seed)
        bots = make_bots("copycat", seats, seed)
        baseline = make_bot("copycat", "medium", Rng(f"baseline/{match}"))
        while not state.is_over:
            seat = state.to_act[0]
            view = view_for(state, seat)
            if seat == 0 and len(view.legal_actions) > 1:
                start, cpu = time.perf_counter(), time.process_time()
                action = bots[0].choose(view)
                hard_times.append(time.perf_counter() - start)
                hard_cpu.append(time.process_time() - cpu)
                start, cpu = time.perf_counter(), time.process_time()
                baseline.choose(view)
                medium_times.append(time.perf_counter() - start)
                medium_cpu.append(time.process_time() - cpu)
            else:
                action = bots[seat].choose(view)
            state.apply(seat, action)
    print(f"{matches} matches, {len(hard_times)} hard decisions with a choice")
    for label, values in (
        ("hard", hard_times),
        ("medium", medium_times),
        ("hard cpu", hard_cpu),
        ("medium cpu", medium_cpu),
    ):
        print(
            f"{label:>10}: p50 {percentile(values, 0.5) * 1000:6.1f} ms  "
            f"p95 {percentile(values, 0.95) * 1000:6.1f} ms  max {max(values) * 1000:6.1f} ms"
        )
    ratios = [h / m for h, m in zip(hard_times, medium_times, strict=True)]
    print(
        f" ratio hard/medium per decision: p50 {percentile(ratios, 0.5):.0f}x  "
        f"p95 {percentile(ratios, 0.95):.0f}x"
    )


def strictly_lowest(hands: list[list[int]], seat: int) -> bool:
    mine = sum(copycat_bots.VALUE[c] for c in hands[seat])
    return all(
        sum(copycat_bots.VALUE[c] for c in hand) > mine
        for other, hand in enumerate(hands)
        if other != seat
    )


def medium_positions(prefix: str, matches: int):
    """Every position of MATCHES seeded all-medium matches (seeds ``PREFIX/N``), as
    ``(state, seat to act)``, before medium's move is made there."""
    info = registry.get("copycat")
    for match in range(matches):
        seed = f"{prefix}/{match}"
        state = info.new_game(4, seed)
        bots = make_bots("copycat", ["medium"] * 4, seed)
        while not state.is_over:
            seat = state.to_act[0]
            yield state, seat
            state.apply(seat, bots[seat].choose(view_for(state, seat)))


def reading(matches: int, worlds: int = 40) -> None:
    rnd = random.Random(5)
    judged: dict[str, list[tuple[float, bool]]] = {"blind": [], "lacking": [], "read": []}
    for state, seat in medium_positions("reading", matches):
        if state.may_meow(seat):
            known = copycat_bots.Knowledge(state.observation(seat), seat)
            lacking = known.lacking()
            blind = {s: [frozenset()] * len(slots) for s, slots in lacking.items()}
            read = copycat_bots.last_plays(known, 5)
            hands = [[copycat_bots.INDEX[card] for card in hand] for hand in state.hands]
            truth = strictly_lowest(hands, seat)
            for name, lacks, plays in (
                ("blind", blind, {}),
                ("lacking", lacking, {}),
                ("read", lacking, read),
            ):
                steps = copycat_bots.HardBot.steps
                lowest = sum(
                    strictly_lowest(
                        copycat_bots.deal_read(known, lacks, plays, rnd, steps)[0], seat
                    )
                    for _ in range(worlds)
                )
                judged[name].append((lowest / worlds, truth))
    print(f"{matches} all-medium matches, {len(judged['read'])} positions where Meow was open")
    for name, pairs in judged.items():
        brier = sum((p - t) ** 2 for p, t in pairs) / len(pairs)
        fifths: dict[int, list[bool]] = {}
        for p, t in pairs:
            fifths.setdefault(min(4, int(p * 5)), []).append(t)
        shown = "  ".join(
            f"{f / 5:.1f}+: {sum(ts) / len(ts):.2f} of {len(ts)}"
            for f, ts in sorted(fifths.items())
        )
        print(f"{name:>8}: Brier {brier:.4f}  truly lowest by chance given: {shown}")


def play_on(state, bots, until_game: int) -> None:
    """Play ``state`` with ``bots`` until game ``until_game`` (counted from 0) starts or the
    match is over."""
    while not state.is_over and state.game_index < until_game:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].choose(view_for(state, seat)))


def last_game(positions: int, counts: list[str], first_position: int = 0) -> None:
    info = registry.get("copycat")
    wins: dict[str, list[float]] = {count: [] for count in counts}
    for index in range(first_position, first_position + positions):
        seed = f"last-game/{index}"
        start = info.new_game(4, seed)
        last = start.total_games() - 1
        play_on(start, make_bots("copycat", ["medium"] * 4, seed), last)
        for count in counts:
            state = start.copy()
            bots = make_bots("copycat", ["medium"] * 4, f"{seed}/last")
            rng = Rng(f"bot/{seed}/last/0/hard")  # seat 0's, as make_bots would seed a hard
            if count.isdigit():  # as before: every search of that many rounds (make_bot's)
                bots[0] = make_bot("copycat", "hard", rng, rounds=int(count))
            elif count != "medium":
                bots[0] = decision_bot(count, index, rng)
            play_on(state, bots, last + 1)
            winners = state.result.winners
            wins[count].append(1.0 / len(winners) if 0 in winners else 0.0)
    first = counts[0]
    print(f"{positions} last games from all-medium matches, each player in seat 0")
    for count in counts:
        share = sum(wins[count]) / positions
        name = f"hard, {count} rounds" if count.isdigit() else count
        line = f"{name:>18}: seat 0 wins {share:.1%} of the matches"
        if count != first:
            mean, half = paired(wins[count], wins[first])
            changed = sum(1 for a, b in zip(wins[count], wins[first], strict=True) if a != b)
            line += f"; against {first}: {mean:+.1%} (+-{half:.1%}), {changed} outcomes changed"
        print(line, flush=True)


def lead_positions(matches: int, answering: bool = False) -> list:
    """The positions of ``decisions``: seat 0 leads and hard would search (``answering``:
    seat 0 may copy the original play)."""
    kept = []
    for state, seat in medium_positions("decide", matches):
        view = view_for(state, seat)
        if answering:
            codes = [action.code for action in view.legal_actions]
            if seat == 0 and any(code.startswith("copy") for code in codes):
                kept.append(state.copy())
            continue
        if seat == 0 and state.phase == "play" and len(view.legal_actions) > 1:
            known = copycat_bots.Knowledge(view.observation, 0)
            plays = [(a, m) for a, m in copycat_bots.moves_of(view) if m.kind == "play"]
            best = max(
                plays,
                key=lambda am: copycat_bots.medium_play_score(known, am[1].cards, am[1].number),
            )
            if len(best[1].cards) != len(known.hand):
                kept.append(state.copy())
    return kept


def true_lead(state, code: str, index: int, shuffles: int = 32) -> float:
    """Seat 0's mean lead after ``code`` on the true hands, the deck reshuffled."""
    cc = copycat_bots
    total = 0.0
    for shuffle in range(shuffles):
        rnd = random.Random(f"{index}/{shuffle}")
        deck = [cc.INDEX[card] for card in state.draw_pile]
        rnd.shuffle(deck)
        deltas = cc.play_out(
            [[cc.INDEX[card] for card in hand] for hand in state.hands],
            deck,
            cc.make_public(state.field + state.discards),
            cc.ANSWER if state.phase == "answer" else cc.PLAY,
            0,
            -1 if state.original is None else state.original,
            state.number or 0,
            state.drew,
            state.direction,
            -1,
            cc.first_move(code),
            rnd,
            0.0,
        )
        total += cc.lead_of(deltas, 0)
    return total / shuffles


def decision_bot(player: str, index: int, rng: Rng | None = None):
    rng = rng or Rng(f"pick/{index}")
    if player == "medium":
        return copycat_bots.MediumBot(rng)
    bot = copycat_bots.HardBot(rng)
    if player.startswith("hard:"):
        bot.rounds = int(player[5:])
    elif player == "hard-main":
        bot.sift_most, bot.sift_prior = 0, False
    elif player.startswith("hard-meow:"):
        bot.rollout_meow = float(player[10:])
    elif player.startswith("hard-most:"):
        bot.sift_most = int(player[10:])
    elif player.startswith("hard-x:"):
        bot.exploration = float(player[7:])
    elif player != "hard":
        known = "medium, hard, hard-main, hard:N, hard-meow:F, hard-most:N, hard-x:F"
        raise SystemExit(f"unknown player {player[:40]!r}: one of {known}")
    return bot


def decisions(matches: int, players: list[str], answering: bool = False) -> None:
    positions = lead_positions(matches, answering)
    scored: dict[tuple[int, str], float] = {}
    leads: dict[str, list[float]] = {}
    chosen: dict[str, list[str]] = {}
    for player in players:
        codes = [
            decision_bot(player, index).choose(view_for(state, 0)).code
            for index, state in enumerate(positions)
        ]
        for index, code in enumerate(codes):
            if (index, code) not in scored:
                scored[index, code] = true_lead(positions[index], code, index)
        chosen[player] = codes
        leads[player] = [scored[index, code] for index, code in enumerate(codes)]
    best = [
        max(true_lead(state, action.code, index) for action in state.legal_actions(0))
        for index, state in enumerate(positions)
    ]
    count = len(positions)
    first = players[0]
    where = "may copy" if answering else "leads"
    print(f"{count} positions where seat 0 {where}, from {matches} all-medium matches")
    print(f"{'best move':>14}: {sum(best) / count:+.3f} lead a decision")
    for player in players:
        line = f"{player:>14}: {sum(leads[player]) / count:+.3f} lead a decision"
        if player != first:
            mean, half = paired(leads[player], leads[first])
            changed = sum(1 for a, b in zip(chosen[player], chosen[first], strict=True) if a != b)
            line += f"; against {first}: {mean:+.3f} (+-{half:.3f}), {changed} choices differ"
        print(line, flush=True)


def payment_kind(state, seat: int, code: str, ended: bool, gained: bool) -> str:
    """What kind of move ``code`` by ``seat`` was, for ``coins`` (``state`` before it)."""
    kind = parse(code).kind
    who = "seat 0" if seat == 0 else "others"
    if kind == "copy" and ended:
        return f"Pattern A: {who}"
    if kind == "copy":
        if seat == 0:
            return "copy: seat 0 copies"
        return "copy: seat 0 is copied" if state.original == 0 else "copy: others copy others"
    if kind == "play":
        return f"Pattern B: {who}"
    if kind == "meow":
        return f"Meow: {who}, {'succeeded' if gained else 'failed'}"
    return f"deck-out: ended by {who}"


def coins(matches: int, players: list[str], first_match: int = 0) -> None:
    info = registry.get("copycat")
    table: dict[str, dict[str, float]] = {}
    wins: dict[str, float] = {}
    totals: dict[str, list[int]] = {}
    leads: dict[str, list[float]] = {}
    for player in players:
        sums: dict[str, float] = {}
        won = 0.0
        kept = totals[player] = []
        per_match = leads[player] = []
        for match in range(first_match, first_match + matches):
            match_lead = 0.0
            seed = f"coins/{match}"
            state = info.new_game(4, seed)
            bots = make_bots("copycat", ["medium"] * 4, seed)
            level = "medium" if player == "medium" else "hard"
            bots[0] = decision_bot(player, match, Rng(f"bot/{seed}/0/{level}"))
            while not state.is_over:
                seat = state.to_act[0]
                code = bots[seat].choose(view_for(state, seat)).code
                before, game, prior = list(state.coins), state.game_index, state.copy()
                state.apply(seat, code)
                change = [after - was for after, was in zip(state.coins, before, strict=True)]
                if any(change):
                    kind = payment_kind(
                        prior, seat, code, state.game_index != game, change[seat] > 0
                    )
                    lead = change[0] - sum(change[1:]) / 3
                    sums[kind] = sums.get(kind, 0.0) + lead
                    match_lead += lead
                    if seat != 0 and kind.startswith(("Meow", "deck-out")):
                        kept.append(sum(card_value(card) for card in prior.hands[0]))
            winners = state.result.winners
            won += 1.0 / len(winners) if 0 in winners else 0.0
            per_match.append(match_lead)
        table[player] = sums
        print(f"{player}: lead {sum(per_match) / matches:+.2f} a match", flush=True)
        wins[player] = won / matches
    kinds = sorted({kind for sums in table.values() for kind in sums})
    print(f"seat 0's lead per match by kind of move, {matches} matches against three mediums")
    print(f"{'kind':>30}" + "".join(f"{player:>10}" for player in players))
    for kind in kinds:
        cells = "".join(f"{table[player].get(kind, 0.0) / matches:+10.2f}" for player in players)
        print(f"{kind:>30}{cells}")
    whole = "".join(f"{sum(table[player].values()) / matches:+10.2f}" for player in players)
    print(f"{'whole lead':>30}{whole}")
    print(f"{'win share':>30}" + "".join(f"{wins[player]:10.1%}" for player in players))
    print(
        f"{'seat 0 total, others end':>30}"
        + "".join(f"{sum(totals[p]) / max(1, len(totals[p])):10.2f}" for p in players)
    )
    first = players[0]
    for player in players[1:]:
        mean, half = paired(leads[player], leads[first])
        print(f"{player} against {first}: {mean:+.2f} (+-{half:.2f}) lead a match, paired")


if __name__ == "__main__":
    if sys.argv[1:2] == ["strength"]:
        first = int(sys.argv[5]) if len(sys.argv) > 5 else 0
        strength(sys.argv[2], sys.argv[3], int(sys.argv[4]), first)
    elif sys.argv[1:2] == ["timing"]:
        timing(int(sys.argv[2]))
    elif sys.argv[1:2] == ["reading"]:
        reading(int(sys.argv[2]))
    elif sys.argv[1:2] == ["last-game"]:
        first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
        last_game(int(sys.argv[2]), sys.argv[3].split(","), first)
    elif sys.argv[1:2] == ["coins"]:
        first = int(sys.argv[4]) if len(sys.argv) > 4 else 0
        coins(int(sys.argv[2]), sys.argv[3].split(","), first)
    elif sys.argv[1:2] in (["decisions"], ["answers"]):
        decisions(int(sys.argv[2]), sys.argv[3].split(","), sys.argv[1] == "answers")
    else:
        print(__doc__)
