"""Keyword actions played by their own effects (engine/effects/keyword_actions.py, read in
oracle/keyword_actions_text.py): goad 701.15, populate 701.36, bolster 701.39, amass 701.47, explore 701.44, connive
701.50, adapt 701.46, monstrosity 701.37, support 701.41; and renown 702.112 (a designation like monstrous)."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, DeclareAttackers
from tests.engine.driving import advance, cast_and_settle, on_battlefield, pass_until, preferring, settle, table
from tests.engine.test_keyword_combat import creature

SOLDIER = {"name": "Soldier Token", "power": 1, "toughness": 1, "colors": "W", "types": "Creature — Soldier",
           "abilities": []}


def spell(name: str, cost: str, kind: str, text: str) -> dict:
    return {"name": name, "manaCost": cost, "type": kind, "types": [kind], "subtypes": [], "text": text}


WAKE_THE_REFLECTIONS = spell("Wake the Reflections", "{W}", "Sorcery", "Populate. (Create a token that's a copy of a "
                             "creature token you control.)")
BOLSTER = spell("Bolster Test", "{W}", "Sorcery", "Bolster 2. (Choose a creature with the least toughness among "
                "creatures you control and put two +1/+1 counters on it.)")
CALLOUS_DISMISSAL = spell("Callous Dismissal", "{1}{U}", "Sorcery", "Return target nonland permanent to its owner's "
                          "hand.\nAmass 1. (Put a +1/+1 counter on an Army you control. If you don't control one, "
                          "create a 0/0 black Zombie Army creature token first.)")
SADDLEBACK_LAGAC = creature("Saddleback Lagac", "{3}{G}", "Lizard", "When Saddleback Lagac enters the battlefield, "
                            "support 2. (Put a +1/+1 counter on each of up to two other target creatures.)", "3/1")
MERFOLK_BRANCHWALKER = creature("Merfolk Branchwalker", "{1}{G}", "Merfolk Scout", "When Merfolk Branchwalker enters "
                                "the battlefield, it explores.", "2/1")
RAFFINES_INFORMANT = creature("Raffine's Informant", "{1}{W}", "Human Wizard", "When Raffine's Informant enters the "
                              "battlefield, it connives.", "2/1")
SKITTER_EEL = creature("Skitter Eel", "{3}{U}", "Fish Crab", "{2}{U}: Adapt 2. (If this creature has no +1/+1 counters "
                       "on it, put two +1/+1 counters on it.)", "3/3")
KALEMNES_CAPTAIN = creature("Kalemne's Captain", "{3}{W}{W}", "Giant Soldier", "Vigilance\n{5}{W}{W}: Monstrosity 3. "
                            "(If this creature isn't monstrous, put three +1/+1 counters on it and it becomes "
                            "monstrous.)\nWhen Kalemne's Captain becomes monstrous, exile all artifacts and "
                            "enchantments.", "5/5")
TOPAN_FREEBLADE = creature("Topan Freeblade", "{1}{W}", "Human Soldier", "Vigilance\nRenown 1 (When this creature deals "
                           "combat damage to a player, if it isn't renowned, put a +1/+1 counter on it and it becomes "
                           "renowned.)", "2/2")


def cast(g: Game, card: int, targets=None, pick=None) -> None:
    g.set_player(0, mana_pool="WUBRGC" * 2)
    cast_and_settle(g, card, targets=targets, answer=pick or (lambda d: tuple(d.options[:d.min or 1])))


@pytest.mark.rules("701.36a")
def test_populate_copies_a_creature_token(extra_cards):
    extra_cards(WAKE_THE_REFLECTIONS)
    g, ids = table(["Grizzly Bears"], hand_a=["Wake the Reflections"])
    g.add_token(SOLDIER, 0)
    cast(g, ids["Wake the Reflections"])
    assert len(on_battlefield(g, "Soldier Token")) == 2
    assert len(on_battlefield(g, "Grizzly Bears")) == 1


@pytest.mark.rules("701.39a")
def test_bolster_picks_the_least_toughness(extra_cards):
    extra_cards(BOLSTER)
    g, ids = table(["Grizzly Bears", "Hill Giant"], hand_a=["Bolster Test"])
    cast(g, ids["Bolster Test"])
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 2}
    assert g.state.objects[ids["Hill Giant"]].counters == {}


@pytest.mark.rules("701.47a")
def test_amass_makes_an_army_then_grows_it(extra_cards):
    extra_cards(CALLOUS_DISMISSAL)
    g, ids = table(b=["Grizzly Bears"], hand_a=["Callous Dismissal"])
    cast(g, ids["Callous Dismissal"], targets=((ids["B:Grizzly Bears"],),))
    (army,) = on_battlefield(g, "Zombie Army Token")
    assert g.state.objects[army].counters == {"+1/+1": 1}
    g.add_card("Callous Dismissal", 0, Zone.HAND)
    (again,) = [o for o in g.state.players[0].hand if g.characteristics(o).name == "Callous Dismissal"]
    cast(g, again, targets=((army,),))        # the Army itself bounced: a new one is made
    (army2,) = on_battlefield(g, "Zombie Army Token")
    assert g.state.objects[army2].counters == {"+1/+1": 1}


@pytest.mark.rules("701.41a")
def test_support_from_a_permanent_on_up_to_two_other_creatures(extra_cards):
    extra_cards(SADDLEBACK_LAGAC)
    g, ids = table(["Grizzly Bears", "Hill Giant"], hand_a=["Saddleback Lagac"])
    seen: list = []

    def targets(d):
        seen.append(list(d.options))
        return (ids["Grizzly Bears"], ids["Hill Giant"]) if ids["Hill Giant"] in d.options else tuple(d.options[:1])
    cast(g, ids["Saddleback Lagac"], pick=targets)
    (lagac,) = on_battlefield(g, "Saddleback Lagac")
    assert all(lagac not in options for options in seen)      # "other" target creatures
    assert g.state.objects[ids["Grizzly Bears"]].counters == {"+1/+1": 1}
    assert g.state.objects[ids["Hill Giant"]].counters == {"+1/+1": 1}
    assert g.state.objects[lagac].counters == {}


@pytest.mark.rules("701.44a")
@pytest.mark.parametrize("top,counters,in_hand", [("Forest", {}, True), ("Grizzly Bears", {"+1/+1": 1}, False)])
def test_explore_land_to_hand_or_a_counter(extra_cards, top, counters, in_hand):
    extra_cards(MERFOLK_BRANCHWALKER)
    g, ids = table(hand_a=["Merfolk Branchwalker"])
    card = g.add_card(top, 0, Zone.LIBRARY)
    cast(g, ids["Merfolk Branchwalker"], pick=lambda d: ("no",) if "no" in d.options else tuple(d.options[:1]))
    (walker,) = on_battlefield(g, "Merfolk Branchwalker")
    assert g.state.objects[walker].counters == counters
    hand_names = [g.characteristics(o).name for o in g.state.players[0].hand]
    assert (top in hand_names) is in_hand
    if not in_hand:
        assert g.state.players[0].library[-1] == card      # put back on top


@pytest.mark.rules("701.50a")
@pytest.mark.parametrize("discard,counters", [("Forest", {}), ("Lightning Bolt", {"+1/+1": 1})])
def test_connive_draws_discards_and_counts_a_nonland(extra_cards, discard, counters):
    extra_cards(RAFFINES_INFORMANT)
    g, ids = table(hand_a=["Raffine's Informant", "Forest", "Lightning Bolt"])
    pick = preferring(ids[discard])
    cast(g, ids["Raffine's Informant"], pick=pick)
    (informant,) = on_battlefield(g, "Raffine's Informant")
    assert g.state.objects[informant].counters == counters
    assert len(g.state.players[0].hand) == 2       # Forest, Bolt, a drawn Plains, one discarded
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == [discard]


def activate_twice(g: Game, oid: int, pool: str) -> None:
    """Activates the permanent's first ability twice, resolving it each time."""
    for _ in range(2):
        g.set_player(0, mana_pool=pool)
        g.apply(ActivateAbility(0, oid, 0))
        settle(g)


