"""Templates first read for the Core Set 2021 cards (issue 13), each played through the engine with a real card:
choices made as an effect resolves without targets ("Untap up to four lands", "discard up to two cards, then draw
that many cards", "put a loyalty counter on a Liliana planeswalker you control"), what happened this turn ("for each
nontoken creature that died this turn"), conditions and triggers ("casts a spell from anywhere other than their
hand", "target artifact that player controls"), replacement effects (Containment Priest, Teferi's Ageless Insight,
Conclave Mentor) and costs (Mazemind Tome's page counters, Chromatic Orrery's mana of any color)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, CastSpell, Choose, DeclareAttackers, DeclareBlockers, PassPriority,
                                        PlayLand)
from engine.rules.combat import static_flag
from tests.engine.driving import advance, attack, pass_until, resolve_stack, settle, table
from tests.oracle.test_discard_then_draw_that_many import CHANDRA


@pytest.mark.rules("701.26b", "608.2c")
def test_rewind_counters_then_untaps_the_lands_its_controller_chooses(extra_cards):
    extra_cards("Rewind", fully_read=True)
    g, ids = table(["Island"] * 4, ["Forest", "Forest"], hand_a=["Rewind"], hand_b=["Grizzly Bears"],
                   active=1)
    g.apply(CastSpell(1, ids["B:Grizzly Bears"]))
    g.apply(PassPriority(1))
    g.apply(CastSpell(0, ids["Rewind"], targets=((g.state.stack[-1],),)))
    islands = [o for o in g.state.battlefield if g.state.objects[o].name == "Island"]
    assert all(g.state.objects[o].tapped for o in islands)
    g.apply(PassPriority(0))
    g.apply(PassPriority(1))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.min == 0 and d.max == 4
    forest = next(o for o in g.state.battlefield if g.state.objects[o].name == "Forest")
    assert forest in d.options           # any land, not only its controller's
    g.apply(Choose(0, tuple(islands[:3])))
    assert [g.state.objects[o].tapped for o in islands] == [False, False, False, True]
    assert not g.state.stack
    assert "Grizzly Bears" in [g.state.objects[o].name for o in g.state.players[1].graveyard]


@pytest.mark.rules("701.9a", "107.1")
@pytest.mark.parametrize("discarded", [0, 1, 2])
def test_kinetic_augur_discards_up_to_two_then_draws_that_many(extra_cards, discarded):
    extra_cards("Kinetic Augur", fully_read=True)
    g, ids = table(["Mountain"] * 4, [], hand_a=["Kinetic Augur", "Grizzly Bears", "Llanowar Elves", "Forest"])
    g.apply(CastSpell(0, ids["Kinetic Augur"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert (d.min, d.max) == (0, 2)
    g.apply(Choose(0, tuple(d.options[:discarded])))
    settle(g)
    assert len(g.state.players[0].graveyard) == discarded
    assert len(g.state.players[0].hand) == 3
    assert len(g.state.players[0].library) == 8 - discarded


SOLDIER = {"name": "Soldier Token", "power": 1, "toughness": 1, "colors": "W", "types": "Creature — Soldier",
           "abilities": []}


def _dying(g, *creatures: tuple[str, int, int]) -> None:
    """Creatures (name, controller, damage) put onto the battlefield with lethal damage: the state-based actions
    of the next priority put them into their owners' graveyards (704.5g)."""
    for name, p, damage in creatures:
        if name == "Soldier Token":
            g.add_token(SOLDIER, p, damage=damage)
        else:
            g.add_card(name, p, Zone.BATTLEFIELD, damage=damage)


@pytest.mark.rules("700.4", "111.7")
def test_gadrak_creates_a_treasure_for_each_nontoken_creature_that_died_this_turn(extra_cards):
    extra_cards("Gadrak, the Crown-Scourge", fully_read=True)
    g, ids = table(["Gadrak, the Crown-Scourge"], [])
    _dying(g, ("Grizzly Bears", 0, 2), ("Llanowar Elves", 1, 1), ("Soldier Token", 0, 1), ("Soldier Token", 1, 1))
    advance(g, Step.END)
    resolve_stack(g)
    treasures = [o for o in g.state.battlefield if g.state.objects[o].name == "Treasure Token"]
    assert len(treasures) == 2 and all(g.state.objects[o].controller == 0 for o in treasures)


