"""Activated-ability costs read by engine.oracle.costs_text (602.1a, 118): each form compiled from a real
card's wording, then paid through the `Game` API."""
from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from tests.engine.driving import activate_and_resolve, on_battlefield, resolve_stack, settle, table
from tests.oracle.conftest import record
from tests.oracle.test_attacks_your_opponents import JOLENE

BRITTLE_EFFIGY = record("Brittle Effigy", "{1}", "Artifact", "{4}, {T}, Exile Brittle Effigy: Exile target creature.")
SOUL_OF_ZENDIKAR = record("Soul of Zendikar", "{4}{G}{G}", "Creature — Avatar",
                          "Reach\n{3}{G}{G}: Create a 3/3 green Beast creature token.\n"
                          "{3}{G}{G}, Exile Soul of Zendikar from your graveyard: Create a 3/3 green Beast creature "
                          "token.", "6/6")
SIMIAN_SPIRIT_GUIDE = record("Simian Spirit Guide", "{2}{R}", "Creature — Ape Spirit",
                             "Exile Simian Spirit Guide from your hand: Add {R}.", "2/2")
BROKEN_FALL = record("Broken Fall", "{2}{G}", "Enchantment",
                     "Return Broken Fall to its owner's hand: Regenerate target creature.")
OGRE_SHAMAN = record("Ogre Shaman", "{3}{R}{R}", "Creature — Ogre Shaman",
                     "{2}, Discard a card at random: Ogre Shaman deals 2 damage to any target.", "3/3")


@pytest.mark.rules("602.1a", "118.3", "406.1")
def test_exile_self_from_the_battlefield(extra_cards):
    extra_cards(BRITTLE_EFFIGY)
    g, ids = table(["Brittle Effigy"] + ["Plains"] * 4, ["Grizzly Bears"])
    g.apply(ActivateAbility(0, ids["Brittle Effigy"], 0, targets=((ids["B:Grizzly Bears"],),)))
    assert g.state.objects[next(iter(g.state.exile))].name == "Brittle Effigy"       # paid: exiled at once
    resolve_stack(g)
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Brittle Effigy", "Grizzly Bears"]


@pytest.mark.rules("602.1a", "113.6k")
def test_exile_self_from_your_graveyard(extra_cards):
    extra_cards(SOUL_OF_ZENDIKAR)
    g, ids = table(["Forest"] * 5)
    soul = g.add_card("Soul of Zendikar", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, soul, 1)
    assert [g.state.objects[o].name for o in g.state.exile] == ["Soul of Zendikar"]
    assert [g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].token] == ["Beast Token"]
    with pytest.raises(IllegalAction):
        # The battlefield ability doesn't work from the graveyard, nor this one from the battlefield.
        g.apply(ActivateAbility(0, g.add_card("Soul of Zendikar", 0, Zone.GRAVEYARD), 0))


@pytest.mark.rules("602.1a", "113.6m", "605.3b")
def test_exile_self_from_your_hand_is_a_mana_ability(extra_cards):
    extra_cards(SIMIAN_SPIRIT_GUIDE)
    g, ids = table([], [], ["Simian Spirit Guide"])
    g.apply(ActivateAbility(0, ids["Simian Spirit Guide"], 0))
    assert g.state.players[0].mana_pool["R"] == 1
    assert [g.state.objects[o].name for o in g.state.exile] == ["Simian Spirit Guide"]


@pytest.mark.rules("602.1a", "701.19a")
def test_return_self_to_hand(extra_cards):
    extra_cards(BROKEN_FALL)
    g, ids = table(["Broken Fall", "Grizzly Bears"])
    g.apply(ActivateAbility(0, ids["Broken Fall"], 0, targets=((ids["Grizzly Bears"],),)))
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Broken Fall"]
    resolve_stack(g)
    assert g.state.objects[ids["Grizzly Bears"]].regen_shields == 1


@pytest.mark.rules("602.1a", "701.9b")
def test_discard_a_card_at_random(extra_cards):
    extra_cards(OGRE_SHAMAN)
    g, ids = table(["Ogre Shaman", "Plains", "Plains"], [], ["Forest", "Island", "Swamp"])
    life = g.state.players[1].life
    g.apply(ActivateAbility(0, ids["Ogre Shaman"], 0, targets=(("P1",),)))
    assert len(g.state.players[0].hand) == 2 and len(g.state.players[0].graveyard) == 1
    resolve_stack(g)
    assert g.state.players[1].life == life - 2
    g2, ids2 = table(["Ogre Shaman", "Plains", "Plains"])
    with pytest.raises(IllegalAction, match="discard"):
        g2.apply(ActivateAbility(0, ids2["Ogre Shaman"], 0, targets=(("P1",),)))


