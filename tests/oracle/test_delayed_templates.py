"""Oracle templates that create delayed triggered abilities (603.7), compiled from real cards' text:
the trigger, what "it"/"them" was (remembered as the ability is created), how long it lasts."""
from __future__ import annotations

import pytest

from engine.core.abilities import Ref, Trigger
from engine.core.effect_types import REMEMBERED, CreateDelayed
from engine.core.effect_types import CreateTokens, Destroy, Draw, ExileEffect, Fight, GainLife, PutCounters
from engine.core.effect_types import MayPay, PutOntoBattlefield, SacrificeObjects
from engine.core.effect_types import LoseGame
from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import (activate_and_resolve, advance, cast_and_resolve, cast_and_settle, on_battlefield,
                                  pass_until, resolve_stack, table)
from tests.oracle.conftest import record

END = Trigger("step", step="end", whose="any")


def spell_effects(d):
    assert d.supported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("603.7", "603.7c")
def test_sacrifice_those_tokens_at_the_next_end_step(card):
    eff = spell_effects(card("Thatcher Revolt", "{2}{R}", "Sorcery", "Create three 1/1 red Human creature tokens with "
                             "haste. Sacrifice those tokens at the beginning of the next end step."))
    assert isinstance(eff[0], CreateTokens)
    assert eff[1] == CreateDelayed(END, (SacrificeObjects(REMEMBERED),), (), (Ref("created"),), "once",
                                   "sacrifice those tokens at the beginning of the next end step")


@pytest.mark.rules("603.7", "400.7j")
def test_exile_then_return_those_cards_at_the_next_end_step(card):
    eff = spell_effects(card("Eerie Interlude", "{2}{W}", "Instant", "Exile any number of target creatures you control. "
                             "Return those cards to the battlefield under their owner's control at the beginning of "
                             "the next end step."))
    assert eff[0] == ExileEffect(Ref("target", 0))
    delayed = eff[1]
    assert delayed.trigger == END and delayed.remember == (Ref("target", 0),)
    assert delayed.effects == (PutOntoBattlefield(REMEMBERED),)


GHOSTWAY = record("Ghostway", "{2}{W}", "Instant", "Exile each creature you control. Return those cards to the "
                  "battlefield under their owner's control at the beginning of the next end step.")


@pytest.mark.rules("603.7c", "400.7", "111.7")
def test_ghostway_returns_the_cards_it_exiled_at_the_next_end_step(extra_cards):
    """"Those cards" are the cards the first sentence exiled, found in exile as the delayed ability is created; the
    group "each creature you control" found again then would name none of them (it was once read so, returning
    nothing). A token exiled ceases to exist (111.7); another player's creatures stay."""
    extra_cards(GHOSTWAY, fully_read=True)
    g, ids = table(["Plains"] * 3 + ["Grizzly Bears", "Hill Giant"], ["Craw Wurm"], ["Ghostway"])
    g.add_token({"name": "Soldier Token", "types": "Creature — Soldier", "power": 1, "toughness": 1,
                 "colors": "W", "abilities": []}, 0)
    cast_and_resolve(g, ids["Ghostway"])
    assert not on_battlefield(g, "Grizzly Bears") and not on_battlefield(g, "Soldier Token")
    advance(g, Step.END)
    resolve_stack(g)
    mine = sorted(g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].controller == 0
                  and "Creature" in g.characteristics(o).types)
    assert mine == ["Grizzly Bears", "Hill Giant"] and on_battlefield(g, "Craw Wurm")


@pytest.mark.rules("603.7", "614.1c")
def test_leading_form_with_a_counter(card):
    eff = spell_effects(card("Long Road Home", "{1}{W}", "Instant", "Exile target creature. At the beginning of the "
                             "next end step, return that card to the battlefield under its owner's control with a "
                             "+1/+1 counter on it."))
    assert eff[1].effects == (PutOntoBattlefield(REMEMBERED, counters=(("+1/+1", 1),)),)


@pytest.mark.rules("603.7")
def test_next_turns_upkeep_and_your_next_upkeep(card):
    eff = spell_effects(card("Blessed Wine", "{1}{W}", "Instant",
                             "You gain 1 life.\nDraw a card at the beginning of the next turn's upkeep."))
    assert isinstance(eff[0], GainLife)
    assert eff[1].trigger == Trigger("step", step="upkeep", whose="any") and eff[1].effects[0] == Draw(
        Ref("you"), eff[1].effects[0].amount)
    eff = spell_effects(card("Pact of Negation", "{0}", "Instant", "Counter target spell.\nAt the beginning of your "
                             "next upkeep, pay {3}{U}{U}. If you don't, you lose the game."))
    pact = eff[1]
    assert pact.trigger == Trigger("step", step="upkeep", whose="you")
    (pay,) = pact.effects
    assert isinstance(pay, MayPay) and pay.then == () and pay.otherwise == (LoseGame(Ref("you")),)


