"""A card's own permission to be cast from its owner's graveyard (601.3, 113.6k): "You may cast ~ from your
graveyard [as long as / if <condition>]"; an ability that works there ("Activate only if ~ is in your graveyard");
"You may play lands from your graveyard" (305.1). Compiled from real cards' Oracle text and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority, PlayLand
from tests.engine.driving import advance, cast_and_settle, on_battlefield, resolve_stack, settle, table
from tests.oracle.conftest import record

MARANG_RIVER_PROWLER = record("Marang River Prowler", "{2}{U}", "Creature — Human Rogue",
                              "Marang River Prowler can't block and can't be blocked.\nYou may cast Marang River "
                              "Prowler from your graveyard as long as you control a black or green permanent.", "2/1")

CRUCIBLE_OF_WORLDS = record("Crucible of Worlds", "{3}", "Artifact", "You may play lands from your graveyard.")


@pytest.mark.rules("601.3", "113.6k", "601.2a")
@pytest.mark.parametrize("green", [True, False])
def test_cast_itself_from_the_graveyard_while_the_condition_holds(extra_cards, green):
    extra_cards(MARANG_RIVER_PROWLER, fully_read=True)
    g, ids = table(["Island"] * 3 + (["Grizzly Bears"] if green else []))
    prowler = g.add_card("Marang River Prowler", 0, Zone.GRAVEYARD)
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == prowler]
    assert bool(casts) == green
    if not green:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, prowler))
        return
    cast_and_settle(g, prowler)
    assert on_battlefield(g, "Marang River Prowler") and not g.state.players[0].graveyard


@pytest.mark.rules("601.3", "307.1")
def test_the_usual_timing(extra_cards):
    """The permission doesn't give the creature spell flash: not in the opponent's turn."""
    extra_cards(MARANG_RIVER_PROWLER, fully_read=True)
    g, ids = table(["Island"] * 3 + ["Grizzly Bears"], active=1)
    prowler = g.add_card("Marang River Prowler", 0, Zone.GRAVEYARD)
    g.apply(PassPriority(1))
    assert g.pending.player == 0
    assert not any(isinstance(a, CastSpell) and a.card == prowler for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, prowler))


@pytest.mark.rules("601.3", "601.2f", "601.2h", "119.4")
def test_cast_from_the_graveyard_for_its_additional_costs(extra_cards):
    """Demonic Embrace from the graveyard costs 3 life and a discarded card besides its mana cost; from the hand,
    only its mana cost."""
    extra_cards("Demonic Embrace", fully_read=True)
    g, ids = table(["Swamp"] * 6 + ["Grizzly Bears"], hand_a=["Shock"])
    embrace = g.add_card("Demonic Embrace", 0, Zone.GRAVEYARD)
    bears = ids["Grizzly Bears"]
    cast_and_settle(g, embrace, targets=((bears,),))
    assert g.state.players[0].life == 17 and not g.state.players[0].hand
    assert (g.characteristics(bears).power, g.characteristics(bears).has("flying")) == (5, True)
    in_hand = g.add_card("Demonic Embrace", 0, Zone.HAND)
    cast_and_settle(g, in_hand, targets=((bears,),))
    assert g.state.players[0].life == 17


@pytest.mark.rules("601.3", "601.2h")
def test_no_card_to_discard_no_cast_from_the_graveyard(extra_cards):
    extra_cards("Demonic Embrace", fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears"])
    embrace = g.add_card("Demonic Embrace", 0, Zone.GRAVEYARD)
    assert not any(isinstance(a, CastSpell) and a.card == embrace for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, embrace, targets=((ids["Grizzly Bears"],),)))


RAFFINES_GUIDANCE = record("Raffine's Guidance", "{W}", "Enchantment — Aura",
                           "Enchant creature\nEnchanted creature gets +1/+1.\nYou may cast Raffine's Guidance from your "
                           "graveyard by paying {2}{W} rather than paying its mana cost.")


@pytest.mark.rules("601.3", "118.9", "601.2f")
def test_cast_from_the_graveyard_only_for_its_alternative_cost(extra_cards):
    """Raffine's Guidance from the graveyard costs {2}{W} instead of {W}, and can't be cast from there for {W}; from the
    hand, that cost isn't offered."""
    extra_cards(RAFFINES_GUIDANCE, fully_read=True)
    g, ids = table(["Plains"] * 4 + ["Grizzly Bears"])
    guidance = g.add_card("Raffine's Guidance", 0, Zone.GRAVEYARD)
    bears = ids["Grizzly Bears"]
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == guidance]
    assert casts and all(a.alt == "alternative" for a in casts)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, guidance, targets=((bears,),)))        # for its mana cost: not from the graveyard
    cast_and_settle(g, guidance, targets=((bears,),), alt="alternative")
    assert g.characteristics(bears).power == 3
    assert sum(1 for land in on_battlefield(g, "Plains") if g.state.objects[land].tapped) == 3
    in_hand = g.add_card("Raffine's Guidance", 0, Zone.HAND)
    assert not any(isinstance(a, CastSpell) and a.card == in_hand and a.alt == "alternative"
                   for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, in_hand, targets=((bears,),), alt="alternative"))


