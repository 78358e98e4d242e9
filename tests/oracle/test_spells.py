"""Instants and sorceries: targets (115), damage (120), removal, counterspells (701.6), modes (700.2)."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Filter, Keyword, Ref, TargetSpec
from engine.core.effect_types import (AddMana, CounterSpell, DealDamage, Destroy, Discard, Draw, ExileEffect,
                                      GainLife, MayDo, Grant, LoseLife, Pump, ReturnToHand, Sacrifice)
from engine.core.effect_types import Fight
from engine.core.effect_types import SearchLibrary
from engine.core.mana import ManaCost

T0 = Ref("target", 0)


def only_mode(d):
    assert d.supported, d.unsupported
    assert d.spell is not None and len(d.spell.modes) == 1
    return d.spell.modes[0]


@pytest.mark.rules("120.3", "115.4")
@pytest.mark.parametrize("name,n", [("Lightning Bolt", 3), ("Shock", 2), ("Searing Spear", 3)])
def test_burn_any_target(card, name, n):
    m = only_mode(card(name, "{R}", "Instant", f"{name} deals {n} damage to any target."))
    assert m.targets == (TargetSpec("any", text="any target"),)
    assert m.effects == (DealDamage(Amount.const(n), T0),)


@pytest.mark.rules("115.1")
def test_player_or_planeswalker(card):
    m = only_mode(card("Lava Axe", "{4}{R}", "Sorcery", "Lava Axe deals 5 damage to target player or planeswalker."))
    assert m.targets[0].kind == "player_or_planeswalker" and m.targets[0].filter is None


@pytest.mark.rules("107.3a", "601.2d")
def test_x_damage_and_division(card):
    m = only_mode(card("Blaze", "{X}{R}", "Sorcery", "Blaze deals X damage to any target."))
    assert m.effects == (DealDamage(Amount("x"), T0),)
    m = only_mode(card("Electrolyze", "{1}{U}{R}", "Instant",
                       "Electrolyze deals 2 damage divided as you choose among one or two targets.\nDraw a card."))
    assert (m.targets[0].min, m.targets[0].max, m.targets[0].divide) == (1, 2, True)
    assert m.effects == (DealDamage(Amount.const(2), T0, divided=True), Draw(Ref("you"), Amount.const(1)))


@pytest.mark.rules("601.2f")
def test_fireball(card):
    d = card("Fireball", "{X}{R}", "Sorcery", "This spell costs {1} more to cast for each target beyond the first.\n"
             "Fireball deals X damage divided evenly, rounded down, among any number of targets.")
    m = only_mode(d)
    assert m.targets[0].max > 2 and m.effects[0].amount.kind == "x_split_evenly"
    assert d.static[0].kind == "cost_per_extra_target" and d.static[0].params == (ManaCost(("1",)),)


def test_each_creature_and_each_player(card):
    m = only_mode(card("Earthquake", "{X}{R}", "Sorcery",
                       "Earthquake deals X damage to each creature without flying and each player."))
    assert m.targets == ()
    assert m.effects == (DealDamage(Amount("x"), Ref("all", filter=Filter(types=frozenset({"Creature"}),
                                                                          without_keyword="flying"))),
                         DealDamage(Amount("x"), Ref("each_player")))


def test_burn_and_life(card):
    m = only_mode(card("Lightning Helix", "{R}{W}", "Instant",
                       "Lightning Helix deals 3 damage to any target and you gain 3 life."))
    assert m.effects == (DealDamage(Amount.const(3), T0), GainLife(Ref("you"), Amount.const(3)))


@pytest.mark.rules("701.8a", "701.19c")
def test_destroy_filters(card):
    m = only_mode(card("Doom Blade", "{1}{B}", "Instant", "Destroy target nonblack creature."))
    assert m.targets[0] == TargetSpec("creature", Filter(not_colors=frozenset({"B"})), text="target nonblack creature")
    m = only_mode(card("Terror", "{1}{B}", "Instant",
                       "Destroy target nonartifact, nonblack creature. It can't be regenerated."))
    assert m.targets[0].filter == Filter(not_colors=frozenset({"B"}), not_types=frozenset({"Artifact"}))
    assert m.effects == (Destroy(T0, no_regenerate=True),)
    m = only_mode(card("Naturalize", "{1}{G}", "Instant", "Destroy target artifact or enchantment."))
    assert m.targets[0].kind == "artifact_or_enchantment"
    m = only_mode(card("Wrath of God", "{2}{W}{W}", "Sorcery", "Destroy all creatures. They can't be regenerated."))
    assert m.effects == (Destroy(Ref("all", filter=Filter(types=frozenset({"Creature"}))), no_regenerate=True),)


@pytest.mark.rules("406.3")
def test_exile_and_life_from_power(card):
    m = only_mode(card("Swords to Plowshares", "{W}", "Instant",
                       "Exile target creature. Its controller gains life equal to its power."))
    assert m.effects == (ExileEffect(T0), GainLife(Ref("controller_of", 0), Amount("power_of", ref=T0)))


@pytest.mark.rules("701.23a")
def test_path_to_exile(card):
    m = only_mode(card("Path to Exile", "{W}", "Instant", "Exile target creature. Its controller may search their "
                       "library for a basic land card, put that card onto the battlefield tapped, then shuffle."))
    search = m.effects[1]
    assert isinstance(search, SearchLibrary) and search.who == Ref("controller_of", 0) and search.optional
    assert search.to == "battlefield" and search.tapped
    assert search.filter == Filter(types=frozenset({"Land"}), supertypes=frozenset({"Basic"}))


def test_pump_and_shrink(card):
    m = only_mode(card("Disfigure", "{B}", "Instant", "Target creature gets -2/-2 until end of turn."))
    assert m.effects == (Pump(T0, Amount.const(-2), Amount.const(-2)),)
    m = only_mode(card("Blossoming Defense", "{G}", "Instant",
                       "Target creature you control gets +2/+2 and gains hexproof until end of turn."))
    assert m.targets[0].filter == Filter(controller="you")
    assert m.effects == (Pump(T0, Amount.const(2), Amount.const(2)), Grant(T0, (Keyword("hexproof"),)))


@pytest.mark.rules("701.21a")
def test_edict(card):
    m = only_mode(card("Diabolic Edict", "{1}{B}", "Instant", "Target player sacrifices a creature of their choice."))
    assert m.targets[0].kind == "player"
    assert m.effects == (Sacrifice(T0, Filter(types=frozenset({"Creature"})), Amount.const(1)),)


def test_bounce(card):
    m = only_mode(card("Unsummon", "{U}", "Instant", "Return target creature to its owner's hand."))
    assert m.effects == (ReturnToHand(T0),)


@pytest.mark.rules("701.14a")
def test_fight(card):
    m = only_mode(card("Prey Upon", "{G}", "Sorcery",
                       "Target creature you control fights target creature you don't control."))
    assert m.targets[0].filter == Filter(controller="you") and m.targets[1].filter == Filter(controller="opponent")
    assert m.effects == (Fight(T0, Ref("target", 1)),)


@pytest.mark.rules("701.6a")
def test_counterspells(card):
    m = only_mode(card("Counterspell", "{U}{U}", "Instant", "Counter target spell."))
    assert m.targets == (TargetSpec("spell", zone="stack", text="target spell"),)
    assert m.effects == (CounterSpell(T0),)
    m = only_mode(card("Negate", "{1}{U}", "Instant", "Counter target noncreature spell."))
    assert m.targets[0].filter == Filter(not_types=frozenset({"Creature"}))
    m = only_mode(card("Essence Scatter", "{1}{U}", "Instant", "Counter target creature spell."))
    assert m.targets[0].filter == Filter(types=frozenset({"Creature"}))
    m = only_mode(card("Mana Leak", "{1}{U}", "Instant", "Counter target spell unless its controller pays {3}."))
    assert m.effects == (CounterSpell(T0, unless_pay=ManaCost(("3",))),)
    m = only_mode(card("Remand", "{1}{U}", "Instant", "Counter target spell. If that spell is countered this way, "
                       "put it into its owner's hand instead of into that player's graveyard.\nDraw a card."))
    assert m.effects == (CounterSpell(T0, to="hand"), Draw(Ref("you"), Amount.const(1)))


@pytest.mark.rules("700.2")
def test_modal_charm(card):
    d = card("Izzet Charm", "{U}{R}", "Instant", "Choose one —\n"
             "• Counter target noncreature spell unless its controller pays {2}.\n"
             "• Izzet Charm deals 2 damage to target creature.\n"
             "• Draw two cards, then discard two cards.")
    assert d.supported and d.spell.modal and (d.spell.choose_min, d.spell.choose_max) == (1, 1)
    a, b, c = d.spell.modes
    assert a.effects == (CounterSpell(T0, unless_pay=ManaCost(("2",))),)
    assert b.targets[0].kind == "creature" and b.effects == (DealDamage(Amount.const(2), T0),)
    assert c.targets == () and c.effects == (Draw(Ref("you"), Amount.const(2)), Discard(Ref("you"), Amount.const(2)))


def test_shared_subject(card):
    m = only_mode(card("Sign in Blood", "{B}{B}", "Sorcery", "Target player draws two cards and loses 2 life."))
    assert m.effects == (Draw(T0, Amount.const(2)), LoseLife(T0, Amount.const(2)))


@pytest.mark.rules("106.1")
def test_dark_ritual(card):
    m = only_mode(card("Dark Ritual", "{B}", "Instant", "Add {B}{B}{B}."))
    assert m.effects == (AddMana("BBB"),)


def test_unreadable_sentence_is_listed(card):
    d = card("Odd Bolt", "{R}", "Instant",
             "Odd Bolt deals 3 damage to any target. Then the moon turns purple for a while.")
    assert d.unsupported == ("Then the moon turns purple for a while",)
    assert not d.supported


def test_where_x_is_and_for_each(card):
    m = only_mode(card("Sanctum Bolt", "{2}{R}", "Instant", "Sanctum Bolt deals X damage to target creature or "
                       "planeswalker, where X is the number of Shrines you control."))
    assert m.effects == (DealDamage(Amount("count", filter=Filter(subtypes=frozenset({"Shrine"}), controller="you")),
                                    T0),)
    m = only_mode(card("Flock Blessing", "{1}{W}", "Sorcery", "You gain 2 life for each creature you control with "
                       "flying."))
    count = Amount("count", filter=Filter(types=frozenset({"Creature"}), controller="you", keyword="flying"),
                   multiplier=2)
    assert m.effects == (GainLife(Ref("you"), count),)


@pytest.mark.rules("608.2c")
def test_if_you_do(card):
    d = card("Loot Elder", "{1}{U}", "Creature — Human Monk", "Whenever Loot Elder attacks, you may draw a card. "
             "If you do, discard a card.", "1/2")
    t = d.triggered[0]
    assert t.optional and t.mode.effects == (Draw(Ref("you"), Amount.const(1)), Discard(Ref("you"), Amount.const(1)))


def test_permanent_card_and_ability_targets(card):
    m = only_mode(card("Fungal Return", "{1}{G}", "Sorcery", "Return target permanent card from your graveyard to "
                       "your hand."))
    assert m.targets[0].kind == "card" and m.targets[0].filter == Filter(owner="you", permanent=True)
    m = only_mode(card("Disallow Lite", "{1}{U}{U}", "Instant", "Counter target activated or triggered ability."))
    assert m.targets[0].kind == "ability" and m.effects == (CounterSpell(T0),)


@pytest.mark.rules("120.3")
def test_bite(card):
    from engine.core.effect_types import DealDamageBy
    m = only_mode(card("Rabid Bite", "{1}{G}", "Sorcery", "Target creature you control deals damage equal to its power "
                       "to target creature you don't control."))
    assert m.effects == (DealDamageBy(T0, Amount("power_of", ref=T0), Ref("target", 1)),)


@pytest.mark.rules("401.1")
def test_look_and_take(card):
    from engine.core.effect_types import LookAtTop, LookPick
    m = only_mode(card("Sift", "{1}{U}", "Sorcery", "Look at the top three cards of your library. Put one of them into "
                       "your hand and the rest on the bottom of your library in any order."))
    assert m.effects == (LookAtTop(Ref("you"), Amount.const(3), picks=(LookPick("hand", 1, 1),), rest="library_bottom"),)


def test_unread_sentence_names_the_card(card):
    d = card("Odd Shock", "{R}", "Instant", "Odd Shock deals 2 damage to any target. Odd Shock sings.")
    assert d.unsupported == ("Odd Shock sings",)


def test_ponder_shuffle_is_optional(card):
    from engine.core.effect_types import LookAndReorder, Shuffle
    m = only_mode(card("Ponder", "{U}", "Sorcery", "Look at the top three cards of your library, then put them back in "
                       "any order. You may shuffle.\nDraw a card."))
    assert m.effects == (LookAndReorder(Ref("you"), Amount.const(3)), MayDo((Shuffle(),)),
                         Draw(Ref("you"), Amount.const(1)))


def test_x_from_graveyard_count_and_attacking_tokens(card):
    m = only_mode(card("Grave Shrink", "{1}{B}", "Instant", "Target creature gets -X/-X until end of turn, where X is "
                       "the number of cards in your graveyard."))
    assert m.effects == (Pump(T0, Amount("cards_in_graveyard", ref=Ref("you"), multiplier=-1),
                              Amount("cards_in_graveyard", ref=Ref("you"), multiplier=-1)),)
    d = card("Falcon Caller", "{2}{W}", "Creature — Human Soldier", "Whenever this creature attacks, create a 1/1 "
             "white Bird creature token with flying that's tapped and attacking.", "2/2")
    tok = d.triggered[0].mode.effects[0]
    assert tok.tapped and tok.attacking and dict(tok.spec)["abilities"] == ("Flying",)


def test_a_compiler_failure_marks_the_card_unsupported(card, monkeypatch):
    from engine.oracle import compiler

    def broken(text, card, is_spell):
        raise IndexError("boom")
    monkeypatch.setattr(compiler, "compile_parts", broken)
    d = card("Shock", "{R}", "Instant", "Shock deals 2 damage to any target.")
    assert d.unsupported == ("(the compiler failed on this text: IndexError: boom)",)


def test_your_choice_of_keywords(card):
    from engine.core.effect_types import GrantKeywordChoice
    m = only_mode(card("Alchemist's Gift", "{B}", "Instant", "Target creature gets +1/+1 and gains your choice of "
                       "deathtouch or lifelink until end of turn."))
    assert m.effects == (Pump(T0, Amount.const(1), Amount.const(1)),
                         GrantKeywordChoice(T0, (Keyword("deathtouch"), Keyword("lifelink"))))


@pytest.mark.rules("601.2d")
def test_damage_divided_among_any_number_of_targets_needs_one(card):
    # Found by the fuzzer: cast with no target, the division had no one to go to and the cast was refused.
    m = only_mode(card("Spreading Flames", "{6}{R}", "Instant",
                       "Spreading Flames deals 6 damage divided as you choose among any number of target creatures."))
    assert (m.targets[0].min, m.targets[0].divide) == (1, True) and m.targets[0].max > 6


@pytest.mark.rules("315.2", "315.5")
def test_a_conspiracys_abilities_are_read_they_work_from_the_command_zone(card):
    """A game starts with the conspiracies its players bring in the command zone (Game.new(conspiracies=...)), where
    a face-up one's abilities work (tests/engine/test_conspiracies.py)."""
    d = card("Hymn of the Wilds", "", "Conspiracy", "(Start the game with this conspiracy face up in the command zone.)\n"
             "At the beginning of your upkeep, scry 1.")
    assert d.supported and len(d.triggered) == 1