@pytest.mark.rules("700.4", "603.10a")
def test_canopy_stalker_counts_itself_among_the_creatures_that_died(extra_cards):
    extra_cards("Canopy Stalker", fully_read=True)
    g, ids = table([], [])
    _dying(g, ("Canopy Stalker", 0, 2), ("Llanowar Elves", 1, 1), ("Soldier Token", 1, 1))
    g.apply(PassPriority(0))
    resolve_stack(g)
    assert g.state.players[0].life == 23


@pytest.mark.rules("700.4")
def test_liliana_s_standard_bearer_counts_the_creatures_that_died_under_your_control(extra_cards):
    extra_cards("Liliana's Standard Bearer", fully_read=True)
    g, ids = table(["Swamp"] * 3, [], hand_a=["Liliana's Standard Bearer"])
    _dying(g, ("Grizzly Bears", 0, 2), ("Soldier Token", 0, 1), ("Llanowar Elves", 1, 1))
    g.apply(CastSpell(0, ids["Liliana's Standard Bearer"]))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == 2


@pytest.mark.rules("107.3a", "608.2c")
def test_liliana_death_mage_counts_the_creature_cards_in_the_target_opponent_s_graveyard(extra_cards):
    extra_cards("Liliana, Death Mage", fully_read=True)
    g, ids = table([], [])
    liliana = g.add_card("Liliana, Death Mage", 0, Zone.BATTLEFIELD, counters={"loyalty": 7})
    for name in ("Grizzly Bears", "Llanowar Elves", "Forest"):
        g.add_card(name, 1, Zone.GRAVEYARD)
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)       # not the target's
    g.apply(ActivateAbility(0, liliana, 2, targets=(("P1",),)))
    resolve_stack(g)
    assert g.state.players[1].life == 16 and g.state.players[0].life == 20


@pytest.mark.rules("611.3a", "604.2")
@pytest.mark.parametrize("cards", [7, 8])
def test_thieves_guild_enforcer_grows_as_long_as_an_opponent_has_eight_cards_in_their_graveyard(extra_cards, cards):
    extra_cards("Thieves' Guild Enforcer", fully_read=True)
    g, ids = table(["Thieves' Guild Enforcer"], [])
    for _ in range(cards):
        g.add_card("Forest", 1, Zone.GRAVEYARD)
    for _ in range(3):
        g.add_card("Forest", 0, Zone.GRAVEYARD)       # its controller's own don't count
    ch = g.characteristics(ids["Thieves' Guild Enforcer"])
    grown = cards >= 8
    assert (ch.power, ch.toughness) == ((3, 2) if grown else (1, 1))
    assert any(k.name == "deathtouch" for k in ch.keywords) == grown


@pytest.mark.rules("601.2a", "603.2")
@pytest.mark.parametrize("from_graveyard", [False, True])
def test_ghostly_pilferer_draws_when_an_opponent_casts_a_spell_from_anywhere_other_than_their_hand(
        extra_cards, from_graveyard):
    extra_cards("Ghostly Pilferer", fully_read=True)
    g, ids = table(["Ghostly Pilferer"], ["Island"] * 3, active=1)
    think = g.add_card("Think Twice", 1, Zone.GRAVEYARD if from_graveyard else Zone.HAND)
    g.apply(CastSpell(1, think, alt="flashback") if from_graveyard else CastSpell(1, think))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == (1 if from_graveyard else 0)
    assert len(g.state.players[1].hand) == 1


