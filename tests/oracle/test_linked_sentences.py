"""Sentences that go on from the one before them (608.2c): "If you do, ...", "If the player does, ..." after an
optional instruction or one that may not be carried out, each compiled from a real card's Oracle text and
played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, attack, cast_and_settle, on_battlefield, preferring,
                                  settle, table)
from tests.oracle.conftest import record

PROMISE_OF_BUNREI = record("Promise of Bunrei", "{2}{W}", "Enchantment",
                           "When a creature you control dies, sacrifice Promise of Bunrei. If you do, create four 1/1 "
                           "colorless Spirit creature tokens.")
DREADFEAST_DEMON = record("Dreadfeast Demon", "{5}{B}{B}", "Creature — Demon",
                          "Flying\nAt the beginning of your end step, sacrifice a non-Demon creature. If you do, "
                          "create a token that's a copy of Dreadfeast Demon.", "6/6")
UNIFYING_THEORY = record("Unifying Theory", "{1}{U}", "Enchantment",
                         "Whenever a player casts a spell, that player may pay {2}. If the player does, they draw "
                         "a card.")
SKULLKNOCKER_OGRE = record("Skullknocker Ogre", "{3}{R}", "Creature — Ogre Berserker",
                           "Whenever Skullknocker Ogre deals damage to an opponent, that player discards a card at "
                           "random. If the player does, they draw a card.", "3/3")


LORD_OF_THE_PIT = record("Lord of the Pit", "{4}{B}{B}{B}", "Creature — Demon",
                         "Flying, trample\nAt the beginning of your upkeep, sacrifice a creature other than Lord of the "
                         "Pit. If you can't, Lord of the Pit deals 7 damage to you.", "7/7")


@pytest.mark.rules("608.2c", "701.21a", "201.5")
@pytest.mark.parametrize("fodder", [True, False])
def test_sacrifice_a_creature_other_than_it_if_you_cant(extra_cards, fodder):
    extra_cards(LORD_OF_THE_PIT, fully_read=True)
    g, ids = table(["Lord of the Pit"] + (["Grizzly Bears"] if fodder else []), [], turn=3, step=Step.MAIN2)
    advance(g, Step.UPKEEP, turn=5)
    settle(g)
    # "other than ~": never the Lord itself; "If you can't": only with nothing else to sacrifice
    assert on_battlefield(g, "Lord of the Pit") and not on_battlefield(g, "Grizzly Bears")
    assert g.state.players[0].life == (20 if fodder else 13)


@pytest.mark.rules("608.2c", "701.21a", "603.2")
def test_if_you_do_after_a_sacrifice_only_once_it_is_gone(extra_cards):
    """Two creatures die at once: the first trigger sacrifices Promise of Bunrei and makes the Spirits; the
    second can't sacrifice it again, so it makes none."""
    extra_cards(PROMISE_OF_BUNREI, fully_read=True)
    g, ids = table(["Promise of Bunrei", "Grizzly Bears", "Savannah Lions"] + ["Plains"] * 4, [],
                   ["Wrath of God"])
    cast_and_settle(g, ids["Wrath of God"])
    spirits = on_battlefield(g, "Spirit Token")
    assert len(spirits) == 4 and not on_battlefield(g, "Promise of Bunrei")
    assert "Promise of Bunrei" in [g.state.objects[c].name for c in g.state.players[0].graveyard]


@pytest.mark.rules("608.2c", "701.21a", "707.2")
@pytest.mark.parametrize("fodder", [True, False])
def test_if_you_do_after_sacrificing_a_creature(extra_cards, fodder):
    """Dreadfeast Demon copies itself only if a non-Demon creature was sacrificed."""
    extra_cards(DREADFEAST_DEMON, fully_read=True)
    g, ids = table(["Dreadfeast Demon"] + (["Grizzly Bears"] if fodder else []))
    advance(g, Step.END)
    settle(g)
    assert len(on_battlefield(g, "Dreadfeast Demon")) == (2 if fodder else 1)
    assert not on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("608.2c", "603.2", "118.12")
