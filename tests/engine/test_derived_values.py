"""Values the engine derives and keeps to go faster follow every change that alters them: the static abilities of
each kind on the battlefield (found in one scan for every kind, kept by a clone), the triggered abilities that work
from the graveyards (kept while the graveyards hold the same cards), whether a target phrase reads X (kept by the
phrase) and a card record's compiled definition (kept while the record is unchanged)."""
from __future__ import annotations

import pytest

from engine.core.abilities import Filter, TargetSpec, uses_x, with_x
from engine.core.cards import RecordSource, definition
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import Action, CastSpell, Choose, PassPriority
from engine.core.state import Decision
from tests.engine.driving import advance, cast_and_resolve, table
from tests.oracle.conftest import record


@pytest.mark.rules("601.2f", "704.5g")
def test_a_cost_increase_ends_with_its_permanent_and_a_copy_keeps_its_own():
    # Vryn Wingmare: "Noncreature spells cost {1} more to cast."
    g, ids = table(["Mountain", "Mountain", "Mountain"], ["Vryn Wingmare"], hand_a=["Lightning Bolt", "Shock"])
    wingmare = ids["B:Vryn Wingmare"]
    copy = g.clone()
    # In the copy: Lightning Bolt ({R} and {1} more) kills the Wingmare; Shock then costs {R} alone.
    cast_and_resolve(copy, ids["Lightning Bolt"], targets=(wingmare,))
    assert wingmare not in copy.state.battlefield
    cast_and_resolve(copy, ids["Shock"], targets=("P1",))
    assert copy.state.players[1].life == 18
    # The game itself still has the Wingmare: Shock at the player takes two Mountains, and the Bolt can't be paid.
    cast_and_resolve(g, ids["Shock"], targets=("P1",))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(wingmare,)))
    assert wingmare in g.state.battlefield


@pytest.mark.rules("113.6k", "400.7")
def test_a_trigger_from_the_graveyard_stops_once_its_card_has_left():
    squee = record("Squee Test", "{2}{R}", "Creature — Goblin", "At the beginning of your upkeep, you may return "
                   "Squee Test from your graveyard to your hand.", "1/1")
    g, ids = table(["Mountain"], ["Squee Test"], hand_a=["Shock"], source=RecordSource([squee]))
    cast_and_resolve(g, ids["Shock"], targets=(ids["B:Squee Test"],))
    card = g.state.players[1].graveyard[-1]
    advance(g, Step.UPKEEP, turn=4)
    # Its trigger went on the stack at B's upkeep (603.3) and returns it from the graveyard.
    assert g.state.stack
    while g.state.stack:
        g.apply(_answer(g.pending))
    assert card not in g.state.players[1].graveyard
    assert any(g.state.objects[x].name == "Squee Test" and g.state.objects[x].zone is Zone.HAND
               for x in g.state.players[1].hand)
    # In its owner's hand it no longer triggers at the next upkeep.
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.stack


def _answer(d: Decision) -> Action:
    """Passes priority; says yes to "you may" (the trigger's return)."""
    if d.kind is DecisionKind.PRIORITY:
        return PassPriority(d.player)
    return Choose(d.player, ("yes",))


@pytest.mark.rules("601.2b", "601.2c")
def test_a_target_phrase_read_for_its_x_is_read_again_once_x_is_chosen():
    # "X target creatures": the phrase's count is X until X is chosen (601.2b), then a number (601.2c)
    phrase = TargetSpec("creature", count_x=True)
    other = TargetSpec("creature", filter=Filter(max_mana_value_x=True))
    assert uses_x([phrase]) and uses_x((TargetSpec("player"), other))
    chosen = with_x([phrase, other], 2)
    assert not uses_x(chosen) and (chosen[0].min, chosen[0].max) == (2, 2)
    assert uses_x([phrase]) and uses_x([other]) and not uses_x([TargetSpec("creature")])


@pytest.mark.rules("108.1")
def test_a_card_record_changed_in_place_is_compiled_again():
    rec = record("Record Test", "{1}{G}", "Creature — Bear", "", "2/2")
    first = definition(rec)
    assert definition(rec) is first and not first.keywords
    rec["text"] = "Trample"
    changed = definition(rec)
    assert [k.name for k in changed.keywords] == ["trample"]
    assert definition(record("Record Test", "{1}{G}", "Creature — Bear", "", "2/2")) is first