@pytest.mark.rules("602.5", "605.1a", "508.1c", "509.1b")
def test_faith_s_fetters_stops_attacks_blocks_and_activated_abilities_but_mana_abilities(extra_cards):
    extra_cards("Faith's Fetters", fully_read=True)
    g, ids = table(["Plains"] * 8, ["Prodigal Sorcerer", "Llanowar Elves"], hand_a=["Faith's Fetters"],
                   hand_b=["Giant Growth"])
    second = g.add_card("Faith's Fetters", 0, Zone.HAND)
    sorcerer, elves = ids["B:Prodigal Sorcerer"], ids["B:Llanowar Elves"]
    g.apply(CastSpell(0, ids["Faith's Fetters"], targets=((sorcerer,),)))
    resolve_stack(g)
    g.apply(CastSpell(0, second, targets=((elves,),)))
    resolve_stack(g)
    assert g.state.players[0].life == 28
    g.apply(PassPriority(0))
    assert not any(isinstance(a, ActivateAbility) and a.source == sorcerer for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(1, sorcerer, 0, targets=(("P0",),)))
    # Llanowar Elves' mana ability still pays for Giant Growth
    g.apply(CastSpell(1, ids["B:Giant Growth"], targets=((elves,),)))
    assert g.state.objects[elves].tapped
    resolve_stack(g)
    assert g.characteristics(elves).power == 4
    assert all(static_flag(g, c, flag) for c in (sorcerer, elves) for flag in ("cant_attack", "cant_block"))


@pytest.mark.rules("610.3", "701.20a")
def test_kitesail_freebooter_exiles_the_chosen_card_until_it_leaves_then_it_returns_to_the_hand(extra_cards):
    extra_cards("Kitesail Freebooter", fully_read=True)
    g, ids = table(["Swamp", "Swamp", "Mountain"], [], hand_a=["Kitesail Freebooter", "Shock"],
                   hand_b=["Lightning Bolt", "Giant Growth", "Grizzly Bears", "Forest"])
    g.apply(CastSpell(0, ids["Kitesail Freebooter"]))
    while g.pending.kind is not DecisionKind.CHOOSE or "P1" in g.pending.options:
        g.apply(Choose(0, ("P1",)) if g.pending.kind is DecisionKind.CHOOSE else PassPriority(g.pending.player))
    d = g.pending
    assert set(d.options) == {ids["B:Lightning Bolt"], ids["B:Giant Growth"]}     # noncreature, nonland only
    g.apply(Choose(0, (ids["B:Lightning Bolt"],)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.exile] == ["Lightning Bolt"]
    assert len(g.state.players[1].hand) == 3
    freebooter = next(o for o in g.state.battlefield if g.state.objects[o].name == "Kitesail Freebooter")
    g.apply(CastSpell(0, ids["Shock"], targets=((freebooter,),)))
    resolve_stack(g)
    assert not g.state.exile
    assert "Lightning Bolt" in [g.state.objects[o].name for o in g.state.players[1].hand]
    assert len(g.state.players[1].hand) == 4


@pytest.mark.rules("305.2a", "305.2")
def test_azusa_lets_its_controller_play_three_lands_each_turn(extra_cards):
    extra_cards("Azusa, Lost but Seeking", fully_read=True)
    g, ids = table(["Azusa, Lost but Seeking"], [])
    lands = [g.add_card("Forest", 0, Zone.HAND) for _ in range(4)]
    for land in lands[:3]:
        g.apply(PlayLand(0, land))
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(0, lands[3]))
    assert sum(g.state.objects[o].name == "Forest" for o in g.state.battlefield) == 3


