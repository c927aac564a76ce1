"""The replay viewer: a finished match's record stepped through at its own table.

Start, Back, Play/Pause, Next and End on the top bar (``<<``, ``<``, Play, ``>``,
``>>``), where it says the move and, at the end, the recorded result; the keys Right or N (next),
Left or P (back), Space (play or pause), Home and End. A step forward applies the next
recorded action and animates its events like a live game; a step back replays the record
to one action fewer and shows it at once. At the end the recorded result shows. The view
is the one human's of the record (nobody's hand when there were none or several), and
nobody may move. Not for listing the records (``scenes.replays``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from ..widgets import Button
from .drawing import TOP_BAR

if TYPE_CHECKING:
    from ..services import AppServices
    from .animator import Animator
    from .match import Match
    from .sheet import ScoreSheet


class ReplayDoor(Protocol):
    """What a replay touches of its table: whether it is still, what it shows
    (``public``), the animator and score sheet it skips past, and the table's ways to take
    what came from the match (``pump``) or to be laid out after a jump (``restart``)."""

    app: AppServices
    animator: Animator
    public: dict[str, Any]
    sheet: ScoreSheet | None

    def still(self) -> bool: ...

    def next_hand(self) -> None: ...

    def pump(self) -> None: ...

    def restart(self, actions: Any) -> None: ...


#: Seconds (at speed 1) between two steps while playing.
PLAY_GAP = 0.9


class Replay:
    """Where a replay stands, and its controls."""

    def __init__(self, table: ReplayDoor, match: Match) -> None:
        self.table = table
        self.match = match
        self.actions = list(match.launch.actions)
        self.position = 0  # actions applied so far
        self.playing = False
        self.wait = 0.0
        self.buttons: list[Button] = []

    @property
    def at_end(self) -> bool:
        return self.position >= len(self.actions)

    def viewer(self) -> int | None:
        humans = [seat for seat, kind in enumerate(self.match.launch.seats) if kind == "human"]
        return humans[0] if len(humans) == 1 else None

    # -- moving through the record ----------------------------------------------------------

    def forward(self) -> None:
        """The next recorded action, animated."""
        if self.at_end:
            self.playing = False
            return
        table = self.table
        seat, code = self.actions[self.position]
        self.position += 1
        self.match.replay_step(seat, code)
        table.pump()
        if self.at_end:
            self.playing = False

    def go_to(self, position: int) -> None:
        """Show the table after ``position`` actions at once."""
        table = self.table
        self.position = max(0, min(len(self.actions), position))
        table.animator.skip()
        table.sheet = None
        table.restart(self.actions[: self.position])
        if self.at_end:
            self.playing = False

    def toggle(self) -> None:
        self.playing = not self.playing and not self.at_end
        self.wait = 0.0

    def update(self, dt: float) -> None:
        """While playing, the next step once the table is still."""
        table = self.table
        if table.sheet is not None and self.playing:
            table.next_hand()  # playing goes on past the score sheet between hands
        self.refresh()
        if not self.playing or not table.still():
            return
        self.wait += dt * table.app.speed
        if self.wait >= PLAY_GAP:
            self.wait = 0.0
            self.forward()

    # -- controls -----------------------------------------------------------------------------

    def controls(self, right: int, wide: bool) -> list[Button]:
        """The buttons, right to left from ``right`` on the top bar."""
        labels = [
            (">>", lambda: self.go_to(len(self.actions)), 44),
            (">", self.forward, 44),
            ("Play", self.toggle, 70),
            ("<", lambda: self.go_to(self.position - 1), 44),
            ("<<", lambda: self.go_to(0), 44),
        ]
        self.buttons = []
        for label, act, width in labels:
            button = Button(label, act, size=15 if wide else 13)
            button.rect = pygame.Rect(right - width, 6, width - 6, TOP_BAR - 12)
            right -= width
            self.buttons.append(button)
        self.refresh()
        return self.buttons

    def refresh(self) -> None:
        """Play or Pause; what cannot be pressed now is greyed."""
        if len(self.buttons) == 5:
            end, forward, play, back, start = self.buttons
            play.label = "Pause" if self.playing else "Play"
            for button in (end, forward, play):
                button.enabled = not self.at_end
            for button in (back, start):
                button.enabled = self.position > 0

    def handle(self, event: pygame.event.Event) -> bool:
        """The controls' keys; True when used (the buttons are on the top bar)."""
        if event.type != pygame.KEYDOWN:
            return False
        keys = {
            pygame.K_RIGHT: self.forward,
            pygame.K_n: self.forward,
            pygame.K_LEFT: lambda: self.go_to(self.position - 1),
            pygame.K_p: lambda: self.go_to(self.position - 1),
            pygame.K_SPACE: self.toggle,
            pygame.K_HOME: lambda: self.go_to(0),
            pygame.K_END: lambda: self.go_to(len(self.actions)),
        }
        if event.key not in keys:
            return False
        if self.table.animator.busy and event.key != pygame.K_SPACE:
            self.table.animator.skip()  # the step under way lands first
        keys[event.key]()
        return True

    def result_words(self) -> str:
        result = self.table.public.get("result")
        if not self.at_end or not result:
            return f"Replay: move {self.position} of {len(self.actions)}"
        names = [controller.name for controller in self.match.seats]
        ranking = result.get("ranking") or [[]]
        winners = " and ".join(names[seat] for seat in ranking[0])
        if not self.match.info.keeps_points:  # its result ranks players (MEAN!)
            return f"Recorded result: {winners} won"
        scores = ", ".join(f"{names[s]} {score}" for s, score in enumerate(result["scores"]))
        return f"Recorded result: {winners} won ({scores})"