@pytest.mark.rules("603.7", "511.2")
def test_at_end_of_combat_in_a_triggered_ability(card):
    d = card("Windscouter", "{3}{U}", "Creature — Human Scout",
             "Flying\nWhen this creature attacks or blocks, return it to its owner's hand at end of combat.", pt="3/3")
    assert d.supported, d.unsupported
    assert [t.trigger.event for t in d.triggered] == ["attacks", "blocks"]
    delayed = d.triggered[0].mode.effects[0]
    assert delayed.trigger == Trigger("step", step="end_of_combat", whose="any")
    assert delayed.remember == (Ref("self"),)


@pytest.mark.rules("603.7", "603.7b")
def test_this_turn_and_until_end_of_turn_forms(card):
    d = card("Basri, Devoted Paladin", "{4}{W}", "Legendary Planeswalker — Basri",
             "+1: Put a +1/+1 counter on up to one target creature. It gains vigilance until end of turn.\n"
             "−1: Whenever a creature attacks this turn, put a +1/+1 counter on it.\n"
             "−6: Creatures you control get +2/+2 and gain flying until end of turn.", loyalty="4")
    assert d.supported, d.unsupported
    (delayed,) = d.activated[1].mode.effects
    assert delayed.trigger.event == "attacks" and delayed.duration == "turn"
    assert delayed.effects == (PutCounters(Ref("event"), "+1/+1", delayed.effects[0].amount),)
    d = card("Subira, Tulzidi Caravanner", "{2}{R}", "Legendary Creature — Human Shaman",
             "Haste\n{1}: Another target creature with power 2 or less can't be blocked this turn.\n"
             "{1}{R}, {T}, Discard your hand: Until end of turn, whenever a creature you control with power 2 or less "
             "deals combat damage to a player, draw a card.", pt="2/3")
    assert d.supported, d.unsupported
    (delayed,) = d.activated[1].mode.effects
    assert delayed.duration == "turn" and delayed.trigger.event == "deals_combat_damage"
    assert delayed.trigger.filter.max_power == 2 and delayed.trigger.filter.controller == "you"


@pytest.mark.rules("603.7c")
def test_destroy_that_creature_remembers_the_target(card):
    d = card("Mogg Cannon", "{2}", "Artifact", "{T}: Target creature you control gets +1/+0 and gains flying until "
             "end of turn. Destroy that creature at the beginning of the next end step.")
    assert d.supported, d.unsupported
    delayed = d.activated[0].mode.effects[-1]
    assert delayed.remember == (Ref("target", 0),) and delayed.effects == (Destroy(REMEMBERED),)


@pytest.mark.rules("603.7", "603.7c")
def test_when_that_creature_dies_this_turn_is_about_the_target(card):
    eff = spell_effects(card("Searing Blood", "{R}{R}", "Instant", "Searing Blood deals 2 damage to target creature. "
                             "When that creature dies this turn, Searing Blood deals 3 damage to that creature's "
                             "controller."))
    delayed = eff[1]
    assert delayed.trigger == Trigger("dies", "remembered") and delayed.duration == "once_turn"
    assert delayed.remember == (Ref("target", 0),)


SEARING_BLOOD = record("Searing Blood", "{R}{R}", "Instant",
                       "Searing Blood deals 2 damage to target creature. When that creature dies this turn, Searing "
                       "Blood deals 3 damage to the creature's controller.")


@pytest.mark.rules("603.7c", "603.10a")
@pytest.mark.parametrize("victim,b_life", [("Grizzly Bears", 17), ("Serra Angel", 20)])
def test_when_that_creature_dies_this_turn_the_creatures_controller(extra_cards, victim, b_life):
    extra_cards(SEARING_BLOOD)
    g, ids = table(["Mountain", "Mountain"], [victim], hand_a=["Searing Blood"])
    cast_and_resolve(g, ids["Searing Blood"], targets=((ids["B:" + victim],),))
    assert g.state.players[1].life == b_life


SKELETONIZE = record("Skeletonize", "{4}{R}", "Instant",
                     "Skeletonize deals 3 damage to target creature. When a creature dealt damage this way dies this "
                     "turn, create a 1/1 black Skeleton creature token with \"{B}: Regenerate this creature.\"")


@pytest.mark.rules("603.7c", "120.3", "700.4")
@pytest.mark.parametrize("victim,skeletons", [("Grizzly Bears", 1), ("Serra Angel", 0)])
def test_when_a_creature_dealt_damage_this_way_dies_this_turn(extra_cards, victim, skeletons):
    extra_cards(SKELETONIZE, fully_read=True)
    g, ids = table(["Mountain"] * 5, [victim], hand_a=["Skeletonize"])
    cast_and_resolve(g, ids["Skeletonize"], targets=((ids["B:" + victim],),))
    made = on_battlefield(g, "Skeleton Token")
    assert len(made) == skeletons
    assert all(g.state.objects[t].controller == 0 and g.characteristics(t).power == 1 for t in made)


