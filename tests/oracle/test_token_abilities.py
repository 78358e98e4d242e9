"""A token's own abilities (111.1): a token created 'with "When this creature dies, ..."' has that
ability, and as it leaves the battlefield the game looks back at it (603.10a) through its spec."""
from __future__ import annotations

import pytest

from engine.oracle import compile_card
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareAttackers, PassPriority, PlayLand
from tests.engine.driving import (activate_and_resolve, advance, attack, cast_and_resolve, on_battlefield,
                                  pass_until, preferring, resolve_stack, settle, table)
from tests.oracle.conftest import record

BLIGHT_MOUND = record("Blight Mound", "{2}{B}", "Creature — Horror",
                      "Attacking Pests you control get +1/+0 and have menace.\nWhenever a nontoken creature you "
                      "control dies, create a 1/1 black and green Pest creature token with \"When this creature "
                      "dies, you gain 1 life.\"", "2/4")
SERPENT_GENERATOR = record("Serpent Generator", "{6}", "Artifact",
                           "{4}, {T}: Create a 1/1 colorless Snake artifact creature token. It has \"Whenever this "
                           "creature deals damage to a player, that player gets a poison counter.\"")
EXHUMER = record("Skirk Ridge Exhumer", "{1}{B}", "Creature — Zombie Spellshaper",
                 "{B}, {T}, Discard a card: Create a 1/1 black Zombie Goblin creature token named Festering "
                 "Goblin. It has \"When Festering Goblin dies, target creature gets -1/-1 until end of turn.\"", "1/1")


@pytest.mark.rules("111.1", "603.10a", "603.6c")
def test_a_tokens_own_dies_trigger_fires(extra_cards):
    extra_cards(BLIGHT_MOUND, fully_read=True)
    g, ids = table(["Blight Mound", "Grizzly Bears"] + ["Swamp"] * 6, hand_a=["Murder", "Murder"])
    murders = list(g.state.players[0].hand)
    cast_and_resolve(g, murders[0], targets=((ids["Grizzly Bears"],),))
    pests = on_battlefield(g, "Pest Token")
    assert len(pests) == 1 and g.state.players[0].life == 20
    cast_and_resolve(g, murders[1], targets=((pests[0],),))
    assert not on_battlefield(g, "Pest Token")
    assert g.state.players[0].life == 21
    # The Pest is a token: Blight Mound's "nontoken" trigger doesn't make another.
    assert not on_battlefield(g, "Pest Token")


@pytest.mark.rules("111.1")
def test_it_has_a_quoted_ability_after_the_token_is_created():
    assert not compile_card(SERPENT_GENERATOR).unsupported
    # An ability the compiler can't read leaves the sentence unread, not a token without it.
    assert compile_card(record("Odd Generator", "{6}", "Artifact", "{4}, {T}: Create a 1/1 colorless Snake artifact "
                               "creature token. It has \"Whenever this creature frobs, draw a card.\"")).unsupported


SPARKSPITTER = record("Sparkspitter", "{2}{R}", "Creature — Elemental Spellshaper",
                      "{R}, {T}, Discard a card: Create a 3/1 red Elemental creature token named Spark Elemental. It "
                      "has trample, haste, and \"At the beginning of the end step, sacrifice Spark Elemental.\"", "1/3")


@pytest.mark.rules("111.1", "111.4", "201.5", "603.10a")
def test_a_token_named_as_printed_names_itself_in_its_quoted_ability(extra_cards):
    """Festering Goblin's "When Festering Goblin dies" is the token's own dies trigger."""
    extra_cards(EXHUMER, fully_read=True)
    g, ids = table(["Skirk Ridge Exhumer"] + ["Swamp"] * 4, ["Savannah Lions"], ["Shock", "Murder"])
    g.apply(ActivateAbility(0, ids["Skirk Ridge Exhumer"], 0))
    settle(g, preferring(ids["Shock"]))
    (goblin,) = on_battlefield(g, "Festering Goblin")
    assert g.characteristics(goblin).power == 1
    cast_and_resolve(g, ids["Murder"], targets=((goblin,),))
    settle(g, preferring(ids["B:Savannah Lions"]))
    assert not on_battlefield(g, "Festering Goblin") and not on_battlefield(g, "Savannah Lions")


