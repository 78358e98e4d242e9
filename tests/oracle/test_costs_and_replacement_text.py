"""Costs, replacement effects and mana abilities read from Oracle text (issue 13's keyword, cost, replacement and
mana slice): each wording compiled from a real card's text, then played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, PlayLand, DeclareAttackers, DeclareBlockers,
                                        PassPriority)
from tests.engine.driving import activate_and_resolve, both_pass, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

NEKRATAAL = record("Nekrataal", "{2}{B}{B}", "Creature — Human Assassin",
                   "First strike\nWhen Nekrataal enters the battlefield, destroy target nonartifact, nonblack creature. "
                   "That creature can't be regenerated.", "2/1")
TOXIC_STENCH = record("Toxic Stench", "{1}{B}", "Instant",
                      "Target nonblack creature gets -1/-1 until end of turn.\nThreshold — If seven or more cards are "
                      "in your graveyard, instead destroy that creature. It can't be regenerated.")
REGENERATING_BEAR = record("Regenerating Bear", "{1}{G}", "Creature — Bear", "{G}: Regenerate Regenerating Bear.",
                           "2/2")


@pytest.mark.rules("701.19c")
def test_that_creature_cant_be_regenerated_after_a_triggered_destroy(extra_cards):
    extra_cards(NEKRATAAL, REGENERATING_BEAR)
    g, ids = table(["Swamp"] * 4, ["Forest", "Regenerating Bear"], hand_a=["Nekrataal"])
    bear = ids["B:Regenerating Bear"]
    g.state.objects[bear].regen_shields = 1          # a shield made earlier: it can't replace this destruction
    g.apply(CastSpell(0, ids["Nekrataal"]))
    resolve_stack(g)           # the creature, then its trigger with the one legal target
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Regenerating Bear"]


@pytest.mark.rules("701.19c", "608.2c")
def test_it_cant_be_regenerated_reaches_the_destroy_an_instead_made(extra_cards):
    extra_cards(TOXIC_STENCH, REGENERATING_BEAR)
    g, ids = table(["Swamp", "Swamp"], ["Regenerating Bear"], hand_a=["Toxic Stench"])
    for _ in range(7):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    bear = ids["B:Regenerating Bear"]
    g.state.objects[bear].regen_shields = 1
    cast_and_resolve(g, ids["Toxic Stench"], targets=((bear,),))
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Regenerating Bear"]


REGENERATE = record("Regenerate", "{1}{G}", "Instant",
                    "Regenerate target creature. (The next time that creature would be destroyed this turn, it isn't. "
                    "Instead tap it, remove all damage from it, and remove it from combat.)")


@pytest.mark.rules("201.5", "701.19a", "701.19b")
def test_a_card_named_for_the_keyword_action_it_performs(extra_cards):
    """The card Regenerate: its name opening "Regenerate target creature" is the instruction, not the card (201.5)."""
    extra_cards(REGENERATE, fully_read=True)
    g, ids = table(["Forest", "Forest", "Swamp", "Swamp", "Swamp", "Grizzly Bears"], hand_a=["Regenerate", "Murder"])
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Regenerate"], targets=((bears,),))
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    assert on_battlefield(g, "Grizzly Bears") == [bears] and g.state.objects[bears].tapped


ORIMS_CURE = record("Orim's Cure", "{1}{W}", "Instant",
                    "If you control a Plains, you may tap an untapped creature you control rather than pay this spell's "
                    "mana cost.\nPrevent the next 4 damage that would be dealt to any target this turn.")
SNUFF_OUT = record("Snuff Out", "{3}{B}", "Instant",
                   "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.\nDestroy target "
                   "nonblack creature. It can't be regenerated.")
BRINGER = record("Bringer of the Red Dawn", "{7}{R}{R}", "Creature — Bringer",
                 "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.\nTrample", "5/5")


@pytest.mark.rules("118.9", "601.2f")
def test_an_alternative_cost_with_a_condition_only_while_it_holds(extra_cards):
    extra_cards(SNUFF_OUT)
    g, ids = table(["Grizzly Bears"], ["Grizzly Bears"], hand_a=["Snuff Out"])
    bears = ids["B:Grizzly Bears"]
    with pytest.raises(IllegalAction):          # no Swamp: only its mana cost, which A can't pay
        g.apply(CastSpell(0, ids["Snuff Out"], targets=((bears,),), alt="alternative"))
    g.add_card("Swamp", 0, Zone.BATTLEFIELD)
    assert any(getattr(a, "alt", None) == "alternative" for a in g.legal_actions())
    cast_and_resolve(g, ids["Snuff Out"], targets=((bears,),), alt="alternative")
    assert g.state.players[0].life == 16
    assert [g.state.objects[o].name for o in g.state.players[1].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("118.9", "601.2h")
def test_tapping_an_untapped_creature_rather_than_paying_the_mana_cost(extra_cards):
    extra_cards(ORIMS_CURE)
    g, ids = table(["Plains", "Grizzly Bears"], hand_a=["Orim's Cure"])
    g.state.objects[ids["Plains"]].tapped = True
    g.apply(CastSpell(0, ids["Orim's Cure"], targets=(("P0",),), alt="alternative"))
    assert g.state.objects[ids["Grizzly Bears"]].tapped
    resolve_stack(g)
    assert g.state.stack == [] and g.state.players[0].graveyard


@pytest.mark.rules("118.9")
def test_pay_a_mana_cost_rather_than_pay_the_mana_cost(extra_cards):
    extra_cards(BRINGER)
    g, ids = table(["Plains", "Island", "Swamp", "Mountain", "Forest"], hand_a=["Bringer of the Red Dawn"])
    cast_and_resolve(g, ids["Bringer of the Red Dawn"], alt="alternative")
    assert on_battlefield(g, "Bringer of the Red Dawn")
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).is_land)


HEART_OF_YAVIMAYA = record("Heart of Yavimaya", None, "Land",
                           "If Heart of Yavimaya would enter the battlefield, sacrifice a Forest instead. If you do, put "
                           "Heart of Yavimaya onto the battlefield. If you don't, put it into its owner's graveyard.\n"
                           "{T}: Add {G}.\n{T}: Target creature gets +1/+1 until end of turn.")
SCORCHED_RUINS = record("Scorched Ruins", None, "Land",
                        "If Scorched Ruins would enter the battlefield, sacrifice two untapped lands instead. If you "
                        "do, put Scorched Ruins onto the battlefield. If you don't, put it into its owner's graveyard.\n"
                        "{T}: Add {C}{C}{C}{C}.")


@pytest.mark.rules("614.1a", "614.12", "614.5", "305.1")
def test_a_land_enters_only_by_sacrificing_a_forest_chosen_as_it_would_enter(extra_cards):
    extra_cards(HEART_OF_YAVIMAYA, fully_read=True)
    g, ids = table(["Forest", "Plains"], hand_a=["Heart of Yavimaya"])
    second = g.add_card("Forest", 0, Zone.BATTLEFIELD)
    g.apply(PlayLand(0, ids["Heart of Yavimaya"]))
    assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == sorted([ids["Forest"], second])
    g.apply(Choose(0, (second,)))
    assert on_battlefield(g, "Heart of Yavimaya") and on_battlefield(g, "Forest") == [ids["Forest"]]
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Forest"]
    assert g.state.players[0].lands_played == 1


@pytest.mark.rules("614.1a", "305.1")
def test_with_too_few_untapped_lands_to_sacrifice_it_goes_to_the_graveyard(extra_cards):
    extra_cards(SCORCHED_RUINS, fully_read=True)
    g, ids = table(["Plains", "Island"], hand_a=["Scorched Ruins"])
    g.state.objects[ids["Island"]].tapped = True          # one untapped land only
    g.apply(PlayLand(0, ids["Scorched Ruins"]))
    assert not on_battlefield(g, "Scorched Ruins")
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Scorched Ruins"]
    assert on_battlefield(g, "Plains") and g.state.players[0].lands_played == 1

SHELTERED_VALLEY = record("Sheltered Valley", None, "Land",
                          "If Sheltered Valley would enter the battlefield, instead sacrifice each other permanent named "
                          "Sheltered Valley you control, then put Sheltered Valley onto the battlefield.\nAt the "
                          "beginning of your upkeep, if you control three or fewer lands, you gain 1 life.\n{T}: Add {C}.")


@pytest.mark.rules("614.1a", "614.5")
def test_a_land_enters_after_each_other_permanent_of_its_name_you_control_is_sacrificed(extra_cards):
    extra_cards(SHELTERED_VALLEY, fully_read=True)
    g, ids = table(["Sheltered Valley"], ["Sheltered Valley"], hand_a=["Sheltered Valley"])
    (first,) = [o for o in on_battlefield(g, "Sheltered Valley") if g.state.objects[o].controller == 0]
    g.apply(PlayLand(0, ids["Sheltered Valley"]))
    valleys = on_battlefield(g, "Sheltered Valley")
    assert len(valleys) == 2 and ids["B:Sheltered Valley"] in valleys and first not in valleys    # B's stays
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Sheltered Valley"]


ROOFTOP_STORM = record("Rooftop Storm", "{5}{U}", "Enchantment",
                       "You may pay {0} rather than pay the mana cost for Zombie creature spells you cast.")
JODAH = record("Jodah, Archmage Eternal", "{1}{U}{R}{W}", "Legendary Creature — Human Wizard",
               "Flying\nYou may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast.", "4/3")


@pytest.mark.rules("118.9", "601.2f")
def test_a_permanent_offers_an_alternative_cost_for_your_spells_of_a_kind(extra_cards):
    """Rooftop Storm: a Zombie creature spell of its controller's for {0}; not another creature spell."""
    extra_cards(ROOFTOP_STORM, "Walking Corpse", fully_read=True)
    g, ids = table(["Rooftop Storm"], ["Rooftop Storm"], hand_a=["Walking Corpse", "Grizzly Bears"],
                   hand_b=["Walking Corpse"])
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell)]
    assert [(a.card, a.alt) for a in casts] == [(ids["Walking Corpse"], "granted_alternative")]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"], alt="granted_alternative"))
    cast_and_resolve(g, ids["Walking Corpse"], alt="granted_alternative")
    assert on_battlefield(g, "Walking Corpse")


