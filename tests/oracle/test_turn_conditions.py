"""Conditions about what happened this turn or how the board stands (engine.oracle.conditions; 608.2c,
603.4, 611.3a, 602.5b), each compiled from a real card's wording and played through the `Game` API."""
from __future__ import annotations

import pytest

from engine import Game, IllegalAction
from engine.core.enums import Step, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, PlayLand
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

DECOMMISSION = record("Decommission", "{2}{W}", "Instant", "Destroy target artifact or enchantment.\nRevolt — If a "
                      "permanent you controlled left the battlefield this turn, you gain 3 life.")
RITUAL_OF_HOPE = record("Ritual of Hope", "{1}{W}", "Instant", "Creatures you control get +1/+1 until end of turn.\n"
                        "Coven — If you control three or more creatures with different powers, creatures you control "
                        "get +2/+1 until end of turn instead.")
GUTTERBONES = record("Gutterbones", "{B}", "Creature — Skeleton Warrior", "Gutterbones enters the battlefield tapped.\n"
                     "{1}{B}: Return Gutterbones from your graveyard to your hand. Activate only during your turn and "
                     "only if an opponent lost life this turn.", "2/1")
PESTILENCE = record("Pestilence", "{2}{B}{B}", "Enchantment", "At the beginning of the end step, if no creatures are on "
                    "the battlefield, sacrifice Pestilence.\n{B}: Pestilence deals 1 damage to each creature and each "
                    "player.")
PEAT_BOG = record("Peat Bog", None, "Land", "Peat Bog enters the battlefield tapped with two depletion counters on it.\n"
                  "{T}, Remove a depletion counter from Peat Bog: Add {B}{B}. If there are no depletion counters on "
                  "Peat Bog, sacrifice it.")
SECRETKEEPER = record("Secretkeeper", "{3}{U}", "Creature — Spirit", "As long as you have more cards in hand than each "
                      "opponent, Secretkeeper gets +2/+2 and has flying.", "2/2")
TAPESTRY = record("Tapestry of the Ages", "{4}", "Artifact",
                  "{2}, {T}: Draw a card. Activate only if you've cast a noncreature spell this turn.")
MEMNITE = record("Memnite", "{0}", "Artifact Creature — Construct", "", "1/1")


@pytest.mark.rules("608.2c", "207.2c")
@pytest.mark.parametrize("whose,gained", [("B:", 0), ("", 3)])
def test_revolt_a_permanent_you_controlled_left(extra_cards, whose, gained):
    extra_cards(DECOMMISSION, MEMNITE)
    g, ids = table(["Plains"] * 3 + ["Memnite"], ["Memnite"], ["Decommission"])
    life = g.state.players[0].life
    cast_and_resolve(g, ids["Decommission"], targets=((ids[whose + "Memnite"],),))
    assert g.state.players[0].life == life + gained


@pytest.mark.rules("608.2c", "207.2c")
def test_coven_three_different_powers(extra_cards):
    extra_cards(RITUAL_OF_HOPE, MEMNITE)
    for creatures, pump in ((["Grizzly Bears", "Memnite"], (3, 3)), (["Grizzly Bears", "Memnite", "Ornithopter"], (4, 3))):
        g, ids = table(["Plains"] * 2 + creatures, [], ["Ritual of Hope"])
        cast_and_resolve(g, ids["Ritual of Hope"])
        bears = g.characteristics(ids["Grizzly Bears"])
        assert (bears.power, bears.toughness) == pump


@pytest.mark.rules("602.5b", "119.3")
def test_activate_only_if_an_opponent_lost_life(extra_cards):
    extra_cards(GUTTERBONES)
    g, ids = table(["Swamp", "Swamp", "Mountain"], [], ["Lightning Bolt"])
    bones = g.add_card("Gutterbones", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction, match="602.5b"):
        g.apply(ActivateAbility(0, bones, 0))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    activate_and_resolve(g, bones, 0)
    assert bones not in g.state.players[0].graveyard and len(g.state.players[0].hand) == 1