@pytest.mark.rules("111.1", "702.19a", "702.10a")
def test_it_has_keywords_and_a_quoted_ability(extra_cards):
    extra_cards(SPARKSPITTER, fully_read=True)
    g, ids = table(["Sparkspitter", "Mountain"], [], ["Shock"])
    g.apply(ActivateAbility(0, ids["Sparkspitter"], 0))
    settle(g)
    (spark,) = on_battlefield(g, "Spark Elemental")
    assert g.characteristics(spark).has("trample") and g.characteristics(spark).has("haste")
    advance(g, Step.END)
    resolve_stack(g)
    assert not on_battlefield(g, "Spark Elemental")


RENOWNED_WEAVER = record("Renowned Weaver", "{G}", "Creature — Human Shaman",
                         "{1}{G}, Sacrifice Renowned Weaver: Create a 1/3 green Spider enchantment creature token with "
                         "reach. (It can't be blocked except by creatures with flying or reach.)", "1/1")


@pytest.mark.rules("111.1", "111.4", "205.2a")
def test_an_enchantment_creature_token(extra_cards):
    extra_cards(RENOWNED_WEAVER, fully_read=True)
    g, ids = table(["Renowned Weaver", "Forest", "Forest"])
    activate_and_resolve(g, ids["Renowned Weaver"], 0)
    (spider,) = on_battlefield(g, "Spider Token")
    ch = g.characteristics(spider)
    assert {"Enchantment", "Creature"} <= set(ch.types) and "Spider" in ch.subtypes
    assert (ch.power, ch.toughness) == (1, 3) and ch.has("reach")


VERIX_BLADEWING = record("Verix Bladewing", "{2}{R}{R}", "Legendary Creature — Dragon",
                         "Kicker {3} (You may pay an additional {3} as you cast this spell.)\nFlying\nWhen Verix "
                         "Bladewing enters the battlefield, if it was kicked, create Karox Bladewing, a legendary 4/4 red "
                         "Dragon creature token with flying.", "4/4")


@pytest.mark.rules("111.4", "205.4a", "704.5j")
def test_create_a_named_legendary_token(extra_cards):
    extra_cards(VERIX_BLADEWING, fully_read=True)
    g, ids = table(["Mountain"] * 7, hand_a=["Verix Bladewing"])
    cast_and_resolve(g, ids["Verix Bladewing"], kicked=True)
    (karox,) = on_battlefield(g, "Karox Bladewing")
    ch = g.characteristics(karox)
    assert (ch.power, ch.toughness, ch.colors, ch.subtypes) == (4, 4, {"R"}, {"Dragon"})
    assert "Legendary" in ch.supertypes and ch.has("flying")
    assert g.state.objects[karox].token is not None


TEZZERET_THE_SCHEMER = record("Tezzeret the Schemer", "{2}{U}{B}", "Legendary Planeswalker — Tezzeret",
                              "[+1]: Create a colorless artifact token named Etherium Cell with \"{T}, Sacrifice this "
                              "artifact: Add one mana of any color.\"\n[−2]: Target creature gets +X/-X until end of "
                              "turn, where X is the number of artifacts you control.", loyalty="5")


@pytest.mark.rules("111.4", "205.3a", "111.10", "605.1a")
def test_a_named_token_with_a_quoted_mana_ability(extra_cards):
    """The name said before the ability; a colorless artifact token with no subtype; its ability sacrifices the token
    itself for one mana of any color."""
    extra_cards(TEZZERET_THE_SCHEMER, fully_read=True)
    g, ids = table(["Tezzeret the Schemer"])
    g.state.objects[ids["Tezzeret the Schemer"]].counters["loyalty"] = 5
    activate_and_resolve(g, ids["Tezzeret the Schemer"], 0)
    (cell,) = on_battlefield(g, "Etherium Cell")
    ch = g.characteristics(cell)
    assert (ch.types, ch.subtypes, ch.colors) == ({"Artifact"}, set(), set())
    g.apply(ActivateAbility(0, cell, 0))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, ("red",) if "red" in g.pending.options else g.pending.options[:1]))
    assert not on_battlefield(g, "Etherium Cell") and g.state.players[0].mana_pool["R"] == 1


NO_WAY_OUT = record("No Way Out", "{2}{B}", "Sorcery",
                    "Target opponent discards two cards. You create a 2/2 black Zombie creature token with decayed. (It "
                    "can't block. When it attacks, sacrifice it at end of combat.)")
