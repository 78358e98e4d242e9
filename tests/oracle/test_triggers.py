"""The trigger grammar (engine.oracle.triggers; 603.2): subject + event + qualifiers, each form compiled
from its wording, then played with real cards' Oracle text: the ability triggers on that event, and
only on it."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.source import FileSource
from engine.core.abilities import Filter, Trigger
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, AssignDamage, CastSpell, Choose, DeclareAttackers,
                                        DeclareBlockers, PassPriority, PlayLand)
from engine.oracle.triggers import parse_trigger, trigger_events
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, cast_and_settle,
                                  on_battlefield, pass_until, resolve_stack, settle, table)
from tests.oracle.conftest import record

CREATURE = frozenset({"Creature"})


@pytest.mark.rules("603.2", "603.2e", "509.3g", "509.3b", "509.3d", "702.29a", "115.1")
@pytest.mark.parametrize("text,trigger,it", [
    ("~ becomes untapped", Trigger("untapped"), "self"),
    ("a permanent becomes untapped", Trigger("untapped", "filter", Filter()), "event"),
    ("enchanted land becomes tapped", Trigger("tapped", "enchanted"), "event"),
    ("~ attacks and isn't blocked", Trigger("unblocked"), "self"),
    ("~ blocks a creature with flying", Trigger("blocks_creature", filter=Filter(types=CREATURE, keyword="flying")),
     "self_event"),
    ("you cycle ~", Trigger("cycled"), "self"),
    ("a player cycles a card", Trigger("cycled", "any_player"), "player"),
    ("you cycle or discard a card", Trigger("discards", "you"), "player"),
    ("you discard a creature card", Trigger("discards", "you", Filter(types=CREATURE)), "player"),
    ("you lose life", Trigger("life_lost", "you"), "player"),
    ("an opponent gains life", Trigger("life_gained", "opponent"), "player"),
    ("you sacrifice a permanent", Trigger("sacrificed", "you", Filter()), "player"),
    ("you attack with two or more creatures", Trigger("attack_batch", "you", nth=2), "batch"),
    ("you draw your second card each turn", Trigger("draws", "you", nth=2), "player"),
    ("you cast a spell that targets ~", Trigger("cast", "you", to="targets_self"), "player"),
    ("you cast ~", Trigger("cast", "self"), "player"),
    ("one or more +1/+1 counters are put on ~", Trigger("counters_put", counter="+1/+1"), "self"),
    ("~ becomes the target of a spell or ability an opponent controls",
     Trigger("becomes_target", whose="opponent"), "self"),
    ("you become the target of a spell", Trigger("becomes_target", "you", to="spell"), "targeted_player"),
    ("the fourth spell of a turn is cast", Trigger("cast", "any_player", nth=4, whose="turn"), "player"),
    ("~ is put into a graveyard from anywhere", Trigger("to_graveyard"), "event"),
    ("equipped creature deals combat damage to a player", Trigger("deals_combat_damage", "equipped", to="player"),
     "source_event"),
    ("a creature attacks you", Trigger("attacks", "filter", Filter(types=CREATURE), to="you"), "event"),
    ("the beginning of enchanted player's upkeep",
     Trigger("step", "any_player", step="upkeep", whose="enchanted_player"), "active"),
    ("the beginning of enchanted opponent's end step",
     Trigger("step", "any_player", step="end", whose="enchanted_player"), "active"),
    ("enchanted opponent draws a card", Trigger("draws", "enchanted_player"), "player"),
    ("the beginning of each combat", Trigger("step", step="beginning_of_combat", whose="each"), "active"),
    ("end of combat", Trigger("step", step="end_of_combat", whose="each"), "active"),
])
def test_trigger_wordings(text, trigger, it):
    assert parse_trigger(text) == (trigger, it)


@pytest.mark.rules("603.2")
def test_alternative_events_and_subjects():
    # "<event> or <event>": one ability with two trigger events; the second one may take the first's subject
    t, it = parse_trigger("enchanted creature attacks or blocks")
    assert [(a.event, a.subject) for a in t.alternatives] == [("attacks", "enchanted"), ("blocks", "enchanted")]
    t, _ = parse_trigger("~ blocks or becomes blocked by a creature")
    assert [a.event for a in t.alternatives] == ["blocks_creature", "blocked_by"]
    t, _ = parse_trigger("you cast or copy an instant or sorcery spell")
    assert [a.event for a in t.alternatives] == ["cast", "copy"]
    t, it = parse_trigger("~ or another ally enters under your control")
    assert (t.subject, t.filter.subtypes, t.filter.controller, t.filter.other) == (
        "self_or_filter", frozenset({"Ally"}), "you", True)
    t, _ = parse_trigger("you cast a spirit or arcane spell")
    assert t.filter.subtypes == frozenset({"Spirit", "Arcane"})      # 205.3k: Arcane is a spell type
    # "it" names different objects in "~ enters or dies": one trigger per event, each with its referent
    assert parse_trigger("~ enters or dies") is None
    assert trigger_events("~ enters or dies") == ((Trigger("enters"), "self"), (Trigger("dies"), "event"))
    assert trigger_events("~ enters or at the beginning of your upkeep") == (
        (Trigger("enters"), "self"), (Trigger("step", "you", step="upkeep", whose="you"), "active"))


TREACHEROUS_PIT_DWELLER = record("Treacherous Pit-Dweller", "{B}{B}", "Creature — Demon",
                                 "When Treacherous Pit-Dweller enters the battlefield from a graveyard, target opponent "
                                 "gains control of it.\nUndying (When this creature dies, if it had no +1/+1 counters on "
                                 "it, return it to the battlefield under its owner's control with a +1/+1 counter on "
                                 "it.)", "4/3")


@pytest.mark.rules("603.6a", "702.93a", "400.7")
def test_enters_from_a_graveyard(extra_cards):
    """Returned by undying from its owner's graveyard, it triggers; cast from a hand, it doesn't."""
    extra_cards(TREACHEROUS_PIT_DWELLER, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Swamp", "Swamp"], [], ["Treacherous Pit-Dweller", "Murder"])
    cast_and_settle(g, ids["Treacherous Pit-Dweller"])
    (dweller,) = on_battlefield(g, "Treacherous Pit-Dweller")
    assert g.state.objects[dweller].controller == 0
    cast_and_settle(g, ids["Murder"], targets=((dweller,),))
    (back,) = on_battlefield(g, "Treacherous Pit-Dweller")
    assert g.state.objects[back].controller == 1 and g.state.objects[back].counters == {"+1/+1": 1}


BEASTMASTERS_MAGEMARK = record("Beastmaster's Magemark", "{2}{G}", "Enchantment — Aura",
                               "Enchant creature\nCreatures you control that are enchanted get +1/+1.\nWhenever a "
                               "creature you control that's enchanted becomes blocked, it gets +1/+1 until end of turn "
                               "for each creature blocking it.")


@pytest.mark.rules("509.3c", "303.4", "509.1h")
def test_a_creature_you_control_thats_enchanted_becomes_blocked(extra_cards):
    extra_cards(BEASTMASTERS_MAGEMARK, fully_read=True)
    g, ids = table(["Grizzly Bears", "Elite Vanguard", "Forest", "Forest", "Forest"], ["Serra Angel", "Llanowar Elves"],
                   ["Beastmaster's Magemark"])
    bears, vanguard = ids["Grizzly Bears"], ids["Elite Vanguard"]
    cast_and_settle(g, ids["Beastmaster's Magemark"], targets=((bears,),))
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1", vanguard: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Serra Angel"]: (bears,), ids["B:Llanowar Elves"]: (vanguard,)}))
    resolve_stack(g)
    # the enchanted Bears: 2/2, +1/+1 from the Magemark's static ability, +1/+1 for its one blocker; the Vanguard
    # isn't enchanted
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 4)
    assert g.characteristics(vanguard).power == 2


LIABILITY = record("Liability", "{1}{B}{B}", "Enchantment",
                   "Whenever a nontoken permanent is put into a player's graveyard from the battlefield, that player "
                   "loses 1 life.")


@pytest.mark.rules("603.2", "400.3", "111.7")
def test_that_player_is_the_owner_of_the_graveyard(extra_cards):
    """A card goes to its owner's graveyard (400.3): that player loses life, here B, whose Bears A destroyed."""
    extra_cards(LIABILITY, fully_read=True)
    g, ids = table(["Liability", "Mountain"], ["Grizzly Bears"], ["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 19)


TAMANOA = record("Tamanoa", "{R}{G}{W}", "Creature — Spirit",
                 "Whenever a noncreature source you control deals damage, you gain that much life.", "2/4")


@pytest.mark.rules("603.2", "120.3", "120.1")
def test_a_noncreature_source_you_control_deals_damage(extra_cards):
    """A spell is a noncreature source; a creature dealing combat damage isn't one."""
    extra_cards(TAMANOA, fully_read=True)
    g, ids = table(["Tamanoa", "Mountain", "Grizzly Bears"], [], ["Shock"], step=Step.MAIN1)
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert g.state.players[0].life == 22
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1"}))
    advance(g, Step.MAIN2)
    assert (g.state.players[0].life, g.state.players[1].life) == (22, 16)


EDGARS_AWAKENING = record("Edgar's Awakening", "{3}{B}{B}", "Sorcery",
                          "Return target creature card from your graveyard to the battlefield.\nWhen you discard Edgar's "
                          "Awakening, you may pay {B}. When you do, return target creature card from your graveyard to "
                          "your hand.")


@pytest.mark.rules("603.6c", "701.9a", "603.12")
def test_when_you_discard_this_card(extra_cards):
    """The card's own trigger, from the graveyard it was discarded to: pay {B}, then the reflexive ability returns a
    creature card."""
    extra_cards(EDGARS_AWAKENING, fully_read=True)
    g, ids = table(["Merfolk Looter", "Swamp"], [], ["Edgar's Awakening"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, ids["Merfolk Looter"], 0))
    settle(g, lambda d: (ids["Edgar's Awakening"],) if ids["Edgar's Awakening"] in d.options
           else ("yes",) if "yes" in d.options else (bears,) if bears in d.options else d.options[:max(1, d.min)])
    assert sorted(g.state.objects[o].name for o in g.state.players[0].hand) == ["Grizzly Bears", "Plains"]
    assert "Edgar's Awakening" in [g.state.objects[o].name for o in g.state.players[0].graveyard]
    assert g.state.objects[ids["Swamp"]].tapped


GOLGARI_BROWNSCALE = record("Golgari Brownscale", "{1}{G}{G}", "Creature — Lizard",
                            "When Golgari Brownscale is put into your hand from your graveyard, you gain 2 life.\n"
                            "Dredge 2", "2/3")


@pytest.mark.rules("603.10a", "400.3", "603.6c")
@pytest.mark.parametrize("from_graveyard", [True, False])
def test_when_this_card_is_put_into_your_hand_from_your_graveyard(extra_cards, from_graveyard):
    """The card's own trigger, from the hand it was put into: only a return from the graveyard, not a draw."""
    extra_cards(GOLGARI_BROWNSCALE, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [], ["Raise Dead"])
    zone = Zone.GRAVEYARD if from_graveyard else Zone.LIBRARY
    brownscale = g.add_card("Golgari Brownscale", 0, zone)
    if from_graveyard:
        cast_and_resolve(g, ids["Raise Dead"], targets=((brownscale,),))
    else:
        g.state.players[0].library.remove(brownscale)
        g.state.players[0].library.append(brownscale)
        advance(g, Step.DRAW, turn=5)
    settle(g)
    assert "Golgari Brownscale" in [g.state.objects[o].name for o in g.state.players[0].hand]
    assert g.state.players[0].life == (22 if from_graveyard else 20)


STORMFRONT_RIDERS = record("Stormfront Riders", "{4}{W}", "Creature — Human Soldier",
                           "Flying\nWhen Stormfront Riders enters the battlefield, return two creatures you control to "
                           "their owner's hand.\nWhenever Stormfront Riders or another creature is returned to your "
                           "hand from the battlefield, create a 1/1 white Soldier creature token.", "4/3")


@pytest.mark.rules("603.2", "603.10a", "400.3", "108.3")
@pytest.mark.parametrize("bounced,tokens", [("Grizzly Bears", 1), ("Stormfront Riders", 1), ("B:Hill Giant", 0)])
def test_it_or_another_creature_is_returned_to_your_hand(extra_cards, bounced, tokens):
    """Into your hand: a creature you own, ~ itself (its ability looks back); not an opponent's creature, which goes to
    its owner's hand."""
    extra_cards(STORMFRONT_RIDERS, fully_read=True)
    g, ids = table(["Stormfront Riders", "Grizzly Bears", "Island"], ["Hill Giant"], ["Unsummon"])
    cast_and_settle(g, ids["Unsummon"], targets=((ids[bounced],),))
    assert len(on_battlefield(g, "Soldier Token")) == tokens


CURSE_OF_THE_RESTLESS_DEAD = record("Curse of the Restless Dead", "{2}{B}", "Enchantment — Aura Curse",
                                    "Enchant player\nWhenever a land enters the battlefield under enchanted player's "
                                    "control, you create a 2/2 black Zombie creature token with decayed.")


@pytest.mark.rules("303.4", "603.2", "305.1")
@pytest.mark.parametrize("player,tokens", [(1, 1), (0, 0)])
def test_a_land_enters_under_enchanted_players_control(extra_cards, player, tokens):
    """The Curse on B: B's land makes its controller (A) a Zombie; A's own land doesn't."""
    extra_cards(CURSE_OF_THE_RESTLESS_DEAD, fully_read=True)
    g, ids = table([], [], ["Forest"], hand_b=["Forest"], active=player)
    g.attach(g.add_card("Curse of the Restless Dead", 0, Zone.BATTLEFIELD), "P1")
    g.apply(PlayLand(player, ids["B:Forest" if player else "Forest"]))
    resolve_stack(g)
    zombies = on_battlefield(g, "Zombie Token")
    assert len(zombies) == tokens and all(g.state.objects[z].controller == 0 for z in zombies)


OATH_OF_KAYA = record("Oath of Kaya", "{1}{W}{B}", "Legendary Enchantment",
                      "When Oath of Kaya enters the battlefield, it deals 3 damage to any target and you gain 3 life.\n"
                      "Whenever an opponent attacks a planeswalker you control with one or more creatures, Oath of Kaya "
                      "deals 2 damage to that player and you gain 2 life.")


@pytest.mark.rules("508.1b", "603.2c", "506.2")
@pytest.mark.parametrize("at_planeswalker", [True, False])
def test_an_opponent_attacks_a_planeswalker_you_control(extra_cards, at_planeswalker):
    """Once for the declaration, if a creature attacks one of your planeswalkers; "that player" is the attacker."""
    extra_cards(OATH_OF_KAYA, fully_read=True)
    g, ids = table([], ["Grizzly Bears", "Savannah Lions"], active=1, turn=4)
    g.add_card("Oath of Kaya", 0, Zone.BATTLEFIELD)
    liliana = g.add_card("Liliana of the Veil", 0, Zone.BATTLEFIELD)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    target = liliana if at_planeswalker else "P0"
    g.apply(DeclareAttackers(1, {ids["B:Grizzly Bears"]: target, ids["B:Savannah Lions"]: target}))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == ((22, 18) if at_planeswalker else (20, 20))


LAYOUT_CARDS = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "layouts.json"     # double-faced cards
CULT_OF_THE_WAXING_MOON = record("Cult of the Waxing Moon", "{4}{G}", "Creature — Human Shaman",
                                 "Whenever a permanent you control transforms into a non-Human creature, create a 2/2 "
                                 "green Wolf creature token.", "5/4")


@pytest.mark.rules("701.27e", "702.145c", "603.2")
def test_a_permanent_you_control_transforms_into_a_non_human_creature(extra_cards):
    """Tavern Ruffian (a Human Werewolf) transforms into Tavern Smasher (a Werewolf) as it becomes night."""
    extra_cards(CULT_OF_THE_WAXING_MOON, fully_read=True)
    g, ids = table(["Cult of the Waxing Moon", "Tavern Ruffian"], [], source=FileSource(LAYOUT_CARDS))
    g.state.day_night = "day"
    advance(g, Step.DRAW, turn=4)        # A cast no spell in its turn: night in B's (502.2)
    assert g.state.day_night == "night" and g.characteristics(ids["Tavern Ruffian"]).name == "Tavern Smasher"
    assert len(on_battlefield(g, "Wolf Token")) == 1


EREBOS_TITAN = record("Erebos's Titan", "{1}{B}{B}{B}", "Creature — Giant",
                      "As long as your opponents control no creatures, Erebos's Titan has indestructible. (Damage and "
                      "effects that say \"destroy\" don't destroy it.)\nWhenever a creature card leaves an opponent's "
                      "graveyard, you may discard a card. If you do, return Erebos's Titan from your graveyard to your "
                      "hand.", "5/5")


@pytest.mark.rules("603.6c", "113.6k", "400.7")
@pytest.mark.parametrize("whose,returned", [("B", True), ("A", False)])
def test_a_creature_card_leaves_an_opponents_graveyard(extra_cards, whose, returned):
    """The Titan's ability works from its owner's graveyard; a creature card leaving A's own graveyard doesn't count."""
    extra_cards(EREBOS_TITAN, fully_read=True)
    g, ids = table(["Swamp"], ["Swamp"], ["Shock", "Raise Dead"] if whose == "A" else ["Shock"],
                   hand_b=["Raise Dead"] if whose == "B" else [], active=0 if whose == "A" else 1)
    titan = g.add_card("Erebos's Titan", 0, Zone.GRAVEYARD)
    bears = g.add_card("Grizzly Bears", 0 if whose == "A" else 1, Zone.GRAVEYARD)
    raise_dead = ids["Raise Dead" if whose == "A" else "B:Raise Dead"]
    g.apply(CastSpell(0 if whose == "A" else 1, raise_dead, targets=((bears,),)))
    settle(g, lambda d: ("yes",) if "yes" in d.options else (ids["Shock"],) if ids["Shock"] in d.options
           else d.options[:max(1, d.min)])
    hand = {g.state.objects[o].name for o in g.state.players[0].hand}
    assert ("Erebos's Titan" in hand) == returned and ("Shock" in hand) != returned
    assert (titan in g.state.players[0].graveyard) != returned


TEPHRADERM = record("Tephraderm", "{4}{R}", "Creature — Beast",
                    "Whenever a creature deals damage to Tephraderm, Tephraderm deals that much damage to that "
                    "creature.\nWhenever a spell deals damage to Tephraderm, Tephraderm deals that much damage to that "
                    "spell's controller.", "4/5")


@pytest.mark.rules("603.2", "120.1", "120.3")
def test_a_creature_or_a_spell_deals_damage_to_it(extra_cards):
    """The source of the damage as it deals it: a creature's ability (the creature is the source, 120.1) or a spell."""
    extra_cards(TEPHRADERM, fully_read=True)
    g, ids = table(["Tephraderm"], ["Prodigal Sorcerer", "Mountain"], hand_b=["Shock"], active=1)
    tephraderm = ids["Tephraderm"]
    g.apply(ActivateAbility(1, ids["B:Prodigal Sorcerer"], 0, targets=((tephraderm,),)))
    settle(g)
    assert not on_battlefield(g, "Prodigal Sorcerer") and g.state.players[1].life == 20
    g.apply(CastSpell(1, ids["B:Shock"], targets=((tephraderm,),)))
    settle(g)
    assert g.state.objects[tephraderm].damage == 3 and g.state.players[1].life == 18


NULLSTONE_GARGOYLE = record("Nullstone Gargoyle", "{9}", "Artifact Creature — Gargoyle",
                            "Flying\nWhenever the first noncreature spell of a turn is cast, counter that spell.", "4/5")


@pytest.mark.rules("603.2", "601.2i", "701.6a")
def test_the_first_noncreature_spell_of_a_turn_is_cast(extra_cards):
    """Counted over every player's spells this turn: B's first Shock is countered, the second one resolves."""
    extra_cards(NULLSTONE_GARGOYLE, fully_read=True)
    g, ids = table(["Nullstone Gargoyle"], ["Mountain", "Mountain"], hand_b=["Shock", "Shock"], active=1)
    first, second = g.state.players[1].hand
    g.apply(CastSpell(1, first, targets=(("P0",),)))
    settle(g)
    assert g.state.players[0].life == 20
    g.apply(CastSpell(1, second, targets=(("P0",),)))
    settle(g)
    assert g.state.players[0].life == 18


ICHNEUMON_DRUID = record("Ichneumon Druid", "{1}{G}{G}", "Creature — Human Druid",
                         "Whenever an opponent casts an instant spell other than the first instant spell that player "
                         "casts each turn, Ichneumon Druid deals 4 damage to that player.", "1/1")


@pytest.mark.rules("603.2", "601.2i")
def test_a_spell_other_than_the_first_that_player_casts_each_turn(extra_cards):
    extra_cards(ICHNEUMON_DRUID, fully_read=True)
    g, ids = table(["Ichneumon Druid"], ["Mountain", "Mountain", "Mountain"], hand_b=["Shock", "Shock", "Shock"],
                   active=1)
    for life in (20, 16, 12):       # the first instant, then the second and the third
        g.apply(CastSpell(1, g.state.players[1].hand[0], targets=(("P0",),)))
        settle(g)
        assert g.state.players[1].life == life
    assert g.state.players[0].life == 14


CIRCLE_OF_AFFLICTION = record("Circle of Affliction", "{1}{B}", "Enchantment",
                              "As Circle of Affliction enters the battlefield, choose a color.\nWhenever a source of the "
                              "chosen color deals damage to you, you may pay {1}. If you do, target player loses 1 life "
                              "and you gain 1 life.")


@pytest.mark.rules("614.12", "120.1", "603.2")
@pytest.mark.parametrize("color,drained", [("red", True), ("blue", False)])
def test_a_source_of_the_chosen_color_deals_damage_to_you(extra_cards, color, drained):
    extra_cards(CIRCLE_OF_AFFLICTION, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp"], ["Mountain"], ["Circle of Affliction"], hand_b=["Shock"])
    cast_and_settle(g, ids["Circle of Affliction"], answer=lambda d: (color,) if color in d.options
                    else d.options[:max(1, d.min)])
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Shock"], targets=(("P0",),)))
    settle(g, lambda d: ("yes",) if "yes" in d.options else ("P1",) if "P1" in d.options else d.options[:max(1, d.min)])
    assert (g.state.players[0].life, g.state.players[1].life) == ((19, 19) if drained else (18, 20))


CURSE_OF_VERBOSITY = record("Curse of Verbosity", "{2}{U}", "Enchantment — Aura Curse",
                            "Enchant player\nWhenever enchanted player is attacked, you draw a card. Each opponent "
                            "attacking that player does the same.")


@pytest.mark.rules("303.4", "506.2", "508.1")
@pytest.mark.parametrize("cursed,b_draws", [("P1", 0), ("P0", 1)])
def test_enchanted_player_is_attacked_and_each_opponent_attacking_does_the_same(extra_cards, cursed, b_draws):
    """A attacks B, whom A cursed: A draws, and no opponent of A attacks. A cursed A itself and B attacks A: A draws, and
    B, an opponent attacking that player, draws too."""
    extra_cards(CURSE_OF_VERBOSITY, fully_read=True)
    g, ids = table(["Island", "Island", "Island", "Grizzly Bears"], ["Grizzly Bears"], ["Curse of Verbosity"])
    cast_and_resolve(g, ids["Curse of Verbosity"], targets=((cursed,),))
    hands = [len(g.state.players[0].hand), len(g.state.players[1].hand)]
    attacker, bears = (0, ids["Grizzly Bears"]) if cursed == "P1" else (1, ids["B:Grizzly Bears"])
    if attacker == 1:
        advance(g, Step.MAIN1, turn=4)
        hands = [len(g.state.players[0].hand), len(g.state.players[1].hand)]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(attacker, {bears: f"P{1 - attacker}"}))
    resolve_stack(g)
    assert [len(g.state.players[0].hand) - hands[0], len(g.state.players[1].hand) - hands[1]] == [1, b_draws]


AMULET_OF_SAFEKEEPING = record("Amulet of Safekeeping", "{2}", "Artifact",
                               "Whenever you become the target of a spell or ability an opponent controls, counter that "
                               "spell or ability unless its controller pays {1}.\nCreature tokens get -1/-0.")


@pytest.mark.rules("603.2", "115.1", "701.6a")
@pytest.mark.parametrize("target,countered", [("P0", True), ("P1", False)])
def test_you_become_the_target_of_a_spell_an_opponent_controls(extra_cards, target, countered):
    """A player among the targets of an opponent's spell (115.1): the spell is countered unless its controller pays
    {1}, which B, whose only land paid for the Shock, can't. Shock aimed at B itself targets no one it watches."""
    extra_cards(AMULET_OF_SAFEKEEPING, fully_read=True)
    g, ids = table(["Amulet of Safekeeping"], ["Mountain"], hand_b=["Shock"], active=1)
    g.apply(CastSpell(1, ids["B:Shock"], targets=((target,),)))
    settle(g)
    life = {"P0": g.state.players[0].life, "P1": g.state.players[1].life}
    assert life[target] == (20 if countered else 18)


DORMANT_GOMAZOA = record("Dormant Gomazoa", "{1}{U}{U}", "Creature — Jellyfish",
                         "Flying\nDormant Gomazoa enters the battlefield tapped.\nDormant Gomazoa doesn't untap during "
                         "your untap step.\nWhenever you become the target of a spell, you may untap Dormant Gomazoa.",
                         "5/5")


@pytest.mark.rules("603.2", "115.1", "603.5")
def test_you_become_the_target_of_a_spell_untaps_the_gomazoa(extra_cards):
    extra_cards(DORMANT_GOMAZOA, fully_read=True)
    g, ids = table(["Dormant Gomazoa"], ["Mountain"], hand_b=["Shock"], active=1)
    gomazoa = ids["Dormant Gomazoa"]
    g.state.objects[gomazoa].tapped = True
    g.apply(CastSpell(1, ids["B:Shock"], targets=((gomazoa,),)))       # the creature, not its controller
    settle(g)
    assert g.state.objects[gomazoa].tapped
    g2, ids2 = table(["Dormant Gomazoa"], ["Mountain"], hand_b=["Shock"], active=1)
    g2.state.objects[ids2["Dormant Gomazoa"]].tapped = True
    g2.apply(CastSpell(1, ids2["B:Shock"], targets=(("P0",),)))
    settle(g2, lambda d: ("yes",) if "yes" in d.options else d.options[:max(1, d.min)])
    assert not g2.state.objects[ids2["Dormant Gomazoa"]].tapped and g2.state.players[0].life == 18


MURK_DWELLERS = record("Murk Dwellers", "{3}{B}", "Creature — Zombie",
                       "Whenever Murk Dwellers attacks and isn't blocked, it gets +2/+0 until end of combat.", "2/2")


@pytest.mark.rules("509.3g", "509.1h")
@pytest.mark.parametrize("blocked", [False, True])
def test_attacks_and_isnt_blocked(extra_cards, blocked):
    extra_cards(MURK_DWELLERS)
    g, ids = table(["Murk Dwellers"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Murk Dwellers"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Murk Dwellers"],)} if blocked else {}))
    resolve_stack(g)
    assert g.characteristics(ids["Murk Dwellers"]).power == (2 if blocked else 4)


