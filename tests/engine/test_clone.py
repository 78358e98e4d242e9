"""Cloning a game copies every field of its players and objects (their copy methods are written out
field by field for speed, so a new field must be added there too) and shares no mutable container."""
from __future__ import annotations

import marshal

import pytest

from engine.core import state as S
from engine.core.enums import Step, Zone
from engine.core.objects import GameObject, Player, StackInfo
from engine.game import Game


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


def _logged_state() -> S.GameState:
    """A state whose data fields hold a turn's log with nested lists and dicts, one list referenced twice."""
    g = Game.empty(seed=1)
    s = g.state
    shared = [0, 1]
    s.turn_log.update({"entered": [[0, 5], [1, 6]], "died": [{"controller": 0, "types": ["Creature"]}],
                       "draws": {"0": 1}, "twice": [shared, shared], "creatures_died": 1, "flag": True})
    s.lki["5"] = {"name": "Grizzly Bears", "power": 2, "counters": {"+1/+1": 1}}
    s.pending_triggers.append({"source": 5, "index": 0, "data": {"targets": [["P1"]]}})
    return s


def test_a_clone_copies_the_states_data_fields_whole_and_shares_no_container_between_the_copies() -> None:
    """The data fields (the pending triggers, the turn's log, last known information...) are copied at once by
    marshal (state._copied_data): equal values, no container shared with the original, nor between two places that
    held one list (as state._deep copies them)."""
    s = _logged_state()
    c = s.clone()
    for f in S._DATA_FIELDS:
        assert getattr(c, f) == getattr(s, f) == S._deep(getattr(s, f)), f
    c.turn_log["entered"].append([0, 7])
    c.turn_log["died"][0]["types"].append("Artifact")
    c.lki["5"]["counters"]["+1/+1"] = 3
    c.pending_triggers[0]["data"]["targets"][0].append("P0")
    c.turn_log["twice"][0].append(2)
    assert s.turn_log["entered"] == [[0, 5], [1, 6]] and s.turn_log["died"][0]["types"] == ["Creature"]
    assert s.lki["5"]["counters"] == {"+1/+1": 1} and s.pending_triggers[0]["data"]["targets"] == [["P1"]]
    assert c.turn_log["twice"] == [[0, 1, 2], [0, 1]] and s.turn_log["twice"] == [[0, 1], [0, 1]]


def test_the_data_fields_are_copied_by_marshal_and_what_it_refuses_by_the_plain_deep_copy(monkeypatch) -> None:
    written: list[int] = []
    real = marshal.dumps
    monkeypatch.setattr(marshal, "dumps", lambda v, version: written.append(version) or real(v, version))
    s = _logged_state()
    assert s.clone().turn_log == s.turn_log and written == [2]
    # An enum member (a str subclass) is no type marshal writes: the plain deep copy keeps it as it is.
    s.turn_log["step"] = [Step.MAIN1]
    c = s.clone()
    assert c.turn_log == s.turn_log and c.turn_log["step"][0] is Step.MAIN1 and c.turn_log["step"] is not \
        s.turn_log["step"] and len(written) == 2
