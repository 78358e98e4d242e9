"""Conditions of "if" clauses (engine.oracle.conditions): a trigger's intervening "if" (603.4), checked as the
ability triggers and again as it resolves, and an instruction's "if" (608.2c), each played with a real card."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority
from engine.core.rng import Rng
from tests.engine.driving import (activate_and_resolve, advance, attack, can_block, cast_and_resolve, on_battlefield,
                                  pass_while_priority, preferring, resolve_stack, settle, table, until_blockers)
from tests.oracle.conftest import record

IMAGINARY_PET = record("Imaginary Pet", "{1}{U}", "Creature — Illusion",
                       "At the beginning of your upkeep, if you have a card in hand, return Imaginary Pet to its "
                       "owner's hand.", "4/4")
NEAR_DEATH_EXPERIENCE = record("Near-Death Experience", "{2}{W}{W}{W}", "Enchantment",
                               "At the beginning of your upkeep, if you have exactly 1 life, you win the game.")
SARCOMANCY = record("Sarcomancy", "{B}", "Enchantment",
                    "When Sarcomancy enters the battlefield, create a 2/2 black Zombie creature token.\nAt the "
                    "beginning of your upkeep, if there are no Zombies on the battlefield, Sarcomancy deals 1 damage "
                    "to you.")
THOPTER_ASSEMBLY = record("Thopter Assembly", "{6}", "Artifact Creature — Thopter",
                          "Flying\nAt the beginning of your upkeep, if you control no Thopters other than Thopter "
                          "Assembly, return Thopter Assembly to its owner's hand and create five 1/1 colorless Thopter "
                          "artifact creature tokens with flying.", "5/5")
MANA_BLOOM = record("Mana Bloom", "{X}{G}", "Enchantment",
                    "Mana Bloom enters the battlefield with X charge counters on it.\nRemove a charge counter from Mana "
                    "Bloom: Add one mana of any color. Activate only once each turn.\nAt the beginning of your upkeep, "
                    "if Mana Bloom has no charge counters on it, return it to its owner's hand.")
SHATTERSKULL_CHARGER = record("Shatterskull Charger", "{1}{R}{R}", "Creature — Giant Warrior",
                              "Kicker {2}\nTrample, haste\nIf Shatterskull Charger was kicked, it enters the battlefield "
                              "with a +1/+1 counter on it.\nAt the beginning of your end step, if Shatterskull Charger "
                              "doesn't have a +1/+1 counter on it, return it to its owner's hand.", "4/3")
ARACHNUS_WEB = record("Arachnus Web", "{2}{G}", "Enchantment — Aura",
                      "Enchant creature\nEnchanted creature can't attack or block, and its activated abilities can't "
                      "be activated.\nAt the beginning of the end step, if enchanted creature's power is 4 or greater, "
                      "destroy Arachnus Web.")
LILIANAS_CONTRACT = record("Liliana's Contract", "{3}{B}{B}", "Enchantment",
                           "When Liliana's Contract enters the battlefield, you draw four cards and you lose 4 life.\nAt "
                           "the beginning of your upkeep, if you control four or more Demons with different names, you "
                           "win the game.")
LADY_ORCA = record("Lady Orca", "{5}{B}{R}", "Legendary Creature — Demon", "", "7/4")
GRISELBRAND = record("Griselbrand", "{4}{B}{B}{B}{B}", "Legendary Creature — Demon",
                     "Flying, lifelink\nPay 7 life: Draw seven cards.", "7/7")
RAZORJAW_ONI = record("Razorjaw Oni", "{3}{B}", "Creature — Demon Spirit", "Black creatures can't block.", "4/5")
ILLUSORY_DEMON = record("Illusory Demon", "{1}{U}{B}", "Creature — Demon Illusion",
                        "Flying\nWhen you cast a spell, sacrifice Illusory Demon.", "4/3")
BARREN_GLORY = record("Barren Glory", "{4}{W}{W}", "Enchantment",
                      "At the beginning of your upkeep, if you control no permanents other than Barren Glory and have "
                      "no cards in hand, you win the game.")
OVERSOLD_CEMETERY = record("Oversold Cemetery", "{1}{B}", "Enchantment",
                           "At the beginning of your upkeep, if you have four or more creature cards in your graveyard, "
                           "you may return target creature card from your graveyard to your hand.")


def _in_hand(g, name: str) -> bool:
    return any(g.characteristics(o).name == name for o in g.state.players[0].hand)


def _your_upkeep(g) -> None:
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)


@pytest.mark.rules("603.4", "402.1")
@pytest.mark.parametrize("hand,returned", [(["Island"], True), ([], False)])
def test_if_you_have_a_card_in_hand(extra_cards, hand, returned):
    extra_cards(IMAGINARY_PET, fully_read=True)
    g, ids = table(["Imaginary Pet"], hand_a=hand)
    _your_upkeep(g)
    assert bool(on_battlefield(g, "Imaginary Pet")) is not returned
    assert _in_hand(g, "Imaginary Pet") is returned


@pytest.mark.rules("603.4", "104.2b", "119.1")
@pytest.mark.parametrize("life,wins", [(1, True), (2, False)])
def test_if_you_have_exactly_n_life(extra_cards, life, wins):
    extra_cards(NEAR_DEATH_EXPERIENCE, fully_read=True)
    g, ids = table(["Near-Death Experience"], life_a=life)
    _your_upkeep(g)
    assert (g.is_over and g.winners == [0]) is wins


@pytest.mark.rules("603.4", "120.3")
@pytest.mark.parametrize("zombie,life", [(True, 20), (False, 19)])
def test_if_there_are_no_creatures_of_a_type_on_the_battlefield(extra_cards, zombie, life):
    extra_cards(SARCOMANCY, fully_read=True)
    g, ids = table(["Sarcomancy"])
    if zombie:
        g.add_card("Carrion Feeder", 1, Zone.BATTLEFIELD)      # a Zombie of the opponent's counts too
    _your_upkeep(g)
    assert g.state.players[0].life == life


@pytest.mark.rules("603.4", "201.5", "111.1")
@pytest.mark.parametrize("other_thopter,returned", [(False, True), (True, False)])
def test_if_you_control_no_creatures_of_a_type_other_than_it(extra_cards, other_thopter, returned):
    extra_cards(THOPTER_ASSEMBLY, fully_read=True)
    g, ids = table(["Thopter Assembly"] + (["Ornithopter"] if other_thopter else []))
    _your_upkeep(g)
    assert bool(on_battlefield(g, "Thopter Assembly")) is not returned
    assert len(on_battlefield(g, "Thopter Token")) == (5 if returned else 0)


@pytest.mark.rules("603.4", "122.1")
@pytest.mark.parametrize("counters,returned", [(0, True), (1, False)])
def test_if_it_has_no_counters_of_a_kind(extra_cards, counters, returned):
    extra_cards(MANA_BLOOM, fully_read=True)
    g, ids = table(["Mana Bloom"])
    g.state.objects[ids["Mana Bloom"]].counters["charge"] = counters
    _your_upkeep(g)
    assert bool(on_battlefield(g, "Mana Bloom")) is not returned


@pytest.mark.rules("603.4", "702.33d", "122.1")
@pytest.mark.parametrize("kicked,returned", [(True, False), (False, True)])
def test_if_it_doesnt_have_a_counter_on_it(extra_cards, kicked, returned):
    extra_cards(SHATTERSKULL_CHARGER, fully_read=True)
    g, ids = table(["Mountain"] * 5, hand_a=["Shatterskull Charger"])
    g.apply(CastSpell(0, ids["Shatterskull Charger"], kicked=kicked))
    resolve_stack(g)
    assert on_battlefield(g, "Shatterskull Charger")
    advance(g, Step.END)
    resolve_stack(g)
    assert bool(on_battlefield(g, "Shatterskull Charger")) is not returned
    assert _in_hand(g, "Shatterskull Charger") is returned


@pytest.mark.rules("603.4", "702.33d")
@pytest.mark.parametrize("kicked,stays", [(True, True), (False, False)])
def test_if_it_wasnt_kicked(kicked, stays):
    g, ids = table(["Mountain"] * 5, hand_a=["Skizzik"])
    g.apply(CastSpell(0, ids["Skizzik"], kicked=kicked))
    resolve_stack(g)
    advance(g, Step.END)
    resolve_stack(g)
    assert bool(on_battlefield(g, "Skizzik")) is stays


@pytest.mark.rules("603.4", "303.4", "208.1")
@pytest.mark.parametrize("creature,destroyed", [("Hill Giant", False), ("Craw Wurm", True)])
def test_if_enchanted_creatures_power_is_n_or_greater(extra_cards, creature, destroyed):
    extra_cards(ARACHNUS_WEB, fully_read=True)
    g, ids = table([], [creature])
    g.attach(g.add_card("Arachnus Web", 0, Zone.BATTLEFIELD), ids["B:" + creature])
    advance(g, Step.END)
    resolve_stack(g)
    assert bool(on_battlefield(g, "Arachnus Web")) is not destroyed


@pytest.mark.rules("603.4", "104.2b", "201.2")
@pytest.mark.parametrize("demons,wins", [(["Lady Orca", "Griselbrand", "Razorjaw Oni", "Illusory Demon"], True),
                                         (["Lady Orca", "Griselbrand", "Razorjaw Oni", "Razorjaw Oni"], False)])
def test_if_you_control_n_or_more_with_different_names(extra_cards, demons, wins):
    extra_cards(LILIANAS_CONTRACT, LADY_ORCA, GRISELBRAND, RAZORJAW_ONI, ILLUSORY_DEMON, fully_read=True)
    g, ids = table(["Liliana's Contract"])
    for name in demons:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    _your_upkeep(g)
    assert (g.is_over and g.winners == [0]) is wins


@pytest.mark.rules("603.4", "104.2b")
@pytest.mark.parametrize("permanents,hand,wins", [([], [], True), (["Plains"], [], False), ([], ["Plains"], False)])
def test_if_you_control_no_other_permanents_and_have_no_cards_in_hand(extra_cards, permanents, hand, wins):
    extra_cards(BARREN_GLORY, fully_read=True)
    g, ids = table(["Barren Glory"] + permanents, hand_a=hand)
    advance(g, Step.UPKEEP, turn=5)
    # the draw step comes after the upkeep: the hand is still as it was
    resolve_stack(g)
    assert (g.is_over and g.winners == [0]) is wins


@pytest.mark.rules("603.4", "404.2")
@pytest.mark.parametrize("creatures,returned", [(4, True), (3, False)])
def test_if_you_have_n_or_more_cards_of_a_kind_in_your_graveyard(extra_cards, creatures, returned):
    extra_cards(OVERSOLD_CEMETERY, fully_read=True)
    g, ids = table(["Oversold Cemetery"])
    for _ in range(creatures):
        g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Plains", 0, Zone.GRAVEYARD)
    advance(g, Step.END, turn=4)
    pass_while_priority(g)      # to the choice of the ability's target in your upkeep, or past it
    settle(g)
    assert _in_hand(g, "Grizzly Bears") is returned


ELDERSCALE_WURM = record("Elderscale Wurm", "{4}{G}{G}{G}", "Creature — Wurm",
                         "Trample\nWhen Elderscale Wurm enters the battlefield, if your life total is less than 7, your "
                         "life total becomes 7.\nAs long as you have 7 or more life, damage that would reduce your life "
                         "total to less than 7 reduces it to 7 instead.", "7/7")


@pytest.mark.rules("603.4", "119.1", "119.5")
@pytest.mark.parametrize("life,after", [(6, 7), (3, 7), (7, 7), (12, 12)])
def test_if_your_life_total_is_less_than_n(extra_cards, life, after):
    """Its last sentence (a replacement) isn't read: played here for the enters trigger only."""
    extra_cards(ELDERSCALE_WURM)
    g, ids = table(["Forest"] * 7, hand_a=["Elderscale Wurm"], life_a=life)
    cast_and_resolve(g, ids["Elderscale Wurm"])
    assert g.state.players[0].life == after