def _attack(g, attacks):
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, attacks))
    resolve_stack(g)


TANGLE_ASP = record("Tangle Asp", "{1}{G}", "Creature — Snake",
                    "Whenever Tangle Asp blocks or becomes blocked by a creature, destroy that creature at end of combat.",
                    "1/2")


@pytest.mark.rules("509.3b", "509.3d", "603.7")
def test_blocks_or_becomes_blocked_by_a_creature_names_that_creature(extra_cards):
    extra_cards(TANGLE_ASP)
    g, ids = table(["Tangle Asp"], ["Serra Angel"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Tangle Asp"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Serra Angel"]: (ids["Tangle Asp"],)}))
    resolve_stack(g)
    advance(g, Step.MAIN2)
    assert ids["B:Serra Angel"] not in g.state.battlefield     # destroyed at end of combat
    assert g.state.players[1].graveyard


VAMPIRE_SLAYER = record("Vampire Slayer", "{1}{W}", "Creature — Human Soldier",
                        "Whenever Vampire Slayer deals damage to a Vampire, destroy that creature.", "2/2")
TOUGH_VAMPIRE = record("Tough Vampire", "{3}{B}", "Creature — Vampire", "", "1/5")
TOUGH_ZOMBIE = record("Tough Zombie", "{3}{B}", "Creature — Zombie", "", "1/5")


