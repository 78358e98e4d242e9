"""How many times an ability may be activated each turn (602.5b): "Activate no more than twice each turn"
(Pit Imp), "... three times ..." (Sewer Rats); the count starts again each turn."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import Step
from engine.core.player_actions import ActivateAbility
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, advance, table
from tests.oracle.conftest import record

PIT_IMP = record("Pit Imp", "{B}", "Creature — Imp",
                 "Flying\n{B}: Pit Imp gets +1/+0 until end of turn. Activate no more than twice each turn.", pt="0/1")


@pytest.mark.rules("602.5b")
def test_no_more_than_twice_each_turn(extra_cards):
    d = compile_card(PIT_IMP)
    assert not d.unsupported and d.activated[0].times_per_turn == 2
    extra_cards(PIT_IMP)
    g, ids = table(["Pit Imp", "Swamp", "Swamp", "Swamp"])
    imp = ids["Pit Imp"]
    for _ in range(2):
        activate_and_resolve(g, imp, 0)
    assert g.characteristics(imp).power == 2
    assert not any(isinstance(a, ActivateAbility) and a.source == imp for a in g.legal_actions())
    with pytest.raises(IllegalAction, match="twice"):
        g.apply(ActivateAbility(0, imp, 0))
    advance(g, Step.MAIN1, turn=5)          # the player's next turn: twice again
    activate_and_resolve(g, imp, 0)
    assert g.characteristics(imp).power == 1


LEATHER_ARMOR = record("Leather Armor", "{1}", "Artifact — Equipment",
                       "Equipped creature gets +0/+1 and has ward {1}. (Whenever equipped creature becomes the target of "
                       "a spell or ability an opponent controls, counter it unless that player pays {1}.)\nEquip {0}. "
                       "Activate only once each turn.")


@pytest.mark.rules("602.5b", "702.6a")
def test_equip_activated_only_once_each_turn(extra_cards):
    """The keyword's equip ability, restricted by the sentence after it on its line: once this turn, again next turn."""
    extra_cards(LEATHER_ARMOR, fully_read=True)
    g, ids = table(["Leather Armor", "Grizzly Bears", "Hill Giant"])
    armor, bears, giant = ids["Leather Armor"], ids["Grizzly Bears"], ids["Hill Giant"]
    activate_and_resolve(g, armor, 0, targets=((bears,),))
    assert g.state.objects[armor].attached_to == bears
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, armor, 0, targets=((giant,),)))
    advance(g, Step.MAIN1, turn=5)
    activate_and_resolve(g, armor, 0, targets=((giant,),))
    assert g.state.objects[armor].attached_to == giant