_FRAGMENT = ("Cryptolith Fragment enters the battlefield tapped.\n{T}: Add one mana of any color. Each player loses 1 "
             "life.\nAt the beginning of your upkeep, if each player has 10 or less life, transform Cryptolith Fragment.")
CRYPTOLITH_FRAGMENT = {
    "name": "Cryptolith Fragment // Aurora of Emrakul", "layout": "transform", "manaCost": "{3}", "colors": [],
    "types": ["Artifact"], "subtypes": [], "supertypes": [], "type": "Artifact", "text": _FRAGMENT,
    "faces": [
        {"faceName": "Cryptolith Fragment", "manaCost": "{3}", "colors": [], "supertypes": [], "types": ["Artifact"],
         "subtypes": [], "type": "Artifact", "text": _FRAGMENT, "side": "a"},
        {"faceName": "Aurora of Emrakul", "colors": [], "supertypes": [], "types": ["Creature"],
         "subtypes": ["Eldrazi", "Reflection"], "type": "Creature — Eldrazi Reflection",
         "text": "Flying, deathtouch\nWhenever Aurora of Emrakul attacks, each opponent loses 3 life.", "power": "1",
         "toughness": "4", "side": "b"}]}


@pytest.mark.rules("603.4", "701.27a", "119.1")
@pytest.mark.parametrize("lives,transformed", [((10, 7), True), ((10, 11), False), ((11, 3), False)])
def test_if_each_player_has_n_or_less_life(extra_cards, lives, transformed):
    extra_cards(CRYPTOLITH_FRAGMENT, fully_read=True)
    g, ids = table(["Cryptolith Fragment // Aurora of Emrakul"], life_a=lives[0])
    g.set_player(1, life=lives[1])
    _your_upkeep(g)
    name = g.characteristics(ids["Cryptolith Fragment // Aurora of Emrakul"]).name
    assert (name == "Aurora of Emrakul") is transformed


