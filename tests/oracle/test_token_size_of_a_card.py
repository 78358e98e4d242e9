"""A token as big as a creature or a creature card: "Its power is equal to that card's power and its toughness is equal
to that card's toughness", "a ... creature token with power equal to that card's power and toughness equal to that
card's toughness", read as the token is created and its own from then on (111.3). A card exiled from a graveyard by
the same spell is read as it was there (608.2h, 400.7). Played with real cards through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import activate_and_resolve, cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

KALITAS = record("Kalitas, Bloodchief of Ghet", "{5}{B}{B}", "Legendary Creature — Vampire Warrior",
                 "{B}{B}{B}, {T}: Destroy target creature. If that creature dies this way, create a black Vampire "
                 "creature token. Its power is equal to that creature's power and its toughness is equal to that "
                 "creature's toughness.", "5/5")
RITUAL_OF_THE_RETURNED = record("Ritual of the Returned", "{3}{B}", "Instant",
                                "Exile target creature card from your graveyard. Create a black Zombie creature token. "
                                "Its power is equal to that card's power and its toughness is equal to that card's "
                                "toughness.")
SOUL_SEPARATOR = record("Soul Separator", "{3}", "Artifact",
                        "{5}, {T}, Sacrifice Soul Separator: Exile target creature card from your graveyard. Create a "
                        "token that's a copy of that card, except it's 1/1, it's a Spirit in addition to its other "
                        "types, and it has flying. Create a black Zombie creature token with power equal to that "
                        "card's power and toughness equal to that card's toughness.")
SCOUR_THE_DESERT = record("Scour the Desert", "{3}{W}{W}", "Sorcery",
                          "Exile target creature card from your graveyard. Create X 1/1 white Bird creature tokens with "
                          "flying, where X is the exiled card's toughness.")


def size(g, oid):
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


@pytest.mark.rules("111.3", "608.2h")
def test_kalitas_makes_a_vampire_as_big_as_the_creature_that_died(extra_cards):
    extra_cards(KALITAS, fully_read=True)
    g, ids = table(["Kalitas, Bloodchief of Ghet", "Swamp", "Swamp", "Swamp"], ["Giant Spider"])
    activate_and_resolve(g, ids["Kalitas, Bloodchief of Ghet"], targets=((ids["B:Giant Spider"],),))
    assert ids["B:Giant Spider"] not in g.state.battlefield
    (vampire,) = on_battlefield(g, "Vampire Token")
    assert size(g, vampire) == (2, 4) and g.state.objects[vampire].controller == 0


@pytest.mark.rules("111.3", "608.2h", "400.7")
def test_ritual_of_the_returned_reads_the_card_it_exiled(extra_cards):
    extra_cards(RITUAL_OF_THE_RETURNED, fully_read=True)
    g, ids = table(["Swamp"] * 4, [], ["Ritual of the Returned"])
    spider = g.add_card("Giant Spider", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Ritual of the Returned"], targets=((spider,),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Giant Spider"]
    (zombie,) = on_battlefield(g, "Zombie Token")
    assert size(g, zombie) == (2, 4)


@pytest.mark.rules("111.3", "608.2h", "707.9b")
def test_soul_separator_makes_a_small_copy_and_a_zombie_the_size_of_the_card(extra_cards):
    extra_cards(SOUL_SEPARATOR, fully_read=True)
    g, ids = table(["Soul Separator"] + ["Plains"] * 5)
    angel = g.add_card("Serra Angel", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Soul Separator"], targets=((angel,),))
    (zombie,) = on_battlefield(g, "Zombie Token")
    (spirit,) = on_battlefield(g, "Serra Angel")
    assert size(g, zombie) == (4, 4) and size(g, spirit) == (1, 1)


@pytest.mark.rules("107.3c", "608.2h", "400.7")
def test_scour_the_desert_counts_the_toughness_of_the_card_it_exiled(extra_cards):
    extra_cards(SCOUR_THE_DESERT, fully_read=True)
    g, ids = table(["Plains"] * 5, [], ["Scour the Desert"])
    spider = g.add_card("Giant Spider", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Scour the Desert"], targets=((spider,),))
    assert len(on_battlefield(g, "Bird Token")) == 4
