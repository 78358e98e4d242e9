"""More kinds of activation cost read by engine.oracle.costs_text (602.1a, 118): tapping other permanents, paying
half your life, milling or exiling from the library, returning several lands, putting a counter on a creature
you control and removing all counters, each compiled from a real card's wording and paid through the `Game` API."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, resolve_stack, settle, table
from tests.oracle.conftest import record

TOPAN_ASCETIC = record("Topan Ascetic", "{1}{W}", "Creature — Human Monk",
                       "Tap an untapped creature you control: Topan Ascetic gets +1/+1 until end of turn.", "2/1")
SURE_FOOTED_INFILTRATOR = record("Sure-Footed Infiltrator", "{3}{U}", "Creature — Faerie Rogue",
                                 "Flying\nTap another untapped Rogue you control: Sure-Footed Infiltrator can't be "
                                 "blocked this turn.\nWhenever Sure-Footed Infiltrator deals combat damage to a player, "
                                 "draw a card.", "2/3")
LURKING_EVIL = record("Lurking Evil", "{B}{B}{B}", "Enchantment",
                      "Pay half your life, rounded up: Lurking Evil becomes a 4/4 Phyrexian Horror creature with "
                      "flying.")
MILLIKIN = record("Millikin", "{2}", "Artifact Creature — Construct",
                  "{T}, Mill a card: Add {C}. (To mill a card, put the top card of your library into your graveyard.)",
                  "0/1")
WHIRLING_CATAPULT = record("Whirling Catapult", "{4}", "Artifact",
                           "{2}, Exile the top two cards of your library: Whirling Catapult deals 1 damage to each "
                           "creature with flying and each player.")
PEARL_LAKE_ANCIENT = record("Pearl Lake Ancient", "{5}{U}{U}", "Creature — Leviathan",
                            "Flash\nThis spell can't be countered.\nProwess\nReturn three lands you control to their "
                            "owner's hand: Return Pearl Lake Ancient to its owner's hand.", "6/7")
HATCHET_BULLY = record("Hatchet Bully", "{3}{R}", "Creature — Goblin Warrior",
                       "{2}{R}, {T}, Put a -1/-1 counter on a creature you control: Hatchet Bully deals 2 damage to any "
                       "target.", "3/3")
RELIC_AMULET = record("Relic Amulet", "{2}", "Artifact",
                      "Whenever you cast an instant, sorcery, or Wizard spell, put a charge counter on Relic Amulet.\n"
                      "{2}, {T}, Remove all charge counters from Relic Amulet: It deals that much damage to target "
                      "creature.")


@pytest.mark.rules("602.1a", "302.6", "118.3")
def test_tap_an_untapped_creature_may_tap_the_source_itself(extra_cards):
    """Only a {T} or {Q} cost of its own is barred by summoning sickness (302.6): the creature may tap itself to pay
    "Tap an untapped creature you control", and then not again."""
    extra_cards(TOPAN_ASCETIC, fully_read=True)
    g, ids = table(["Topan Ascetic"])
    monk = ids["Topan Ascetic"]
    g.state.objects[monk].sick = True
    activate_and_resolve(g, monk, 0)
    assert g.state.objects[monk].tapped and g.characteristics(monk).power == 3
    with pytest.raises(IllegalAction, match="nothing to tap"):
        g.apply(ActivateAbility(0, monk, 0))


@pytest.mark.rules("602.1a", "118.3")
def test_tap_another_untapped_rogue(extra_cards):
    extra_cards(SURE_FOOTED_INFILTRATOR, fully_read=True)
    g, ids = table(["Sure-Footed Infiltrator"])
    first = ids["Sure-Footed Infiltrator"]
    with pytest.raises(IllegalAction, match="nothing to tap"):
        g.apply(ActivateAbility(0, first, 0))       # "another": not itself
    second = g.add_card("Sure-Footed Infiltrator", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, first, 0)
    assert g.state.objects[second].tapped and not g.state.objects[first].tapped


@pytest.mark.rules("119.4", "107.1a", "205.1a")
@pytest.mark.parametrize("life,left", [(15, 7), (20, 10), (3, 1)])
def test_pay_half_your_life_rounded_up(extra_cards, life, left):
    extra_cards(LURKING_EVIL, fully_read=True)
    g, ids = table(["Lurking Evil"], life_a=life)
    activate_and_resolve(g, ids["Lurking Evil"], 0)
    assert g.state.players[0].life == left
    ch = g.characteristics(ids["Lurking Evil"])
    # 205.1a: "becomes a 4/4 Phyrexian Horror creature": its card types replaced, no longer an enchantment
    assert ch.is_creature and not ch.is_type("Enchantment") and (ch.power, ch.toughness) == (4, 4)


@pytest.mark.rules("701.17a", "701.17b", "605.3b", "118.3")
def test_mill_a_card_as_a_cost(extra_cards):
    extra_cards(MILLIKIN, fully_read=True)
    g, ids = table(["Millikin"])
    millikin = ids["Millikin"]
    g.state.objects[millikin].sick = False
    g.apply(ActivateAbility(0, millikin, 0))
    assert g.state.players[0].mana_pool["C"] == 1
    assert len(g.state.players[0].graveyard) == 1 and len(g.state.players[0].library) == 7
    g.state.objects[millikin].tapped = False
    g.state.players[0].library.clear()
    with pytest.raises(IllegalAction, match="library"):
        g.apply(ActivateAbility(0, millikin, 0))        # no card to mill: the cost can't be paid


@pytest.mark.rules("602.1a", "118.3", "406.3")
def test_exile_the_top_two_cards_of_your_library(extra_cards):
    extra_cards(WHIRLING_CATAPULT, fully_read=True)
    g, ids = table(["Whirling Catapult", "Plains", "Plains", "Serra Angel"])
    activate_and_resolve(g, ids["Whirling Catapult"], 0)
    assert len(g.state.exile) == 2 and len(g.state.players[0].library) == 6
    assert g.state.objects[ids["Serra Angel"]].damage == 1
    assert [p.life for p in g.state.players] == [19, 19]


@pytest.mark.rules("602.1a", "118.3")
def test_return_three_lands_you_control(extra_cards):
    extra_cards(PEARL_LAKE_ANCIENT, fully_read=True)
    g, ids = table(["Pearl Lake Ancient", "Island", "Island"])
    ancient = ids["Pearl Lake Ancient"]
    with pytest.raises(IllegalAction, match="nothing to return"):
        g.apply(ActivateAbility(0, ancient, 0))
    g.add_card("Island", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, ancient, 0)
    hand = sorted(g.characteristics(o).name for o in g.state.players[0].hand)
    assert hand == ["Island", "Island", "Island", "Pearl Lake Ancient"] and not g.state.battlefield


@pytest.mark.rules("602.1a", "118.3", "122.1")
def test_put_a_counter_on_a_creature_you_control(extra_cards):
    extra_cards(HATCHET_BULLY, fully_read=True)
    g, ids = table(["Hatchet Bully", "Grizzly Bears", "Mountain", "Mountain", "Mountain"])
    bully, bears = ids["Hatchet Bully"], ids["Grizzly Bears"]
    g.state.objects[bully].sick = False
    g.apply(ActivateAbility(0, bully, 0, targets=(("P1",),)))
    g.apply(Choose(0, (bears,)))
    assert g.state.objects[bears].counters["-1/-1"] == 1 and not g.state.objects[bully].counters.get("-1/-1")
    assert not g.state.objects[bears].tapped            # a counter put on it pays nothing else
    resolve_stack(g)
    assert g.state.players[1].life == 18


@pytest.mark.rules("602.1a", "118.3", "608.2h")
@pytest.mark.parametrize("charges", [3, 0])
def test_remove_all_counters_deals_that_much(extra_cards, charges):
    extra_cards(RELIC_AMULET, fully_read=True)
    g, ids = table(["Relic Amulet", "Plains", "Plains"], ["Serra Angel"])
    amulet, angel = ids["Relic Amulet"], ids["B:Serra Angel"]
    g.state.objects[amulet].counters["charge"] = charges
    activate_and_resolve(g, amulet, 0, targets=((angel,),))
    assert g.state.objects[amulet].counters.get("charge", 0) == 0
    assert g.state.objects[angel].damage == charges


ZOMBIE_SCAVENGERS = record("Zombie Scavengers", "{2}{B}", "Creature — Zombie",
                           "Exile the top creature card of your graveyard: Regenerate Zombie Scavengers.", "3/1")
LEASHLING = record("Leashling", "{6}", "Artifact Creature — Dog",
                   "Put a card from your hand on top of your library: Return Leashling to its owner's hand.", "3/3")
SCRAPHEAP_SCROUNGER = record("Scrapheap Scrounger", "{2}", "Artifact Creature — Construct",
                             "Scrapheap Scrounger can't block.\n{1}{B}, Exile another creature card from your graveyard: "
                             "Return Scrapheap Scrounger from your graveyard to the battlefield.", "3/2")


@pytest.mark.rules("602.1a", "404.1", "118.3")
def test_exile_the_top_creature_card_of_your_graveyard(extra_cards):
    """The top card of a graveyard is the last one put there (404.1); "the top creature card" the topmost of those."""
    extra_cards(ZOMBIE_SCAVENGERS, fully_read=True)
    g, ids = table(["Zombie Scavengers"])
    zombie = ids["Zombie Scavengers"]
    with pytest.raises(IllegalAction, match="graveyard"):
        g.apply(ActivateAbility(0, zombie, 0))
    for name in ("Savannah Lions", "Grizzly Bears", "Plains"):
        g.add_card(name, 0, Zone.GRAVEYARD)
    activate_and_resolve(g, zombie, 0)
    assert [g.characteristics(o).name for o in g.state.exile] == ["Grizzly Bears"]
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Savannah Lions", "Plains"]


@pytest.mark.rules("602.1a", "401.2")
def test_put_a_card_from_your_hand_on_top_of_your_library(extra_cards):
    extra_cards(LEASHLING, fully_read=True)
    g, ids = table(["Leashling"], hand_a=["Serra Angel"])
    activate_and_resolve(g, ids["Leashling"], 0)
    library = g.state.players[0].library
    assert g.characteristics(library[-1]).name == "Serra Angel"
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Leashling"]


@pytest.mark.rules("602.1a", "113.6m")
def test_exile_another_creature_card_from_your_graveyard(extra_cards):
    extra_cards(SCRAPHEAP_SCROUNGER, fully_read=True)
    g, ids = table(["Swamp", "Swamp"])
    scrounger = g.add_card("Scrapheap Scrounger", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction, match="nothing to exile"):
        g.apply(ActivateAbility(0, scrounger, 0))       # not itself
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, scrounger, 0)
    assert [g.characteristics(o).name for o in g.state.exile] == ["Grizzly Bears"]
    assert "Scrapheap Scrounger" in [g.characteristics(o).name for o in g.state.battlefield]


ENSNARE = record("Ensnare", "{3}{U}", "Instant",
                 "You may return two Islands you control to their owner's hand rather than pay this spell's mana cost.\n"
                 "Tap all creatures.")
GARZAS_ASSASSIN = record("Garza's Assassin", "{B}{B}{B}", "Creature — Human Assassin",
                         "Sacrifice Garza's Assassin: Destroy target nonblack creature.\nRecover—Pay half your life, "
                         "rounded up. (When another creature is put into your graveyard from the battlefield, you may "
                         "pay half your life, rounded up. If you do, return this card from your graveyard to your hand. "
                         "Otherwise, exile this card.)", "1/1")


@pytest.mark.rules("118.9", "601.2f", "118.3")
def test_an_alternative_cost_returning_two_islands(extra_cards):
    extra_cards(ENSNARE, fully_read=True)
    g, ids = table(["Island", "Island"], ["Grizzly Bears"], hand_a=["Ensnare"])
    g.apply(CastSpell(0, ids["Ensnare"], alt="alternative"))
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Island", "Island"]
    resolve_stack(g)
    assert g.state.objects[ids["B:Grizzly Bears"]].tapped


@pytest.mark.rules("702.59a")
def test_a_keyword_made_with_its_mana_cost_alone_stays_unread_with_another_cost():
    assert compile_card(GARZAS_ASSASSIN).unsupported == ("Recover with a cost other than mana",)


KORLASH = record("Korlash, Heir to Blackblade", "{2}{B}{B}", "Legendary Creature — Zombie Warrior",
                 "Korlash, Heir to Blackblade's power and toughness are each equal to the number of Swamps you control.\n"
                 "{1}{B}: Regenerate Korlash.\nGrandeur — Discard another card named Korlash, Heir to Blackblade: "
                 "Search your library for up to two Swamp cards, put them onto the battlefield tapped, then shuffle.",
                 "*/*")


@pytest.mark.rules("207.2c", "602.1a", "118.3", "701.9a")
def test_grandeur_discards_another_card_with_its_name(extra_cards):
    extra_cards(KORLASH, fully_read=True)
    g, ids = table(["Korlash, Heir to Blackblade", "Swamp"], hand_a=["Swamp"])
    korlash = ids["Korlash, Heir to Blackblade"]
    with pytest.raises(IllegalAction, match="nothing to discard"):
        g.apply(ActivateAbility(0, korlash, 1))        # a Swamp isn't a card named Korlash
    g.add_card("Korlash, Heir to Blackblade", 0, Zone.HAND)
    for _ in range(2):
        g.add_card("Swamp", 0, Zone.LIBRARY)
    g.apply(ActivateAbility(0, korlash, 1))
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Korlash, Heir to Blackblade"]
    settle(g, lambda d: tuple(d.options[:d.max]))
    swamps = [o for o in g.state.battlefield if g.characteristics(o).name == "Swamp"]
    assert len(swamps) == 3 and g.characteristics(korlash).power == 3


JARAD = record("Jarad, Golgari Lich Lord", "{B}{B}{G}{G}", "Legendary Creature — Zombie Elf",
               "Jarad, Golgari Lich Lord gets +1/+1 for each creature card in your graveyard.\n{1}{B}{G}, Sacrifice "
               "another creature: Each opponent loses life equal to the sacrificed creature's power.\nSacrifice a Swamp "
               "and a Forest: Return Jarad from your graveyard to your hand.", "2/2")
VISCERID_DRONE = record("Viscerid Drone", "{1}{U}", "Creature — Homarid Drone",
                        "{T}, Sacrifice a creature and a Swamp: Destroy target nonartifact creature. It can't be "
                        "regenerated.\n{T}, Sacrifice a creature and a snow Swamp: Destroy target creature. It can't be "
                        "regenerated.", "1/2")


@pytest.mark.rules("602.1a", "118.3", "113.6k")
def test_sacrifice_a_swamp_and_a_forest(extra_cards):
    extra_cards(JARAD, fully_read=True)
    g, ids = table(["Swamp", "Swamp"])
    jarad = g.add_card("Jarad, Golgari Lich Lord", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction, match="to sacrifice"):
        g.apply(ActivateAbility(0, jarad, 1))       # two Swamps, no Forest
    g.add_card("Forest", 0, Zone.BATTLEFIELD)
    g.apply(ActivateAbility(0, jarad, 1))
    settle(g)
    assert sorted(g.characteristics(o).name for o in g.state.battlefield) == ["Swamp"]
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Jarad, Golgari Lich Lord"]


@pytest.mark.rules("602.1a", "118.3", "701.21a")
def test_sacrifice_a_creature_and_a_swamp(extra_cards):
    extra_cards(VISCERID_DRONE, fully_read=True)
    g, ids = table(["Viscerid Drone", "Grizzly Bears", "Swamp"], ["Serra Angel"])
    drone, bears, angel = ids["Viscerid Drone"], ids["Grizzly Bears"], ids["B:Serra Angel"]
    g.state.objects[drone].sick = False
    g.apply(ActivateAbility(0, drone, 0, targets=((angel,),)))
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == sorted([drone, bears])
    g.apply(Choose(0, (bears,)))
    resolve_stack(g)
    assert angel not in g.state.battlefield and bears not in g.state.battlefield
    assert [g.characteristics(o).name for o in g.state.battlefield] == ["Viscerid Drone"]


ELITE_HEADHUNTER = record("Elite Headhunter", "{B/R}{B/R}{B/R}{B/R}", "Creature — Human Knight",
                          "Menace (This creature can't be blocked except by two or more creatures.)\n{B/R}{B/R}{B/R}, "
                          "Sacrifice another creature or an artifact: Elite Headhunter deals 2 damage to target "
                          "creature or planeswalker.", "2/3")


@pytest.mark.rules("602.1a", "118.3", "701.21a")
def test_sacrifice_another_creature_or_an_artifact(extra_cards):
    extra_cards(ELITE_HEADHUNTER, fully_read=True)
    g, ids = table(["Elite Headhunter", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears"])
    headhunter, bears = ids["Elite Headhunter"], ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction, match="nothing to sacrifice"):
        g.apply(ActivateAbility(0, headhunter, 0, targets=((bears,),)))     # not itself
    g.add_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, headhunter, 0, targets=((bears,),))
    assert bears not in g.state.battlefield and headhunter in g.state.battlefield
    assert "Savannah Lions" in [g.characteristics(o).name for o in g.state.players[0].graveyard]