WEATHERSEED_TOTEM = record("Weatherseed Totem", "{3}", "Artifact",
                           "{T}: Add {G}.\n{2}{G}{G}{G}: Weatherseed Totem becomes a 5/3 green Treefolk artifact "
                           "creature with trample until end of turn.\nWhen Weatherseed Totem is put into a graveyard "
                           "from the battlefield, if it was a creature, return this card to its owner's hand.")
DEATHKNELL_BERSERKER = record("Deathknell Berserker", "{1}{B}", "Creature — Elf Berserker",
                              "When Deathknell Berserker dies, if its power was 3 or greater, create a 2/2 black "
                              "Zombie Berserker creature token.", "2/2")
DEADLY_GRUB = record("Deadly Grub", "{2}{B}", "Creature — Insect",
                     "Vanishing 3 (This creature enters the battlefield with three time counters on it. At the "
                     "beginning of your upkeep, remove a time counter from it. When the last is removed, sacrifice "
                     "it.)\nWhen Deadly Grub dies, if it had no time counters on it, create a 6/1 green Insect creature "
                     "token with shroud. (It can't be the target of spells or abilities.)", "3/1")


@pytest.mark.rules("603.4", "603.10a", "608.2h")
@pytest.mark.parametrize("animated,returned", [(True, True), (False, False)])
def test_if_it_was_a_creature_as_it_left(extra_cards, animated, returned):
    extra_cards(WEATHERSEED_TOTEM, fully_read=True)
    g, ids = table(["Weatherseed Totem"] + ["Forest"] * 5, ["Forest"] * 3, hand_b=["Beast Within"])
    totem = ids["Weatherseed Totem"]
    if animated:
        activate_and_resolve(g, totem, 1)
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Beast Within"], targets=((totem,),)))
    resolve_stack(g)
    assert _in_hand(g, "Weatherseed Totem") is returned