@pytest.mark.rules("118.9")
def test_any_spell_you_cast_for_five_colors_of_mana(extra_cards):
    extra_cards(JODAH, fully_read=True)
    g, ids = table(["Jodah, Archmage Eternal", "Plains", "Island", "Swamp", "Mountain", "Forest"],
                   hand_a=["Grizzly Bears"])
    cast_and_resolve(g, ids["Grizzly Bears"], alt="granted_alternative")
    assert on_battlefield(g, "Grizzly Bears")
    assert all(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).is_land)


KENTARO = record("Kentaro, the Smiling Cat", "{1}{W}", "Legendary Creature — Human Samurai",
                 "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until end of turn.)\nYou "
                 "may pay {X} rather than pay the mana cost for Samurai spells you cast, where X is that spell's mana "
                 "value.", "2/1")
SAMURAI_OF_THE_PALE_CURTAIN = record("Samurai of the Pale Curtain", "{W}{W}", "Creature — Fox Samurai",
                                     "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until "
                                     "end of turn.)\nIf a permanent would be put into a graveyard, exile it instead.",
                                     "2/2")


@pytest.mark.rules("118.9", "202.3")
def test_x_generic_mana_rather_than_the_mana_cost_where_x_is_the_spells_mana_value(extra_cards):
    extra_cards(KENTARO, SAMURAI_OF_THE_PALE_CURTAIN, fully_read=True)
    g, ids = table(["Kentaro, the Smiling Cat", "Island", "Island"], hand_a=["Samurai of the Pale Curtain"])
    cast_and_resolve(g, ids["Samurai of the Pale Curtain"], alt="granted_alternative")     # {2} instead of {W}{W}
    assert on_battlefield(g, "Samurai of the Pale Curtain")
    assert all(g.state.objects[o].tapped for o in on_battlefield(g, "Island"))