@pytest.mark.rules("603.2", "510.2", "120.3")
@pytest.mark.parametrize("blocker,destroyed", [("Tough Vampire", True), ("Tough Zombie", False)])
def test_deals_damage_to_a_creature_of_a_type(extra_cards, blocker, destroyed):
    extra_cards(VAMPIRE_SLAYER, TOUGH_VAMPIRE, TOUGH_ZOMBIE)
    g, ids = table(["Vampire Slayer"], [blocker], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Vampire Slayer"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:" + blocker]: (ids["Vampire Slayer"],)}))
    advance(g, Step.MAIN2)
    # "that creature" is the creature dealt the damage, not the Slayer
    assert (ids["B:" + blocker] not in g.state.battlefield) is destroyed
    assert ids["Vampire Slayer"] in g.state.battlefield


@pytest.mark.rules("603.2")
def test_each_other_creature_after_damage_to_a_creature_is_unread(card):
    # "other" there is other than the creature dealt damage, not the source: a misread if read as the source's
    d = card("Kusari-Gama", "{3}", "Artifact — Equipment",
             "Whenever equipped creature deals damage to a blocking creature, Kusari-Gama deals that much damage to "
             "each other creature defending player controls.\nEquip {3}")
    assert d.unsupported


SAPROLING_INFESTATION = record("Saproling Infestation", "{1}{G}", "Enchantment",
                               "Whenever a player kicks a spell, you create a 1/1 green Saproling creature token.")
INTO_THE_ROIL = record("Into the Roil", "{1}{U}", "Instant",
                       "Kicker {1}{U}\nReturn target nonland permanent to its owner's hand. If this spell was kicked, "
                       "draw a card.")


@pytest.mark.rules("702.33d", "603.2")
@pytest.mark.parametrize("kicked", [True, False])
def test_a_player_kicks_a_spell(extra_cards, kicked):
    # the opponent's Saproling Infestation: "you" who creates the token is its controller
    extra_cards(SAPROLING_INFESTATION, INTO_THE_ROIL)
    g, ids = table(["Island"] * 4, ["Saproling Infestation", "Grizzly Bears"], hand_a=["Into the Roil"])
    cast_and_resolve(g, ids["Into the Roil"], targets=((ids["B:Grizzly Bears"],),), kicked=kicked)
    tokens = on_battlefield(g, "Saproling Token")
    assert len(tokens) == kicked and all(g.state.objects[t].controller == 1 for t in tokens)


CHANDRAS_SPITFIRE = record("Chandra's Spitfire", "{2}{R}", "Creature — Elemental",
                           "Flying\nWhenever an opponent is dealt noncombat damage, Chandra's Spitfire gets +3/+0 until "
                           "end of turn.", "1/3")


@pytest.mark.rules("603.2", "120.2")
def test_an_opponent_is_dealt_noncombat_damage(extra_cards):
    extra_cards(CHANDRAS_SPITFIRE)
    g, ids = table(["Chandra's Spitfire", "Mountain", "Mountain"], hand_a=["Lightning Bolt", "Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Chandra's Spitfire"],),))      # not an opponent
    assert g.characteristics(ids["Chandra's Spitfire"]).power == 1
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    assert g.characteristics(ids["Chandra's Spitfire"]).power == 4
    g2, ids2 = table(["Chandra's Spitfire"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g2, {ids2["Chandra's Spitfire"]: "P1"})
    advance(g2, Step.END_OF_COMBAT)
    # combat damage isn't noncombat damage
    assert g2.state.players[1].life == 19 and g2.characteristics(ids2["Chandra's Spitfire"]).power == 1


RIVERFALL_MIMIC = record("Riverfall Mimic", "{1}{U/R}", "Creature — Shapeshifter",
                         "Whenever you cast a spell that's both blue and red, Riverfall Mimic has base power and "
                         "toughness 3/3 until end of turn and can't be blocked this turn.", "2/1")


@pytest.mark.rules("603.2", "105.2", "613.4b")
@pytest.mark.parametrize("spell,grows", [("Riverfall Mimic", True), ("Divination", False), ("Shock", False)])
def test_cast_a_spell_thats_both_of_two_colors(extra_cards, spell, grows):
    extra_cards(RIVERFALL_MIMIC)
    g, ids = table(["Island", "Island", "Mountain"], hand_a=[spell])
    mimic = g.add_card("Riverfall Mimic", 0, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids[spell], targets=(("P1",),) if spell == "Shock" else None)
    assert (g.characteristics(mimic).power, g.characteristics(mimic).toughness) == ((3, 3) if grows else (2, 1))


AMULET_OF_VIGOR = record("Amulet of Vigor", "{1}", "Artifact",
                         "Whenever a permanent enters the battlefield tapped and under your control, untap it.")
AZORIUS_GUILDGATE = record("Azorius Guildgate", None, "Land — Gate",
                           "Azorius Guildgate enters the battlefield tapped.\n{T}: Add {W} or {U}.")


@pytest.mark.rules("603.2", "614.1c", "305.1")
@pytest.mark.parametrize("land", ["Azorius Guildgate", "Plains"])
def test_a_permanent_enters_tapped_and_under_your_control(extra_cards, land):
    extra_cards(AMULET_OF_VIGOR, AZORIUS_GUILDGATE)
    g, ids = table(["Amulet of Vigor"], ["Amulet of Vigor"], hand_a=[land])
    g.apply(PlayLand(0, ids[land]))
    # the Guildgate enters tapped: only A's Amulet triggers (B's isn't its controller's); a Plains enters untapped
    assert len(g.state.stack) == (1 if land == "Azorius Guildgate" else 0)
    resolve_stack(g)
    (played,) = on_battlefield(g, land)
    assert not g.state.objects[played].tapped


SLITHERWISP = record("Slitherwisp", "{2}{B}", "Creature — Shapeshifter",
                     "Flash\nFlying\nWhenever you cast another spell that has flash, you draw a card and each opponent "
                     "loses 1 life.", "2/2")


@pytest.mark.rules("603.2", "702.8a")
@pytest.mark.parametrize("spell,triggers", [("Spectral Sailor", True), ("Raging Goblin", False)])
def test_cast_a_spell_that_has_flash(extra_cards, spell, triggers):
    extra_cards(SLITHERWISP)
    g, ids = table(["Slitherwisp", "Island", "Mountain"], hand_a=[spell])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids[spell])
    assert len(g.state.players[0].hand) == hand - 1 + triggers
    assert g.state.players[1].life == 20 - triggers


MULTANIS_PRESENCE = record("Multani's Presence", "{G}", "Enchantment",
                           "Whenever a spell you've cast is countered, draw a card.")