@pytest.mark.rules("603.4", "603.10a", "208.1")
@pytest.mark.parametrize("pumped,tokens", [(True, 1), (False, 0)])
def test_if_its_power_was_n_or_greater(extra_cards, pumped, tokens):
    extra_cards(DEATHKNELL_BERSERKER, fully_read=True)
    g, ids = table(["Deathknell Berserker", "Forest", "Swamp", "Swamp", "Swamp"], hand_a=["Giant Growth", "Murder"])
    if pumped:
        cast_and_resolve(g, ids["Giant Growth"], targets=((ids["Deathknell Berserker"],),))
    cast_and_resolve(g, ids["Murder"], targets=((ids["Deathknell Berserker"],),))
    resolve_stack(g)
    assert len(on_battlefield(g, "Zombie Berserker Token")) == tokens


@pytest.mark.rules("603.4", "603.10a", "702.63a")
@pytest.mark.parametrize("time_counters,tokens", [(0, 1), (2, 0)])
def test_if_it_had_no_counters_of_a_kind(extra_cards, time_counters, tokens):
    extra_cards(DEADLY_GRUB, fully_read=True)
    g, ids = table(["Deadly Grub", "Swamp", "Swamp", "Swamp"], hand_a=["Murder"])
    g.state.objects[ids["Deadly Grub"]].counters["time"] = time_counters
    cast_and_resolve(g, ids["Murder"], targets=((ids["Deadly Grub"],),))
    resolve_stack(g)
    assert len(on_battlefield(g, "Insect Token")) == tokens


PLAY_WITH_FIRE = record("Play with Fire", "{R}", "Instant",
                        "Play with Fire deals 2 damage to any target. If a player is dealt damage this way, scry 1. "
                        "(Look at the top card of your library. You may put that card on the bottom of your library.)")
REDCAP_MELEE = record("Redcap Melee", "{R}", "Instant",
                      "Redcap Melee deals 4 damage to target creature or planeswalker. If a nonred permanent is dealt "
                      "damage this way, you sacrifice a land.")


@pytest.mark.rules("608.2c", "120.3", "701.22a")
@pytest.mark.parametrize("at_player", [True, False])
def test_if_a_player_is_dealt_damage_this_way(extra_cards, at_player):
    extra_cards(PLAY_WITH_FIRE, fully_read=True)
    g, ids = table(["Mountain"], ["Grizzly Bears"], hand_a=["Play with Fire"])
    target = "P1" if at_player else ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Play with Fire"], targets=((target,),)))
    pass_while_priority(g)
    # only a player dealt damage makes its caster scry (701.22a: look at the top card, keep it or bottom it)
    asked = g.pending.kind is DecisionKind.CHOOSE and "on the bottom" in g.pending.prompt
    assert asked is at_player
    settle(g)
    assert g.state.players[1].life == (18 if at_player else 20)


@pytest.mark.rules("608.2c", "120.3", "615.1")
@pytest.mark.parametrize("creature,sacrificed", [("Grizzly Bears", True), ("Goblin Piker", False)])
def test_if_a_permanent_of_a_kind_is_dealt_damage_this_way(extra_cards, creature, sacrificed):
    extra_cards(REDCAP_MELEE, fully_read=True)
    g, ids = table(["Mountain", "Plains"], [creature], hand_a=["Redcap Melee"])
    g.apply(CastSpell(0, ids["Redcap Melee"], targets=((ids["B:" + creature],),)))
    settle(g)
    assert not on_battlefield(g, creature)
    assert len(on_battlefield(g, "Mountain") + on_battlefield(g, "Plains")) == (1 if sacrificed else 2)


DRYAD_GREENSEEKER = record("Dryad Greenseeker", "{1}{G}", "Creature — Dryad",
                           "{T}: Look at the top card of your library. If it's a land card, you may reveal it and put "
                           "it into your hand.", "1/3")


@pytest.mark.rules("608.2c", "401.5", "701.20a")
@pytest.mark.parametrize("top,taken", [("Forest", True), ("Grizzly Bears", False)])
def test_if_the_card_looked_at_is_of_a_kind_you_may_take_it(extra_cards, top, taken):
    extra_cards(DRYAD_GREENSEEKER, fully_read=True)
    g, ids = table(["Dryad Greenseeker"])
    card = g.add_card(top, 0, Zone.LIBRARY)       # on top
    g.apply(ActivateAbility(0, ids["Dryad Greenseeker"], 0))
    settle(g)       # takes the land when offered (the first option)
    assert _in_hand(g, top) is taken
    assert (g.state.players[0].library[-1] == card) is not taken      # the top is the end of the list


