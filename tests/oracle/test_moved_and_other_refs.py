"""What "it" and "other" name after a spell's earlier instruction: the new object a card became when the spell put it
onto the battlefield (400.7, 400.7j), and "each other creature" as other than the spell's target (115.1, 608.2c), each
compiled from a real card's Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

FEARSOME_AWAKENING = record("Fearsome Awakening", "{4}{B}", "Sorcery",
                            "Return target creature card from your graveyard to the battlefield. If it's a Dragon, put "
                            "two +1/+1 counters on it.")
MACABRE_MOCKERY = record("Macabre Mockery", "{2}{B}{R}", "Instant",
                         "Put target creature card from an opponent's graveyard onto the battlefield under your "
                         "control. It gets +2/+0 and gains haste until end of turn. Sacrifice it at the beginning of "
                         "the next end step.")
PHALANX_TACTICS = record("Phalanx Tactics", "{1}{W}", "Instant",
                         "Target creature you control gets +2/+1 until end of turn. Each other creature you control "
                         "gets +1/+1 until end of turn.")


@pytest.mark.rules("400.7", "400.7j", "608.2c", "122.1a")
@pytest.mark.parametrize("card, dragon", [("Shivan Dragon", True), ("Grizzly Bears", False)])
def test_counters_on_the_returned_creature_if_its_a_dragon(extra_cards, card, dragon):
    """The card put onto the battlefield is a new object, which the rest of the spell finds there: it is checked
    for being a Dragon and gets the counters."""
    extra_cards(FEARSOME_AWAKENING, fully_read=True)
    g, ids = table(["Swamp"] * 5, [], ["Fearsome Awakening"])
    target = g.add_card(card, 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Fearsome Awakening"], targets=((target,),))
    [back] = on_battlefield(g, card)
    assert g.state.objects[back].counters.get("+1/+1", 0) == (2 if dragon else 0)


@pytest.mark.rules("400.7", "400.7j", "611.2c", "702.10b")
def test_the_creature_put_onto_the_battlefield_gets_the_bonus(extra_cards):
    extra_cards(MACABRE_MOCKERY, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain", "Mountain"], [], ["Macabre Mockery"])
    target = g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Macabre Mockery"], targets=((target,),))
    [bears] = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[bears].controller == 0
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 2)
    assert "haste" in {k.name for k in g.characteristics(bears).keywords}


@pytest.mark.rules("115.1", "608.2c", "611.2c")
def test_each_other_creature_is_other_than_the_target(extra_cards):
    """"Each other creature you control" on a spell: the creatures besides its target, which gets +2/+1 only."""
    extra_cards(PHALANX_TACTICS, fully_read=True)
    g, ids = table(["Plains", "Plains", "Grizzly Bears", "Shivan Dragon"], ["Hill Giant"], ["Phalanx Tactics"])
    cast_and_settle(g, ids["Phalanx Tactics"], targets=((ids["Grizzly Bears"],),))
    pt = {oid: (g.characteristics(oid).power, g.characteristics(oid).toughness)
          for oid in (ids["Grizzly Bears"], ids["Shivan Dragon"], ids["B:Hill Giant"])}
    assert pt == {ids["Grizzly Bears"]: (4, 3), ids["Shivan Dragon"]: (6, 6), ids["B:Hill Giant"]: (3, 3)}


DARK_DABBLING = record("Dark Dabbling", "{2}{B}", "Instant",
                       "Regenerate target creature. Draw a card. (The next time the creature would be destroyed this "
                       "turn, it isn't. Instead tap it, remove all damage from it, and remove it from combat.)\nSpell "
                       "mastery — If there are two or more instant and/or sorcery cards in your graveyard, also "
                       "regenerate each other creature you control.")


@pytest.mark.rules("701.19a", "608.2c", "115.1")
@pytest.mark.parametrize("mastery", [True, False])
def test_also_regenerate_each_other_creature(extra_cards, mastery):
    """The target gets one shield; with spell mastery each of your other creatures one too, not the target again."""
    extra_cards(DARK_DABBLING, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears", "Shivan Dragon"], ["Hill Giant"], ["Dark Dabbling"])
    if mastery:
        for _ in range(2):
            g.add_card("Lightning Bolt", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Dark Dabbling"], targets=((ids["Grizzly Bears"],),))
    shields = [g.state.objects[ids[n]].regen_shields for n in ("Grizzly Bears", "Shivan Dragon", "B:Hill Giant")]
    assert shields == [1, 1 if mastery else 0, 0]