MOLE_WORMS = record("Mole Worms", "{2}{B}", "Creature — Worm",
                    "You may choose not to untap Mole Worms during your untap step.\n{T}: Tap target land. It doesn't "
                    "untap during its controller's untap step for as long as Mole Worms remains tapped.", "1/1")
ENDOSKELETON = record("Endoskeleton", "{2}", "Artifact",
                      "You may choose not to untap Endoskeleton during your untap step.\n{2}, {T}: Target creature gets "
                      "+0/+3 for as long as Endoskeleton remains tapped.")


def _play_on(g, done, choice: str = "", answer=lambda d: ()) -> None:
    """Passes priority and declares no attackers or blockers until `done(g)`; a question of the kind `choice` is
    answered with `answer(decision)`."""
    for _ in range(200):
        d = g.pending
        if done(g):
            return
        if d.kind is DecisionKind.CHOOSE and d.data.get("choice") == choice:
            g.apply(Choose(d.player, tuple(answer(d))))
        elif d.kind is DecisionKind.DECLARE_ATTACKERS:
            g.apply(DeclareAttackers(d.player, {}))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(d.player, {}))
        else:
            assert d.kind is DecisionKind.PRIORITY, d.prompt
            g.apply(PassPriority(d.player))
    raise AssertionError("never done")