RECOUP = record("Recoup", "{1}{R}", "Sorcery",
                "Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is equal "
                "to its mana cost. (Mana cost includes color.)\nFlashback {3}{R} (You may cast this card from your "
                "graveyard for its flashback cost. Then exile it.)")


@pytest.mark.rules("702.34a", "601.2a", "611.2a")
def test_target_card_gains_flashback_with_its_mana_cost(extra_cards):
    # the two sentences are one grant: cast from the graveyard this turn for its mana cost, then exiled
    extra_cards(RECOUP, fully_read=True)
    g, ids = table(["Mountain"] * 7, hand_a=["Recoup"])
    axe = g.add_card("Lava Axe", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Recoup"], targets=((axe,),))
    g.apply(CastSpell(0, axe, targets=(("P1",),), alt="flashback"))
    resolve_stack(g)
    assert g.state.players[1].life == 15
    assert "Lava Axe" in [g.state.objects[o].name for o in g.state.exile]
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].tapped) == 7     # {1}{R}, then {4}{R}


@pytest.mark.rules("702.34a", "611.2a")
def test_the_flashback_lasts_until_end_of_turn(extra_cards):
    extra_cards(RECOUP, fully_read=True)
    g, ids = table(["Mountain"] * 7, hand_a=["Recoup"])
    axe = g.add_card("Lava Axe", 0, Zone.GRAVEYARD)
    cast_and_settle(g, ids["Recoup"], targets=((axe,),))
    advance(g, Step.MAIN1, turn=5)
    assert not [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == axe]


CARRIONETTE = record("Carrionette", "{1}{B}", "Creature — Skeleton",
                     "{2}{B}{B}: Exile Carrionette and target creature unless that creature's controller pays {2}. "
                     "Activate only if Carrionette is in your graveyard.", "1/1")


@pytest.mark.rules("602.5b", "113.6k", "118.12")
def test_activate_only_if_this_card_is_in_your_graveyard(extra_cards):
    extra_cards(CARRIONETTE, fully_read=True)
    g, ids = table(["Swamp"] * 4 + ["Carrionette"], ["Grizzly Bears"])
    on_field = ids["Carrionette"]
    assert not [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == on_field]
    card = g.add_card("Carrionette", 0, Zone.GRAVEYARD)
    g.apply(ActivateAbility(0, card, 0, targets=((ids["B:Grizzly Bears"],),)))
    settle(g)
    # B has no mana to pay {2}: the card and the creature are exiled
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Carrionette", "Grizzly Bears"]
    assert on_field in g.state.battlefield


LOATHSOME_TROLL = record("Loathsome Troll", "{5}{G}", "Creature — Troll",
                         "{3}{G}: Roll a d20. Activate only if Loathsome Troll is in your graveyard.\n1—9 | Put Loathsome "
                         "Troll on top of your library.\n10—19 | Return Loathsome Troll to your hand.\n20 | Return "
                         "Loathsome Troll to the battlefield tapped.", "5/5")


@pytest.mark.rules("602.5b", "113.6k", "706.3a")
def test_an_ability_from_the_graveyard_moves_its_own_card(extra_cards):
    extra_cards(LOATHSOME_TROLL, fully_read=True)
    seen = set()
    for seed in range(300):
        g, _ = table(["Forest"] * 4)
        g.state.rng = Rng(seed)
        troll = g.add_card("Loathsome Troll", 0, Zone.GRAVEYARD)
        g.apply(ActivateAbility(0, troll, 0))
        events = resolve_stack(g)
        result = next(e.data["result"] for e in events if e.kind == "die_roll")
        band = 0 if result <= 9 else 1 if result <= 19 else 2
        seen.add(band)
        p = g.state.players[0]
        where = {0: [g.state.objects[p.library[-1]].name], 1: [g.state.objects[o].name for o in p.hand],
                 2: [g.state.objects[o].name for o in g.state.battlefield if g.state.objects[o].tapped
                     and g.state.objects[o].name == "Loathsome Troll"]}[band]
        assert "Loathsome Troll" in where and not p.graveyard
        if seen == {0, 1, 2}:
            break
    assert seen == {0, 1, 2}


