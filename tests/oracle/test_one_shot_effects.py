"""One-shot effects with their targets and amounts (engine.oracle.verbs, phrases): targets that were
dealt damage this turn (120.3), creatures blocking the source (509.1g), each compiled from a real card's
Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Ref
from engine.core.effect_types import Populate, Repeat
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers,
                                        PassPriority)
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, on_battlefield,
                                  pass_until, resolve_stack, settle, table)
from tests.oracle.conftest import record

FATAL_BLOW = record("Fatal Blow", "{B}", "Instant",
                    "Destroy target creature that was dealt damage this turn. It can't be regenerated.")
KNIGHT_OF_DUSK = record("Knight of Dusk", "{1}{B}{B}", "Creature — Human Knight",
                        "{B}{B}: Destroy target creature blocking Knight of Dusk.", "2/2")


@pytest.mark.rules("120.3", "115.1")
def test_target_creature_that_was_dealt_damage_this_turn(extra_cards):
    extra_cards(FATAL_BLOW, fully_read=True)
    g, ids = table(["Swamp", "Mountain"], ["Serra Angel", "Grizzly Bears"], ["Shock", "Fatal Blow"])
    angel, bears = ids["B:Serra Angel"], ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Shock"], targets=((angel,),))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Fatal Blow"], targets=((bears,),)))
    cast_and_resolve(g, ids["Fatal Blow"], targets=((angel,),))
    assert not on_battlefield(g, "Serra Angel") and on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("509.1g", "115.1")
def test_target_creature_blocking_the_source(extra_cards):
    extra_cards(KNIGHT_OF_DUSK, fully_read=True)
    g, ids = table(["Knight of Dusk", "Swamp", "Swamp"], ["Grizzly Bears", "Savannah Lions"],
                   step=Step.BEGINNING_OF_COMBAT)
    knight = ids["Knight of Dusk"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {knight: "P1"}))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Grizzly Bears"]: (knight,)}))
    pass_until(g, DecisionKind.PRIORITY)
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, knight, 0, targets=((ids["B:Savannah Lions"],),)))
    activate_and_resolve(g, knight, 0, targets=((ids["B:Grizzly Bears"],),))
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Savannah Lions")


FURIOUS_REPRISAL = record("Furious Reprisal", "{3}{R}", "Sorcery",
                          "Furious Reprisal deals 2 damage to each of two targets.")


@pytest.mark.rules("115.1", "601.2c", "120.3")
def test_damage_to_each_of_two_targets(extra_cards):
    extra_cards(FURIOUS_REPRISAL, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Grizzly Bears"], ["Furious Reprisal"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Furious Reprisal"], targets=(("P1",),)))      # exactly two targets
    cast_and_resolve(g, ids["Furious Reprisal"], targets=((ids["B:Grizzly Bears"], "P1"),))
    assert not on_battlefield(g, "Grizzly Bears") and g.state.players[1].life == 18


@pytest.mark.rules("115.3")
def test_each_of_two_targets_are_two_different_ones(extra_cards):
    extra_cards(FURIOUS_REPRISAL)
    g, ids = table(["Mountain"] * 4, ["Grizzly Bears"], ["Furious Reprisal"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Furious Reprisal"], targets=(("P1", "P1"),)))


SQUELCH = record("Squelch", "{1}{U}", "Instant",
                 "Counter target activated ability. (Mana abilities can't be targeted.)\nDraw a card.")
JETTING_GLASSKITE = record("Jetting Glasskite", "{4}{U}{U}", "Creature — Spirit",
                           "Flying\nWhenever Jetting Glasskite becomes the target of a spell or ability for the "
                           "first time each turn, counter that spell or ability.", "4/4")


@pytest.mark.rules("701.6b", "113.1a")
def test_counter_target_activated_ability(extra_cards):
    extra_cards(SQUELCH, fully_read=True)
    g, ids = table(["Island", "Island"], ["Prodigal Sorcerer"], ["Squelch"], active=1)
    g.apply(ActivateAbility(1, ids["B:Prodigal Sorcerer"], 0, targets=(("P0",),)))
    ability = g.state.stack[-1]
    g.apply(PassPriority(1))
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Squelch"], targets=((ability,),))
    assert g.state.players[0].life == 20 and len(g.state.players[0].hand) == hand     # Squelch left, one drawn
    assert not g.state.stack


RUST = record("Rust", "{G}", "Instant",
              "Counter target activated ability from an artifact source. (Mana abilities can't be targeted.)")
AYESHA_TANAKA = record("Ayesha Tanaka", "{W}{W}{U}{U}", "Legendary Creature — Human Artificer",
                       "Banding (Any creatures with banding, and up to one without, can attack in a band. Bands are "
                       "blocked as a group. If any creatures with banding you control are blocking or being blocked by a "
                       "creature, you divide that creature's combat damage, not its controller, among any of the "
                       "creatures it's being blocked by or is blocking.)\n{T}: Counter target activated ability from an "
                       "artifact source unless that ability's controller pays {W}. (Mana abilities can't be targeted.)",
                       "2/2")
BOTTLE_GNOMES = record("Bottle Gnomes", "{3}", "Artifact Creature — Gnome",
                       "Sacrifice Bottle Gnomes: You gain 3 life.", "1/3")


@pytest.mark.rules("701.6b", "113.7a", "115.1")
def test_counter_target_activated_ability_from_an_artifact_source(extra_cards):
    """Rust counters the Tome's ability, and may target the ability of an artifact sacrificed to activate it (its source
    as it last existed, 113.7a); not the Sorcerer's, whose source is no artifact."""
    extra_cards(RUST, BOTTLE_GNOMES, fully_read=True)
    g, ids = table(["Forest", "Forest"], ["Jayemdae Tome", "Prodigal Sorcerer", "Bottle Gnomes"] + ["Island"] * 4,
                   ["Rust", "Rust"], active=1)
    g.set_player(1, mana_pool="CCCC")
    g.apply(ActivateAbility(1, ids["B:Jayemdae Tome"], 0))
    tome_ability = g.state.stack[-1]
    g.apply(PassPriority(1))
    hand_b = len(g.state.players[1].hand)
    cast_and_resolve(g, ids["Rust"], targets=((tome_ability,),))
    assert len(g.state.players[1].hand) == hand_b and not g.state.stack
    g.apply(ActivateAbility(1, ids["B:Prodigal Sorcerer"], 0, targets=(("P0",),)))
    g.apply(PassPriority(1))
    rust = next(o for o in g.state.players[0].hand if g.state.objects[o].name == "Rust")
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, rust, targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    g.apply(ActivateAbility(1, ids["B:Bottle Gnomes"], 0))
    g.apply(PassPriority(1))
    life_b = g.state.players[1].life
    cast_and_resolve(g, rust, targets=((g.state.stack[-1],),))
    assert g.state.players[1].life == life_b