def _to_turn(g, turn: int, keep_tapped: list[int]) -> None:
    """Passes to `turn`'s first main phase; the untap step's choice (502.3) keeps `keep_tapped` tapped."""
    _play_on(g, lambda g: g.pending.kind is DecisionKind.PRIORITY and g.state.turn == turn and g.state.step is Step.MAIN1,
             "keep_tapped", lambda d: [o for o in keep_tapped if o in d.options])


@pytest.mark.rules("502.3", "611.2b")
def test_a_land_stays_tapped_for_as_long_as_its_tapper_remains_tapped(extra_cards):
    extra_cards(MOLE_WORMS)
    g, ids = table(["Mole Worms"], ["Forest"])
    worms, forest = ids["Mole Worms"], ids["B:Forest"]
    activate_and_resolve(g, worms, 0, targets=((forest,),))
    assert g.state.objects[forest].tapped
    _to_turn(g, 4, [worms])
    assert g.state.objects[forest].tapped           # B's untap step: it doesn't untap
    _to_turn(g, 5, [worms])
    assert g.state.objects[worms].tapped            # A chose not to untap Mole Worms
    _to_turn(g, 6, [])
    assert g.state.objects[forest].tapped
    _to_turn(g, 7, [])
    assert not g.state.objects[worms].tapped        # untapped: the effect ended (611.2b) ...
    assert g.state.objects[forest].tapped           # ... but the land untaps only in its controller's untap step
    _to_turn(g, 8, [])
    assert not g.state.objects[forest].tapped


@pytest.mark.rules("611.2b")
def test_a_bonus_for_as_long_as_the_source_remains_tapped(extra_cards):
    extra_cards(ENDOSKELETON)
    g, ids = table(["Endoskeleton", "Plains", "Plains", "Grizzly Bears"])
    bears = ids["Grizzly Bears"]
    activate_and_resolve(g, ids["Endoskeleton"], 0, targets=((bears,),))
    assert g.characteristics(bears).toughness == 5
    _to_turn(g, 5, [ids["Endoskeleton"]])
    assert g.characteristics(bears).toughness == 5
    _to_turn(g, 7, [])
    assert g.characteristics(bears).toughness == 2


SAPROLING_CLUSTER = record("Saproling Cluster", "{1}{G}", "Enchantment",
                           "{1}, Discard a card: Create a 1/1 green Saproling creature token. Any player may activate "
                           "this ability.")
SCANDALMONGER = record("Scandalmonger", "{3}{B}", "Creature — Boar Monger",
                       "{2}: Target player discards a card. Any player may activate this ability but only as a sorcery.",
                       "3/3")


@pytest.mark.rules("602.2")
def test_any_player_may_activate_an_opponents_ability_and_controls_it(extra_cards):
    extra_cards(SAPROLING_CLUSTER)
    g, ids = table(["Forest"], ["Saproling Cluster"], hand_a=["Grizzly Bears"])
    cluster = ids["B:Saproling Cluster"]
    assert any(isinstance(a, ActivateAbility) and a.source == cluster for a in g.legal_actions())
    activate_and_resolve(g, cluster, 0)
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]
    tokens = [o for o in g.state.battlefield if g.state.objects[o].token is not None]
    assert [g.state.objects[o].controller for o in tokens] == [0]      # the activator's ability made it


