"""Static abilities with conditions and counted amounts the engine checks continuously (611.3a, 604.3, 613.4c):
"as long as any player controls a black permanent", "... there is a Desert card in your graveyard", "... an opponent
owns a card in exile", "... an opponent has 10 or less life" (each opponent on their own), "... you had another
creature enter under your control this turn", "... you've drawn two or more cards this turn", "+1/+1 for each poison
counter your opponents have", "+X/+0, where X is the amount of life you've lost this turn", "as long as it's attacking
alone" (506.5), "Each land gets +2/+2 as long as it's a creature"."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import CastSpell, Choose, DeclareBlockers, SandboxLife
from tests.engine.driving import (attack, can_block, cast_and_resolve, cast_and_settle, on_battlefield, pass_until,
                                  table, until_blockers)
from tests.oracle.conftest import record

KNIGHT_OF_GRACE = record("Knight of Grace", "{1}{W}", "Creature — Human Knight",
                         "First strike\nHexproof from black (This creature can't be the target of black spells or "
                         "abilities your opponents control.)\nKnight of Grace gets +1/+0 as long as any player controls "
                         "a black permanent.", "2/2")
RAMUNAP_HYDRA = record("Ramunap Hydra", "{3}{G}", "Creature — Snake Hydra",
                       "Vigilance, reach, trample\nRamunap Hydra gets +1/+1 as long as you control a Desert.\n"
                       "Ramunap Hydra gets +1/+1 as long as there is a Desert card in your graveyard.", "3/3")
DESERT = record("Desert", None, "Land — Desert",
                "{T}: Add {C}.\n{T}: Desert deals 1 damage to target attacking creature. Activate only during the end "
                "of combat step.")
WARDEN_OF_THE_BEYOND = record("Warden of the Beyond", "{2}{W}", "Creature — Human Wizard",
                              "Vigilance (Attacking doesn't cause this creature to tap.)\nWarden of the Beyond gets "
                              "+2/+2 as long as an opponent owns a card in exile.", "2/2")
GUUL_DRAZ_VAMPIRE = record("Guul Draz Vampire", "{B}", "Creature — Vampire Rogue",
                           "As long as an opponent has 10 or less life, Guul Draz Vampire gets +2/+1 and has "
                           "intimidate. (It can't be blocked except by artifact creatures and/or creatures that share "
                           "a color with it.)", "1/1")
SOARING_THOUGHT_THIEF = record("Soaring Thought-Thief", "{U}{B}", "Creature — Human Rogue",
                               "Flash\nFlying\nAs long as an opponent has eight or more cards in their graveyard, Rogues "
                               "you control get +1/+0.\nWhenever one or more Rogues you control attack, each opponent "
                               "mills two cards.", "1/3")
SWIMMER_IN_NIGHTMARES = record("Swimmer in Nightmares", "{2}{U}", "Creature — Nightmare Merfolk",
                               "Swimmer in Nightmares gets +3/+0 as long as there are ten or more cards in a single "
                               "graveyard.\nSwimmer in Nightmares can't be blocked as long as you control an Ashiok "
                               "planeswalker.", "1/4")
SADDLED_RIMESTAG = record("Saddled Rimestag", "{1}{G}", "Snow Creature — Elk",
                          "Saddled Rimestag gets +2/+2 as long as you had another creature enter the battlefield under "
                          "your control this turn.", "2/2")
SPINEHORN_MINOTAUR = record("Spinehorn Minotaur", "{2}{R}", "Creature — Minotaur Berserker",
                            "As long as you've drawn two or more cards this turn, Spinehorn Minotaur has double strike.",
                            "2/3")
MYCOSYNTH_FIEND = record("Mycosynth Fiend", "{2}{G}", "Creature — Phyrexian Horror",
                         "Mycosynth Fiend gets +1/+1 for each poison counter your opponents have.", "2/2")
GREVEN = record("Greven, Predator Captain", "{3}{B}{R}", "Legendary Creature — Phyrexian Human Warrior",
                "Menace\nGreven, Predator Captain gets +X/+0, where X is the amount of life you've lost this turn.\n"
                "Whenever Greven attacks, you may sacrifice another creature. If you do, you draw cards equal to that "
                "creature's power and you lose life equal to that creature's toughness.", "5/5")
YUAN_TI_MALISON = record("Yuan-Ti Malison", "{1}{U}", "Creature — Snake Rogue",
                         "Yuan-Ti Malison can't be blocked as long as it's attacking alone.\nWhenever Yuan-Ti Malison "
                         "deals combat damage to a player, venture into the dungeon. (Enter the first room or advance "
                         "to the next room.)", "2/1")
RAMPAGING_CYCLOPS = record("Rampaging Cyclops", "{3}{R}", "Creature — Cyclops",
                           "Rampaging Cyclops gets -2/-0 as long as two or more creatures are blocking it.", "4/4")
EARTH_SURGE = record("Earth Surge", "{3}{G}", "Enchantment", "Each land gets +2/+2 as long as it's a creature.")
DRYAD_ARBOR = record("Dryad Arbor", None, "Land Creature — Forest Dryad",
                     "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")",
                     "1/1")


def _pt(g, oid: int) -> tuple[int, int]:
    ch = g.characteristics(oid)
    return ch.power, ch.toughness


@pytest.mark.rules("611.3a")
def test_any_player_controls_a_black_permanent(extra_cards):
    extra_cards(KNIGHT_OF_GRACE, fully_read=True)
    g, ids = table(["Knight of Grace"])
    assert _pt(g, ids["Knight of Grace"]) == (2, 2)
    g.add_card("Sengir Vampire", 1, Zone.BATTLEFIELD)       # the opponent's black permanent counts too
    assert _pt(g, ids["Knight of Grace"]) == (3, 2)


@pytest.mark.rules("611.3a", "404.2")
def test_a_desert_card_in_your_graveyard(extra_cards):
    extra_cards(RAMUNAP_HYDRA, DESERT, fully_read=True)
    g, ids = table(["Ramunap Hydra"])
    g.add_card("Desert", 1, Zone.GRAVEYARD)                 # in the opponent's graveyard: not yours
    assert _pt(g, ids["Ramunap Hydra"]) == (3, 3)
    g.add_card("Desert", 0, Zone.GRAVEYARD)
    assert _pt(g, ids["Ramunap Hydra"]) == (4, 4)


@pytest.mark.rules("611.3a", "406.1")
def test_an_opponent_owns_a_card_in_exile(extra_cards):
    extra_cards(WARDEN_OF_THE_BEYOND, fully_read=True)
    g, ids = table(["Warden of the Beyond", "Plains"], ["Grizzly Bears"], hand_a=["Swords to Plowshares"])
    g.add_card("Hill Giant", 0, Zone.EXILE)                 # a card of your own in exile doesn't count
    assert _pt(g, ids["Warden of the Beyond"]) == (2, 2)
    cast_and_resolve(g, ids["Swords to Plowshares"], targets=((ids["B:Grizzly Bears"],),))
    assert _pt(g, ids["Warden of the Beyond"]) == (4, 4)


@pytest.mark.rules("611.3a", "119.3")
def test_an_opponent_has_10_or_less_life(extra_cards):
    extra_cards(GUUL_DRAZ_VAMPIRE, fully_read=True)
    g, ids = table(["Guul Draz Vampire", "Mountain"], hand_a=["Lightning Bolt"], life_a=5)
    g.set_player(1, life=13)                                # its controller's own low life doesn't count
    vampire = ids["Guul Draz Vampire"]
    assert _pt(g, vampire) == (1, 1) and not g.characteristics(vampire).has("intimidate")
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert _pt(g, vampire) == (3, 2) and g.characteristics(vampire).has("intimidate")


@pytest.mark.rules("611.3a", "404.2")
def test_an_opponent_has_eight_cards_in_their_graveyard(extra_cards):
    extra_cards(SOARING_THOUGHT_THIEF, fully_read=True)
    g, ids = table(["Soaring Thought-Thief"])
    for _ in range(7):
        g.add_card("Plains", 1, Zone.GRAVEYARD)
    for _ in range(5):
        g.add_card("Plains", 0, Zone.GRAVEYARD)             # yours don't add to theirs
    assert _pt(g, ids["Soaring Thought-Thief"]) == (1, 3)
    g.add_card("Plains", 1, Zone.GRAVEYARD)
    assert _pt(g, ids["Soaring Thought-Thief"]) == (2, 3)


@pytest.mark.rules("611.3a", "404.2")
def test_ten_cards_in_a_single_graveyard(extra_cards):
    extra_cards(SWIMMER_IN_NIGHTMARES, fully_read=True)
    g, ids = table(["Swimmer in Nightmares"])
    for p in (0, 1):
        for _ in range(9):
            g.add_card("Plains", p, Zone.GRAVEYARD)         # eighteen cards, but nine in each
    assert _pt(g, ids["Swimmer in Nightmares"]) == (1, 4)
    g.add_card("Plains", 1, Zone.GRAVEYARD)
    assert _pt(g, ids["Swimmer in Nightmares"]) == (4, 4)


@pytest.mark.rules("611.3a", "603.6a")
def test_another_creature_entered_under_your_control_this_turn(extra_cards):
    extra_cards(SADDLED_RIMESTAG, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Forest"], hand_a=["Saddled Rimestag", "Grizzly Bears"])
    cast_and_resolve(g, ids["Saddled Rimestag"])
    (stag,) = on_battlefield(g, "Saddled Rimestag")
    assert _pt(g, stag) == (2, 2)                           # its own entering isn't another creature's
    cast_and_resolve(g, ids["Grizzly Bears"])
    assert _pt(g, stag) == (4, 4)


@pytest.mark.rules("611.3a", "121.1")
def test_drawn_two_or_more_cards_this_turn(extra_cards):
    extra_cards(SPINEHORN_MINOTAUR, fully_read=True)
    g, ids = table(["Spinehorn Minotaur", "Island", "Island", "Island", "Island"], hand_a=["Opt", "Divination"])
    cast_and_settle(g, ids["Opt"])                          # scry 1, then one card drawn
    assert not g.characteristics(ids["Spinehorn Minotaur"]).has("double strike")
    cast_and_resolve(g, ids["Divination"])
    assert g.characteristics(ids["Spinehorn Minotaur"]).has("double strike")


@pytest.mark.rules("604.3", "122.1f")
def test_for_each_poison_counter_your_opponents_have(extra_cards):
    extra_cards(MYCOSYNTH_FIEND, fully_read=True)
    g, ids = table(["Mycosynth Fiend"])
    g.set_player(0, poison=4)                               # its controller's own don't count
    g.set_player(1, poison=3)
    assert _pt(g, ids["Mycosynth Fiend"]) == (5, 5)


GRIM_AFFLICTION = record("Grim Affliction", "{2}{B}", "Instant", "Put a -1/-1 counter on target creature, then proliferate.")


@pytest.mark.rules("604.3", "701.34a")
def test_a_poison_counter_given_by_proliferate_or_by_hand_counts_at_once(extra_cards):
    extra_cards(MYCOSYNTH_FIEND, GRIM_AFFLICTION, fully_read=True)
    g, ids = table(["Mycosynth Fiend", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Grim Affliction"])
    fiend = ids["Mycosynth Fiend"]
    g.set_player(1, poison=1)
    assert _pt(g, fiend) == (3, 3)
    g.apply(CastSpell(0, ids["Grim Affliction"], targets=((ids["B:Grizzly Bears"],),)))
    pass_until(g, DecisionKind.CHOOSE)
    g.apply(Choose(0, ("P1",)))
    assert g.state.players[1].poison == 2 and _pt(g, fiend) == (4, 4)
    g.state.enforce = False                                 # the sandbox: the same table, validation off
    g.apply(SandboxLife(0, target=1, delta=1, poison=True))
    assert _pt(g, fiend) == (5, 5)


@pytest.mark.rules("604.3", "119.3")
def test_x_is_the_life_you_have_lost_this_turn(extra_cards):
    extra_cards(GREVEN, fully_read=True)
    g, ids = table(["Greven, Predator Captain", "Mountain"], hand_a=["Lightning Bolt"])
    assert _pt(g, ids["Greven, Predator Captain"]) == (5, 5)
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P0",),))
    assert _pt(g, ids["Greven, Predator Captain"]) == (8, 5)


@pytest.mark.rules("506.5", "509.1b", "611.3a")
def test_cant_be_blocked_while_attacking_alone(extra_cards):
    extra_cards(YUAN_TI_MALISON, fully_read=True)
    g, ids = table(["Yuan-Ti Malison", "Grizzly Bears"], ["Hill Giant"])
    attack(g, ids["Yuan-Ti Malison"])
    until_blockers(g)
    assert not can_block(g, ids["B:Hill Giant"], ids["Yuan-Ti Malison"])
    g, ids = table(["Yuan-Ti Malison", "Grizzly Bears"], ["Hill Giant"])
    attack(g, ids["Yuan-Ti Malison"], ids["Grizzly Bears"])
    until_blockers(g)
    assert can_block(g, ids["B:Hill Giant"], ids["Yuan-Ti Malison"])


@pytest.mark.rules("509.1h", "611.3a")
def test_gets_less_while_two_creatures_block_it(extra_cards):
    extra_cards(RAMPAGING_CYCLOPS, fully_read=True)
    g, ids = table(["Rampaging Cyclops"], ["Grizzly Bears", "Elite Vanguard"])
    attack(g, ids["Rampaging Cyclops"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Rampaging Cyclops"],),
                                ids["B:Elite Vanguard"]: (ids["Rampaging Cyclops"],)}))
    assert _pt(g, ids["Rampaging Cyclops"]) == (2, 4)


@pytest.mark.rules("611.3a", "613.1d", "613.4c")
def test_each_land_gets_the_bonus_while_it_is_a_creature(extra_cards):
    extra_cards(EARTH_SURGE, DRYAD_ARBOR, fully_read=True)
    g, ids = table(["Earth Surge", "Dryad Arbor", "Forest", "Grizzly Bears"])
    assert _pt(g, ids["Dryad Arbor"]) == (3, 3)
    assert _pt(g, ids["Grizzly Bears"]) == (2, 2)           # a creature, not a land
    assert _pt(g, ids["Forest"]) == (None, None)            # a land, not a creature


CREW_CAPTAIN = record("Crew Captain", "{B}{R}{G}", "Creature — Human Warrior",
                      "Haste\nCrew Captain has indestructible as long as it entered the battlefield this turn.", "4/2")


@pytest.mark.rules("611.3a", "400.7")
def test_indestructible_the_turn_it_entered(extra_cards):
    extra_cards(CREW_CAPTAIN, fully_read=True)
    g, ids = table(["Crew Captain", "Swamp", "Mountain", "Forest"], hand_a=["Crew Captain"])
    old = on_battlefield(g, "Crew Captain")
    assert not g.characteristics(old[0]).has("indestructible")        # on the battlefield since before this turn
    cast_and_resolve(g, ids["Crew Captain"])
    (new,) = [o for o in on_battlefield(g, "Crew Captain") if o not in old]
    assert g.characteristics(new).has("indestructible")


KYLER = record("Kyler, Sigardian Emissary", "{3}{G}{W}", "Legendary Creature — Human Cleric",
               "Whenever another Human enters the battlefield under your control, put a +1/+1 counter on Kyler, "
               "Sigardian Emissary.\nOther Humans you control get +1/+1 for each counter on Kyler.", "2/2")
BLESSING_OF_THE_NEPHILIM = record("Blessing of the Nephilim", "{W}", "Enchantment — Aura",
                                  "Enchant creature\nEnchanted creature gets +1/+1 for each of its colors.")
GLACIAL_CRASHER = record("Glacial Crasher", "{4}{U}{U}", "Creature — Elemental",
                         "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
                         "attacking.)\nGlacial Crasher can't attack unless there is a Mountain on the battlefield.",
                         "5/5")
LUPINE_PROTOTYPE = record("Lupine Prototype", "{2}", "Artifact Creature — Wolf Construct",
                          "Lupine Prototype can't attack or block unless a player has no cards in hand.", "5/5")


@pytest.mark.rules("604.3", "122.1")
def test_for_each_counter_of_any_kind_on_it(extra_cards):
    extra_cards(KYLER, fully_read=True)
    g, ids = table(["Kyler, Sigardian Emissary", "Elite Vanguard", "Grizzly Bears"])
    kyler = g.state.objects[ids["Kyler, Sigardian Emissary"]]
    kyler.counters.update({"+1/+1": 1, "lore": 2})
    g.state.invalidate()
    assert _pt(g, ids["Elite Vanguard"]) == (5, 4)          # a Human: three counters of two kinds
    assert _pt(g, ids["Grizzly Bears"]) == (2, 2)


@pytest.mark.rules("604.3", "105.2")
def test_for_each_of_its_colors(extra_cards):
    extra_cards(BLESSING_OF_THE_NEPHILIM, fully_read=True)
    g, ids = table(["Grizzly Bears", "Raging Goblin"])
    for target in ("Grizzly Bears", "Grizzly Bears", "Raging Goblin"):
        aura = g.add_card("Blessing of the Nephilim", 0, Zone.BATTLEFIELD)
        g.attach(aura, ids[target])
    assert _pt(g, ids["Grizzly Bears"]) == (4, 4)           # green: +1/+1 from each of the two
    assert _pt(g, ids["Raging Goblin"]) == (2, 2)


def _may_attack(g, oid: int) -> bool:
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    return oid in g.pending.options


@pytest.mark.rules("508.1c", "611.3a")
def test_cant_attack_unless_there_is_a_mountain_on_the_battlefield(extra_cards):
    extra_cards(GLACIAL_CRASHER, fully_read=True)
    g, ids = table(["Glacial Crasher", "Grizzly Bears"])
    assert not _may_attack(g, ids["Glacial Crasher"])
    g, ids = table(["Glacial Crasher", "Grizzly Bears"], ["Mountain"])     # anyone's Mountain
    assert _may_attack(g, ids["Glacial Crasher"])


@pytest.mark.rules("508.1c", "611.3a")
def test_cant_attack_unless_a_player_has_no_cards_in_hand(extra_cards):
    extra_cards(LUPINE_PROTOTYPE, fully_read=True)
    g, ids = table(["Lupine Prototype", "Grizzly Bears"], hand_a=["Plains"], hand_b=["Plains"])
    assert not _may_attack(g, ids["Lupine Prototype"])
    g, ids = table(["Lupine Prototype", "Grizzly Bears"], hand_a=["Plains"])          # the opponent's hand is empty
    assert _may_attack(g, ids["Lupine Prototype"])


LOVISA_COLDEYES = record("Lovisa Coldeyes", "{3}{R}{R}", "Legendary Creature — Human",
                         "Each creature that's a Barbarian, a Warrior, or a Berserker gets +2/+2 and has haste.", "3/3")
WARRIOR = record("Test Warrior", "{1}{R}", "Creature — Human Warrior", "", "2/1")
ELF_WARRIOR = record("Test Elf Warrior", "{1}{G}", "Creature — Elf Warrior", "", "1/1")


@pytest.mark.rules("205.3m", "613.4c")
def test_each_creature_thats_one_of_these_subtypes(extra_cards):
    extra_cards(LOVISA_COLDEYES, WARRIOR, ELF_WARRIOR, fully_read=True)
    g, ids = table(["Lovisa Coldeyes", "Test Warrior", "Grizzly Bears"], ["Test Elf Warrior"])
    assert _pt(g, ids["Test Warrior"]) == (4, 3) and g.characteristics(ids["Test Warrior"]).has("haste")
    assert _pt(g, ids["B:Test Elf Warrior"]) == (3, 3)      # everyone's
    assert _pt(g, ids["Grizzly Bears"]) == (2, 2) and _pt(g, ids["Lovisa Coldeyes"]) == (3, 3)


WALKER_OF_THE_WASTES = record("Walker of the Wastes", "{4}{C}", "Creature — Eldrazi",
                              "({C} represents colorless mana.)\nTrample\nWalker of the Wastes gets +1/+1 for each land "
                              "you control named Wastes.", "4/4")


@pytest.mark.rules("201.2", "604.2", "613.4c")
def test_gets_plus_1_for_each_land_you_control_named_wastes(extra_cards):
    extra_cards(WALKER_OF_THE_WASTES, fully_read=True)
    g, ids = table(["Walker of the Wastes", "Wastes", "Wastes", "Plains"], ["Wastes"])
    assert g.characteristics(ids["Walker of the Wastes"]).power == 6, "two Wastes of its controller's; not the Plains"