@pytest.mark.parametrize("pays", [True, False])
def test_that_player_may_pay_and_if_the_player_does(extra_cards, pays):
    """The player who cast the spell, not Unifying Theory's controller, decides and pays; then they draw."""
    extra_cards(UNIFYING_THEORY, fully_read=True)
    g, ids = table(["Unifying Theory"], ["Mountain"] * 3, hand_b=["Shock"], active=1)
    hands = [len(g.state.players[p].hand) for p in (0, 1)]
    g.apply(CastSpell(1, ids["B:Shock"], targets=(("P0",),)))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 1
    g.apply(Choose(1, ("yes" if pays else "no",)))
    settle(g)
    assert len(g.state.players[0].hand) == hands[0]
    assert len(g.state.players[1].hand) == hands[1] - 1 + (1 if pays else 0)
    tapped = [o for o in g.state.battlefield if g.state.objects[o].controller == 1 and g.state.objects[o].tapped]
    assert len(tapped) == (3 if pays else 1)


@pytest.mark.rules("608.2c", "701.9a", "510.2")
@pytest.mark.parametrize("hand", [["Plains"], []])
def test_if_the_player_does_after_a_discard(extra_cards, hand):
    """The damaged player discards at random and then draws, only if they had a card to discard."""
    extra_cards(SKULLKNOCKER_OGRE, fully_read=True)
    g, ids = table(["Skullknocker Ogre"], [], hand_b=hand, step=Step.BEGINNING_OF_COMBAT)
    library = len(g.state.players[1].library)
    attack(g, ids["Skullknocker Ogre"])
    advance(g, Step.END)
    settle(g)
    assert len(g.state.players[1].library) == library - len(hand)
    assert len(g.state.players[1].graveyard) == len(hand)


ORDEAL_OF_HELIOD = record("Ordeal of Heliod", "{1}{W}", "Enchantment — Aura",
                          "Enchant creature\nWhenever enchanted creature attacks, put a +1/+1 counter on it. Then if it "
                          "has three or more +1/+1 counters on it, sacrifice Ordeal of Heliod.\nWhen you sacrifice "
                          "Ordeal of Heliod, you gain 10 life.")


@pytest.mark.rules("608.2c", "122.1a", "701.21a")
@pytest.mark.parametrize("counters", [2, 0])
def test_then_if_it_has_counters_after_putting_one(extra_cards, counters):
    """The number of counters is checked after the counter is put on the attacking creature."""
    extra_cards(ORDEAL_OF_HELIOD, fully_read=True)
    g, ids = table(["Grizzly Bears"], [], step=Step.BEGINNING_OF_COMBAT)
    bears = ids["Grizzly Bears"]
    g.attach(g.add_card("Ordeal of Heliod", 0, Zone.BATTLEFIELD), bears)
    if counters:
        g.state.objects[bears].counters["+1/+1"] = counters
    attack(g, bears)
    settle(g)
    assert g.state.objects[bears].counters["+1/+1"] == counters + 1
    assert bool(on_battlefield(g, "Ordeal of Heliod")) == (counters + 1 < 3)
    assert g.state.players[0].life == (30 if counters + 1 >= 3 else 20)


SCAVENGING_OOZE = record("Scavenging Ooze", "{1}{G}", "Creature — Ooze",
                         "{G}: Exile target card from a graveyard. If it was a creature card, put a +1/+1 counter on "
                         "Scavenging Ooze and you gain 1 life.", "2/2")


