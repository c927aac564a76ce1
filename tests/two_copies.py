"""One copy of the app's keeping, run as its own process by ``test_two_copies``: plays
``GAMES`` bot games of What the Heck? on the home folder it is given, keeping each game in
progress at every move under its own key as the table does (``Match.save``), and at each
end counting the result, keeping the record and clearing only its own game
(``Match.finish``); one game it leaves in progress, never finished. It starts at the
moment it is told, so two copies write at the same moments.

Not a test itself: ``python tests/two_copies.py NAME GAMES START`` with
``$CARDTABLE_HOME`` set; prints the key of the game it left.
"""

from __future__ import annotations

import sys
import time

from cardtable import storage
from cardtable.games import registry
from cardtable.play import Referee, make_bots

SEATS = ["human", "random", "random"]
NAMES = ["You", "Ada", "Bo"]


def main() -> None:
    name, games, start = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    info = registry.get("what-the-heck")

    def referee_for(seed: str) -> Referee:
        state = info.new_game(3, seed)
        return Referee(state, make_bots(info.id, ["random"] * 3, seed), seat_kinds=SEATS)

    def keep(referee: Referee, key: str) -> None:
        storage.save_progress(storage.Progress(referee.record(), NAMES, 0, key))

    left_key, left = storage.new_key(info.id), referee_for(f"{name}/left")
    left.advance(0.0, max_steps=3)
    while time.time() < start:
        time.sleep(0.001)
    keep(left, left_key)
    for game in range(games):
        key = storage.new_key(info.id)
        referee = referee_for(f"{name}/{game}")
        referee.run(on_events=lambda events, referee=referee, key=key: keep(referee, key))
        storage.clear_progress(key)
        message = storage.record_result(info.id, SEATS, referee.result)
        if message:
            print(message, file=sys.stderr)
        storage.save_match(referee.record(), key)
    print(left_key)


if __name__ == "__main__":
    main()
