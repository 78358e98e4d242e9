"""Types and colors added "in addition to its other types" by an effect (205.1b, 105.3, 613.1d-e), and keywords
granted to "each of those creatures"; "~ is also a Cleric, Rogue, Warrior, and Wizard", a characteristic-defining
ability (604.3): real cards compiled from their Oracle text and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import activate_and_resolve, advance, attack, both_pass, cast_and_resolve, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

VETERAN_ADVENTURER = record("Veteran Adventurer", "{5}{G}", "Creature — Human",
                            "Veteran Adventurer is also a Cleric, Rogue, Warrior, and Wizard.\nThis spell costs {1} less "
                            "to cast for each creature in your party.\nVigilance", "5/5")
ARGENT_MUTATION = record("Argent Mutation", "{2}{U}", "Instant",
                         "Target permanent becomes an artifact in addition to its other types until end of turn.\n"
                         "Draw a card.")
RISE_FROM_THE_GRAVE = record("Rise from the Grave", "{4}{B}", "Sorcery",
                             "Put target creature card from a graveyard onto the battlefield under your control. That "
                             "creature is a black Zombie in addition to its other colors and types.")
STILL_LIFE = record("Still Life", "{G}{G}", "Enchantment",
                    "{G}{G}: Still Life becomes a 4/3 Centaur creature in addition to its other types until end of turn.")
ELVISH_BRANCHBENDER = record("Elvish Branchbender", "{2}{G}", "Creature — Elf Druid",
                             "{T}: Until end of turn, target Forest becomes an X/X Treefolk creature in addition to its "
                             "other types, where X is the number of Elves you control.", "2/2")
FENDEEP_SUMMONER = record("Fendeep Summoner", "{4}{B}", "Creature — Treefolk Shaman",
                          "{T}: Up to two target Swamps each become 3/5 Treefolk Warrior creatures in addition to their "
                          "other types until end of turn.", "3/5")
TEZZERET_THE_SEEKER = record("Tezzeret the Seeker", "{3}{U}{U}", "Legendary Planeswalker — Tezzeret",
                             "[+1]: Untap up to two target artifacts.\n[−X]: Search your library for an artifact card "
                             "with mana value X or less, put it onto the battlefield, then shuffle.\n[−5]: Artifacts you "
                             "control become artifact creatures with base power and toughness 5/5 until end of turn.",
                             loyalty="4")
WISHFUL_MERFOLK = record("Wishful Merfolk", "{1}{U}", "Creature — Merfolk",
                         "Defender\n{1}{U}: Wishful Merfolk loses defender and becomes a Human until end of turn.", "3/2")
XENOGRAFT = record("Xenograft", "{4}{U}", "Enchantment",
                   "As Xenograft enters the battlefield, choose a creature type.\nEach creature you control is the "
                   "chosen type in addition to its other types.")
CAULDRON_HAZE = record("Cauldron Haze", "{1}{W/B}", "Instant",
                       "Choose any number of target creatures. Each of those creatures gains persist until end of "
                       "turn. (When it dies, if it had no -1/-1 counters on it, return it to the battlefield under its "
                       "owner's control with a -1/-1 counter on it.)")


@pytest.mark.rules("205.1b", "613.1d", "611.2a")
def test_a_permanent_becomes_an_artifact_in_addition_until_end_of_turn(extra_cards):
    extra_cards(ARGENT_MUTATION)
    assert not compile_card(ARGENT_MUTATION).unsupported
    g, ids = table(["Island", "Island", "Island"], ["Grizzly Bears"], ["Argent Mutation"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Argent Mutation"], targets=((bears,),))
    ch = g.characteristics(bears)
    assert set(ch.types) == {"Creature", "Artifact"} and "Bear" in ch.subtypes
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(bears).types) == {"Creature"}


@pytest.mark.rules("205.1b", "105.3", "613.1d", "613.1e", "400.7j")
def test_the_returned_creature_is_a_black_zombie_in_addition(extra_cards):
    extra_cards(RISE_FROM_THE_GRAVE)
    assert not compile_card(RISE_FROM_THE_GRAVE).unsupported
    g, ids = table(["Swamp"] * 5, [], ["Rise from the Grave"])
    card = g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Rise from the Grave"], targets=((card,),))
    (bears,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    ch = g.characteristics(bears)
    assert g.state.objects[bears].controller == 0
    assert (set(ch.colors), set(ch.subtypes), set(ch.types)) == ({"G", "B"}, {"Bear", "Zombie"}, {"Creature"})
    advance(g, Step.UPKEEP, turn=5)       # no duration: it stays a black Zombie (611.2a)
    assert "Zombie" in g.characteristics(bears).subtypes and "B" in g.characteristics(bears).colors


@pytest.mark.rules("205.1b", "613.1d", "613.4b")
def test_an_enchantment_becomes_a_creature_in_addition_to_its_other_types(extra_cards):
    extra_cards(STILL_LIFE)
    assert not compile_card(STILL_LIFE).unsupported
    g, ids = table(["Still Life", "Forest", "Forest"])
    life = ids["Still Life"]
    activate_and_resolve(g, life, 0)
    ch = g.characteristics(life)
    assert (set(ch.types), set(ch.subtypes), ch.power, ch.toughness) == ({"Enchantment", "Creature"}, {"Centaur"}, 4, 3)
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(life).types) == {"Enchantment"}


@pytest.mark.rules("702.79a", "613.1f", "603.10a")
def test_each_of_those_creatures_gains_persist(extra_cards):
    extra_cards(CAULDRON_HAZE)
    assert not compile_card(CAULDRON_HAZE).unsupported
    g, ids = table(["Plains", "Plains", "Swamp", "Swamp", "Grizzly Bears"], [], ["Cauldron Haze", "Murder"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Cauldron Haze"], targets=((bears,),))
    assert g.characteristics(bears).has("persist")
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    (back,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    assert back != bears and (g.characteristics(back).power, g.characteristics(back).toughness) == (1, 1)


@pytest.mark.rules("205.1b", "614.12", "613.1d", "613.8")
def test_each_creature_you_control_is_the_chosen_type_in_addition(extra_cards):
    extra_cards(XENOGRAFT)
    assert not compile_card(XENOGRAFT).unsupported
    g, ids = table(["Island"] * 5 + ["Grizzly Bears", "Elvish Champion"], ["Savannah Lions"], ["Xenograft"])
    g.apply(CastSpell(0, ids["Xenograft"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE
    g.apply(Choose(0, ("Elf",)))
    bears = g.characteristics(ids["Grizzly Bears"])
    # a Bear Elf now, so the Elf lord's bonus (a later layer) reaches it; the opponent's creature is no Elf
    assert set(bears.subtypes) == {"Bear", "Elf"} and bears.power == 3
    assert "Elf" not in g.characteristics(ids["B:Savannah Lions"]).subtypes


@pytest.mark.rules("205.1b", "613.4b", "608.2h")
def test_until_end_of_turn_a_forest_becomes_an_x_x_treefolk_where_x_is_counted(extra_cards):
    extra_cards(ELVISH_BRANCHBENDER)
    assert not compile_card(ELVISH_BRANCHBENDER).unsupported
    g, ids = table(["Elvish Branchbender", "Llanowar Elves", "Forest"])
    forest = ids["Forest"]
    activate_and_resolve(g, ids["Elvish Branchbender"], 0, targets=((forest,),))
    ch = g.characteristics(forest)
    assert (ch.power, ch.toughness, set(ch.types), set(ch.subtypes)) == (2, 2, {"Land", "Creature"}, {"Forest", "Treefolk"})
    advance(g, Step.UPKEEP, turn=4)
    assert "Creature" not in g.characteristics(forest).types


@pytest.mark.rules("205.1b", "613.1d", "613.4b", "115.1")
def test_up_to_two_swamps_each_become_creatures_in_addition(extra_cards):
    extra_cards(FENDEEP_SUMMONER)
    assert not compile_card(FENDEEP_SUMMONER).unsupported
    g, ids = table(["Fendeep Summoner", "Swamp", "Swamp"])
    swamps = tuple(o for o in g.state.battlefield if g.characteristics(o).name == "Swamp")
    activate_and_resolve(g, ids["Fendeep Summoner"], 0, targets=(swamps,))
    for swamp in swamps:
        ch = g.characteristics(swamp)
        assert (ch.power, ch.toughness, set(ch.types), set(ch.subtypes)) == (
            3, 5, {"Land", "Creature"}, {"Swamp", "Treefolk", "Warrior"})


@pytest.mark.rules("205.1b", "611.2c", "613.4b", "606.4")
def test_artifacts_you_control_become_artifact_creatures(extra_cards):
    extra_cards(TEZZERET_THE_SEEKER)
    assert not compile_card(TEZZERET_THE_SEEKER).unsupported
    g, ids = table(["Tezzeret the Seeker", "Mind Stone", "Sol Ring"], ["Ornithopter"])
    g.state.objects[ids["Tezzeret the Seeker"]].counters["loyalty"] = 5
    activate_and_resolve(g, ids["Tezzeret the Seeker"], 2)
    for stone in (ids["Mind Stone"], ids["Sol Ring"]):
        ch = g.characteristics(stone)
        assert (ch.power, ch.toughness, set(ch.types)) == (5, 5, {"Artifact", "Creature"})
    assert g.characteristics(ids["B:Ornithopter"]).power == 0        # the opponent's artifact is not theirs
    # 611.2c: the affected artifacts were locked in as the effect began
    later = g.add_card("Mind Stone", 0, Zone.BATTLEFIELD)
    assert "Creature" not in g.characteristics(later).types


@pytest.mark.rules("205.1a", "613.1d", "613.1f", "702.3b")
def test_loses_defender_and_becomes_a_human(extra_cards):
    extra_cards(WISHFUL_MERFOLK)
    assert not compile_card(WISHFUL_MERFOLK).unsupported
    g, ids = table(["Wishful Merfolk", "Island", "Island"])
    merfolk = ids["Wishful Merfolk"]
    activate_and_resolve(g, merfolk, 0)
    ch = g.characteristics(merfolk)
    # the new creature type replaces its creature types (205.1a); it may attack now
    assert (set(ch.subtypes), ch.has("defender")) == ({"Human"}, False)
    attack(g, merfolk)
    assert merfolk in g.state.combat.attackers


MISTFORM_ULTIMUS = record("Mistform Ultimus", "{3}{U}", "Legendary Creature — Illusion",
                          "Mistform Ultimus is every creature type (even if this card isn't on the battlefield).", "3/3")
AMORPHOUS_AXE = record("Amorphous Axe", "{2}", "Artifact — Equipment",
                       "Equipped creature gets +3/+0 and is every creature type.\nEquip {3} ({3}: Attach to target "
                       "creature you control. Equip only as a sorcery.)")


@pytest.mark.rules("604.3", "205.3m")
def test_every_creature_type_in_every_zone(extra_cards):
    extra_cards(MISTFORM_ULTIMUS, fully_read=True)
    g, ids = table(["Lord of Atlantis"], [], hand_a=["Mistform Ultimus"])
    in_hand = g.characteristics(ids["Mistform Ultimus"])
    assert {"Illusion", "Merfolk", "Goblin", "Elf"} <= in_hand.subtypes, "a characteristic-defining ability (604.3)"
    g.add_card("Mistform Ultimus", 0, Zone.BATTLEFIELD)
    (ultimus,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Mistform Ultimus"]
    ch = g.characteristics(ultimus)
    assert (ch.power, ch.toughness) == (4, 4), "a Merfolk: Lord of Atlantis's +1/+1"


@pytest.mark.rules("613.1d", "205.3m", "301.5")
def test_equipped_creature_is_every_creature_type(extra_cards):
    extra_cards(AMORPHOUS_AXE, fully_read=True)
    g, ids = table(["Amorphous Axe", "Grizzly Bears", "Lord of Atlantis", "Plains", "Plains", "Plains"], [])
    bears = ids["Grizzly Bears"]
    activate_and_resolve(g, ids["Amorphous Axe"], 0, targets=((bears,),))
    ch = g.characteristics(bears)
    assert {"Bear", "Merfolk", "Elf"} <= ch.subtypes
    assert (ch.power, ch.toughness) == (2 + 3 + 1, 2 + 1), "+3/+0 from the Axe, +1/+1 from Lord of Atlantis"


NAVIGATORS_COMPASS = record("Navigator's Compass", "{1}", "Artifact",
                            "When Navigator's Compass enters the battlefield, you gain 3 life.\n{T}: Until end of turn, "
                            "target land you control becomes the basic land type of your choice in addition to its other "
                            "types.")


@pytest.mark.rules("305.7", "305.6", "608.2d")
def test_the_basic_land_type_of_your_choice_in_addition_to_its_other_types(extra_cards):
    extra_cards(NAVIGATORS_COMPASS, fully_read=True)
    g, ids = table(["Navigator's Compass", "Forest"])
    forest = ids["Forest"]
    g.apply(ActivateAbility(0, ids["Navigator's Compass"], 0, targets=((forest,),)))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(0, ("Island",)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    ch = g.characteristics(forest)
    assert {"Forest", "Island"} <= set(ch.subtypes)               # kept its own type
    assert len(ch.activated) == 2                                  # {T}: Add {G}, and {T}: Add {U} (305.6)
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(forest).subtypes) == {"Forest"}



@pytest.mark.rules("604.3", "205.3a")
def test_is_also_several_creature_types_in_every_zone(extra_cards):
    """Veteran Adventurer is a Human Cleric Rogue Warrior Wizard in the hand, on the battlefield and in the graveyard
    (604.3: in every zone); another creature isn't."""
    extra_cards(VETERAN_ADVENTURER, fully_read=True)
    g, ids = table(["Veteran Adventurer", "Grizzly Bears"], hand_a=["Veteran Adventurer"])
    dead = g.add_card("Veteran Adventurer", 0, Zone.GRAVEYARD)
    for oid in (ids["Veteran Adventurer"], g.state.players[0].hand[0], dead):
        assert g.characteristics(oid).subtypes == {"Human", "Cleric", "Rogue", "Warrior", "Wizard"}
    assert g.characteristics(ids["Grizzly Bears"]).subtypes == {"Bear"}
