"""One-shot effects of spells and abilities (engine.oracle.verbs): damage to two recipients and a
shared source subject (120.3), divided damage among "one, two, or three" targets (601.2d), tapped
tokens, tokens with abilities in quotes and predefined tokens (111.1, 111.10), poison counters
(122.1f), two players who each draw, and coin flips (705). Each is compiled from a real card and played."""
from __future__ import annotations

import json

import pytest

from cardsdb.source import FileSource

from engine.core.abilities import Amount, Ref
from engine.core.effect_types import Draw, FlipCoin, GetPoison, LoseLife, ReturnToHand, SacrificeSelf
from engine.core.cards import card_records, token_def
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers,
                                        PassPriority, PlayLand)
from engine.core.rng import Rng
from engine.oracle import compile_card
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, on_battlefield,
                                  pass_until, resolve_stack, settle, table)
from tests.oracle.conftest import record

T0 = Ref("target", 0)

CHANDRAS_OUTRAGE = record("Chandra's Outrage", "{2}{R}{R}", "Instant",
                          "Chandra's Outrage deals 4 damage to target creature and 2 damage to that creature's "
                          "controller.")
PSIONIC_BLAST = record("Psionic Blast", "{2}{U}", "Instant",
                       "Psionic Blast deals 4 damage to any target and 2 damage to you.")
DEFT_DISMISSAL = record("Deft Dismissal", "{3}{W}", "Instant",
                        "Deft Dismissal deals 3 damage divided as you choose among one, two, or three target "
                        "attacking or blocking creatures.")
SYPHON_ESSENCE = record("Syphon Essence", "{2}{U}", "Instant",
                        "Counter target creature or planeswalker spell. Create a Blood token. (It's an artifact "
                        "with \"{1}, {T}, Discard a card, Sacrifice this artifact: Draw a card.\")")
BLIGHT_MOUND = record("Blight Mound", "{2}{B}", "Creature — Horror",
                      "Attacking Pests you control get +1/+0 and have menace.\nWhenever a nontoken creature you "
                      "control dies, create a 1/1 black and green Pest creature token with \"When this creature "
                      "dies, you gain 1 life.\"", "2/4")
FISH_TOKENS = record("Fish Tokens", "{2}{U}", "Sorcery",
                     'Create two 1/1 blue Fish creature tokens with "This creature can\'t be blocked."')
WIGHT_TOKEN = record("Zombie Maker", "{2}{B}", "Sorcery", "Create a tapped 2/2 black Zombie creature token.")
PIT_SCORPION = record("Pit Scorpion", "{2}{B}", "Creature — Scorpion",
                      "Whenever Pit Scorpion deals damage to a player, that player gets a poison counter.", "1/1")
FLUMPH = record("Flumph", "{1}{W}", "Creature — Flumph",
                "Defender, flying\nWhenever Flumph is dealt damage, you and target opponent each draw a card.", "0/4")
SANDSWIMMER = record("Viashino Sandswimmer", "{R}", "Creature — Viashino Warrior",
                     "{R}: Flip a coin. If you win the flip, return Viashino Sandswimmer to its owner's hand. "
                     "If you lose the flip, sacrifice Viashino Sandswimmer.", "3/2")
PLANAR_CHAOS = record("Planar Chaos", "{2}{R}", "Enchantment",
                      "At the beginning of your upkeep, flip a coin. If you lose the flip, sacrifice Planar Chaos.\n"
                      "Whenever a player casts a spell, that player flips a coin. If they lose the flip, counter "
                      "that spell.")