TEMPLE = record("Temple of the False God", None, "Land", "{T}: Add {C}{C}. Activate only if you control five or more lands.")


@pytest.mark.rules("602.5b", "605.3a")
@pytest.mark.parametrize("lands,paid", [(3, False), (4, True)])
def test_mana_ability_with_an_activation_restriction(extra_cards, lands, paid):
    extra_cards(TEMPLE)
    g, ids = table(["Temple of the False God"] + ["Wastes"] * lands, [], ["Bonesplitter"])
    for o in on_battlefield(g, "Wastes"):
        g.state.objects[o].tapped = True
    if not paid:
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, ids["Temple of the False God"], 0))
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Bonesplitter"]))       # the automatic payer can't use it either
        return
    g.apply(CastSpell(0, ids["Bonesplitter"]))
    assert g.state.objects[ids["Temple of the False God"]].tapped and g.state.players[0].mana_pool["C"] == 1


CRUEL_SADIST = record("Cruel Sadist", "{B}", "Creature — Human Assassin", "{B}, {T}, Pay 1 life: Put a +1/+1 counter on "
                      "Cruel Sadist.\n{2}{B}, {T}, Remove X +1/+1 counters from Cruel Sadist: It deals X damage to target "
                      "creature.", "1/1")
MAGE_RING_NETWORK = record("Mage-Ring Network", None, "Land", "{T}: Add {C}.\n{1}, {T}: Put a storage counter on Mage-Ring "
                           "Network.\n{T}, Remove any number of storage counters from Mage-Ring Network: Add {C} for each "
                           "storage counter removed this way.")


@pytest.mark.rules("601.2b", "602.2b", "118.3")
def test_remove_x_counters_from_it(extra_cards):
    extra_cards(CRUEL_SADIST)
    g, ids = table(["Cruel Sadist", "Swamp", "Swamp", "Swamp"], ["Serra Angel"])
    sadist = ids["Cruel Sadist"]
    g.state.objects[sadist].counters["+1/+1"] = 3
    g.state.objects[sadist].sick = False
    with pytest.raises(IllegalAction, match="118.3"):
        g.apply(ActivateAbility(0, sadist, 1, targets=((ids["B:Serra Angel"],),), x=4))
    g.apply(ActivateAbility(0, sadist, 1, targets=((ids["B:Serra Angel"],),), x=3))
    assert g.state.objects[sadist].counters.get("+1/+1", 0) == 0
    resolve_stack(g)
    assert g.state.objects[ids["B:Serra Angel"]].damage == 3


@pytest.mark.rules("601.2b", "605.3b", "107.3a")
def test_remove_any_number_of_counters_for_mana(extra_cards):
    extra_cards(MAGE_RING_NETWORK)
    g, ids = table(["Mage-Ring Network"])
    net = ids["Mage-Ring Network"]
    g.state.objects[net].counters["storage"] = 4
    g.apply(ActivateAbility(0, net, 2, x=3))
    assert g.state.players[0].mana_pool["C"] == 3 and g.state.objects[net].counters["storage"] == 1


KOROZDA_GORGON = record("Korozda Gorgon", "{3}{B}{G}", "Creature — Gorgon", "Deathtouch\n{2}, Remove a +1/+1 counter from "
                        "a creature you control: Target creature gets -1/-1 until end of turn.", "2/5")


@pytest.mark.rules("602.1a", "118.3")
def test_remove_a_counter_from_a_creature_you_control(extra_cards):
    extra_cards(KOROZDA_GORGON)
    g, ids = table(["Korozda Gorgon", "Grizzly Bears", "Savannah Lions", "Plains", "Plains"], ["Serra Angel"])
    angel = ids["B:Serra Angel"]
    with pytest.raises(IllegalAction, match="nothing to remove"):
        g.apply(ActivateAbility(0, ids["Korozda Gorgon"], 0, targets=((angel,),)))
    g.state.objects[ids["Grizzly Bears"]].counters["+1/+1"] = 2
    g.apply(ActivateAbility(0, ids["Korozda Gorgon"], 0, targets=((angel,),)))     # the only creature with one
    assert g.state.objects[ids["Grizzly Bears"]].counters["+1/+1"] == 1
    resolve_stack(g)
    assert g.characteristics(angel).power == 3


SALTCRUSTED_STEPPE = record("Saltcrusted Steppe", None, "Land", "{T}: Add {C}.\n{1}, {T}: Put a storage counter on "
                            "Saltcrusted Steppe.\n{1}, Remove X storage counters from Saltcrusted Steppe: Add X mana in any "
                            "combination of {G} and/or {W}.")


