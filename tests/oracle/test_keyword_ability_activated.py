"""What a spell or an ability is, in trigger conditions: 'Whenever you activate ~'s outlast ability' (702.107a: the
activated ability the keyword stands for, of ~ itself, 602.2, not another permanent's of the same keyword);
'Whenever you cast a creature spell that has an Adventure' (715.1: an adventurer card cast as the creature, not as
its Adventure, 715.3); 'Whenever you discard a Spirit card or a card with disturb' (a card of either kind)."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.source import FileSource
from engine.core.enums import Zone
from tests.engine.driving import (activate_and_resolve, cast_and_resolve, cast_and_settle, on_battlefield, preferring,
                                  table)
from tests.engine.test_card_layouts import LAYOUT_CARDS
from tests.oracle.conftest import record

HERALD_OF_ANAFENZA = record("Herald of Anafenza", "{W}", "Creature — Human Soldier",
                            "Outlast {2}{W} ({2}{W}, {T}: Put a +1/+1 counter on this creature. Outlast only as a "
                            "sorcery.)\nWhenever you activate Herald of Anafenza's outlast ability, create a 1/1 white "
                            "Warrior creature token.", "1/2")


@pytest.mark.rules("702.107a", "602.2", "603.2")
def test_herald_of_anafenza_makes_a_warrior_for_its_own_outlast(extra_cards):
    extra_cards(HERALD_OF_ANAFENZA, fully_read=True)
    g, ids = table(["Herald of Anafenza"] + ["Plains"] * 6)
    other = g.add_card("Herald of Anafenza", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, ids["Herald of Anafenza"], 0)
    assert g.state.objects[ids["Herald of Anafenza"]].counters == {"+1/+1": 1}
    assert len(on_battlefield(g, "Warrior Token")) == 1         # the other Herald's ability didn't trigger
    activate_and_resolve(g, other, 0)
    assert len(on_battlefield(g, "Warrior Token")) == 2
    ch = g.characteristics(on_battlefield(g, "Warrior Token")[0])
    assert (ch.power, ch.toughness, ch.colors) == (1, 1, frozenset("W"))


GARENBRIG_SQUIRE = record("Garenbrig Squire", "{1}{G}", "Creature — Human Soldier",
                          "Whenever you cast a creature spell that has an Adventure, Garenbrig Squire gets +1/+1 until "
                          "end of turn. (It doesn't need to have gone on the adventure first.)", "2/2")


@pytest.mark.rules("715.1", "715.3", "601.2i")
@pytest.mark.parametrize("name,face,pumped", [("Merfolk Secretkeeper", None, True), ("Merfolk Secretkeeper", 2, False),
                                              ("Grizzly Bears", None, False)])
def test_garenbrig_squire_sees_creature_spells_that_have_an_adventure(extra_cards, name, face, pumped):
    extra_cards(GARENBRIG_SQUIRE, fully_read=True)
    g, ids = table(["Garenbrig Squire", "Island", "Island", "Forest"], ["Grizzly Bears"], hand_a=[name],
                   source=FileSource(LAYOUT_CARDS))
    # the Adventure, Venture Deeper, is a sorcery spell: its target player (B) mills four
    cast_and_resolve(g, ids[name], face=face, **({"targets": (("P1",),)} if face == 2 else {}))
    ch = g.characteristics(ids["Garenbrig Squire"])
    assert (ch.power, ch.toughness) == ((3, 3) if pumped else (2, 2))


SHIPWRECK_SIFTERS = record("Shipwreck Sifters", "{1}{U}", "Creature — Spirit",
                           "When Shipwreck Sifters enters the battlefield, draw a card, then discard a card.\nWhenever you "
                           "discard a Spirit card or a card with disturb, put a +1/+1 counter on Shipwreck Sifters.", "1/2")
DISTURB_CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "disturb.json"


@pytest.mark.rules("701.9a", "702.146a", "603.2")
@pytest.mark.parametrize("discarded,counters", [("Baithook Angler", 1), ("Spectral Sailor", 1), ("Grizzly Bears", 0)])
def test_shipwreck_sifters_grows_for_a_spirit_card_or_a_card_with_disturb(extra_cards, discarded, counters):
    extra_cards(SHIPWRECK_SIFTERS, fully_read=True)
    g, ids = table(["Island", "Island"], hand_a=["Shipwreck Sifters", discarded], source=FileSource(DISTURB_CARDS))
    cast_and_settle(g, ids["Shipwreck Sifters"], answer=preferring(ids[discarded]))
    assert ids[discarded] not in g.state.players[0].hand
    sifters = on_battlefield(g, "Shipwreck Sifters")[0]
    assert g.state.objects[sifters].counters.get("+1/+1", 0) == counters
