"""Every creature type gained or lost until end of turn (205.3m, layer 4: 613.1d), and base power and toughness
X/X set for the creatures an effect names (613.4b), X locked in as the effect begins (608.2h)."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.subtypes import CREATURE_TYPES
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, table
from tests.oracle.conftest import record

MIRROR_ENTITY = record("Mirror Entity", "{2}{W}", "Creature — Shapeshifter",
                       "Changeling (This card is every creature type.)\n{X}: Until end of turn, creatures you control "
                       "have base power and toughness X/X and gain all creature types.", "1/1")
AMOEBOID_CHANGELING = record("Amoeboid Changeling", "{1}{U}", "Creature — Shapeshifter",
                             "Changeling (This card is every creature type.)\n{T}: Target creature gains all creature "
                             "types until end of turn.\n{T}: Target creature loses all creature types until end of "
                             "turn.", "1/1")
NAMELESS_INVERSION = record("Nameless Inversion", "{1}{B}", "Tribal Instant — Shapeshifter",
                            "Changeling (This card is every creature type.)\nTarget creature gets +3/-3 and loses all "
                            "creature types until end of turn.")
JOLRAEL = record("Jolrael, Mwonvuli Recluse", "{1}{G}", "Legendary Creature — Human Druid",
                 "Whenever you draw your second card each turn, create a 2/2 green Cat creature token.\n{4}{G}{G}: "
                 "Until end of turn, creatures you control have base power and toughness X/X, where X is the number "
                 "of cards in your hand.", "1/2")


@pytest.mark.rules("205.3m", "613.1d")
def test_amoeboid_changeling_gives_and_takes_every_creature_type(extra_cards):
    extra_cards(AMOEBOID_CHANGELING, fully_read=True)
    g, ids = table(["Amoeboid Changeling", "Grizzly Bears"], ["Craw Wurm"])
    activate_and_resolve(g, ids["Amoeboid Changeling"], 0, targets=((ids["Grizzly Bears"],),))
    assert g.characteristics(ids["Grizzly Bears"]).subtypes >= CREATURE_TYPES
    g, ids = table(["Amoeboid Changeling"], ["Craw Wurm"])
    activate_and_resolve(g, ids["Amoeboid Changeling"], 1, targets=((ids["B:Craw Wurm"],),))
    wurm = g.characteristics(ids["B:Craw Wurm"])
    assert wurm.is_creature and not wurm.subtypes & CREATURE_TYPES
    advance(g, Step.UPKEEP, turn=4)
    assert "Wurm" in g.characteristics(ids["B:Craw Wurm"]).subtypes        # until end of turn only


@pytest.mark.rules("205.3m", "613.4c")
def test_nameless_inversion_pumps_and_strips_the_types(extra_cards):
    extra_cards(NAMELESS_INVERSION, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], ["Craw Wurm"], hand_a=["Nameless Inversion"])
    cast_and_resolve(g, ids["Nameless Inversion"], targets=((ids["B:Craw Wurm"],),))
    wurm = g.characteristics(ids["B:Craw Wurm"])
    assert (wurm.power, wurm.toughness) == (9, 1)
    assert not wurm.subtypes & CREATURE_TYPES


@pytest.mark.rules("613.4b", "107.3", "205.3m")
def test_mirror_entity_sets_each_creature_to_x_x_with_every_type(extra_cards):
    extra_cards(MIRROR_ENTITY, fully_read=True)
    g, ids = table(["Plains"] * 4 + ["Mirror Entity", "Grizzly Bears", "Craw Wurm"], ["Hill Giant"])
    activate_and_resolve(g, ids["Mirror Entity"], x=4)
    for name in ("Mirror Entity", "Grizzly Bears", "Craw Wurm"):
        ch = g.characteristics(ids[name])
        assert (ch.power, ch.toughness) == (4, 4) and ch.subtypes >= CREATURE_TYPES
    assert g.characteristics(ids["B:Hill Giant"]).power == 3         # an opponent's creature is not "yours"


@pytest.mark.rules("613.4b", "608.2h")
def test_jolrael_x_is_the_cards_in_hand_as_it_resolves(extra_cards):
    extra_cards(JOLRAEL, fully_read=True)
    g, ids = table(["Forest"] * 6 + ["Jolrael, Mwonvuli Recluse", "Craw Wurm"],
                   hand_a=["Grizzly Bears", "Giant Growth", "Shock"])
    activate_and_resolve(g, ids["Jolrael, Mwonvuli Recluse"])
    assert (g.characteristics(ids["Craw Wurm"]).power, g.characteristics(ids["Craw Wurm"]).toughness) == (3, 3)