@pytest.mark.rules("602.2", "602.5d")
def test_any_player_but_only_as_a_sorcery_is_the_activators_timing(extra_cards):
    extra_cards(SCANDALMONGER)
    g, ids = table(["Swamp"], ["Scandalmonger", "Swamp", "Swamp"], hand_a=["Grizzly Bears"], active=1)
    monger = ids["B:Scandalmonger"]
    with pytest.raises(IllegalAction):      # A's ability, and it isn't A's main phase
        g.apply(ActivateAbility(0, monger, 0, targets=(("P0",),)))
    activate_and_resolve(g, monger, 0, targets=(("P0",),), player=1)
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]


WATERY_GRAVE = record("Watery Grave", None, "Land — Island Swamp",
                      "({T}: Add {U} or {B}.)\nAs Watery Grave enters the battlefield, you may pay 2 life. If you don't, "
                      "it enters the battlefield tapped.")


@pytest.mark.parametrize("answer, life, tapped", [("pay 2 life", 18, False), ("enter tapped", 20, True)])
@pytest.mark.rules("614.12", "614.1c", "119.4", "305.1")
def test_a_land_played_asks_as_it_enters_pay_2_life_or_enter_tapped(extra_cards, answer, life, tapped):
    extra_cards(WATERY_GRAVE)
    g, ids = table(hand_a=["Watery Grave"])
    g.apply(PlayLand(0, ids["Watery Grave"]))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.options == ["pay 2 life", "enter tapped"]
    g.apply(Choose(0, (answer,)))
    (grave,) = on_battlefield(g, "Watery Grave")
    assert (g.state.players[0].life, g.state.objects[grave].tapped) == (life, tapped)
    assert g.state.players[0].lands_played == 1 and g.pending.kind is DecisionKind.PRIORITY


@pytest.mark.rules("119.4", "614.12")
def test_with_less_life_than_the_payment_it_enters_tapped_unasked(extra_cards):
    extra_cards(WATERY_GRAVE)
    g, ids = table(hand_a=["Watery Grave"], life_a=1)
    g.apply(PlayLand(0, ids["Watery Grave"]))
    (grave,) = on_battlefield(g, "Watery Grave")
    assert g.state.objects[grave].tapped and g.state.players[0].life == 1


HORRIBLY_AWRY = record("Horribly Awry", "{1}{C}", "Instant",
                       "Devoid (This card has no color.)\nCounter target creature spell with mana value 4 or less. If "
                       "that spell is countered this way, exile it instead of putting it into its owner's graveyard.")


@pytest.mark.rules("701.6a", "614.1a")
def test_a_spell_countered_this_way_is_exiled_instead(extra_cards):
    extra_cards(HORRIBLY_AWRY)
    g, ids = table(["Forest", "Forest"], ["Wastes", "Island"], hand_a=["Grizzly Bears"], hand_b=["Horribly Awry"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, bears))
    g.apply(PassPriority(0))
    cast_and_resolve(g, ids["B:Horribly Awry"], targets=((g.state.stack[-1],),), player=1)
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    assert g.state.players[0].graveyard == []


GALLOWBRAID = record("Gallowbraid", "{3}{B}{B}", "Legendary Creature — Horror",
                     "Trample\nCumulative upkeep—Pay 1 life. (At the beginning of your upkeep, put an age counter on "
                     "this permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)",
                     "5/5")


def _upkeep_answer(g, pay: bool) -> None:
    """Passes into A's next upkeep and answers the cumulative upkeep's payment."""
    asked = []
    _play_on(g, lambda g: bool(asked), "yes_no", lambda d: asked.append(d) or ["yes" if pay else "no"])