GOBLIN_BANGCHUCKERS = record("Goblin Bangchuckers", "{2}{R}{R}", "Creature — Goblin Warrior",
                             "{T}: Flip a coin. If you win the flip, Goblin Bangchuckers deals 2 damage to any target. "
                             "If you lose the flip, Goblin Bangchuckers deals 2 damage to itself.", "2/2")


@pytest.mark.rules("705.2", "120.3")
def test_if_you_lose_the_flip_it_deals_damage_to_itself(extra_cards):
    extra_cards(GOBLIN_BANGCHUCKERS, fully_read=True)
    seen = set()
    for seed in range(16):
        g, ids = table(["Goblin Bangchuckers"], ["Craw Wurm"])
        g.state.rng = Rng(seed)
        g.apply(ActivateAbility(0, ids["Goblin Bangchuckers"], 0, targets=(("P1",),)))
        events = resolve_stack(g)
        won = next(e for e in events if e.kind == "coin_flip").data["won"]
        seen.add(won)
        # won: 2 damage to the target; lost: 2 damage to itself, a 2/2 that dies
        assert g.state.players[1].life == (18 if won else 20)
        assert bool(on_battlefield(g, "Goblin Bangchuckers")) is won
        if seen == {True, False}:
            break
    assert seen == {True, False}


WILD_DOGS = record("Wild Dogs", "{G}", "Creature — Dog",
                   "At the beginning of your upkeep, if a player has more life than each other player, the player with "
                   "the most life gains control of Wild Dogs.\nCycling {2} ({2}, Discard this card: Draw a card.)",
                   "2/1")
WILD_MAMMOTH = record("Wild Mammoth", "{2}{G}", "Creature — Elephant",
                      "At the beginning of your upkeep, if a player controls more creatures than each other player, the "
                      "player who controls the most creatures gains control of Wild Mammoth.", "3/4")


@pytest.mark.rules("603.4", "613.1b", "119.1")
@pytest.mark.parametrize("b_life,controller", [(25, 1), (20, 0), (15, 0)])
def test_the_player_with_the_most_life_gains_control(extra_cards, b_life, controller):
    extra_cards(WILD_DOGS, fully_read=True)
    g, ids = table(["Wild Dogs"])
    g.set_player(1, life=b_life)
    _your_upkeep(g)
    # a tie (20 and 20): no player has the most; with 15 the Dogs' controller already has the most
    assert g.state.objects[ids["Wild Dogs"]].controller == controller


@pytest.mark.rules("603.4", "613.1b")
@pytest.mark.parametrize("b_creatures,controller", [(2, 1), (1, 0)])
def test_the_player_who_controls_the_most_creatures_gains_control(extra_cards, b_creatures, controller):
    extra_cards(WILD_MAMMOTH, fully_read=True)
    g, ids = table(["Wild Mammoth"], ["Grizzly Bears"] * b_creatures)       # one Mammoth against 2 (or 1: a tie)
    _your_upkeep(g)
    assert g.state.objects[ids["Wild Mammoth"]].controller == controller


DIRE_TACTICS = record("Dire Tactics", "{W}{B}", "Instant",
                      "Exile target creature. If you don't control a Human, you lose life equal to that creature's "
                      "toughness.")
EMBERETH_SKYBLAZER = record("Embereth Skyblazer", "{3}{R}", "Creature — Human Knight",
                            "As long as it's your turn, Embereth Skyblazer has flying.\nWhenever Embereth Skyblazer "
                            "attacks, you may pay {2}{R}. If you do, creatures you control get +X/+0 until end of turn, "
                            "where X is the number of opponents you have.", "4/3")


@pytest.mark.rules("608.2c", "608.2h", "119.3")
@pytest.mark.parametrize("human,life", [(False, 16), (True, 20)])
def test_if_you_dont_control_a_creature_of_a_type(extra_cards, human, life):
    extra_cards(DIRE_TACTICS, fully_read=True)
    g, ids = table(["Plains", "Swamp"] + (["Savannah Lions"] if not human else ["Benalish Knight"]), ["Craw Wurm"],
                   hand_a=["Dire Tactics"])
    cast_and_resolve(g, ids["Dire Tactics"], targets=((ids["B:Craw Wurm"],),))
    # the exiled Wurm's toughness as it last existed on the battlefield (608.2h): 4
    assert not on_battlefield(g, "Craw Wurm")
    assert g.state.players[0].life == life


@pytest.mark.rules("608.2c", "107.3a", "603.5")
def test_if_you_do_with_an_amount_said_in_the_follow_up(extra_cards):
    extra_cards(EMBERETH_SKYBLAZER, fully_read=True)
    g, ids = table(["Embereth Skyblazer", "Grizzly Bears", "Mountain", "Mountain", "Mountain"])
    attack(g, ids["Embereth Skyblazer"])
    settle(g, preferring("yes"))
    # one opponent: +1/+0 for each creature you control, the attacking one too
    assert (g.characteristics(ids["Grizzly Bears"]).power, g.characteristics(ids["Embereth Skyblazer"]).power) == (3, 5)