@pytest.mark.rules("603.7c", "120.3", "704.5g")
def test_a_creature_dealt_damage_this_way_that_dies_later_this_turn(extra_cards):
    """The delayed ability lasts the turn: the creature that survived the damage and dies later still triggers it."""
    extra_cards(SKELETONIZE, fully_read=True)
    g, ids = table(["Mountain"] * 7, ["Serra Angel"], hand_a=["Skeletonize", "Shock"])
    angel = ids["B:Serra Angel"]
    cast_and_resolve(g, ids["Skeletonize"], targets=((angel,),))
    assert on_battlefield(g, "Skeleton Token") == []
    cast_and_resolve(g, ids["Shock"], targets=((angel,),))      # 3 + 2 damage: the Angel dies this turn
    assert len(on_battlefield(g, "Skeleton Token")) == 1


GLYPH_OF_LIFE = record("Glyph of Life", "{W}", "Instant",
                       "Choose target Wall creature. Whenever that creature is dealt damage by an attacking creature this "
                       "turn, you gain that much life.")


@pytest.mark.rules("603.7c", "120.1", "120.3")
def test_whenever_that_creature_is_dealt_damage_by_an_attacking_creature_this_turn(extra_cards):
    """The Wall blocking the attacking Bears is dealt 2 damage by it: A gains 2 life; B's Shock isn't an attacking
    creature."""
    extra_cards(GLYPH_OF_LIFE, fully_read=True)
    g, ids = table(["Wall of Stone", "Plains"], ["Grizzly Bears", "Mountain"], ["Glyph of Life"], hand_b=["Shock"],
                   active=1)
    wall, bears = ids["Wall of Stone"], ids["B:Grizzly Bears"]
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Glyph of Life"], targets=((wall,),))
    g.apply(CastSpell(1, ids["B:Shock"], targets=((wall,),)))
    resolve_stack(g)
    assert g.state.players[0].life == 20
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {bears: "P0"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(0, {wall: (bears,)}))
    advance(g, Step.MAIN2)
    assert g.state.players[0].life == 22


RAL_STORM_CONDUIT = record("Ral, Storm Conduit", "{2}{U}{R}", "Legendary Planeswalker — Ral",
                           "Whenever you cast or copy an instant or sorcery spell, Ral, Storm Conduit deals 1 damage to "
                           "target opponent or planeswalker.\n[+2]: Scry 1.\n[−2]: When you cast your next instant or "
                           "sorcery spell this turn, copy that spell. You may choose new targets for the copy.",
                           loyalty="4")


@pytest.mark.rules("603.7c", "707.10", "606.3")
def test_when_you_cast_your_next_instant_or_sorcery_spell_this_turn(extra_cards):
    """The delayed ability copies the next instant cast this turn, once: "that spell" is the spell cast. (Ral's own
    ability also deals 1 damage for the cast and for the copy.)"""
    extra_cards(RAL_STORM_CONDUIT, fully_read=True)
    g, ids = table(["Ral, Storm Conduit", "Mountain", "Mountain"], [], ["Shock", "Shock"])
    g.state.objects[ids["Ral, Storm Conduit"]].counters["loyalty"] = 4
    activate_and_resolve(g, ids["Ral, Storm Conduit"], 1)
    first, second = [o for o in g.state.players[0].hand if g.state.objects[o].name == "Shock"]
    cast_and_settle(g, first, targets=(("P1",),), answer=lambda d: ("P1",) if "P1" in d.options
                    else ("no",) if "no" in d.options else d.options[:max(1, d.min)])
    assert g.state.players[1].life == 20 - 2 - 2 - 1 - 1
    cast_and_settle(g, second, targets=(("P1",),), answer=lambda d: ("P1",) if "P1" in d.options
                    else d.options[:max(1, d.min)])
    assert g.state.players[1].life == 14 - 2 - 1           # no second copy: it triggered once


ADARKAR_VALKYRIE = record("Adarkar Valkyrie", "{4}{W}{W}", "Snow Creature — Angel",
                          "Flying, vigilance\n{T}: When target creature other than Adarkar Valkyrie dies this turn, "
                          "return that card to the battlefield under your control.", "4/5")


@pytest.mark.rules("603.7c", "601.2c", "110.2")
def test_when_target_creature_dies_this_turn_the_target_of_the_ability(extra_cards):
    extra_cards(ADARKAR_VALKYRIE, fully_read=True)
    g, ids = table(["Adarkar Valkyrie", "Mountain"], ["Grizzly Bears", "Serra Angel"], hand_a=["Shock"])
    bears = ids["B:Grizzly Bears"]
    activate_and_resolve(g, ids["Adarkar Valkyrie"], 0, targets=((bears,),))
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    back = on_battlefield(g, "Grizzly Bears")
    assert len(back) == 1 and g.state.objects[back[0]].controller == 0 and g.state.objects[back[0]].owner == 1