@pytest.mark.rules("702.24a", "119.4")
def test_cumulative_upkeep_pay_life_for_each_age_counter(extra_cards):
    extra_cards(GALLOWBRAID)
    g, ids = table(["Gallowbraid"])
    braid = ids["Gallowbraid"]
    _upkeep_answer(g, True)
    resolve_stack(g)
    assert g.state.players[0].life == 19 and g.state.objects[braid].counters["age"] == 1
    _upkeep_answer(g, True)
    resolve_stack(g)
    assert g.state.players[0].life == 17 and g.state.objects[braid].counters["age"] == 2
    _upkeep_answer(g, False)
    resolve_stack(g)
    assert g.state.players[0].life == 17
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Gallowbraid"]


EARTHEN_GOO = record("Earthen Goo", "{2}{R}", "Creature — Ooze",
                     "Trample\nCumulative upkeep {R} or {G} (At the beginning of your upkeep, put an age counter on this "
                     "permanent, then sacrifice it unless you pay its upkeep cost for each age counter on it.)\nEarthen "
                     "Goo gets +1/+1 for each age counter on it.", "2/2")


@pytest.mark.rules("702.24a", "107.4e")
def test_cumulative_upkeep_r_or_g_for_each_age_counter(extra_cards):
    extra_cards(EARTHEN_GOO, fully_read=True)
    g, ids = table(["Earthen Goo", "Mountain", "Forest"])
    goo = ids["Earthen Goo"]
    _upkeep_answer(g, True)
    resolve_stack(g)
    assert g.state.objects[goo].counters["age"] == 1 and g.characteristics(goo).power == 3
    _upkeep_answer(g, True)
    resolve_stack(g)                               # {R} or {G} twice: the Mountain's {R} and the Forest's {G}
    s = g.state
    assert goo in s.battlefield and s.objects[goo].counters["age"] == 2
    assert s.objects[ids["Mountain"]].tapped and s.objects[ids["Forest"]].tapped


COLDSTEEL_HEART = record("Coldsteel Heart", "{2}", "Snow Artifact",
                         "Coldsteel Heart enters the battlefield tapped.\nAs Coldsteel Heart enters the battlefield, "
                         "choose a color.\n{T}: Add one mana of the chosen color.")
SHIMMERDRIFT_VALE = record("Shimmerdrift Vale", None, "Land",
                           "Shimmerdrift Vale enters the battlefield tapped.\nAs Shimmerdrift Vale enters the "
                           "battlefield, choose a color.\n{T}: Add one mana of the chosen color.")


@pytest.mark.rules("614.12", "106.1")
def test_add_one_mana_of_the_color_chosen_as_it_entered(extra_cards):
    extra_cards(COLDSTEEL_HEART)
    g, ids = table(["Plains", "Plains"], hand_a=["Coldsteel Heart"])
    g.apply(CastSpell(0, ids["Coldsteel Heart"]))
    both_pass(g)
    assert g.pending.data.get("choice") == "color"
    g.apply(Choose(0, ("red",)))
    (heart,) = on_battlefield(g, "Coldsteel Heart")
    g.state.objects[heart].tapped = False
    g.apply(ActivateAbility(0, heart, 0))
    assert g.state.players[0].mana_pool["R"] == 1


@pytest.mark.rules("614.12", "305.1")
def test_a_land_played_chooses_its_color_and_pays_with_it(extra_cards):
    extra_cards(SHIMMERDRIFT_VALE)
    g, ids = table(hand_a=["Shimmerdrift Vale", "Grizzly Bears"])
    g.apply(PlayLand(0, ids["Shimmerdrift Vale"]))
    g.apply(Choose(0, ("green",)))
    (vale,) = on_battlefield(g, "Shimmerdrift Vale")
    assert g.state.objects[vale].tapped and g.state.objects[vale].chosen["color"] == "G"
    g.state.objects[vale].tapped = False
    g.add_card("Plains", 0, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, ids["Grizzly Bears"]))          # {1}{G}: only the Vale's chosen green pays {G}
    assert g.state.objects[vale].tapped and g.state.stack


KROSAN_VORINE = record("Krosan Vorine", "{3}{G}", "Creature — Cat Beast",
                       "Provoke (Whenever this creature attacks, you may have target creature defending player controls "
                       "untap and block it if able.)\nKrosan Vorine can't be blocked by more than one creature.", "3/2")


