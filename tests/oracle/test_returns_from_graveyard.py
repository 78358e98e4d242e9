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
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, PlayLand
from tests.engine.driving import (activate_and_resolve, advance, attack, both_pass, cast_and_resolve, on_battlefield,
                                  resolve_stack, settle, table)
from engine.core.errors import IllegalAction
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
HARVEST_HAND = {
    "name": "Harvest Hand // Scrounged Scythe", "layout": "transform", "manaCost": "{3}", "colors": [],
    "types": ["Artifact", "Creature"], "supertypes": [], "subtypes": ["Scarecrow"],
    "type": "Artifact Creature — Scarecrow", "power": "2", "toughness": "2",
    "text": "When Harvest Hand dies, return it to the battlefield transformed under your control.",
    "faces": [
        {"faceName": "Harvest Hand", "manaCost": "{3}", "colors": [], "supertypes": [], "types": ["Artifact", "Creature"],
         "subtypes": ["Scarecrow"], "type": "Artifact Creature — Scarecrow", "power": "2", "toughness": "2",
         "text": "When Harvest Hand dies, return it to the battlefield transformed under your control.", "side": "a"},
        {"faceName": "Scrounged Scythe", "colors": [], "supertypes": [], "types": ["Artifact"], "subtypes": ["Equipment"],
         "type": "Artifact — Equipment", "side": "b",
         "text": "Equipped creature gets +1/+1.\nAs long as equipped creature is a Human, it has menace. (It can't be "
                 "blocked except by two or more creatures.)\nEquip {2}"}]}
NISSA_TEXT = ("When Nissa, Vastwood Seer enters the battlefield, you may search your library for a basic Forest card, "
              "reveal it, put it into your hand, then shuffle.\nWhenever a land enters the battlefield under your "
              "control, if you control seven or more lands, exile Nissa, then return her to the battlefield "
              "transformed under her owner's control.")
NISSA = {
    "name": "Nissa, Vastwood Seer // Nissa, Sage Animist", "layout": "transform", "manaCost": "{2}{G}",
    "colors": ["G"], "types": ["Creature"], "supertypes": ["Legendary"], "subtypes": ["Elf", "Scout"],
    "type": "Legendary Creature — Elf Scout", "power": "2", "toughness": "2", "text": NISSA_TEXT,
    "faces": [
        {"faceName": "Nissa, Vastwood Seer", "manaCost": "{2}{G}", "colors": ["G"], "supertypes": ["Legendary"],
         "types": ["Creature"], "subtypes": ["Elf", "Scout"], "type": "Legendary Creature — Elf Scout",
         "text": NISSA_TEXT, "power": "2", "toughness": "2", "side": "a"},
        {"faceName": "Nissa, Sage Animist", "colors": ["G"], "supertypes": ["Legendary"], "types": ["Planeswalker"],
         "subtypes": ["Nissa"], "type": "Legendary Planeswalker — Nissa", "loyalty": "3", "side": "b",
         "text": "[+1]: Reveal the top card of your library. If it's a land card, put it onto the battlefield. "
                 "Otherwise, put it into your hand.\n[−2]: Create Ashaya, the Awoken World, a legendary 4/4 green "
                 "Elemental creature token.\n[−7]: Untap up to six target lands. They become 6/6 Elemental creatures. "
                 "They're still lands."}]}


@pytest.mark.rules("712.14a", "603.6c")
def test_harvest_hand_dies_and_returns_as_its_back_face_the_scrounged_scythe(extra_cards):
    extra_cards(HARVEST_HAND, fully_read=True)
    g, ids = table(["Harvest Hand // Scrounged Scythe", "Mountain"], [], ["Shock"])
    cast_and_resolve(g, ids["Shock"], targets=((ids["Harvest Hand // Scrounged Scythe"],),))
    resolve_stack(g)
    [scythe] = [o for o in g.state.battlefield if g.characteristics(o).name == "Scrounged Scythe"]
    ch = g.characteristics(scythe)
    assert "Equipment" in ch.subtypes and "Creature" not in ch.types
    assert g.state.objects[scythe].controller == 0 and not g.state.players[0].graveyard[:-1]


@pytest.mark.rules("712.14a", "400.7j")
def test_nissa_is_exiled_and_returns_transformed_with_the_seventh_land(extra_cards):
    extra_cards(NISSA, fully_read=True)
    g, ids = table(["Nissa, Vastwood Seer // Nissa, Sage Animist"] + ["Forest"] * 6, [], ["Forest"])
    g.apply(PlayLand(0, ids["Forest"]))
    resolve_stack(g)
    [nissa] = [o for o in g.state.battlefield if g.characteristics(o).name.startswith("Nissa")]
    ch = g.characteristics(nissa)
    assert ch.name == "Nissa, Sage Animist" and "Planeswalker" in ch.types
    assert g.state.objects[nissa].counters.get("loyalty") == 3 and not g.state.exile