@pytest.mark.rules("701.6b", "118.12")
@pytest.mark.parametrize("pays", [True, False])
def test_counter_an_ability_unless_that_abilitys_controller_pays(extra_cards, pays):
    extra_cards(AYESHA_TANAKA, fully_read=True)
    g, ids = table(["Ayesha Tanaka"], ["Jayemdae Tome", "Plains"] + ["Island"] * 4, active=1)
    g.set_player(1, mana_pool="CCCC")
    g.apply(ActivateAbility(1, ids["B:Jayemdae Tome"], 0))
    tome_ability = g.state.stack[-1]
    g.apply(PassPriority(1))
    hand_b = len(g.state.players[1].hand)
    g.apply(ActivateAbility(0, ids["Ayesha Tanaka"], 0, targets=((tome_ability,),)))
    both_pass(g)
    d = g.pending
    assert d.player == 1 and d.options == ["yes", "no"]
    g.apply(Choose(1, ("yes" if pays else "no",)))
    settle(g)
    resolve_stack(g)
    assert len(g.state.players[1].hand) == hand_b + (1 if pays else 0)


LAVA_RUNNER = record("Lava Runner", "{1}{R}", "Creature — Lizard",
                     "Haste\nWhenever Lava Runner becomes the target of a spell or ability, that spell or ability's "
                     "controller sacrifices a land.", "2/2")


@pytest.mark.rules("603.2", "115.1", "701.21a")
def test_that_spell_or_abilitys_controller_sacrifices_a_land(extra_cards):
    """The opponent's Shock targets Lava Runner: the opponent, who cast it, sacrifices a land, not Lava Runner's
    controller."""
    extra_cards(LAVA_RUNNER, fully_read=True)
    g, ids = table(["Lava Runner", "Mountain"], ["Mountain", "Mountain"], hand_b=["Shock"], active=1)
    g.apply(CastSpell(1, ids["B:Shock"], targets=((ids["Lava Runner"],),)))
    choosers = []
    settle(g, lambda d: (choosers.append(d.player), tuple(d.options[:1]))[1])
    assert choosers == [1]
    lands = [[o for o in g.state.battlefield if g.state.objects[o].controller == p and g.characteristics(o).is_type("Land")]
             for p in (0, 1)]
    assert [len(x) for x in lands] == [1, 1] and ids["Lava Runner"] not in g.state.battlefield


@pytest.mark.rules("701.6a", "603.2")
def test_counter_that_spell_or_ability_that_targeted(extra_cards):
    extra_cards(JETTING_GLASSKITE, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Jetting Glasskite"], ["Shock", "Lightning Bolt"])
    kite = ids["B:Jetting Glasskite"]
    cast_and_resolve(g, ids["Shock"], targets=((kite,),))
    assert g.state.objects[kite].damage == 0 and "Shock" in [g.state.objects[o].name for o in g.state.players[0].graveyard]
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((kite,),))        # the second time this turn
    assert g.state.objects[kite].damage == 3


REBUFF_THE_WICKED = record("Rebuff the Wicked", "{W}", "Instant",
                           "Counter target spell that targets a permanent you control.")
CONFOUND = record("Confound", "{1}{U}", "Instant", "Counter target spell that targets a creature.\nDraw a card.")


@pytest.mark.rules("115.9b", "701.6a")
def test_counter_target_spell_that_targets_a_permanent_you_control(extra_cards):
    extra_cards(REBUFF_THE_WICKED, CONFOUND, fully_read=True)
    g, ids = table(["Plains", "Grizzly Bears"], ["Mountain", "Craw Wurm"], ["Rebuff the Wicked"], hand_b=["Shock"],
                   active=1)
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(1, ids["B:Shock"], targets=((bears,),)))
    g.apply(PassPriority(1))
    cast_and_resolve(g, ids["Rebuff the Wicked"], targets=((g.state.stack[-1],),))
    assert on_battlefield(g, "Grizzly Bears") and not g.state.stack
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Shock"]
    # a spell that targets a player, or a permanent another player controls, is no legal target
    for target in ("P0", "B:Craw Wurm"):
        g, ids = table(["Island", "Island", "Plains"], ["Mountain", "Craw Wurm"], ["Rebuff the Wicked", "Confound"],
                       hand_b=["Shock"], active=1)
        g.apply(CastSpell(1, ids["B:Shock"], targets=((ids.get(target, target),),)))
        g.apply(PassPriority(1))
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Rebuff the Wicked"], targets=((g.state.stack[-1],),)))
    # "that targets a creature": whoever controls it
    cast_and_resolve(g, ids["Confound"], targets=((g.state.stack[-1],),))
    assert on_battlefield(g, "Craw Wurm") and not g.state.stack


FELLWAR_STONE = record("Fellwar Stone", "{2}", "Artifact",
                       "{T}: Add one mana of any color that a land an opponent controls could produce.")