@pytest.mark.rules("702.39a", "509.1c")
def test_provoke_untaps_a_creature_of_the_defending_player_which_must_block(extra_cards):
    extra_cards(KROSAN_VORINE)
    g, ids = table(["Krosan Vorine", "Grizzly Bears"], ["Llanowar Elves"], step=Step.BEGINNING_OF_COMBAT)
    elves = ids["B:Llanowar Elves"]
    g.state.objects[elves].tapped = True
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Krosan Vorine"]: "P1", ids["Grizzly Bears"]: "P1"}))
    for _ in range(20):
        d = g.pending
        if d.kind is DecisionKind.DECLARE_BLOCKERS:
            break
        if d.kind is DecisionKind.CHOOSE:           # the trigger's target (only a creature B controls) and its "may"
            g.apply(Choose(d.player, (elves,) if elves in d.options else ("yes",) if "yes" in d.options
                           else (d.options[0],)))
        else:
            g.apply(PassPriority(d.player))
    assert not g.state.objects[elves].tapped
    with pytest.raises(IllegalAction, match="509.1c"):
        g.apply(DeclareBlockers(1, {elves: (ids["Grizzly Bears"],)}))
    g.apply(DeclareBlockers(1, {elves: (ids["Krosan Vorine"],)}))


SAVAGE_VENTMAW = record("Savage Ventmaw", "{4}{R}{G}", "Creature — Dragon",
                        "Flying\nWhenever Savage Ventmaw attacks, add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't "
                        "lose this mana as steps and phases end.", "4/4")


@pytest.mark.rules("500.4", "106.4")
def test_mana_not_lost_as_steps_end_until_the_turn_ends(extra_cards):
    extra_cards(SAVAGE_VENTMAW)
    g, ids = table(["Savage Ventmaw"], step=Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Savage Ventmaw"]: "P1"}))
    resolve_stack(g)
    g.state.players[0].mana_pool["U"] += 1        # mana added otherwise is lost as the step ends
    while g.state.step is not Step.MAIN2:
        d = g.pending
        g.apply(DeclareBlockers(d.player, {}) if d.kind is DecisionKind.DECLARE_BLOCKERS else PassPriority(d.player))
    pool = g.state.players[0].mana_pool
    assert (pool["R"], pool["G"], pool["U"]) == (3, 3, 0)
    _to_turn(g, 4, [])
    assert not any(g.state.players[0].mana_pool.values())


SAKIKO = record("Sakiko, Mother of Summer", "{4}{G}{G}", "Legendary Creature — Snake Shaman",
                "Whenever a creature you control deals combat damage to a player, add that much {G}. Until end of "
                "turn, you don't lose this mana as steps and phases end.", "3/3")


@pytest.mark.rules("500.4", "603.2", "510.2")
def test_add_that_much_mana_kept_until_end_of_turn(extra_cards):
    # "Until end of turn, you don't lose this mana ...": the same words in the other order
    extra_cards(SAKIKO)
    g, ids = table(["Sakiko, Mother of Summer", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Sakiko, Mother of Summer"]: "P1", ids["Grizzly Bears"]: "P1"}))
    while g.state.step is not Step.MAIN2:
        d = g.pending
        g.apply(DeclareBlockers(d.player, {}) if d.kind is DecisionKind.DECLARE_BLOCKERS else PassPriority(d.player))
    # one trigger for each creature's damage: 3 and 2
    assert g.state.players[1].life == 15 and g.state.players[0].mana_pool["G"] == 5
    _to_turn(g, 4, [])
    assert not any(g.state.players[0].mana_pool.values())


NEHEB = record("Neheb, Dreadhorde Champion", "{2}{R}{R}", "Legendary Creature — Zombie Minotaur Warrior",
               "Trample\nWhenever Neheb, Dreadhorde Champion deals combat damage to a player or planeswalker, you may "
               "discard any number of cards. If you do, draw that many cards and add that much {R}. Until end of "
               "turn, you don't lose this mana as steps and phases end.", "5/4")


@pytest.mark.rules("500.4", "608.2c", "701.9a")
def test_mana_added_after_if_you_do_is_kept_and_counts_the_discarded_cards(extra_cards):
    # "that much {R}" after "discard any number of cards": as many as were discarded (2), not the 5 damage
    extra_cards(NEHEB)
    g, ids = table(["Neheb, Dreadhorde Champion"], step=Step.BEGINNING_OF_COMBAT,
                   hand_a=["Grizzly Bears", "Forest", "Island"])
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareAttackers(0, {ids["Neheb, Dreadhorde Champion"]: "P1"}))
    discard = [ids["Grizzly Bears"], ids["Forest"]]
    for _ in range(100):
        d = g.pending
        if g.state.step is Step.MAIN2:
            break
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, tuple(o for o in d.options if o in discard) or (d.options[0],)))
        elif d.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(d.player, {}))
        else:
            g.apply(PassPriority(d.player))
    a = g.state.players[0]
    assert g.state.players[1].life == 15
    assert sorted(g.state.objects[o].name for o in a.graveyard) == ["Forest", "Grizzly Bears"]
    assert len(a.hand) == 3 and a.mana_pool["R"] == 2      # Island and two cards drawn; {R}{R} kept into main 2
    _to_turn(g, 4, [])
    assert not any(a.mana_pool.values())