@pytest.mark.rules("701.10a", "701.10b", "611.2c")
def test_unleash_fury_doubles_the_power_as_it_resolves(extra_cards):
    extra_cards("Unleash Fury", fully_read=True)
    g, ids = table(["Mountain", "Mountain", "Mountain", "Grizzly Bears"], [], hand_a=["Unleash Fury"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Unleash Fury"], targets=((bears,),)))
    resolve_stack(g)
    assert (g.characteristics(bears).power, g.characteristics(bears).toughness) == (4, 2)


@pytest.mark.rules("608.2c", "608.2d")
def test_experimental_overload_may_return_an_instant_or_sorcery_card_chosen_as_it_resolves(extra_cards):
    extra_cards("Experimental Overload", fully_read=True)
    g, ids = table(["Island", "Island", "Mountain", "Mountain"], [], hand_a=["Experimental Overload"])
    bolt, opt = (g.add_card(n, 0, Zone.GRAVEYARD) for n in ("Lightning Bolt", "Opt"))
    g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Experimental Overload"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, ("yes",)))
    assert set(g.pending.options) == {bolt, opt}
    g.apply(Choose(0, (opt,)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Opt"]
    weird = next(o for o in g.state.battlefield if g.state.objects[o].token)
    assert g.characteristics(weird).power == 2          # counted before the return
    assert "Experimental Overload" in [g.state.objects[o].name for o in g.state.exile]


@pytest.mark.rules("603.3d", "115.1", "510.2")
def test_feline_sovereign_targets_only_what_the_damaged_player_controls(extra_cards):
    extra_cards("Feline Sovereign", fully_read=True)
    g, ids = table(["Feline Sovereign", "Howling Mine", "Sol Ring"], ["Phyrexian Arena", "Mind Stone"])
    attack(g, ids["Feline Sovereign"])
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player) if g.pending.kind is DecisionKind.PRIORITY
                else DeclareBlockers(g.pending.player, {}))
    d = g.pending
    assert set(d.options) == {ids["B:Phyrexian Arena"], ids["B:Mind Stone"]} and (d.min, d.max) == (0, 1)
    g.apply(Choose(0, (ids["B:Mind Stone"],)))
    resolve_stack(g)
    assert ids["B:Mind Stone"] not in g.state.battlefield
    assert {ids["B:Phyrexian Arena"], ids["Howling Mine"], ids["Sol Ring"]} <= set(g.state.battlefield)
    assert g.state.players[1].life == 18


SENTINEL = {"name": "Sentinel of the Eternal Watch", "manaCost": "{5}{W}", "type": "Creature — Giant Soldier",
            "types": ["Creature"], "subtypes": ["Giant", "Soldier"], "supertypes": [], "power": "4", "toughness": "6",
            "text": "Vigilance\nAt the beginning of combat on each opponent's turn, tap target creature that player "
                    "controls."}


@pytest.mark.rules("603.3d", "115.1")
def test_a_target_that_player_controls_is_the_active_opponent_s(extra_cards):
    extra_cards(SENTINEL, fully_read=True)
    g, ids = table(["Sentinel of the Eternal Watch", "Grizzly Bears"], ["Llanowar Elves"], active=1)
    while g.state.step is not Step.BEGINNING_OF_COMBAT:
        g.apply(PassPriority(g.pending.player))
    resolve_stack(g)            # its one legal target is chosen without asking
    assert g.state.objects[ids["B:Llanowar Elves"]].tapped
    assert not g.state.objects[ids["Grizzly Bears"]].tapped


@pytest.mark.rules("603.2", "120.3c", "306.8")
def test_hooded_blightfang_destroys_the_planeswalker_a_deathtouch_creature_damaged(extra_cards):
    extra_cards("Hooded Blightfang", "Liliana, Death Mage", fully_read=True)
    g, ids = table(["Hooded Blightfang"], [])
    liliana = g.add_card("Liliana, Death Mage", 1, Zone.BATTLEFIELD, counters={"loyalty": 7})
    pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids["Hooded Blightfang"]: liliana}))
    while liliana in g.state.battlefield and g.state.step is not Step.END:
        d = g.pending
        g.apply(DeclareBlockers(d.player, {}) if d.kind is DecisionKind.DECLARE_BLOCKERS else PassPriority(d.player))
    assert liliana not in g.state.battlefield
    assert "Liliana, Death Mage" in [g.state.objects[o].name for o in g.state.players[1].graveyard]