@pytest.mark.rules("106.7", "605.1a")
def test_mana_of_a_color_a_land_an_opponent_controls_could_produce(extra_cards):
    extra_cards(FELLWAR_STONE, fully_read=True)
    g, ids = table(["Fellwar Stone"], ["Forest", "Island", "Mountain"])
    g.apply(ActivateAbility(0, ids["Fellwar Stone"], 0))
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == ["blue", "green", "red"]
    g.apply(Choose(0, ("green",)))
    assert g.state.players[0].mana_pool["G"] == 1


@pytest.mark.rules("106.7")
def test_the_automatic_payer_knows_what_an_opponents_lands_could_produce(extra_cards):
    extra_cards(FELLWAR_STONE)
    g, ids = table(["Fellwar Stone", "Plains"], ["Forest"], ["Grizzly Bears"])
    cast_and_resolve(g, ids["Grizzly Bears"])
    assert on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("106.7")
def test_no_land_an_opponent_controls_no_mana(extra_cards):
    extra_cards(FELLWAR_STONE)
    g, ids = table(["Fellwar Stone"], [])
    g.apply(ActivateAbility(0, ids["Fellwar Stone"], 0))
    assert g.state.objects[ids["Fellwar Stone"]].tapped and not any(g.state.players[0].mana_pool.values())


HARVESTER_DRUID = record("Harvester Druid", "{1}{G}", "Creature — Human Druid",
                         "{T}: Add one mana of any color that a land you control could produce.", "1/1")
STAR_COMPASS = record("Star Compass", "{2}", "Artifact",
                      "Star Compass enters the battlefield tapped.\n{T}: Add one mana of any color that a basic land "
                      "you control could produce.")


@pytest.mark.rules("106.7", "605.1a")
def test_mana_of_a_color_a_land_you_control_could_produce(extra_cards):
    extra_cards(HARVESTER_DRUID, fully_read=True)
    g, ids = table(["Harvester Druid", "Forest", "Scoured Barrens"], ["Island"])
    g.apply(ActivateAbility(0, ids["Harvester Druid"], 0))
    # the Forest's {G}, the Barrens' {W} or {B}; not the opponent's Island
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == ["black", "green", "white"]
    g.apply(Choose(0, ("black",)))
    assert g.state.players[0].mana_pool["B"] == 1


@pytest.mark.rules("106.7")
def test_mana_of_a_color_a_basic_land_you_control_could_produce(extra_cards):
    extra_cards(STAR_COMPASS, fully_read=True)
    g, ids = table(["Star Compass", "Mountain", "Scoured Barrens"], ["Island"])
    g.apply(ActivateAbility(0, ids["Star Compass"], 0))
    assert g.state.players[0].mana_pool["R"] == 1       # the Mountain's red alone: the Barrens aren't basic
    g, ids = table(["Star Compass", "Scoured Barrens"], ["Island"])
    g.apply(ActivateAbility(0, ids["Star Compass"], 0))
    assert not any(g.state.players[0].mana_pool.values())


NAGA_VITALIST = record("Naga Vitalist", "{1}{G}", "Creature — Naga Druid",
                       "{T}: Add one mana of any type that a land you control could produce.", "1/1")


@pytest.mark.rules("106.7", "106.1b")
def test_mana_of_a_type_a_land_you_control_could_produce(extra_cards):
    # a type: the Forest's green or the Wastes' colorless; not the opponent's Island
    extra_cards(NAGA_VITALIST, fully_read=True)
    g, ids = table(["Naga Vitalist", "Forest", "Wastes"], ["Island"])
    g.apply(ActivateAbility(0, ids["Naga Vitalist"], 0))
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == ["C", "G"]
    g.apply(Choose(0, ("C",)))
    assert g.state.players[0].mana_pool["C"] == 1
    g, ids = table(["Naga Vitalist"], ["Island"])
    g.apply(ActivateAbility(0, ids["Naga Vitalist"], 0))
    assert not any(g.state.players[0].mana_pool.values())      # no land: no type to add


WAVESIFTER = record("Wavesifter", "{3}{G}{U}", "Creature — Elemental",
                    "Flying\nWhen Wavesifter enters the battlefield, investigate twice. (To investigate, create a "
                    "colorless Clue artifact token with \"{2}, Sacrifice this artifact: Draw a card.\")\nEvoke {G}{U} "
                    "(You may cast this spell for its evoke cost. If you do, it's sacrificed when it enters the "
                    "battlefield.)", "3/2")
FULL_FLOWERING = record("Full Flowering", "{X}{X}{G}", "Sorcery",
                        "Populate X times. (To populate, create a token that's a copy of a creature token you control. "
                        "Do this X times.)")