KARADOR = record("Karador, Ghost Chieftain", "{5}{W}{B}{G}", "Legendary Creature — Centaur Spirit",
                 "This spell costs {1} less to cast for each creature card in your graveyard.\nDuring each of your turns, "
                 "you may cast a creature spell from your graveyard.", "3/4")
LURRUS = record("Lurrus of the Dream-Den", "{1}{W/B}{W/B}", "Legendary Creature — Cat Nightmare",
                "Companion — Each permanent card in your starting deck has mana value 2 or less. (If this card is your "
                "chosen companion, you may put it into your hand from outside the game for {3} any time you could cast "
                "a sorcery.)\nLifelink\nDuring each of your turns, you may cast one permanent spell with mana value 2 or "
                "less from your graveyard.", "3/2")


@pytest.mark.rules("601.3", "601.2a")
def test_karador_lets_you_cast_one_creature_spell_from_your_graveyard_each_of_your_turns(extra_cards):
    extra_cards(KARADOR, fully_read=True)
    g, ids = table(["Karador, Ghost Chieftain"] + ["Forest"] * 4)
    bears, elves = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Llanowar Elves", 0, Zone.GRAVEYARD)
    shock = g.add_card("Shock", 0, Zone.GRAVEYARD)
    castable = {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}
    assert {bears, elves} <= castable and shock not in castable, "creature spells only"
    cast_and_settle(g, bears)
    assert on_battlefield(g, "Grizzly Bears")
    assert elves not in {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, elves))        # one spell each turn by this permission


@pytest.mark.rules("601.3")
def test_karador_gives_no_permission_in_an_opponents_turn(extra_cards):
    extra_cards(KARADOR, fully_read=True)
    g, ids = table(["Karador, Ghost Chieftain"] + ["Forest"] * 4, active=1)
    bears = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    assert bears not in {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}


@pytest.mark.rules("601.3", "202.3")
def test_lurrus_permits_a_permanent_spell_with_mana_value_two_or_less(extra_cards):
    extra_cards(LURRUS, fully_read=True)
    g, ids = table(["Lurrus of the Dream-Den"] + ["Forest"] * 4)
    bears, giant = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Hill Giant", 0, Zone.GRAVEYARD)
    shock = g.add_card("Shock", 0, Zone.GRAVEYARD)
    castable = {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}
    assert bears in castable and giant not in castable and shock not in castable
@pytest.mark.rules("305.1", "305.2")
@pytest.mark.parametrize("crucible", [True, False])
def test_play_lands_from_your_graveyard(extra_cards, crucible):
    extra_cards(CRUCIBLE_OF_WORLDS, fully_read=True)
    g, ids = table(["Crucible of Worlds"] if crucible else [], ["Crucible of Worlds"] if not crucible else [])
    mountain = g.add_card("Mountain", 0, Zone.GRAVEYARD)
    island = g.add_card("Island", 0, Zone.GRAVEYARD)
    theirs = g.add_card("Forest", 1, Zone.GRAVEYARD)
    plays = {a.card for a in g.legal_actions() if isinstance(a, PlayLand)}
    assert plays == ({mountain, island} if crucible else set()), "only its controller's, from their own graveyard"
    if not crucible:
        with pytest.raises(IllegalAction):
            g.apply(PlayLand(0, mountain))
        return
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(0, theirs))
    g.apply(PlayLand(0, mountain))
    assert on_battlefield(g, "Mountain")
    assert not any(isinstance(a, PlayLand) for a in g.legal_actions()), "the turn's land play (305.2)"


YAWGMOTHS_WILL = record("Yawgmoth's Will", "{2}{B}", "Sorcery",
                        "Until end of turn, you may play lands and cast spells from your graveyard.\nIf a card would be "
                        "put into your graveyard from anywhere this turn, exile that card instead.")
YAWGMOTHS_AGENDA = record("Yawgmoth's Agenda", "{3}{B}{B}", "Enchantment",
                          "You can't cast more than one spell each turn.\nYou may play lands and cast spells from your "
                          "graveyard.\nIf a card would be put into your graveyard from anywhere, exile it instead.")
