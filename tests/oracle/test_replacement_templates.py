"""Replacement and prevention templates (614, 615) and converge's count of the colors spent, each read from a
real card's wording and played: damage that can't be prevented (615.12), what a prevention effect also does
with the damage it prevents (615.5), "If <a creature> would die, exile it instead" (614.1a, 700.4) and
"enters with a counter for each color of mana spent to cast it" (614.1c, 601.2h)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import CastSpell, Choose, DeclareAttackers, PassPriority, PlayLand
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_choosing,
                                  resolve_stack, table)
from tests.oracle.conftest import record

SHIELDMATES_BLESSING = record("Shieldmate's Blessing", "{W}", "Instant",
                              "Prevent the next 3 damage that would be dealt to any target this turn.")
FLARING_PAIN = record("Flaring Pain", "{1}{R}", "Instant",
                      "Damage can't be prevented this turn.\nFlashback {R} (You may cast this card from your graveyard "
                      "for its flashback cost. Then exile it.)")
COMBUST = record("Combust", "{1}{R}", "Instant",
                 "This spell can't be countered.\nCombust deals 5 damage to target white or blue creature. The damage "
                 "can't be prevented.")
REVERSE_DAMAGE = record("Reverse Damage", "{1}{W}{W}", "Instant",
                        "The next time a source of your choice would deal damage to you this turn, prevent that damage. "
                        "You gain life equal to the damage prevented this way.")
TEMPER = record("Temper", "{X}{1}{W}", "Instant",
                "Prevent the next X damage that would be dealt to target creature this turn. For each 1 damage "
                "prevented this way, put a +1/+1 counter on that creature.")
FROSTWIELDER = record("Frostwielder", "{2}{R}", "Creature — Orc Shaman",
                      "{T}: Frostwielder deals 1 damage to any target.\nIf a creature dealt damage by Frostwielder this "
                      "turn would die, exile it instead.", "1/2")
VOID_MAW = record("Void Maw", "{4}{B}{B}", "Creature — Horror",
                  "Trample\nIf another creature would die, exile it instead.\nPut a card exiled with Void Maw into its "
                  "owner's graveyard: Void Maw gets +2/+2 until end of turn.", "4/5")
POSSESSED_SKAAB = record("Possessed Skaab", "{3}{U}{B}", "Creature — Zombie",
                         "When Possessed Skaab enters the battlefield, return target instant, sorcery, or creature card "
                         "from your graveyard to your hand.\nIf Possessed Skaab would die, exile it instead.", "3/2")
UNDERWORLD_FIRES = record("Underworld Fires", "{2}{R}", "Sorcery",
                          "Underworld Fires deals 1 damage to each creature and each planeswalker. If a permanent dealt "
                          "damage this way would die this turn, exile it instead.")
CRYSTALLINE_CRAWLER = record("Crystalline Crawler", "{4}", "Artifact Creature — Construct",
                             "Converge — Crystalline Crawler enters the battlefield with a +1/+1 counter on it for each "
                             "color of mana spent to cast it.\nRemove a +1/+1 counter from Crystalline Crawler: Add one "
                             "mana of any color.\n{T}: Put a +1/+1 counter on Crystalline Crawler.", "0/0")
RADIANT_FLAMES = record("Radiant Flames", "{2}{R}", "Sorcery",
                        "Converge — Radiant Flames deals X damage to each creature, where X is the number of colors of "
                        "mana spent to cast this spell.")


@pytest.mark.rules("615.12")
def test_damage_cant_be_prevented_this_turn_and_the_shield_is_not_used_up(extra_cards):
    extra_cards(SHIELDMATES_BLESSING, FLARING_PAIN)
    g, ids = table(["Plains", "Mountain", "Mountain", "Mountain"], hand_a=["Shieldmate's Blessing", "Flaring Pain", "Shock"])
    cast_and_resolve(g, ids["Shieldmate's Blessing"], targets=(("P0",),))
    cast_and_resolve(g, ids["Flaring Pain"])
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18
    shield = [e for e in g.state.effects if e.params.get("kind") == "prevent_to"]
    assert shield and shield[0].params["remaining"] == 3          # not reduced by unpreventable damage


@pytest.mark.rules("615.12")
def test_the_damage_cant_be_prevented_only_for_that_spell(extra_cards):
    extra_cards(SHIELDMATES_BLESSING, COMBUST)
    g, ids = table(["Plains", "Mountain", "Mountain", "Mountain", "Serra Angel"], hand_a=["Shieldmate's Blessing",
                                                                                          "Combust", "Shock"])
    angel = ids["Serra Angel"]
    cast_and_resolve(g, ids["Shieldmate's Blessing"], targets=((angel,),))
    cast_and_resolve(g, ids["Combust"], targets=((angel,),))
    assert angel not in g.state.battlefield                      # 5 damage to a 4/4 despite the shield
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 18                         # the Blessing shielded the Angel, not the player


@pytest.mark.rules("615.5", "615.7")
def test_you_gain_life_equal_to_the_damage_prevented_this_way(extra_cards):
    extra_cards(REVERSE_DAMAGE)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain"], hand_a=["Shock", "Reverse Damage"])
    g.apply(CastSpell(0, ids["Shock"], targets=(("P0",),)))
    shock = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Reverse Damage"]))
    resolve_choosing(g, shock)
    assert g.state.players[0].life == 22                         # 2 prevented, 2 gained


@pytest.mark.rules("615.5", "615.7")
def test_a_counter_for_each_1_damage_prevented_this_way(extra_cards):
    extra_cards(TEMPER)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain", "Grizzly Bears"], hand_a=["Temper", "Shock"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Temper"], targets=((bears,),), x=1)
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    o = g.state.objects[bears]
    assert (o.damage, o.counters.get("+1/+1")) == (1, 1)         # 1 of the 2 prevented, 1 counter


@pytest.mark.rules("614.1a", "700.4")
def test_a_creature_dealt_damage_by_it_this_turn_is_exiled_instead_of_dying(extra_cards):
    extra_cards(FROSTWIELDER)
    g, ids = table(["Frostwielder", "Mountain"], ["Llanowar Elves", "Grizzly Bears"], hand_a=["Shock"])
    activate_and_resolve(g, ids["Frostwielder"], 0, targets=((ids["B:Llanowar Elves"],),))
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Llanowar Elves"]
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]   # not damaged by it


@pytest.mark.rules("614.1a", "700.4")
def test_if_another_creature_would_die_exile_it_instead(extra_cards):
    extra_cards(VOID_MAW)
    g, ids = table(["Void Maw", "Plains", "Plains", "Plains", "Plains"], ["Grizzly Bears"], hand_a=["Wrath of God"])
    cast_and_resolve(g, ids["Wrath of God"])
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    assert sorted(g.state.objects[o].name for o in g.state.players[0].graveyard) == ["Void Maw", "Wrath of God"]


@pytest.mark.rules("614.1a", "700.4")
def test_if_it_would_die_exile_it_instead(extra_cards):
    extra_cards(POSSESSED_SKAAB)
    g, ids = table(["Possessed Skaab", "Mountain"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Possessed Skaab"],),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Possessed Skaab"]


@pytest.mark.rules("614.1a")
def test_a_permanent_dealt_damage_this_way_is_exiled_instead_of_dying(extra_cards):
    extra_cards(UNDERWORLD_FIRES)
    g, ids = table(["Mountain", "Mountain", "Mountain", "Llanowar Elves"], ["Grizzly Bears"], hand_a=["Underworld Fires"])
    cast_and_resolve(g, ids["Underworld Fires"])
    assert [g.state.objects[o].name for o in g.state.exile] == ["Llanowar Elves"]
    assert g.state.objects[ids["B:Grizzly Bears"]].damage == 1


@pytest.mark.rules("614.1c", "601.2h", "207.2c")
@pytest.mark.parametrize("lands, counters", [(["Plains", "Island", "Swamp", "Mountain"], 4),
                                             (["Plains", "Plains", "Island", "Island"], 2)])
def test_converge_enters_with_a_counter_for_each_color_spent(extra_cards, lands, counters):
    extra_cards(CRYSTALLINE_CRAWLER)
    g, ids = table(lands, hand_a=["Crystalline Crawler"])
    cast_and_resolve(g, ids["Crystalline Crawler"])
    crawler = on_battlefield(g, "Crystalline Crawler")
    assert crawler and g.state.objects[crawler[0]].counters.get("+1/+1") == counters


@pytest.mark.rules("601.2h", "207.2c")
def test_converge_x_is_the_number_of_colors_spent_on_the_spell(extra_cards):
    extra_cards(RADIANT_FLAMES)
    g, ids = table(["Mountain", "Plains", "Mountain", "Hill Giant"], ["Grizzly Bears"], hand_a=["Radiant Flames"])
    cast_and_resolve(g, ids["Radiant Flames"])
    assert ids["B:Grizzly Bears"] not in g.state.battlefield      # 2 damage: red and white were spent
    assert g.state.objects[ids["Hill Giant"]].damage == 2
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]


ARDENVALE_PALADIN = record("Ardenvale Paladin", "{3}{W}", "Creature — Human Knight",
                           "Adamant — If at least three white mana was spent to cast this spell, Ardenvale Paladin "
                           "enters the battlefield with a +1/+1 counter on it.", "2/5")
AZORIUS_HERALD = record("Azorius Herald", "{2}{W}", "Creature — Spirit",
                        "Azorius Herald can't be blocked.\nWhen Azorius Herald enters the battlefield, you gain 4 life.\n"
                        "When Azorius Herald enters the battlefield, sacrifice it unless {U} was spent to cast it.", "2/1")
SURVIVAL_CACHE = record("Survival Cache", "{2}{W}", "Sorcery",
                        "You gain 2 life. Then if you have more life than an opponent, draw a card.\nRebound (If you "
                        "cast this spell from your hand, exile it as it resolves. At the beginning of your next upkeep, "
                        "you may cast this card from exile without paying its mana cost.)")


@pytest.mark.rules("614.1c", "601.2h", "207.2c")
@pytest.mark.parametrize("lands, counters", [(["Plains", "Plains", "Plains", "Island"], 1),
                                             (["Plains", "Plains", "Island", "Island"], None)])
def test_adamant_enters_with_a_counter_if_three_white_mana_was_spent(extra_cards, lands, counters):
    extra_cards(ARDENVALE_PALADIN)
    g, ids = table(lands, hand_a=["Ardenvale Paladin"])
    cast_and_resolve(g, ids["Ardenvale Paladin"])
    paladin = on_battlefield(g, "Ardenvale Paladin")
    assert paladin and g.state.objects[paladin[0]].counters.get("+1/+1") == counters


@pytest.mark.rules("603.4", "601.2h")
@pytest.mark.parametrize("lands, stays", [(["Plains", "Plains", "Island"], True), (["Plains", "Plains", "Plains"], False)])
def test_sacrifice_it_unless_blue_mana_was_spent_to_cast_it(extra_cards, lands, stays):
    extra_cards(AZORIUS_HERALD)
    g, ids = table(lands, hand_a=["Azorius Herald"])
    cast_and_resolve(g, ids["Azorius Herald"])
    order = g.pending                                      # its two "enters" triggers, in either order
    g.apply(Choose(order.player, tuple(order.options)))
    resolve_stack(g)
    assert bool(on_battlefield(g, "Azorius Herald")) is stays
    assert g.state.players[0].life == 24


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("life, draws", [(19, 1), (17, 0)])
def test_then_if_you_have_more_life_than_an_opponent_is_checked_after_the_life_gain(extra_cards, life, draws):
    extra_cards(SURVIVAL_CACHE)
    g, ids = table(["Plains", "Plains", "Plains"], hand_a=["Survival Cache"], life_a=life)
    cast_and_resolve(g, ids["Survival Cache"])
    assert g.state.players[0].life == life + 2
    assert len(g.state.players[0].hand) == draws


KJELDORAN_HOME_GUARD = record("Kjeldoran Home Guard", "{3}{W}", "Creature — Human Soldier",
                              "At end of combat, if Kjeldoran Home Guard attacked or blocked this combat, put a -0/-1 "
                              "counter on Kjeldoran Home Guard and create a 0/1 white Deserter creature token.", "1/6")


@pytest.mark.rules("603.4", "511.1", "613.4c")
@pytest.mark.parametrize("attacks", [True, False])
def test_if_it_attacked_or_blocked_this_combat_at_end_of_combat(extra_cards, attacks):
    extra_cards(KJELDORAN_HOME_GUARD)
    g, ids = table(["Kjeldoran Home Guard"])
    guard = ids["Kjeldoran Home Guard"]
    advance(g, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {guard: "P1"} if attacks else {}))
    advance(g, Step.MAIN2)
    assert g.characteristics(guard).toughness == (5 if attacks else 6)       # a -0/-1 counter (613.4c)
    assert len(on_battlefield(g, "Deserter Token")) == (1 if attacks else 0)


DRAGONSKULL_SUMMIT = record("Dragonskull Summit", None, "Land",
                            "Dragonskull Summit enters the battlefield tapped unless you control a Swamp or a Mountain.\n"
                            "{T}: Add {B} or {R}.")
SPHERE_OF_THE_SUNS = record("Sphere of the Suns", "{2}", "Artifact",
                            "Sphere of the Suns enters the battlefield tapped and with three charge counters on it.\n"
                            "{T}, Remove a charge counter from Sphere of the Suns: Add one mana of any color.")


@pytest.mark.rules("614.1c")
def test_enters_tapped_and_with_counters(extra_cards):
    extra_cards(SPHERE_OF_THE_SUNS, fully_read=True)
    g, ids = table(["Island", "Island"], hand_a=["Sphere of the Suns"])
    cast_and_resolve(g, ids["Sphere of the Suns"])
    sphere = g.state.objects[on_battlefield(g, "Sphere of the Suns")[0]]
    assert sphere.tapped and sphere.counters == {"charge": 3}


BUILT_TO_LAST = record("Built to Last", "{W}", "Instant",
                       "Target creature gets +2/+2 until end of turn. If it's an artifact creature, it gains "
                       "indestructible until end of turn. (Damage and effects that say \"destroy\" don't destroy it.)")


@pytest.mark.rules("614.1c", "305.7")
@pytest.mark.parametrize("land, tapped", [("Mountain", False), ("Plains", True)])
def test_enters_tapped_unless_you_control_a_swamp_or_a_mountain(extra_cards, land, tapped):
    extra_cards(DRAGONSKULL_SUMMIT)
    g, ids = table([land], hand_a=["Dragonskull Summit"])
    g.apply(PlayLand(0, ids["Dragonskull Summit"]))
    assert g.state.objects[on_battlefield(g, "Dragonskull Summit")[0]].tapped is tapped


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("creature, indestructible", [("Ornithopter", True), ("Grizzly Bears", False)])
def test_if_its_an_artifact_creature_is_checked_on_the_target(extra_cards, creature, indestructible):
    extra_cards(BUILT_TO_LAST)
    g, ids = table(["Plains", creature], hand_a=["Built to Last"])
    cast_and_resolve(g, ids["Built to Last"], targets=((ids[creature],),))
    assert g.characteristics(ids[creature]).has("indestructible") is indestructible


PORT_TOWN = record("Port Town", None, "Land",
                   "As Port Town enters the battlefield, you may reveal a Plains or Island card from your hand. If you "
                   "don't, Port Town enters the battlefield tapped.\n{T}: Add {W} or {U}.")


@pytest.mark.rules("614.12", "614.1c", "701.20a")
@pytest.mark.parametrize("hand, reveal, tapped", [(["Island"], True, False), (["Island"], False, True),
                                                  (["Mountain"], None, True)])
def test_reveal_a_card_from_your_hand_or_it_enters_tapped(extra_cards, hand, reveal, tapped):
    extra_cards(PORT_TOWN)
    g, ids = table(hand_a=["Port Town"] + hand)
    g.apply(PlayLand(0, ids["Port Town"]))
    if reveal is not None:                  # asked only with a Plains or Island card in hand
        d = g.pending
        assert d.kind is DecisionKind.CHOOSE
        events = g.apply(Choose(0, (d.options[0 if reveal else 1],)))
        assert any(e.kind == "reveal" for e in events) is reveal
    assert g.state.objects[on_battlefield(g, "Port Town")[0]].tapped is tapped


NOMADS_EN_KOR = record("Nomads en-Kor", "{W}", "Creature — Kor Nomad Soldier",
                       "{0}: The next 1 damage that would be dealt to Nomads en-Kor this turn is dealt to target creature "
                       "you control instead.", "1/1")
KARONAS_ZEALOT = record("Karona's Zealot", "{4}{W}", "Creature — Human Cleric",
                        "Morph {3}{W}{W} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any "
                        "time for its morph cost.)\nWhen Karona's Zealot is turned face up, all damage that would be dealt "
                        "to it this turn is dealt to target creature instead.", "2/5")
TURN_THE_TABLES = record("Turn the Tables", "{3}{W}{W}", "Instant",
                         "All combat damage that would be dealt to you this turn is dealt to target attacking creature "
                         "instead.")


@pytest.mark.rules("614.9")
def test_the_next_1_damage_is_dealt_to_target_creature_you_control_instead(extra_cards):
    extra_cards(NOMADS_EN_KOR)
    g, ids = table(["Nomads en-Kor", "Hill Giant", "Mountain"], hand_a=["Shock"])
    nomads, giant = ids["Nomads en-Kor"], ids["Hill Giant"]
    for _ in range(2):
        activate_and_resolve(g, nomads, 0, targets=((giant,),))
    cast_and_resolve(g, ids["Shock"], targets=((nomads,),))
    assert (g.state.objects[nomads].damage, g.state.objects[giant].damage) == (0, 2)


@pytest.mark.rules("614.9")
def test_nothing_is_redirected_to_a_creature_that_left_the_battlefield(extra_cards):
    extra_cards(NOMADS_EN_KOR)
    g, ids = table(["Nomads en-Kor", "Grizzly Bears", "Mountain", "Mountain"], hand_a=["Shock", "Lightning Bolt"])
    nomads, bears = ids["Nomads en-Kor"], ids["Grizzly Bears"]
    activate_and_resolve(g, nomads, 0, targets=((bears,),))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((bears,),))
    cast_and_resolve(g, ids["Shock"], targets=((nomads,),))
    assert nomads not in g.state.battlefield


@pytest.mark.rules("614.9", "614.5")
def test_all_combat_damage_to_you_is_dealt_to_the_attacking_creature_instead(extra_cards):
    extra_cards(TURN_THE_TABLES)
    g, ids = table(["Grizzly Bears"], ["Plains", "Plains", "Plains", "Plains", "Plains"], hand_b=["Turn the Tables"])
    bears = ids["Grizzly Bears"]
    advance(g, Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    while g.pending.player != 1 or g.pending.kind is not DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    g.apply(CastSpell(1, g.state.players[1].hand[0], targets=((bears,),)))
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 20
    assert bears not in g.state.battlefield          # its own 2 damage, dealt to it instead


PARIAH = record("Pariah", "{2}{W}", "Enchantment — Aura",
                "Enchant creature\nAll damage that would be dealt to you is dealt to enchanted creature instead.")


@pytest.mark.rules("614.9", "303.4")
def test_all_damage_that_would_be_dealt_to_you_is_dealt_to_enchanted_creature_instead(extra_cards):
    extra_cards(PARIAH)
    g, ids = table(["Plains", "Plains", "Plains", "Mountain", "Hill Giant"], hand_a=["Pariah", "Shock"])
    giant = ids["Hill Giant"]
    cast_and_resolve(g, ids["Pariah"], targets=((giant,),))
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert (g.state.players[0].life, g.state.objects[giant].damage) == (20, 2)


FLAYING_TENDRILS = record("Flaying Tendrils", "{1}{B}{B}", "Instant",
                          "Devoid (This card has no color.)\nAll creatures get -2/-2 until end of turn. If a creature "
                          "would die this turn, exile it instead.")


@pytest.mark.rules("614.1a", "700.4")
def test_if_a_creature_would_die_this_turn_exile_it_instead(extra_cards):
    extra_cards(FLAYING_TENDRILS)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Mountain", "Llanowar Elves", "Hill Giant"], ["Grizzly Bears"],
                   hand_a=["Flaying Tendrils", "Shock"])
    cast_and_resolve(g, ids["Flaying Tendrils"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Hill Giant"],),))     # dies later this turn: exiled too
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Grizzly Bears", "Hill Giant", "Llanowar Elves"]


UNNATURAL_AGGRESSION = record("Unnatural Aggression", "{2}{G}", "Instant",
                              "Devoid (This card has no color.)\nTarget creature you control fights target creature an "
                              "opponent controls. If the creature an opponent controls would die this turn, exile it "
                              "instead.")


@pytest.mark.rules("614.1a", "701.14a", "115.1")
def test_the_creature_an_opponent_controls_is_the_target_named_so(extra_cards):
    """ "the creature an opponent controls": the spell's second target only; its own fighter dies as usual."""
    extra_cards(UNNATURAL_AGGRESSION, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Hill Giant"], ["Hill Giant"], hand_a=["Unnatural Aggression"])
    cast_and_resolve(g, ids["Unnatural Aggression"], targets=((ids["Hill Giant"],), (ids["B:Hill Giant"],)))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Hill Giant"]
    assert g.state.objects[g.state.exile[0]].owner == 1
    assert "Hill Giant" in [g.state.objects[o].name for o in g.state.players[0].graveyard]


KIORA_THE_CRASHING_WAVE = record(
    "Kiora, the Crashing Wave", "{2}{G}{U}", "Legendary Planeswalker — Kiora",
    "[+1]: Until your next turn, prevent all damage that would be dealt to and dealt by target permanent an opponent "
    "controls.\n[−1]: Draw a card. You may play an additional land this turn.\n[−5]: You get an emblem with \"At the "
    "beginning of your end step, create a 9/9 blue Kraken creature token.\"", loyalty="2")


@pytest.mark.rules("615.1a", "611.2a", "606.3")
def test_kiora_prevents_damage_to_and_by_a_permanent_until_her_controllers_next_turn(extra_cards):
    extra_cards(KIORA_THE_CRASHING_WAVE, fully_read=True)
    g, ids = table(["Kiora, the Crashing Wave", "Mountain"], ["Hill Giant"], hand_a=["Lightning Bolt"])
    giant = ids["B:Hill Giant"]
    activate_and_resolve(g, ids["Kiora, the Crashing Wave"], 0, targets=((giant,),))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((giant,),))
    assert g.state.objects[giant].damage == 0
    advance(g, Step.MAIN1, turn=4)               # the opponent's turn: still on
    assert [e for e in g.state.effects if e.params.get("kind") == "prevent_to"]
    advance(g, Step.MAIN1, turn=5)               # Kiora's controller's next turn: over
    assert not [e for e in g.state.effects if e.params.get("kind") == "prevent_to"]


