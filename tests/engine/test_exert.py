"""Exert (701.43): chosen as the creature attacks (508.1g, 701.43d), its linked "when you do" ability
triggers (607.2h), and it doesn't untap during its controller's next untap step (701.43a)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, Choose, DeclareAttackers
from tests.engine.driving import advance, can_block, pass_until, preferring, settle, table, until_blockers
from tests.engine.test_keyword_combat import creature

# A real card's Oracle text (Amonkhet), and a test card with exert in a cost.
AHN_CROP_CRASHER = creature("Ahn-Crop Crasher", "{2}{R}", "Minotaur Warrior", "Haste\nYou may exert Ahn-Crop Crasher "
                            "as it attacks. When you do, target creature can't block this turn. (An exerted creature "
                            "won't untap during your next untap step.)", "3/2")
EXERT_COST_PROBE = creature("Gust Walker Probe", "{1}{W}", "Human Wizard", "{T}, Exert Gust Walker Probe: "
                              "Gust Walker Probe deals 1 damage to target creature.", "1/3")


def _attack_and_exert(g, attacker: int, exert: bool) -> None:
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {attacker: "P1"}))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["choice"] == "exert" and d.options == [attacker] and d.min == 0
    g.apply(Choose(0, (attacker,) if exert else ()))


@pytest.mark.rules("701.43a", "701.43d", "508.1g", "607.2h")
def test_exert_as_it_attacks_triggers_and_skips_the_next_untap(extra_cards):
    extra_cards(AHN_CROP_CRASHER)
    g, ids = table(["Ahn-Crop Crasher"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    crasher, bears = ids["Ahn-Crop Crasher"], ids["B:Grizzly Bears"]
    _attack_and_exert(g, crasher, True)
    assert g.pending.data.get("choice") == "target", "the linked ability triggers: its target is chosen"
    settle(g, preferring(bears))
    until_blockers(g)
    assert not can_block(g, bears, crasher)
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[crasher].tapped, "an exerted creature doesn't untap during the next untap step"
    advance(g, Step.UPKEEP, turn=7)
    assert not g.state.objects[crasher].tapped, "only the next one"


@pytest.mark.rules("701.43d")
def test_not_exerting_is_free(extra_cards):
    extra_cards(AHN_CROP_CRASHER)
    g, ids = table(["Ahn-Crop Crasher"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    _attack_and_exert(g, ids["Ahn-Crop Crasher"], False)
    assert not g.state.stack and g.pending.kind is DecisionKind.PRIORITY
    advance(g, Step.UPKEEP, turn=5)
    assert not g.state.objects[ids["Ahn-Crop Crasher"]].tapped


@pytest.mark.rules("701.43a", "701.43b")
def test_exert_as_a_cost(extra_cards):
    extra_cards(EXERT_COST_PROBE)
    g, ids = table(["Gust Walker Probe"], ["Grizzly Bears"])
    probe, bears = ids["Gust Walker Probe"], ids["B:Grizzly Bears"]
    g.apply(ActivateAbility(0, probe, 0, targets=((bears,),)))
    settle(g)
    assert g.state.objects[bears].damage == 1
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.objects[probe].tapped