@pytest.mark.rules("106.1a", "605.3b", "601.2b")
def test_x_mana_in_any_combination_of_two_colors(extra_cards):
    extra_cards(SALTCRUSTED_STEPPE)
    g, ids = table(["Saltcrusted Steppe", "Plains"])
    steppe = ids["Saltcrusted Steppe"]
    g.state.objects[steppe].counters["storage"] = 3
    g.apply(ActivateAbility(0, steppe, 2, x=3))
    for color in ("G", "W", "G"):           # one mana at a time, each {G} or {W}
        d = g.pending
        assert d.kind is DecisionKind.CHOOSE and sorted(d.options) == ["G", "W"]
        g.apply(Choose(0, (color,)))
    pool = g.state.players[0].mana_pool
    assert (pool["G"], pool["W"]) == (2, 1)       # the Plains paid the {1}
    assert g.state.objects[steppe].counters.get("storage", 0) == 0


BLOOM_TENDER = record("Bloom Tender", "{1}{G}", "Creature — Elf Druid",
                      "{T}: For each color among permanents you control, add one mana of that color.", "1/1")


@pytest.mark.rules("106.1a", "105.1", "605.3b")
def test_one_mana_of_each_color_among_permanents_you_control(extra_cards):
    # green (itself) and red (Raging Goblin); not the colorless Ornithopter, not the opponent's blue Wind Drake
    extra_cards(BLOOM_TENDER)
    g, ids = table(["Bloom Tender", "Raging Goblin", "Ornithopter"], ["Wind Drake"])
    g.apply(ActivateAbility(0, ids["Bloom Tender"], 0))
    pool = g.state.players[0].mana_pool
    assert {c: n for c, n in pool.items() if n} == {"G": 1, "R": 1}
    assert g.state.objects[ids["Bloom Tender"]].tapped


MOX_AMBER = record("Mox Amber", "{0}", "Legendary Artifact",
                   "{T}: Add one mana of any color among legendary creatures and planeswalkers you control.")


@pytest.mark.rules("106.1", "105.1", "605.3b")
@pytest.mark.parametrize("permanents,options,added", [
    (["Isamaru, Hound of Konda", "Grizzly Bears"], None, {"W": 1}),       # one color: no choice; the Bears aren't legendary
    (["Grizzly Bears"], None, {}),                                        # none: no mana
    (["Isamaru, Hound of Konda", "Jolene, the Plunder Queen"], ["green", "red", "white"], {"R": 1}),
])
def test_one_mana_of_any_color_among_legendary_creatures(extra_cards, permanents, options, added):
    extra_cards(MOX_AMBER, JOLENE, fully_read=True)
    g, ids = table(["Mox Amber"] + permanents, ["Wind Drake"])
    g.apply(ActivateAbility(0, ids["Mox Amber"], 0))
    if options is not None:
        assert g.pending.kind is DecisionKind.CHOOSE and sorted(g.pending.options) == options
        g.apply(Choose(0, ("red",)))
    assert {c: n for c, n in g.state.players[0].mana_pool.items() if n} == added
    assert g.state.objects[ids["Mox Amber"]].tapped


GUILD_GLOBE = record("Guild Globe", "{2}", "Artifact",
                     "When Guild Globe enters the battlefield, draw a card.\n{2}, {T}, Sacrifice Guild Globe: Add two "
                     "mana of different colors.")


@pytest.mark.rules("106.1a", "605.3b")
def test_two_mana_of_different_colors(extra_cards):
    """The second mana is offered only the colors the first one isn't."""
    extra_cards(GUILD_GLOBE, fully_read=True)
    g, ids = table(["Guild Globe", "Plains", "Plains"])
    g.apply(ActivateAbility(0, ids["Guild Globe"], 0))
    offered = []
    while g.pending.kind is DecisionKind.CHOOSE:
        offered.append(sorted(g.pending.options))
        g.apply(Choose(0, ("U",) if "U" in g.pending.options else ("B",)))
    assert offered[-2:] == [["B", "G", "R", "U", "W"], ["B", "G", "R", "W"]]
    assert {c: n for c, n in g.state.players[0].mana_pool.items() if n} == {"U": 1, "B": 1}
    assert not on_battlefield(g, "Guild Globe")


JUNGLE_PATROL = record("Jungle Patrol", "{3}{G}", "Creature — Human Soldier",
                       "{1}{G}, {T}: Create a 0/1 green Wall creature token with defender named Wood.\nSacrifice a "
                       "token named Wood: Add {R}.", "3/2")