@pytest.mark.rules("603.4", "513.1a")
@pytest.mark.parametrize("creature,stays", [(None, False), ("Grizzly Bears", True)])
def test_if_no_creatures_are_on_the_battlefield(extra_cards, creature, stays):
    extra_cards(PESTILENCE)
    g, ids = table(["Pestilence"], [creature] if creature else [])
    advance(g, Step.END)
    resolve_stack(g)
    assert bool(on_battlefield(g, "Pestilence")) == stays


@pytest.mark.rules("608.2c", "605.3b")
def test_if_there_are_no_counters_on_it(extra_cards):
    extra_cards(PEAT_BOG)
    g, ids = table([])
    bog = g.add_card("Peat Bog", 0, Zone.BATTLEFIELD)
    g.state.objects[bog].counters["depletion"] = 2
    g.apply(ActivateAbility(0, bog, 0))
    assert on_battlefield(g, "Peat Bog") and g.state.players[0].mana_pool["B"] == 2
    g.state.objects[bog].tapped = False
    g.apply(ActivateAbility(0, bog, 0))
    assert not on_battlefield(g, "Peat Bog") and g.state.players[0].mana_pool["B"] == 4


@pytest.mark.rules("611.3a")
def test_as_long_as_more_cards_in_hand_than_each_opponent(extra_cards):
    extra_cards(SECRETKEEPER)
    g, ids = table(["Secretkeeper"], [], ["Plains"], hand_b=["Plains"])
    assert g.characteristics(ids["Secretkeeper"]).power == 2
    g.add_card("Island", 0, Zone.HAND)
    keeper = g.characteristics(ids["Secretkeeper"])
    assert keeper.power == 4 and keeper.has("flying")


@pytest.mark.rules("602.5b", "601.2")
def test_activate_only_if_you_cast_a_noncreature_spell(extra_cards):
    extra_cards(TAPESTRY, MEMNITE)
    g, ids = table(["Tapestry of the Ages", "Plains", "Plains", "Mountain"], [], ["Memnite", "Lightning Bolt"])
    cast_and_resolve(g, ids["Memnite"])
    with pytest.raises(IllegalAction, match="602.5b"):
        g.apply(ActivateAbility(0, ids["Tapestry of the Ages"], 0))
    cast_and_resolve(g, ids["Lightning Bolt"], targets=(("P1",),))
    activate_and_resolve(g, ids["Tapestry of the Ages"], 0)
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Plains"]


KITESAIL_APPRENTICE = record("Kitesail Apprentice", "{W}", "Creature — Kor Soldier", "As long as Kitesail Apprentice is "
                             "equipped, it gets +1/+1 and has flying.", "1/1")
SINUOUS_VERMIN = record("Sinuous Vermin", "{B}", "Creature — Rat Horror", "{3}{B}{B}: Monstrosity 3. (If this creature "
                        "isn't monstrous, put three +1/+1 counters on it and it becomes monstrous.)\nAs long as Sinuous "
                        "Vermin is monstrous, it has menace.", "1/1")


@pytest.mark.rules("611.3a", "301.5")
def test_as_long_as_it_is_equipped(extra_cards):
    extra_cards(KITESAIL_APPRENTICE)
    g, ids = table(["Kitesail Apprentice", "Bonesplitter", "Plains"])
    kor = ids["Kitesail Apprentice"]
    assert not g.characteristics(kor).has("flying")
    activate_and_resolve(g, ids["Bonesplitter"], 0, targets=((kor,),))
    ch = g.characteristics(kor)
    assert ch.has("flying") and (ch.power, ch.toughness) == (1 + 2 + 1, 2)


@pytest.mark.rules("611.3a", "701.37b")
def test_as_long_as_it_is_monstrous(extra_cards):
    extra_cards(SINUOUS_VERMIN)
    g, ids = table(["Sinuous Vermin"] + ["Swamp"] * 5)
    rat = ids["Sinuous Vermin"]
    assert not g.characteristics(rat).has("menace")
    activate_and_resolve(g, rat, 0)
    assert g.characteristics(rat).has("menace")


LOYAL_DRAKE = record("Loyal Drake", "{2}{U}", "Creature — Drake", "Flying\nLieutenant — At the beginning of combat on "
                     "your turn, if you control your commander, draw a card.", "2/2")


