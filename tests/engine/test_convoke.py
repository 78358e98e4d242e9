"""Convoke (702.51), improvise (702.126) and delve (702.66): each creature / artifact tapped (card exiled from
the graveyard) as a spell is paid pays for {1} (convoke: or one mana of the creature's color); summoning
sickness doesn't matter."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import cast_and_settle, on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

SIEGE_WURM = creature("Siege Wurm", "{5}{G}{G}", "Wurm", "Convoke (Your creatures can help cast this spell. Each "
                      "creature you tap while casting this spell pays for {1} or one mana of that creature's color.)"
                      "\nTrample", "5/5")
SWEATWORKS_BRAWLER = creature("Sweatworks Brawler", "{3}{R}", "Human Artificer", "Improvise (Your artifacts can help "
                              "cast this spell. Each artifact you tap after you're done activating mana abilities pays "
                              "for {1}.)\nMenace", "3/3")


@pytest.mark.rules("702.51a", "702.51b")
def test_convoke_taps_creatures_to_pay(extra_cards):
    extra_cards(SIEGE_WURM)
    g, ids = table(["Forest", "Grizzly Bears", "Hill Giant", "Ornithopter"], hand_a=["Siege Wurm"])
    for _ in range(2):
        g.add_card("Forest", 0, Zone.BATTLEFIELD)
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, sick=True)      # summoning sickness doesn't matter
    wurm = ids["Siege Wurm"]
    assert any(isinstance(a, CastSpell) and a.card == wurm for a in g.legal_actions())
    cast_and_settle(g, wurm)
    assert on_battlefield(g, "Siege Wurm")
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).name != "Siege Wurm")


@pytest.mark.rules("702.51a")
def test_convoke_pays_colored_mana_only_with_a_creature_of_that_color(extra_cards):
    extra_cards(SIEGE_WURM)
    # Seven creatures but only one green one: {G}{G} can't be paid.
    g, ids = table(["Grizzly Bears", "Hill Giant", "Ornithopter"], hand_a=["Siege Wurm"])
    for name in ("Hill Giant", "Ornithopter", "Goblin Guide", "Goblin Guide"):
        g.add_card(name, 0, Zone.BATTLEFIELD)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Siege Wurm"]))


@pytest.mark.rules("702.126a")
def test_improvise_taps_artifacts_for_generic_mana(extra_cards):
    extra_cards(SWEATWORKS_BRAWLER)
    g, ids = table(["Mountain", "Ornithopter", "Grizzly Bears"], hand_a=["Sweatworks Brawler"])
    for _ in range(2):
        g.add_card("Ornithopter", 0, Zone.BATTLEFIELD)
    cast_and_settle(g, ids["Sweatworks Brawler"])
    assert on_battlefield(g, "Sweatworks Brawler")
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Ornithopter"))
    assert not g.state.objects[ids["Grizzly Bears"]].tapped          # creatures don't improvise


HOOTING_MANDRILLS = creature("Hooting Mandrills", "{5}{G}", "Monkey", "Delve (Each card you exile from your graveyard "
                             "while casting this spell pays for {1}.)\nTrample", "4/4")


@pytest.mark.rules("702.66a")
def test_delve_exiles_graveyard_cards_for_generic_mana(extra_cards):
    extra_cards(HOOTING_MANDRILLS)
    g, ids = table(["Forest"], hand_a=["Hooting Mandrills"])
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    graveyard = [g.add_card(name, 0, Zone.GRAVEYARD) for name in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    assert any(isinstance(a, CastSpell) and a.card == ids["Hooting Mandrills"] for a in g.legal_actions())
    g.apply(CastSpell(0, ids["Hooting Mandrills"]))
    assert g.pending.data.get("field") == "delve" and g.pending.max == 5
    g.apply(Choose(0, tuple(graveyard[:4])))
    settle(g)
    assert on_battlefield(g, "Hooting Mandrills")
    assert len(g.state.exile) == 4 and len(g.state.players[0].graveyard) == 1
    assert all(g.state.objects[f].tapped for f in on_battlefield(g, "Forest"))


@pytest.mark.rules("702.66a")
def test_delve_too_few_cards_and_mana_is_refused(extra_cards):
    extra_cards(HOOTING_MANDRILLS)
    g, ids = table(["Forest"], hand_a=["Hooting Mandrills"])
    graveyard = [g.add_card(name, 0, Zone.GRAVEYARD) for name in ("Plains", "Island")]
    g.apply(CastSpell(0, ids["Hooting Mandrills"]))
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, tuple(graveyard)))
    assert g.state.players[0].graveyard == graveyard and not g.state.exile
