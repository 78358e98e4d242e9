"""'When ~ enters, attach it to target creature you control' (701.3a): an Equipment attaches itself as
its enters trigger resolves. Compiled from Bramble Armor's Oracle text and played."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from tests.engine.driving import (activate_and_resolve, both_pass, cast_and_resolve, cast_and_settle, on_battlefield,
                                  preferring, resolve_stack, settle, table)
from tests.oracle.conftest import record

BRAMBLE_ARMOR = record("Bramble Armor", "{1}{G}", "Artifact — Equipment",
                       "When Bramble Armor enters the battlefield, attach it to target creature you control.\n"
                       "Equipped creature gets +2/+1.\nEquip {4} ({4}: Attach to target creature you control. Equip "
                       "only as a sorcery.)")


@pytest.mark.rules("701.3a", "603.3d")
def test_the_equipment_attaches_itself_as_it_enters(extra_cards):
    extra_cards(BRAMBLE_ARMOR, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest"], hand_a=["Bramble Armor"])
    cast_and_resolve(g, ids["Bramble Armor"])
    armor = on_battlefield(g, "Bramble Armor")[0]
    assert g.state.objects[armor].attached_to == ids["Grizzly Bears"]
    ch = g.characteristics(ids["Grizzly Bears"])
    assert (ch.power, ch.toughness) == (4, 3)


MAGNETIC_THEFT = record("Magnetic Theft", "{R}", "Instant",
                        "Attach target Equipment to target creature. (Control of the Equipment doesn't change.)")
VULSHOK_BATTLEMASTER = record("Vulshok Battlemaster", "{4}{R}", "Creature — Human Warrior",
                              "Haste\nWhen Vulshok Battlemaster enters the battlefield, attach all Equipment on the "
                              "battlefield to it. (Control of the Equipment doesn't change.)", "2/2")
DISARM = record("Disarm", "{U}", "Instant", "Unattach all Equipment from target creature.")
FULGENT_DISTRACTION = record("Fulgent Distraction", "{2}{W}", "Instant",
                             "Choose two target creatures. Tap those creatures, then unattach all Equipment from them.")
TEL_JILAD_CHOSEN = record("Tel-Jilad Chosen", "{1}{G}", "Creature — Elf Warrior", "Protection from artifacts", "2/1")


def _equipped(g, equipment, creature):
    g.state.objects[equipment].attached_to = creature
    g.state.invalidate()


@pytest.mark.rules("701.3a", "701.3c", "301.5")
def test_attach_target_equipment_to_target_creature(extra_cards):
    extra_cards(MAGNETIC_THEFT, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears"], ["Bonesplitter", "Hill Giant"], hand_a=["Magnetic Theft"])
    sword, bears = ids["B:Bonesplitter"], ids["Grizzly Bears"]
    _equipped(g, sword, ids["B:Hill Giant"])
    cast_and_resolve(g, ids["Magnetic Theft"], targets=((sword,), (bears,)))
    assert g.state.objects[sword].attached_to == bears
    assert g.state.objects[sword].controller == 1                  # control of the Equipment doesn't change
    assert g.characteristics(bears).power == 4


@pytest.mark.rules("701.3b", "702.16d")
def test_an_equipment_that_cant_be_attached_to_it_doesnt_move(extra_cards):
    extra_cards(MAGNETIC_THEFT, TEL_JILAD_CHOSEN, fully_read=True)
    g, ids = table(["Mountain", "Grizzly Bears", "Bonesplitter"], ["Tel-Jilad Chosen"], hand_a=["Magnetic Theft"])
    sword, bears = ids["Bonesplitter"], ids["Grizzly Bears"]
    _equipped(g, sword, bears)
    cast_and_resolve(g, ids["Magnetic Theft"], targets=((sword,), (ids["B:Tel-Jilad Chosen"],)))
    assert g.state.objects[sword].attached_to == bears             # protection from artifacts: it stays


@pytest.mark.rules("701.3a", "603.6a")
def test_attach_all_equipment_on_the_battlefield_to_it(extra_cards):
    extra_cards(VULSHOK_BATTLEMASTER, fully_read=True)
    g, ids = table(["Mountain"] * 5 + ["Bonesplitter", "Grizzly Bears"], ["Short Sword", "Hill Giant"],
                   hand_a=["Vulshok Battlemaster"])
    _equipped(g, ids["Bonesplitter"], ids["Grizzly Bears"])
    cast_and_resolve(g, ids["Vulshok Battlemaster"])
    (master,) = on_battlefield(g, "Vulshok Battlemaster")
    s = g.state
    assert s.objects[ids["Bonesplitter"]].attached_to == master
    assert s.objects[ids["B:Short Sword"]].attached_to == master and s.objects[ids["B:Short Sword"]].controller == 1
    assert (g.characteristics(master).power, g.characteristics(master).toughness) == (5, 3)


@pytest.mark.rules("701.3d")
def test_unattach_all_equipment_from_target_creature(extra_cards):
    extra_cards(DISARM, fully_read=True)
    g, ids = table(["Island"], ["Bonesplitter", "Short Sword", "Hill Giant", "Grizzly Bears"], hand_a=["Disarm"])
    giant = ids["B:Hill Giant"]
    _equipped(g, ids["B:Bonesplitter"], giant)
    _equipped(g, ids["B:Short Sword"], ids["B:Grizzly Bears"])
    cast_and_resolve(g, ids["Disarm"], targets=((giant,),))
    s = g.state
    assert s.objects[ids["B:Bonesplitter"]].attached_to is None and ids["B:Bonesplitter"] in s.battlefield
    assert s.objects[ids["B:Short Sword"]].attached_to == ids["B:Grizzly Bears"]     # only from the target
    assert g.characteristics(giant).power == 3


@pytest.mark.rules("701.3d", "701.26a")
def test_tap_those_creatures_then_unattach_all_equipment_from_them(extra_cards):
    extra_cards(FULGENT_DISTRACTION, fully_read=True)
    g, ids = table(["Plains"] * 3, ["Bonesplitter", "Short Sword", "Hill Giant", "Grizzly Bears"],
                   hand_a=["Fulgent Distraction"])
    giant, bears = ids["B:Hill Giant"], ids["B:Grizzly Bears"]
    _equipped(g, ids["B:Bonesplitter"], giant)
    _equipped(g, ids["B:Short Sword"], bears)
    cast_and_resolve(g, ids["Fulgent Distraction"], targets=((giant, bears),))
    s = g.state
    assert s.objects[giant].tapped and s.objects[bears].tapped
    assert s.objects[ids["B:Bonesplitter"]].attached_to is None and s.objects[ids["B:Short Sword"]].attached_to is None


KAZUULS_TOLL_COLLECTOR = record("Kazuul's Toll Collector", "{2}{R}", "Creature — Ogre Warrior",
                                "{0}: Attach target Equipment you control to Kazuul's Toll Collector. Activate only "
                                "as a sorcery.", "3/2")


@pytest.mark.rules("701.3a", "602.5d")
def test_attach_target_equipment_you_control_to_it(extra_cards):
    extra_cards(KAZUULS_TOLL_COLLECTOR, fully_read=True)
    g, ids = table(["Kazuul's Toll Collector", "Bonesplitter", "Grizzly Bears"])
    collector, sword = ids["Kazuul's Toll Collector"], ids["Bonesplitter"]
    _equipped(g, sword, ids["Grizzly Bears"])
    activate_and_resolve(g, collector, targets=((sword,),))
    assert g.state.objects[sword].attached_to == collector and g.characteristics(collector).power == 5
RESOLUTE_STRIKE = record("Resolute Strike", "{W}", "Instant",
                         "Target creature gets +2/+2 until end of turn. If it's a Warrior, you may attach an Equipment "
                         "you control to it.")
ONAKKE_OGRE = record("Onakke Ogre", "{2}{R}", "Creature — Ogre Warrior", "", "4/2")


@pytest.mark.rules("701.3a", "608.2c", "608.2d")
def test_you_may_attach_an_equipment_you_control_to_it(extra_cards):
    """The Equipment is chosen as the spell resolves among yours (no target), and only if the target is a Warrior."""
    extra_cards(RESOLUTE_STRIKE, ONAKKE_OGRE, fully_read=True)
    g, ids = table(["Plains", "Onakke Ogre", "Grizzly Bears", "Bonesplitter"], ["Short Sword"],
                   hand_a=["Resolute Strike"])
    sword, ogre = ids["Bonesplitter"], ids["Onakke Ogre"]
    _equipped(g, sword, ids["Grizzly Bears"])
    g.apply(CastSpell(0, ids["Resolute Strike"], targets=((ogre,),)))
    asked = []
    settle(g, lambda d: (asked.append(d.options), preferring(True, "yes", sword)(d))[1])
    assert ids["B:Short Sword"] not in [o for opts in asked for o in opts]      # only an Equipment you control
    assert g.state.objects[sword].attached_to == ogre
    assert (g.characteristics(ogre).power, g.characteristics(ogre).toughness) == (8, 4)


@pytest.mark.rules("701.3b", "702.16d")
def test_an_equipment_chosen_that_cant_be_attached_stays(extra_cards):
    extra_cards(RESOLUTE_STRIKE, TEL_JILAD_CHOSEN, fully_read=True)
    g, ids = table(["Plains", "Tel-Jilad Chosen", "Grizzly Bears", "Bonesplitter"], hand_a=["Resolute Strike"])
    sword = ids["Bonesplitter"]
    _equipped(g, sword, ids["Grizzly Bears"])
    cast_and_settle(g, ids["Resolute Strike"], targets=((ids["Tel-Jilad Chosen"],),),
                    answer=preferring(True, "yes", sword))
    assert g.state.objects[sword].attached_to == ids["Grizzly Bears"]           # protection from artifacts


@pytest.mark.rules("701.3a", "608.2c")
def test_no_equipment_moves_onto_a_creature_that_isnt_a_warrior(extra_cards):
    extra_cards(RESOLUTE_STRIKE, fully_read=True)
    g, ids = table(["Plains", "Grizzly Bears", "Hill Giant", "Bonesplitter"], hand_a=["Resolute Strike"])
    sword = ids["Bonesplitter"]
    _equipped(g, sword, ids["Grizzly Bears"])
    cast_and_settle(g, ids["Resolute Strike"], targets=((ids["Hill Giant"],),), answer=preferring(True, "yes", sword))
    assert g.state.objects[sword].attached_to == ids["Grizzly Bears"]
    assert g.characteristics(ids["Hill Giant"]).power == 5


O_NAGINATA = record("O-Naginata", "{1}", "Artifact — Equipment",
                    "O-Naginata can be attached only to a creature with power 3 or greater.\nEquipped creature gets "
                    "+3/+0 and has trample.\nEquip {2} ({2}: Attach to target creature you control. Equip only as a "
                    "sorcery.)")


@pytest.mark.rules("701.3a", "701.3b", "702.6a", "704.5n")
def test_can_be_attached_only_to_a_creature_with_power_3_or_greater(extra_cards):
    extra_cards(O_NAGINATA, fully_read=True)
    g, ids = table(["O-Naginata", "Grizzly Bears", "Hill Giant"] + ["Mountain"] * 6)
    naginata = ids["O-Naginata"]
    activate_and_resolve(g, naginata, 0, targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[naginata].attached_to is None, "a 2/2 can't have it: it doesn't move (701.3b)"
    activate_and_resolve(g, naginata, 0, targets=((ids["Hill Giant"],),))
    assert g.state.objects[naginata].attached_to == ids["Hill Giant"]
    assert g.characteristics(ids["Hill Giant"]).power == 6
    activate_and_resolve(g, naginata, 0, targets=((ids["Grizzly Bears"],),))
    assert g.state.objects[naginata].attached_to == ids["Hill Giant"], "it stays where it was (701.3b)"


STITCHERS_GRAFT = record("Stitcher's Graft", "{1}", "Artifact — Equipment",
                         "Equipped creature gets +3/+3.\nWhenever equipped creature attacks, it doesn't untap during its "
                         "controller's next untap step.\nWhenever Stitcher's Graft becomes unattached from a permanent, "
                         "sacrifice that permanent.\nEquip {2}")
SHATTER = record("Shatter", "{1}{R}", "Instant", "Destroy target artifact.")


@pytest.mark.rules("701.3a", "701.3d", "603.2", "701.21a")
def test_becomes_unattached_when_equipped_to_another_creature(extra_cards):
    # moved to the Hill Giant: the Bears it left are sacrificed; the Giant keeps it
    extra_cards(STITCHERS_GRAFT, fully_read=True)
    g, ids = table(["Stitcher's Graft", "Grizzly Bears", "Hill Giant", "Mountain", "Mountain"])
    graft = ids["Stitcher's Graft"]
    _equipped(g, graft, ids["Grizzly Bears"])
    activate_and_resolve(g, graft, 0, targets=((ids["Hill Giant"],),))
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") == [] and g.state.objects[graft].attached_to == ids["Hill Giant"]
    assert on_battlefield(g, "Hill Giant") == [ids["Hill Giant"]]


@pytest.mark.rules("603.10c", "701.3d", "701.21a")
def test_becomes_unattached_as_the_equipment_leaves_the_battlefield(extra_cards):
    # destroyed: its own ability looks back and the creature it equipped is sacrificed
    extra_cards(STITCHERS_GRAFT, SHATTER, fully_read=True)
    g, ids = table(["Stitcher's Graft", "Grizzly Bears", "Mountain", "Mountain"], hand_a=["Shatter"])
    _equipped(g, ids["Stitcher's Graft"], ids["Grizzly Bears"])
    cast_and_resolve(g, ids["Shatter"], targets=((ids["Stitcher's Graft"],),))
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") == [] and on_battlefield(g, "Stitcher's Graft") == []


@pytest.mark.rules("701.21a", "603.10c")
def test_becomes_unattached_from_a_permanent_another_player_controls(extra_cards):
    # attached to the opponent's creature, then destroyed: only its controller's own permanent could
    # be sacrificed, so the Hill Giant stays
    extra_cards(STITCHERS_GRAFT, SHATTER, fully_read=True)
    g, ids = table(["Stitcher's Graft", "Mountain", "Mountain"], ["Hill Giant"], hand_a=["Shatter"])
    _equipped(g, ids["Stitcher's Graft"], ids["B:Hill Giant"])
    cast_and_resolve(g, ids["Shatter"], targets=((ids["Stitcher's Graft"],),))
    resolve_stack(g)
    assert on_battlefield(g, "Hill Giant") == [ids["B:Hill Giant"]]


CROWN_OF_THE_AGES = record("Crown of the Ages", "{2}", "Artifact",
                           "{4}, {T}: Attach target Aura attached to a creature to another creature.")
GLAMER_SPINNERS = record("Glamer Spinners", "{4}{W/U}", "Creature — Faerie Wizard",
                         "Flash\nFlying\nWhen Glamer Spinners enters the battlefield, attach all Auras enchanting target "
                         "permanent to another permanent with the same controller.", "2/4")
AURA_GRAFT = record("Aura Graft", "{1}{U}", "Instant",
                    "Gain control of target Aura that's attached to a permanent. Attach it to another permanent it can "
                    "enchant.")


def _enchanted_table(a: list[str], b: list[str], hand: list[str], auras: dict[str, str]):
    """A game at A's main phase, each Aura of `auras` ("name" or "B:name" -> what it enchants) attached before the game
    goes on (an unattached Aura would go to the graveyard, 704.5m)."""
    g = Game.empty()
    ids: dict[str, int] = {}
    for p in (0, 1):
        for _ in range(8):
            g.add_card("Plains", p, Zone.LIBRARY)
    for name in hand:
        ids[name] = g.add_card(name, 0, Zone.HAND)
    for p, names in ((0, a), (1, b)):
        for name in names:
            ids[("B:" if p else "") + name] = g.add_card(name, p, Zone.BATTLEFIELD)
    for aura, host in auras.items():
        g.state.objects[ids[aura]].attached_to = ids[host]
    g.state.invalidate()
    g.start_at(3, 0, Step.MAIN1)
    return g, ids


@pytest.mark.rules("701.3a", "701.3b", "303.4")
def test_attach_target_aura_to_another_creature_chosen_as_it_resolves(extra_cards):
    """Crown of the Ages moves the opponent's Pacifism from its Giant onto the Elves, chosen as the ability resolves
    among the creatures: not the Giant again, nor a land."""
    extra_cards(CROWN_OF_THE_AGES, fully_read=True)
    g, ids = _enchanted_table(["Crown of the Ages", "Grizzly Bears"] + ["Plains"] * 4,
                              ["Hill Giant", "Pacifism", "Llanowar Elves"], [], {"B:Pacifism": "B:Hill Giant"})
    pacifism = ids["B:Pacifism"]
    g.apply(ActivateAbility(0, ids["Crown of the Ages"], 0, targets=((pacifism,),)))
    both_pass(g)
    assert sorted(g.pending.options) == sorted([ids["B:Llanowar Elves"], ids["Grizzly Bears"]])
    g.apply(Choose(0, (ids["B:Llanowar Elves"],)))
    resolve_stack(g)
    assert g.state.objects[pacifism].attached_to == ids["B:Llanowar Elves"]


@pytest.mark.rules("701.3a", "701.3b", "603.3d")
def test_attach_all_auras_enchanting_target_permanent_to_another_with_the_same_controller(extra_cards):
    """Both Auras on the Bears move onto the one other creature their controller controls (the Spinners themselves):
    not onto a land, which they can't enchant, nor onto the opponent's creature."""
    extra_cards(GLAMER_SPINNERS, fully_read=True)
    g, ids = _enchanted_table(["Plains", "Island"] * 3 + ["Grizzly Bears", "Holy Strength", "Unholy Strength"],
                              ["Hill Giant"], ["Glamer Spinners"],
                              {"Holy Strength": "Grizzly Bears", "Unholy Strength": "Grizzly Bears"})
    cast_and_settle(g, ids["Glamer Spinners"], answer=preferring(ids["Grizzly Bears"]))
    (spinners,) = on_battlefield(g, "Glamer Spinners")
    assert [g.state.objects[ids[a]].attached_to for a in ("Holy Strength", "Unholy Strength")] == [spinners] * 2


@pytest.mark.rules("701.3a", "701.3b", "303.4")
def test_gain_control_of_target_aura_and_attach_it_to_another_permanent_it_can_enchant(extra_cards):
    extra_cards(AURA_GRAFT, fully_read=True)
    g, ids = _enchanted_table(["Island", "Island", "Grizzly Bears"], ["Hill Giant", "Llanowar Elves", "Pacifism"],
                              ["Aura Graft"], {"B:Pacifism": "Grizzly Bears"})
    pacifism = ids["B:Pacifism"]
    g.apply(CastSpell(0, ids["Aura Graft"], targets=((pacifism,),)))
    both_pass(g)
    # a creature other than the Bears (Pacifism enchants a creature): no land
    assert sorted(g.pending.options) == sorted([ids["B:Hill Giant"], ids["B:Llanowar Elves"]])
    g.apply(Choose(0, (ids["B:Hill Giant"],)))
    assert g.state.objects[pacifism].attached_to == ids["B:Hill Giant"] and g.state.objects[pacifism].controller == 0


CARRY_AWAY = record("Carry Away", "{U}{U}", "Enchantment — Aura",
                    "Enchant Equipment\nWhen Carry Away enters the battlefield, unattach enchanted Equipment.\nYou control "
                    "enchanted Equipment.")


@pytest.mark.rules("303.4", "701.3d", "613.1b")
def test_unattach_enchanted_equipment_and_you_control_it(extra_cards):
    """"Enchanted Equipment" is the one Carry Away enchants, not every enchanted Equipment."""
    extra_cards(CARRY_AWAY, fully_read=True)
    g, ids = table(["Island", "Island"], ["Bonesplitter", "Short Sword", "Grizzly Bears", "Hill Giant"], ["Carry Away"])
    splitter, sword = ids["B:Bonesplitter"], ids["B:Short Sword"]
    _equipped(g, splitter, ids["B:Grizzly Bears"])
    _equipped(g, sword, ids["B:Hill Giant"])
    cast_and_resolve(g, ids["Carry Away"], targets=((splitter,),))
    assert g.state.objects[splitter].attached_to is None and g.state.objects[splitter].controller == 0
    assert g.characteristics(ids["B:Grizzly Bears"]).power == 2
    assert g.state.objects[sword].controller == 1 and g.state.objects[sword].attached_to == ids["B:Hill Giant"]