@pytest.mark.rules("903.3", "603.4")
@pytest.mark.parametrize("zone,drawn", [(Zone.BATTLEFIELD, 1), (Zone.COMMAND, 0)])
def test_if_you_control_your_commander(extra_cards, zone, drawn):
    extra_cards(LOYAL_DRAKE)
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Plains", p, Zone.LIBRARY)
    g.add_card("Loyal Drake", 0, Zone.BATTLEFIELD)
    g.designate_commander(g.add_card("Isamaru, Hound of Konda", 0, zone), 0)
    g.designate_commander(g.add_card("Kalitas, Traitor of Ghet", 1, Zone.COMMAND), 1)
    g.start_at(3, 0, "main1")
    g.resume()
    hand = len(g.state.players[0].hand)
    advance(g, Step.BEGINNING_OF_COMBAT)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + drawn


MYOJIN = record("Myojin of Cleansing Fire", "{5}{W}{W}", "Legendary Creature — Spirit", "Myojin of Cleansing Fire enters "
                "the battlefield with a divinity counter on it if you cast it from your hand.\nMyojin of Cleansing Fire has "
                "indestructible as long as it has a divinity counter on it.\nRemove a divinity counter from Myojin of "
                "Cleansing Fire: Destroy all other creatures.", "4/6")
REIVER_DEMON = record("Reiver Demon", "{4}{B}{B}{B}{B}", "Creature — Demon", "Flying\nWhen Reiver Demon enters the "
                      "battlefield, if you cast it from your hand, destroy all nonartifact, nonblack creatures. They can't "
                      "be regenerated.", "6/6")


@pytest.mark.rules("601.2a", "614.1c", "603.4")
@pytest.mark.parametrize("cast_from,from_hand", [("hand", True), ("exile", False)])
def test_if_you_cast_it_from_your_hand(extra_cards, cast_from, from_hand):
    extra_cards(MYOJIN, REIVER_DEMON)
    g, ids = table(["Plains"] * 7 + ["Swamp"] * 8, ["Grizzly Bears"], ["Myojin of Cleansing Fire", "Reiver Demon"])
    for name in ("Myojin of Cleansing Fire", "Reiver Demon"):
        g.apply(CastSpell(0, ids[name]))
        g.state.objects[g.state.stack[-1]].stack.cast_from = cast_from      # as if cast from exile
        resolve_stack(g)
    (myojin,) = on_battlefield(g, "Myojin of Cleansing Fire")
    assert g.state.objects[myojin].counters.get("divinity", 0) == (1 if from_hand else 0)
    assert bool(on_battlefield(g, "Grizzly Bears")) != from_hand


MARTIAL_COUP = record("Martial Coup", "{X}{W}{W}", "Sorcery", "Create X 1/1 white Soldier creature tokens. If X is 5 or "
                      "more, destroy all other creatures.")


@pytest.mark.rules("608.2c", "107.3a")
@pytest.mark.parametrize("x,bears", [(4, True), (5, False)])
def test_if_x_is_n_or_more(extra_cards, x, bears):
    extra_cards(MARTIAL_COUP)
    g, ids = table(["Plains"] * (x + 2), ["Grizzly Bears"], ["Martial Coup"])
    cast_and_resolve(g, ids["Martial Coup"], x=x)
    assert bool(on_battlefield(g, "Grizzly Bears")) == bears
    assert len(on_battlefield(g, "Soldier Token")) == x      # "other": the tokens it created survive


MYSTERIES_OF_THE_DEEP = record("Mysteries of the Deep", "{4}{U}", "Instant", "Draw two cards.\nLandfall — If you had a "
                               "land enter the battlefield under your control this turn, draw three cards instead.")


@pytest.mark.rules("608.2c", "207.2c", "305.1")
@pytest.mark.parametrize("land_first,drawn", [(False, 2), (True, 3)])
def test_if_you_had_a_land_enter_this_turn(extra_cards, land_first, drawn):
    extra_cards(MYSTERIES_OF_THE_DEEP)
    g, ids = table(["Island"] * 5, [], ["Mysteries of the Deep", "Forest"])
    if land_first:
        g.apply(PlayLand(0, ids["Forest"]))
    hand = len(g.state.players[0].hand)
    cast_and_resolve(g, ids["Mysteries of the Deep"])
    assert len(g.state.players[0].hand) == hand - 1 + drawn