@pytest.mark.rules("603.2", "701.6a")
@pytest.mark.parametrize("mine", [True, False])
def test_a_spell_youve_cast_is_countered(extra_cards, mine):
    extra_cards(MULTANIS_PRESENCE)
    g, ids = table(["Multani's Presence" if mine else "Island", "Forest", "Forest"],
                   ["Island", "Island"] + ([] if mine else ["Multani's Presence"]),
                   hand_a=["Grizzly Bears"], hand_b=["Counterspell"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    bears = g.state.stack[-1]
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Counterspell"], targets=((bears,),)))
    hands = len(g.state.players[0].hand), len(g.state.players[1].hand)
    resolve_stack(g)
    # the caster of the countered spell draws; the Counterspell's caster's spell wasn't countered
    assert (len(g.state.players[0].hand), len(g.state.players[1].hand)) == (hands[0] + mine, hands[1])


YOMIJI = record("Yomiji, Who Bars the Way", "{5}{W}{W}", "Legendary Creature — Spirit",
                "Whenever a legendary permanent other than Yomiji, Who Bars the Way is put into a graveyard from the "
                "battlefield, return that card to its owner's hand.", "4/4")


@pytest.mark.rules("603.2", "603.10a", "400.7")
@pytest.mark.parametrize("victim,returned", [("Isamaru, Hound of Konda", True), ("Grizzly Bears", False)])
def test_a_permanent_other_than_this_one_is_put_into_a_graveyard(extra_cards, victim, returned):
    extra_cards(YOMIJI)
    g, ids = table(["Yomiji, Who Bars the Way", "Mountain"], [victim], hand_a=["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["B:" + victim],),))
    # the card goes back to its owner's hand from the graveyard it was put into
    assert [g.state.objects[c].name for c in g.state.players[1].hand] == ([victim] if returned else [])


XYRIS = record("Xyris, the Writhing Storm", "{2}{G}{U}{R}", "Legendary Creature — Snake Leviathan",
               "Flying\nWhenever an opponent draws a card except the first one they draw in each of their draw steps, "
               "create a 1/1 green Snake creature token.\nWhenever one or more Snakes you control deal combat damage "
               "to a player, you and that player each draw that many cards.", "0/5")


@pytest.mark.rules("603.2", "504.1", "121.2")
def test_an_opponent_draws_a_card_except_the_first_in_their_draw_step(extra_cards):
    extra_cards(XYRIS)
    g, ids = table(["Xyris, the Writhing Storm"], ["Island", "Island", "Island"], hand_b=["Divination"])
    advance(g, Step.MAIN1, turn=4)          # B's draw step's draw: no Snake
    resolve_stack(g)
    assert not on_battlefield(g, "Snake Token")
    g.apply(CastSpell(1, ids["B:Divination"]))
    resolve_stack(g)
    assert len(on_battlefield(g, "Snake Token")) == 2


PAIRED_TACTICIAN = record("Paired Tactician", "{2}{W}", "Creature — Human Warrior",
                          "Whenever Paired Tactician and at least one other Warrior attack, put a +1/+1 counter on "
                          "Paired Tactician.", "3/2")
MARDU_SKULLHUNTER = record("Mardu Skullhunter", "{1}{B}", "Creature — Human Warrior",
                           "Mardu Skullhunter enters the battlefield tapped.\nRaid — When Mardu Skullhunter enters the "
                           "battlefield, if you attacked this turn, target opponent discards a card.", "2/1")


@pytest.mark.rules("603.2", "508.1")
@pytest.mark.parametrize("other,counter", [("Mardu Skullhunter", 1), ("Grizzly Bears", 0)])
def test_this_and_at_least_one_other_of_a_type_attack(extra_cards, other, counter):
    extra_cards(PAIRED_TACTICIAN, MARDU_SKULLHUNTER)
    g, ids = table(["Paired Tactician", other], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Paired Tactician"]: "P1", ids[other]: "P1"})
    assert g.state.objects[ids["Paired Tactician"]].counters.get("+1/+1", 0) == counter


PSYCHIC_POSSESSION = record("Psychic Possession", "{2}{U}{U}", "Enchantment — Aura",
                            "Enchant opponent\nSkip your draw step.\nWhenever enchanted opponent draws a card, you may "
                            "draw a card.")


@pytest.mark.rules("603.2", "303.4", "702.5a")
def test_whenever_enchanted_opponent_draws_a_card(extra_cards):
    extra_cards(PSYCHIC_POSSESSION)
    g, ids = table(["Island"] * 4, hand_a=["Psychic Possession"])
    cast_and_resolve(g, ids["Psychic Possession"], targets=(("P1",),))
    hand = len(g.state.players[0].hand)
    g.apply(PassPriority(0))
    advance(g, Step.UPKEEP, turn=4)
    while g.state.step is not Step.MAIN1:
        d = g.pending
        g.apply(Choose(d.player, (d.options[0],)) if d.kind is not DecisionKind.PRIORITY else PassPriority(d.player))
    # B's draw: A may draw too (said yes); A's own draws don't trigger it
    assert len(g.state.players[0].hand) == hand + 1
    advance(g, Step.MAIN1, turn=5)          # A skips their draw step
    assert len(g.state.players[0].hand) == hand + 1 and not g.state.stack


# A test enchantment in the wording of the "one or more creatures you control die" cards.
MOURNER = record("Test Mourner", "{2}{B}", "Enchantment", "Whenever one or more creatures you control die, draw a card.")
WRATH = record("Test Wrath", "{2}", "Sorcery", "Destroy all creatures.")


@pytest.mark.rules("603.2c", "603.10a", "704.3")
def test_one_or_more_creatures_die_triggers_once_for_each_event(extra_cards):
    extra_cards(MOURNER, WRATH)
    g, ids = table(["Test Mourner", "Grizzly Bears", "Craw Wurm", "Forest", "Forest", "Mountain"],
                   ["Grizzly Bears"], hand_a=["Test Wrath", "Lightning Bolt"])
    assert trigger_events("one or more creatures you control die")[0][0].event == "dies_batch"
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Test Wrath"])
    # two of A's creatures died at once: one card; B's Bears don't count
    assert len(g.state.players[0].hand) == hand - 1 + 1
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    bears = [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"][0]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((bears,),))
    assert len(g.state.players[0].hand) == hand - 2 + 2          # a later death is another event


# A test enchantment in the wording of the "whenever you discard one or more cards" cards.
DISCARD_WATCHER = record("Test Discard Watcher", "{1}{B}", "Enchantment",
                         "Whenever you discard one or more cards, you gain 1 life.")


@pytest.mark.rules("603.2c", "701.9a", "514.1")
def test_you_discard_one_or_more_cards_triggers_once_for_each_event(extra_cards):
    extra_cards(DISCARD_WATCHER)
    g, ids = table(["Test Discard Watcher", "Swamp", "Swamp", "Swamp"], hand_a=["Mind Rot"])
    for _ in range(3):
        g.add_card("Grizzly Bears", 0, Zone.HAND)
    cast_and_settle(g, ids["Mind Rot"], targets=(("P0",),))
    assert g.state.players[0].life == 21            # two cards, one discard
    for _ in range(9):
        g.add_card("Grizzly Bears", 0, Zone.HAND)
    advance(g, Step.END)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.min == 3
    g.apply(Choose(0, tuple(d.options[:d.min])))        # the hand-size discard: another event, of three cards
    while g.state.stack or g.pending.kind is not DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[0].life == 22


ELVISH_WARMASTER = record("Elvish Warmaster", "{1}{G}", "Creature — Elf Warrior",
                          "Whenever one or more other Elves enter the battlefield under your control, create a 1/1 "
                          "green Elf Warrior creature token. This ability triggers only once each turn.\n{5}{G}{G}: "
                          "Elves you control get +2/+2 and gain deathtouch until end of turn.", "2/2")


@pytest.mark.rules("603.2c", "603.2h")
def test_one_or_more_others_enter_once_each_turn(extra_cards):
    extra_cards(ELVISH_WARMASTER)
    g, ids = table(["Elvish Warmaster", "Forest", "Forest"], hand_a=["Llanowar Elves", "Elvish Mystic"])
    cast_and_resolve(g, ids["Llanowar Elves"])
    cast_and_resolve(g, ids["Elvish Mystic"])
    assert len(on_battlefield(g, "Elf Warrior Token")) == 1


@pytest.mark.rules("603.2", "603.4", "508.1", "506.3")
@pytest.mark.parametrize("attackers,drawn", [(2, 1), (1, 0)])
def test_an_opponent_attacks_with_two_or_more_creatures_attacking_you(extra_cards, attackers, drawn):
    extra_cards("Mangara, the Diplomat", fully_read=True)
    g, ids = table(["Mangara, the Diplomat"], ["Grizzly Bears", "Craw Wurm"], active=1, step=Step.BEGINNING_OF_COMBAT)
    hand = len(g.state.players[0].hand)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {a: "P0" for a in [ids["B:Grizzly Bears"], ids["B:Craw Wurm"]][:attackers]}))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + drawn


OPAL_AVENGER = record("Opal Avenger", "{2}{W}", "Enchantment",
                      "When you have 10 or less life, if Opal Avenger is an enchantment, Opal Avenger becomes a 3/5 "
                      "Soldier creature.")
HIDDEN_PREDATORS = record("Hidden Predators", "{G}", "Enchantment",
                          "When an opponent controls a creature with power 4 or greater, if Hidden Predators is an "
                          "enchantment, Hidden Predators becomes a 4/4 Beast creature.")


@pytest.mark.rules("603.8", "603.4", "205.1a")
def test_a_state_trigger_on_your_life_total(extra_cards):
    extra_cards(OPAL_AVENGER, fully_read=True)
    g, ids = table(["Opal Avenger", "Mountain"], hand_a=["Shock"], life_a=12)
    assert not g.characteristics(ids["Opal Avenger"]).is_creature
    cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    resolve_stack(g)
    ch = g.characteristics(ids["Opal Avenger"])
    # it becomes a creature and stops being an enchantment (205.1a): it doesn't trigger again
    assert ch.is_creature and (ch.power, ch.toughness) == (3, 5) and not ch.is_type("Enchantment")
    assert not g.state.stack


@pytest.mark.rules("603.8", "603.4")
@pytest.mark.parametrize("creature,becomes", [("Craw Wurm", True), ("Grizzly Bears", False)])
def test_a_state_trigger_on_what_an_opponent_controls(extra_cards, creature, becomes):
    extra_cards(HIDDEN_PREDATORS, fully_read=True)
    g, ids = table(["Hidden Predators"], [creature])
    g.apply(PassPriority(0))                 # the state is checked as a player would receive priority (603.8)
    resolve_stack(g)
    # Craw Wurm is 6/4: power 4 or greater
    assert g.characteristics(ids["Hidden Predators"]).is_creature is becomes


TASK_MAGE_ASSEMBLY = record("Task Mage Assembly", "{2}{R}", "Enchantment",
                            "When there are no creatures on the battlefield, sacrifice Task Mage Assembly.\n{2}: Task "
                            "Mage Assembly deals 1 damage to target creature. Any player may activate this ability but "
                            "only as a sorcery.")


@pytest.mark.rules("603.8")
def test_a_state_trigger_when_there_are_no_creatures_on_the_battlefield(extra_cards):
    extra_cards(TASK_MAGE_ASSEMBLY, fully_read=True)
    g, ids = table(["Task Mage Assembly", "Mountain"], ["Raging Goblin"], hand_a=["Shock"])
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["B:Raging Goblin"],),)))
    assert not any(g.state.objects[o].is_ability for o in g.state.stack)     # the opponent's creature counts
    resolve_stack(g)
    assert ids["Task Mage Assembly"] not in g.state.battlefield


WHISPERING_SNITCH = record("Whispering Snitch", "{1}{B}", "Creature — Vampire Rogue",
                           "Whenever you surveil for the first time each turn, Whispering Snitch deals 1 damage to each "
                           "opponent and you gain 1 life.", "1/3")
SURVEIL_SPELL = record("Test Surveil", "{U}", "Sorcery", "Surveil 1.")


@pytest.mark.rules("701.25a", "603.2")
def test_you_surveil_for_the_first_time_each_turn(extra_cards):
    extra_cards(WHISPERING_SNITCH, SURVEIL_SPELL)
    g, ids = table(["Whispering Snitch", "Island", "Island"])
    first, second = (g.add_card("Test Surveil", 0, Zone.HAND) for _ in range(2))
    cast_and_settle(g, first)
    assert (g.state.players[0].life, g.state.players[1].life) == (21, 19)
    cast_and_settle(g, second)               # the second surveil this turn: no trigger
    assert (g.state.players[0].life, g.state.players[1].life) == (21, 19)


DEUS_OF_CALAMITY = record("Deus of Calamity", "{R/G}{R/G}{R/G}{R/G}{R/G}", "Creature — Spirit Avatar",
                          "Trample\nWhenever Deus of Calamity deals 6 or more damage to an opponent, destroy target "
                          "land that player controls.", "6/6")
DRAGONBORN_CHAMPION = record("Dragonborn Champion", "{2}{R}{G}", "Creature — Dragon Warrior",
                             "Trample\nWhenever a source you control deals 5 or more damage to a player, draw a card.",
                             "5/3")


@pytest.mark.rules("603.2", "510.1a", "702.19b")
@pytest.mark.parametrize("blocked", [False, True])
def test_deals_6_or_more_damage_to_an_opponent(extra_cards, blocked):
    extra_cards(DEUS_OF_CALAMITY)
    g, ids = table(["Deus of Calamity"], ["Grizzly Bears", "Forest"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Deus of Calamity"]: "P1"})
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (ids["Deus of Calamity"],)} if blocked else {}))
    deus, bears = ids["Deus of Calamity"], ids["B:Grizzly Bears"]
    while g.state.step is not Step.MAIN2:
        d = g.pending
        if d.kind is DecisionKind.PRIORITY:
            g.apply(PassPriority(d.player))
        elif d.kind is DecisionKind.ASSIGN_DAMAGE:
            g.apply(AssignDamage(0, {deus: {bears: 2, "P1": 4}}))      # lethal to the Bears, the rest tramples over
        else:
            g.apply(Choose(d.player, tuple(d.options[:max(d.min, 1)])))
    # unblocked: 6 to B, the Forest destroyed; blocked by the Bears: 4 tramples over, not 6
    assert (ids["B:Forest"] in g.state.battlefield) is blocked


@pytest.mark.rules("603.2", "120.3")
@pytest.mark.parametrize("spell,drawn", [("Lava Axe", 1), ("Shock", 0)])
def test_a_source_you_control_deals_5_or_more_damage_to_a_player(extra_cards, spell, drawn):
    extra_cards(DRAGONBORN_CHAMPION)
    g, ids = table(["Dragonborn Champion"] + ["Mountain"] * 5, hand_a=[spell])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids[spell], targets=(("P1",),))
    assert len(g.state.players[0].hand) == hand - 1 + drawn


# A test enchantment in the wording of the "whenever an opponent is dealt damage, that player ..." cards.
PAIN_ECHO = record("Test Pain Echo", "{2}{B}", "Enchantment",
                   "Whenever an opponent is dealt damage, that player loses 1 life.")