EATEN_ALIVE = record("Eaten Alive", "{B}", "Sorcery",
                     "As an additional cost to cast this spell, sacrifice a creature or pay {3}{B}.\nExile target "
                     "creature or planeswalker.")


def _cast_answering(g, action, answers: dict[str, tuple]) -> None:
    """Casts, answering the cast's questions by their kind of choice."""
    g.apply(action)
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(d.player, answers[d.data["choice"]]))


@pytest.mark.parametrize("pay", [0, 1])
@pytest.mark.rules("601.2b", "601.2h", "118.8")
def test_an_additional_cost_of_the_casters_choice_among_two(extra_cards, pay):
    extra_cards(EATEN_ALIVE)
    g, ids = table(["Swamp", "Swamp", "Swamp", "Swamp", "Llanowar Elves"], ["Grizzly Bears"], hand_a=["Eaten Alive"])
    _cast_answering(g, CastSpell(0, ids["Eaten Alive"], targets=((ids["B:Grizzly Bears"],),)),
                    {"additional_cost": (pay,), "sacrifice": (ids["Llanowar Elves"],)})
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.exile] == ["Grizzly Bears"]
    graveyard = [g.state.objects[o].name for o in g.state.players[0].graveyard]
    swamps_tapped = sum(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).name == "Swamp")
    if pay == 0:        # sacrificed the Elves, paid {B}
        assert sorted(graveyard) == ["Eaten Alive", "Llanowar Elves"] and swamps_tapped == 1
    else:               # paid {3}{B} more
        assert graveyard == ["Eaten Alive"] and swamps_tapped == 4


UTOPIA_SPRAWL = record("Utopia Sprawl", "{G}", "Enchantment — Aura",
                       "Enchant Forest\nAs Utopia Sprawl enters the battlefield, choose a color.\nWhenever enchanted "
                       "Forest is tapped for mana, its controller adds an additional one mana of the chosen color.")


@pytest.mark.rules("605.1b", "614.12")
def test_the_additional_mana_of_the_chosen_color_pays(extra_cards):
    # A fuzz find: the automatic payer counted the Aura's added mana as an unknown "chosen color" letter
    # and crashed while listing the legal actions; it is the Aura's own choice.
    extra_cards(UTOPIA_SPRAWL)
    g, ids = table(["Forest", "Forest"], hand_a=["Utopia Sprawl", "Opt"])
    forests = on_battlefield(g, "Forest")
    g.apply(CastSpell(0, ids["Utopia Sprawl"], targets=((forests[0],),)))
    both_pass(g)
    g.apply(Choose(0, ("blue",)))
    (sprawl,) = on_battlefield(g, "Utopia Sprawl")
    assert g.state.objects[sprawl].attached_to == forests[0]
    g.state.objects[forests[0]].tapped = False
    assert any(isinstance(a, CastSpell) and a.card == ids["Opt"] for a in g.legal_actions())
    g.apply(CastSpell(0, ids["Opt"]))                   # {U}: only the enchanted Forest's added blue pays
    assert g.state.objects[forests[0]].tapped and g.state.stack