SUBMERGE = record("Submerge", "{4}{U}", "Instant",
                  "If an opponent controls a Forest and you control an Island, you may cast this spell without paying "
                  "its mana cost.\nPut target creature on top of its owner's library.")


@pytest.mark.rules("118.9", "601.2f")
def test_if_an_opponent_controls_a_forest_and_you_control_an_island_cast_it_without_paying(extra_cards):
    extra_cards(SUBMERGE)
    g, ids = table(["Plains"], ["Grizzly Bears"], hand_a=["Submerge"])
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):      # no Forest across, no Island here
        g.apply(CastSpell(0, ids["Submerge"], targets=((bears,),), alt="alternative"))
    g.add_card("Island", 0, Zone.BATTLEFIELD)
    g.add_card("Forest", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Submerge"], targets=((bears,),), alt="alternative")
    assert g.state.objects[g.state.players[1].library[-1]].name == "Grizzly Bears"        # on top
    assert not g.state.objects[ids["Plains"]].tapped


BRIMSTONE_VOLLEY = record("Brimstone Volley", "{2}{R}", "Instant",
                          "Brimstone Volley deals 3 damage to any target.\nMorbid — Brimstone Volley deals 5 damage "
                          "instead if a creature died this turn.")
RAY_OF_ENFEEBLEMENT = record("Ray of Enfeeblement", "{B}", "Instant",
                             "Target creature gets -4/-1 until end of turn. If that creature is white, it gets -4/-4 "
                             "until end of turn instead.")


@pytest.mark.rules("608.2c", "207.2c")
@pytest.mark.parametrize("died, life", [(False, 17), (True, 15)])
def test_it_deals_more_damage_instead_if_a_creature_died_this_turn(extra_cards, died, life):
    extra_cards(BRIMSTONE_VOLLEY)
    g, ids = table(["Mountain", "Mountain", "Mountain", "Mountain", "Llanowar Elves"], hand_a=["Brimstone Volley", "Shock"])
    if died:
        cast_and_resolve(g, ids["Shock"], targets=((ids["Llanowar Elves"],),))
    cast_and_resolve(g, ids["Brimstone Volley"], targets=(("P1",),))
    assert g.state.players[1].life == life


@pytest.mark.rules("608.2c")
def test_if_that_creature_is_white_it_gets_more_instead(extra_cards):
    extra_cards(RAY_OF_ENFEEBLEMENT)
    g, ids = table(["Swamp", "Swamp"], ["Savannah Lions", "Hill Giant"], hand_a=["Ray of Enfeeblement"])
    g.add_card("Ray of Enfeeblement", 0, Zone.HAND)
    second = g.state.players[0].hand[-1]
    lions, giant = ids["B:Savannah Lions"], ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Ray of Enfeeblement"], targets=((giant,),))
    assert (g.characteristics(giant).power, g.characteristics(giant).toughness) == (-1, 2)      # red: -4/-1
    cast_and_resolve(g, second, targets=((lions,),))
    assert lions not in g.state.battlefield                                                      # white: -4/-4


DEGA_SANCTUARY = record("Dega Sanctuary", "{2}{W}", "Enchantment",
                        "At the beginning of your upkeep, if you control a black or red permanent, you gain 2 life. If "
                        "you control a black permanent and a red permanent, you gain 4 life instead.")
WALKING_CORPSE = record("Walking Corpse", "{1}{B}", "Creature — Zombie", "", "2/2")


@pytest.mark.rules("603.4", "608.2c")
@pytest.mark.parametrize("creatures, life", [(["Hill Giant"], 22), (["Hill Giant", "Walking Corpse"], 24)])
def test_you_control_a_black_permanent_and_a_red_permanent(extra_cards, creatures, life):
    extra_cards(DEGA_SANCTUARY, WALKING_CORPSE)
    g, ids = table(["Dega Sanctuary"] + creatures)
    advance(g, Step.DRAW, turn=5)
    assert g.state.players[0].life == life


SIVVIS_RUSE = record("Sivvi's Ruse", "{2}{W}{W}", "Instant",
                     "If an opponent controls a Mountain and you control a Plains, you may cast this spell without "
                     "paying its mana cost.\nPrevent all damage that would be dealt this turn to creatures you control.")
CHANT_OF_VITU_GHAZI = record("Chant of Vitu-Ghazi", "{6}{W}{W}", "Instant",
                             "Convoke (Your creatures can help cast this spell. Each creature you tap while casting this "
                             "spell pays for {1} or one mana of that creature's color.)\nPrevent all damage that would "
                             "be dealt by creatures this turn. You gain life equal to the damage prevented this way.")


@pytest.mark.rules("615.1a", "611.2c")
def test_prevent_all_damage_to_creatures_you_control_this_turn_covers_those_that_enter_later(extra_cards):
    extra_cards(SIVVIS_RUSE)
    g, ids = table(["Plains", "Plains", "Plains", "Plains", "Mountain"], hand_a=["Sivvi's Ruse", "Shock"])
    cast_and_resolve(g, ids["Sivvi's Ruse"])
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    assert g.state.objects[bears].damage == 0


@pytest.mark.rules("615.1a", "615.5")
def test_prevent_all_damage_dealt_by_creatures_and_gain_that_much_life(extra_cards):
    extra_cards(CHANT_OF_VITU_GHAZI, FROSTWIELDER)
    g, ids = table(["Frostwielder"] + ["Plains"] * 8, hand_a=["Chant of Vitu-Ghazi"])
    cast_and_resolve(g, ids["Chant of Vitu-Ghazi"])
    activate_and_resolve(g, ids["Frostwielder"], 0, targets=(("P1",),))
    assert (g.state.players[1].life, g.state.players[0].life) == (20, 21)


@pytest.mark.rules("700.4", "701.21a", "614.1a")
def test_a_sacrificed_creature_dies_so_would_die_replacements_apply():
    """Sacrificing isn't destroying, but a sacrificed creature dies (700.4): Kalitas's "if a nontoken creature an
    opponent controls would die, instead exile that card and create a Zombie" replaces it."""
    g, ids = table(["Kalitas, Traitor of Ghet", "Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Diabolic Edict"])
    g.apply(CastSpell(0, ids["Diabolic Edict"], targets=(("P1",),)))
    resolve_stack(g)
    assert not g.state.players[1].graveyard
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    assert on_battlefield(g, "Zombie Token")


ANGEL_OF_GRACE = record("Angel of Grace", "{4}{W}{W}", "Creature — Angel",
                        "Flash\nFlying\nWhen Angel of Grace enters the battlefield, until end of turn, damage that "
                        "would reduce your life total to less than 1 reduces it to 1 instead.\n{4}{W}{W}, Exile Angel "
                        "of Grace from your graveyard: Your life total becomes 10.", "3/3")


@pytest.mark.rules("614.1a", "120.3a")
def test_until_end_of_turn_damage_reduces_your_life_to_1_at_most(extra_cards):
    extra_cards(ANGEL_OF_GRACE, fully_read=True)
    g, ids = table(["Plains"] * 6 + ["Mountain", "Mountain"], life_a=3, hand_a=["Angel of Grace", "Shock"])
    second = g.add_card("Shock", 0, Zone.HAND)
    cast_and_resolve(g, ids["Angel of Grace"])          # the creature, then its trigger
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    assert g.state.players[0].life == 1                 # 2 damage: down to 1 only
    assert [e.duration for e in g.state.effects if e.params["kind"] == "life_floor"] == ["end_of_turn"]
    g.set_player(1, life=2)
    cast_and_resolve(g, second, targets=(("P1",),))
    assert g.state.players[1].life == 0 and g.state.players[1].lost      # the opponent's life isn't floored