@pytest.mark.rules("603.2", "120.3")
def test_that_player_is_the_player_dealt_damage(extra_cards):
    extra_cards(PAIN_ECHO)
    g, ids = table(["Test Pain Echo", "Mountain"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    resolve_stack(g)
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 17)


PAIN_MAGNIFICATION = record("Pain Magnification", "{1}{B}{R}", "Enchantment",
                            "Whenever an opponent is dealt 3 or more damage by a single source, that player discards a "
                            "card.")


@pytest.mark.rules("603.2", "120.3", "701.9a")
@pytest.mark.parametrize("spell,discards", [("Lightning Bolt", True), ("Shock", False)])
def test_an_opponent_is_dealt_3_or_more_damage_by_a_single_source(extra_cards, spell, discards):
    extra_cards(PAIN_MAGNIFICATION, fully_read=True)
    g, ids = table(["Pain Magnification", "Mountain"], hand_a=[spell], hand_b=["Grizzly Bears"])
    cast_and_settle(g, ids[spell], targets=(("P1",),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == (["Grizzly Bears"] if discards else [])
    assert len(g.state.players[1].hand) == (0 if discards else 1)


KAMI = record("Kami of Tattered Shoji", "{4}{W}", "Creature — Spirit",
              "Whenever you cast a Spirit or Arcane spell, Kami of Tattered Shoji gains flying until end of turn.", "2/5")
KAMI_OF_ANCIENT_LAW = record("Kami of Ancient Law", "{1}{W}", "Creature — Spirit",
                             "Sacrifice Kami of Ancient Law: Destroy target enchantment.", "2/2")


@pytest.mark.rules("603.2", "205.3k")
@pytest.mark.parametrize("spell,flies", [("Kami of Ancient Law", True), ("Grizzly Bears", False)])
def test_cast_a_spell_with_a_subtype_filter(extra_cards, spell, flies):
    extra_cards(KAMI, KAMI_OF_ANCIENT_LAW)
    g, ids = table(["Kami of Tattered Shoji", "Plains", "Plains", "Forest", "Forest"], hand_a=[spell])
    cast_and_resolve(g, ids[spell])
    assert g.characteristics(ids["Kami of Tattered Shoji"]).has("flying") is flies


WELCOMING_VAMPIRE = record("Welcoming Vampire", "{2}{W}", "Creature — Vampire",
                           "Flying\nWhenever one or more other creatures with power 2 or less enter the battlefield "
                           "under your control, draw a card. This ability triggers only once each turn.", "2/3")


@pytest.mark.rules("603.2")
def test_triggers_only_once_each_turn(extra_cards):
    extra_cards(WELCOMING_VAMPIRE)
    g, ids = table(["Welcoming Vampire"])
    hand = len(g.state.players[0].hand)
    for _ in range(2):
        g.add_card("Grizzly Bears", 0, Zone.HAND)
        bears = g.state.players[0].hand[-1]
        for _ in range(2):
            g.add_card("Forest", 0, Zone.BATTLEFIELD)
        cast_and_resolve(g, bears)
    assert len(g.state.players[0].hand) == hand + 1


MILITARY_INTELLIGENCE = record("Military Intelligence", "{1}{U}", "Enchantment",
                               "Whenever you attack with two or more creatures, draw a card.")


@pytest.mark.rules("508.1", "603.2c")
@pytest.mark.parametrize("attackers,drawn", [(1, 0), (2, 1)])
def test_you_attack_with_n_or_more_creatures(extra_cards, attackers, drawn):
    extra_cards(MILITARY_INTELLIGENCE)
    g, ids = table(["Military Intelligence", "Grizzly Bears", "Serra Angel"], step=Step.BEGINNING_OF_COMBAT)
    hand = len(g.state.players[0].hand)
    _attack(g, {ids[n]: "P1" for n in ["Grizzly Bears", "Serra Angel"][:attackers]})
    assert len(g.state.players[0].hand) == hand + drawn


BONE_MISER = record("Bone Miser", "{4}{B}", "Creature — Zombie Wizard",
                    "Whenever you discard a creature card, create a 2/2 black Zombie creature token.", "4/4")


@pytest.mark.rules("701.9a", "603.2")
@pytest.mark.parametrize("cards,zombies", [(["Grizzly Bears", "Serra Angel"], 2), (["Forest", "Island"], 0)])
def test_discard_a_card_of_a_kind(extra_cards, cards, zombies):
    extra_cards(BONE_MISER)
    g, ids = table(["Bone Miser", "Swamp", "Swamp", "Swamp"], hand_a=["Mind Rot"] + cards)
    cast_and_resolve(g, ids["Mind Rot"], targets=(("P0",),))      # A discards both of its other cards
    tokens = [o for o in g.state.battlefield if g.characteristics(o).name == "Zombie Token"]
    assert len(tokens) == zombies


MESMERIC_ORB = record("Mesmeric Orb", "{2}", "Artifact",
                      "Whenever a permanent becomes untapped, that permanent's controller mills a card.")


@pytest.mark.rules("603.2e", "502.3")
def test_becomes_untapped_in_the_untap_step(extra_cards):
    extra_cards(MESMERIC_ORB)
    g, ids = table(["Mesmeric Orb", "Forest"], ["Island"], step=Step.END)
    g.state.objects[ids["Forest"]].tapped = True
    g.state.objects[ids["B:Island"]].tapped = True
    a_lib, b_lib = len(g.state.players[0].library), len(g.state.players[1].library)
    advance(g, Step.UPKEEP)
    resolve_stack(g)
    # B's untap step: only B's Island untaps, so B mills one (and A's Forest stays tapped)
    assert (len(g.state.players[0].library), len(g.state.players[1].library)) == (a_lib, b_lib - 1)


GEMPALM_AVENGER = record("Gempalm Avenger", "{5}{W}", "Creature — Human Soldier",
                         "Cycling {2}{W} ({2}{W}, Discard this card: Draw a card.)\nWhen you cycle Gempalm Avenger, "
                         "Soldier creatures get +1/+1 and gain first strike until end of turn.", "3/5")
SOLDIER = record("Benalish Veteran Test Soldier", "{2}{W}", "Creature — Human Soldier", "", "2/2")


@pytest.mark.rules("702.29a", "603.2")
def test_when_you_cycle_this_card_it_triggers_from_the_graveyard(extra_cards):
    extra_cards(GEMPALM_AVENGER, SOLDIER)
    g, ids = table(["Benalish Veteran Test Soldier", "Plains", "Plains", "Plains"], hand_a=["Gempalm Avenger"])
    activate_and_resolve(g, ids["Gempalm Avenger"], 0)
    ch = g.characteristics(ids["Benalish Veteran Test Soldier"])
    assert (ch.power, ch.toughness, ch.has("first strike")) == (3, 3, True)


SATYR_HOPLITE = record("Satyr Hoplite", "{R}", "Creature — Satyr Soldier",
                       "Heroic — Whenever you cast a spell that targets Satyr Hoplite, put a +1/+1 counter on "
                       "Satyr Hoplite.", "1/1")


@pytest.mark.rules("115.1", "603.2")
@pytest.mark.parametrize("target_self,counters", [(True, 1), (False, 0)])
def test_cast_a_spell_that_targets_this(extra_cards, target_self, counters):
    extra_cards(SATYR_HOPLITE)
    g, ids = table(["Satyr Hoplite", "Mountain"], ["Grizzly Bears"], hand_a=["Shock"])
    target = ids["Satyr Hoplite"] if target_self else ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Shock"], targets=((target,),)))
    # the heroic trigger resolves first (it's on top of Shock)
    both_pass(g)
    assert g.state.objects[ids["Satyr Hoplite"]].counters.get("+1/+1", 0) == counters


SPARKTONGUE_DRAGON = record("Sparktongue Dragon", "{3}{R}{R}", "Creature — Dragon",
                            "Flying\nWhen Sparktongue Dragon enters the battlefield, you may pay {3}{R}. When you do, "
                            "it deals 3 damage to any target.", "3/3")


@pytest.mark.rules("603.12", "603.3d")
@pytest.mark.parametrize("pay", [True, False])
def test_when_you_do_is_a_reflexive_trigger_with_its_own_target(extra_cards, pay):
    extra_cards(SPARKTONGUE_DRAGON)
    g, ids = table(["Mountain"] * 9, hand_a=["Sparktongue Dragon"])
    g.apply(CastSpell(0, ids["Sparktongue Dragon"]))
    for _ in range(4):            # the Dragon resolves, then its enters trigger: pay {3}{R}?
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.CHOOSE
    g.apply(Choose(0, ("yes" if pay else "no",)))
    if pay:
        # the reflexive ability triggers now; its target is chosen as it goes on the stack
        assert g.pending.kind is DecisionKind.CHOOSE and "P1" in g.pending.options
        g.apply(Choose(0, ("P1",)))
        resolve_stack(g)
    assert g.state.players[1].life == (17 if pay else 20)


DOKUCHI_SILENCER = record("Dokuchi Silencer", "{1}{B}", "Creature — Human Ninja",
                          "Ninjutsu {1}{B} ({1}{B}, Return an unblocked attacker you control to hand: Put this card onto "
                          "the battlefield from your hand tapped and attacking.)\nWhenever Dokuchi Silencer deals "
                          "combat damage to a player, you may discard a creature card. When you do, destroy target "
                          "creature or planeswalker that player controls.", "1/2")


@pytest.mark.rules("603.12", "603.2", "510.2")
def test_that_player_in_a_reflexive_trigger_is_the_one_its_creator_named(extra_cards):
    """The reflexive ability triggers during the resolution of the ability that made it: "that player" is the player
    that ability's event names, the one dealt combat damage (603.12)."""
    extra_cards(DOKUCHI_SILENCER, fully_read=True)
    g, ids = table(["Dokuchi Silencer", "Elite Vanguard"], ["Serra Angel", "Grizzly Bears"], ["Grizzly Bears"],
                   step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Dokuchi Silencer"]: "P1"}))
    while g.pending.kind is not DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(1, {}))
        else:
            g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, ("yes",)))
    if g.pending.kind is DecisionKind.CHOOSE and ids["Grizzly Bears"] in g.pending.options:
        g.apply(Choose(0, (ids["Grizzly Bears"],)))
    assert g.pending.kind is DecisionKind.CHOOSE
    assert set(g.pending.options) == {ids["B:Serra Angel"], ids["B:Grizzly Bears"]}
    g.apply(Choose(0, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    assert not on_battlefield(g, "Serra Angel") and on_battlefield(g, "Elite Vanguard")
    assert g.state.players[1].life == 19


BACK_FOR_MORE = record("Back for More", "{4}{B}{G}", "Instant",
                       "Return target creature card from your graveyard to the battlefield. When you do, it fights up "
                       "to one target creature you don't control. (Each deals damage equal to its power to the other.)")


@pytest.mark.rules("603.12", "608.2c", "701.14a", "400.7j")
def test_when_you_do_after_an_instruction_that_must_be_carried_out(extra_cards):
    """ "When you do" after an instruction that isn't optional: the reflexive ability triggers once the card is on the
    battlefield, and "it" is the creature it became (400.7j), with a target of its own chosen then."""
    extra_cards(BACK_FOR_MORE, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Swamp", "Forest", "Forest"], ["Grizzly Bears", "Elite Vanguard"],
                   ["Back for More"])
    angel = g.add_card("Serra Angel", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Back for More"], targets=((angel,),)))
    pass_until(g, DecisionKind.CHOOSE)
    assert set(g.pending.options) == {ids["B:Grizzly Bears"], ids["B:Elite Vanguard"]}
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    (back,) = on_battlefield(g, "Serra Angel")
    assert g.state.objects[back].damage == 2 and not on_battlefield(g, "Grizzly Bears")


SHARED_TRIUMPH = record("Shared Triumph", "{1}{W}", "Enchantment",
                        "As Shared Triumph enters the battlefield, choose a creature type.\nCreatures of the chosen "
                        "type get +1/+1.")
CURSE_OF_WIZARDRY = record("Curse of Wizardry", "{2}{B}{B}", "Enchantment",
                           "As Curse of Wizardry enters the battlefield, choose a color.\nWhenever a player casts a "
                           "spell of the chosen color, that player loses 1 life.")


@pytest.mark.rules("614.12", "613.4c")
def test_as_it_enters_choose_a_creature_type(extra_cards):
    extra_cards(SHARED_TRIUMPH)
    g, ids = table(["Plains", "Plains", "Grizzly Bears", "Llanowar Elves"], hand_a=["Shared Triumph"])
    g.apply(CastSpell(0, ids["Shared Triumph"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE
    assert g.pending.options[:3] == ["Bear", "Druid", "Elf"]        # the types among A's cards first
    g.apply(Choose(0, ("Elf",)))
    assert g.characteristics(ids["Llanowar Elves"]).power == 2
    assert g.characteristics(ids["Grizzly Bears"]).power == 2


@pytest.mark.rules("614.12", "603.2")
@pytest.mark.parametrize("spell,loss", [("Lightning Bolt", 1), ("Grizzly Bears", 0)])
def test_a_spell_of_the_chosen_color(extra_cards, spell, loss):
    extra_cards(CURSE_OF_WIZARDRY)
    g, ids = table(["Swamp"] * 4 + ["Mountain", "Forest", "Forest"], hand_a=["Curse of Wizardry", spell])
    g.apply(CastSpell(0, ids["Curse of Wizardry"]))
    both_pass(g)
    g.apply(Choose(0, ("red",)))
    cast_and_resolve(g, ids[spell], targets=(("P1",),) if spell == "Lightning Bolt" else None)
    assert g.state.players[0].life == 20 - loss


SEA_SERPENT = record("Sea Serpent", "{5}{U}", "Creature — Serpent",
                     "Sea Serpent can't attack unless defending player controls an Island.\nWhen you control no "
                     "Islands, sacrifice Sea Serpent.", "5/5")


@pytest.mark.rules("603.8")
@pytest.mark.parametrize("land,stays", [("Island", True), ("Forest", False)])
def test_state_trigger_when_you_control_no_islands(extra_cards, land, stays):
    extra_cards(SEA_SERPENT)
    g, ids = table(["Sea Serpent", land])
    g.apply(PassPriority(0))                 # something happened: the state is checked (117.5, 603.8)
    resolve_stack(g)
    assert (ids["Sea Serpent"] in g.state.battlefield) is stays
    assert len(g.state.stack) == 0


ENDANGERED_ARMODON = record("Endangered Armodon", "{2}{G}{G}", "Creature — Elephant",
                            "When you control a creature with toughness 2 or less, sacrifice Endangered Armodon.", "4/5")


@pytest.mark.rules("603.8")
@pytest.mark.parametrize("other,stays", [("Savannah Lions", False), ("Serra Angel", True)])
def test_state_trigger_when_you_control_a_creature_like_this(extra_cards, other, stays):
    extra_cards(ENDANGERED_ARMODON, fully_read=True)
    g, ids = table(["Endangered Armodon", other])
    g.apply(PassPriority(0))
    resolve_stack(g)
    assert (ids["Endangered Armodon"] in g.state.battlefield) is stays


SHRINE_OF_BURNING_RAGE = record("Shrine of Burning Rage", "{2}{R}", "Artifact",
                                "At the beginning of your upkeep or whenever you cast a red spell, put a charge "
                                "counter on Shrine of Burning Rage.\n{3}, {T}, Sacrifice Shrine of Burning Rage: It "
                                "deals damage equal to the number of charge counters on it to any target.")


@pytest.mark.rules("603.2", "503.1a")
def test_a_step_or_a_cast_trigger_is_one_ability_with_two_events(extra_cards):
    """"At the beginning of your upkeep or whenever you cast a red spell": each event triggers it, a blue spell
    doesn't."""
    extra_cards(SHRINE_OF_BURNING_RAGE, fully_read=True)
    g, ids = table(["Shrine of Burning Rage", "Mountain", "Island"], hand_a=["Shock", "Opt"])
    shrine = ids["Shrine of Burning Rage"]
    cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    assert g.state.objects[shrine].counters.get("charge") == 1
    cast_and_settle(g, ids["Opt"])
    assert g.state.objects[shrine].counters.get("charge") == 1
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert g.state.objects[shrine].counters.get("charge") == 2


WITCHSTALKER = record("Witchstalker", "{1}{G}{G}", "Creature — Wolf",
                      "Hexproof\nWhenever an opponent casts a blue or black spell during your turn, put a +1/+1 counter "
                      "on Witchstalker.", "3/3")


@pytest.mark.rules("603.2", "601.2i")
@pytest.mark.parametrize("active,counters", [(0, 1), (1, 0)])
def test_a_spell_cast_during_your_turn(extra_cards, active, counters):
    extra_cards(WITCHSTALKER, fully_read=True)
    g, ids = table(["Witchstalker"], ["Island"], hand_b=["Opt"], active=active)
    if g.pending.player == 0:
        g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Opt"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, tuple(d.options[:d.min or 1])) if d.kind is DecisionKind.CHOOSE
                else PassPriority(d.player))
    assert g.state.objects[ids["Witchstalker"]].counters.get("+1/+1", 0) == counters


HIDDEN_STAG = record("Hidden Stag", "{1}{G}", "Enchantment",
                     "Whenever an opponent plays a land, if Hidden Stag is an enchantment, Hidden Stag becomes a 3/2 Elk "
                     "Beast creature.\nWhenever you play a land, if Hidden Stag is a creature, Hidden Stag becomes an "
                     "enchantment.")


@pytest.mark.rules("305.1", "603.4", "205.1a", "613.7")
def test_a_player_plays_a_land_and_the_types_it_becomes(extra_cards):
    """Playing a land triggers (305.1); "becomes a 3/2 Elk Beast creature" and "becomes an enchantment" each replace
    its card types (205.1a), the later effect winning (613.7)."""
    extra_cards(HIDDEN_STAG, fully_read=True)
    g, ids = table(["Hidden Stag"], hand_a=["Forest"], hand_b=["Forest"], active=1)
    stag = ids["Hidden Stag"]
    g.apply(PlayLand(1, ids["B:Forest"]))
    resolve_stack(g)
    ch = g.characteristics(stag)
    assert ch.is_creature and not ch.is_type("Enchantment") and (ch.power, ch.toughness) == (3, 2)
    assert {"Elk", "Beast"} <= set(ch.subtypes)
    advance(g, Step.MAIN1, turn=4)
    g.apply(PlayLand(0, ids["Forest"]))
    resolve_stack(g)
    ch = g.characteristics(stag)
    assert ch.is_type("Enchantment") and not ch.is_creature


ATTENDED_HEALER = record("Attended Healer", "{3}{W}", "Creature — Kor Cleric",
                         "Whenever you gain life for the first time each turn, create a 1/1 white Cat creature token.\n"
                         "{2}{W}: Another target Cleric gains lifelink until end of turn.", "2/3")
VENGEFUL_WARCHIEF = record("Vengeful Warchief", "{4}{B}", "Creature — Orc Warrior",
                           "Whenever you lose life for the first time each turn, put a +1/+1 counter on Vengeful "
                           "Warchief. (Damage causes loss of life.)", "4/4")


@pytest.mark.rules("603.2", "119.3")
def test_gain_life_for_the_first_time_each_turn(extra_cards):
    extra_cards(ATTENDED_HEALER, fully_read=True)
    g, ids = table(["Attended Healer"] + ["Mountain", "Plains"] * 2, hand_a=["Lightning Helix"])
    cast_and_resolve(g, ids["Lightning Helix"], targets=(("P1",),))
    cast_and_resolve(g, g.add_card("Lightning Helix", 0, Zone.HAND), targets=(("P1",),))
    assert len(on_battlefield(g, "Cat Token")) == 1


@pytest.mark.rules("603.2", "120.3a", "119.3")
@pytest.mark.parametrize("lost_before", [False, True])
def test_lose_life_for_the_first_time_each_turn_by_damage(extra_cards, lost_before):
    """Damage causes the loss (120.3a); "for the first time each turn" counts the player's losses this turn, also
    those before the creature was on the battlefield."""
    extra_cards(VENGEFUL_WARCHIEF, fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Mountain"], hand_a=["Shock"])
    if lost_before:
        cast_and_resolve(g, ids["Shock"], targets=(("P0",),))
    warchief = g.add_card("Vengeful Warchief", 0, Zone.BATTLEFIELD)
    for _ in range(2):
        cast_and_resolve(g, g.add_card("Shock", 0, Zone.HAND), targets=(("P0",),))
    assert g.state.objects[warchief].counters.get("+1/+1", 0) == (0 if lost_before else 1)


VAMPIRE_SCRIVENER = record("Vampire Scrivener", "{4}{B}", "Creature — Vampire Warlock",
                           "Flying\nWhenever you gain life during your turn, put a +1/+1 counter on Vampire Scrivener.\n"
                           "Whenever you lose life during your turn, put a +1/+1 counter on Vampire Scrivener.", "2/2")


@pytest.mark.rules("603.2", "119.3")
@pytest.mark.parametrize("active,counters", [(0, 2), (1, 0)])
def test_gain_or_lose_life_during_your_turn(extra_cards, active, counters):
    extra_cards(VAMPIRE_SCRIVENER, fully_read=True)
    g, ids = table(["Vampire Scrivener", "Mountain", "Plains", "Swamp", "Swamp"],
                   hand_a=["Lightning Helix", "Night's Whisper"], active=active)
    if g.pending.player != 0:
        g.apply(PassPriority(g.pending.player))
    cast_and_resolve(g, ids["Lightning Helix"], targets=(("P1",),))          # an instant: in either turn
    if active == 0:
        cast_and_resolve(g, ids["Night's Whisper"])
    assert g.state.objects[ids["Vampire Scrivener"]].counters.get("+1/+1", 0) == counters


SOULHERDER = record("Soulherder", "{1}{W}{U}", "Creature — Spirit",
                    "Whenever a creature is exiled from the battlefield, put a +1/+1 counter on Soulherder.\nAt the "
                    "beginning of your end step, you may exile another target creature you control, then return that "
                    "card to the battlefield under its owner's control.", "1/1")


@pytest.mark.rules("603.2", "603.6c", "603.10a")
def test_a_creature_is_exiled_from_the_battlefield(extra_cards):
    extra_cards(SOULHERDER, fully_read=True)
    g, ids = table(["Soulherder", "Plains"], ["Grizzly Bears"], hand_a=["Swords to Plowshares"])
    cast_and_resolve(g, ids["Swords to Plowshares"], targets=((ids["B:Grizzly Bears"],),))
    assert g.state.objects[ids["Soulherder"]].counters.get("+1/+1", 0) == 1


PEDANTIC_LEARNING = record("Pedantic Learning", "{U}", "Enchantment",
                           "Whenever a land card is put into your graveyard from your library, you may pay {1}. If you "
                           "do, draw a card.")
MILLIKIN = record("Millikin", "{2}", "Artifact Creature — Construct",
                  "{T}, Mill a card: Add {C}. (To mill a card, put the top card of your library into your graveyard.)",
                  "0/1")


@pytest.mark.rules("603.2", "701.17a", "603.5")
def test_a_land_card_is_put_into_your_graveyard_from_your_library(extra_cards):
    extra_cards(PEDANTIC_LEARNING, MILLIKIN, fully_read=True)
    g, ids = table(["Pedantic Learning", "Millikin", "Island"])
    g.state.objects[ids["Millikin"]].sick = False
    g.apply(ActivateAbility(0, ids["Millikin"], 0))          # mills a Plains
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1]))
                if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert len(g.state.players[0].hand) == 1


PLANAR_VOID = record("Planar Void", "{B}", "Enchantment",
                     "Whenever another card is put into a graveyard from anywhere, exile that card.")


@pytest.mark.rules("603.2", "603.6a", "400.7")
def test_another_card_is_put_into_a_graveyard_from_anywhere(extra_cards):
    extra_cards(PLANAR_VOID, fully_read=True)
    g, ids = table(["Planar Void", "Mountain"], ["Grizzly Bears"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    assert sorted(g.characteristics(o).name for o in g.state.exile) == ["Grizzly Bears", "Shock"]
    assert not g.state.players[0].graveyard and not g.state.players[1].graveyard


AZORIUS_AETHERMAGE = record("Azorius Aethermage", "{1}{W}{U}", "Creature — Human Wizard",
                            "Whenever a permanent is returned to your hand, you may pay {1}. If you do, draw a card.",
                            "1/1")
LEASHLING = record("Leashling", "{6}", "Artifact Creature — Dog",
                   "Put a card from your hand on top of your library: Return Leashling to its owner's hand.", "3/3")


@pytest.mark.rules("603.2", "603.6c", "108.3")
@pytest.mark.parametrize("owner,draws", [(0, 1), (1, 0)])
def test_a_permanent_is_returned_to_your_hand(extra_cards, owner, draws):
    """"Your hand": a permanent its owner, the ability's controller, gets back; not an opponent's."""
    extra_cards(AZORIUS_AETHERMAGE, LEASHLING, fully_read=True)
    g, ids = table(["Azorius Aethermage", "Island"], hand_a=["Plains"], hand_b=["Plains"], active=owner)
    leashling = g.add_card("Leashling", owner, Zone.BATTLEFIELD)
    if g.pending.player != owner:
        g.apply(PassPriority(g.pending.player))
    g.apply(ActivateAbility(owner, leashling, 0))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1]))
                if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    # the Plains put on top of the library as the cost is the card drawn
    hands = [sorted(g.characteristics(o).name for o in p.hand) for p in g.state.players]
    assert hands == ([["Leashling", "Plains"], ["Plains"]] if draws else [["Plains"], ["Leashling"]])


ONGOING_INVESTIGATION = record("Ongoing Investigation", "{1}{U}", "Enchantment",
                               "Whenever one or more creatures you control deal combat damage to a player, "
                               "investigate.")


@pytest.mark.rules("603.2c", "510.2")
def test_one_or_more_creatures_deal_combat_damage_triggers_once(extra_cards):
    extra_cards(ONGOING_INVESTIGATION)
    g, ids = table(["Ongoing Investigation", "Grizzly Bears", "Serra Angel"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Grizzly Bears"]: "P1", ids["Serra Angel"]: "P1"})
    advance(g, Step.MAIN2)
    clues = [o for o in g.state.battlefield if g.characteristics(o).name == "Clue Token"]
    assert g.state.players[1].life == 14 and len(clues) == 1


TRUE_NAME_NEMESIS = record("True-Name Nemesis", "{1}{U}{U}", "Creature — Merfolk Rogue",
                           "As True-Name Nemesis enters the battlefield, choose a player.\nTrue-Name Nemesis has "
                           "protection from the chosen player.", "3/1")


@pytest.mark.rules("614.12", "702.16k", "702.16b")
def test_protection_from_the_chosen_player(extra_cards):
    extra_cards(TRUE_NAME_NEMESIS)
    g, ids = table(["Island"] * 3, ["Mountain"], hand_a=["True-Name Nemesis"])
    g.apply(CastSpell(0, ids["True-Name Nemesis"]))
    both_pass(g)
    assert g.pending.options == ["P0", "P1"]
    g.apply(Choose(0, ("P1",)))
    nemesis = ids["True-Name Nemesis"]
    shock = g.add_card("Shock", 1, Zone.HAND)
    g.apply(PassPriority(0))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, shock, targets=((nemesis,),)))
    g.apply(CastSpell(1, shock, targets=(("P0",),)))          # B may still target A


@pytest.mark.rules("511.2", "603.2b")
def test_at_end_of_combat_opening_a_permanents_ability_is_its_triggered_ability(card):
    d = card("Combat Test Dwarf", "{2}{R}", "Creature — Dwarf", "At end of combat, you gain 1 life.", "1/1")
    assert not d.unsupported and d.triggered[0].trigger == Trigger("step", step="end_of_combat", whose="each")


@pytest.mark.rules("603.2", "701.21a")
@pytest.mark.parametrize("text,trigger,it", [
    ("you sacrifice another permanent", Trigger("sacrificed", "you", Filter(other=True)), "player"),
    ("you sacrifice an artifact", Trigger("sacrificed", "you", Filter(types=frozenset({"Artifact"}))), "player"),
    ("the beginning of combat on each opponent's turn",
     Trigger("step", step="beginning_of_combat", whose="opponent"), "active"),
    ("~ is put into exile from the battlefield", Trigger("leaves", to="exile"), "event"),
])
def test_more_trigger_wordings(text, trigger, it):
    assert parse_trigger(text) == (trigger, it)


HUNTING_MOA = record("Hunting Moa", "{2}{G}{G}", "Creature — Bird Beast",
                     "Echo {2}{G}{G}\nWhen Hunting Moa enters the battlefield or dies, put a +1/+1 counter on "
                     "target creature.", "3/2")
JUND_SOJOURNERS = record("Jund Sojourners", "{2}{B}{R}{G}", "Creature — Viashino Shaman",
                         "When you cycle Jund Sojourners or it dies, you may have it deal 1 damage to any target.\n"
                         "Cycling {2}{R} ({2}{R}, Discard this card: Draw a card.)", "3/2")
OKETRA_LIKE = record("God-Eternal Test Sphinx", "{3}{W}{W}", "Legendary Creature — Zombie God",
                     "When God-Eternal Test Sphinx dies or is put into exile from the battlefield, you gain 3 life.",
                     "3/6")


@pytest.mark.rules("603.2", "603.6a", "603.6c", "603.10a", "400.7")
def test_enters_or_dies_is_one_ability_with_two_events(extra_cards):
    # "it" would be ~ in one event and the card in the graveyard in the other: each event reads the effect
    # with its own referent.
    extra_cards(HUNTING_MOA)
    g, ids = table(["Grizzly Bears", "Forest", "Forest", "Forest", "Forest"], ["Serra Angel"], hand_a=["Hunting Moa"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Hunting Moa"]))
    both_pass(g)
    g.apply(Choose(0, (bears,)))
    resolve_stack(g)
    assert g.state.objects[bears].counters.get("+1/+1") == 1
    bolt = g.add_card("Lightning Bolt", 0, Zone.HAND)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, bolt, targets=((on_battlefield(g, "Hunting Moa")[0],),)))
    both_pass(g)
    g.apply(Choose(0, (bears,)))
    resolve_stack(g)
    assert g.state.objects[bears].counters.get("+1/+1") == 2


@pytest.mark.rules("603.2", "702.29a", "603.10a")
@pytest.mark.parametrize("how", ["cycle", "dies"])
def test_you_cycle_it_or_it_dies(extra_cards, how):
    extra_cards(JUND_SOJOURNERS)
    if how == "cycle":
        g, ids = table(["Mountain"] * 3, hand_a=["Jund Sojourners"])
        g.apply(ActivateAbility(0, ids["Jund Sojourners"], 0))
    else:
        g, ids = table(["Jund Sojourners", "Mountain"], hand_a=["Lightning Bolt"])
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=((ids["Jund Sojourners"],),)))
        both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and "P1" in g.pending.options
    g.apply(Choose(0, ("P1",)))
    both_pass(g)
    g.apply(Choose(0, ("yes",)))
    resolve_stack(g)
    assert g.state.players[1].life == 19


@pytest.mark.rules("603.2", "603.6c", "603.10a")
@pytest.mark.parametrize("spell,gained", [("Swords to Plowshares", 3), ("Unsummon", 0)])
def test_dies_or_is_put_into_exile_from_the_battlefield(extra_cards, spell, gained):
    extra_cards(OKETRA_LIKE)
    g, ids = table(["God-Eternal Test Sphinx", "Plains", "Island"], hand_a=[spell])
    cast_and_resolve(g, ids[spell], targets=((ids["God-Eternal Test Sphinx"],),))
    # Swords: exiled (its controller also gains life equal to its power, 3)
    assert g.state.players[0].life == 20 + gained + (3 if spell == "Swords to Plowshares" else 0)


JHOIRA = record("Jhoira, Weatherlight Captain", "{2}{U}{R}", "Legendary Creature — Human Artificer",
                "Whenever you cast a historic spell, draw a card. (Artifacts, legendaries, and Sagas are historic.)",
                "3/3")
BAUBLE = record("Test Bauble", "{1}", "Artifact", "")
LEGEND = record("Test Legend", "{1}", "Legendary Creature — Human", "", "1/1")


@pytest.mark.rules("700.6", "603.2")
@pytest.mark.parametrize("spell,drawn", [("Test Bauble", 1), ("Test Legend", 1), ("Grizzly Bears", 0)])
def test_cast_a_historic_spell(extra_cards, spell, drawn):
    extra_cards(JHOIRA, BAUBLE, LEGEND)
    g, ids = table(["Jhoira, Weatherlight Captain", "Forest", "Forest"], hand_a=[spell])
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids[spell])
    assert len(g.state.players[0].hand) == hand - 1 + drawn