STARTLED_AWAKE_TEXT = ("Target opponent mills thirteen cards.\n{3}{U}{U}: Put Startled Awake from your graveyard onto the "
                       "battlefield transformed. Activate only as a sorcery.")
STARTLED_AWAKE = {
    "name": "Startled Awake // Persistent Nightmare", "layout": "transform", "manaCost": "{2}{U}{U}", "colors": ["U"],
    "types": ["Sorcery"], "supertypes": [], "subtypes": [], "type": "Sorcery", "text": STARTLED_AWAKE_TEXT,
    "faces": [
        {"faceName": "Startled Awake", "manaCost": "{2}{U}{U}", "colors": ["U"], "supertypes": [], "types": ["Sorcery"],
         "subtypes": [], "type": "Sorcery", "text": STARTLED_AWAKE_TEXT, "side": "a"},
        {"faceName": "Persistent Nightmare", "colors": ["U"], "supertypes": [], "types": ["Creature"],
         "subtypes": ["Nightmare"], "type": "Creature — Nightmare", "power": "1", "toughness": "1", "side": "b",
         "text": "Skulk (This creature can't be blocked by creatures with greater power.)\nWhen Persistent Nightmare "
                 "deals combat damage to a player, return it to its owner's hand."}]}


@pytest.mark.rules("712.14a", "113.6k")
def test_startled_awake_is_put_from_the_graveyard_onto_the_battlefield_as_persistent_nightmare(extra_cards):
    extra_cards(STARTLED_AWAKE, fully_read=True)
    g, ids = table(["Island"] * 5)
    card = g.add_card("Startled Awake // Persistent Nightmare", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, card)
    [nightmare] = on_battlefield(g, "Persistent Nightmare")
    ch = g.characteristics(nightmare)
    assert (ch.power, ch.toughness, ch.types) == (1, 1, {"Creature"}) and not g.state.players[0].graveyard


PATCH_UP = record("Patch Up", "{W}", "Sorcery",
                  "Return up to three target creature cards with total mana value 3 or less from your graveyard to the "
                  "battlefield.")


@pytest.mark.rules("601.2c", "115.1")
def test_patch_up_returns_targets_whose_mana_values_total_three_or_less(extra_cards):
    """The total is a condition on the targets chosen together: two 2-mana creatures can't both be chosen, a 1-mana
    and a 2-mana one can, and the legal actions offer only such groups."""
    extra_cards(PATCH_UP, fully_read=True)
    g, ids = table(["Plains"], [], ["Patch Up"])
    elves = g.add_card("Llanowar Elves", 0, Zone.GRAVEYARD)
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    other_bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Patch Up"], targets=((bears, other_bears),)))
    offered = [set(a.targets) for a in g.legal_actions()       # one phrase: its targets, flat
               if isinstance(a, CastSpell) and a.card == ids["Patch Up"] and a.targets]
    assert {elves, bears} in offered and {bears, other_bears} not in offered
    assert all(len(t) <= 2 for t in offered)
    cast_and_resolve(g, ids["Patch Up"], targets=((elves, bears),))
    assert sorted(g.characteristics(o).name for o in g.state.battlefield
                  if g.state.objects[o].controller == 0) == ["Grizzly Bears", "Llanowar Elves", "Plains"]


ROOTCOIL_CREEPER = record("Rootcoil Creeper", "{G}{U}", "Creature — Plant Hydra",
                          "{G}, {T}: Add {G}.\n{U}, {T}: Add {U}.\n{G}{U}, {T}, Exile Rootcoil Creeper: Return target "
                          "card with flashback you own from exile to your hand.", "2/2")


@pytest.mark.rules("115.1", "406.3")
def test_rootcoil_creeper_returns_a_card_with_flashback_its_controller_owns_from_exile(extra_cards):
    """Only a face-up card in exile, owned by the ability's controller and with flashback, can be its target."""
    extra_cards(ROOTCOIL_CREEPER, fully_read=True)        # Think Twice (flashback) is in the starter pool
    g, ids = table(["Rootcoil Creeper", "Forest", "Island"])
    mine = g.add_card("Think Twice", 0, Zone.EXILE)
    theirs = g.add_card("Think Twice", 1, Zone.EXILE)
    plain = g.add_card("Shock", 0, Zone.EXILE)
    hidden = g.add_card("Think Twice", 0, Zone.EXILE)
    g.state.objects[hidden].face_down = True
    creeper = ids["Rootcoil Creeper"]
    for wrong in (theirs, plain, hidden):
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, creeper, 2, targets=((wrong,),)))
    activate_and_resolve(g, creeper, 2, targets=((mine,),))
    assert [g.characteristics(o).name for o in g.state.players[0].hand] == ["Think Twice"]
    assert theirs in g.state.exile and hidden in g.state.exile


TARIEL = record("Tariel, Reckoner of Souls", "{4}{R}{W}{B}", "Legendary Creature — Angel",
                "Flying, vigilance\n{T}: Choose a creature card at random from target opponent's graveyard. Put that "
                "card onto the battlefield under your control.", "4/7")


