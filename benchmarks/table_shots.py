"""Screenshots of the game tables in seeded moments, for comparing a change to the
tables' drawing before and after (issue 8: nothing a player sees lost).

Each table is played headless (SDL dummy driver, virtual clock, bots inline so every run
is the same) with one human seat that plays a fixed policy, at 1280x720 and 800x500; a
PNG is saved for each moment reached: the deal done, a mid-game turn, a chooser open,
a slap round (Hit the Deck: called, hands down, its outcome), the score
sheet. Compare two folders with ``--compare``.

    python benchmarks/table_shots.py /tmp/shots-before
    python benchmarks/table_shots.py /tmp/shots-after --compare /tmp/shots-before

Not a test: the pictures are for people to look at where they differ.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# This checkout's own cardtable, not whichever one the venv has installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

import cardtable  # noqa: E402
from cardtable.play import InlineExecutor  # noqa: E402
from cardtable.ui import app as app_module  # noqa: E402
from cardtable.ui.launch import Launch  # noqa: E402
from cardtable.ui.scenes.privacy import PrivacyScene  # noqa: E402
from cardtable.ui.tables import match as match_module  # noqa: E402

GAMES = {
    "what-the-heck": ("human", "medium", "hard"),
    "mean": ("human", "medium", "hard", "easy"),
    "hit-the-deck": ("human", "medium", "hard", "easy"),
    "copycat": ("human", "medium", "hard"),
    "spite-malice": ("human", "medium", "hard"),
}
SIZES = ((1280, 720), (800, 500))
SEED = 7


def pick(codes: list[str]) -> str:
    """The human's fixed policy: a card played before a draw, the first in sorted order."""
    plays = sorted(code for code in codes if not code.startswith(("draw", "hit")))
    return plays[0] if plays else sorted(codes)[0]


def shoot(app, out: Path, name: str) -> None:
    app.step()
    pygame.image.save(app.screen, str(out / f"{name}.png"))


def play(game: str, size: tuple[int, int], out: Path, home: Path) -> list[str]:
    os.environ["CARDTABLE_HOME"] = str(home)
    app = app_module.App(size)
    app.fixed_dt = 0.05
    app.settings.animation_speed = 4.0
    tag = f"{game}-{size[0]}x{size[1]}"
    taken: list[str] = []
    try:
        app.open_table(Launch(game, len(GAMES[game]), GAMES[game], seed=SEED))
        table = app.manager.top
        wanted = {"dealt", "mid", "chooser", "slap", "slap-hands", "slap-outcome", "sheet"}
        turns = 0
        for _ in range(20000):
            top = app.manager.top
            if isinstance(top, PrivacyScene):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
            elif top is not table:
                break  # results
            if table.sheet is not None and "sheet" in wanted:
                shoot(app, out, f"{tag}-sheet")
                wanted.discard("sheet")
                taken.append("sheet")
            if table.sheet is not None and not table.animator.busy:
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
            round_look = getattr(table, "round", None)
            if "slap" in wanted and round_look is not None and round_look.calling:
                for _ in range(6):
                    app.step()
                shoot(app, out, f"{tag}-slap")
                wanted.discard("slap")
                taken.append("slap")
            if "slap-hands" in wanted and round_look is not None and len(round_look.hands) >= 2:
                shoot(app, out, f"{tag}-slap-hands")
                wanted.discard("slap-hands")
                taken.append("slap-hands")
            if "slap-outcome" in wanted and round_look is not None and round_look.result:
                shoot(app, out, f"{tag}-slap-outcome")
                wanted.discard("slap-outcome")
                taken.append("slap-outcome")
            if table.choices.chooser is not None and "chooser" in wanted:
                shoot(app, out, f"{tag}-chooser")
                wanted.discard("chooser")
                taken.append("chooser")
            if table.awaiting_human():
                if turns == 0 and "dealt" in wanted:
                    shoot(app, out, f"{tag}-dealt")
                    wanted.discard("dealt")
                    taken.append("dealt")
                if turns == 4 and "mid" in wanted:
                    shoot(app, out, f"{tag}-mid")
                    wanted.discard("mid")
                    taken.append("mid")
                codes = table.legal_codes()
                if codes:
                    table.act(pick(codes))
                    turns += 1
            if not wanted:
                break
            app.step()
    finally:
        app.close()
    return taken


def compare(out: Path, before: Path) -> int:
    differing = 0
    for path in sorted(before.glob("*.png")):
        mine = out / path.name
        if not mine.exists():
            print(f"MISSING {path.name}")
            differing += 1
            continue
        a, b = pygame.image.load(str(path)), pygame.image.load(str(mine))
        if a.get_size() != b.get_size():
            print(f"SIZE {path.name}")
            differing += 1
            continue
        same = pygame.surfarray.pixels3d(a) == pygame.surfarray.pixels3d(b)
        diff = int((~same.all(axis=2)).sum())
        if diff:
            differing += 1
        print(f"{'DIFF' if diff else 'same'} {path.name}: {diff} pixels")
    return differing


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/table-shots")
    out.mkdir(parents=True, exist_ok=True)
    print("drawing with", cardtable.__file__)
    match_module.ThreadPoolExecutor = lambda **kwargs: InlineExecutor()
    for game in GAMES:
        for size in SIZES:
            taken = play(game, size, out, out / "home")
            print(game, size, "took", ", ".join(taken))
    if "--compare" in sys.argv:
        before = Path(sys.argv[sys.argv.index("--compare") + 1])
        sys.exit(1 if compare(out, before) else 0)


if __name__ == "__main__":
    main()
