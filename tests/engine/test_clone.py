"""Cloning a game copies every field of its players and objects (their copy methods are written out
field by field for speed, so a new field must be added there too) and shares no mutable container."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.objects import GameObject, Player, StackInfo


def _fill(obj, slots) -> dict[str, object]:
    """Gives every slot a distinct value (containers as fresh non-empty ones) and returns them."""
    values: dict[str, object] = {}
    for i, k in enumerate(slots):
        current = getattr(obj, k, None)
        if isinstance(current, dict) or k in ("counters", "chosen", "mana_pool"):
            v: object = {f"key{i}": i}
        elif isinstance(current, list):
            v = [i, i + 1]
        elif k == "zone":
            v = Zone.EXILE
        elif k == "stack":
            v = StackInfo()
        else:
            v = f"value{i}"
        setattr(obj, k, v)
        values[k] = v
    return values


@pytest.mark.parametrize("make", [lambda: Player(0, "A"), lambda: GameObject(1, 1, "Island", 0, Zone.HAND)],
                         ids=["player", "object"])
def test_copy_keeps_every_slot_and_shares_no_container(make) -> None:
    original = make()
    values = _fill(original, type(original).__slots__)
    copy = original.copy()
    for k, v in values.items():
        got = getattr(copy, k)
        if isinstance(v, StackInfo):
            assert isinstance(got, StackInfo) and got is not v, k
        else:
            assert got == v, k
        if isinstance(v, (dict, list)):
            assert got is not v, f"{k} is shared between the copies"