HEARTBEAT_OF_SPRING = record("Heartbeat of Spring", "{2}{G}", "Enchantment",
                             "Whenever a player taps a land for mana, that player adds one mana of any type that land "
                             "produced.")
CRYPT_GHAST = record("Crypt Ghast", "{3}{B}", "Creature — Spirit",
                     "Extort\nWhenever you tap a Swamp for mana, add an additional {B}.", "2/2")
BURNING_EARTH = record("Burning Earth", "{3}{R}", "Enchantment",
                       "Whenever a player taps a nonbasic land for mana, Burning Earth deals 1 damage to that player.")


def _pool(g, p):
    return {k: v for k, v in g.state.players[p].mana_pool.items() if v}


@pytest.mark.rules("605.1b", "605.4a", "603.2")
@pytest.mark.parametrize("player", [0, 1])
def test_a_player_taps_a_land_for_mana_adds_one_of_the_type_it_produced(extra_cards, player):
    extra_cards(HEARTBEAT_OF_SPRING)
    g, ids = table(["Heartbeat of Spring", "Forest"], ["Island"], active=player)
    land = ids["Forest"] if player == 0 else ids["B:Island"]
    g.apply(ActivateAbility(player, land, 0))
    # the land's controller adds the mana, whoever controls Heartbeat of Spring
    assert _pool(g, player) == ({"G": 2} if player == 0 else {"U": 2})
    assert _pool(g, 1 - player) == {}


