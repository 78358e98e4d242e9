"""Objects described by their counters (122.1): "Each creature you control with a +1/+1 counter on it has flying"
(Abzan Falconer), "Each creature you control with a counter on it has "{T}: Add {G}."" (Rishkar), "as long as you
control a creature with three or more level counters on it" (Champion's Drake)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

ABZAN_FALCONER = record("Abzan Falconer", "{2}{W}", "Creature — Human Soldier",
                        "Outlast {W} ({W}, {T}: Put a +1/+1 counter on this creature. Outlast only as a sorcery.)\n"
                        "Each creature you control with a +1/+1 counter on it has flying.", "2/3")
RISHKAR = record("Rishkar, Peema Renegade", "{2}{G}", "Legendary Creature — Elf Druid",
                 "When Rishkar, Peema Renegade enters the battlefield, put a +1/+1 counter on each of up to two target "
                 "creatures.\nEach creature you control with a counter on it has \"{T}: Add {G}.\"", "2/2")
CHAMPIONS_DRAKE = record("Champion's Drake", "{1}{U}", "Creature — Drake",
                         "Flying\nChampion's Drake gets +3/+3 as long as you control a creature with three or more level "
                         "counters on it.", "1/1")


@pytest.mark.rules("122.1", "613.1f", "702.107a")
def test_each_creature_you_control_with_a_counter_has_flying(extra_cards):
    extra_cards(ABZAN_FALCONER, fully_read=True)
    g, ids = table(["Abzan Falconer", "Grizzly Bears", "Plains"], ["Grizzly Bears"])
    falconer = ids["Abzan Falconer"]
    assert not g.characteristics(falconer).has("flying")
    activate_and_resolve(g, falconer, 0)
    assert g.characteristics(falconer).has("flying")
    assert not g.characteristics(ids["Grizzly Bears"]).has("flying")


@pytest.mark.rules("122.1", "613.1f")
def test_each_creature_you_control_with_a_counter_has_a_mana_ability(extra_cards):
    extra_cards(RISHKAR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest", "Forest"], ["Grizzly Bears"], hand_a=["Rishkar, Peema Renegade"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Rishkar, Peema Renegade"]))
    while g.pending.kind is DecisionKind.PRIORITY:        # Rishkar resolves; its trigger asks for targets
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, (bears,)))
    resolve_stack(g)
    assert g.state.objects[bears].counters.get("+1/+1") == 1
    assert len(g.characteristics(bears).activated) == 1
    assert not g.characteristics(ids["B:Grizzly Bears"]).activated
    rishkar = on_battlefield(g, "Rishkar, Peema Renegade")[0]
    assert not g.characteristics(rishkar).activated         # no counter on it
    g.apply(ActivateAbility(0, bears, 0))
    assert g.state.players[0].mana_pool.get("G") == 1


@pytest.mark.rules("122.1", "613.4c")
def test_a_creature_with_three_or_more_counters_of_a_kind(extra_cards):
    """Champion's Drake: two level counters aren't three; three are; +1/+1 counters are of another kind (122.1)."""
    extra_cards(CHAMPIONS_DRAKE, fully_read=True)
    g, ids = table(["Champion's Drake", "Grizzly Bears"], ["Grizzly Bears"])
    drake, bears = ids["Champion's Drake"], ids["Grizzly Bears"]
    g.state.objects[bears].counters["level"] = 2
    g.state.objects[bears].counters["+1/+1"] = 3
    g.state.invalidate()
    assert g.characteristics(drake).power == 1
    g.state.objects[ids["B:Grizzly Bears"]].counters["level"] = 3      # the opponent's creature: not yours
    g.state.invalidate()
    assert g.characteristics(drake).power == 1
    g.state.objects[bears].counters["level"] = 3
    g.state.invalidate()
    assert (g.characteristics(drake).power, g.characteristics(drake).toughness) == (4, 4)


ARCUS_ACOLYTE = record("Arcus Acolyte", "{G}{W}", "Creature — Human Cleric Archer",
                       "Reach, lifelink\nOutlast {G/W} ({G/W}, {T}: Put a +1/+1 counter on this creature. Outlast only "
                       "as a sorcery.)\nEach other creature you control without a +1/+1 counter on it has outlast "
                       "{G/W}.", "2/2")


@pytest.mark.rules("122.1", "613.1f", "702.107a")
def test_each_other_creature_without_a_counter_has_outlast(extra_cards):
    """Arcus Acolyte: a creature without a +1/+1 counter has the granted outlast; once outlast puts one on it, it no
    longer has it; the Acolyte has its own only, an opponent's creature none."""
    extra_cards(ARCUS_ACOLYTE, fully_read=True)
    g, ids = table(["Arcus Acolyte", "Grizzly Bears", "Forest"], ["Grizzly Bears"])
    bears, acolyte = ids["Grizzly Bears"], ids["Arcus Acolyte"]
    assert [a.text for a in g.characteristics(bears).activated] == [
        "{G/W}, {T}: Put a +1/+1 counter on ~. Activate only as a sorcery."]
    assert len(g.characteristics(acolyte).activated) == 1
    assert not g.characteristics(ids["B:Grizzly Bears"]).activated
    activate_and_resolve(g, bears, 0)
    assert g.state.objects[bears].counters == {"+1/+1": 1} and g.state.objects[bears].tapped
    assert not g.characteristics(bears).activated and g.characteristics(bears).power == 3
