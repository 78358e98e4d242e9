"""Continuous effects (611-613), replacement and prevention (614-615), linked abilities (607),
tokens with quoted abilities (111.1) and the hand-written cards."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Condition, Filter, Keyword, Ref, SELF, Trigger
from engine.core.effect_types import ApplyContinuous, CreateTokens, Discard, ExileEffect
from engine.core.effect_types import (ExileLinked, GrantProtectionChoice, PutOntoBattlefield, ReturnChosen,
                                      ReturnLinked, SacrificeSelf)
from engine.core.effect_types import MoveRevealed, RevealHand, RevealTop
from engine.core.effect_types import PreventDamage, PreventNextFromChosenSource
from engine.core.cards import token_def

T0 = Ref("target", 0)


def params(effects):
    return [dict(e.params) for e in effects if isinstance(e, ApplyContinuous)]


@pytest.mark.rules("613.1d", "613.1e", "613.1f", "613.4b")
def test_becomes_a_frog(card):
    d = card("Turn to Frog", "{1}{U}", "Instant", "Until end of turn, target creature loses all abilities and "
             "becomes a blue Frog with base power and toughness 1/1.")
    assert d.supported
    ps = params(d.spell.modes[0].effects)
    assert [p["kind"] for p in ps] == ["lose_abilities", "set_colors", "set_types", "set_pt"]
    assert ps[1]["colors"] == ("U",) and ps[2]["subtypes"] == ("Frog",) and (ps[3]["power"], ps[3]["toughness"]) == (1, 1)
    assert all(e.duration == "end_of_turn" for e in d.spell.modes[0].effects)


@pytest.mark.rules("205.1b", "613.1d")
def test_manland_keeps_its_land_type(card):
    d = card("Mutavault", None, "Land", "{T}: Add {C}.\n{1}: Until end of turn, this land becomes a 2/2 creature with "
             "all creature types. It's still a land.")
    assert d.supported
    ps = params(d.activated[1].mode.effects)
    assert ps[0]["kind"] == "add_types" and ps[0]["types"] == ("Creature",) and "Goblin" in ps[0]["subtypes"]
    assert ps[1] == {"kind": "set_pt", "power": 2, "toughness": 2}


@pytest.mark.rules("305.7", "613.1d")
def test_static_type_changes(card):
    d = card("Blood Moon", "{2}{R}", "Enchantment", "Nonbasic lands are Mountains.")
    st = d.static[0]
    assert st.kind == "set_types" and dict(st.params) == {"subtypes": ("Mountain",)}
    assert st.affected.filter == Filter(types=frozenset({"Land"}), not_supertypes=frozenset({"Basic"}))
    d = card("Lignify", "{1}{G}", "Kindred Enchantment — Treefolk Aura", "Enchant creature\nEnchanted creature is a "
             "Treefolk with base power and toughness 0/4 and loses all abilities.")
    assert [s.kind for s in d.static] == ["set_types", "set_pt", "lose_abilities"]
    assert all(s.affected == Ref("enchanted") for s in d.static)


@pytest.mark.rules("305.7", "205.1b", "613.1d", "613.4b")
def test_static_type_additions(card):
    d = card("Urborg, Tomb of Yawgmoth", None, "Legendary Land",
             "Each land is a Swamp in addition to its other land types.")
    assert [(s.kind, dict(s.params)) for s in d.static] == [("add_types", {"subtypes": ("Swamp",)})]
    assert d.static[0].affected.filter == Filter(types=frozenset({"Land"}))
    d = card("Enchanted Evening", "{3}{W/U}{W/U}", "Enchantment",
             "All permanents are enchantments in addition to their other types.")
    assert [(s.kind, dict(s.params)) for s in d.static] == [("add_types", {"types": ("Enchantment",)})]
    d = card("March of the Machines", "{3}{U}", "Enchantment", "Each noncreature artifact is an artifact creature "
             "with power and toughness each equal to its mana value.")
    assert [s.kind for s in d.static] == ["add_types", "set_pt_mana_value"]
    assert dict(d.static[0].params)["types"] == ("Artifact", "Creature")
    assert d.static[0].affected.filter == Filter(types=frozenset({"Artifact"}), not_types=frozenset({"Creature"}))
    assert not card("Nowhere", None, "Land", "Each land is a Goblin in addition to its other land types.").supported


@pytest.mark.rules("604.3")
def test_characteristic_defining_pt(card):
    d = card("Tarmogoyf", "{1}{G}", "Creature — Lhurgoyf", "This creature's power is equal to the number of card "
             "types among cards in all graveyards and its toughness is equal to that number plus 1.", "*/1+*")
    st = d.static[0]
    assert st.kind == "cda_pt" and st.params == (Amount("card_types_in_graveyards"),
                                                 Amount("card_types_in_graveyards", value=1))


@pytest.mark.rules("613.4c")
def test_pump_for_each(card):
    d = card("Ethereal Armor", "{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +1/+1 for each "
             "enchantment you control and has first strike.")
    dyn, grant = d.static
    count = Amount("count", filter=Filter(types=frozenset({"Enchantment"}), controller="you"))
    assert dyn.kind == "pump_dynamic" and dyn.params == (count, count)
    assert grant.kind == "grant" and grant.params == (Keyword("first strike"),)


@pytest.mark.rules("614.1a", "614.1c")
def test_replacement_statics(card):
    d = card("Rest in Peace", "{1}{W}", "Enchantment", "When this enchantment enters, exile all graveyards.\n"
             "If a card or token would be put into a graveyard from anywhere, exile it instead.")
    assert d.supported and d.static[0].kind == "graveyard_to_exile" and dict(d.static[0].params) == {"owner": "any"}
    d = card("Kalitas, Traitor of Ghet", "{2}{B}{B}", "Legendary Creature — Vampire Warrior",
             "Lifelink\nIf a nontoken creature an opponent controls would die, instead exile that card and create a "
             "2/2 black Zombie creature token.\n{2}{B}, Sacrifice another Vampire or Zombie: Put two +1/+1 counters "
             "on Kalitas.", "3/4")
    assert d.supported
    st = d.static[0]
    assert st.kind == "would_die_instead"
    assert st.affected.filter == Filter(types=frozenset({"Creature"}), controller="opponent", token=False)
    eff = dict(st.params)["effects"]
    assert eff[0] == ExileEffect(Ref("event")) and isinstance(eff[1], CreateTokens)
    assert d.activated[0].cost.sacrifice == Filter(subtypes=frozenset({"Vampire", "Zombie"}), other=True)
    d = card("Worship", "{3}{W}", "Enchantment", "If you control a creature, damage that would reduce your life "
             "total to less than 1 reduces it to 1 instead.")
    assert d.static[0].kind == "life_floor" and d.static[0].condition == Condition(
        "you_control", filter=Filter(types=frozenset({"Creature"})))


@pytest.mark.rules("615.1a", "615.7")
def test_prevention(card):
    d = card("Fog", "{G}", "Instant", "Prevent all combat damage that would be dealt this turn.")
    assert d.spell.modes[0].effects == (PreventDamage(True, "end_of_turn"),)
    d = card("Circle of Protection: Red", "{1}{W}", "Enchantment", "{1}: The next time a red source of your choice "
             "would deal damage to you this turn, prevent that damage.")
    assert d.activated[0].mode.effects == (PreventNextFromChosenSource("R"),)


@pytest.mark.rules("607.2a")
def test_linked_exile(card):
    d = card("Oblivion Ring", "{2}{W}", "Enchantment", "When this enchantment enters, exile another target nonland "
             "permanent.\nWhen this enchantment leaves the battlefield, return the exiled card to the battlefield "
             "under its owner's control.")
    enters, leaves = d.triggered
    assert enters.mode.targets[0].filter == Filter(not_types=frozenset({"Land"}), other=True)
    assert enters.mode.effects == (ExileLinked(T0),)
    assert leaves.trigger == Trigger("leaves") and leaves.mode.effects == (ReturnLinked(),)


@pytest.mark.rules("111.1", "604.3")
def test_token_with_quoted_ability(card):
    d = card("Ajani Goldmane", "{2}{W}{W}", "Legendary Planeswalker — Ajani", "+1: You gain 2 life.\n"
             "−6: Create a white Avatar creature token. It has \"This creature's power and toughness are each equal "
             "to your life total.\"", loyalty="4")
    ult = [a for a in d.activated if a.cost.loyalty == -6][0]
    spec = dict(ult.mode.effects[0].spec)
    assert spec["types"] == "Creature — Avatar" and spec["power"] is None
    token = token_def({k: (list(v) if isinstance(v, tuple) else v) for k, v in spec.items()})
    assert token.supported and token.static[0].kind == "cda_pt"
    assert token.static[0].params[0] == Amount("life_of", ref=Ref("you"))


@pytest.mark.rules("701.20a")
def test_reveal_and_choose(card):
    d = card("Duress", "{B}", "Sorcery", "Target opponent reveals their hand. You choose a noncreature, nonland card "
             "from it. That player discards that card.")
    m = d.spell.modes[0]
    assert m.targets[0].kind == "opponent"
    assert m.effects == (RevealHand(T0), Discard(T0, Amount.const(1), chooser="you",
                                                  filter=Filter(not_types=frozenset({"Creature", "Land"}))))
    d = card("Goblin Guide", "{R}", "Creature — Goblin Scout", "Haste\nWhenever this creature attacks, defending player "
             "reveals the top card of their library. If it's a land card, that player puts it into their hand.", "2/2")
    t = d.triggered[0]
    assert t.mode.effects[0] == RevealTop(Ref("defending_player"))
    cond = t.mode.effects[1]
    assert cond.condition == Condition("revealed_matches", filter=Filter(types=frozenset({"Land"})))
    assert cond.then == (MoveRevealed("hand"),)


@pytest.mark.rules("702.16a")
def test_protection_from_a_chosen_color(card):
    d = card("Mother of Runes", "{W}", "Creature — Human Cleric", "{T}: Target creature you control gains protection "
             "from the color of your choice until end of turn.", "1/1")
    assert d.activated[0].mode.effects == (GrantProtectionChoice(T0, choices=tuple(
        Keyword("protection", c) for c in ("white", "blue", "black", "red", "green"))),)


@pytest.mark.rules("702.79a", "702.74a")
def test_persist_and_evoke_abilities(card):
    d = card("Kitchen Finks", "{1}{G/W}{G/W}", "Creature — Ouphe", "When this creature enters, you gain 2 life.\n"
             "Persist", "3/2")
    persist = d.triggered[1]
    assert persist.trigger == Trigger("dies") and persist.condition == Condition("no_counters")
    assert persist.mode.effects == (PutOntoBattlefield(Ref("event"), counters=(("-1/-1", 1),)),)
    d = card("Mulldrifter", "{4}{U}", "Creature — Elemental", "Flying\nWhen this creature enters, draw two cards.\n"
             "Evoke {2}{U}", "2/2")
    evoke = d.triggered[1]
    assert evoke.condition == Condition("evoked") and evoke.mode.effects == (SacrificeSelf(),)
    assert d.costs[0].kind == "evoke"


def test_bounce_land(card):
    d = card("Boros Garrison", None, "Land", "This land enters tapped.\nWhen this land enters, return a land you "
             "control to its owner's hand.\n{T}: Add {R}{W}.")
    assert d.triggered[0].mode.effects == (ReturnChosen(Ref("you"), Filter(types=frozenset({"Land"}), controller="you")),)
    assert d.static[0].kind == "enters_tapped" and d.static[0].affected == SELF


def test_hand_written_cards_are_counted(card):
    d = card("Liliana of the Veil", "{1}{B}{B}", "Legendary Planeswalker — Liliana", "+1: Each player discards a card.\n"
             "−2: Target player sacrifices a creature of their choice.\n−6: Separate all permanents target player "
             "controls into two piles. That player sacrifices all permanents in the pile of their choice.", loyalty="3")
    assert d.hand_written and d.supported
    assert sorted(a.cost.loyalty for a in d.activated) == [-6, -2, 1]
    d = card("Grizzly Bears", "{1}{G}", "Creature — Bear", "", "2/2")
    assert not d.hand_written


@pytest.mark.rules("611.3a", "613.1d")
def test_predicate_lists_and_conditions(card):
    d = card("Dub", "{2}{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +2/+2, has first "
             "strike, and is a Knight in addition to its other types.")
    assert [(s.kind, s.params) for s in d.static] == [("pump", (2, 2)), ("grant", (Keyword("first strike"),)),
                                                      ("add_types", (("subtypes", ("Knight",)),))]
    d = card("Turn Knight", "{1}{W}", "Creature — Human Knight", "As long as it's your turn, this creature has first "
             "strike.", "2/2")
    assert d.static[0].kind == "grant" and d.static[0].condition == Condition("your_turn")


@pytest.mark.rules("118.12")
def test_may_pay_then(card):
    from engine.core.effect_types import MayPay
    from engine.core.mana import ManaCost
    d = card("Pay Zombie", "{2}{B}", "Creature — Zombie", "When this creature enters, you may pay {1}{B}. If you do, "
             "create a 2/2 black Zombie creature token.", "2/2")
    eff = d.triggered[0].mode.effects[0]
    assert isinstance(eff, MayPay) and eff.cost == ManaCost(("1", "B"))
    assert isinstance(eff.then[0], CreateTokens)


@pytest.mark.rules("701.23a")
def test_search_library_and_graveyard_for_a_name(card):
    from engine.core.effect_types import SearchLibrary
    d = card("Basri's Acolyte Test", "{2}{W}", "Sorcery", "Search your library and/or graveyard for a card named "
             "Basri, Devoted Paladin, reveal it, and put it into your hand. If you search your library this way, "
             "shuffle.")
    (search,) = d.spell.modes[0].effects
    assert isinstance(search, SearchLibrary) and search.filter == Filter(name="Basri, Devoted Paladin")
    assert search.zones == ("library", "graveyard") and search.to == "hand"


@pytest.mark.rules("613.1d", "613.4b")
def test_opalescence_compiles(card):
    d = card("Opalescence", "{2}{W}{W}", "Enchantment", "Each other non-Aura enchantment is a creature in addition to "
             "its other types and has base power and base toughness each equal to its mana value.")
    assert d.supported and not d.hand_written
    affected = Ref("all", filter=Filter(types=frozenset({"Enchantment"}), not_subtypes=frozenset({"Aura"}), other=True))
    assert [(s.kind, s.affected, s.params) for s in d.static] == [
        ("add_types", affected, (("types", ("Creature",)),)), ("set_pt_mana_value", affected, ())]


@pytest.mark.rules("614.1a", "611.3a")
def test_damage_multipliers_and_trailing_conditions(card):
    d = card("Furnace of Rath", "{1}{R}{R}{R}", "Enchantment", "If a source would deal damage to a permanent or player, "
             "it deals double that damage to that permanent or player instead.")
    assert d.static[0].kind == "modifies_damage" and dict(d.static[0].params) == {
        "change": ("times", 2), "sources": None, "to_players": "any", "to_permanents": Filter(), "at_least": 1,
        "combat": None}
    d = card("Fiery Emancipation", "{3}{R}{R}{R}", "Enchantment", "If a source you control would deal damage to a "
             "permanent or player, it deals triple that damage to that permanent or player instead.")
    assert dict(d.static[0].params)["change"] == ("times", 3)
    assert dict(d.static[0].params)["sources"] == ((Filter(controller="you"), False),)
    d = card("Predatory Test", "{3}{G}{G}", "Creature — Wurm", "Vigilance\nThis creature gets +2/+2 as long as you "
             "control a Garruk planeswalker.", "6/6")
    st = d.static[0]
    assert st.kind == "pump" and st.params == (2, 2)
    assert st.condition == Condition("you_control", filter=Filter(types=frozenset({"Planeswalker"}),
                                                                  subtypes=frozenset({"Garruk"})))


@pytest.mark.rules("613.1d", "613.1f", "205.1b")
def test_a_static_animation_grants_its_keywords_as_keywords(card):
    """'Enchanted Mountain is a 7/7 red Giant creature with haste': the haste is a granted keyword the
    layers read (a fuzz find: it was kept as an effect's parameter pair and broke every keyword lookup)."""
    d = card("Awaken the Ancient", "{1}{R}{R}{R}", "Enchantment — Aura", "Enchant Mountain\nEnchanted Mountain is a "
             "7/7 red Giant creature with haste. It's still a land.")
    assert d.supported
    grant = next(s for s in d.static if s.kind == "grant")
    assert grant.params == (Keyword("haste"),) and grant.affected == Ref("enchanted")