LILIANA_UNTOUCHED = record("Liliana, Untouched by Death", "{2}{B}{B}", "Legendary Planeswalker — Liliana",
                           "[+1]: Mill three cards. If at least one Zombie card is milled this way, each opponent loses "
                           "2 life and you gain 2 life.\n[−2]: Target creature gets -X/-X until end of turn, where X is "
                           "the number of Zombies you control.\n[−3]: You may cast Zombie spells from your graveyard "
                           "this turn.", loyalty="4")
WALKING_CORPSE = record("Walking Corpse", "{1}{B}", "Creature — Zombie", "", "2/2")


def _castable(g) -> set[int]:
    return {a.card for a in g.legal_actions() if isinstance(a, CastSpell)}


@pytest.mark.rules("601.3", "601.2a", "305.1", "305.2", "614.1a")
def test_yawgmoths_will_plays_lands_and_casts_spells_from_your_graveyard_this_turn(extra_cards):
    extra_cards(YAWGMOTHS_WILL, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Mountain"] * 2, hand_a=["Yawgmoth's Will"])
    shock, forest = g.add_card("Shock", 0, Zone.GRAVEYARD), g.add_card("Forest", 0, Zone.GRAVEYARD)
    theirs = g.add_card("Shock", 1, Zone.GRAVEYARD)
    assert shock not in _castable(g) and not any(isinstance(a, PlayLand) for a in g.legal_actions())
    cast_and_settle(g, ids["Yawgmoth's Will"])
    assert shock in _castable(g) and theirs not in _castable(g), "from your own graveyard only"
    assert {a.card for a in g.legal_actions() if isinstance(a, PlayLand)} == {forest}
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, theirs, targets=(("P1",),)))
    cast_and_settle(g, shock, targets=(("P1",),))
    assert g.state.players[1].life == 18
    # the replacement, in force as the Will itself is put into the graveyard (608.2n), exiles both instead (614.1a)
    assert sorted(g.state.objects[o].name for o in g.state.exile) == ["Shock", "Yawgmoth's Will"]
    g.apply(PlayLand(0, forest))
    assert on_battlefield(g, "Forest")


@pytest.mark.rules("601.3", "611.2a")
def test_yawgmoths_will_lasts_until_end_of_turn(extra_cards):
    extra_cards(YAWGMOTHS_WILL, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Mountain"] * 2, hand_a=["Yawgmoth's Will"])
    cast_and_settle(g, ids["Yawgmoth's Will"])
    advance(g, Step.MAIN1, turn=5)
    shock = g.add_card("Shock", 0, Zone.GRAVEYARD)
    assert shock not in _castable(g)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, shock, targets=(("P1",),)))


@pytest.mark.rules("601.3", "601.2a", "305.1", "307.1")
def test_yawgmoths_agenda_lets_its_controller_cast_from_their_graveyard_with_the_usual_timing(extra_cards):
    extra_cards(YAWGMOTHS_AGENDA, fully_read=True)
    g, ids = table(["Yawgmoth's Agenda", "Forest", "Forest", "Mountain"], ["Yawgmoth's Agenda"])
    bears, shock = g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD), g.add_card("Shock", 0, Zone.GRAVEYARD)
    island = g.add_card("Island", 0, Zone.GRAVEYARD)
    assert {bears, shock} <= _castable(g) and island in {a.card for a in g.legal_actions() if isinstance(a, PlayLand)}
    cast_and_settle(g, bears)
    assert on_battlefield(g, "Grizzly Bears")
    assert shock not in _castable(g), "its own rule: one spell each turn (101.2)"
    g2, _ = table(["Yawgmoth's Agenda", "Forest", "Forest"], active=1)
    bears2 = g2.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g2.apply(PassPriority(1))
    assert bears2 not in _castable(g2), "a creature spell from the graveyard still has sorcery timing"


@pytest.mark.rules("601.3", "606.3", "205.3m")
def test_liliana_lets_you_cast_zombie_spells_from_your_graveyard_this_turn(extra_cards):
    extra_cards(LILIANA_UNTOUCHED, WALKING_CORPSE, fully_read=True)
    g, ids = table(["Liliana, Untouched by Death"] + ["Swamp"] * 2)
    corpse, bears = g.add_card("Walking Corpse", 0, Zone.GRAVEYARD), g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    assert corpse not in _castable(g)
    g.apply(ActivateAbility(0, ids["Liliana, Untouched by Death"], 2))
    resolve_stack(g)
    assert corpse in _castable(g) and bears not in _castable(g), "Zombie spells only"
    cast_and_settle(g, corpse)
    assert on_battlefield(g, "Walking Corpse")