HOMARID = record("Homarid", "{2}{U}", "Creature — Homarid",
                 "Homarid enters the battlefield with a tide counter on it.\nAt the beginning of your upkeep, put a tide "
                 "counter on Homarid.\nAs long as there is exactly one tide counter on Homarid, it gets -1/-1.\nAs long "
                 "as there are exactly three tide counters on Homarid, it gets +1/+1.\nWhenever there are four or more "
                 "tide counters on Homarid, remove all tide counters from it.", "2/2")


@pytest.mark.rules("611.3a", "122.1")
@pytest.mark.parametrize("tide,power", [(0, 2), (1, 1), (2, 2), (3, 3)])
def test_as_long_as_there_are_exactly_n_counters_on_it(extra_cards, tide, power):
    extra_cards(HOMARID, fully_read=True)
    g, ids = table(["Homarid"])
    g.state.objects[ids["Homarid"]].counters["tide"] = tide
    g.state.invalidate()
    assert g.characteristics(ids["Homarid"]).power == power


GHASTLY_REMAINS = record("Ghastly Remains", "{B}{B}{B}", "Creature — Zombie",
                         "Amplify 1 (As this creature enters the battlefield, put a +1/+1 counter on it for each Zombie "
                         "card you reveal in your hand.)\nAt the beginning of your upkeep, if Ghastly Remains is in your "
                         "graveyard, you may pay {B}{B}{B}. If you do, return Ghastly Remains to your hand.", "0/0")
NETHER_SPIRIT = record("Nether Spirit", "{1}{B}{B}", "Creature — Spirit",
                       "At the beginning of your upkeep, if Nether Spirit is the only creature card in your graveyard, "
                       "you may return Nether Spirit to the battlefield.", "2/2")


@pytest.mark.rules("603.4", "113.6k", "603.5")
@pytest.mark.parametrize("swamps,returned", [(3, True), (2, False)])
def test_a_trigger_of_a_card_in_your_graveyard(extra_cards, swamps, returned):
    extra_cards(GHASTLY_REMAINS, fully_read=True)
    g, ids = table(["Swamp"] * swamps)
    g.add_card("Ghastly Remains", 0, Zone.GRAVEYARD)
    advance(g, Step.END, turn=4)
    pass_while_priority(g)      # its upkeep trigger from the graveyard: pay {B}{B}{B}?
    settle(g, preferring("yes"))
    assert _in_hand(g, "Ghastly Remains") is returned


@pytest.mark.rules("603.4", "113.6k", "404.2")
@pytest.mark.parametrize("other_creature,returned", [(False, True), (True, False)])
def test_if_it_is_the_only_creature_card_in_your_graveyard(extra_cards, other_creature, returned):
    extra_cards(NETHER_SPIRIT, fully_read=True)
    g, ids = table()
    g.add_card("Nether Spirit", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears" if other_creature else "Forest", 0, Zone.GRAVEYARD)
    advance(g, Step.END, turn=4)
    pass_while_priority(g)
    settle(g, preferring("yes"))
    assert bool(on_battlefield(g, "Nether Spirit")) is returned


OVERGROWTH_ELEMENTAL = record("Overgrowth Elemental", "{2}{G}", "Creature — Elemental",
                              "When Overgrowth Elemental enters the battlefield, put a +1/+1 counter on another target "
                              "Elemental you control.\nWhenever another creature you control dies, you gain 1 life. If "
                              "that creature was an Elemental, put a +1/+1 counter on Overgrowth Elemental.", "3/2")


@pytest.mark.rules("608.2c", "603.10a", "608.2h")
@pytest.mark.parametrize("dying,counters", [("Air Elemental", 1), ("Grizzly Bears", 0)])
def test_if_that_creature_was_of_a_type_as_it_died(extra_cards, dying, counters):
    extra_cards(OVERGROWTH_ELEMENTAL, fully_read=True)
    g, ids = table(["Overgrowth Elemental", dying, "Swamp", "Swamp", "Swamp"], hand_a=["Murder"])
    cast_and_resolve(g, ids["Murder"], targets=((ids[dying],),))
    resolve_stack(g)
    assert g.state.players[0].life == 21
    assert g.state.objects[ids["Overgrowth Elemental"]].counters.get("+1/+1", 0) == counters


CHAOS_HARLEQUIN = record("Chaos Harlequin", "{2}{R}{R}", "Creature — Human",
                         "{R}: Exile the top card of your library. If that card is a land card, Chaos Harlequin gets "
                         "-4/-0 until end of turn. Otherwise, Chaos Harlequin gets +2/+0 until end of turn.", "2/4")


@pytest.mark.rules("608.2c", "406.3")
@pytest.mark.parametrize("top,power", [("Forest", -2), ("Grizzly Bears", 4)])
def test_if_that_card_exiled_from_the_top_is_of_a_kind_otherwise(extra_cards, top, power):
    extra_cards(CHAOS_HARLEQUIN, fully_read=True)
    g, ids = table(["Chaos Harlequin", "Mountain"])
    g.add_card(top, 0, Zone.LIBRARY)        # on top
    activate_and_resolve(g, ids["Chaos Harlequin"], 0)
    assert g.characteristics(ids["Chaos Harlequin"]).power == power


RAFTER_DEMON = record("Rafter Demon", "{2}{B}{R}", "Creature — Demon",
                      "Spectacle {3}{B}{R} (You may cast this spell for its spectacle cost rather than its mana cost if "
                      "an opponent lost life this turn.)\nWhen Rafter Demon enters the battlefield, if its spectacle cost "
                      "was paid, each opponent discards a card.", "4/2")


@pytest.mark.rules("603.4", "702.137a", "118.9")
@pytest.mark.parametrize("spectacle,b_hand", [(True, 0), (False, 1)])
def test_if_its_alternative_cost_was_paid(extra_cards, spectacle, b_hand):
    extra_cards(RAFTER_DEMON, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain", "Mountain", "Mountain", "Mountain"], hand_a=["Shock", "Rafter Demon"],
                   hand_b=["Forest"])
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))       # an opponent lost life this turn
    g.apply(CastSpell(0, ids["Rafter Demon"], alt="spectacle" if spectacle else None))
    settle(g)
    assert on_battlefield(g, "Rafter Demon")
    assert len(g.state.players[1].hand) == b_hand


