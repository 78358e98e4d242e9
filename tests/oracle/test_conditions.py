"""The condition grammar (engine.oracle.conditions; 608.2c, 603.4, 611.3a, 602.5b): each construct compiled
from its wording, then played: the effect happens, applies or may be activated only while the text says."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.abilities import Amount, Condition, Filter, Ref
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand
from engine.oracle.conditions import Restriction, activation_restriction, parse_condition
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, on_battlefield,
                                  resolve_stack, table)
from tests.oracle.conftest import record

ARTIFACTS = Filter(types=frozenset({"Artifact"}), controller="you")


@pytest.mark.rules("608.2c", "611.3a")
@pytest.mark.parametrize("text,condition", [
    ("you control three or more artifacts", Condition("amount_at_least", 3, amount=Amount("count", filter=ARTIFACTS))),
    ("you control two or fewer artifacts", Condition("amount_at_most", 2, amount=Amount("count", filter=ARTIFACTS))),
    ("you control no islands", Condition("amount_at_most", 0, amount=Amount(
        "count", filter=Filter(subtypes=frozenset({"Island"}), controller="you")))),
    ("an opponent controls an artifact", Condition("amount_at_least", 1, amount=Amount(
        "count", filter=Filter(types=frozenset({"Artifact"}), controller="opponent")))),
    ("seven or more cards are in your graveyard",
     Condition("amount_at_least", 7, amount=Amount("cards_in_graveyard", ref=Ref("you")))),
    ("there are four or more card types among cards in all graveyards",
     Condition("amount_at_least", 4, amount=Amount("card_types_in_graveyards"))),
    ("there are three or more charge counters on ~",
     Condition("amount_at_least", 3, amount=Amount("counters_on", ref=Ref("self"), counter="charge"))),
    ("you have four or more cards in hand",
     Condition("amount_at_least", 4, amount=Amount("cards_in_hand", ref=Ref("you")))),
    ("it's not your turn", Condition("your_turn", negate=True)),
    ("~ is attacking", Condition("source_matches", filter=Filter(attacking=True))),
    ("enchanted creature is blue", Condition("attached_matches", filter=Filter(colors=frozenset({"U"})))),
])
def test_condition_wordings(text, condition):
    assert parse_condition(text) == condition


@pytest.mark.rules("602.5b")
def test_activation_restriction_wordings():
    assert activation_restriction("activate only during your turn") == Restriction(condition=Condition("your_turn"))
    assert activation_restriction("activate only if you control three or more artifacts") == Restriction(
        condition=parse_condition("you control three or more artifacts"))


YOUR_TURN = Condition("your_turn")


@pytest.mark.rules("602.5b", "602.5d", "503.1", "506.1", "508.1", "509.1")
@pytest.mark.parametrize("text,restriction", [
    ("activate only during your upkeep",
     Restriction(condition=Condition("all", all_of=(YOUR_TURN, Condition("during_step", step="upkeep"))))),
    ("activate only during your turn, before attackers are declared",
     Restriction(condition=Condition("all", all_of=(YOUR_TURN, Condition("during_step", step="before_attackers"))))),
    ("activate only during an opponent's turn", Restriction(condition=Condition("your_turn", negate=True))),
    ("activate only during combat", Restriction(condition=Condition("during_step", step="combat"))),
    ("activate only during the end of combat step", Restriction(condition=Condition("during_step", step="end_of_combat"))),
    ("activate only during combat before blockers are declared", Restriction(condition=Condition(
        "all", all_of=(Condition("during_step", step="combat"), Condition("during_step", step="before_blockers"))))),
    ("activate only as a sorcery", Restriction(sorcery=True)),
    ("activate this ability only any time you could cast a sorcery", Restriction(sorcery=True)),
    ("activate only as an instant", Restriction()),
    ("activate only once each turn", Restriction(times=1)),
    ("activate only during your turn and only once each turn", Restriction(times=1, condition=YOUR_TURN)),
    ("activate only as a sorcery and only if you have one or fewer cards in hand", Restriction(
        sorcery=True, condition=Condition("amount_at_most", 1, amount=Amount("cards_in_hand", ref=Ref("you"))))),
])
def test_activation_restriction_forms(text, restriction):
    assert activation_restriction(text) == restriction


@pytest.mark.rules("602.5b")
def test_unknown_activation_restriction_is_unread():
    assert activation_restriction("activate only during your second main phase of the game") is None


@pytest.mark.rules("608.2c")
@pytest.mark.parametrize("forests,drawn", [(1, 0), (2, 2)])
def test_if_you_control_n_or_more(extra_cards, forests, drawn):
    name = f"Grove Insight {forests}"
    extra_cards(record(name, "{W}", "Sorcery", "If you control two or more Forests, draw two cards."))
    g, ids = table(["Plains", "Forest"], [], [name])
    for _ in range(forests - 1):
        g.add_card("Forest", 0, Zone.BATTLEFIELD)      # table() keeps one card per name
    cast_and_resolve(g, ids[name])
    assert len(g.state.players[0].hand) == drawn


@pytest.mark.rules("611.3a")
def test_as_long_as_cards_in_graveyard(extra_cards):
    extra_cards(record("Threshold Brute", "{2}{G}", "Creature — Beast",
                       "Threshold Brute gets +2/+2 as long as seven or more cards are in your graveyard.", "2/2"))
    g, ids = table(["Threshold Brute"], [])
    brute = ids["Threshold Brute"]
    for _ in range(6):
        g.add_card("Plains", 0, Zone.GRAVEYARD)
    assert g.characteristics(brute).power == 2
    g.add_card("Plains", 0, Zone.GRAVEYARD)
    assert (g.characteristics(brute).power, g.characteristics(brute).toughness) == (4, 4)


@pytest.mark.rules("602.5b")
def test_activate_only_during_your_turn(extra_cards):
    extra_cards(record("Turn Scepter", "{2}", "Artifact", "{T}: Draw a card. Activate only during your turn."))
    g, ids = table([], ["Turn Scepter"], active=0)
    g.apply(PassPriority(0))                     # B has priority during A's turn
    with pytest.raises(IllegalAction, match="602.5b"):
        g.apply(ActivateAbility(1, ids["B:Turn Scepter"], 0))
    g, ids = table([], ["Turn Scepter"], active=1)
    hand = len(g.state.players[1].hand)
    activate_and_resolve(g, ids["B:Turn Scepter"], 0, player=1)
    assert len(g.state.players[1].hand) == hand + 1


@pytest.mark.rules("611.3a", "303.4")
def test_as_long_as_enchanted_creature_is(extra_cards):
    extra_cards(record("Blue Blessing", "{W}", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature gets +2/+2 as long as enchanted creature is blue."),
                record("Blue Bird", "{U}", "Creature — Bird", "", "1/1"))
    for bearer, power in (("Blue Bird", 3), ("Grizzly Bears", 2)):
        g, ids = table(["Plains", bearer], [], ["Blue Blessing"])
        cast_and_resolve(g, ids["Blue Blessing"], targets=((ids[bearer],),))
        assert g.characteristics(ids[bearer]).power == power


@pytest.mark.rules("614.1c", "702.33d")
def test_if_kicked_it_enters_with_counters(extra_cards):
    extra_cards(record("Kavu Test", "{1}{G}", "Creature — Kavu",
                       "Kicker {2}{G}\nIf Kavu Test was kicked, it enters with three +1/+1 counters on it.", "2/2"))
    for kicked, counters in ((True, 3), (False, None)):
        g, ids = table(["Forest"] * 5, [], ["Kavu Test"])
        cast_and_resolve(g, ids["Kavu Test"], kicked=kicked)
        (kavu,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Kavu Test"]
        assert g.state.objects[kavu].counters.get("+1/+1") == counters


@pytest.mark.rules("118.12")
def test_unless_you_pay_is_a_payment_choice(card):
    from engine.core.effect_types import MayPay, SacrificeSelf
    from engine.core.mana import ManaCost
    d = card("Upkeep Test", "{1}{U}", "Creature — Illusion", "At the beginning of your upkeep, sacrifice Upkeep Test "
             "unless you pay {U}.", "2/2")
    assert d.triggered[0].mode.effects == (MayPay(ManaCost.parse("{U}"), otherwise=(SacrificeSelf(),)),)


@pytest.mark.rules("611.3a", "122.1")
def test_as_long_as_it_means_the_source_itself(card):
    d = card("Lance Test", "{1}{W}", "Creature — Knight", "Lance Test has first strike as long as it's attacking.", "2/2")
    assert d.static[0].condition == Condition("source_matches", filter=Filter(attacking=True))
    d = card("Quest Test", "{W}", "Enchantment", "As long as Quest Test has four or more quest counters on it, creatures "
             "you control get +1/+1.")
    assert d.static[0].condition == Condition("amount_at_least", 4, amount=Amount("counters_on", ref=Ref("self"),
                                                                                counter="quest"))
    # "it" can't be the source when the ability changes other objects: unread rather than guessed.
    assert card("Other Test", "{1}{W}", "Creature — Knight", "Creatures you control get +1/+1 as long as it's "
                "attacking.", "2/2").unsupported


@pytest.mark.rules("614.1c", "305.7")
@pytest.mark.parametrize("basics,tapped", [(1, True), (2, False)])
def test_enters_tapped_unless_you_control_two_basic_lands(extra_cards, basics, tapped):
    extra_cards(record("Cinder Glade", None, "Land — Mountain Forest",
                       "({T}: Add {R} or {G}.)\nCinder Glade enters the battlefield tapped unless you control two or "
                       "more basic lands."))
    g, ids = table(["Forest"] * basics, [], ["Cinder Glade"])
    g.apply(PlayLand(0, ids["Cinder Glade"]))
    (glade,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Cinder Glade"]
    assert g.state.objects[glade].tapped is tapped


@pytest.mark.rules("614.1c")
def test_enters_tapped_unless_two_or_more_opponents_reads_the_opponents(card):
    d = card("Vault Test", None, "Land", "Vault Test enters the battlefield tapped unless you have two or more "
             "opponents.")
    assert d.static[0].condition == Condition("amount_at_least", 2, amount=Amount("players", ref=Ref("each_opponent")),
                                              negate=True)


@pytest.mark.rules("608.2c", "205.2a")
def test_delirium_counts_card_types_in_your_graveyard_only(card):
    c = parse_condition("there are four or more card types among cards in your graveyard")
    assert c == Condition("amount_at_least", 4, amount=Amount("card_types_in_graveyards", ref=Ref("you")))


@pytest.mark.rules("608.2c", "701.23a")
@pytest.mark.parametrize("b_lands,searched", [(3, True), (1, False)])
def test_gift_of_estates_searches_only_if_an_opponent_controls_more_lands(extra_cards, b_lands, searched):
    extra_cards(record("Gift of Estates", "{1}{W}", "Sorcery",
                       "If an opponent controls more lands than you, search your library for up to three Plains cards, "
                       "reveal them, put them into your hand, then shuffle."))
    g, ids = table(["Plains", "Plains"], ["Forest"] * b_lands, ["Gift of Estates"])
    g.apply(CastSpell(0, ids["Gift of Estates"]))
    while g.pending.kind.value == "priority" and g.state.stack:
        g.apply(PassPriority(g.pending.player))
    asked = bool(g.state.stack) and g.pending.kind.value != "priority"
    assert asked is searched


@pytest.mark.rules("608.2c", "702.33d")
def test_if_kicked_instead_replaces_the_previous_instruction(card):
    from engine.core.effect_types import Conditional, SearchLibrary
    d = card("Kick Search", "{G}", "Sorcery", "Kicker {4}\nSearch your library for a basic land card, put it onto "
             "the battlefield, then shuffle. If Kick Search was kicked, instead search your library for up to two "
             "basic land cards, put them onto the battlefield, then shuffle.")
    (cond,) = d.spell.modes[0].effects
    assert isinstance(cond, Conditional) and cond.condition == Condition("kicked")
    assert [e.max for e in cond.then] == [2] and [e.max for e in cond.otherwise] == [1]
    assert all(isinstance(e, SearchLibrary) for e in cond.then + cond.otherwise)


@pytest.mark.rules("608.2c", "508.1")
def test_unless_a_condition_in_a_spell(card):
    from engine.core.effect_types import Conditional, Discard
    d = card("Course Test", "{U}{R}", "Sorcery", "Draw two cards. Then discard a card unless you attacked this turn.")
    cond = d.spell.modes[0].effects[-1]
    assert isinstance(cond, Conditional) and cond.condition == Condition("attacked_this_turn", negate=True)
    assert isinstance(cond.then[0], Discard)


MYOJIN_OF_CLEANSING_FIRE = record("Myojin of Cleansing Fire", "{5}{W}", "Legendary Creature — Spirit",
                                  "Myojin of Cleansing Fire enters the battlefield with a divinity counter on it if you "
                                  "cast it from your hand.\nMyojin of Cleansing Fire has indestructible as long as it "
                                  "has a divinity counter on it.\nRemove a divinity counter from Myojin of Cleansing "
                                  "Fire: Destroy all other creatures.", "4/6")
ZOMBIFY = record("Zombify", "{3}{B}", "Sorcery", "Return target creature card from your graveyard to the battlefield.")
ARROGANT_OUTLAW = record("Arrogant Outlaw", "{2}{B}", "Creature — Vampire Noble",
                         "When Arrogant Outlaw enters the battlefield, if an opponent lost life this turn, each "
                         "opponent loses 2 life and you gain 2 life.", "3/2")
HIDDEN_STOCKPILE = record("Hidden Stockpile", "{W}{B}", "Enchantment",
                          "Revolt — At the beginning of your end step, if a permanent you controlled left the "
                          "battlefield this turn, create a 1/1 colorless Servo artifact creature token.\n{1}, "
                          "Sacrifice a creature: Scry 1.")


@pytest.mark.rules("400.7d", "614.1c")
@pytest.mark.parametrize("how,counters", [("cast", 1), ("zombify", 0)])
def test_if_you_cast_it_from_your_hand(extra_cards, how, counters):
    extra_cards(MYOJIN_OF_CLEANSING_FIRE, ZOMBIFY)
    lands = ["Plains"] * 6 + ["Swamp"] * 4
    if how == "cast":
        g, ids = table(lands, hand_a=["Myojin of Cleansing Fire"])
        g.apply(CastSpell(0, ids["Myojin of Cleansing Fire"]))
    else:
        g, ids = table(lands, hand_a=["Zombify"])
        myojin = g.add_card("Myojin of Cleansing Fire", 0, Zone.GRAVEYARD)
        g.apply(CastSpell(0, ids["Zombify"], targets=((myojin,),)))
    resolve_stack(g)
    (myojin,) = on_battlefield(g, "Myojin of Cleansing Fire")
    assert g.state.objects[myojin].counters.get("divinity", 0) == counters


@pytest.mark.rules("603.4")
@pytest.mark.parametrize("shock_first,b_life", [(True, 16), (False, 20)])
def test_if_an_opponent_lost_life_this_turn(extra_cards, shock_first, b_life):
    extra_cards(ARROGANT_OUTLAW)
    g, ids = table(["Swamp"] * 3 + ["Mountain"], hand_a=["Arrogant Outlaw", "Shock"])
    if shock_first:
        cast_and_resolve(g, ids["Shock"], targets=(("P1",),))
    cast_and_resolve(g, ids["Arrogant Outlaw"])
    assert g.state.players[1].life == b_life
    assert g.state.players[0].life == (22 if shock_first else 20)


@pytest.mark.rules("603.4", "207.2c")
@pytest.mark.parametrize("sacrifice,servos", [(True, 1), (False, 0)])
def test_revolt_a_permanent_you_controlled_left_the_battlefield(extra_cards, sacrifice, servos):
    extra_cards(HIDDEN_STOCKPILE)
    g, ids = table(["Hidden Stockpile", "Grizzly Bears", "Plains"])
    if sacrifice:
        g.apply(ActivateAbility(0, ids["Hidden Stockpile"], 0))
        if g.pending.kind is DecisionKind.CHOOSE:           # the creature to sacrifice
            g.apply(Choose(0, (ids["Grizzly Bears"],)))
        both_pass(g)
        while g.pending.kind is DecisionKind.CHOOSE:        # scry 1
            g.apply(Choose(0, tuple(g.pending.options[:g.pending.min])))
        assert ids["Grizzly Bears"] not in g.state.battlefield
    advance(g, Step.END)
    resolve_stack(g)
    assert len(on_battlefield(g, "Servo Token")) == servos


PESTILENCE = record("Pestilence", "{2}{B}{B}", "Enchantment",
                    "{B}: Pestilence deals 1 damage to each creature and each player.\nAt the beginning of the end "
                    "step, if no creatures are on the battlefield, sacrifice Pestilence.")


@pytest.mark.rules("603.4")
@pytest.mark.parametrize("creatures,stays", [(["Grizzly Bears"], True), ([], False)])
def test_if_no_creatures_are_on_the_battlefield(extra_cards, creatures, stays):
    extra_cards(PESTILENCE)
    g, ids = table(["Pestilence"], creatures)
    advance(g, Step.END)
    resolve_stack(g)
    assert bool(on_battlefield(g, "Pestilence")) is stays


HICKORY_WOODLOT = record("Hickory Woodlot", None, "Land",
                         "Hickory Woodlot enters the battlefield tapped with two depletion counters on it.\n{T}, Remove "
                         "a depletion counter from Hickory Woodlot: Add {G}{G}. If there are no depletion counters on "
                         "Hickory Woodlot, sacrifice it.")


@pytest.mark.rules("608.2c", "605.3b")
@pytest.mark.parametrize("counters,stays", [(2, True), (1, False)])
def test_if_there_are_no_depletion_counters_sacrifice_it(extra_cards, counters, stays):
    extra_cards(HICKORY_WOODLOT)
    g, ids = table(["Hickory Woodlot"])
    g.state.objects[ids["Hickory Woodlot"]].counters["depletion"] = counters
    g.apply(ActivateAbility(0, ids["Hickory Woodlot"], 0))
    assert g.state.players[0].mana_pool["G"] == 2
    assert bool(on_battlefield(g, "Hickory Woodlot")) is stays
SINUOUS_VERMIN = record("Sinuous Vermin", "{1}{B}", "Creature — Rat Horror",
                        "{3}{B}{B}: Monstrosity 3. (If this creature isn't monstrous, put three +1/+1 counters on it "
                        "and it becomes monstrous.)\nAs long as Sinuous Vermin is monstrous, it has menace. (It can't be "
                        "blocked except by two or more creatures.)", "2/2")
AURIOK_GLAIVEMASTER = record("Auriok Glaivemaster", "{W}", "Creature — Human Soldier",
                             "As long as Auriok Glaivemaster is equipped, it gets +1/+1 and has first strike.", "1/1")


@pytest.mark.rules("611.3a", "701.37b")
def test_as_long_as_it_is_monstrous_it_has_menace(extra_cards):
    extra_cards(SINUOUS_VERMIN, fully_read=True)
    g, ids = table(["Sinuous Vermin"] + ["Swamp"] * 5)
    vermin = ids["Sinuous Vermin"]
    assert not g.characteristics(vermin).has("menace")
    activate_and_resolve(g, vermin, 0)
    assert g.characteristics(vermin).has("menace") and g.characteristics(vermin).power == 5


@pytest.mark.rules("611.3a", "301.5")
def test_as_long_as_it_is_equipped(extra_cards):
    extra_cards(AURIOK_GLAIVEMASTER, fully_read=True)
    g, ids = table(["Auriok Glaivemaster", "Bonesplitter"])
    glaivemaster = ids["Auriok Glaivemaster"]
    assert (g.characteristics(glaivemaster).power, g.characteristics(glaivemaster).has("first strike")) == (1, False)
    g.attach(ids["Bonesplitter"], glaivemaster)
    # Bonesplitter's +2/+0 and the Glaivemaster's own +1/+1
    assert (g.characteristics(glaivemaster).power, g.characteristics(glaivemaster).has("first strike")) == (4, True)
