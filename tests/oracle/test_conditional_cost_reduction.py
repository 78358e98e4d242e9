"""A spell's own conditional cost reduction (601.2f): "This spell costs {3} less to cast if you control a Giant"
(Squash), checked as the total cost is determined; "costs {2}{U} less" reduces the colored component too (118.7)."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.mana import ManaCost
from engine.core.player_actions import CastSpell, PassPriority
from tests.engine.driving import cast_and_resolve, on_battlefield, table
from tests.oracle.conftest import record

SQUASH = record("Squash", "{4}{R}", "Instant", "This spell costs {3} less to cast if you control a Giant.\n"
                "Squash deals 6 damage to target creature or planeswalker.")
AVATAR_OF_HOPE = record("Avatar of Hope", "{6}{W}{W}", "Creature — Avatar",
                        "If you have 3 or less life, this spell costs {6} less to cast.\nFlying\n"
                        "Avatar of Hope can block any number of creatures.", "4/9")


@pytest.mark.rules("601.2f")
def test_costs_less_if_you_control_a_giant(extra_cards):
    extra_cards(SQUASH, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Serra Angel"], hand_a=["Squash"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Squash"], targets=((ids["B:Serra Angel"],),)))
    g, ids = table(["Mountain", "Mountain", "Hill Giant"], ["Serra Angel"], hand_a=["Squash"])
    cast_and_resolve(g, ids["Squash"], targets=((ids["B:Serra Angel"],),))
    assert ids["B:Serra Angel"] not in g.state.battlefield


@pytest.mark.rules("601.2f")
def test_costs_less_if_you_have_3_or_less_life(extra_cards):
    extra_cards(AVATAR_OF_HOPE, fully_read=True)
    g, ids = table(["Plains", "Plains"], hand_a=["Avatar of Hope"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Avatar of Hope"]))
    g, ids = table(["Plains", "Plains"], hand_a=["Avatar of Hope"], life_a=3)
    cast_and_resolve(g, ids["Avatar of Hope"])
    assert on_battlefield(g, "Avatar of Hope")


ASSASSINS_INK = record("Assassin's Ink", "{2}{B}{B}", "Instant",
                       "This spell costs {1} less to cast if you control an artifact and {1} less to cast if you "
                       "control an enchantment.\nDestroy target creature or planeswalker.")


@pytest.mark.rules("601.2f")
@pytest.mark.parametrize("others,swamps,castable", [
    (["Ornithopter", "Glorious Anthem"], 2, True), (["Ornithopter"], 2, False), (["Ornithopter"], 3, True),
    (["Glorious Anthem"], 3, True), ([], 3, False)])
def test_two_reductions_each_with_its_condition(extra_cards, others, swamps, castable):
    """{1} less for an artifact and {1} less for an enchantment: {B}{B} with both, {1}{B}{B} with one of them."""
    extra_cards(ASSASSINS_INK, fully_read=True)
    g, ids = table(["Swamp"] * swamps + others, ["Grizzly Bears"], hand_a=["Assassin's Ink"])
    spell = CastSpell(0, ids["Assassin's Ink"], targets=((ids["B:Grizzly Bears"],),))
    if not castable:
        with pytest.raises(IllegalAction):
            g.apply(spell)
        return
    cast_and_resolve(g, ids["Assassin's Ink"], targets=((ids["B:Grizzly Bears"],),))
    assert not on_battlefield(g, "Grizzly Bears")


BOREAL_ELEMENTAL = record("Boreal Elemental", "{4}{U}", "Creature — Elemental",
                          "Flying\nSpells your opponents cast that target Boreal Elemental cost {2} more to cast.", "3/4")


@pytest.mark.rules("601.2f", "601.2c")
def test_spells_your_opponents_cast_that_target_it_cost_more(extra_cards):
    extra_cards(BOREAL_ELEMENTAL, fully_read=True)
    g, ids = table(["Boreal Elemental"], ["Mountain"], hand_b=["Lightning Bolt"], active=1)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=((ids["Boreal Elemental"],),)))
    cast_and_resolve(g, ids["B:Lightning Bolt"], targets=(("P0",),), player=1)      # another target: no increase
    assert g.state.players[0].life == 17
    g, ids = table(["Boreal Elemental", "Mountain"], hand_a=["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((ids["Boreal Elemental"],),))   # its controller's own
    assert g.state.objects[ids["Boreal Elemental"]].damage == 3


KILLIAN = record("Killian, Ink Duelist", "{W}{B}", "Legendary Creature — Human Warlock",
                 "Lifelink\nMenace (This creature can't be blocked except by two or more creatures.)\nSpells you cast "
                 "that target a creature cost {2} less to cast.", "2/2")
# Kopala, Warden of Waves' first ability
KOPALA = record("Kopala, Warden of Waves", "{1}{U}", "Legendary Creature — Merfolk Wizard",
                "Spells your opponents cast that target a Merfolk you control cost {2} more to cast.", "2/2")


@pytest.mark.rules("601.2f", "601.2c", "115.9b")
def test_spells_you_cast_that_target_a_creature_cost_less(extra_cards):
    extra_cards(KILLIAN, fully_read=True)
    g, ids = table(["Killian, Ink Duelist", "Swamp"], ["Grizzly Bears"], hand_a=["Doom Blade", "Lava Axe"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lava Axe"], targets=(("P1",),)))      # a player: {4}{R} in full
    cast_and_resolve(g, ids["Doom Blade"], targets=((ids["B:Grizzly Bears"],),))     # {1}{B} less {2}: {B}
    assert ids["B:Grizzly Bears"] not in g.state.battlefield


@pytest.mark.rules("601.2f", "601.2c", "115.9b")
def test_spells_your_opponents_cast_that_target_a_merfolk_you_control_cost_more(extra_cards):
    extra_cards(KOPALA, fully_read=True)
    g, ids = table(["Kopala, Warden of Waves"], ["Mountain"], hand_b=["Lightning Bolt"], active=1)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=((ids["Kopala, Warden of Waves"],),)))
    cast_and_resolve(g, ids["B:Lightning Bolt"], targets=(("P0",),), player=1)      # another target: no increase
    assert g.state.players[0].life == 17
    g, ids = table(["Kopala, Warden of Waves"], ["Mountain", "Mountain", "Mountain"], hand_b=["Lightning Bolt"],
                   active=1)
    cast_and_resolve(g, ids["B:Lightning Bolt"], targets=((ids["Kopala, Warden of Waves"],),), player=1)
    assert not on_battlefield(g, "Kopala, Warden of Waves"), "{R} and {2} more paid"


@pytest.mark.rules("118.7a", "118.7b", "118.7c")
@pytest.mark.parametrize("cost,less,left", [("{3}{U}{U}", "{2}{U}", ("1", "U")), ("{3}{W}", "{2}{U}", ("W",)),
                                            ("{1}{U}", "{2}{U}{U}", ()), ("{U}{U}", "{U}", ("U",))])
def test_a_reduction_by_colored_mana(cost, less, left):
    # a colored symbol takes one of that color, or else one generic mana
    assert ManaCost.parse(cost).reduced(ManaCost.parse(less)).symbols == left


STORMWING_ENTITY = record("Stormwing Entity", "{3}{U}{U}", "Creature — Elemental",
                          "This spell costs {2}{U} less to cast if you've cast an instant or sorcery spell this turn.\n"
                          "Flying\nProwess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end "
                          "of turn.)\nWhen Stormwing Entity enters the battlefield, scry 2.", "3/3")


@pytest.mark.rules("601.2f", "118.7c")
def test_this_spell_costs_colored_mana_less_if(extra_cards):
    extra_cards(STORMWING_ENTITY, fully_read=True)
    g, ids = table(["Island"] * 5, hand_a=["Divination", "Stormwing Entity"])
    cast_and_resolve(g, ids["Divination"])
    g.apply(CastSpell(0, ids["Stormwing Entity"]))          # {1}{U} now: the two Islands left
    assert g.state.objects[g.state.stack[-1]].name == "Stormwing Entity"
    assert all(g.state.objects[o].tapped for o in g.state.battlefield)


@pytest.mark.rules("601.2f")
def test_this_spell_costs_its_full_cost_without_the_condition(extra_cards):
    extra_cards(STORMWING_ENTITY, fully_read=True)
    g, ids = table(["Island"] * 4, hand_a=["Stormwing Entity"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Stormwing Entity"]))


CHANDRAS_INCINERATOR = record("Chandra's Incinerator", "{5}{R}", "Creature — Elemental",
                              "This spell costs {X} less to cast, where X is the total amount of noncombat damage dealt "
                              "to your opponents this turn.\nTrample\nWhenever a source you control deals noncombat "
                              "damage to an opponent, Chandra's Incinerator deals that much damage to target creature "
                              "or planeswalker that player controls.", "6/6")


@pytest.mark.rules("601.2f", "120.3")
@pytest.mark.parametrize("shock_them,castable", [(True, True), (False, False)])
def test_costs_x_less_where_x_is_the_noncombat_damage_dealt_to_your_opponents(extra_cards, shock_them, castable):
    extra_cards(CHANDRAS_INCINERATOR, fully_read=True)
    g, ids = table(["Mountain"] * 5, hand_a=["Shock", "Chandra's Incinerator"])
    cast_and_resolve(g, ids["Shock"], targets=(("P1",) if shock_them else ("P0",),))
    # two damage to the opponent: {3}{R}, the four Mountains left
    if castable:
        g.apply(CastSpell(0, ids["Chandra's Incinerator"]))
        assert g.state.objects[g.state.stack[-1]].name == "Chandra's Incinerator"
    else:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Chandra's Incinerator"]))


KHALNI_HYDRA = record("Khalni Hydra", "{G}{G}{G}{G}{G}{G}{G}{G}", "Creature — Hydra",
                      "This spell costs {G} less to cast for each green creature you control.\nTrample", "8/8")


@pytest.mark.rules("601.2f", "118.7c")
@pytest.mark.parametrize("forests,castable", [(6, True), (5, False)])
def test_costs_colored_mana_less_for_each(extra_cards, forests, castable):
    # two green creatures: {G}{G}{G}{G}{G}{G}; the Forests pay it or not
    extra_cards(KHALNI_HYDRA, fully_read=True)
    g, ids = table(["Grizzly Bears", "Llanowar Elves"] + ["Forest"] * forests, hand_a=["Khalni Hydra"])
    g.state.objects[ids["Llanowar Elves"]].tapped = True        # its mana isn't counted
    if castable:
        g.apply(CastSpell(0, ids["Khalni Hydra"]))
        assert g.state.objects[g.state.stack[-1]].name == "Khalni Hydra"
    else:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Khalni Hydra"]))


DEFENSE_GRID = record("Defense Grid", "{2}", "Artifact",
                      "Each spell costs {3} more to cast except during its controller's turn.")


@pytest.mark.rules("601.2f")
def test_each_spell_costs_more_except_during_its_controllers_turn(extra_cards):
    # "its controller": the spell's, whoever controls the Grid
    extra_cards(DEFENSE_GRID, fully_read=True)
    g, ids = table(["Mountain"], ["Defense Grid"], hand_a=["Lightning Bolt"])
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))         # A's own turn: {R}
    assert g.state.players[1].life == 17
    g, ids = table(["Mountain"], ["Defense Grid"], hand_a=["Lightning Bolt"], active=1)
    g.apply(PassPriority(1))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))      # B's turn: {3}{R}
    g, ids = table(["Mountain"] * 4, ["Defense Grid"], hand_a=["Lightning Bolt"], active=1)
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Lightning Bolt"], targets=(("P1",),)))
    assert all(g.state.objects[m].tapped for m in on_battlefield(g, "Mountain"))