@pytest.mark.rules("608.2c", "122.1")
def test_liliana_s_scrounger_puts_a_loyalty_counter_on_a_liliana_its_controller_chooses(extra_cards):
    extra_cards("Liliana's Scrounger", "Liliana, Death Mage", fully_read=True)
    g, ids = table(["Liliana's Scrounger"], [])
    mine = g.add_card("Liliana, Death Mage", 0, Zone.BATTLEFIELD, counters={"loyalty": 3})
    theirs = g.add_card("Liliana, Death Mage", 1, Zone.BATTLEFIELD, counters={"loyalty": 3})
    _dying(g, ("Grizzly Bears", 1, 2))
    advance(g, Step.END)
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(0, ("yes",)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert g.state.objects[mine].counters["loyalty"] == 4
    assert g.state.objects[theirs].counters["loyalty"] == 3


@pytest.mark.rules("301.5", "701.8a")
def test_turn_to_slag_destroys_the_equipment_attached_to_the_creature(extra_cards):
    extra_cards("Turn to Slag", fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears", "Bonesplitter"], hand_a=["Turn to Slag"])
    bears, splitter = ids["B:Grizzly Bears"], ids["B:Bonesplitter"]
    aura = g.add_card("Holy Strength", 1, Zone.BATTLEFIELD)
    spare = g.add_card("Bonesplitter", 1, Zone.BATTLEFIELD)
    g.attach(splitter, bears)
    g.attach(aura, bears)
    g.apply(CastSpell(0, ids["Turn to Slag"], targets=((bears,),)))
    resolve_stack(g)
    assert splitter not in g.state.battlefield and spare in g.state.battlefield
    assert bears not in g.state.battlefield       # 5 damage; its Aura goes as it dies, not by the spell
    assert "Bonesplitter" in [g.state.objects[o].name for o in g.state.players[1].graveyard]


@pytest.mark.rules("602.5b", "602.5d", "103.4")
@pytest.mark.parametrize("life", [26, 27])
def test_speaker_of_the_heavens_needs_7_life_more_than_the_starting_life_total(extra_cards, life):
    extra_cards("Speaker of the Heavens", fully_read=True)
    g, ids = table(["Speaker of the Heavens"], [], life_a=life)
    speaker = ids["Speaker of the Heavens"]
    offered = any(isinstance(a, ActivateAbility) and a.source == speaker for a in g.legal_actions())
    assert offered == (life >= 27)
    if life < 27:
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, speaker, 0))
    else:
        g.apply(ActivateAbility(0, speaker, 0))
        resolve_stack(g)
        assert any(g.state.objects[o].token for o in g.state.battlefield)


@pytest.mark.rules("602.2", "606.3", "603.2")
def test_keral_keep_disciples_trigger_on_a_chandra_s_loyalty_ability_only(extra_cards):
    extra_cards("Keral Keep Disciples", "Liliana, Death Mage", CHANDRA, fully_read=True)
    g, ids = table(["Keral Keep Disciples"], [])
    chandra = g.add_card("Chandra, Flamecaller", 0, Zone.BATTLEFIELD, counters={"loyalty": 4})
    liliana = g.add_card("Liliana, Death Mage", 0, Zone.BATTLEFIELD, counters={"loyalty": 4})
    g.apply(ActivateAbility(0, liliana, 0, targets=((),)))
    resolve_stack(g)
    assert g.state.players[1].life == 20
    g.apply(ActivateAbility(0, chandra, 1))
    resolve_stack(g)
    assert g.state.players[1].life == 19


@pytest.mark.rules("614.1a", "121.6", "504.1")
def test_teferi_s_ageless_insight_doubles_every_draw_but_the_draw_step_s_first(extra_cards):
    extra_cards("Teferi's Ageless Insight", fully_read=True)
    g, ids = table(["Teferi's Ageless Insight", "Island"], [], hand_a=["Opt"], step=Step.UPKEEP)
    advance(g, Step.MAIN1)
    assert len(g.state.players[0].hand) == 2           # Opt and the draw step's one card
    g.apply(CastSpell(0, ids["Opt"]))
    settle(g)
    assert len(g.state.players[0].hand) == 3           # Opt drew two