@pytest.mark.rules("701.46a")
def test_adapt_only_without_counters(extra_cards):
    extra_cards(SKITTER_EEL)
    g, ids = table(["Skitter Eel"])
    eel = ids["Skitter Eel"]
    activate_twice(g, eel, "UUUCCC")
    assert g.state.objects[eel].counters == {"+1/+1": 2}


@pytest.mark.rules("701.37a", "701.37b")
def test_monstrosity_once_and_its_trigger(extra_cards):
    extra_cards(KALEMNES_CAPTAIN)
    g, ids = table(["Kalemne's Captain"], ["Ornithopter"])
    captain = ids["Kalemne's Captain"]
    activate_twice(g, captain, "WWWWCCCCC")
    assert g.state.objects[captain].counters == {"+1/+1": 3}
    assert not on_battlefield(g, "Ornithopter")      # "when ~ becomes monstrous": exiled


@pytest.mark.rules("702.112a", "702.112b")
def test_renown_once(extra_cards):
    extra_cards(TOPAN_FREEBLADE)
    g, ids = table(["Topan Freeblade"], step=Step.BEGINNING_OF_COMBAT)
    blade = ids["Topan Freeblade"]
    for turn in (3, 5):
        advance(g, Step.BEGINNING_OF_COMBAT, turn=turn)
        pass_until(g, DecisionKind.DECLARE_ATTACKERS)
        g.apply(DeclareAttackers(0, {blade: "P1"}))
        advance(g, Step.END, turn=turn)
    assert g.state.objects[blade].counters == {"+1/+1": 1}
    assert g.state.players[1].life == 20 - 2 - 3


