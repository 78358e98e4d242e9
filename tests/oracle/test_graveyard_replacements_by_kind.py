"""Replacement effects on what would be put into a graveyard (614.1a), by kind: "If an instant or sorcery card would
be put into a graveyard from anywhere, exile it instead" (the card as it is where it comes from) and "If a permanent
would be put into a graveyard, exile it instead" (from the battlefield only: a permanent is there), "If ~ would
die, put it on the bottom of its owner's library instead", an instant's own "If ~ would be put into a graveyard from
anywhere, reveal ~ and shuffle it into its owner's library instead". Real cards' Oracle text played through the Game
API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone

from tests.engine.driving import advance, cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record

DRYAD_MILITANT = record("Dryad Militant", "{G/W}", "Creature — Dryad Soldier",
                        "If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead.",
                        "2/1")
SAMURAI_OF_THE_PALE_CURTAIN = record(
    "Samurai of the Pale Curtain", "{W}{W}", "Creature — Fox Samurai",
    "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.)\nIf a permanent "
    "would be put into a graveyard, exile it instead.", "2/2")


@pytest.mark.rules("614.1a", "608.2n")
def test_dryad_militant_exiles_instants_and_sorceries_only(extra_cards):
    extra_cards(DRYAD_MILITANT, fully_read=True)
    g, ids = table(["Dryad Militant", "Mountain"], ["Grizzly Bears"], ["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Lightning Bolt"]       # the resolved instant
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]   # a creature card


@pytest.mark.rules("614.1a", "110.1")
def test_samurai_exiles_permanents_but_not_a_resolved_spell(extra_cards):
    extra_cards(SAMURAI_OF_THE_PALE_CURTAIN, fully_read=True)
    g, ids = table(["Samurai of the Pale Curtain", "Mountain", "Mountain"], ["Grizzly Bears"], ["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Grizzly Bears"],),))
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Grizzly Bears"]    # a permanent
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Lightning Bolt"]     # a spell


GRAVEBANE_ZOMBIE = record("Gravebane Zombie", "{3}{B}", "Creature — Zombie",
                          "If Gravebane Zombie would die, put Gravebane Zombie on top of its owner's library instead.",
                          "3/2")
NISSAS_CHOSEN = record("Nissa's Chosen", "{G}{G}", "Creature — Elf Warrior",
                       "If Nissa's Chosen would die, put it on the bottom of its owner's library instead.", "2/3")


@pytest.mark.rules("614.1a", "700.4", "401.4")
@pytest.mark.parametrize("card,top", [("Gravebane Zombie", True), ("Nissa's Chosen", False)])
def test_if_it_would_die_put_it_into_its_owners_library_instead(extra_cards, card, top):
    extra_cards(GRAVEBANE_ZOMBIE, NISSAS_CHOSEN, fully_read=True)
    g, ids = table(["Mountain"], [card], ["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:" + card],),))
    library = g.state.players[1].library
    assert g.state.players[1].graveyard == []
    assert g.state.objects[library[-1] if top else library[0]].name == card     # the top is the list's end


NEXUS_OF_FATE = record("Nexus of Fate", "{5}{U}{U}", "Instant",
                       "Take an extra turn after this one.\nIf Nexus of Fate would be put into a graveyard from anywhere, "
                       "reveal Nexus of Fate and shuffle it into its owner's library instead.")


@pytest.mark.rules("614.1a", "608.2n", "500.7")
def test_nexus_of_fate_is_shuffled_into_its_owners_library_as_it_resolves(extra_cards):
    extra_cards(NEXUS_OF_FATE, fully_read=True)
    g, ids = table(["Island"] * 7, hand_a=["Nexus of Fate"])
    library = len(g.state.players[0].library)
    cast_and_resolve(g, ids["Nexus of Fate"])
    assert not g.state.players[0].graveyard
    assert len(g.state.players[0].library) == library + 1
    assert "Nexus of Fate" in [g.state.objects[o].name for o in g.state.players[0].library]


RAVENOUS_SLIME = record(
    "Ravenous Slime", "{2}{G}", "Creature — Ooze",
    "Ravenous Slime can't be blocked by creatures with power 2 or less.\nIf a creature an opponent controls would die, "
    "instead exile it and put a number of +1/+1 counters equal to that creature's power on Ravenous Slime.", "1/1")


@pytest.mark.rules("614.1a", "700.4", "608.2h", "107.1")
def test_ravenous_slime_exiles_an_opponents_dying_creature_and_grows_by_its_power(extra_cards):
    extra_cards(RAVENOUS_SLIME, fully_read=True)
    g, ids = table(["Ravenous Slime", "Mountain", "Mountain", "Grizzly Bears"], ["Hill Giant"],
                   ["Lightning Bolt", "Shock"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:Hill Giant"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Hill Giant"]      # not into its graveyard
    assert g.state.players[1].graveyard == []
    assert g.state.objects[ids["Ravenous Slime"]].counters.get("+1/+1") == 3       # its power as it last existed
    cast_and_resolve(g, ids["Shock"], targets=((ids["Grizzly Bears"],),))
    assert "Grizzly Bears" in [g.state.objects[o].name for o in g.state.players[0].graveyard]    # its own creature dies
    assert g.state.objects[ids["Ravenous Slime"]].counters.get("+1/+1") == 3


NECROMANCERS_MAGEMARK = record(
    "Necromancer's Magemark", "{2}{B}", "Enchantment — Aura",
    "Enchant creature\nCreatures you control that are enchanted get +1/+1.\nIf a creature you control that's enchanted "
    "would die, return it to its owner's hand instead.")


@pytest.mark.rules("614.1a", "700.4", "303.4")
def test_necromancers_magemark_returns_an_enchanted_creature_that_would_die_to_its_owners_hand(extra_cards):
    extra_cards(NECROMANCERS_MAGEMARK, fully_read=True)
    g, ids = table(["Grizzly Bears", "Savannah Lions", "Mountain", "Mountain"], [], ["Lightning Bolt", "Shock"])
    magemark = g.add_card("Necromancer's Magemark", 0, Zone.BATTLEFIELD)
    g.state.objects[magemark].attached_to = ids["Grizzly Bears"]
    g.state.invalidate()
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Shock", "Grizzly Bears"]
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Lightning Bolt",
                                                                                 "Necromancer's Magemark"]
    cast_and_resolve(g, ids["Shock"], targets=((ids["Savannah Lions"],),))     # not enchanted: it dies
    assert "Savannah Lions" in [g.state.objects[o].name for o in g.state.players[0].graveyard]


FORBIDDEN_CRYPT = record(
    "Forbidden Crypt", "{3}{B}{B}", "Enchantment",
    "If you would draw a card, return a card from your graveyard to your hand instead. If you can't, you lose the game."
    "\nIf a card would be put into your graveyard from anywhere, exile that card instead.")


@pytest.mark.rules("614.1a")
def test_forbidden_crypt_exiles_the_cards_that_would_go_to_its_controllers_graveyard(extra_cards):
    """ "exile that card instead" as "exile it instead" (its draw replacement isn't read yet: the card isn't counted)."""
    extra_cards(FORBIDDEN_CRYPT)
    g, ids = table(["Forbidden Crypt", "Grizzly Bears", "Mountain", "Mountain"], ["Savannah Lions"],
                   ["Lightning Bolt", "Shock"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Grizzly Bears", "Lightning Bolt"]
    assert g.state.players[0].graveyard == []
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Savannah Lions"],),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Savannah Lions"]  # not its controller's


YAWGMOTHS_WILL = record("Yawgmoth's Will", "{2}{B}", "Sorcery",
                        "Until end of turn, you may play lands and cast spells from your graveyard.\nIf a card would be "
                        "put into your graveyard from anywhere this turn, exile that card instead.")


@pytest.mark.rules("614.1a", "608.2n", "111.1")
def test_yawgmoths_will_exiles_the_cards_that_would_go_to_your_graveyard_this_turn(extra_cards):
    """Itself as it finishes resolving too; not the opponent's cards, and not after the turn (its first sentence isn't
    read yet: carried out by hand)."""
    extra_cards(YAWGMOTHS_WILL)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Mountain", "Mountain", "Grizzly Bears"], ["Savannah Lions"],
                   ["Yawgmoth's Will", "Lightning Bolt", "Shock"])
    cast_and_settle(g, ids["Yawgmoth's Will"])
    assert [g.state.objects[o].name for o in g.state.exile] == ["Yawgmoth's Will"]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Grizzly Bears"],),))
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Grizzly Bears", "Lightning Bolt",
                                                                     "Yawgmoth's Will"]
    assert g.state.players[0].graveyard == []
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Savannah Lions"],),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Savannah Lions"]
    advance(g, Step.MAIN1, turn=4)
    assert not [e for e in g.state.effects if e.params.get("kind") == "graveyard_to_exile"]