@pytest.mark.rules("614.1a", "702.79a")
def test_containment_priest_exiles_a_creature_entering_without_being_cast(extra_cards):
    extra_cards("Containment Priest", fully_read=True)
    g, ids = table(["Containment Priest", "Forest", "Forest"], [], hand_a=["Grizzly Bears"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    resolve_stack(g)
    assert any(g.state.objects[o].name == "Grizzly Bears" for o in g.state.battlefield)      # cast: it enters
    _dying(g, ("Kitchen Finks", 0, 2))
    g.apply(PassPriority(0))
    resolve_stack(g)                # persist would return it: exiled instead
    assert [g.state.objects[o].name for o in g.state.exile] == ["Kitchen Finks"]
    assert not any(g.state.objects[o].name == "Kitchen Finks" for o in g.state.battlefield)
    assert g.state.players[0].life == 20           # it never entered: no life gained


@pytest.mark.rules("105.2", "107.3a", "606.4")
def test_ugin_exiles_each_colored_permanent_with_mana_value_x_or_less(extra_cards):
    extra_cards("Ugin, the Spirit Dragon", fully_read=True)
    g, ids = table(["Llanowar Elves", "Forest"], ["Grizzly Bears", "Sol Ring", "Serra Angel"])
    ugin = g.add_card("Ugin, the Spirit Dragon", 0, Zone.BATTLEFIELD, counters={"loyalty": 7})
    g.apply(ActivateAbility(0, ugin, 1, x=3))
    resolve_stack(g)
    assert {g.state.objects[o].name for o in g.state.exile} == {"Llanowar Elves", "Grizzly Bears"}
    assert {ids["Forest"], ids["B:Sol Ring"], ids["B:Serra Angel"], ugin} <= set(g.state.battlefield)
    assert g.state.objects[ugin].counters["loyalty"] == 4


@pytest.mark.rules("603.4", "603.10a")
def test_basri_s_lieutenant_makes_a_knight_for_a_creature_that_died_with_a_counter(extra_cards):
    extra_cards("Basri's Lieutenant", fully_read=True)
    g, ids = table(["Basri's Lieutenant"], [])
    g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, counters={"+1/+1": 1}, damage=3)
    g.add_card("Llanowar Elves", 0, Zone.BATTLEFIELD, damage=1)
    g.apply(PassPriority(0))
    resolve_stack(g)
    knights = [o for o in g.state.battlefield if g.state.objects[o].token]
    assert len(knights) == 1 and g.characteristics(knights[0]).has("vigilance")


@pytest.mark.rules("609.4b")
def test_chromatic_orrery_lets_colorless_and_red_mana_pay_white_and_blue_symbols(extra_cards):
    extra_cards("Chromatic Orrery", fully_read=True)
    g, ids = table(["Chromatic Orrery", "Mountain"], [], hand_a=["Serra Angel", "Opt"])
    g.apply(CastSpell(0, ids["Serra Angel"]))          # {3}{W}{W} from the Orrery's {C}{C}{C}{C}{C}
    resolve_stack(g)
    assert any(g.state.objects[o].name == "Serra Angel" for o in g.state.battlefield)
    g.apply(CastSpell(0, ids["Opt"]))                  # {U} from a Mountain
    settle(g)
    assert g.state.objects[ids["Mountain"]].tapped


def test_without_the_orrery_colored_symbols_need_their_color():
    g, ids = table(["Mountain"], [], hand_a=["Opt"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Opt"]))


@pytest.mark.rules("603.4", "400.7")
@pytest.mark.parametrize("whose", ["mine", "theirs"])
def test_barrin_draws_if_a_permanent_was_put_into_your_hand_from_the_battlefield(extra_cards, whose):
    extra_cards("Barrin, Tolarian Archmage", fully_read=True)
    g, ids = table(["Barrin, Tolarian Archmage", "Island", "Grizzly Bears"], ["Llanowar Elves"], hand_a=["Unsummon"])
    target = ids["Grizzly Bears"] if whose == "mine" else ids["B:Llanowar Elves"]
    g.apply(CastSpell(0, ids["Unsummon"], targets=((target,),)))
    resolve_stack(g)
    hand = len(g.state.players[0].hand)
    advance(g, Step.END)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + (1 if whose == "mine" else 0)


@pytest.mark.rules("118.3", "603.8", "608.2c")
def test_mazemind_tome_pays_with_page_counters_and_is_exiled_at_four(extra_cards):
    extra_cards("Mazemind Tome", fully_read=True)
    g, ids = table(["Island", "Island"], [])
    tome = g.add_card("Mazemind Tome", 0, Zone.BATTLEFIELD, counters={"page": 2})
    g.apply(ActivateAbility(0, tome, 1))                     # {2}, {T}: draw a card
    assert g.state.objects[tome].counters["page"] == 3       # paid as it was activated
    settle(g)
    assert tome in g.state.battlefield and g.state.players[0].life == 20 and len(g.state.players[0].hand) == 1
    other = g.add_card("Mazemind Tome", 0, Zone.BATTLEFIELD, counters={"page": 3})
    g.apply(ActivateAbility(0, other, 0))                    # {T}: scry 1, and the fourth page counter
    settle(g)
    assert other not in g.state.battlefield
    assert "Mazemind Tome" in [g.state.objects[o].name for o in g.state.exile]
    assert g.state.players[0].life == 24


@pytest.mark.rules("510.2", "401.5", "608.2c")
def test_garruk_s_harbinger_looks_at_as_many_cards_as_the_damage_it_dealt(extra_cards):
    extra_cards("Garruk's Harbinger", fully_read=True)
    g, ids = table(["Garruk's Harbinger"], [])
    bears, bolt = (g.add_card(n, 0, Zone.LIBRARY) for n in ("Grizzly Bears", "Lightning Bolt"))
    attack(g, ids["Garruk's Harbinger"])
    while g.pending.kind is not DecisionKind.CHOOSE:
        d = g.pending
        g.apply(DeclareBlockers(d.player, {}) if d.kind is DecisionKind.DECLARE_BLOCKERS else PassPriority(d.player))
    d = g.pending
    assert bears in d.options and bolt not in d.options       # a creature card or a Garruk planeswalker card
    g.apply(Choose(0, (bears,)))
    settle(g)
    assert [g.state.objects[o].name for o in g.state.players[0].hand] == ["Grizzly Bears"]
    assert g.state.players[1].life == 16
    assert len(g.state.players[0].library) == 9


@pytest.mark.rules("701.26a", "702.101a", "608.2c")
def test_siege_striker_grows_for_each_creature_tapped_this_way(extra_cards):
    extra_cards("Siege Striker", fully_read=True)
    g, ids = table(["Siege Striker", "Grizzly Bears", "Llanowar Elves", "Elvish Mystic"], [])
    bears2 = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    elves, mystic = ids["Llanowar Elves"], ids["Elvish Mystic"]
    attack(g, ids["Siege Striker"], ids["Grizzly Bears"], bears2)
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, ("yes",)))
    d = g.pending
    assert set(d.options) == {elves, mystic} and d.min == 0      # only untapped creatures it controls
    g.apply(Choose(0, (elves, mystic)))
    assert g.state.objects[elves].tapped and g.state.objects[mystic].tapped
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert (g.characteristics(ids["Siege Striker"]).power, g.characteristics(ids["Siege Striker"]).toughness) == (3, 3)


@pytest.mark.rules("701.9a", "608.2c")
@pytest.mark.parametrize("b_hand", [[], ["Forest"]])
def test_liliana_waker_of_the_dead_costs_life_to_each_opponent_who_couldn_t_discard(extra_cards, b_hand):
    extra_cards("Liliana, Waker of the Dead", fully_read=True)
    g, ids = table([], [], hand_a=["Grizzly Bears"], hand_b=b_hand)
    liliana = g.add_card("Liliana, Waker of the Dead", 0, Zone.BATTLEFIELD, counters={"loyalty": 4})
    g.apply(ActivateAbility(0, liliana, 0))
    settle(g)
    assert not g.state.players[0].hand and not g.state.players[1].hand
    assert g.state.players[1].life == (17 if not b_hand else 20)
    assert g.state.players[0].life == 20


@pytest.mark.rules("107.1a", "121.2")
def test_peer_into_the_abyss_rounds_each_half_up(extra_cards):
    extra_cards("Peer into the Abyss", fully_read=True)
    g, ids = table(["Swamp"] * 7, [], hand_a=["Peer into the Abyss"])
    g.add_card("Forest", 1, Zone.LIBRARY)       # nine cards
    g.set_player(1, life=15)
    g.apply(CastSpell(0, ids["Peer into the Abyss"], targets=(("P1",),)))
    resolve_stack(g)
    assert len(g.state.players[1].hand) == 5 and len(g.state.players[1].library) == 4
    assert g.state.players[1].life == 7


@pytest.mark.rules("608.2c", "608.2d", "603.5")
@pytest.mark.parametrize("pick", ["discard a creature card", "sacrifice a creature"])
def test_crypt_lurker_draws_if_a_creature_was_sacrificed_or_a_creature_card_discarded(extra_cards, pick):
    extra_cards("Crypt Lurker", fully_read=True)
    g, ids = table(["Swamp"] * 4, [], hand_a=["Crypt Lurker", "Lightning Bolt", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Crypt Lurker"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    answers = {"yes_no": "yes", "mode": pick}
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        choice = d.data.get("choice")
        g.apply(Choose(0, (answers[choice],) if choice in answers else tuple(d.options[:1])))
    resolve_stack(g)
    names = sorted(g.state.objects[o].name for o in g.state.players[0].hand)
    if pick == "discard a creature card":
        assert names == ["Lightning Bolt", "Plains"]            # Grizzly Bears discarded, a card drawn
        assert any(g.state.objects[o].name == "Crypt Lurker" for o in g.state.battlefield)
    else:
        assert names == ["Grizzly Bears", "Lightning Bolt", "Plains"]      # it sacrificed itself and drew
        assert not any(g.state.objects[o].name == "Crypt Lurker" for o in g.state.battlefield)


@pytest.mark.rules("603.4", "603.10", "400.7d")
def test_archfiend_s_vessel_becomes_a_demon_only_when_it_came_from_the_graveyard(extra_cards):
    extra_cards("Archfiend's Vessel", "Rise Again", fully_read=True)
    g, ids = table(["Swamp"] * 6, [], hand_a=["Archfiend's Vessel", "Rise Again"])
    g.apply(CastSpell(0, ids["Archfiend's Vessel"]))
    resolve_stack(g)
    assert any(g.state.objects[o].name == "Archfiend's Vessel" for o in g.state.battlefield)    # cast from the hand
    vessel = g.add_card("Archfiend's Vessel", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Rise Again"], targets=((vessel,),)))
    resolve_stack(g)
    demons = [o for o in g.state.battlefield if g.state.objects[o].token]
    assert len(demons) == 1 and g.characteristics(demons[0]).power == 5
    assert "Archfiend's Vessel" in [g.state.objects[o].name for o in g.state.exile]


@pytest.mark.rules("614.1a", "122.6")
def test_conclave_mentor_puts_one_more_plus_one_counter(extra_cards):
    extra_cards("Conclave Mentor", "Basri's Lieutenant", fully_read=True)
    g, ids = table(["Conclave Mentor", "Grizzly Bears", "Plains", "Plains", "Plains", "Plains"], ["Llanowar Elves"],
                   hand_a=["Basri's Lieutenant"])
    g.apply(CastSpell(0, ids["Basri's Lieutenant"]))
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, (ids["Grizzly Bears"],)))
    resolve_stack(g)
    assert g.state.objects[ids["Grizzly Bears"]].counters.get("+1/+1") == 2


DRYAD_ARBOR = {"name": "Dryad Arbor", "manaCost": None, "type": "Land Creature — Forest Dryad", "types": ["Land", "Creature"],
               "subtypes": ["Forest", "Dryad"], "supertypes": [], "colors": ["G"], "power": "1", "toughness": "1",
               "text": "(Dryad Arbor isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add {G}.\")"}


@pytest.mark.rules("614.1a", "305.1")
def test_a_land_creature_played_under_containment_priest_is_exiled(extra_cards):
    extra_cards("Containment Priest", DRYAD_ARBOR)
    g, ids = table(["Containment Priest"], [])
    arbor = g.add_card("Dryad Arbor", 0, Zone.HAND)
    g.apply(PlayLand(0, arbor))
    assert [g.state.objects[o].name for o in g.state.exile] == ["Dryad Arbor"]
    assert g.state.players[0].lands_played == 1