@pytest.mark.rules("701.16a")
def test_investigate_twice(extra_cards, card):
    extra_cards(WAVESIFTER, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest", "Island", "Island"], [], ["Wavesifter"])
    cast_and_resolve(g, ids["Wavesifter"])
    assert len([o for o in g.state.battlefield if g.state.objects[o].name == "Clue Token"]) == 2
    flowering = card(*(FULL_FLOWERING[k] for k in ("name", "manaCost", "type", "text")))
    assert flowering.spell.modes[0].effects == (Repeat(Amount("x"), (Populate(),)),)      # 701.36a, X times


GOLEM_ARTISAN = record("Golem Artisan", "{5}", "Artifact Creature — Golem",
                       "{2}: Target artifact creature gets +1/+1 until end of turn.\n{2}: Target artifact creature gains "
                       "your choice of flying, trample, or haste until end of turn.", "3/3")


@pytest.mark.rules("611.2a", "613.1f")
def test_gains_your_choice_of_three_keywords(extra_cards):
    extra_cards(GOLEM_ARTISAN, fully_read=True)
    g, ids = table(["Golem Artisan", "Plains", "Plains"], [])
    golem = ids["Golem Artisan"]
    g.apply(ActivateAbility(0, golem, 1, targets=((golem,),)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert sorted(g.pending.options) == ["flying", "haste", "trample"]
    g.apply(Choose(0, ("trample",)))
    ch = g.characteristics(golem)
    assert ch.has("trample") and not ch.has("flying") and not ch.has("haste")


ARCANE_SIGNET = record("Arcane Signet", "{2}", "Artifact",
                       "{T}: Add one mana of any color in your commander's color identity.")


@pytest.mark.rules("903.4", "903.4f")
def test_mana_of_a_color_in_your_commanders_color_identity(extra_cards):
    extra_cards(ARCANE_SIGNET, fully_read=True)
    g, ids = table(["Arcane Signet"], [])
    g.apply(ActivateAbility(0, ids["Arcane Signet"], 0))
    assert not any(g.state.players[0].mana_pool.values())       # no commander: no color identity
    g, ids = table(["Arcane Signet"], [])
    g.designate_commander(g.add_card("Isamaru, Hound of Konda", 0, Zone.COMMAND), 0)
    g.apply(ActivateAbility(0, ids["Arcane Signet"], 0))
    assert g.state.players[0].mana_pool["W"] == 1               # Isamaru's identity is white alone


MEDITATE = record("Meditate", "{2}{U}", "Instant", "Draw four cards. You skip your next turn.")


@pytest.mark.rules("614.10", "614.10a")
def test_you_skip_your_next_turn(extra_cards):
    extra_cards(MEDITATE, fully_read=True)
    g, ids = table(["Island"] * 3, [], ["Meditate"])
    cast_and_resolve(g, ids["Meditate"])
    assert len(g.state.players[0].hand) == 4
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.active == 1
    advance(g, Step.UPKEEP, turn=5)
    assert g.state.active == 1                      # A's turn was skipped: B's again
    advance(g, Step.UPKEEP, turn=6)
    assert g.state.active == 0 and g.state.players[0].turns_to_skip == 0


@pytest.mark.rules("614.10")
def test_a_skipped_turn_survives_saving(extra_cards):
    extra_cards(MEDITATE)
    g, ids = table(["Island"] * 3, [], ["Meditate"])
    cast_and_resolve(g, ids["Meditate"])
    assert type(g).from_json(g.to_json()).state.players[0].turns_to_skip == 1


CONSUMING_VAPORS = record("Consuming Vapors", "{3}{B}", "Sorcery",
                          "Target player sacrifices a creature. You gain life equal to that creature's toughness.\n"
                          "Rebound (If you cast this spell from your hand, exile it as it resolves. At the beginning "
                          "of your next upkeep, you may cast this card from exile without paying its mana cost.)")


@pytest.mark.rules("701.21a", "608.2h")
def test_gain_life_equal_to_the_sacrificed_creatures_toughness(extra_cards):
    extra_cards(CONSUMING_VAPORS, fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Serra Angel", "Grizzly Bears"], ["Consuming Vapors"])
    g.apply(CastSpell(0, ids["Consuming Vapors"], targets=(("P1",),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 1
    g.apply(Choose(1, (ids["B:Serra Angel"],)))
    resolve_stack(g)
    assert not on_battlefield(g, "Serra Angel") and g.state.players[0].life == 24


SCORCH_SPITTER = record("Scorch Spitter", "{R}", "Creature — Elemental Lizard",
                        "Whenever Scorch Spitter attacks, it deals 1 damage to the player or planeswalker it's "
                        "attacking.", "1/1")


@pytest.mark.rules("508.1b", "506.3")
def test_damage_to_the_player_or_planeswalker_it_is_attacking(extra_cards):
    extra_cards(SCORCH_SPITTER, fully_read=True)
    g, ids = table(["Scorch Spitter"], ["Jace Beleren"], step=Step.BEGINNING_OF_COMBAT)
    jace = ids["B:Jace Beleren"]
    loyalty = g.state.objects[jace].counters["loyalty"]
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Scorch Spitter"]: jace}))
    resolve_stack(g)
    assert g.state.objects[jace].counters["loyalty"] == loyalty - 1 and g.state.players[1].life == 20


TRAUMATIZE = record("Traumatize", "{3}{U}{U}", "Sorcery", "Target player mills half their library, rounded down.")


@pytest.mark.rules("701.17a", "107.1a")
def test_mill_half_their_library_rounded_down(extra_cards):
    extra_cards(TRAUMATIZE, fully_read=True)
    g, ids = table(["Island"] * 5, [], ["Traumatize"])
    g.add_card("Plains", 1, Zone.LIBRARY)                 # nine cards: four are milled
    cast_and_resolve(g, ids["Traumatize"], targets=(("P1",),))
    assert len(g.state.players[1].library) == 5 and len(g.state.players[1].graveyard) == 4


SLEEPER_AGENT = record("Sleeper Agent", "{B}", "Creature — Phyrexian Minion",
                       "When Sleeper Agent enters the battlefield, target opponent gains control of it.\n"
                       "At the beginning of your upkeep, Sleeper Agent deals 2 damage to you.", "3/3")


@pytest.mark.rules("613.1b", "603.3d")
def test_target_opponent_gains_control_of_it(extra_cards):
    extra_cards(SLEEPER_AGENT, fully_read=True)
    g, ids = table(["Swamp"], [], ["Sleeper Agent"])
    cast_and_resolve(g, ids["Sleeper Agent"])
    agent = on_battlefield(g, "Sleeper Agent")[0]
    assert g.state.objects[agent].controller == 1 and g.state.objects[agent].owner == 0


DEFLECTION = record("Deflection", "{3}{U}", "Instant", "Change the target of target spell with a single target.")


@pytest.mark.rules("115.7a")
def test_change_the_target_of_target_spell_with_a_single_target(extra_cards):
    extra_cards(DEFLECTION, fully_read=True)
    g, ids = table(["Island"] * 4 + ["Grizzly Bears"], ["Mountain"], ["Deflection"], active=1, hand_b=["Shock"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(1, ids["B:Shock"], targets=((bears,),)))
    shock = g.state.stack[-1]
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Deflection"], targets=((shock,),)))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and "keep" not in g.pending.options    # it must change
    g.apply(Choose(0, ("P1",)))
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") and g.state.players[1].life == 18


ARC_BLADE = record("Arc Blade", "{3}{R}{R}", "Sorcery",
                   "Arc Blade deals 2 damage to any target. Exile Arc Blade with three time counters on it.\n"
                   "Suspend 3—{2}{R} (Rather than cast this card from your hand, you may pay {2}{R} and exile it "
                   "with three time counters on it. At the beginning of your upkeep, remove a time counter. When "
                   "the last is removed, cast it without paying its mana cost.)")


@pytest.mark.rules("702.62b", "122.1")
def test_a_spell_exiles_itself_with_time_counters_and_is_suspended(extra_cards):
    extra_cards(ARC_BLADE, fully_read=True)
    g, ids = table(["Mountain"] * 5, [], ["Arc Blade"])
    cast_and_resolve(g, ids["Arc Blade"], targets=(("P1",),))
    assert g.state.players[1].life == 18 and not g.state.players[0].graveyard
    blade = next(o for o in g.state.exile if g.state.objects[o].name == "Arc Blade")
    assert g.state.objects[blade].counters["time"] == 3
    advance(g, Step.DRAW, turn=5)                   # A's next upkeep removed a time counter (702.62a)
    assert g.state.objects[blade].counters["time"] == 2


BLESSED_WIND = record("Blessed Wind", "{7}{W}{W}", "Sorcery", "Target player's life total becomes 20.")


@pytest.mark.rules("119.5")
def test_a_life_total_becomes_a_number(extra_cards):
    extra_cards(BLESSED_WIND, fully_read=True)
    g, ids = table(["Plains"] * 9, [], ["Blessed Wind"], life_a=3)
    cast_and_resolve(g, ids["Blessed Wind"], targets=(("P0",),))
    assert g.state.players[0].life == 20 and g.state.players[0].life_gained_turn == 17     # it gained the life


SUNGOLD_BARRAGE = record("Sungold Barrage", "{4}{W}", "Instant",
                         "Destroy target creature with toughness 4 or greater.")


@pytest.mark.rules("115.1", "208.1")
def test_target_creature_with_toughness_n_or_greater(extra_cards):
    extra_cards(SUNGOLD_BARRAGE, fully_read=True)
    g, ids = table(["Plains"] * 5, ["Serra Angel", "Grizzly Bears"], ["Sungold Barrage"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Sungold Barrage"], targets=((ids["B:Grizzly Bears"],),)))
    cast_and_resolve(g, ids["Sungold Barrage"], targets=((ids["B:Serra Angel"],),))
    assert not on_battlefield(g, "Serra Angel")


@pytest.mark.rules("701.34a")
def test_proliferate_then_proliferate_again(card):
    d = card("Roalesk, Apex Hybrid", "{2}{G}{G}{U}", "Legendary Creature — Human Mutant",
             "Flying, trample\nWhen Roalesk, Apex Hybrid enters the battlefield, put two +1/+1 counters on another "
             "target creature you control.\nWhen Roalesk dies, proliferate, then proliferate again. (Choose any "
             "number of permanents and/or players, then give each another counter of each kind already there. "
             "Then do it again.)", "4/5")
    assert not d.unsupported
    assert [type(e).__name__ for e in d.triggered[1].mode.effects] == ["Proliferate", "Proliferate"]


VENSER = record("Venser, the Sojourner", "{3}{W}{U}", "Legendary Planeswalker — Venser",
                "+2: Exile target permanent you own. Return it to the battlefield under your control at the "
                "beginning of the next end step.\n−1: Creatures can't be blocked this turn.\n"
                "−8: You get an emblem with \"Whenever you cast a spell, exile target permanent.\"", loyalty="3")


@pytest.mark.rules("114.1", "114.2", "114.4")
def test_an_emblem_in_the_command_zone_and_its_triggered_ability(extra_cards):
    extra_cards(VENSER, fully_read=True)
    g, ids = table(["Venser, the Sojourner", "Mountain"], ["Grizzly Bears"], ["Shock"])
    venser = ids["Venser, the Sojourner"]
    g.state.objects[venser].counters["loyalty"] = 8
    activate_and_resolve(g, venser, 2)
    assert len(g.state.command) == 1 and g.state.objects[g.state.command[0]].controller == 0
    assert not on_battlefield(g, "Venser, the Sojourner")           # 0 loyalty (704.5i); the emblem stays
    g.apply(CastSpell(0, ids["Shock"], targets=(("P1",),)))
    assert g.pending.kind is DecisionKind.CHOOSE                     # the emblem's trigger: its target
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    assert not on_battlefield(g, "Grizzly Bears") and g.state.players[1].life == 18
    assert type(g).from_json(g.to_json()).state.command == g.state.command     # the save keeps it (114.1)


ELSPETH_SUNS_CHAMPION = record("Elspeth, Sun's Champion", "{4}{W}{W}", "Legendary Planeswalker — Elspeth",
                               "[+1]: Create three 1/1 white Soldier creature tokens.\n[−3]: Destroy all creatures with "
                               "power 4 or greater.\n[−7]: You get an emblem with \"Creatures you control get +2/+2 and "
                               "have flying.\"", loyalty="4")
MU_YANLING_SKY_DANCER = record("Mu Yanling, Sky Dancer", "{1}{U}{U}", "Legendary Planeswalker — Yanling",
                               "[+2]: Until your next turn, up to one target creature gets -2/-0 and loses flying.\n"
                               "[−3]: Create a 4/4 blue Elemental Bird creature token with flying.\n[−8]: You get an "
                               "emblem with \"Islands you control have '{T}: Draw a card.'\"", loyalty="2")


@pytest.mark.rules("114.1", "114.4", "613.4c", "613.1f")
def test_an_emblems_static_ability_changes_the_permanents_it_names(extra_cards):
    extra_cards(ELSPETH_SUNS_CHAMPION, fully_read=True)
    g, ids = table(["Elspeth, Sun's Champion", "Grizzly Bears"], ["Hill Giant"])
    elspeth, bears = ids["Elspeth, Sun's Champion"], ids["Grizzly Bears"]
    g.state.objects[elspeth].counters["loyalty"] = 7
    activate_and_resolve(g, elspeth, 2)
    assert not on_battlefield(g, "Elspeth, Sun's Champion")         # the emblem stays when she is gone (114.1)
    ch = g.characteristics(bears)
    assert (ch.power, ch.toughness) == (4, 4) and ch.has("flying")
    giant = g.characteristics(ids["B:Hill Giant"])
    assert (giant.power, giant.toughness) == (3, 3) and not giant.has("flying"), "the opponent's creatures are not theirs"
    loaded = type(g).from_json(g.to_json()).characteristics(bears)
    assert (loaded.power, loaded.toughness) == (4, 4) and loaded.has("flying"), "a saved game keeps the emblem's effect"


@pytest.mark.rules("114.4", "613.1f", "602.1")
def test_an_emblem_grants_an_activated_ability_to_lands(extra_cards):
    extra_cards(MU_YANLING_SKY_DANCER, fully_read=True)
    g, ids = table(["Mu Yanling, Sky Dancer", "Island"], [])
    mu, island = ids["Mu Yanling, Sky Dancer"], ids["Island"]
    g.state.objects[mu].counters["loyalty"] = 8
    activate_and_resolve(g, mu, 2)
    granted = [i for i, ab in enumerate(g.characteristics(island).activated) if "Draw a card" in ab.text]
    assert granted
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, island, granted[0])
    assert len(g.state.players[0].hand) == hand + 1 and g.state.objects[island].tapped


RAZIAS_PURIFICATION = record("Razia's Purification", "{4}{R}{W}", "Sorcery",
                             "Each player chooses three permanents they control, then sacrifices the rest.")
CATACLYSMIC_GEARHULK = record("Cataclysmic Gearhulk", "{3}{W}{W}", "Artifact Creature — Construct",
                              "Vigilance\nWhen Cataclysmic Gearhulk enters the battlefield, each player chooses an "
                              "artifact, a creature, an enchantment, and a planeswalker from among the nonland permanents "
                              "they control, then sacrifices the rest.", "4/5")


@pytest.mark.rules("101.4", "701.21a")
def test_each_player_chooses_three_permanents_then_sacrifices_the_rest(extra_cards):
    extra_cards(RAZIAS_PURIFICATION, fully_read=True)
    lands = ["Mountain", "Mountain", "Mountain", "Plains", "Plains", "Plains"]
    g, ids = table(lands + ["Grizzly Bears"], ["Hill Giant", "Forest"], hand_a=["Razia's Purification"])
    g.apply(CastSpell(0, ids["Razia's Purification"]))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    keep = [ids["Grizzly Bears"]] + [o for o in g.state.battlefield if g.characteristics(o).name == "Plains"][:2]
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0, "the active player chooses first (101.4)"
    assert g.pending.min == g.pending.max == 3
    g.apply(Choose(0, tuple(keep)))
    assert g.state.battlefield and all(g.state.objects[o].controller == 0 for o in keep)
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(1, tuple(g.pending.options)))       # B has only two: both kept, without a choice to make
    resolve_stack(g)
    mine = sorted(o for o in g.state.battlefield if g.state.objects[o].controller == 0)
    assert mine == sorted(keep)
    assert {g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].controller == 1} == \
        {"Hill Giant", "Forest"}
    assert len(g.state.players[0].graveyard) == 5, "four lands and the sorcery itself"


ARCHFIEND_OF_DEPRAVITY = record("Archfiend of Depravity", "{3}{B}{B}", "Creature — Demon",
                                "Flying\nAt the beginning of each opponent's end step, that player chooses up to two "
                                "creatures they control, then sacrifices the rest.", "5/4")


@pytest.mark.rules("701.21a", "603.2")
def test_archfiend_of_depravity_leaves_the_opponent_the_creatures_chosen_up_to_two(extra_cards):
    extra_cards(ARCHFIEND_OF_DEPRAVITY, fully_read=True)
    g, ids = table(["Archfiend of Depravity"], ["Grizzly Bears", "Hill Giant", "Craw Wurm", "Forest"], active=1,
                   step=Step.MAIN2)
    advance(g, Step.END, turn=3)
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and (d.min, d.max) == (0, 2) and ids["B:Forest"] not in d.options
    g.apply(Choose(1, (ids["B:Hill Giant"],)))
    assert {g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].controller == 1} == \
        {"Hill Giant", "Forest"}
    assert ids["Archfiend of Depravity"] in g.state.battlefield     # its controller's creatures are not touched


@pytest.mark.rules("701.21a", "101.4")
def test_one_of_each_type_from_among_the_nonland_permanents(extra_cards):
    extra_cards(CATACLYSMIC_GEARHULK, fully_read=True)
    g, ids = table(["Plains"] * 5 + ["Grizzly Bears", "Ornithopter"], ["Hill Giant", "Wind Drake", "Forest"],
                   hand_a=["Cataclysmic Gearhulk"])
    # A keeps Ornithopter as the artifact and the Bears as the creature (not Gearhulk); B keeps Wind Drake
    prefer = {0: [ids["Grizzly Bears"], ids["Ornithopter"]], 1: [ids["B:Wind Drake"]]}

    def keep(d) -> tuple:
        return (next(o for o in prefer[d.player] if o in d.options),)
    g.apply(CastSpell(0, ids["Cataclysmic Gearhulk"]))
    settle(g, keep)
    names = {g.characteristics(o).name for o in g.state.battlefield}
    assert {"Grizzly Bears", "Ornithopter", "Wind Drake", "Forest", "Plains"} <= names
    assert not names & {"Hill Giant", "Cataclysmic Gearhulk"}, "not chosen, so sacrificed (Gearhulk too)"


CURFEW = record("Curfew", "{U}", "Instant", "Each player returns a creature they control to its owner's hand.")
ALTAR_OF_DEMENTIA = record("Altar of Dementia", "{2}", "Artifact",
                           "Sacrifice a creature: Target player mills cards equal to the sacrificed creature's power.")


@pytest.mark.rules("101.4")
def test_each_player_returns_a_creature_they_control(extra_cards):
    extra_cards(CURFEW, fully_read=True)
    g, ids = table(["Island", "Grizzly Bears", "Savannah Lions"], ["Serra Angel"], ["Curfew"])
    g.apply(CastSpell(0, ids["Curfew"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0
    g.apply(Choose(0, (ids["Savannah Lions"],)))
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") and not on_battlefield(g, "Savannah Lions")
    assert not on_battlefield(g, "Serra Angel") and len(g.state.players[1].hand) == 1


@pytest.mark.rules("701.17a", "608.2h")
def test_mill_cards_equal_to_the_sacrificed_creatures_power(extra_cards):
    extra_cards(ALTAR_OF_DEMENTIA, fully_read=True)
    g, ids = table(["Altar of Dementia", "Serra Angel"], [])
    activate_and_resolve(g, ids["Altar of Dementia"], 0, targets=(("P1",),))     # Serra Angel, the only one
    assert len(g.state.players[1].graveyard) == 4 and len(g.state.players[1].library) == 4


MOMENTOUS_FALL = record("Momentous Fall", "{2}{G}{G}", "Instant",
                        "As an additional cost to cast this spell, sacrifice a creature.\nYou draw cards equal to the "
                        "sacrificed creature's power, then you gain life equal to its toughness.")


@pytest.mark.rules("601.2h", "608.2h", "121.1")
def test_its_toughness_after_the_sacrificed_creatures_power(extra_cards):
    """Momentous Fall: "its" is the sacrificed creature, as it last existed: Wall of Stone's 0 power and 8
    toughness, not Serra Angel's 4/4."""
    extra_cards(MOMENTOUS_FALL, fully_read=True)
    g, ids = table(["Forest"] * 4 + ["Serra Angel", "Wall of Stone"], [], ["Momentous Fall"])
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, ids["Momentous Fall"]))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, (ids["Wall of Stone"],)))
    resolve_stack(g)
    assert on_battlefield(g, "Serra Angel") and not on_battlefield(g, "Wall of Stone")
    assert len(g.state.players[0].hand) == hand - 1 and g.state.players[0].life == 28


HELLION_ERUPTION = record("Hellion Eruption", "{5}{R}", "Sorcery",
                          "Sacrifice all creatures you control, then create that many 4/4 red Hellion creature tokens.")


@pytest.mark.rules("701.21a", "111.1", "608.2c")
def test_sacrifice_all_then_create_that_many(extra_cards):
    """Hellion Eruption: as many Hellions as creatures sacrificed (three), the opponent's creature untouched."""
    extra_cards(HELLION_ERUPTION, fully_read=True)
    g, ids = table(["Mountain"] * 6 + ["Grizzly Bears", "Llanowar Elves", "Serra Angel"], ["Craw Wurm"],
                   ["Hellion Eruption"])
    cast_and_resolve(g, ids["Hellion Eruption"])
    names = sorted(g.characteristics(o).name for o in g.state.battlefield if g.characteristics(o).types & {"Creature"})
    assert names == ["Craw Wurm"] + ["Hellion Token"] * 3


SMITE = record("Smite", "{W}", "Instant", "Destroy target blocked creature.")
SPEAR_OF_HELIOD = record("Spear of Heliod", "{1}{W}{W}", "Legendary Enchantment Artifact",
                         "Creatures you control get +1/+1.\n{1}{W}{W}, {T}: Destroy target creature that dealt "
                         "damage to you this turn.")
CROMAT = record("Cromat", "{W}{U}{B}{R}{G}", "Legendary Creature — Illusion",
                "{W}{B}: Destroy target creature blocking or blocked by Cromat.\n{U}{R}: Cromat gains flying until "
                "end of turn.\n{B}{G}: Regenerate Cromat.\n{R}{W}: Cromat gets +1/+1 until end of turn.\n"
                "{G}{U}: Put Cromat on top of its owner's library.", "5/5")


def _b_attacks(g, attackers: dict, blocks: dict) -> None:
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, attackers))
    pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(0, blocks))
    pass_until(g, DecisionKind.PRIORITY)


@pytest.mark.rules("509.1h")
def test_target_blocked_creature(extra_cards):
    extra_cards(SMITE, fully_read=True)
    g, ids = table(["Plains", "Serra Angel"], ["Grizzly Bears", "Savannah Lions"], ["Smite"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    bears, lions = ids["B:Grizzly Bears"], ids["B:Savannah Lions"]
    _b_attacks(g, {bears: "P0", lions: "P0"}, {ids["Serra Angel"]: (bears,)})
    assert g.pending.player == 1                    # the active player has priority first
    g.apply(PassPriority(1))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Smite"], targets=((lions,),)))
    cast_and_resolve(g, ids["Smite"], targets=((bears,),))
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Savannah Lions")


@pytest.mark.rules("120.3", "115.1")
def test_target_creature_that_dealt_damage_to_you_this_turn(extra_cards):
    extra_cards(SPEAR_OF_HELIOD, fully_read=True)
    g, ids = table(["Spear of Heliod", "Plains", "Plains", "Plains"], ["Grizzly Bears", "Savannah Lions"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {ids["B:Savannah Lions"]: "P0"}))
    advance(g, Step.END_OF_COMBAT)
    assert g.state.players[0].life == 18 and g.pending.player == 1
    g.apply(PassPriority(1))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Spear of Heliod"], 0, targets=((ids["B:Grizzly Bears"],),)))
    activate_and_resolve(g, ids["Spear of Heliod"], 0, targets=((ids["B:Savannah Lions"],),))
    assert not on_battlefield(g, "Savannah Lions") and on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("509.1g")
def test_target_creature_blocking_or_blocked_by_the_source(extra_cards):
    extra_cards(CROMAT, fully_read=True)
    g, ids = table(["Grizzly Bears", "Savannah Lions"], ["Cromat", "Plains", "Swamp"], active=1,
                   step=Step.BEGINNING_OF_COMBAT)
    cromat = ids["B:Cromat"]
    _b_attacks(g, {cromat: "P0"}, {ids["Grizzly Bears"]: (cromat,)})
    assert g.pending.player == 1
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(1, cromat, 0, targets=((ids["Savannah Lions"],),)))
    activate_and_resolve(g, cromat, 0, targets=((ids["Grizzly Bears"],),), player=1)
    assert not on_battlefield(g, "Grizzly Bears") and on_battlefield(g, "Savannah Lions")


BESTIAL_MENACE = record("Bestial Menace", "{3}{G}{G}", "Sorcery",
                        "Create a 1/1 green Snake creature token, a 2/2 green Wolf creature token, and a 3/3 green "
                        "Elephant creature token.")


@pytest.mark.rules("111.1", "111.2")
def test_create_several_different_tokens(extra_cards):
    extra_cards(BESTIAL_MENACE, fully_read=True)
    g, ids = table(["Forest"] * 5, [], ["Bestial Menace"])
    cast_and_resolve(g, ids["Bestial Menace"])
    made = sorted((g.characteristics(o).power, g.characteristics(o).toughness, sorted(g.characteristics(o).subtypes))
                  for o in g.state.battlefield if g.state.objects[o].token)
    assert made == [(1, 1, ["Snake"]), (2, 2, ["Wolf"]), (3, 3, ["Elephant"])]
    assert all(g.state.objects[o].controller == 0 for o in g.state.battlefield if g.state.objects[o].token)


THE_HIVE = record("The Hive", "{5}", "Artifact",
                  "{5}, {T}: Create a 1/1 colorless Insect artifact creature token with flying named Wasp.")


@pytest.mark.rules("111.4")
def test_a_token_named_by_the_effect(extra_cards):
    extra_cards(THE_HIVE, fully_read=True)
    g, ids = table(["The Hive"] + ["Plains"] * 5, [])
    activate_and_resolve(g, ids["The Hive"], 0)
    (wasp,) = [o for o in g.state.battlefield if g.state.objects[o].token]
    ch = g.characteristics(wasp)
    assert ch.name == "Wasp" and ch.subtypes == {"Insect"} and ch.has("flying") and {"Artifact", "Creature"} <= ch.types


LIVING_HIVE = record("Living Hive", "{6}{G}{G}", "Creature — Elemental Insect",
                     "Trample\nWhenever Living Hive deals combat damage to a player, create that many 1/1 green "
                     "Insect creature tokens.", "6/6")


@pytest.mark.rules("603.2", "120.3")
def test_that_many_tokens_is_the_damage_dealt(extra_cards):
    extra_cards(LIVING_HIVE, fully_read=True)
    g, ids = table(["Living Hive"], [], step=Step.BEGINNING_OF_COMBAT)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Living Hive"]: "P1"}))
    advance(g, Step.END_OF_COMBAT)
    resolve_stack(g)
    assert g.state.players[1].life == 14
    assert len([o for o in g.state.battlefield if g.state.objects[o].token]) == 6


PERSIST = record("Persist", "{1}{B}", "Sorcery",
                 "Return target nonlegendary creature card from your graveyard to the battlefield with a -1/-1 "
                 "counter on it.")


@pytest.mark.rules("614.1c", "122.1")
def test_return_to_the_battlefield_with_a_counter(extra_cards):
    extra_cards(PERSIST, fully_read=True)
    g, ids = table(["Swamp", "Swamp"], [], ["Persist"])
    angel = g.add_card("Serra Angel", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Persist"], targets=((angel,),))
    (new,) = on_battlefield(g, "Serra Angel")
    assert g.state.objects[new].counters.get("-1/-1") == 1 and g.characteristics(new).power == 3
    assert g.state.objects[new].controller == 0


CHITTERING_WITCH = record("Chittering Witch", "{3}{B}", "Creature — Human Shaman",
                          "When Chittering Witch enters the battlefield, create a number of 1/1 black Rat creature "
                          "tokens equal to the number of opponents you have.\n{1}{B}, Sacrifice a creature: Target "
                          "creature gets -2/-2 until end of turn.", "2/2")


@pytest.mark.rules("111.1", "107.1")
def test_create_a_number_of_tokens_equal_to_an_amount(extra_cards):
    extra_cards(CHITTERING_WITCH, fully_read=True)
    g, ids = table(["Swamp"] * 4, [], ["Chittering Witch"])
    cast_and_resolve(g, ids["Chittering Witch"])
    rats = [o for o in g.state.battlefield if g.state.objects[o].token]
    assert len(rats) == 1 and g.characteristics(rats[0]).subtypes == {"Rat"}       # one opponent


@pytest.mark.rules("120.3", "603.2")
def test_it_deals_in_a_trigger_of_another_object_is_that_object(card):
    """ "Whenever equipped creature attacks, it deals ...": the equipped creature is the source, not the Equipment."""
    d = card("Mage Slayer", "{1}{R}{G}", "Artifact — Equipment",
             "Whenever equipped creature attacks, it deals damage equal to its power to the player or planeswalker "
             "it's attacking.\nEquip {3}")
    assert not d.unsupported
    (effect,) = d.triggered[0].mode.effects
    assert type(effect).__name__ == "DealDamageBy" and effect.to == Ref("attack_target", key="event")
