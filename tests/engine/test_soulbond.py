"""Soulbond (702.95): pairing as either creature enters, the pair's shared abilities, and the pair ending
when one of them leaves (702.95e)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell
from tests.engine.driving import cast_and_settle, on_battlefield, settle, table
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Avacyn Restored).
WINGCRAFTER = creature("Wingcrafter", "{2}{U}", "Human Wizard", "Soulbond (You may pair this creature with another "
                       "unpaired creature when either enters. They remain paired for as long as you control both of "
                       "them.)\nAs long as Wingcrafter is paired with another creature, both creatures have flying.",
                       "1/1")
NIGHTSHADE_PEDDLER = creature("Nightshade Peddler", "{1}{G}", "Human Druid", "Soulbond (You may pair this creature "
                              "with another unpaired creature when either enters. They remain paired for as long as "
                              "you control both of them.)\nAs long as Nightshade Peddler is paired with another "
                              "creature, both creatures have deathtouch.", "1/1")


def _yes(d):
    return tuple(d.options[:1]) if d.data.get("choice") == "pair" else tuple(d.options[:d.min or 1])


@pytest.mark.rules("702.95a", "702.95c", "702.95e")
def test_pairing_as_it_enters_and_the_pair_ends_when_one_leaves(extra_cards):
    extra_cards(WINGCRAFTER)
    g, ids = table(["Grizzly Bears", "Island", "Island", "Island", "Mountain"], [],
                   hand_a=["Wingcrafter", "Lightning Bolt"])
    g.apply(CastSpell(0, ids["Wingcrafter"]))
    asked = []
    settle(g, lambda d: asked.append(d.options) or _yes(d))
    (wing,), bears = on_battlefield(g, "Wingcrafter"), ids["Grizzly Bears"]
    assert asked == [[bears]], "the only other unpaired creature you control"
    assert g.characteristics(wing).has("flying") and g.characteristics(bears).has("flying")
    cast_and_settle(g, ids["Lightning Bolt"], targets=((bears,),))
    assert g.state.objects.get(bears) is None or g.state.objects[bears].zone is not Zone.BATTLEFIELD
    assert not g.characteristics(wing).has("flying"), "unpaired once its partner left"


@pytest.mark.rules("702.95a", "702.95b")
def test_pairing_when_another_creature_enters(extra_cards):
    extra_cards(WINGCRAFTER, NIGHTSHADE_PEDDLER)
    g, ids = table(["Wingcrafter", "Forest", "Forest"], [], hand_a=["Nightshade Peddler"])
    cast_and_settle(g, ids["Nightshade Peddler"], answer=_yes)
    wing, (peddler,) = ids["Wingcrafter"], on_battlefield(g, "Nightshade Peddler")
    for oid in (wing, peddler):
        ch = g.characteristics(oid)
        assert ch.has("flying") and ch.has("deathtouch"), "paired once (both triggers), each grants to both"