@pytest.mark.rules("608.2c", "400.7j", "406.3")
@pytest.mark.parametrize("card, creature", [("Grizzly Bears", True), ("Plains", False)])
def test_if_it_was_a_creature_card_after_exiling_it(extra_cards, card, creature):
    """The exiled card is found in exile, where it is still the card it was in the graveyard."""
    extra_cards(SCAVENGING_OOZE, fully_read=True)
    g, ids = table(["Scavenging Ooze", "Forest"])
    target = g.add_card(card, 1, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Scavenging Ooze"], 0, targets=((target,),))
    assert [g.state.objects[c].name for c in g.state.exile] == [card]
    assert g.state.objects[ids["Scavenging Ooze"]].counters.get("+1/+1", 0) == (1 if creature else 0)
    assert g.state.players[0].life == (21 if creature else 20)


RECOIL = record("Recoil", "{1}{U}{B}", "Instant",
                "Return target permanent to its owner's hand. Then that player discards a card.")
COMPELLING_DETERRENCE = record("Compelling Deterrence", "{1}{U}", "Instant",
                               "Return target nonland permanent to its owner's hand. Then that player discards a "
                               "card if you control a Zombie.")


@pytest.mark.rules("608.2c", "608.2h", "701.9a")
def test_then_that_player_is_the_owner_of_the_returned_permanent(extra_cards):
    extra_cards(RECOIL, fully_read=True)
    g, ids = table(["Island", "Swamp", "Swamp"], ["Grizzly Bears"], ["Recoil"])
    cast_and_settle(g, ids["Recoil"], targets=((ids["B:Grizzly Bears"],),))
    assert not on_battlefield(g, "Grizzly Bears") and not g.state.players[1].hand
    assert [g.state.objects[c].name for c in g.state.players[1].graveyard] == ["Grizzly Bears"]
    assert len(g.state.players[0].graveyard) == 1       # Recoil itself: its caster discards nothing


@pytest.mark.rules("608.2c", "701.9a")
@pytest.mark.parametrize("zombie", [True, False])
def test_an_instruction_with_if_at_its_end(extra_cards, zombie):
    """"<instruction> if <condition>": carried out only if the condition holds as it would be (608.2c)."""
    extra_cards(COMPELLING_DETERRENCE, fully_read=True)
    g, ids = table(["Island", "Island"] + (["Gravedigger"] if zombie else []), ["Grizzly Bears"],
                   ["Compelling Deterrence"])
    cast_and_settle(g, ids["Compelling Deterrence"], targets=((ids["B:Grizzly Bears"],),))
    assert len(g.state.players[1].hand) == (0 if zombie else 1)


NIGHTMARE_INCURSION = record("Nightmare Incursion", "{5}{B}", "Sorcery",
                             "Search target player's library for up to X cards, where X is the number of Swamps you "
                             "control, and exile them. Then that player shuffles.")


@pytest.mark.rules("701.23a", "701.24a", "107.3a")
def test_search_target_players_library_where_x_is_then_that_player_shuffles(extra_cards):
    """The amount said in the middle of the sentence; the searched player shuffles after."""
    extra_cards(NIGHTMARE_INCURSION, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Plains", "Plains", "Plains"], [], ["Nightmare Incursion"])
    g.apply(CastSpell(0, ids["Nightmare Incursion"], targets=(("P1",),)))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.player == 0 and g.pending.max == 3
    events = g.apply(Choose(0, tuple(g.pending.options[:3])))
    assert len(g.state.exile) == 3 and len(g.state.players[1].library) == 5
    assert any(e.kind == "shuffle" and e.data.get("player") == 1 for e in events)


ENERGY_TAP = record("Energy Tap", "{U}", "Sorcery",
                    "Tap target untapped creature you control. If you do, add an amount of {C} equal to that "
                    "creature's mana value.")


@pytest.mark.rules("608.2c", "701.26a", "106.1")
def test_if_you_do_after_tapping_a_creature(extra_cards):
    extra_cards(ENERGY_TAP, fully_read=True)
    g, ids = table(["Island", "Serra Angel"], [], ["Energy Tap"])
    cast_and_settle(g, ids["Energy Tap"], targets=((ids["Serra Angel"],),))
    assert g.state.objects[ids["Serra Angel"]].tapped and g.state.players[0].mana_pool["C"] == 5


SAVAGE_SWIPE = record("Savage Swipe", "{G}", "Sorcery",
                      "Target creature you control gets +2/+2 until end of turn if its power is 2. Then it fights "
                      "target creature you don't control.")


@pytest.mark.rules("608.2c", "701.14a")
@pytest.mark.parametrize("mine, survives", [("Grizzly Bears", False), ("Hill Giant", True)])
def test_if_its_power_is_then_it_fights(extra_cards, mine, survives):
    """A 2-power creature gets +2/+2 and kills the 4/4 Serra Angel; a 3/3 gets nothing and doesn't."""
    extra_cards(SAVAGE_SWIPE, fully_read=True)
    g, ids = table(["Forest", mine], ["Serra Angel"], ["Savage Swipe"])
    cast_and_settle(g, ids["Savage Swipe"], targets=((ids[mine],), (ids["B:Serra Angel"],)))
    assert bool(on_battlefield(g, "Serra Angel")) == survives


TIME_TO_FEED = record("Time to Feed", "{2}{G}", "Sorcery",
                      "Choose target creature an opponent controls. When that creature dies this turn, you gain 3 life. "
                      "Target creature you control fights that creature. (Each deals damage equal to its power to the "
                      "other.)")


@pytest.mark.rules("701.14a", "603.7c", "608.2c")
def test_fights_that_creature_a_sentence_before_named(extra_cards):
    """ "That creature" is the opponent's creature chosen first, not the fighter this sentence names: the Giant deals 3
    to the Bears, which die (A gains 3), and takes 2."""
    extra_cards(TIME_TO_FEED, fully_read=True)
    g, ids = table(["Forest"] * 3 + ["Hill Giant"], ["Grizzly Bears"], ["Time to Feed"])
    giant = ids["Hill Giant"]
    cast_and_settle(g, ids["Time to Feed"], targets=((ids["B:Grizzly Bears"],), (giant,)))
    assert not on_battlefield(g, "Grizzly Bears") and g.state.players[0].life == 23
    assert g.state.objects[giant].damage == 2


ARROGANT_POET = record("Arrogant Poet", "{1}{B}", "Creature — Human Warlock",
                       "Whenever Arrogant Poet attacks, you may pay 2 life. If you do, it gains flying until end of "
                       "turn.", "2/1")


@pytest.mark.rules("608.2c", "119.4", "603.5")
@pytest.mark.parametrize("life, flies", [(20, True), (1, False)])
def test_you_may_pay_life_if_you_do(extra_cards, life, flies):
    """Paying life is possible only with that much life (119.4): with 1 life the Poet doesn't fly."""
    extra_cards(ARROGANT_POET, fully_read=True)
    g, ids = table(["Arrogant Poet"], [], step=Step.BEGINNING_OF_COMBAT, life_a=life)
    poet = ids["Arrogant Poet"]
    attack(g, poet)
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, ("yes",)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.characteristics(poet).has("flying") == flies
    assert g.state.players[0].life == (life - 2 if flies else life)


WINNOWER_PATROL = record("Winnower Patrol", "{2}{G}", "Creature — Elf Warrior",
                         "Kinship — At the beginning of your upkeep, you may look at the top card of your library. If "
                         "it shares a creature type with Winnower Patrol, you may reveal it. If you do, put a +1/+1 "
                         "counter on Winnower Patrol.", "3/2")


@pytest.mark.rules("608.2c", "603.5", "205.3m", "701.20a")
@pytest.mark.parametrize("top, grows", [("Llanowar Elves", True), ("Plains", False)])
def test_kinship_reveal_if_it_shares_a_creature_type(extra_cards, top, grows):
    """The reveal is offered only for a card sharing a creature type; "If you do" follows the reveal."""
    extra_cards(WINNOWER_PATROL, fully_read=True)
    g, ids = table(["Winnower Patrol"])
    g.add_card(top, 0, Zone.LIBRARY)
    advance(g, Step.UPKEEP, turn=5)
    asked = 0
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            asked += 1
            g.apply(Choose(g.pending.player, ("yes",)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert asked == (2 if grows else 1)
    assert g.state.objects[ids["Winnower Patrol"]].counters.get("+1/+1", 0) == (1 if grows else 0)


PACK_GUARDIAN = record("Pack Guardian", "{2}{G}{G}", "Creature — Wolf Spirit",
                       "Flash\nWhen Pack Guardian enters the battlefield, you may discard a land card. If you do, "
                       "create a 2/2 green Wolf creature token.", "4/3")


@pytest.mark.rules("608.2c", "603.5", "701.9a")
@pytest.mark.parametrize("card, wolf", [("Forest", True), ("Grizzly Bears", False)])
def test_you_may_discard_a_land_card_if_you_do(extra_cards, card, wolf):
    """Saying yes without a land card in hand discards nothing, and so makes no Wolf."""
    extra_cards(PACK_GUARDIAN, fully_read=True)
    g, ids = table(["Forest"] * 4, [], ["Pack Guardian", card])
    g.apply(CastSpell(0, ids["Pack Guardian"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(g.pending.player, ("yes",) if "yes" in g.pending.options else tuple(g.pending.options[:1])))
        else:
            g.apply(PassPriority(g.pending.player))
    assert len(on_battlefield(g, "Wolf Token")) == (1 if wolf else 0)
    assert len(g.state.players[0].hand) == (0 if wolf else 1)


MASTER_SKALD = record("Master Skald", "{4}{W}", "Creature — Dwarf Warrior",
                      "When Master Skald enters the battlefield, you may exile a creature card from your graveyard. If "
                      "you do, return target artifact or enchantment card from your graveyard to your hand.", "3/3")


@pytest.mark.rules("608.2c", "603.5", "406.3")
@pytest.mark.parametrize("creature_card", [True, False])
def test_you_may_exile_a_card_from_your_graveyard_if_you_do(extra_cards, creature_card):
    extra_cards(MASTER_SKALD, fully_read=True)
    g, ids = table(["Plains"] * 5, [], ["Master Skald"])
    g.add_card("Sol Ring", 0, Zone.GRAVEYARD)
    if creature_card:
        g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Master Skald"], answer=preferring("yes"))
    hand = [g.state.objects[c].name for c in g.state.players[0].hand]
    assert hand == (["Sol Ring"] if creature_card else [])
    assert [g.state.objects[c].name for c in g.state.exile] == (["Grizzly Bears"] if creature_card else [])


YOUNG_NECROMANCER = record("Young Necromancer", "{4}{B}", "Creature — Human Warlock",
                           "When Young Necromancer enters the battlefield, you may exile two cards from your graveyard. "
                           "When you do, return target creature card from your graveyard to the battlefield.", "3/3")


@pytest.mark.rules("608.2d", "603.12")
@pytest.mark.parametrize("in_graveyard", [["Grizzly Bears", "Forest", "Island"], ["Grizzly Bears"]])
def test_an_optional_action_on_two_objects_then_when_you_do(extra_cards, in_graveyard):
    """"You may exile two cards from your graveyard. When you do, ...": with two cards to exile, the player exiles
    two and the reflexive ability returns the creature card; with one card only the option isn't offered (608.2d)."""
    extra_cards(YOUNG_NECROMANCER, fully_read=True)
    g, ids = table(["Swamp"] * 5, hand_a=["Young Necromancer"])
    cards = {name: g.add_card(name, 0, Zone.GRAVEYARD) for name in in_graveyard}
    exiled = [cards[n] for n in ("Forest", "Island") if n in cards]
    asked = []

    def answer(d):
        asked.append(d.data.get("choice"))
        return ("yes",) if "yes" in d.options else tuple(exiled) if set(exiled) <= set(d.options) and exiled \
            else (d.options[0],)
    cast_and_settle(g, ids["Young Necromancer"], answer=answer)
    if len(in_graveyard) == 3:
        assert on_battlefield(g, "Grizzly Bears") and sorted(g.state.objects[c].name for c in g.state.exile) == \
            ["Forest", "Island"]
    else:
        assert not on_battlefield(g, "Grizzly Bears") and not g.state.exile and "may" not in asked


GRAVESTORM = record("Gravestorm", "{B}{B}{B}", "Enchantment",
                    "At the beginning of your upkeep, target opponent may exile a card from their graveyard. If that "
                    "player doesn't, you may draw a card.")
CHARNEL_TROLL = record("Charnel Troll", "{1}{B}{G}", "Creature — Troll",
                       "Trample\nAt the beginning of your upkeep, exile a creature card from your graveyard. If you do, "
                       "put a +1/+1 counter on Charnel Troll. Otherwise, sacrifice it.\n{B}{G}, Discard a creature card: "
                       "Put a +1/+1 counter on Charnel Troll.", "4/4")


def _upkeep_saying_yes(g) -> None:
    """To A's next upkeep, then its stack settled with every yes/no answered yes."""
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring("yes"))


@pytest.mark.rules("608.2c", "608.2d", "406.3")
@pytest.mark.parametrize("their_card", [True, False])
def test_that_player_may_and_if_that_player_doesnt(extra_cards, their_card):
    """The opponent decides and exiles from their own graveyard; with nothing there, their yes does nothing and you
    may draw."""
    extra_cards(GRAVESTORM, fully_read=True)
    g, ids = table(["Gravestorm"])
    if their_card:
        g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    g.add_card("Savannah Lions", 0, Zone.GRAVEYARD)
    hand = len(g.state.players[0].hand)
    _upkeep_saying_yes(g)
    assert [g.state.objects[c].name for c in g.state.exile] == (["Grizzly Bears"] if their_card else [])
    assert len(g.state.players[0].hand) == hand + (0 if their_card else 1)
    assert len(g.state.players[0].graveyard) == 1


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("creature_card", [True, False])
def test_if_you_do_otherwise(extra_cards, creature_card):
    extra_cards(CHARNEL_TROLL, fully_read=True)
    g, ids = table(["Charnel Troll"])
    if creature_card:
        g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    _upkeep_saying_yes(g)
    assert bool(on_battlefield(g, "Charnel Troll")) == creature_card
    if creature_card:
        assert g.state.objects[ids["Charnel Troll"]].counters["+1/+1"] == 1


SOLDEVI_HERETIC = record("Soldevi Heretic", "{2}{U}", "Creature — Human Cleric",
                         "{W}, {T}: Prevent the next 2 damage that would be dealt to target creature this turn. Target "
                         "opponent may draw a card.", "1/3")


@pytest.mark.rules("608.2d")
def test_a_player_who_may_is_the_one_who_acts(extra_cards):
    """"Target opponent may draw a card": the opponent decides, and the opponent draws."""
    extra_cards(SOLDEVI_HERETIC, fully_read=True)
    g, ids = table(["Soldevi Heretic", "Plains"], ["Grizzly Bears"])
    hands = [len(g.state.players[p].hand) for p in (0, 1)]
    g.apply(ActivateAbility(0, ids["Soldevi Heretic"], 0, targets=((ids["B:Grizzly Bears"],), ("P1",))))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 1
    g.apply(Choose(1, ("yes",)))
    assert [len(g.state.players[p].hand) for p in (0, 1)] == [hands[0], hands[1] + 1]


PILLAR_TOMBS_OF_AKU = record("Pillar Tombs of Aku", "{2}{B}{B}", "Legendary Enchantment",
                             "At the beginning of each player's upkeep, that player may sacrifice a creature. If that "
                             "player doesn't, they lose 5 life and you sacrifice Pillar Tombs of Aku.")


@pytest.mark.rules("608.2c", "608.2d", "701.21a")
@pytest.mark.parametrize("creature", [True, False])
def test_if_that_player_doesnt_after_a_yes_with_nothing_to_sacrifice(extra_cards, creature):
    extra_cards(PILLAR_TOMBS_OF_AKU, fully_read=True)
    g, ids = table(["Pillar Tombs of Aku"], ["Grizzly Bears"] if creature else [])
    advance(g, Step.UPKEEP, turn=4)
    settle(g, preferring("yes"))
    assert not on_battlefield(g, "Grizzly Bears")
    assert g.state.players[1].life == (20 if creature else 15)
    assert bool(on_battlefield(g, "Pillar Tombs of Aku")) == creature


@pytest.mark.rules("608.2c", "701.19c")
def test_it_cant_be_regenerated_after_if_you_do(card):
    """"You may sacrifice it. If you do, destroy target creature ... It can't be regenerated.": the destruction
    inside the follow-up can't be regenerated."""
    from engine.core.effect_types import Destroy, IfDone
    d = card("Necrite", "{1}{B}{B}", "Creature — Thrull",
             "Whenever Necrite attacks and isn't blocked, you may sacrifice it. If you do, destroy target creature "
             "defending player controls. It can't be regenerated.", "2/2")
    (effect,) = d.triggered[0].mode.effects
    assert isinstance(effect, IfDone) and effect.then[0] == Destroy(effect.then[0].what, no_regenerate=True)


@pytest.mark.rules("702.39a")
def test_provoke_has_the_creature_block_even_if_it_was_untapped(card):
    """Provoke's "untap ... If you do, it blocks" (keyword_meanings) isn't a check of the untap: 702.39a has the
    creature block whether or not it was tapped."""
    from engine.core.effect_types import IfDone
    d = card("Brontotherium", "{4}{G}{G}", "Creature — Beast", "Trample\nProvoke", "5/3")
    trigger = next(t for t in d.triggered if t.optional)
    assert len(trigger.mode.effects) == 2 and not any(isinstance(e, IfDone) for e in trigger.mode.effects)


@pytest.mark.rules("605.3b", "106.1")
def test_a_mana_ability_adding_the_sacrificed_mana_value_isnt_read(card):
    """A mana ability resolves at once and keeps no record of what its cost sacrificed."""
    d = card("Priest of Yawgmoth", "{1}{B}", "Creature — Human Cleric",
             "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana value.", "1/2")
    assert not d.activated and d.unsupported == ("Add an amount of {B} equal to the sacrificed artifact's mana value",)


@pytest.mark.rules("608.2c", "702.33d")
def test_a_condition_at_the_end_about_it_is_not_about_the_source(card):
    """"Counter target spell if it was kicked": "it" is the target spell, not this spell (which has no kicker)."""
    d = card("Ertai's Trickery", "{U}", "Instant", "Counter target spell if it was kicked.")
    (cond,) = d.spell.modes[0].effects
    assert not d.unsupported and cond.condition.kind == "target_spell_kicked"     # played: test_conditional_instructions


FORGOTTEN_CREATION = record("Forgotten Creation", "{3}{U}", "Creature — Zombie Horror",
                            "Skulk\nAt the beginning of your upkeep, you may discard all the cards in your hand. If you "
                            "do, draw that many cards.", "3/3")


@pytest.mark.rules("608.2c", "701.9a", "121.1")
def test_you_may_discard_your_hand_if_you_do_draw_that_many(extra_cards):
    extra_cards(FORGOTTEN_CREATION, fully_read=True)
    g, ids = table(["Forgotten Creation"], [], ["Grizzly Bears", "Savannah Lions"])
    advance(g, Step.UPKEEP, turn=5)
    settle(g, preferring("yes"))
    assert len(g.state.players[0].graveyard) == 2 and len(g.state.players[0].hand) == 2