JADAR = record("Jadar, Ghoulcaller of Nephalia", "{1}{B}", "Legendary Creature — Human Wizard",
               "At the beginning of your end step, if you control no creatures with decayed, create a 2/2 black Zombie "
               "creature token with decayed. (It can't block. When it attacks, sacrifice it at end of combat.)", "1/1")


@pytest.mark.rules("702.147a", "111.4")
def test_a_decayed_token_cant_block_and_is_sacrificed_after_it_attacks(extra_cards):
    extra_cards(NO_WAY_OUT, fully_read=True)
    g, ids = table(["Swamp"] * 3, hand_a=["No Way Out"], hand_b=["Island", "Island"])
    cast_and_resolve(g, ids["No Way Out"], targets=(("P1",),))
    (zombie,) = on_battlefield(g, "Zombie Token")
    assert g.characteristics(zombie).has("decayed") and len(g.state.players[1].hand) == 0
    advance(g, Step.MAIN1, turn=4)
    attacker = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.state.objects[attacker].sick = False
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {attacker: "P0"}))
    while g.state.step is not Step.MAIN2:
        assert g.pending.kind is DecisionKind.PRIORITY       # no blockers to declare: it can't block
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[0].life == 18
    advance(g, Step.MAIN1, turn=5)
    g.state.objects[zombie].sick = False
    attack(g, zombie)
    advance(g, Step.END_OF_COMBAT)
    resolve_stack(g)
    assert g.state.players[1].life == 18
    advance(g, Step.MAIN2, turn=5)
    assert not on_battlefield(g, "Zombie Token")               # sacrificed at end of combat


@pytest.mark.rules("702.147a", "603.4")
def test_if_you_control_no_creatures_with_decayed(extra_cards):
    extra_cards(JADAR, fully_read=True)
    g, ids = table(["Jadar, Ghoulcaller of Nephalia"])
    advance(g, Step.END)
    resolve_stack(g)
    assert len(on_battlefield(g, "Zombie Token")) == 1
    advance(g, Step.END, turn=5)
    resolve_stack(g)
    assert len(on_battlefield(g, "Zombie Token")) == 1          # one with decayed: no other


TIRELESS_PROVISIONER = record("Tireless Provisioner", "{2}{G}", "Creature — Elf Scout",
                              "Landfall — Whenever a land enters the battlefield under your control, create a Food "
                              "token or a Treasure token. (Food is an artifact with \"{2}, {T}, Sacrifice this "
                              "artifact: You gain 3 life.\" Treasure is an artifact with \"{T}, Sacrifice this artifact: "
                              "Add one mana of any color.\")", "3/2")


@pytest.mark.rules("111.10", "608.2d", "207.2c")
@pytest.mark.parametrize("pick", ["Food Token", "Treasure Token"])
def test_create_a_food_token_or_a_treasure_token(extra_cards, pick):
    extra_cards(TIRELESS_PROVISIONER, fully_read=True)
    g, ids = table(["Tireless Provisioner"], hand_a=["Forest"])
    g.apply(PlayLand(0, ids["Forest"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(0, (pick,)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert len(on_battlefield(g, pick)) == 1
    assert not on_battlefield(g, "Treasure Token" if pick == "Food Token" else "Food Token")


BROKEN_VISAGE = record("Broken Visage", "{4}{B}", "Instant",
                       "Destroy target nonartifact attacking creature. It can't be regenerated. Create a black Spirit "
                       "creature token. Its power is equal to that creature's power and its toughness is equal to that "
                       "creature's toughness. Sacrifice the token at the beginning of the next end step.")
@pytest.mark.rules("111.3", "608.2h", "701.19c")
def test_a_token_as_big_as_the_creature_destroyed_as_it_last_existed(extra_cards):
    extra_cards(BROKEN_VISAGE, fully_read=True)
    g, ids = table(["Swamp"] * 5, ["Serra Angel", "Forest"], ["Broken Visage"], hand_b=["Giant Growth"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    angel = ids["B:Serra Angel"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {angel: "P0"}))
    resolve_stack(g)
    g.apply(CastSpell(1, ids["B:Giant Growth"], targets=((angel,),)))
    resolve_stack(g)                                     # a 7/7 now
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Broken Visage"], targets=((angel,),))
    assert angel not in g.state.battlefield
    (token,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Spirit Token"]
    ch = g.characteristics(token)
    assert (ch.power, ch.toughness, g.state.objects[token].controller) == (7, 7, 0)
    advance(g, Step.END)
    resolve_stack(g)
    assert token not in g.state.battlefield              # sacrificed at the end step