@pytest.mark.rules("603.7c", "115.1")
def test_when_target_creature_other_than_itself(card):
    """ "other than ~": the Valkyrie can't target itself (115.1, 201.5)."""
    d = card(**{k: v for k, v in zip(("name", "cost", "type_line", "text", "pt"),
                                     ("Adarkar Valkyrie", "{4}{W}{W}", "Snow Creature — Angel",
                                      ADARKAR_VALKYRIE["text"], "4/5"))})
    assert d.supported and d.activated[0].mode.targets[0].filter.other


MARKED_FOR_FEEDING = record("Feeding Test Mark", "{R}", "Instant",
                            "Choose target creature. When that creature dies this turn, you gain 3 life.")


@pytest.mark.rules("601.2c", "603.7c")
def test_choose_target_creature_names_it_for_the_next_sentence(extra_cards, card):
    extra_cards(MARKED_FOR_FEEDING)
    g, ids = table(["Mountain", "Mountain"], ["Grizzly Bears"], hand_a=["Feeding Test Mark", "Shock"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Feeding Test Mark"], targets=((bears,),))
    cast_and_resolve(g, ids["Shock"], targets=((bears,),))
    assert g.state.players[0].life == 23
    # "that creature" in a clause whose subject is a new target isn't that target (no self-fight): the one chosen first
    d = card("Time to Feed", "{2}{G}", "Sorcery", "Choose target creature an opponent controls. When that creature "
             "dies this turn, you gain 3 life. Target creature you control fights that creature.")
    assert d.spell.modes[0].effects[-1] == Fight(Ref("target", 1), Ref("target", 0))


WAYLAY = record("Waylay", "{2}{W}", "Instant",
                "Create three 2/2 white Knight creature tokens. Exile them at the beginning of the next cleanup step.")


@pytest.mark.rules("603.7", "514.3a")
def test_at_the_beginning_of_the_next_cleanup_step(extra_cards):
    """The tokens are there in the end step; the delayed trigger exiles them in the cleanup step, where players get
    priority and another cleanup step follows (514.3a)."""
    extra_cards(WAYLAY, fully_read=True)
    g, ids = table(["Plains"] * 3, hand_a=["Waylay"])
    cast_and_resolve(g, ids["Waylay"])
    advance(g, Step.END)
    assert len(on_battlefield(g, "Knight Token")) == 3
    steps = []
    while g.state.turn == 3:
        steps.append(g.state.step)
        g.apply(PassPriority(g.pending.player))
    assert Step.CLEANUP in steps and not on_battlefield(g, "Knight Token")


SOAR = record("Soar", "{1}{U}", "Enchantment — Aura",
              "You may cast Soar as though it had flash. If you cast it any time a sorcery couldn't have been cast, "
              "the controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step.\n"
              "Enchant creature\nEnchanted creature gets +0/+1 and has flying.")


@pytest.mark.rules("601.3b", "307.1", "603.7", "514.3a")
@pytest.mark.parametrize("step,kept", [(Step.MAIN1, True), (Step.BEGINNING_OF_COMBAT, False)])
def test_flash_cast_is_sacrificed_at_the_next_cleanup_step(extra_cards, step, kept):
    """Cast in the main phase, Soar stays; cast in combat (as though it had flash), its controller sacrifices it in
    the cleanup step."""
    extra_cards(SOAR, fully_read=True)
    g, ids = table(["Island", "Island", "Grizzly Bears"], hand_a=["Soar"], step=step)
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Soar"], targets=((bears,),))
    assert g.characteristics(bears).has("flying")
    advance(g, Step.UPKEEP, turn=4)
    assert bool(on_battlefield(g, "Soar")) == kept and g.characteristics(bears).has("flying") == kept


PORE_OVER_THE_PAGES = record("Pore Over the Pages", "{3}{U}{U}", "Sorcery",
                             "Draw three cards, untap up to two lands, then discard a card.")


@pytest.mark.rules("608.2d", "701.26b")
def test_untap_up_to_two_lands(extra_cards):
    """Two of the lands tapped for the spell are untapped: chosen as it resolves, no more than two."""
    extra_cards(PORE_OVER_THE_PAGES, fully_read=True)
    g, ids = table(["Island"] * 6, hand_a=["Pore Over the Pages"])
    cast_and_settle(g, ids["Pore Over the Pages"], answer=lambda d: tuple(d.options[:d.max]))
    tapped = [o for o in on_battlefield(g, "Island") if g.state.objects[o].tapped]
    assert len(tapped) == 3