JEERING_HOMUNCULUS = creature("Jeering Homunculus", "{1}{U}", "Homunculus", "When Jeering Homunculus enters the "
                              "battlefield, you may goad target creature. (Until your next turn, that creature attacks "
                              "each combat if able and attacks a player other than you if able.)", "0/4")


@pytest.mark.rules("701.15a", "701.15b")
def test_goaded_creature_must_attack_until_the_goaders_next_turn(extra_cards):
    extra_cards(JEERING_HOMUNCULUS)
    g, ids = table(b=["Grizzly Bears"], hand_a=["Jeering Homunculus"])
    bears = ids["B:Grizzly Bears"]
    cast(g, ids["Jeering Homunculus"], pick=lambda d: (bears,) if bears in d.options else
         ("yes",) if "yes" in d.options else tuple(d.options[:d.min or 1]))
    advance(g, Step.BEGINNING_OF_COMBAT, turn=4)
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction):
        g.clone().apply(DeclareAttackers(1, {}))
    g.apply(DeclareAttackers(1, {bears: "P0"}))      # 701.15b: in two-player games it attacks the goader
    advance(g, Step.BEGINNING_OF_COMBAT, turn=6)         # the goad ended as A's turn 5 began
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(1, {}))
    assert g.state.turn == 6 and not g.state.combat.attackers


THE_CROWD_GOES_WILD = {"name": "The Crowd Goes Wild", "manaCost": "{X}{G}", "type": "Instant", "types": ["Instant"],
                       "text": "Support X. (Put a +1/+1 counter on each of up to X target creatures.)\nEach creature with "
                               "a +1/+1 counter on it gains trample until end of turn."}


@pytest.mark.rules("701.41a", "107.3a", "601.2c")
def test_support_x_targets_up_to_x_creatures(extra_cards):
    extra_cards(THE_CROWD_GOES_WILD, fully_read=True)
    g, ids = table(["Forest"] * 3 + ["Grizzly Bears", "Llanowar Elves", "Hill Giant"], hand_a=["The Crowd Goes Wild"])
    card, bears, elves, giant = (ids[n] for n in ("The Crowd Goes Wild", "Grizzly Bears", "Llanowar Elves", "Hill Giant"))
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, card, x=2, targets=((bears, elves, giant),)))        # three: more than X
    cast_and_settle(g, card, x=2, targets=((bears, elves),))
    assert [g.state.objects[o].counters for o in (bears, elves, giant)] == [{"+1/+1": 1}, {"+1/+1": 1}, {}]
    assert g.characteristics(bears).has("trample") and not g.characteristics(giant).has("trample")


DRAGONSCALE_GENERAL = creature("Dragonscale General", "{3}{W}", "Human Warrior",
                               "At the beginning of your end step, bolster X, where X is the number of tapped creatures "
                               "you control. (Choose a creature with the least toughness among creatures you control and "
                               "put X +1/+1 counters on it.)", "2/3")


@pytest.mark.rules("701.39a", "107.3a")
def test_bolster_x_counted_as_it_resolves(extra_cards):
    extra_cards(DRAGONSCALE_GENERAL, fully_read=True)
    g, ids = table(["Dragonscale General", "Grizzly Bears", "Hill Giant", "Llanowar Elves"])
    for name in ("Grizzly Bears", "Hill Giant"):
        g.state.objects[ids[name]].tapped = True
    advance(g, Step.END)
    settle(g)
    assert g.state.objects[ids["Llanowar Elves"]].counters == {"+1/+1": 2}