TAMIYOS_COMPLEATION = record("Tamiyo's Compleation", "{3}{U}", "Enchantment — Aura",
                             "Flash\nEnchant artifact, creature, or planeswalker\nWhen Tamiyo's Compleation enters the "
                             "battlefield, tap enchanted permanent. If it's an Equipment, unattach it.\nEnchanted "
                             "permanent loses all abilities and doesn't untap during its controller's untap step.")
WRIT_OF_PASSAGE = record("Writ of Passage", "{U}", "Enchantment — Aura",
                         "Enchant creature\nWhenever enchanted creature attacks, if its power is 2 or less, it can't be "
                         "blocked this turn.\nForecast — {1}{U}, Reveal Writ of Passage from your hand: Target creature "
                         "with power 2 or less can't be blocked this turn. (Activate only during your upkeep and only "
                         "once each turn.)")


@pytest.mark.rules("608.2c", "701.3d", "303.4")
def test_if_the_enchanted_permanent_is_an_equipment_unattach_it(extra_cards):
    extra_cards(TAMIYOS_COMPLEATION, fully_read=True)
    g, ids = table(["Island"] * 4, ["Grizzly Bears", "Bonesplitter"], hand_a=["Tamiyo's Compleation"])
    g.attach(ids["B:Bonesplitter"], ids["B:Grizzly Bears"])
    cast_and_resolve(g, ids["Tamiyo's Compleation"], targets=((ids["B:Bonesplitter"],),))
    resolve_stack(g)
    sword = g.state.objects[ids["B:Bonesplitter"]]
    assert sword.tapped and sword.attached_to is None
    assert g.characteristics(ids["B:Grizzly Bears"]).power == 2


@pytest.mark.rules("603.4", "509.1b")
@pytest.mark.parametrize("creature,unblockable", [("Grizzly Bears", True), ("Hill Giant", False)])
def test_if_the_enchanted_creatures_power_is_n_or_less(extra_cards, creature, unblockable):
    extra_cards(WRIT_OF_PASSAGE, fully_read=True)
    g, ids = table([creature], ["Craw Wurm"])
    g.attach(g.add_card("Writ of Passage", 0, Zone.BATTLEFIELD), ids[creature])
    attack(g, ids[creature])
    until_blockers(g)
    assert can_block(g, ids["B:Craw Wurm"], ids[creature]) is not unblockable


KNIGHT_OF_THE_MISTS = record("Knight of the Mists", "{2}{U}", "Creature — Human Knight",
                             "Flanking (Whenever a creature without flanking blocks this creature, the blocking creature "
                             "gets -1/-1 until end of turn.)\nWhen Knight of the Mists enters the battlefield, you may pay "
                             "{U}. If you don't, destroy target Knight and it can't be regenerated.", "2/2")


@pytest.mark.rules("608.2c", "701.19c", "603.3d")
@pytest.mark.parametrize("pay,destroyed", [("yes", False), ("no", True)])
def test_if_you_dont_destroy_it_and_it_cant_be_regenerated(extra_cards, pay, destroyed):
    extra_cards(KNIGHT_OF_THE_MISTS, fully_read=True)
    g, ids = table(["Island"] * 4, ["Benalish Knight"], hand_a=["Knight of the Mists"])
    knight = ids["B:Benalish Knight"]
    g.state.objects[knight].regen_shields = 1       # a regeneration shield doesn't save it (701.19c)
    g.apply(CastSpell(0, ids["Knight of the Mists"]))
    settle(g, lambda d: (knight,) if knight in d.options else preferring(pay)(d))     # the target, then pay or not
    assert bool(on_battlefield(g, "Benalish Knight")) is not destroyed


