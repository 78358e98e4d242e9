"""An ability an Equipment grants in quotes that names the Equipment (113.2, 613.1f, 201.5): 'Equipped creature has
"{W}, {T}, Sacrifice Citizen's Crowbar: Destroy target artifact or enchantment."' The name there is the Equipment
granting the ability, not the creature that has it: its cost sacrifices the Equipment (only its controller can,
701.21a), "Unattach Heartseeker" unattaches it from that creature (701.3d)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

CITIZENS_CROWBAR = record("Citizen's Crowbar", "{1}{W}", "Artifact — Equipment",
                          "When Citizen's Crowbar enters the battlefield, create a 1/1 green and white Citizen creature "
                          "token, then attach Citizen's Crowbar to it.\nEquipped creature gets +1/+1 and has \"{W}, {T}, "
                          "Sacrifice Citizen's Crowbar: Destroy target artifact or enchantment.\"\nEquip {2} ({2}: "
                          "Attach to target creature you control. Equip only as a sorcery.)")
HEARTSEEKER = record("Heartseeker", "{4}", "Artifact — Equipment",
                     "Equipped creature gets +2/+1 and has \"{T}, Unattach Heartseeker: Destroy target creature.\"\n"
                     "Equip {5} ({5}: Attach to target creature you control. Equip only as a sorcery. This card enters "
                     "the battlefield unattached and stays on the battlefield if the creature leaves.)")
LEONIN_BOLA = record("Leonin Bola", "{1}", "Artifact — Equipment",
                     "Equipped creature has \"{T}, Unattach Leonin Bola: Tap target creature.\"\nEquip {1} ({1}: Attach "
                     "to target creature you control. Equip only as a sorcery. This card enters the battlefield "
                     "unattached and stays on the battlefield if the creature leaves.)")


@pytest.mark.rules("113.2", "613.1f", "701.21a", "201.5")
def test_sacrifice_the_equipment_granting_the_ability(extra_cards):
    """The equipped Grizzly Bears pays {W}, taps and sacrifices Citizen's Crowbar, not itself."""
    extra_cards(CITIZENS_CROWBAR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Plains"], ["Ornithopter"])
    bears = ids["Grizzly Bears"]
    crowbar = g.add_card("Citizen's Crowbar", 0, Zone.BATTLEFIELD)
    g.attach(crowbar, bears)
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness) == (3, 3)
    assert [a.text for a in ch.activated] == [
        "{W}, {T}, Sacrifice this Equipment: Destroy target artifact or enchantment."]
    assert not g.characteristics(ids["Plains"]).activated[0].cost.sacrifice_grantor
    activate_and_resolve(g, bears, 0, targets=((ids["B:Ornithopter"],),))
    assert not on_battlefield(g, "Ornithopter") and not on_battlefield(g, "Citizen's Crowbar")
    assert bears in g.state.battlefield and g.state.objects[bears].tapped
    assert [g.state.objects[c].name for c in g.state.players[0].graveyard] == ["Citizen's Crowbar"]
    assert (g.characteristics(bears).power, g.characteristics(bears).activated) == (2, ())


@pytest.mark.rules("701.21a", "118.3")
def test_only_the_equipments_controller_can_sacrifice_it(extra_cards):
    """The opponent's Crowbar attached to your creature grants it the ability, but you can't sacrifice their
    Equipment to pay its cost: the ability can't be activated."""
    extra_cards(CITIZENS_CROWBAR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Plains"], ["Ornithopter"])
    bears = ids["Grizzly Bears"]
    g.attach(g.add_card("Citizen's Crowbar", 1, Zone.BATTLEFIELD), bears)
    assert len(g.characteristics(bears).activated) == 1
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, bears, 0, targets=((ids["B:Ornithopter"],),)))
    assert not any(isinstance(a, ActivateAbility) and a.source == bears for a in g.legal_actions())


@pytest.mark.rules("603.2", "701.3a", "111.1")
def test_the_crowbar_enters_attached_to_its_citizen(extra_cards):
    extra_cards(CITIZENS_CROWBAR, fully_read=True)
    g, ids = table(["Plains", "Plains"], hand_a=["Citizen's Crowbar"])
    cast_and_resolve(g, ids["Citizen's Crowbar"])
    (citizen,) = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    (crowbar,) = on_battlefield(g, "Citizen's Crowbar")
    assert g.state.objects[crowbar].attached_to == citizen
    assert (g.characteristics(citizen).power, len(g.characteristics(citizen).activated)) == (2, 1)


@pytest.mark.rules("701.3d", "113.2", "613.1f")
def test_unattach_the_equipment_granting_the_ability(extra_cards):
    """Heartseeker: the equipped creature taps and unattaches Heartseeker (which stays on the battlefield) to destroy
    a creature; it no longer gets +2/+1 nor has the ability."""
    extra_cards(HEARTSEEKER, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Hill Giant"])
    bears = ids["Grizzly Bears"]
    heartseeker = g.add_card("Heartseeker", 0, Zone.BATTLEFIELD)
    g.attach(heartseeker, bears)
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 3)
    activate_and_resolve(g, bears, 0, targets=((ids["B:Hill Giant"],),))
    assert not on_battlefield(g, "Hill Giant")
    assert heartseeker in g.state.battlefield and g.state.objects[heartseeker].attached_to is None
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness, ch.activated) == (2, 2, ())
    assert g.state.objects[bears].tapped and bears in g.state.battlefield


@pytest.mark.rules("701.3d", "113.2")
def test_unattach_leonin_bola_to_tap_a_creature(extra_cards):
    extra_cards(LEONIN_BOLA, fully_read=True)
    g, ids = table(["Grizzly Bears"], ["Hill Giant"])
    bears = ids["Grizzly Bears"]
    bola = g.add_card("Leonin Bola", 0, Zone.BATTLEFIELD)
    g.attach(bola, bears)
    activate_and_resolve(g, bears, 0, targets=((ids["B:Hill Giant"],),))
    assert g.state.objects[ids["B:Hill Giant"]].tapped
    assert g.state.objects[bola].attached_to is None and bola in g.state.battlefield
    assert g.characteristics(bears).activated == ()