@pytest.mark.rules("605.1b")
def test_you_tap_a_swamp_for_mana(extra_cards):
    extra_cards(CRYPT_GHAST)
    g, ids = table(["Crypt Ghast", "Swamp", "Forest"], ["Swamp"])
    g.apply(ActivateAbility(0, ids["Swamp"], 0))
    assert _pool(g, 0) == {"B": 2}
    g.apply(ActivateAbility(0, ids["Forest"], 0))
    assert _pool(g, 0) == {"B": 2, "G": 1}
    # only your Swamps: the opponent's isn't doubled
    g.apply(PassPriority(0))
    g.apply(ActivateAbility(1, ids["B:Swamp"], 0))
    assert _pool(g, 1) == {"B": 1}


CRYSTAL_VEIN = record("Crystal Vein", None, "Land", "{T}: Add {C}.\n{T}, Sacrifice Crystal Vein: Add {C}{C}.")
FORBIDDEN_ORCHARD = record("Forbidden Orchard", None, "Land",
                           "{T}: Add one mana of any color.\nWhenever you tap Forbidden Orchard for mana, target "
                           "opponent creates a 1/1 colorless Spirit creature token.")


@pytest.mark.rules("605.1b", "106.12a", "603.3")
def test_a_tapped_for_mana_trigger_that_adds_no_mana_uses_the_stack(extra_cards):
    # not a mana ability (it adds no mana, 605.1b): it waits until a player would receive priority, then resolves
    extra_cards(BURNING_EARTH, CRYSTAL_VEIN)
    g, ids = table(["Burning Earth", "Crystal Vein", "Mountain"], ["Crystal Vein"])
    g.apply(ActivateAbility(0, ids["Crystal Vein"], 0))
    assert _pool(g, 0) == {"C": 1} and len(g.state.stack) == 1
    resolve_stack(g)
    assert g.state.players[0].life == 19 and _pool(g, 0) == {"C": 1}
    g.apply(ActivateAbility(0, ids["Mountain"], 0))         # a basic land: no trigger
    assert not g.state.stack and g.state.players[0].life == 19
    # "that player" is the one who tapped the land, not the enchantment's controller
    g.apply(PassPriority(0))
    g.apply(ActivateAbility(1, ids["B:Crystal Vein"], 0))
    resolve_stack(g)
    assert g.state.players[1].life == 19 and g.state.players[0].life == 19


