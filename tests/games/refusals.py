"""What the rule tests share: a refused move says why and changes nothing."""

from __future__ import annotations

import json

import pytest

from cardtable.engine import IllegalAction


def snapshot(state) -> str:
    """Everything every seat sees, and every card in every zone, as one text."""
    return json.dumps(
        [state.observation(s) for s in range(state.players)]
        + [sorted((name, zone.cards) for name, zone in state.zones().items())],
        sort_keys=True,
    )


def refused(state, seat: int, code: str) -> str:
    """The reason ``code`` is refused; a refused move changes nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(seat, code)
    assert snapshot(state) == before
    return refusal.value.reason