@pytest.mark.rules("608.2c", "110.2")
def test_tariel_puts_a_creature_card_picked_at_random_from_the_opponents_graveyard_under_its_control(extra_cards):
    extra_cards(TARIEL, fully_read=True)
    g, ids = table(["Tariel, Reckoner of Souls"])
    for name in ("Grizzly Bears", "Shock", "Hill Giant"):
        g.add_card(name, 1, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Tariel, Reckoner of Souls"], targets=(("P1",),))
    [taken] = [o for o in g.state.battlefield if g.state.objects[o].owner == 1]
    assert g.characteristics(taken).name in ("Grizzly Bears", "Hill Giant") and g.state.objects[taken].controller == 0
    assert "Shock" in [g.characteristics(o).name for o in g.state.players[1].graveyard]
    assert len(g.state.players[1].graveyard) == 2


BOOKWURM = record("Bookwurm", "{3}{G}{G}{G}", "Creature — Wurm",
                  "Trample\nWhen Bookwurm enters the battlefield, you gain 3 life and draw a card.\n{2}{G}: Put Bookwurm "
                  "from your graveyard into your library third from the top.", "7/7")


@pytest.mark.rules("113.6k", "401.7")
def test_bookwurm_goes_from_its_graveyard_into_its_library_third_from_the_top(extra_cards):
    extra_cards(BOOKWURM, fully_read=True)
    g, ids = table(["Forest"] * 3)
    wurm = g.add_card("Bookwurm", 0, Zone.GRAVEYARD)
    assert any(isinstance(a, ActivateAbility) and a.source == wurm for a in g.legal_actions())
    activate_and_resolve(g, wurm)
    lib = g.state.players[0].library
    assert g.characteristics(lib[-3]).name == "Bookwurm" and not g.state.players[0].graveyard


GOLDEN_GUARDIAN_TEXT = ("Defender\n{2}: Golden Guardian fights another target creature you control. When Golden Guardian "
                        "dies this turn, return it to the battlefield transformed under your control.")
GOLDEN_GUARDIAN = {
    "name": "Golden Guardian // Gold-Forge Garrison", "layout": "transform", "manaCost": "{4}", "colors": [],
    "types": ["Artifact", "Creature"], "supertypes": [], "subtypes": ["Golem"], "type": "Artifact Creature — Golem",
    "text": GOLDEN_GUARDIAN_TEXT, "power": "4", "toughness": "4",
    "faces": [
        {"faceName": "Golden Guardian", "manaCost": "{4}", "colors": [], "supertypes": [], "types": ["Artifact", "Creature"],
         "subtypes": ["Golem"], "type": "Artifact Creature — Golem", "text": GOLDEN_GUARDIAN_TEXT, "power": "4",
         "toughness": "4", "side": "a"},
        {"faceName": "Gold-Forge Garrison", "colors": [], "supertypes": [], "types": ["Land"], "subtypes": [],
         "type": "Land", "side": "b",
         "text": "(Transforms from Golden Guardian.)\n{T}: Add two mana of any one color.\n{4}, {T}: Create a 4/4 "
                 "colorless Golem artifact creature token."}]}


@pytest.mark.rules("712.14a", "603.7c", "701.14a")
def test_golden_guardian_dying_in_its_fight_returns_as_gold_forge_garrison(extra_cards):
    extra_cards(GOLDEN_GUARDIAN, fully_read=True)
    g, ids = table(["Golden Guardian // Gold-Forge Garrison", "Craw Wurm", "Plains", "Plains"])
    activate_and_resolve(g, ids["Golden Guardian // Gold-Forge Garrison"], targets=((ids["Craw Wurm"],),))
    resolve_stack(g)
    [garrison] = [o for o in g.state.battlefield if g.characteristics(o).name == "Gold-Forge Garrison"]
    assert g.characteristics(garrison).types == {"Land"} and g.state.objects[garrison].controller == 0


YORE_TILLER_NEPHILIM = record("Yore-Tiller Nephilim", "{W}{U}{B}{R}", "Creature — Nephilim",
                              "Whenever Yore-Tiller Nephilim attacks, return target creature card from your graveyard to "
                              "the battlefield tapped and attacking.", "2/2")


@pytest.mark.rules("508.4", "506.4")
def test_yore_tiller_nephilim_returns_a_creature_card_tapped_and_attacking(extra_cards):
    """The creature wasn't declared as an attacker (no attack trigger of its own), but it deals its combat damage."""
    extra_cards(YORE_TILLER_NEPHILIM, fully_read=True)
    g, ids = table(["Yore-Tiller Nephilim"])
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.state.objects[ids["Yore-Tiller Nephilim"]].sick = False
    attack(g, ids["Yore-Tiller Nephilim"])
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, (bears,) if bears in g.pending.options else (g.pending.options[0],)))
        else:
            g.apply(PassPriority(g.pending.player))
    [back] = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[back].tapped and back in g.state.combat.attackers
    advance(g, Step.MAIN2)
    assert g.state.players[1].life == 16