FINAL_PAYMENT = record("Final Payment", "{W}{B}", "Instant",
                       "As an additional cost to cast this spell, pay 5 life or sacrifice a creature or enchantment.\n"
                       "Destroy target creature.")


@pytest.mark.rules("601.2b", "601.2h", "118.8")
@pytest.mark.parametrize("choice,life,sacrificed", [(0, 15, False), (1, 20, True)])
def test_an_additional_cost_of_two_each_with_its_verb(extra_cards, choice, life, sacrificed):
    extra_cards(FINAL_PAYMENT, fully_read=True)
    g, ids = table(["Plains", "Swamp", "Crusade"], ["Grizzly Bears"], hand_a=["Final Payment"])
    g.apply(CastSpell(0, ids["Final Payment"], targets=((ids["B:Grizzly Bears"],),)))
    # the choice of cost, then the creature or enchantment to sacrifice: the enchantment
    settle(g, lambda d: (choice,) if d.data.get("choice") == "additional_cost" else (ids["Crusade"],))
    assert not on_battlefield(g, "Grizzly Bears")
    assert g.state.players[0].life == life
    assert (not on_battlefield(g, "Crusade")) is sacrificed


DRAGON_GRIP = record("Dragon Grip", "{2}{R}", "Enchantment — Aura",
                     "Ferocious — If you control a creature with power 4 or greater, you may cast Dragon Grip as though "
                     "it had flash. (You may cast it any time you could cast an instant.)\nEnchant creature\nEnchanted "
                     "creature gets +2/+0 and has first strike.")


@pytest.mark.rules("601.3d", "307.1", "207.2c")
@pytest.mark.parametrize("creature,allowed", [("Craw Wurm", True), ("Grizzly Bears", False)])
def test_if_you_may_cast_it_as_though_it_had_flash(extra_cards, creature, allowed):
    extra_cards(DRAGON_GRIP, fully_read=True)
    g, ids = table([creature, "Mountain", "Mountain", "Mountain"], hand_a=["Dragon Grip"], active=1, step=Step.UPKEEP)
    g.apply(PassPriority(1))        # the opponent's upkeep: A has priority
    cast = CastSpell(0, ids["Dragon Grip"], targets=((ids[creature],),))
    if not allowed:
        with pytest.raises(IllegalAction):
            g.apply(cast)
        return
    g.apply(cast)
    resolve_stack(g)
    assert g.characteristics(ids[creature]).power == 8


PATRICIANS_SCORN = record("Patrician's Scorn", "{3}{W}", "Instant",
                          "If you've cast another white spell this turn, you may cast this spell without paying its "
                          "mana cost.\nDestroy all enchantments.")


@pytest.mark.rules("118.9", "601.2b")
@pytest.mark.parametrize("white_first,allowed", [(True, True), (False, False)])
def test_if_you_cast_another_spell_this_turn_cast_it_without_paying(extra_cards, white_first, allowed):
    extra_cards(PATRICIANS_SCORN, fully_read=True)
    g, ids = table(["Plains", "Crusade"], hand_a=["Savannah Lions", "Patrician's Scorn"])
    if white_first:
        cast_and_resolve(g, ids["Savannah Lions"])
    cast = CastSpell(0, ids["Patrician's Scorn"], alt="alternative")
    if not allowed:
        with pytest.raises(IllegalAction):
            g.apply(cast)
        return
    g.apply(cast)
    resolve_stack(g)
    assert not on_battlefield(g, "Crusade")


WHIRLING_DERVISH = record("Whirling Dervish", "{G}{G}", "Creature — Human Monk",
                          "Protection from black\nAt the beginning of each end step, if Whirling Dervish dealt damage to "
                          "an opponent this turn, put a +1/+1 counter on it.", "1/1")


@pytest.mark.rules("603.4", "120.3", "510.2")
@pytest.mark.parametrize("attacks,counters", [(True, 1), (False, 0)])
def test_if_it_dealt_damage_to_an_opponent_this_turn(extra_cards, attacks, counters):
    extra_cards(WHIRLING_DERVISH, fully_read=True)
    g, ids = table(["Whirling Dervish"])
    if attacks:
        attack(g, ids["Whirling Dervish"])
    advance(g, Step.END)
    resolve_stack(g)
    assert g.state.players[1].life == (19 if attacks else 20)
    assert g.state.objects[ids["Whirling Dervish"]].counters.get("+1/+1", 0) == counters


GLADEMUSE = record("Glademuse", "{2}{G}", "Creature — Beast",
                   "Whenever a player casts a spell, if it's not their turn, that player draws a card.", "2/4")


@pytest.mark.rules("603.4", "102.1")
def test_if_its_not_their_turn(extra_cards):
    extra_cards(GLADEMUSE, fully_read=True)
    g, ids = table(["Glademuse", "Mountain"], ["Mountain"], hand_a=["Shock"], hand_b=["Lightning Bolt"])
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert len(g.state.players[0].hand) == 0        # your own turn: no draw
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    resolve_stack(g)
    assert len(g.state.players[1].hand) == 1        # the opponent cast it during your turn: they draw
