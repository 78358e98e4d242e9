""""Cards returned from a graveyard without a target: "Return two cards at random from your graveyard to your hand",
"return a Zombie card at random ...": no player chooses, the cards are picked at random among those of that kind
there (all of them if fewer); "return a creature card from your graveyard to the battlefield tapped", "up to two
creature cards": chosen as it resolves (608.2c); and "put target creature card from a graveyard onto the battlefield
under its owner's control", "If {G} was spent to cast this spell, that creature enters the battlefield with an
additional +1/+1 counter on it"; "each player returns two land cards from their graveyard to the battlefield", "each
player discards their hand, then returns up to three cards from their graveyard to their hand": each player chooses
among their own cards (101.4). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.rng import Rng
from engine.oracle import compile_card
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import (activate_and_resolve, both_pass, cast_and_resolve, on_battlefield, resolve_stack,
                                  settle, table)
from tests.oracle.conftest import record

ILL_GOTTEN_GAINS = record("Ill-Gotten Gains", "{2}{B}{B}", "Sorcery",
                          "Exile Ill-Gotten Gains. Each player discards their hand, then returns up to three cards from "
                          "their graveyard to their hand.")
EMERGENCY_POWERS = record("Emergency Powers", "{5}{W}{U}", "Instant",
                          "Each player shuffles their hand and graveyard into their library, then draws seven cards. "
                          "Exile Emergency Powers.\nAddendum — If you cast this spell during your main phase, you may "
                          "put a permanent card with mana value 7 or less from your hand onto the battlefield.")
FALL_OF_THE_THRAN = record("Fall of the Thran", "{5}{W}", "Enchantment — Saga",
                           "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
                           "I — Destroy all lands.\nII, III — Each player returns two land cards from their graveyard "
                           "to the battlefield.")
MAKE_A_WISH = record("Make a Wish", "{3}{G}", "Sorcery", "Return two cards at random from your graveyard to your hand.")
GHOULRAISER = record("Ghoulraiser", "{1}{B}{B}", "Creature — Zombie",
                     "When Ghoulraiser enters the battlefield, return a Zombie card at random from your graveyard to "
                     "your hand.", "2/2")


def _names(g, ids) -> list[str]:
    return sorted(g.characteristics(o).name for o in ids)


@pytest.mark.rules("608.2c", "404.2")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_make_a_wish_returns_two_cards_of_the_graveyard_without_a_choice(extra_cards, seed):
    extra_cards(MAKE_A_WISH)
    g, ids = table(["Forest"] * 4, [], hand_a=["Make a Wish"])
    g.state.rng = Rng(seed)
    names = ["Grizzly Bears", "Shock", "Island"]
    for n in names:
        g.add_card(n, 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Make a Wish"])        # no decision on the way: nobody chooses
    hand = _names(g, g.state.players[0].hand)
    left = _names(g, g.state.players[0].graveyard)
    assert len(hand) == 2 and set(hand) <= set(names)
    assert sorted(hand + left) == sorted(names + ["Make a Wish"])


@pytest.mark.rules("608.2c", "603.3")
def test_ghoulraiser_returns_only_a_zombie_card(extra_cards):
    extra_cards(GHOULRAISER)
    g, ids = table(["Swamp"] * 3, [], hand_a=["Ghoulraiser"])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Ghoulraiser", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Ghoulraiser"])
    assert g.pending.kind is DecisionKind.PRIORITY
    assert _names(g, g.state.players[0].hand) == ["Ghoulraiser"]
    assert _names(g, g.state.players[0].graveyard) == ["Grizzly Bears"]



PORT_OF_KARFELL = record("Port of Karfell", None, "Land",
                         "Port of Karfell enters the battlefield tapped.\n{T}: Add {U}.\n{3}{U}{B}{B}, {T}, Sacrifice Port "
                         "of Karfell: Mill four cards, then return a creature card from your graveyard to the "
                         "battlefield tapped. (To mill a card, put the top card of your library into your graveyard.)")
KENRITH = record("Kenrith, the Returned King", "{4}{W}", "Legendary Creature — Human Noble",
                 "{R}: All creatures gain trample and haste until end of turn.\n{1}{G}: Put a +1/+1 counter on target "
                 "creature.\n{2}{W}: Target player gains 5 life.\n{3}{U}: Target player draws a card.\n{4}{B}: Put "
                 "target creature card from a graveyard onto the battlefield under its owner's control.", "5/5")
RAISE_TWO = record("Probe", "{B}", "Sorcery", "Return up to two creature cards from your graveyard to your hand.")


@pytest.mark.rules("608.2c", "701.17a")
def test_port_of_karfell_returns_a_creature_card_of_your_choice_tapped(extra_cards):
    extra_cards(PORT_OF_KARFELL)
    g, ids = table(["Port of Karfell", "Island", "Swamp", "Swamp", "Island", "Island", "Island"], [])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, ids["Port of Karfell"], 1))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 1
    giant = next(o for o in d.options if g.characteristics(o).name == "Hill Giant")
    g.apply(Choose(0, (giant,)))
    resolve_stack(g)
    back = on_battlefield(g, "Hill Giant")
    assert len(back) == 1 and g.state.objects[back[0]].tapped
    assert "Grizzly Bears" in _names(g, g.state.players[0].graveyard)


@pytest.mark.rules("110.2", "115.1")
def test_kenrith_puts_a_creature_card_onto_the_battlefield_under_its_owners_control(extra_cards):
    extra_cards(KENRITH)
    g, ids = table(["Kenrith, the Returned King"] + ["Swamp"] * 5, [])
    giant = g.add_card("Hill Giant", 1, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Kenrith, the Returned King"], 4, targets=((giant,),))
    back = on_battlefield(g, "Hill Giant")
    assert len(back) == 1 and g.state.objects[back[0]].controller == 1


@pytest.mark.rules("608.2c")
def test_up_to_two_cards_from_your_graveyard_may_be_none(extra_cards):
    extra_cards(RAISE_TWO)
    g, ids = table(["Swamp"], [], hand_a=["Probe"])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Probe"]))
    both_pass(g)
    assert g.pending.min == 0 and g.pending.max == 2
    g.apply(Choose(0, ()))
    resolve_stack(g)
    assert g.state.players[0].hand == []


SUDDEN_RECLAMATION = record("Sudden Reclamation", "{3}{G}", "Instant",
                            "Mill four cards, then return a creature card and a land card from your graveyard to your "
                            "hand.")


@pytest.mark.rules("701.17a", "608.2c")
def test_sudden_reclamation_returns_one_creature_card_and_one_land_card(extra_cards):
    extra_cards(SUDDEN_RECLAMATION)
    g, ids = table(["Forest"] * 4, [], hand_a=["Sudden Reclamation"])
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Sudden Reclamation"]))
    both_pass(g)
    d = g.pending            # the only creature card returned unasked; the land: one of the four milled Plains
    assert d.kind is DecisionKind.CHOOSE and d.min == d.max == 1
    assert _names(g, d.options) == ["Plains"] * 4
    g.apply(Choose(0, (d.options[0],)))
    resolve_stack(g)
    assert _names(g, g.state.players[0].hand) == ["Grizzly Bears", "Plains"]
    assert "Shock" in _names(g, g.state.players[0].graveyard)


def test_the_sentences_are_read():
    for card in (MAKE_A_WISH, GHOULRAISER, PORT_OF_KARFELL, KENRITH, SUDDEN_RECLAMATION):
        assert compile_card(card).unsupported == (), card["name"]



VIGOR_MORTIS = record("Vigor Mortis", "{2}{B}{B}", "Sorcery",
                      "Return target creature card from your graveyard to the battlefield. If {G} was spent to cast this "
                      "spell, that creature enters the battlefield with an additional +1/+1 counter on it.")


@pytest.mark.rules("614.1c", "601.2h", "608.2c")
@pytest.mark.parametrize("lands,counters", [(["Swamp"] * 4, {}), (["Swamp", "Swamp", "Swamp", "Forest"], {"+1/+1": 1})])
def test_vigor_mortis_returns_it_with_a_counter_if_green_was_spent(extra_cards, lands, counters):
    extra_cards(VIGOR_MORTIS, fully_read=True)
    g, ids = table(lands, hand_a=["Vigor Mortis"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Vigor Mortis"], targets=((bears,),))
    (back,) = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[back].counters == counters


MURASA_SPROUTLING = record("Murasa Sproutling", "{2}{G}", "Creature — Plant Elemental",
                           "Kicker {1}{G} (You may pay an additional {1}{G} as you cast this spell.)\nWhen Murasa "
                           "Sproutling enters the battlefield, if it was kicked, return target card with a kicker ability "
                           "from your graveyard to your hand.", "3/3")
HERALD_OF_THE_FORGOTTEN = record("Herald of the Forgotten", "{6}{W}{W}", "Creature — Cat Beast",
                                 "Flying\nWhen Herald of the Forgotten enters the battlefield, if you cast it, return "
                                 "any number of target permanent cards with cycling abilities from your graveyard to "
                                 "the battlefield.", "6/6")
DESERT_CERODON = record("Desert Cerodon", "{5}{R}", "Creature — Beast", "Cycling {R} ({R}, Discard this card: Draw a "
                        "card.)", "6/4")
CAST_OUT = record("Cast Out", "{3}{W}", "Enchantment",
                  "Flash\nWhen Cast Out enters the battlefield, exile target nonland permanent an opponent controls until "
                  "Cast Out leaves the battlefield.\nCycling {W} ({W}, Discard this card: Draw a card.)")


@pytest.mark.rules("702.33a", "115.1")
def test_murasa_sproutling_targets_only_a_card_with_a_kicker_ability(extra_cards):
    extra_cards(MURASA_SPROUTLING, fully_read=True)
    g, ids = table(["Forest"] * 5, [], hand_a=["Murasa Sproutling"])
    g.add_card("Murasa Sproutling", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Murasa Sproutling"], kicked=1))
    offered = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            offered.append(list(d.options))
            g.apply(Choose(0, tuple(d.options[:max(d.min, 1)])))
        else:
            both_pass(g, d.player)
    assert not offered, "the one legal target, chosen without asking"
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Murasa Sproutling"]
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("702.29a", "702.29e", "115.1")
def test_herald_of_the_forgotten_returns_permanent_cards_with_cycling(extra_cards):
    extra_cards(HERALD_OF_THE_FORGOTTEN, DESERT_CERODON, CAST_OUT, fully_read=True)
    g, ids = table(["Plains"] * 8, [], hand_a=["Herald of the Forgotten"])
    cerodon = g.add_card("Desert Cerodon", 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Herald of the Forgotten"]))
    offered = []
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            offered.append(list(d.options))
            g.apply(Choose(0, tuple(d.options)))
        else:
            both_pass(g, d.player)
    assert offered == [[cerodon]], "only the card with cycling"
    assert on_battlefield(g, "Desert Cerodon") and not on_battlefield(g, "Grizzly Bears")


@pytest.mark.rules("101.4", "608.2c", "701.9a")
def test_each_player_discards_then_returns_up_to_three_cards_of_their_own(extra_cards):
    extra_cards(ILL_GOTTEN_GAINS, fully_read=True)
    g, ids = table(["Swamp"] * 4, [], ["Ill-Gotten Gains", "Lightning Bolt"], hand_b=["Shock", "Giant Growth"])
    for n in ("Grizzly Bears", "Hill Giant", "Serra Angel", "Ornithopter"):
        g.add_card(n, 0, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 1, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Ill-Gotten Gains"]))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    asked = []
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        asked.append(d.player)
        mine = g.state.players[d.player].graveyard
        assert set(d.options) == set(mine) and d.max == 3      # their own graveyard, the discarded cards too
        # the discarded cards are new objects there (400.7): picked by name
        wanted = {"Grizzly Bears", "Serra Angel", "Lightning Bolt"} if d.player == 0 else {"Shock", "Grizzly Bears"}
        g.apply(Choose(d.player, tuple(o for o in d.options if g.characteristics(o).name in wanted)))
    assert asked == [0, 1] and not g.state.stack
    assert sorted(g.characteristics(o).name for o in g.state.players[0].hand) == ["Grizzly Bears", "Lightning Bolt",
                                                                                 "Serra Angel"]
    assert sorted(g.characteristics(o).name for o in g.state.players[1].hand) == ["Grizzly Bears", "Shock"]
    assert any(g.characteristics(o).name == "Ill-Gotten Gains" for o in g.state.exile)


@pytest.mark.rules("608.2n", "608.2c")
def test_a_spell_that_exiled_itself_goes_on_after_a_choice(extra_cards):
    """Its own "Exile ~" moved it off the stack before a player was asked: its remaining instructions still happen."""
    extra_cards(EMERGENCY_POWERS, fully_read=True)
    g, ids = table([], [], ["Emergency Powers"])
    g.set_player(0, mana_pool="WUCCCCC")
    g.apply(CastSpell(0, ids["Emergency Powers"]))
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    answered = 0
    while g.pending.kind is not DecisionKind.PRIORITY:
        d = g.pending
        g.apply(Choose(d.player, tuple(d.options[:max(d.min, 1)])))
        answered += 1
    assert answered and not g.state.stack
    assert len(g.state.players[1].hand) == 7
    assert any(g.characteristics(o).name == "Emergency Powers" for o in g.state.exile)


@pytest.mark.rules("101.4", "714.2b")
def test_each_player_returns_two_land_cards_from_their_graveyard_to_the_battlefield(extra_cards):
    extra_cards(FALL_OF_THE_THRAN, fully_read=True)
    g, ids = table([], [], turn=3, step=Step.DRAW)
    g.add_card("Fall of the Thran", 0, Zone.BATTLEFIELD, counters={"lore": 1})
    a_lands = [g.add_card(n, 0, Zone.GRAVEYARD) for n in ("Forest", "Island", "Plains")]
    g.add_card("Mountain", 1, Zone.GRAVEYARD)
    while g.state.step is not Step.MAIN1 or g.state.stack or g.pending.kind is not DecisionKind.PRIORITY:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert d.player == 0 and (d.min, d.max) == (2, 2)      # B has one land card: no choice
            g.apply(Choose(0, (a_lands[0], a_lands[2])))
        else:
            g.apply(PassPriority(d.player))
    assert sorted(g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].controller == 0
                  and g.characteristics(o).is_type("Land")) == ["Forest", "Plains"]
    (mountain,) = on_battlefield(g, "Mountain")
    assert g.state.objects[mountain].controller == 1
DREAMS_OF_THE_DEAD = record(
    "Dreams of the Dead", "{3}{U}", "Enchantment",
    "{1}{U}: Return target white or black creature card from your graveyard to the battlefield. That creature gains "
    "\"Cumulative upkeep {2}.\" If the creature would leave the battlefield, exile it instead of putting it anywhere "
    "else. (At the beginning of its controller's upkeep, that player puts an age counter on it, then sacrifices it "
    "unless they pay its upkeep cost for each age counter on it.)")


@pytest.mark.rules("614.1a", "400.7")
def test_a_returned_creature_that_would_leave_the_battlefield_is_exiled_instead(extra_cards):
    """Its cumulative upkeep isn't read yet (carried out by hand)."""
    extra_cards(DREAMS_OF_THE_DEAD)
    g, ids = table(["Dreams of the Dead", "Island", "Island", "Mountain"], hand_a=["Shock"])
    lions = g.add_card("Savannah Lions", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, ids["Dreams of the Dead"], 0, targets=((lions,),)))
    settle(g)
    (returned,) = on_battlefield(g, "Savannah Lions")
    cast_and_resolve(g, ids["Shock"], targets=((returned,),))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Savannah Lions"]
    assert "Savannah Lions" not in [g.state.objects[o].name for o in g.state.players[0].graveyard]
