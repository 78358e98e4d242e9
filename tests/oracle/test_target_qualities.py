"""Qualities a target or group phrase reads (115.1, 601.2c), played with real cards: "with power X or less" and "with
toughness X or less" (the X paid, 107.3a), "with power less than ~'s power", "that's attacking or blocking" (506.4),
"all creatures except for ~" and "all permanents except for artifacts and lands", "target 1/1 creature", "target
creature with flying blocked by ~"."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers, DeclareBlockers, PassPriority
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import Choose
from tests.engine.driving import activate_and_resolve, advance, attack, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

ENTRANCING_LYRE = record("Entrancing Lyre", "{3}", "Artifact",
                         "You may choose not to untap Entrancing Lyre during your untap step.\n{X}, {T}: Tap target "
                         "creature with power X or less. It doesn't untap during its controller's untap step for as long "
                         "as Entrancing Lyre remains tapped.")
FINALE_OF_ETERNITY = record("Finale of Eternity", "{X}{B}{B}", "Sorcery",
                            "Destroy up to three target creatures with toughness X or less. If X is 10 or more, return "
                            "all creature cards from your graveyard to the battlefield.")
UNLIVING_PSYCHOPATH = record("Unliving Psychopath", "{2}{B}{B}", "Creature — Zombie Assassin",
                             "{B}: Unliving Psychopath gets +1/-1 until end of turn.\n{B}, {T}: Destroy target creature "
                             "with power less than Unliving Psychopath's power.", "0/4")
PENDELHAVEN = record("Pendelhaven", None, "Legendary Land",
                     "{T}: Add {G}.\n{T}: Target 1/1 creature gets +1/+2 until end of turn.")
WHIP_VINE = record("Whip Vine", "{2}{G}", "Creature — Plant Wall",
                   "Defender; reach (This creature can block creatures with flying.)\nYou may choose not to untap Whip "
                   "Vine during your untap step.\n{T}: Tap target creature with flying blocked by Whip Vine. That "
                   "creature doesn't untap during its controller's untap step for as long as Whip Vine remains tapped.",
                   "1/4")
LENA = record("Lena, Selfless Champion", "{4}{W}{W}", "Legendary Creature — Human Knight",
              "When Lena, Selfless Champion enters the battlefield, create a 1/1 white Soldier creature token for each "
              "nontoken creature you control.\nSacrifice Lena: Creatures you control with power less than Lena's power "
              "gain indestructible until end of turn.", "3/3")
MAGETA_THE_LION = record("Mageta the Lion", "{3}{W}{W}", "Legendary Creature — Human Spellshaper",
                         "{2}{W}{W}, {T}, Discard two cards: Destroy all creatures except for Mageta the Lion. Those "
                         "creatures can't be regenerated.", "3/3")
SCOURGLASS = record("Scourglass", "{3}{W}{W}", "Artifact",
                    "{T}, Sacrifice Scourglass: Destroy all permanents except for artifacts and lands. Activate only "
                    "during your upkeep.")
SURGE_OF_RIGHTEOUSNESS = record("Surge of Righteousness", "{1}{W}", "Instant",
                                "Destroy target black or red creature that's attacking or blocking. You gain 2 life.")


@pytest.mark.rules("107.3a", "601.2b", "601.2c")
def test_entrancing_lyre_taps_a_creature_with_power_x_or_less(extra_cards):
    extra_cards(ENTRANCING_LYRE, fully_read=True)
    g, ids = table(["Entrancing Lyre", "Plains", "Plains"], ["Grizzly Bears"])
    lyre, bears = ids["Entrancing Lyre"], ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, lyre, 0, targets=((bears,),), x=1))
    activate_and_resolve(g, lyre, 0, targets=((bears,),), x=2)
    assert g.state.objects[bears].tapped


@pytest.mark.rules("107.3a", "601.2c", "115.1")
def test_finale_of_eternity_destroys_creatures_with_toughness_x_or_less(extra_cards):
    extra_cards(FINALE_OF_ETERNITY, fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Grizzly Bears", "Llanowar Elves", "Serra Angel"], ["Finale of Eternity"])
    bears, elves, angel = ids["B:Grizzly Bears"], ids["B:Llanowar Elves"], ids["B:Serra Angel"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Finale of Eternity"], targets=((bears, angel),), x=2))
    cast_and_resolve(g, ids["Finale of Eternity"], targets=((bears, elves),), x=2)
    assert angel in g.state.battlefield and bears not in g.state.battlefield and elves not in g.state.battlefield


@pytest.mark.rules("601.2c", "608.2b")
def test_unliving_psychopath_destroys_a_creature_with_less_power_than_its_own(extra_cards):
    extra_cards(UNLIVING_PSYCHOPATH, fully_read=True)
    g, ids = table(["Unliving Psychopath", "Swamp", "Swamp", "Swamp"], ["Llanowar Elves"])
    psychopath, elves = ids["Unliving Psychopath"], ids["B:Llanowar Elves"]
    activate_and_resolve(g, psychopath, 0)                                   # 1/3: not more than the Elves' 1
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, psychopath, 1, targets=((elves,),)))
    activate_and_resolve(g, psychopath, 0)                                   # 2/2
    activate_and_resolve(g, psychopath, 1, targets=((elves,),))
    assert elves not in g.state.battlefield


@pytest.mark.rules("506.4", "601.2c")
def test_surge_of_righteousness_needs_an_attacking_or_blocking_black_or_red_creature(extra_cards):
    extra_cards(SURGE_OF_RIGHTEOUSNESS, fully_read=True)
    g, ids = table(["Raging Goblin", "Plains", "Plains"], [], ["Surge of Righteousness"])
    goblin, surge = ids["Raging Goblin"], ids["Surge of Righteousness"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, surge, targets=((goblin,),)))                # not in combat yet
    attack(g, goblin)
    cast_and_resolve(g, surge, targets=((goblin,),))
    assert goblin not in g.state.battlefield
    assert g.state.players[0].life == 22


@pytest.mark.rules("701.8a", "701.19c")
def test_mageta_destroys_every_other_creature_and_none_regenerates(extra_cards):
    extra_cards(MAGETA_THE_LION, fully_read=True)
    g, ids = table(["Mageta the Lion", "Drudge Skeletons", "Plains", "Plains", "Plains", "Plains", "Swamp"],
                   ["Grizzly Bears"], ["Shock", "Giant Growth"])
    mageta, skeletons = ids["Mageta the Lion"], ids["Drudge Skeletons"]
    activate_and_resolve(g, skeletons, 0)                                 # a regeneration shield (701.19a)
    g.apply(ActivateAbility(0, mageta, 0))
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(g.pending.options)))                      # the two cards discarded as a cost
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 0
    assert skeletons not in g.state.battlefield and ids["B:Grizzly Bears"] not in g.state.battlefield
    assert mageta in g.state.battlefield


@pytest.mark.rules("701.8a", "205.2a")
def test_scourglass_spares_artifacts_and_lands(extra_cards):
    extra_cards(SCOURGLASS, fully_read=True)
    g, ids = table(["Scourglass", "Ornithopter", "Grizzly Bears", "Plains"], ["Serra Angel", "Island"], step=Step.UPKEEP)
    activate_and_resolve(g, ids["Scourglass"], 0)
    names = sorted(g.characteristics(o).name for o in g.state.battlefield)
    assert names == ["Island", "Ornithopter", "Plains"]


@pytest.mark.rules("608.2h", "702.12b")
def test_lena_sacrificed_reads_its_last_known_power(extra_cards):
    extra_cards(LENA, fully_read=True)
    g, ids = table(["Lena, Selfless Champion", "Grizzly Bears", "Serra Angel"], ["Llanowar Elves"])
    activate_and_resolve(g, ids["Lena, Selfless Champion"], 0)
    assert g.characteristics(ids["Grizzly Bears"]).has("indestructible")          # power 2 < 3
    assert not g.characteristics(ids["Serra Angel"]).has("indestructible")        # power 4
    assert not g.characteristics(ids["B:Llanowar Elves"]).has("indestructible")   # not yours


@pytest.mark.rules("208.1", "115.1")
def test_pendelhaven_pumps_only_a_1_1_creature(extra_cards):
    extra_cards(PENDELHAVEN, fully_read=True)
    g, ids = table(["Pendelhaven", "Llanowar Elves", "Grizzly Bears"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Pendelhaven"], 1, targets=((ids["Grizzly Bears"],),)))
    activate_and_resolve(g, ids["Pendelhaven"], 1, targets=((ids["Llanowar Elves"],),))
    elves = g.characteristics(ids["Llanowar Elves"])
    assert (elves.power, elves.toughness) == (2, 3)


@pytest.mark.rules("509.1h", "115.1")
def test_whip_vine_taps_a_flyer_it_blocks(extra_cards):
    extra_cards(WHIP_VINE, fully_read=True)
    g, ids = table(["Whip Vine"], ["Serra Angel", "Grizzly Bears"], active=1)
    vine, angel = ids["Whip Vine"], ids["B:Serra Angel"]
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(1, {angel: "P0", ids["B:Grizzly Bears"]: "P0"}))
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(0, {vine: (angel,)}))
    while g.pending.player != 0:
        g.apply(PassPriority(g.pending.player))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, vine, 0, targets=((ids["B:Grizzly Bears"],),)))   # no flying, not blocked by it
    activate_and_resolve(g, vine, 0, targets=((angel,),))
    assert g.state.objects[angel].tapped


TOUCH_OF_DARKNESS = record("Touch of Darkness", "{B}", "Instant",
                           "One or more target creatures become black until end of turn.")


@pytest.mark.rules("601.2c", "115.1", "105.3")
def test_one_or_more_target_creatures(extra_cards):
    extra_cards(TOUCH_OF_DARKNESS, fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Grizzly Bears"], ["Hill Giant"], hand_a=["Touch of Darkness", "Touch of Darkness"])
    bears, giant = ids["Grizzly Bears"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Touch of Darkness"], targets=((),)))         # at least one
    cast_and_resolve(g, ids["Touch of Darkness"], targets=((bears, giant),))
    assert g.characteristics(bears).colors == {"B"} and g.characteristics(giant).colors == {"B"}
    advance(g, Step.MAIN1, turn=4)
    assert g.characteristics(giant).colors == {"R"}                           # until end of turn


MISTFOLK = record("Mistfolk", "{U}{U}", "Creature — Illusion", "{U}: Counter target spell that targets Mistfolk.", "1/2")
MIRROR_SHEEN = record("Mirror Sheen", "{1}{U/R}{U/R}", "Enchantment",
                      "{1}{U/R}{U/R}: Copy target instant or sorcery spell that targets you. You may choose new "
                      "targets for the copy.")


@pytest.mark.rules("115.9b", "701.6a")
def test_counter_target_spell_that_targets_it(extra_cards):
    extra_cards(MISTFOLK, fully_read=True)
    g, ids = table(["Mistfolk", "Island", "Grizzly Bears"], ["Mountain", "Mountain"],
                   hand_b=["Lightning Bolt", "Lightning Bolt"], active=1)
    mistfolk, bears = ids["Mistfolk"], ids["Grizzly Bears"]
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=((bears,),)))
    g.apply(PassPriority(1))
    with pytest.raises(IllegalAction):                       # a spell targeting another creature
        g.apply(ActivateAbility(0, mistfolk, 0, targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    bolt2 = next(o for o in g.state.players[1].hand if g.state.objects[o].name == "Lightning Bolt")
    g.apply(CastSpell(1, bolt2, targets=((mistfolk,),)))
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, mistfolk, 0, targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    assert mistfolk in g.state.battlefield and bears not in g.state.battlefield


@pytest.mark.rules("115.9b", "707.10", "707.10c")
def test_copy_target_spell_that_targets_you(extra_cards):
    extra_cards(MIRROR_SHEEN, fully_read=True)
    g, ids = table(["Mirror Sheen", "Island", "Island", "Island"], ["Mountain", "Mountain"],
                   hand_b=["Lightning Bolt", "Lightning Bolt"], active=1)
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P1",),)))       # B targets B
    g.apply(PassPriority(1))
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Mirror Sheen"], 0, targets=((g.state.stack[-1],),)))
    resolve_stack(g)
    bolt2 = next(o for o in g.state.players[1].hand if g.state.objects[o].name == "Lightning Bolt")
    g.apply(CastSpell(1, bolt2, targets=(("P0",),)))
    g.apply(PassPriority(1))
    g.apply(ActivateAbility(0, ids["Mirror Sheen"], 0, targets=((g.state.stack[-1],),)))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, ("P1",) if "P1" in d.options else tuple(d.options[:d.min or 1])))
        else:
            g.apply(PassPriority(d.player))
    assert g.state.players[1].life == 20 - 3 - 3 and g.state.players[0].life == 17


RAISE_THE_DRAUGR = record("Raise the Draugr", "{1}{B}", "Instant",
                          "Choose one —\n• Return target creature card from your graveyard to your hand.\n• Return two "
                          "target creature cards that share a creature type from your graveyard to your hand.")
RUNECLAW_BEAR = record("Runeclaw Bear", "{1}{G}", "Creature — Bear", "", "2/2")
AVIAN_CHANGELING = record("Avian Changeling", "{2}{W}", "Creature — Shapeshifter",
                          "Changeling (This card is every creature type.)\nFlying", "2/2")


@pytest.mark.rules("601.2c", "205.3m", "702.73a")
def test_raise_the_draugr_returns_two_creature_cards_that_share_a_creature_type(extra_cards):
    extra_cards(RAISE_THE_DRAUGR, RUNECLAW_BEAR, AVIAN_CHANGELING, fully_read=True)
    g, ids = table(["Swamp"] * 2, [], ["Raise the Draugr"])
    bears, runeclaw = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Runeclaw Bear", 0, Zone.GRAVEYARD)
    giant, changeling = g.add_card("Hill Giant", 0, Zone.GRAVEYARD), g.add_card("Avian Changeling", 0, Zone.GRAVEYARD)
    card = ids["Raise the Draugr"]
    offered = {frozenset(t for group in a.targets for t in (group if isinstance(group, tuple) else (group,)))
               for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card and a.modes == (1,)}
    assert frozenset({bears, runeclaw}) in offered and frozenset({giant, changeling}) in offered
    assert frozenset({bears, giant}) not in offered, "a Bear and a Giant share no creature type"
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, card, modes=(1,), targets=((bears, giant),)))
    cast_and_resolve(g, card, modes=(1,), targets=((bears, runeclaw),))
    assert sorted(g.characteristics(o).name for o in g.state.players[0].hand) == ["Grizzly Bears", "Runeclaw Bear"]
