"""Animation read from Oracle text (engine.oracle.becomes; 205.1b, 613.1d-f): "~ becomes a 2/1 blue Faerie
creature with flying until end of turn. It's still a land." compiled from a real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareAttackers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, attack, can_block, cast_and_resolve, resolve_stack,
                                  table, until_blockers)
from engine.oracle import compile_card
from tests.oracle.conftest import record

STIRRING_WILDWOOD = record("Stirring Wildwood", None, "Land",
                                "Stirring Wildwood enters the battlefield tapped.\n{T}: Add {G} or {W}.\n{1}{G}{W}: "
                                "Until end of turn, Stirring Wildwood becomes a 3/4 green and white Elemental creature "
                                "with reach. It's still a land.")


@pytest.mark.rules("205.1b", "613.1d", "613.1e", "613.1f", "613.4b")
def test_a_land_becomes_a_creature_with_a_keyword_until_end_of_turn(extra_cards):
    extra_cards(STIRRING_WILDWOOD)
    g, ids = table(["Stirring Wildwood", "Forest", "Forest", "Plains"])
    wood = ids["Stirring Wildwood"]
    abilities = g.characteristics(wood).activated
    activate_and_resolve(g, wood, len(abilities) - 1)
    ch = g.characteristics(wood)
    assert {"Land", "Creature"} <= set(ch.types) and "Elemental" in ch.subtypes
    assert (ch.power, ch.toughness, ch.has("reach"), set(ch.colors)) == (3, 4, True, {"G", "W"})
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(wood)
    assert "Creature" not in ch.types and ch.power is None


GENJU_OF_THE_CEDARS = record("Genju of the Cedars", "{G}", "Enchantment — Aura Spirit",
                             "Enchant Forest\n{2}: Enchanted Forest becomes a 4/4 green Spirit creature until end of "
                             "turn. It's still a land.\nWhen enchanted Forest is put into a graveyard, you may return "
                             "Genju of the Cedars from your graveyard to your hand.")
VASTWOOD_ANIMIST = record("Vastwood Animist", "{2}{G}", "Creature — Elf Shaman Ally",
                          "{T}: Target land you control becomes an X/X Elemental creature until end of turn, where X "
                          "is the number of Allies you control. It's still a land.", "1/1")
NATURAL_AFFINITY = record("Natural Affinity", "{2}{G}", "Instant",
                          "All lands become 2/2 creatures until end of turn. They're still lands.")
BALDUVIAN_FROSTWAKER = record("Balduvian Frostwaker", "{2}{U}", "Creature — Human Wizard",
                              "{U}, {T}: Target snow land becomes a 2/2 blue Elemental creature with flying. It's "
                              "still a land.", "1/1")
SNOW_COVERED_ISLAND = {**record("Snow-Covered Island", None, "Basic Snow Land — Island", "({T}: Add {U}.)"),
                       "supertypes": ["Basic", "Snow"]}
CORRUPTED_ZENDIKON = record("Corrupted Zendikon", "{1}{B}", "Enchantment — Aura",
                            "Enchant land\nEnchanted land is a 3/3 black Ooze creature. It's still a land.\nWhen "
                            "enchanted land dies, return that card to its owner's hand.")


@pytest.mark.rules("205.1b", "613.1d", "613.4b", "303.4")
def test_enchanted_forest_becomes_a_creature(extra_cards):
    extra_cards(GENJU_OF_THE_CEDARS)
    g, ids = table(["Forest", "Plains", "Plains"])
    genju = g.add_card("Genju of the Cedars", 0, Zone.BATTLEFIELD)
    g.attach(genju, ids["Forest"])
    assert not compile_card(GENJU_OF_THE_CEDARS).unsupported
    activate_and_resolve(g, genju, 0)
    ch = g.characteristics(ids["Forest"])
    assert {"Land", "Creature"} <= set(ch.types) and {"Forest", "Spirit"} <= set(ch.subtypes)
    assert (ch.power, ch.toughness, set(ch.colors)) == (4, 4, {"G"})
    advance(g, Step.UPKEEP, turn=4)
    assert "Creature" not in g.characteristics(ids["Forest"]).types


@pytest.mark.rules("603.10a", "704.5m", "400.7", "603.5")
@pytest.mark.parametrize("answer,where", [("yes", "hand"), ("no", "graveyard")])
def test_an_aura_returns_itself_from_the_graveyard_after_the_land_it_enchanted(extra_cards, answer, where):
    """The trigger looks back at the Forest leaving (603.10a); the Aura goes to the graveyard by 704.5m before the
    trigger is put on the stack, and "return ~ from your graveyard" finds its card there (a new object, 400.7)."""
    extra_cards(GENJU_OF_THE_CEDARS, fully_read=True)
    g, ids = table(["Forest", "Plains", "Plains", "Mountain", "Mountain"], hand_a=["Shock"])
    genju = g.add_card("Genju of the Cedars", 0, Zone.BATTLEFIELD)
    g.attach(genju, ids["Forest"])
    activate_and_resolve(g, genju, 0)
    cast_and_resolve(g, ids["Shock"], targets=((ids["Forest"],),))
    # 704.5g: the 4/4 Forest is destroyed, then 704.5m puts the Genju into the graveyard too
    g.apply(CastSpell(0, g.add_card("Shock", 0, Zone.HAND), targets=((ids["Forest"],),)))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, (answer,)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    zone = g.state.players[0].hand if where == "hand" else g.state.players[0].graveyard
    assert "Genju of the Cedars" in [g.characteristics(o).name for o in zone]


SCREAMS_FROM_WITHIN = record("Screams from Within", "{1}{B}{B}", "Enchantment — Aura",
                             "Enchant creature\nEnchanted creature gets -1/-1.\nWhen enchanted creature dies, return "
                             "Screams from Within from your graveyard to the battlefield.")


@pytest.mark.rules("303.4f", "603.10a")
def test_an_aura_returning_to_the_battlefield_enchants_a_creature_its_controller_chooses(extra_cards):
    extra_cards(SCREAMS_FROM_WITHIN, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Llanowar Elves", "Grizzly Bears"], hand_a=["Screams from Within"])
    g.apply(CastSpell(0, ids["Screams from Within"], targets=((ids["Llanowar Elves"],),)))
    # The Elves die; the trigger returns Screams, its controller choosing what it enchants (here the one creature
    # left: the choice answers itself).
    resolve_stack(g)
    screams = [o for o in g.state.battlefield if g.characteristics(o).name == "Screams from Within"]
    assert len(screams) == 1 and g.state.objects[screams[0]].attached_to == ids["Grizzly Bears"]
    assert g.characteristics(ids["Grizzly Bears"]).power == 1


@pytest.mark.rules("205.1b", "613.4b", "608.2h", "107.3a")
def test_an_x_x_creature_where_x_is_counted_as_it_resolves(extra_cards):
    extra_cards(VASTWOOD_ANIMIST)
    g, ids = table(["Vastwood Animist", "Forest"])
    assert not compile_card(VASTWOOD_ANIMIST).unsupported
    activate_and_resolve(g, ids["Vastwood Animist"], 0, targets=((ids["Forest"],),))
    ch = g.characteristics(ids["Forest"])
    assert (ch.power, ch.toughness, "Elemental" in ch.subtypes, "Land" in ch.types) == (1, 1, True, True)
    # the X was locked in as the ability resolved: a second Ally doesn't grow the land
    g.add_card("Vastwood Animist", 0, Zone.BATTLEFIELD)
    assert g.characteristics(ids["Forest"]).power == 1


@pytest.mark.rules("205.1b", "613.1d", "611.2c")
def test_all_lands_become_creatures_theyre_still_lands(extra_cards):
    extra_cards(NATURAL_AFFINITY)
    g, ids = table(["Forest", "Forest", "Forest"], ["Island"], hand_a=["Natural Affinity"])
    assert not compile_card(NATURAL_AFFINITY).unsupported
    cast_and_resolve(g, ids["Natural Affinity"])
    for oid in (ids["Forest"], ids["B:Island"]):
        ch = g.characteristics(oid)
        assert (ch.power, ch.toughness, {"Land", "Creature"} <= set(ch.types)) == (2, 2, True)


@pytest.mark.rules("205.1b", "611.2a")
def test_becomes_without_a_duration_lasts(extra_cards):
    extra_cards(BALDUVIAN_FROSTWAKER, SNOW_COVERED_ISLAND)
    g, ids = table(["Balduvian Frostwaker", "Island", "Snow-Covered Island"])
    assert not compile_card(BALDUVIAN_FROSTWAKER).unsupported
    activate_and_resolve(g, ids["Balduvian Frostwaker"], 0, targets=((ids["Snow-Covered Island"],),))
    advance(g, Step.UPKEEP, turn=5)
    ch = g.characteristics(ids["Snow-Covered Island"])
    assert (ch.power, ch.toughness, ch.has("flying"), "Land" in ch.types, set(ch.colors)) == (2, 2, True, True, {"U"})


@pytest.mark.rules("205.1b", "604.1", "613.1d")
def test_enchanted_land_is_a_creature_static(extra_cards):
    extra_cards(CORRUPTED_ZENDIKON)
    g, ids = table(["Forest"])
    z = g.add_card("Corrupted Zendikon", 0, Zone.BATTLEFIELD)
    g.attach(z, ids["Forest"])
    assert not compile_card(CORRUPTED_ZENDIKON).unsupported
    ch = g.characteristics(ids["Forest"])
    assert (ch.power, ch.toughness, set(ch.types) >= {"Land", "Creature"}, "Ooze" in ch.subtypes) == (3, 3, True, True)


CRAWLING_BARRENS = record("Crawling Barrens", None, "Land",
                          "{T}: Add {C}.\n{4}: Put two +1/+1 counters on Crawling Barrens. Then you may have it become "
                          "a 0/0 Elemental creature until end of turn. It's still a land.")


@pytest.mark.rules("205.1b", "613.1d")
def test_you_may_have_it_become_a_creature_its_still_a_land(extra_cards):
    extra_cards(CRAWLING_BARRENS)
    g, ids = table(["Crawling Barrens", "Plains", "Plains", "Plains", "Plains"])
    barrens = ids["Crawling Barrens"]
    g.apply(ActivateAbility(0, barrens, 1))
    d = g.pending
    while d.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(d.player))
        d = g.pending
    assert d.kind is DecisionKind.CHOOSE, d.prompt
    g.apply(Choose(0, (d.options[0],)))
    ch = g.characteristics(barrens)
    assert {"Land", "Creature"} <= set(ch.types) and "Elemental" in ch.subtypes and (ch.power, ch.toughness) == (2, 2)


RAGING_RAVINE = record("Raging Ravine", None, "Land",
                       "Raging Ravine enters the battlefield tapped.\n{T}: Add {R} or {G}.\n{2}{R}{G}: Until end of turn, "
                       "Raging Ravine becomes a 3/3 red and green Elemental creature with \"Whenever Raging Ravine "
                       "attacks, put a +1/+1 counter on it.\" It's still a land.")


@pytest.mark.rules("205.1b", "613.1d", "613.1f")
def test_a_land_becomes_a_creature_with_an_ability_in_quotes(extra_cards):
    extra_cards(RAGING_RAVINE)
    g, ids = table(["Raging Ravine", "Mountain", "Forest", "Mountain", "Forest"])
    ravine = ids["Raging Ravine"]
    g.apply(ActivateAbility(0, ravine, len(g.characteristics(ravine).activated) - 1))
    resolve_stack(g)
    ch = g.characteristics(ravine)
    assert {"Land", "Creature"} <= set(ch.types) and (ch.power, ch.toughness) == (3, 3) and len(ch.triggered) == 1
    advance(g, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ravine: "P1"}))
    resolve_stack(g)
    assert (g.characteristics(ravine).power, g.characteristics(ravine).toughness) == (4, 4)
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(ravine).triggered and "Creature" not in g.characteristics(ravine).types


CREEPING_TAR_PIT = record("Creeping Tar Pit", None, "Land",
                          "Creeping Tar Pit enters the battlefield tapped.\n{T}: Add {U} or {B}.\n{1}{U}{B}: Creeping "
                          "Tar Pit becomes a 3/2 blue and black Elemental creature until end of turn and can't be "
                          "blocked this turn. It's still a land.")
FACELESS_HAVEN = {**record("Faceless Haven", None, "Snow Land",
                           "{T}: Add {C}.\n{S}{S}{S}: Faceless Haven becomes a 4/3 creature with vigilance and all "
                           "creature types until end of turn. It's still a land."), "supertypes": ["Snow"]}


@pytest.mark.rules("205.1b", "613.1d", "613.1e", "509.1b")
def test_a_land_becomes_a_creature_until_end_of_turn_and_cant_be_blocked(extra_cards):
    extra_cards(CREEPING_TAR_PIT)
    assert not compile_card(CREEPING_TAR_PIT).unsupported
    g, ids = table(["Creeping Tar Pit", "Island", "Swamp", "Plains"], ["Grizzly Bears"])
    pit = ids["Creeping Tar Pit"]
    activate_and_resolve(g, pit, len(g.characteristics(pit).activated) - 1,     # not tapping itself for mana
                         pay=(ids["Island"], ids["Swamp"], ids["Plains"]))
    ch = g.characteristics(pit)
    assert (ch.power, ch.toughness, set(ch.colors), {"Land", "Creature"} <= set(ch.types)) == (3, 2, {"U", "B"}, True)
    attack(g, pit)
    until_blockers(g)
    assert not can_block(g, ids["B:Grizzly Bears"], pit)


@pytest.mark.rules("205.1b", "205.3m", "613.1d", "613.1f")
def test_a_land_becomes_a_creature_with_vigilance_and_all_creature_types(extra_cards):
    extra_cards(FACELESS_HAVEN)
    assert not compile_card(FACELESS_HAVEN).unsupported
    extra_cards(SNOW_COVERED_ISLAND)
    g, ids = table(["Faceless Haven"] + ["Snow-Covered Island"] * 3)
    haven = ids["Faceless Haven"]
    islands = tuple(o for o in g.state.battlefield if g.characteristics(o).name == "Snow-Covered Island")
    activate_and_resolve(g, haven, 1, pay=islands)
    ch = g.characteristics(haven)
    assert (ch.power, ch.toughness, ch.has("vigilance"), {"Elf", "Sliver"} <= set(ch.subtypes)) == (4, 3, True, True)


GIDEON_JURA = record("Gideon Jura", "{3}{W}{W}", "Legendary Planeswalker — Gideon",
                     "[+2]: During target opponent's next turn, creatures that player controls attack Gideon Jura if "
                     "able.\n[−2]: Destroy target tapped creature.\n[0]: Until end of turn, Gideon Jura becomes a 6/6 "
                     "Human Soldier creature that's still a planeswalker. Prevent all damage that would be dealt to him "
                     "this turn.", loyalty="6")


@pytest.mark.rules("205.1b", "306.5b", "615.1a")
def test_becomes_a_creature_thats_still_a_planeswalker_and_damage_to_him_is_prevented(extra_cards):
    extra_cards(GIDEON_JURA)
    g, ids = table(["Mountain"], hand_a=["Lightning Bolt"])
    gideon = g.add_card("Gideon Jura", 0, Zone.BATTLEFIELD, counters={"loyalty": 6})
    d = g.characteristics(gideon).definition
    zero = next(i for i, ab in enumerate(d.activated) if ab.cost.loyalty == 0)
    assert not any(u.startswith("Until end of turn") or u.startswith("Prevent") for u in d.unsupported)
    activate_and_resolve(g, gideon, zero)
    ch = g.characteristics(gideon)
    assert (ch.power, ch.toughness) == (6, 6) and {"Creature", "Planeswalker"} <= ch.types
    assert {"Human", "Soldier", "Gideon"} <= set(ch.subtypes)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((gideon,),))
    assert g.state.objects[gideon].counters["loyalty"] == 6 and g.state.objects[gideon].damage == 0
    advance(g, Step.UPKEEP, turn=4)
    assert not g.characteristics(gideon).is_creature


ISLAND_OF_WAK_WAK = record("Island of Wak-Wak", None, "Land",
                           "{T}: Target creature with flying has base power 0 until end of turn.")


@pytest.mark.rules("613.4b", "613.4c", "115.1")
def test_base_power_alone_set_until_end_of_turn(extra_cards):
    """"has base power 0": its power set in layer 7b, its toughness kept; a pump applies after (7c)."""
    extra_cards(ISLAND_OF_WAK_WAK, fully_read=True)
    g, ids = table(["Island of Wak-Wak", "Forest"], ["Serra Angel", "Grizzly Bears"], ["Giant Growth"])
    angel = ids["B:Serra Angel"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Island of Wak-Wak"], 0, targets=((ids["B:Grizzly Bears"],),)))
    activate_and_resolve(g, ids["Island of Wak-Wak"], 0, targets=((angel,),))
    assert (g.characteristics(angel).power, g.characteristics(angel).toughness) == (0, 4)
    cast_and_resolve(g, ids["Giant Growth"], targets=((angel,),))
    assert (g.characteristics(angel).power, g.characteristics(angel).toughness) == (3, 7)
    advance(g, Step.UPKEEP, turn=4)
    assert (g.characteristics(angel).power, g.characteristics(angel).toughness) == (4, 4)


VALAKUT_FIREBOAR = record("Valakut Fireboar", "{4}{R}", "Creature — Elemental Boar",
                          "Whenever Valakut Fireboar attacks, switch its power and toughness until end of turn.", "1/7")


@pytest.mark.rules("613.4d", "603.2")
def test_switch_its_power_and_toughness_after_every_pump(extra_cards):
    """Layer 7d: the switch applies after the pumps of 7c, whenever they began."""
    extra_cards(VALAKUT_FIREBOAR, fully_read=True)
    g, ids = table(["Valakut Fireboar", "Forest"], [], ["Giant Growth"], step=Step.BEGINNING_OF_COMBAT)
    boar = ids["Valakut Fireboar"]
    attack(g, boar)
    resolve_stack(g)
    assert (g.characteristics(boar).power, g.characteristics(boar).toughness) == (7, 1)
    cast_and_resolve(g, ids["Giant Growth"], targets=((boar,),))
    assert (g.characteristics(boar).power, g.characteristics(boar).toughness) == (10, 4)
    advance(g, Step.UPKEEP, turn=4)
    assert (g.characteristics(boar).power, g.characteristics(boar).toughness) == (1, 7)
HAUNTED_PLATE_MAIL = record("Haunted Plate Mail", "{4}", "Artifact — Equipment",
                            "Equipped creature gets +4/+4.\n{0}: Until end of turn, Haunted Plate Mail becomes a 4/4 Spirit "
                            "artifact creature that's no longer an Equipment. Activate only if you control no "
                            "creatures.\nEquip {4} ({4}: Attach to target creature you control. Equip only as a "
                            "sorcery.)")


@pytest.mark.rules("205.1b", "613.1d", "301.5")
def test_becomes_an_artifact_creature_thats_no_longer_an_equipment(extra_cards):
    extra_cards(HAUNTED_PLATE_MAIL, fully_read=True)
    g, ids = table(["Haunted Plate Mail"])
    mail = ids["Haunted Plate Mail"]
    activate_and_resolve(g, mail, 0)
    ch = g.characteristics(mail)
    assert (set(ch.types), set(ch.subtypes), ch.power, ch.toughness) == ({"Artifact", "Creature"}, {"Spirit"}, 4, 4)
    advance(g, Step.UPKEEP, turn=4)
    ch = g.characteristics(mail)
    assert (set(ch.types), set(ch.subtypes)) == ({"Artifact"}, {"Equipment"})


NEUROK_TRANSMUTER = record("Neurok Transmuter", "{2}{U}", "Creature — Human Artificer",
                           "{U}: Target creature becomes an artifact in addition to its other types until end of turn.\n"
                           "{U}: Until end of turn, target artifact creature becomes blue and isn't an artifact.", "2/2")


@pytest.mark.rules("205.1a", "613.1d", "613.1e")
def test_becomes_blue_and_isnt_an_artifact(extra_cards):
    """Ornithopter loses the card type artifact and becomes blue until end of turn; its creature type stays."""
    extra_cards(NEUROK_TRANSMUTER, fully_read=True)
    g, ids = table(["Neurok Transmuter", "Island", "Ornithopter"])
    bird = ids["Ornithopter"]
    activate_and_resolve(g, ids["Neurok Transmuter"], 1, targets=((bird,),))
    ch = g.characteristics(bird)
    assert (set(ch.types), set(ch.colors), set(ch.subtypes)) == ({"Creature"}, {"U"}, {"Thopter"})
    advance(g, Step.UPKEEP, turn=4)
    assert set(g.characteristics(bird).types) == {"Artifact", "Creature"}


LIZARD_BLADES = record("Lizard Blades", "{1}{R}", "Artifact Creature — Equipment Lizard",
                       "Double strike\nEquipped creature has double strike.\nReconfigure {2} ({2}: Attach to target "
                       "creature you control; or unattach from a creature. Reconfigure only as a sorcery. While "
                       "attached, this isn't a creature.)", "1/1")


@pytest.mark.rules("205.1a")
def test_a_card_type_lost_takes_its_subtypes_with_it(extra_cards):
    """No longer an artifact, Lizard Blades isn't an Equipment either (an artifact type); Lizard, a creature type of
    a card type it still has, stays."""
    extra_cards(NEUROK_TRANSMUTER, LIZARD_BLADES)
    g, ids = table(["Neurok Transmuter", "Island", "Lizard Blades"])
    activate_and_resolve(g, ids["Neurok Transmuter"], 1, targets=((ids["Lizard Blades"],),))
    assert set(g.characteristics(ids["Lizard Blades"]).subtypes) == {"Lizard"}