@pytest.mark.rules("120.3", "115.1")
def test_damage_to_a_creature_and_its_controller(extra_cards):
    extra_cards(CHANDRAS_OUTRAGE)
    g, ids = table(["Mountain"] * 4, ["Grizzly Bears"], ["Chandra's Outrage"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Chandra's Outrage"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears")
    assert (g.state.players[0].life, g.state.players[1].life) == (20, 18)


@pytest.mark.rules("120.3")
def test_damage_to_any_target_and_to_you(extra_cards):
    extra_cards(PSIONIC_BLAST)
    g, ids = table(["Island"] * 3, [], ["Psionic Blast"])
    cast_and_resolve(g, ids["Psionic Blast"], targets=(("P1",),))
    assert (g.state.players[0].life, g.state.players[1].life) == (18, 16)


@pytest.mark.rules("120.3")
def test_the_source_shares_its_subject_with_a_damage_clause(card):
    d = card("Rakdos Pit Dragon Test", "{R}", "Creature — Dragon",
             "{R}: Rakdos Pit Dragon Test gets +2/+0 until end of turn and deals 1 damage to you.", "3/3")
    effects = d.activated[0].mode.effects
    assert [type(e).__name__ for e in effects] == ["Pump", "DealDamage"] and effects[1].to == Ref("you")
    # a player's action can't share a permanent as its subject
    assert not card("Odd", "{R}", "Sorcery", "Odd deals 1 damage to you and draws a card.").supported


@pytest.mark.rules("601.2c", "601.2d")
def test_one_two_or_three_targets(card):
    m = card("Deft Dismissal", "{3}{W}", "Instant", DEFT_DISMISSAL["text"]).spell.modes[0]
    spec = m.targets[0]
    assert (spec.kind, spec.min, spec.max, spec.divide) == ("creature", 1, 3, True)
    assert spec.filter.attacking_or_blocking
    m = card("Forked Test", "{R}", "Instant",
             "Forked Test deals 3 damage divided as you choose among one, two, or three targets.").spell.modes[0]
    assert (m.targets[0].kind, m.targets[0].min, m.targets[0].max) == ("any", 1, 3)


@pytest.mark.rules("111.10g", "111.1")
def test_blood_token_is_created_and_loots(extra_cards):
    extra_cards(SYPHON_ESSENCE)
    g, ids = table(["Island"] * 4 + ["Forest"] * 2, hand_a=["Syphon Essence", "Grizzly Bears", "Plains"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    bears_spell = g.state.stack[-1]
    cast_and_resolve(g, ids["Syphon Essence"], targets=((bears_spell,),))     # holding priority
    assert not on_battlefield(g, "Grizzly Bears")
    blood = on_battlefield(g, "Blood Token")
    assert len(blood) == 1 and "Blood" in g.characteristics(blood[0]).subtypes
    g.apply(ActivateAbility(0, blood[0], 0))
    while g.pending.kind is DecisionKind.CHOOSE:        # the card to discard (a cost)
        g.apply(Choose(0, (g.pending.options[0],)))
    resolve_stack(g)
    assert not on_battlefield(g, "Blood Token")
    graveyard = [g.characteristics(c).name for c in g.state.players[0].graveyard]
    assert "Plains" in graveyard and len(g.state.players[0].hand) == 1      # Plains discarded, a card drawn


@pytest.mark.rules("111.1")
def test_token_with_an_ability_in_quotes(extra_cards, card):
    extra_cards(FISH_TOKENS)
    g, ids = table(["Island"] * 3, hand_a=["Fish Tokens"])
    cast_and_resolve(g, ids["Fish Tokens"])
    fish = on_battlefield(g, "Fish Token")
    assert len(fish) == 2 and g.characteristics(fish[0]).power == 1
    assert token_def(g.state.objects[fish[0]].token).static            # "This creature can't be blocked."
    # a token's own dies trigger is looked back to (603.10a; played in test_token_abilities)
    assert card("Blight Mound", "{2}{B}", "Creature — Horror", BLIGHT_MOUND["text"], "2/4").supported


def test_a_token_whose_quoted_ability_is_unread_is_not_read(card):
    assert not card("Odd Tokens", "{B}", "Sorcery", 'Create a 1/1 black Rat creature token with '
                    '"When this creature dies, frobnicate."').supported


@pytest.mark.rules("111.1")
def test_tapped_token(extra_cards):
    extra_cards(WIGHT_TOKEN)
    g, ids = table(["Swamp"] * 3, hand_a=["Zombie Maker"])
    cast_and_resolve(g, ids["Zombie Maker"])
    zombie = on_battlefield(g, "Zombie Token")
    assert len(zombie) == 1 and g.state.objects[zombie[0]].tapped


@pytest.mark.rules("122.1f", "704.5c")
def test_poison_counter_from_a_trigger(extra_cards, card):
    extra_cards(PIT_SCORPION)
    g, ids = table(["Pit Scorpion"])
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Pit Scorpion"]: "P1"}))
    advance(g, Step.MAIN2)
    assert (g.state.players[1].life, g.state.players[1].poison) == (19, 1)
    m = card("Poison Test", "{B}", "Sorcery",
             "Target player draws three cards, loses 3 life, and gets three poison counters.").spell.modes[0]
    three = Amount.const(3)
    assert m.effects == (Draw(T0, three), LoseLife(T0, three), GetPoison(T0, three))


def test_two_players_each_draw(card):
    d = card(FLUMPH["name"], FLUMPH["manaCost"], FLUMPH["type"], FLUMPH["text"], "0/4")
    assert d.triggered[0].mode.effects == (Draw(Ref("you"), Amount.const(1)), Draw(T0, Amount.const(1)))


@pytest.mark.rules("705.2")
def test_coin_flip_branches(extra_cards):
    extra_cards(SANDSWIMMER)
    seen = set()
    for seed in range(12):
        g, ids = table(["Viashino Sandswimmer", "Mountain"])
        g.state.rng = Rng(seed)
        viashino = ids["Viashino Sandswimmer"]
        g.apply(ActivateAbility(0, viashino, 0))
        events = resolve_stack(g)
        flips = [e for e in events if e.kind == "coin_flip"]
        assert len(flips) == 1
        won = flips[0].data["won"]
        seen.add(won)
        # won: back to its owner's hand; lost: sacrificed
        zone = g.state.players[0].hand if won else g.state.players[0].graveyard
        assert not on_battlefield(g, "Viashino Sandswimmer")
        assert [c for c in zone if g.characteristics(c).name == "Viashino Sandswimmer"]
        if seen == {True, False}:
            break
    assert seen == {True, False}


@pytest.mark.rules("705.2")
def test_the_player_who_flips(card):
    d = card(PLANAR_CHAOS["name"], PLANAR_CHAOS["manaCost"], PLANAR_CHAOS["type"], PLANAR_CHAOS["text"])
    upkeep, cast = (t.mode.effects[0] for t in d.triggered)
    assert upkeep == FlipCoin(Ref("you"), lose=(SacrificeSelf(),))
    assert cast.who != Ref("you") and cast.lose and not cast.win
    # "If you win the flip" doesn't follow another player's flip
    assert not card("Odd Flip", "{R}", "Enchantment", "Whenever a player casts a spell, that player flips a coin. "
                    "If you win the flip, draw a card.").supported
    assert card("Sandswimmer", "{R}", "Creature — Viashino", SANDSWIMMER["text"].replace(
        "Viashino Sandswimmer", "Sandswimmer"), "3/2").activated[0].mode.effects == (
        FlipCoin(Ref("you"), win=(ReturnToHand(Ref("self")),), lose=(SacrificeSelf(),)),)


SUDDEN_DEMISE = record("Sudden Demise", "{X}{R}", "Sorcery",
                       "Choose a color. Sudden Demise deals X damage to each creature of the chosen color.")
BRAVE_THE_ELEMENTS = record("Brave the Elements", "{W}", "Instant",
                            "Choose a color. White creatures you control gain protection from the chosen color "
                            "until end of turn.")


@pytest.mark.rules("608.2d")
def test_a_spell_chooses_a_color_and_reads_it(extra_cards):
    extra_cards(SUDDEN_DEMISE)
    g, ids = table(["Mountain"] * 3, ["Grizzly Bears", "Savannah Lions"], ["Sudden Demise"])
    g.apply(CastSpell(0, ids["Sudden Demise"], x=2))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and "green" in g.pending.options
    g.apply(Choose(0, ("green",)))
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Savannah Lions")


@pytest.mark.rules("608.2d", "702.16a")
def test_protection_from_the_chosen_color(extra_cards):
    extra_cards(BRAVE_THE_ELEMENTS)
    g, ids = table(["Plains", "Savannah Lions", "Grizzly Bears"], [], ["Brave the Elements"])
    g.apply(CastSpell(0, ids["Brave the Elements"]))
    both_pass(g)
    g.apply(Choose(0, ("red",)))
    lions = [k.text for k in g.characteristics(ids["Savannah Lions"]).keywords]
    bears = [k.text for k in g.characteristics(ids["Grizzly Bears"]).keywords]
    assert "protection from red" in lions and not bears


def test_choose_a_color_is_a_spells_own(card):
    assert not card("Odd Relic", "{2}", "Artifact", "{T}: Choose a color. Draw a card.").supported


@pytest.mark.rules("118.12")
def test_the_player_named_may_pay_to_avoid_it(extra_cards):
    extra_cards(record("Rhystic Test", "{1}{B}", "Sorcery", "Target player loses 3 life unless that player pays {2}."))
    for pays, life in (("yes", 20), ("no", 17)):
        g, ids = table(["Swamp", "Swamp"], ["Island", "Island"], ["Rhystic Test"])
        g.apply(CastSpell(0, ids["Rhystic Test"], targets=(("P1",),)))
        both_pass(g)
        assert g.pending.player == 1                 # the targeted player decides, not the caster
        g.apply(Choose(1, (pays,)))
        assert g.state.players[1].life == life


WILD_MIGHT = record("Wild Might", "{1}{G}", "Instant",
                    "Target creature gets +1/+1 until end of turn. That creature gets an additional +4/+4 until end of "
                    "turn unless any player pays {2}.")


@pytest.mark.rules("118.12", "101.4")
@pytest.mark.parametrize("answers, power", [(("no", "no"), 7), (("no", "yes"), 3), (("yes",), 3)])
def test_unless_any_player_pays_each_player_in_turn_may_pay(extra_cards, answers, power):
    """"unless any player pays {2}": the active player first, then the next in turn order, until one pays."""
    extra_cards(WILD_MIGHT, fully_read=True)
    g, ids = table(["Forest"] * 4, ["Island", "Island", "Grizzly Bears"], ["Wild Might"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Wild Might"], targets=((bears,),)))
    both_pass(g)
    for who, answer in enumerate(answers):
        assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == who
        g.apply(Choose(who, (answer,)))
    assert not g.state.stack and g.characteristics(bears).power == power
    untapped = [sum(not g.state.objects[o].tapped for o in g.state.battlefield if g.state.objects[o].controller == p)
                for p in (0, 1)]
    assert untapped == {("no", "no"): [2, 3], ("no", "yes"): [2, 1], ("yes",): [0, 3]}[answers]


@pytest.mark.rules("118.12")
def test_unless_any_player_pays_said_first(extra_cards):
    """Rhystic Syphon (Prophecy; its text as printed): the instructions after the comma, unless a player pays."""
    extra_cards(record("Rhystic Syphon", "{3}{B}{B}", "Sorcery",
                       "Unless any player pays {3}, target player loses 5 life and you gain 5 life."), fully_read=True)
    g, ids = table(["Swamp"] * 8, ["Island"] * 3, ["Rhystic Syphon"])
    g.apply(CastSpell(0, ids["Rhystic Syphon"], targets=(("P1",),)))
    both_pass(g)
    g.apply(Choose(0, ("no",)))
    g.apply(Choose(1, ("no",)))
    assert (g.state.players[0].life, g.state.players[1].life) == (25, 15)


LAVA_BLISTER = record("Lava Blister", "{1}{R}", "Sorcery",
                      "Destroy target nonbasic land unless its controller has Lava Blister deal 6 damage to them.")
DESERT = record("Desert", None, "Land — Desert",
                "{T}: Add {C}.\n{T}: Desert deals 1 damage to target attacking creature. Activate only during the end "
                "of combat step.")


@pytest.mark.rules("118.12", "120.3")
@pytest.mark.parametrize("takes, life, destroyed", [("yes", 14, False), ("no", 20, True)])
def test_unless_its_controller_has_it_deal_damage_to_them(extra_cards, takes, life, destroyed):
    """The land's controller chooses as the spell resolves: the damage, or the land destroyed."""
    extra_cards(LAVA_BLISTER, DESERT, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Desert"], ["Lava Blister"])
    g.apply(CastSpell(0, ids["Lava Blister"], targets=((ids["B:Desert"],),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 1
    g.apply(Choose(1, (takes,)))
    assert g.state.players[1].life == life and (ids["B:Desert"] not in g.state.battlefield) == destroyed


BROWBEAT = record("Browbeat", "{2}{R}", "Sorcery",
                  "Any player may have Browbeat deal 5 damage to them. If no one does, target player draws three cards.")
VEXING_DEVIL = record("Vexing Devil", "{R}", "Creature — Devil",
                      "When Vexing Devil enters the battlefield, any opponent may have it deal 4 damage to them. If a "
                      "player does, sacrifice Vexing Devil.", "4/3")


@pytest.mark.rules("118.12", "101.4", "120.3")
@pytest.mark.parametrize("answers, lives, drawn", [(("no", "no"), (20, 20), 3), (("no", "yes"), (20, 15), 0),
                                                    (("yes",), (15, 20), 0)])
def test_any_player_may_have_it_deal_damage_to_them(extra_cards, answers, lives, drawn):
    """Each player in turn from the active player may take the damage; if no one does, the spell's effect happens."""
    extra_cards(BROWBEAT, fully_read=True)
    g, ids = table(["Mountain"] * 3, [], ["Browbeat"])
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, ids["Browbeat"], targets=(("P0",),)))
    both_pass(g)
    for who, answer in enumerate(answers):
        assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == who
        g.apply(Choose(who, (answer,)))
    assert not g.state.stack
    assert (g.state.players[0].life, g.state.players[1].life) == lives
    assert len(g.state.players[0].hand) == hand - 1 + drawn


@pytest.mark.rules("118.12", "603.2", "120.3")
@pytest.mark.parametrize("takes", [True, False])
def test_any_opponent_may_have_it_deal_damage_then_sacrifice(extra_cards, takes):
    extra_cards(VEXING_DEVIL, fully_read=True)
    g, ids = table(["Mountain"], [], ["Vexing Devil"])
    g.apply(CastSpell(0, ids["Vexing Devil"]))
    both_pass(g)                                    # the Devil resolves; its trigger goes on the stack
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 1      # an opponent, not its controller
    g.apply(Choose(1, ("yes" if takes else "no",)))
    assert g.state.players[1].life == (16 if takes else 20)
    assert bool(on_battlefield(g, "Vexing Devil")) is not takes


DASH_HOPES = record("Dash Hopes", "{B}{B}", "Instant",
                    "When you cast this spell, any player may pay 5 life. If a player does, counter Dash Hopes.\n"
                    "Counter target spell.")


@pytest.mark.rules("118.12", "119.4", "603.2")
@pytest.mark.parametrize("answers, countered", [(("yes",), True), (("no", "no"), False), (("no", "yes"), True)])
def test_any_player_may_pay_life_to_counter_the_spell(extra_cards, answers, countered):
    """The active player (B, whose Shock is targeted) is asked first, then the next in turn order."""
    extra_cards(DASH_HOPES, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], ["Mountain"], ["Dash Hopes"], hand_b=["Shock"], active=1)
    g.apply(CastSpell(1, ids["B:Shock"], targets=(("P0",),)))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Dash Hopes"], targets=((g.state.stack[-1],),)))
    both_pass(g, first=0)                               # the cast trigger resolves
    for answer, who in zip(answers, (1, 0)):
        assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == who
        g.apply(Choose(who, (answer,)))
    settle(g)
    paid = 1 if answers[0] == "yes" else 0
    lives = [20, 20]
    lives[paid] -= 5 if countered else 0
    lives[0] -= 2 if countered else 0                   # Shock resolves only if Dash Hopes was countered
    assert [g.state.players[0].life, g.state.players[1].life] == lives


def test_that_player_may_pay_in_a_trigger(card):
    d = card("Phyrexian Test", "{2}{B}", "Creature — Horror",
             "Whenever Phyrexian Test deals combat damage to a player, that player loses 2 life unless they pay {2}.",
             "2/2")
    assert d.supported and d.triggered[0].mode.effects[0].payer == Ref("event")


@pytest.mark.rules("611.2c")
def test_a_clause_shares_the_object_it_is_about(extra_cards):
    extra_cards(record("Sneak Test", "{U}", "Instant",
                       "Target creature gets +1/+0 until end of turn and can't be blocked this turn."))
    g, ids = table(["Island", "Grizzly Bears"], [], ["Sneak Test"])
    cast_and_resolve(g, ids["Sneak Test"], targets=((ids["Grizzly Bears"],),))
    assert g.characteristics(ids["Grizzly Bears"]).power == 3
    assert [e.affected for e in g.state.effects if e.params.get("kind") == "cant_be_blocked"] == \
        [[ids["Grizzly Bears"]]]


def test_each_of_the_targets_gets(card):
    m = card("Double Test", "{R}", "Instant", "Up to two target creatures each get +1/+0 and gain first strike "
             "until end of turn.").spell.modes[0]
    assert (m.targets[0].min, m.targets[0].max) == (0, 2)
    assert [type(e).__name__ for e in m.effects] == ["Pump", "Grant"]


@pytest.mark.rules("115.1")
def test_all_creatures_target_player_controls(extra_cards):
    extra_cards(record("Tap Test", "{1}{U}", "Sorcery", "Tap all creatures target player controls."))
    g, ids = table(["Island", "Island", "Grizzly Bears"], ["Grizzly Bears", "Savannah Lions"], ["Tap Test"])
    cast_and_resolve(g, ids["Tap Test"], targets=(("P1",),))
    assert g.state.objects[ids["B:Grizzly Bears"]].tapped and g.state.objects[ids["B:Savannah Lions"]].tapped
    assert not g.state.objects[ids["Grizzly Bears"]].tapped


THIRST_FOR_KNOWLEDGE = record("Thirst for Knowledge", "{2}{U}", "Instant",
                              "Draw three cards. Then discard two cards unless you discard an artifact card.")
MASTICORE = record("Masticore", "{4}", "Artifact Creature — Masticore",
                   "At the beginning of your upkeep, sacrifice Masticore unless you discard a card.\n"
                   "{2}: Masticore deals 1 damage to target creature.\n{2}: Regenerate Masticore.", "4/4")


@pytest.mark.rules("118.12")
@pytest.mark.parametrize("discard_artifact", [True, False])
def test_discard_two_unless_you_discard_an_artifact(extra_cards, discard_artifact):
    extra_cards(THIRST_FOR_KNOWLEDGE)       # Ornithopter is in the starter pool
    g, ids = table(["Island"] * 3, [], ["Thirst for Knowledge", "Ornithopter"])
    g.apply(CastSpell(0, ids["Thirst for Knowledge"]))
    both_pass(g)
    assert g.pending.options == [ids["Ornithopter"]]       # only an artifact card can be discarded this way
    g.apply(Choose(0, (ids["Ornithopter"],) if discard_artifact else ()))
    if not discard_artifact:
        g.apply(Choose(0, tuple(g.pending.options[:2])))   # the two cards
    assert len(g.state.players[0].hand) == (3 if discard_artifact else 2)


@pytest.mark.rules("118.12")
def test_sacrifice_unless_you_discard_with_an_empty_hand(extra_cards):
    extra_cards(MASTICORE)
    g, ids = table(["Masticore"], turn=2, active=1)
    advance(g, Step.UPKEEP, turn=3)
    resolve_stack(g)
    assert not on_battlefield(g, "Masticore")           # no card to discard: it is sacrificed


@pytest.mark.rules("115.1", "701.9a")
def test_that_player_or_that_planeswalkers_controller(extra_cards):
    extra_cards(record("Blightning", "{1}{B}{R}", "Sorcery", "Blightning deals 3 damage to target player or "
                       "planeswalker. That player or that planeswalker's controller discards two cards."))
    g, ids = table(["Swamp", "Mountain", "Mountain"], [], ["Blightning"], hand_b=["Plains", "Island"])
    cast_and_resolve(g, ids["Blightning"], targets=(("P1",),))
    assert (g.state.players[1].life, len(g.state.players[1].hand)) == (17, 0)


@pytest.mark.rules("115.7d")
def test_redirect_chooses_new_targets_for_a_spell(extra_cards):
    extra_cards(record("Redirect", "{U}{U}", "Instant", "You may choose new targets for target spell."))
    g, ids = table(["Mountain", "Island", "Island", "Grizzly Bears"], [], ["Shock", "Redirect"])
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["Grizzly Bears"],),)))
    shock = g.state.stack[-1]
    g.apply(CastSpell(0, ids["Redirect"], targets=((shock,),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and "keep" in g.pending.options and "P1" in g.pending.options
    events = g.apply(Choose(0, ("P1",)))
    assert any(e.kind == "retarget" for e in events)
    resolve_stack(g)
    assert g.state.players[1].life == 18 and on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("115.7d", "603.2")
def test_a_new_target_becomes_the_target(extra_cards):
    extra_cards(record("Redirect", "{U}{U}", "Instant", "You may choose new targets for target spell."),
                record("Heroic Test", "{W}", "Creature — Human", "Whenever Heroic Test becomes the target of a "
                       "spell, you gain 2 life.", "1/4"))
    g, ids = table(["Mountain", "Island", "Island", "Grizzly Bears", "Heroic Test"], [], ["Shock", "Redirect"])
    g.apply(CastSpell(0, ids["Shock"], targets=((ids["Grizzly Bears"],),)))
    g.apply(CastSpell(0, ids["Redirect"], targets=((g.state.stack[-1],),)))
    both_pass(g)
    g.apply(Choose(0, (ids["Heroic Test"],)))
    resolve_stack(g)
    assert g.state.players[0].life == 22 and on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("119.3")
def test_gain_the_life_lost_this_way(extra_cards):
    extra_cards(record("Scholar of Athreos", "{2}{W}", "Creature — Human Cleric",
                       "{2}{B}: Each opponent loses 1 life. You gain life equal to the life lost this way.", "1/4"),
                record("Foul-Tongue Shriek", "{B}", "Instant", "Target opponent loses 1 life for each attacking "
                       "creature you control. You gain that much life."))
    g, ids = table(["Scholar of Athreos", "Swamp", "Swamp", "Swamp"])
    activate_and_resolve(g, ids["Scholar of Athreos"], 0)
    assert (g.state.players[0].life, g.state.players[1].life) == (21, 19)
    g, ids = table(["Grizzly Bears", "Savannah Lions", "Swamp"], hand_a=["Foul-Tongue Shriek"])
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1", ids["Savannah Lions"]: "P1"}))
    cast_and_resolve(g, ids["Foul-Tongue Shriek"], targets=(("P1",),))
    assert (g.state.players[0].life, g.state.players[1].life) == (22, 18)


@pytest.mark.rules("122.1", "122.6")
def test_counters_on_two_groups(extra_cards, card):
    extra_cards(record("Counter Test", "{1}{W}", "Sorcery", "Put a +1/+1 counter on target creature and a +1/+1 "
                       "counter on up to one target Merfolk."))
    g, ids = table(["Plains", "Plains", "Grizzly Bears", "Savannah Lions"], [], ["Counter Test"])
    cast_and_resolve(g, ids["Counter Test"], targets=((ids["Grizzly Bears"],), ()))
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 1}
    assert not g.state.objects[ids["Savannah Lions"]].counters
    # "other" than the target isn't what a filter's "other" (than the source) says: not read
    assert not card("Other Test", "{G}", "Sorcery", "Put two +1/+1 counters on target creature and a +1/+1 counter "
                    "on each other creature you control.").supported
    assert not card("Other Burn", "{R}", "Sorcery", "Other Burn deals 3 damage to target creature and 1 damage "
                    "to each other creature.").supported


@pytest.mark.rules("509.1h")
def test_unblocked_creature(card):
    f = card("Unblocked Test", "{W}", "Instant", "Destroy target unblocked creature.").spell.modes[0].targets[0].filter
    assert (f.attacking, f.unblocked) == (True, True)


PALINCHRON = record("Palinchron", "{5}{U}{U}", "Creature — Illusion",
                    "Flying\nWhen Palinchron enters the battlefield, untap up to seven lands.\n{2}{U}{U}: Return "
                    "Palinchron to its owner's hand.", "4/5")
FORCE_OF_DESPAIR = record("Force of Despair", "{1}{B}{B}", "Instant",
                          "If it's not your turn, you may exile a black card from your hand rather than pay this spell's "
                          "mana cost.\nDestroy all creatures that entered the battlefield this turn.")


@pytest.mark.rules("701.26b", "603.3")
def test_untap_up_to_seven_lands(extra_cards):
    extra_cards(PALINCHRON, fully_read=True)
    g, ids = table(["Island"] * 8, hand_a=["Palinchron"])
    g.apply(CastSpell(0, ids["Palinchron"]))
    settle(g, lambda d: tuple(d.options[:d.max]))
    islands = [o for o in g.state.battlefield if g.state.objects[o].name == "Island"]
    assert sum(g.state.objects[o].tapped for o in islands) == 0      # seven paid for it, seven untapped
    assert any(g.state.objects[o].name == "Palinchron" for o in g.state.battlefield)


@pytest.mark.rules("400.7", "701.8a")
def test_destroy_all_creatures_that_entered_the_battlefield_this_turn(extra_cards):
    extra_cards(FORCE_OF_DESPAIR, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears"], ["Hill Giant"], hand_a=["Force of Despair"])
    newcomer = g.add_card("Llanowar Elves", 1, Zone.BATTLEFIELD)
    cast_and_resolve(g, ids["Force of Despair"])
    s = g.state
    assert newcomer not in s.battlefield
    assert ids["Grizzly Bears"] in s.battlefield and ids["B:Hill Giant"] in s.battlefield


HAMMERHEIM = record("Hammerheim", None, "Legendary Land",
                    "{T}: Add {R}.\n{T}: Target creature loses all landwalk abilities until end of turn.")
BOG_WRAITH = record("Bog Wraith", "{3}{B}", "Creature — Wraith", "Swampwalk", "3/3")


@pytest.mark.rules("702.14c", "613.1f")
def test_loses_all_landwalk_abilities_until_end_of_turn(extra_cards):
    extra_cards(HAMMERHEIM, BOG_WRAITH, fully_read=True)
    g, ids = table(["Hammerheim", "Swamp", "Grizzly Bears"], ["Bog Wraith"], active=1, step=Step.BEGINNING_OF_COMBAT)
    wraith = ids["B:Bog Wraith"]
    g.apply(PassPriority(1))
    activate_and_resolve(g, ids["Hammerheim"], 1, targets=((wraith,),))
    assert not g.characteristics(wraith).has("landwalk")
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {wraith: "P0"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(0, {ids["Grizzly Bears"]: (wraith,)}))      # a Swamp, but no swampwalk now
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(wraith).has("landwalk")


WALKING_SPONGE = record("Walking Sponge", "{1}{U}", "Creature — Sponge",
                        "{T}: Target creature loses your choice of flying, first strike, or trample until end of turn.",
                        "1/1")


@pytest.mark.rules("613.1f", "608.2d")
def test_loses_your_choice_of_keywords(extra_cards):
    """The keyword is chosen as the ability resolves, by its controller; the others stay."""
    extra_cards(WALKING_SPONGE, fully_read=True)
    g, ids = table(["Walking Sponge"], ["Serra Angel"])
    angel = ids["B:Serra Angel"]
    g.apply(ActivateAbility(0, ids["Walking Sponge"], 0, targets=((angel,),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0
    assert set(g.pending.options) == {"flying", "first strike", "trample"}
    g.apply(Choose(0, ("flying",)))
    assert not g.characteristics(angel).has("flying") and g.characteristics(angel).has("vigilance")
    advance(g, Step.UPKEEP, turn=4)
    assert g.characteristics(angel).has("flying")
NISSA_FACES = [
    {"name": "Nissa, Vastwood Seer // Nissa, Sage Animist", "faceName": "Nissa, Vastwood Seer", "side": "a",
     "layout": "transform", "manaCost": "{2}{G}", "colors": ["G"], "types": ["Creature"], "supertypes": ["Legendary"],
     "subtypes": ["Elf", "Scout"], "type": "Legendary Creature — Elf Scout",
     "text": "When Nissa, Vastwood Seer enters the battlefield, you may search your library for a basic Forest card, "
             "reveal it, put it into your hand, then shuffle.\nWhenever a land enters the battlefield under your "
             "control, if you control seven or more lands, exile Nissa, then return her to the battlefield transformed "
             "under her owner's control.", "power": "2", "toughness": "2"},
    {"name": "Nissa, Vastwood Seer // Nissa, Sage Animist", "faceName": "Nissa, Sage Animist", "side": "b",
     "layout": "transform", "colors": ["G"], "colorIndicator": ["G"], "types": ["Planeswalker"],
     "supertypes": ["Legendary"], "subtypes": ["Nissa"], "type": "Legendary Planeswalker — Nissa",
     "text": "[+1]: Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, "
             "put it into your hand.\n[−2]: Create Ashaya, the Awoken World, a legendary 4/4 green Elemental creature "
             "token.\n[−7]: Untap up to six target lands. They become 6/6 Elemental creatures. They're still lands.",
     "loyalty": "3"}]


@pytest.mark.rules("712.14a", "701.27a", "400.7")
def test_nissa_is_exiled_and_returns_transformed_under_her_owners_control(tmp_path):
    """ "exile Nissa, then return her to the battlefield transformed under her owner's control": the legendary
    character's "her" is the card itself."""
    assert not compile_card(card_records(NISSA_FACES)[0]).unsupported
    path = tmp_path / "nissa.json"
    path.write_text(json.dumps({"data": {"cards": NISSA_FACES}}))
    g, ids = table(["Nissa, Vastwood Seer"] + ["Forest"] * 6, hand_a=["Forest"], source=FileSource(path))
    g.apply(PlayLand(0, ids["Forest"]))
    settle(g)
    (walker,) = [o for o in g.state.battlefield if g.characteristics(o).is_type("Planeswalker")]
    assert g.characteristics(walker).name == "Nissa, Sage Animist" and g.state.objects[walker].controller == 0
    assert g.state.objects[walker].counters.get("loyalty") == 3
