"""Pending work (the `Task` the answer to a decision resumes) is typed: one slotted class per kind. Its
JSON keeps the shape saves always had (a dict with "type" and the fields), so older saves load, a
loaded or cloned task is its own copy, and a task with a field its kind doesn't have is refused."""
from __future__ import annotations

import json

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose
from engine.core.state import CastTask, PendingWork, ResolveTask, SbaTask, Task, TriggerTask
from engine.game import Game


def _bolt_asking_for_a_target() -> tuple[Game, int]:
    g = Game.empty()
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    bolt = g.add_card("Lightning Bolt", 0, Zone.HAND)
    for _ in range(3):
        g.add_card("Mountain", 0, Zone.LIBRARY)
        g.add_card("Mountain", 1, Zone.LIBRARY)
    g.start_at(3, 0, Step.MAIN1)
    g.apply(CastSpell(0, bolt))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.data["field"] == "target.0"
    return g, bears


@pytest.mark.rules("601.2c")
def test_a_cast_waiting_for_its_target_is_a_typed_task_with_the_json_saves_had():
    g, bears = _bolt_asking_for_a_target()
    task = g.state.task
    assert isinstance(task, CastTask) and task.kind is Task.CAST and task.asked_targets == {}
    saved = json.loads(g.to_json())["task"]
    assert saved == {"type": "cast", "player": 0, "card": task.card, "modes": [0], "targets": None, "x": None,
                     "kicked": False, "alt": None, "divide": None, "pay": None, "choices": {},
                     "asked_targets": {}, "buyback": False}
    # a save made before buyback (702.27) was played has no such field, and still loads
    del saved["buyback"]
    assert PendingWork.from_json(saved) == task
    loaded = Game.from_json(g.to_json())
    assert loaded.state.task == task and loaded.state.task is not task
    clone = g.clone()
    clone.state.task.choices["cost.0.sacrifice"] = [1]
    assert task.choices == {}
    loaded.apply(Choose(0, (bears,)))
    assert loaded.state.task is None and loaded.state.stack


@pytest.mark.rules("603.3b", "608.2", "704.5j")
def test_each_kind_reads_back_from_its_json():
    for task in (TriggerTask(stage="order", player=1), TriggerTask(stage="target", seq=4),
                 ResolveTask(object=7, index=1, answers={"0.x": [2]}, legal=[[True]]),
                 SbaTask(kind_="legend", group=[3, 5])):
        data = json.loads(json.dumps(task.to_json()))
        assert PendingWork.from_json(data) == task
    assert TriggerTask(stage="order", player=1).to_json() == {"type": "trigger", "stage": "order", "player": 1}
    assert SbaTask(kind_="legend", group=[3]).to_json() == {"type": "sba", "kind": "legend", "group": [3]}


def test_a_save_whose_task_has_a_foreign_field_or_kind_is_refused():
    g, _ = _bolt_asking_for_a_target()
    save = json.loads(g.to_json())
    save["task"]["object"] = 3
    with pytest.raises(ValueError, match="a cast task has no field 'object'"):
        Game.from_json(json.dumps(save))
    save = json.loads(g.to_json())
    save["task"]["type"] = "daydream"
    with pytest.raises(ValueError, match="unknown pending work 'daydream'"):
        Game.from_json(json.dumps(save))