@pytest.mark.rules("118.3", "111.4", "201.2", "605.3b")
def test_sacrifice_a_token_named_wood(extra_cards):
    """Only a token with that name pays the cost: none at first, then the Wood the first ability made."""
    extra_cards(JUNGLE_PATROL, fully_read=True)
    g, ids = table(["Jungle Patrol", "Forest", "Forest", "Grizzly Bears"])
    patrol = ids["Jungle Patrol"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, patrol, 1))
    activate_and_resolve(g, patrol, 0)
    assert len(on_battlefield(g, "Wood")) == 1
    g.apply(ActivateAbility(0, patrol, 1))
    settle(g)
    assert not on_battlefield(g, "Wood") and on_battlefield(g, "Grizzly Bears")
    assert g.state.players[0].mana_pool["R"] == 1


TAIGAM = record("Taigam, Sidisi's Hand", "{3}{U}{B}", "Legendary Creature — Human Wizard",
                "Skip your draw step.\nAt the beginning of your upkeep, look at the top three cards of your library. Put "
                "one of them into your hand and the rest into your graveyard.\n{B}, {T}, Exile X cards from your "
                "graveyard: Target creature gets -X/-X until end of turn.", "3/4")


@pytest.mark.rules("602.2b", "601.2b", "118.3", "107.3")
def test_exile_x_cards_from_your_graveyard(extra_cards):
    """X = 2: two of the three cards in A's graveyard exiled, B's Hill Giant gets -2/-2; X = 4 can't be paid."""
    extra_cards(TAIGAM, fully_read=True)
    g, ids = table(["Taigam, Sidisi's Hand", "Swamp"], ["Hill Giant"])
    for name in ("Shock", "Grizzly Bears", "Forest"):
        g.add_card(name, 0, Zone.GRAVEYARD)
    giant = ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Taigam, Sidisi's Hand"], 0, targets=((giant,),), x=4))
    g.apply(ActivateAbility(0, ids["Taigam, Sidisi's Hand"], 0, targets=((giant,),), x=2))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(g.pending.options[:g.pending.min])))
    resolve_stack(g)
    assert len(g.state.players[0].graveyard) == 1 and len(g.state.exile) == 2
    ch = g.characteristics(giant)
    assert (ch.power, ch.toughness) == (1, 1)


ORACLE_OF_DUST = record("Oracle of Dust", "{4}{U}", "Creature — Eldrazi Processor",
                        "Devoid (This card has no color.)\n{2}, Put a card an opponent owns from exile into that "
                        "player's graveyard: Draw a card, then discard a card.", "3/5")


@pytest.mark.rules("602.2b", "118.3", "400.3")
@pytest.mark.parametrize("owner", [1, 0])
def test_put_a_card_an_opponent_owns_from_exile_into_their_graveyard(extra_cards, owner):
    """B's exiled Shock pays the cost (into B's graveyard); A's own exiled card doesn't."""
    extra_cards(ORACLE_OF_DUST, fully_read=True)
    g, ids = table(["Oracle of Dust", "Island", "Island"], [], hand_a=["Grizzly Bears"])
    shock = g.add_card("Shock", owner, Zone.EXILE)
    if owner == 0:
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, ids["Oracle of Dust"], 0))
        return
    g.apply(ActivateAbility(0, ids["Oracle of Dust"], 0))
    settle(g)
    assert [g.state.objects[c].name for c in g.state.players[1].graveyard] == ["Shock"] and shock not in g.state.exile
    assert len(g.state.players[0].hand) == 1 and len(g.state.players[0].graveyard) == 1


PROCESSOR_ASSAULT = record("Processor Assault", "{1}{R}", "Sorcery",
                           "Devoid (This card has no color.)\nAs an additional cost to cast this spell, put a card an "
                           "opponent owns from exile into that player's graveyard.\nProcessor Assault deals 5 damage to "
                           "target creature.")


@pytest.mark.rules("601.2b", "601.2h", "118.3")
@pytest.mark.parametrize("exiled", [True, False])
def test_processor_assault_puts_an_exiled_card_of_an_opponent_into_their_graveyard(extra_cards, exiled):
    """The same cost as a spell's additional cost: without such a card in exile the spell can't be cast."""
    extra_cards(PROCESSOR_ASSAULT, fully_read=True)
    g, ids = table(["Mountain", "Mountain"], ["Hill Giant"], hand_a=["Processor Assault"])
    if exiled:
        g.add_card("Shock", 1, Zone.EXILE)
    giant = ids["B:Hill Giant"]
    if not exiled:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, ids["Processor Assault"], targets=((giant,),)))
        return
    g.apply(CastSpell(0, ids["Processor Assault"], targets=((giant,),)))
    settle(g)
    assert giant not in g.state.battlefield and not g.state.exile
    assert sorted(g.state.objects[c].name for c in g.state.players[1].graveyard) == ["Hill Giant", "Shock"]