@pytest.mark.rules("605.1b", "106.12a", "601.2g")
def test_a_land_tapped_to_pay_a_cost_sets_off_the_trigger(extra_cards):
    extra_cards(BURNING_EARTH, CRYSTAL_VEIN)
    g, ids = table(["Burning Earth", "Crystal Vein", "Forest"], hand_a=["Grizzly Bears"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    # the Bears' cost was paid with both lands: the trigger goes on the stack above the spell
    assert len(g.state.stack) == 2
    resolve_stack(g)
    assert g.state.players[0].life == 19 and on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("605.1b", "115.1")
def test_tapping_a_land_for_mana_with_a_targeted_trigger(extra_cards):
    extra_cards(FORBIDDEN_ORCHARD)
    g, ids = table(["Forbidden Orchard"])
    g.apply(ActivateAbility(0, ids["Forbidden Orchard"], 0))
    settle(g)
    assert sum(v for v in g.state.players[0].mana_pool.values()) == 1
    resolve_stack(g)
    spirits = on_battlefield(g, "Spirit Token")
    assert len(spirits) == 1 and g.state.objects[spirits[0]].controller == 1


POLLENBRIGHT_DRUID = record("Pollenbright Druid", "{1}{G}", "Creature — Elf Druid",
                            "When Pollenbright Druid enters the battlefield, choose one —\n• Put a +1/+1 counter on "
                            "target creature.\n• Proliferate. (Choose any number of permanents and/or players, then "
                            "give each another counter of each kind already there.)", "1/1")
RETREAT_TO_KAZANDU = record("Retreat to Kazandu", "{2}{G}", "Enchantment",
                            "Landfall — Whenever a land enters the battlefield under your control, choose one —\n"
                            "• Put a +1/+1 counter on target creature.\n• You gain 2 life.")


@pytest.mark.rules("603.3c", "700.2", "603.3d")
def test_a_modal_triggered_ability_chooses_its_mode_then_that_modes_target(extra_cards):
    extra_cards(POLLENBRIGHT_DRUID)
    g, ids = table(["Grizzly Bears", "Forest", "Forest"], hand_a=["Pollenbright Druid"])
    g.apply(CastSpell(0, ids["Pollenbright Druid"]))
    both_pass(g)
    # as the ability goes on the stack: the mode first, then the target of that mode
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.options == ["Put a +1/+1 counter on target creature.", "Proliferate."]
    g.apply(Choose(0, (d.options[0],)))
    assert g.pending.kind is DecisionKind.CHOOSE and ids["Grizzly Bears"] in g.pending.options
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    assert g.state.objects[g.state.stack[-1]].stack.modes == [0]
    resolve_stack(g)
    assert g.state.objects[ids["Grizzly Bears"]].counters.get("+1/+1") == 1


@pytest.mark.rules("603.3c")
def test_a_mode_without_legal_targets_cant_be_chosen(extra_cards):
    extra_cards(RETREAT_TO_KAZANDU)
    g, ids = table(["Retreat to Kazandu"], hand_a=["Forest"])
    g.apply(next(a for a in g.legal_actions() if getattr(a, "card", None) == ids["Forest"]))
    # no creature to target: only "You gain 2 life." can be chosen, so it is
    resolve_stack(g)
    assert g.state.players[0].life == 22


STINGING_LIONFISH = record("Stinging Lionfish", "{2}{U}", "Creature — Fish",
                           "Whenever you cast your first spell during each opponent's turn, you may tap or untap "
                           "target nonland permanent.", "3/1")
ARENA_TRICKSTER = record("Arena Trickster", "{3}{U}", "Creature — Human Wizard",
                         "Flash\nWhenever you cast your first spell during each opponent's turn, put a +1/+1 counter "
                         "on Arena Trickster.", "1/2")


@pytest.mark.rules("603.2")
@pytest.mark.parametrize("active,counters", [(1, 1), (0, 0)])
def test_your_first_spell_during_each_opponents_turn(extra_cards, active, counters):
    extra_cards(ARENA_TRICKSTER)
    g, ids = table(["Arena Trickster", "Mountain", "Mountain"], hand_a=["Shock", "Lightning Bolt"], active=active)
    if active == 1:
        g.apply(PassPriority(1))
    for spell in ("Shock", "Lightning Bolt"):
        cast_and_resolve(g, ids[spell], targets=(("P1",),))
        if active == 1 and g.pending.player == 1:
            g.apply(PassPriority(1))
    # only the first spell of B's turn counts; none in A's own turn
    assert g.state.objects[ids["Arena Trickster"]].counters.get("+1/+1", 0) == counters


WILDGROWTH_WALKER = record("Wildgrowth Walker", "{1}{G}", "Creature — Elemental",
                           "Whenever a creature you control explores, put a +1/+1 counter on Wildgrowth Walker and "
                           "you gain 3 life.", "1/3")
MERFOLK_BRANCHWALKER = record("Merfolk Branchwalker", "{1}{G}", "Creature — Merfolk Scout",
                              "When Merfolk Branchwalker enters the battlefield, it explores. (Reveal the top card of "
                              "your library. Put that card into your hand if it's a land. Otherwise, put a +1/+1 "
                              "counter on this creature, then you may put the card back or put it into your "
                              "graveyard.)", "2/1")


@pytest.mark.rules("701.44a", "701.44b")
@pytest.mark.parametrize("top", ["Forest", "Grizzly Bears"])
def test_a_creature_you_control_explores_whatever_it_reveals(extra_cards, top):
    extra_cards(WILDGROWTH_WALKER, MERFOLK_BRANCHWALKER)
    g, ids = table(["Wildgrowth Walker", "Forest", "Forest"], hand_a=["Merfolk Branchwalker"])
    g.add_card(top, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Merfolk Branchwalker"]))
    for _ in range(40):
        if not g.state.stack and g.pending.kind is DecisionKind.PRIORITY:
            break
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, ("no",)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.state.objects[ids["Wildgrowth Walker"]].counters.get("+1/+1") == 1
    assert g.state.players[0].life == 23


VULTUROUS_ZOMBIE = record("Vulturous Zombie", "{3}{B}{G}", "Creature — Plant Zombie",
                          "Flying\nWhenever a card is put into an opponent's graveyard from anywhere, put a +1/+1 "
                          "counter on Vulturous Zombie.", "3/3")


@pytest.mark.rules("603.2", "603.6a", "108.2")
def test_a_card_is_put_into_an_opponents_graveyard_from_anywhere(extra_cards):
    extra_cards(VULTUROUS_ZOMBIE)
    g, ids = table(["Vulturous Zombie", "Swamp", "Swamp", "Swamp"], ["Grizzly Bears"], hand_a=["Mind Rot"],
                   hand_b=["Forest", "Island"])
    cast_and_resolve(g, ids["Mind Rot"], targets=(("P1",),))
    # B's two discarded cards count; A's own Mind Rot in A's graveyard doesn't
    assert g.state.objects[ids["Vulturous Zombie"]].counters.get("+1/+1") == 2


CHAINFLAIL_CENTIPEDE = record("Chainflail Centipede", "{2}{B}", "Artifact Creature — Equipment Insect",
                              "Whenever Chainflail Centipede or equipped creature attacks, it gets +2/+0 until end of "
                              "turn.\nReconfigure {2} ({2}: Attach to target creature you control; or unattach from a "
                              "creature. Reconfigure only as a sorcery. While attached, this isn't a creature.)", "1/1")


@pytest.mark.rules("603.2", "301.5c")
def test_this_or_equipped_creature_attacks_names_the_attacker(extra_cards):
    extra_cards(CHAINFLAIL_CENTIPEDE)
    g, ids = table(["Chainflail Centipede", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    g.attach(ids["Chainflail Centipede"], ids["Grizzly Bears"])
    _attack(g, {ids["Grizzly Bears"]: "P1"})
    assert g.characteristics(ids["Grizzly Bears"]).power == 4


BROKERS_HIDEOUT = record("Brokers Hideout", None, "Land",
                         "When Brokers Hideout enters the battlefield, sacrifice it. When you do, search your library "
                         "for a basic Forest, Plains, or Island card, put it onto the battlefield tapped, then shuffle "
                         "and you gain 1 life.")


@pytest.mark.rules("603.12", "701.21a")
def test_sacrifice_it_when_you_do_is_a_reflexive_trigger(extra_cards):
    extra_cards(BROKERS_HIDEOUT)
    g, ids = table(hand_a=["Brokers Hideout"])
    g.apply(next(a for a in g.legal_actions() if getattr(a, "card", None) == ids["Brokers Hideout"]))
    for _ in range(20):
        if not g.state.stack and g.pending.kind is DecisionKind.PRIORITY:
            break
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, tuple(g.pending.options[:max(1, g.pending.min)])))
        else:
            g.apply(PassPriority(g.pending.player))
    assert not on_battlefield(g, "Brokers Hideout")
    (plains,) = on_battlefield(g, "Plains")
    assert g.state.objects[plains].tapped and g.state.players[0].life == 21


CURSE_OF_THE_FORSAKEN = record("Curse of the Forsaken", "{2}{W}", "Enchantment — Aura Curse",
                               "Enchant player\nWhenever a creature attacks enchanted player, its controller gains 1 "
                               "life.")


@pytest.mark.rules("303.4", "508.1", "603.2")
@pytest.mark.parametrize("cursed,gained", [("P1", 2), ("P0", 0)])
def test_a_creature_attacks_enchanted_player(extra_cards, cursed, gained):
    extra_cards(CURSE_OF_THE_FORSAKEN)
    g, ids = table(["Grizzly Bears", "Serra Angel", "Plains", "Plains", "Plains"], hand_a=["Curse of the Forsaken"])
    cast_and_resolve(g, ids["Curse of the Forsaken"], targets=((cursed,),))
    _attack(g, {ids["Grizzly Bears"]: "P1", ids["Serra Angel"]: "P1"})
    assert g.state.players[0].life == 20 + gained


@pytest.mark.rules("115.1")
def test_a_target_another_player_chooses_is_unread(card):
    d = card("Curse of Inertia", "{2}{U}", "Enchantment — Aura Curse",
             "Enchant player\nWhenever a player attacks enchanted player with one or more creatures, that attacking "
             "player may tap or untap target permanent of their choice.")
    assert d.unsupported


CHANDRAS_PYRELING = record("Chandra's Pyreling", "{1}{R}", "Creature — Elemental Lizard",
                           "Whenever a source you control deals noncombat damage to an opponent, Chandra's Pyreling "
                           "gets +1/+0 and gains double strike until end of turn.", "1/3")


@pytest.mark.rules("603.2", "120.1")
@pytest.mark.parametrize("target,pumped", [("P1", True), ("P0", False)])
def test_a_source_you_control_deals_noncombat_damage_to_an_opponent(extra_cards, target, pumped):
    extra_cards(CHANDRAS_PYRELING)
    g, ids = table(["Chandra's Pyreling", "Mountain"], hand_a=["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((target,),))
    ch = g.characteristics(ids["Chandra's Pyreling"])
    assert (ch.power, ch.has("double strike")) == ((2, True) if pumped else (1, False))


@pytest.mark.rules("603.2", "510.2")
def test_combat_damage_isnt_noncombat_damage(extra_cards):
    extra_cards(CHANDRAS_PYRELING)
    g, ids = table(["Chandra's Pyreling", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    _attack(g, {ids["Grizzly Bears"]: "P1"})
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 18 and g.characteristics(ids["Chandra's Pyreling"]).power == 1


ONDU_RISING = record("Ondu Rising", "{1}{W}", "Sorcery",
                     "Whenever a creature attacks this turn, it gains lifelink until end of turn.\nAwaken 4—{4}{W} (If "
                     "you cast this spell for {4}{W}, also put four +1/+1 counters on target land you control and it "
                     "becomes a 0/0 Elemental creature with haste. It's still a land.)")


@pytest.mark.rules("603.7", "603.7c")
def test_a_sorcerys_whenever_this_turn_is_a_delayed_trigger(extra_cards):
    extra_cards(ONDU_RISING)
    g, ids = table(["Grizzly Bears", "Plains", "Plains"], hand_a=["Ondu Rising"])
    cast_and_resolve(g, ids["Ondu Rising"])
    _attack(g, {ids["Grizzly Bears"]: "P1"})
    advance(g, Step.MAIN2)
    assert (g.state.players[0].life, g.state.players[1].life) == (22, 18)


QUAGNOTH = record("Quagnoth", "{5}{G}", "Creature — Beast",
                  "Split second\nShroud\nWhen a spell or ability an opponent controls causes you to discard Quagnoth, "
                  "return it to your hand.", "4/5")
GUERRILLA_TACTICS = record("Guerrilla Tactics", "{1}{R}", "Instant",
                           "Guerrilla Tactics deals 2 damage to any target.\nWhen a spell or ability an opponent "
                           "controls causes you to discard Guerrilla Tactics, Guerrilla Tactics deals 4 damage to any "
                           "target.")


@pytest.mark.rules("603.2", "701.9a", "603.6")
@pytest.mark.parametrize("by", ["opponent", "self"])
def test_an_opponents_spell_causes_you_to_discard_this(extra_cards, by):
    extra_cards(QUAGNOTH, GUERRILLA_TACTICS)
    if by == "opponent":
        g, ids = table([], ["Swamp"] * 3, hand_a=["Quagnoth", "Guerrilla Tactics"], active=1, hand_b=["Mind Rot"])
        g.apply(CastSpell(1, ids["B:Mind Rot"], targets=(("P0",),)))
    else:
        g, ids = table(["Swamp"] * 3, hand_a=["Quagnoth", "Guerrilla Tactics", "Mind Rot"])
        g.apply(CastSpell(0, ids["Mind Rot"], targets=(("P0",),)))
    g.apply(PassPriority(g.pending.player))
    g.apply(PassPriority(g.pending.player))
    if g.pending.kind is DecisionKind.CHOOSE and "Mind Rot" in g.pending.prompt:
        g.apply(Choose(0, tuple(g.pending.options[:2])))
    if by == "opponent":
        # Guerrilla Tactics' target, as its trigger goes on the stack (the two in the order A chooses)
        while g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, ("P1",) if "P1" in g.pending.options else tuple(g.pending.options)))
    resolve_stack(g)
    hand = [g.characteristics(o).name for o in g.state.players[0].hand]
    assert hand == (["Quagnoth"] if by == "opponent" else [])
    assert g.state.players[1].life == (16 if by == "opponent" else 20)


VIRIDIAN_HARVEST = record("Viridian Harvest", "{G}", "Enchantment — Aura",
                          "Enchant artifact\nWhen enchanted artifact is put into a graveyard, you gain 6 life.")
SHATTER = record("Shatter", "{1}{R}", "Instant", "Destroy target artifact.")


@pytest.mark.rules("603.6c", "603.10a", "303.4")
def test_when_enchanted_artifact_is_put_into_a_graveyard(extra_cards):
    extra_cards(VIRIDIAN_HARVEST, SHATTER, BAUBLE)
    g, ids = table(["Test Bauble", "Forest", "Mountain", "Mountain"], hand_a=["Viridian Harvest", "Shatter"])
    cast_and_resolve(g, ids["Viridian Harvest"], targets=((ids["Test Bauble"],),))
    cast_and_resolve(g, ids["Shatter"], targets=((ids["Test Bauble"],),))
    assert g.state.players[0].life == 26


SQUEE = record("Squee, Goblin Nabob", "{2}{R}", "Legendary Creature — Goblin",
               "At the beginning of your upkeep, you may return Squee, Goblin Nabob from your graveyard to your hand.",
               "1/1")
BLOODGHAST = record("Bloodghast", "{B}{B}", "Creature — Vampire Spirit",
                    "Bloodghast can't block.\nBloodghast has haste as long as an opponent has 10 or less life.\n"
                    "Landfall — Whenever a land enters the battlefield under your control, you may return Bloodghast "
                    "from your graveyard to the battlefield.", "2/1")


@pytest.mark.rules("113.6k", "603.5")
@pytest.mark.parametrize("zone", [Zone.GRAVEYARD, Zone.BATTLEFIELD])
def test_an_ability_that_returns_its_card_from_the_graveyard_works_there(extra_cards, zone):
    extra_cards(SQUEE)
    g, ids = table(step=Step.END, turn=2, active=1)
    squee = g.add_card("Squee, Goblin Nabob", 0, zone)
    advance(g, Step.UPKEEP, turn=3)
    if zone is Zone.GRAVEYARD:
        assert g.pending.kind is DecisionKind.PRIORITY and g.state.stack
        both_pass(g)
        g.apply(Choose(0, ("yes",)))
        assert [g.characteristics(o).name for o in g.state.players[0].hand][-1] == "Squee, Goblin Nabob"
    else:
        # on the battlefield it doesn't function (113.6k): nothing triggers
        assert not g.state.stack and squee in g.state.battlefield


@pytest.mark.rules("113.6k", "207.2c")
def test_landfall_returns_bloodghast_from_the_graveyard(extra_cards):
    extra_cards(BLOODGHAST)
    g, ids = table(hand_a=["Swamp"])
    g.add_card("Bloodghast", 0, Zone.GRAVEYARD)
    g.apply(next(a for a in g.legal_actions() if getattr(a, "card", None) == ids["Swamp"]))
    both_pass(g)
    g.apply(Choose(0, ("yes",)))
    assert on_battlefield(g, "Bloodghast") and not g.state.players[0].graveyard


TECTONIC_INSTABILITY = record("Tectonic Instability", "{2}{R}", "Enchantment",
                              "Whenever a land enters the battlefield, tap all lands its controller controls.")


@pytest.mark.rules("603.2", "701.26a")
def test_tap_all_lands_the_entering_lands_controller_controls(extra_cards):
    extra_cards(TECTONIC_INSTABILITY, fully_read=True)
    g, ids = table(["Tectonic Instability", "Mountain"], ["Forest", "Island"], hand_b=["Swamp"], active=1)
    g.apply(PlayLand(1, ids["B:Swamp"]))
    resolve_stack(g)
    lands = [ids["B:Forest"], ids["B:Island"]] + on_battlefield(g, "Swamp")
    assert len(lands) == 3 and all(g.state.objects[o].tapped for o in lands)
    assert not g.state.objects[ids["Mountain"]].tapped
