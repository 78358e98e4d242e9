"""Optional ("you may") sentences and the trigger conditions of 603 read by the compiler, each played with a
real card's Oracle text through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import (ActivateAbility, AssignDamage, CastSpell, Choose, DeclareAttackers,
                                        DeclareBlockers, PassPriority, PlayLand)
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, on_battlefield,
                                  pass_while_priority, resolve_stack, table)
from tests.oracle.conftest import record

def _pass_until(g, kind: DecisionKind) -> None:
    while g.pending.kind is not kind:
        g.apply(PassPriority(g.pending.player))


CLEVER_IMPERSONATOR = record("Clever Impersonator", "{2}{U}{U}", "Creature — Shapeshifter",
                             "You may have Clever Impersonator enter the battlefield as a copy of any nonland "
                             "permanent on the battlefield.", "0/0")


@pytest.mark.rules("707.9", "614.1c", "706.2")
@pytest.mark.parametrize("copy", [True, False])
def test_enter_the_battlefield_as_a_copy_in_the_older_wording(extra_cards, copy):
    # "enter the battlefield as a copy of" is the older wording of "enter as a copy of": a copy effect that
    # applies as the permanent enters (614.1c); it copies only a nonland permanent.
    extra_cards(CLEVER_IMPERSONATOR)
    g, ids = table(["Island"] * 4, ["Grizzly Bears"], hand_a=["Clever Impersonator"])
    g.apply(CastSpell(0, ids["Clever Impersonator"]))
    both_pass(g)
    assert g.pending.kind is DecisionKind.CHOOSE
    assert set(g.pending.options) == {ids["B:Grizzly Bears"], "no"}      # no Island: a land
    g.apply(Choose(0, (ids["B:Grizzly Bears"],) if copy else ("no",)))
    resolve_stack(g)
    if copy:
        assert len(on_battlefield(g, "Grizzly Bears")) == 2
    else:
        assert on_battlefield(g, "Clever Impersonator") == []       # a 0/0 dies (704.5f)


SRAMS_EXPERTISE = record("Sram's Expertise", "{2}{W}{W}", "Sorcery",
                         "Create three 1/1 colorless Servo artifact creature tokens.\nYou may cast a spell with mana "
                         "value 3 or less from your hand without paying its mana cost.")


@pytest.mark.rules("608.2g", "118.9", "305.9")
@pytest.mark.parametrize("cast", [True, False])
def test_you_may_cast_a_spell_from_your_hand_without_paying_its_mana_cost(extra_cards, cast):
    extra_cards(SRAMS_EXPERTISE)
    g, ids = table(["Plains"] * 4, hand_a=["Sram's Expertise", "Grizzly Bears", "Serra Angel", "Plains"])
    g.apply(CastSpell(0, ids["Sram's Expertise"]))
    both_pass(g)
    # up to one card of mana value 3 or less: not the Angel (5), not a land (played, never cast)
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.options == [ids["Grizzly Bears"]]
    assert g.pending.min == 0
    g.apply(Choose(0, (ids["Grizzly Bears"],) if cast else ()))
    if cast:
        # cast during the resolution (no mana paid: the four Plains were tapped for the Expertise)
        assert [g.characteristics(o).name for o in g.state.stack] == ["Grizzly Bears"]
    resolve_stack(g)
    assert len(on_battlefield(g, "Grizzly Bears")) == (1 if cast else 0)
    assert sum(g.characteristics(o).subtypes == {"Servo"} for o in g.state.battlefield) == 3


RETALIATOR_GRIFFIN = record("Retaliator Griffin", "{1}{R}{G}{W}", "Creature — Griffin",
                            "Flying\nWhenever a source an opponent controls deals damage to you, you may put that many "
                            "+1/+1 counters on Retaliator Griffin.", "2/2")


@pytest.mark.rules("603.2", "120.3", "122.1")
@pytest.mark.parametrize("put", [True, False])
def test_that_many_counters_is_the_damage_dealt(extra_cards, put):
    # "that many" before a noun in a damage trigger is the amount of damage dealt
    extra_cards(RETALIATOR_GRIFFIN)
    g, ids = table(["Retaliator Griffin"], ["Mountain"], hand_b=["Lightning Bolt"], active=1)
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    while g.pending.kind is DecisionKind.PRIORITY and g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0
    g.apply(Choose(0, ("yes" if put else "no",)))
    resolve_stack(g)
    assert g.state.players[0].life == 17
    assert g.characteristics(ids["Retaliator Griffin"]).power == (5 if put else 2)


TURNTIMBER_SOWER = record("Turntimber Sower", "{2}{G}", "Creature — Elf Druid",
                          "Whenever one or more land cards are put into your graveyard from anywhere, create a 0/1 "
                          "green Plant creature token.\n{G}, Sacrifice three creatures: Return target land card "
                          "from your graveyard to your hand.", "3/3")
THOUGHT_SCOUR = record("Thought Scour", "{U}", "Instant", "Target player mills two cards.\nDraw a card.")


def _plants(g) -> int:
    return sum(g.characteristics(o).subtypes == {"Plant"} for o in g.state.battlefield)


@pytest.mark.rules("603.2c", "701.17a", "608.2c")
def test_one_or_more_land_cards_put_into_your_graveyard_triggers_once_for_each_event(extra_cards):
    extra_cards(TURNTIMBER_SOWER, THOUGHT_SCOUR)
    g, ids = table(["Turntimber Sower", "Island", "Island"], hand_a=["Thought Scour"])
    scour = ids["Thought Scour"]
    cast_and_resolve(g, scour, targets=(("P0",),))
    # two Plains milled at once: one event, one Plant
    assert len(g.state.players[0].graveyard) == 3 and _plants(g) == 1
    g, ids = table(["Turntimber Sower", "Island"], hand_a=["Thought Scour"])
    cast_and_resolve(g, ids["Thought Scour"], targets=(("P1",),))
    assert _plants(g) == 0          # lands put into an opponent's graveyard


FUMING_EFFIGY = record("Fuming Effigy", "{3}{R}", "Creature — Spirit",
                       "Whenever one or more cards leave your graveyard, Fuming Effigy deals 1 damage to each "
                       "opponent.", "4/3")
TORMODS_CRYPT = record("Tormod's Crypt", "{0}", "Artifact",
                       "{T}, Sacrifice Tormod's Crypt: Exile all cards from target player's graveyard.")


@pytest.mark.rules("603.2c", "608.2c", "400.7")
def test_one_or_more_cards_leave_your_graveyard(extra_cards):
    extra_cards(FUMING_EFFIGY, TORMODS_CRYPT)
    g, ids = table(["Fuming Effigy", "Tormod's Crypt", "Swamp", "Swamp", "Swamp"], hand_a=["Raise Dead"])
    for name in ("Grizzly Bears", "Llanowar Elves", "Plains"):
        ids[name] = g.add_card(name, 0, Zone.GRAVEYARD)
    cast_and_resolve(g, ids["Raise Dead"], targets=((ids["Grizzly Bears"],),))
    assert g.state.players[1].life == 19            # one card returned to the hand
    activate_and_resolve(g, ids["Tormod's Crypt"], 0, targets=(("P0",),))
    # Raise Dead, the two other cards and the sacrificed Crypt exiled at once: one event
    assert g.state.players[0].graveyard == [] and len(g.state.exile) == 4
    assert g.state.players[1].life == 18


RHOX = record("Rhox", "{4}{G}{G}", "Creature — Rhino Beast",
              "You may have Rhox assign its combat damage as though it weren't blocked.\n{2}{G}: Regenerate Rhox.",
              "5/5")


@pytest.mark.rules("510.1b", "510.1c")
@pytest.mark.parametrize("as_unblocked", [True, False])
def test_assign_combat_damage_as_though_it_werent_blocked(extra_cards, as_unblocked):
    extra_cards(RHOX)
    g, ids = table(["Rhox"], ["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    rhox, bears = ids["Rhox"], ids["B:Grizzly Bears"]
    _pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {rhox: "P1"}))
    _pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {bears: (rhox,)}))
    _pass_until(g, DecisionKind.ASSIGN_DAMAGE)
    assert g.pending.data["recipients"][str(rhox)] == [bears, "P1"]
    with pytest.raises(IllegalAction):      # not some to each: all as though unblocked, or to the blocker
        g.apply(AssignDamage(0, {rhox: {bears: 2, "P1": 3}}))
    g.apply(AssignDamage(0, {rhox: {"P1": 5}} if as_unblocked else {rhox: {bears: 5}}))
    assert g.state.players[1].life == (15 if as_unblocked else 20)
    assert on_battlefield(g, "Grizzly Bears") == ([bears] if as_unblocked else [])


DRAGON_BREATH = record("Dragon Breath", "{1}{R}", "Enchantment — Aura",
                       "Enchant creature\nEnchanted creature has haste.\n{R}: Enchanted creature gets +1/+0 until end "
                       "of turn.\nWhen a creature with mana value 6 or greater enters the battlefield, you may return "
                       "Dragon Breath from your graveyard to the battlefield attached to that creature.")
ACADEMY_RESEARCHERS = record("Academy Researchers", "{1}{U}{U}", "Creature — Human Wizard",
                            "When Academy Researchers enters the battlefield, you may put an Aura card from your hand "
                            "onto the battlefield attached to Academy Researchers.", "2/2")


@pytest.mark.rules("303.4i", "113.6k", "603.2")
def test_return_an_aura_from_your_graveyard_attached_to_that_creature(extra_cards):
    extra_cards(DRAGON_BREATH)
    g, ids = table(["Forest"] * 6, hand_a=["Craw Wurm"])
    breath = g.add_card("Dragon Breath", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Craw Wurm"]))
    pass_while_priority(g)
    g.apply(Choose(0, ("yes",)))
    resolve_stack(g)
    (wurm,) = on_battlefield(g, "Craw Wurm")
    (aura,) = on_battlefield(g, "Dragon Breath")
    assert g.state.objects[aura].attached_to == wurm and breath not in g.state.objects
    assert g.characteristics(wurm).has("haste")


@pytest.mark.rules("303.4i", "303.4f")
def test_put_an_aura_from_your_hand_attached_to_it(extra_cards):
    extra_cards(ACADEMY_RESEARCHERS)
    g, ids = table(["Island"] * 3, hand_a=["Academy Researchers", "Holy Strength", "Pacifism", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Academy Researchers"]))
    pass_while_priority(g)
    # only an Aura card (not a creature card) that can enchant it
    assert set(g.pending.options) == {ids["Holy Strength"], ids["Pacifism"]} and g.pending.min == 0
    g.apply(Choose(0, (ids["Holy Strength"],)))
    resolve_stack(g)
    (researchers,) = on_battlefield(g, "Academy Researchers")
    (aura,) = on_battlefield(g, "Holy Strength")
    assert g.state.objects[aura].attached_to == researchers
    assert g.characteristics(researchers).power == 3        # Holy Strength: +1/+2


RHYSTIC_STUDY = record("Rhystic Study", "{2}{U}", "Enchantment",
                       "Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.")


@pytest.mark.rules("118.12", "603.2")
@pytest.mark.parametrize("pays,draws", [(True, False), (False, True), (False, False)])
def test_you_may_draw_unless_that_player_pays(extra_cards, pays, draws):
    # the player who cast the spell decides first whether to pay; only then do you decide whether to draw
    extra_cards(RHYSTIC_STUDY)
    g, ids = table(["Rhystic Study"], ["Mountain", "Mountain"], hand_b=["Lightning Bolt"], active=1)
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(1, ids["B:Lightning Bolt"], targets=(("P0",),)))
    pass_while_priority(g)
    assert g.pending.player == 1
    g.apply(Choose(1, ("yes" if pays else "no",)))
    if not pays:
        assert g.pending.kind is DecisionKind.CHOOSE and g.pending.player == 0
        g.apply(Choose(0, ("yes" if draws else "no",)))
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand + draws
    assert sum(g.state.objects[m].tapped for m in g.state.battlefield
               if g.characteristics(m).name == "Mountain") == 1 + pays


GINGERBREAD_CABIN = record("Gingerbread Cabin", None, "Land",
                           "Gingerbread Cabin enters the battlefield tapped unless you control three or more other "
                           "Forests.\nWhen Gingerbread Cabin enters the battlefield untapped, create a Food token.\n"
                           "{T}: Add {G}.")


@pytest.mark.rules("603.2", "614.1c", "305.1")
@pytest.mark.parametrize("forests", [3, 2])
def test_when_it_enters_untapped(extra_cards, forests):
    extra_cards(GINGERBREAD_CABIN)
    g, ids = table(["Forest"] * forests, hand_a=["Gingerbread Cabin"])
    g.apply(PlayLand(0, ids["Gingerbread Cabin"]))
    resolve_stack(g)
    (cabin,) = on_battlefield(g, "Gingerbread Cabin")
    assert g.state.objects[cabin].tapped is (forests < 3)
    assert sum(g.characteristics(o).subtypes == {"Food"} for o in g.state.battlefield) == (forests >= 3)


PRECOGNITION_FIELD = record("Precognition Field", "{3}{U}", "Enchantment",
                            "You may look at the top card of your library any time.\nYou may cast instant and sorcery "
                            "spells from the top of your library.\n{3}: Exile the top card of your library.")
COURSER_OF_KRUPHIX = record("Courser of Kruphix", "{1}{G}{G}", "Enchantment Creature — Centaur",
                            "Play with the top card of your library revealed.\nYou may play lands from the top of your "
                            "library.\nWhenever a land enters the battlefield under your control, you gain 1 life.",
                            "2/4")


@pytest.mark.rules("401.5", "601.2a", "305.1")
def test_cast_instants_and_sorceries_from_the_top_of_your_library(extra_cards):
    extra_cards(PRECOGNITION_FIELD)
    g, ids = table(["Precognition Field", "Mountain"])
    g.state.players[0].library.pop()        # the Plains on top goes; then a Lightning Bolt, then Grizzly Bears
    bears = g.add_card("Grizzly Bears", 0, Zone.LIBRARY)
    bolt = g.add_card("Lightning Bolt", 0, Zone.LIBRARY)
    assert g.state.players[0].library[-1] == bolt
    assert g.snapshot(0)["players"][0]["library_top"]["id"] == bolt        # its owner sees it
    assert g.snapshot(1)["players"][0]["library_top"] is None
    assert any(isinstance(a, CastSpell) and a.card == bolt for a in g.legal_actions())
    cast_and_resolve(g, bolt, targets=(("P1",),))
    assert g.state.players[1].life == 17
    # a creature card on top can't be cast by this permission, nor a card below the top
    assert g.state.players[0].library[-1] == bears
    assert not any(isinstance(a, CastSpell) and a.card == bears for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, bears))


@pytest.mark.rules("401.5", "305.1", "305.2")
def test_play_lands_from_the_top_of_your_library(extra_cards):
    # (its "play with the top card of your library revealed" is not read yet: only the permission is played here)
    extra_cards(COURSER_OF_KRUPHIX)
    g, ids = table(["Courser of Kruphix"], hand_a=["Forest"])
    top = g.state.players[0].library[-1]          # a Plains
    assert PlayLand(0, top) in g.legal_actions()
    g.apply(PlayLand(0, top))
    resolve_stack(g)
    assert len(on_battlefield(g, "Plains")) == 1 and len(g.state.players[0].library) == 7
    assert g.state.players[0].life == 21
    # the land play of the turn is used (305.2): not another one from the top or the hand
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(0, g.state.players[0].library[-1]))
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(0, ids["Forest"]))


VINE_GECKO = record("Vine Gecko", "{1}{G}", "Creature — Elemental Lizard",
                    "The first kicked spell you cast each turn costs {1} less to cast.\nWhenever you cast a kicked "
                    "spell, put a +1/+1 counter on Vine Gecko.", "2/2")
INTO_THE_ROIL = record("Into the Roil", "{1}{U}", "Instant",
                       "Kicker {1}{U}\nReturn target nonland permanent to its owner's hand. If this spell was kicked, "
                       "draw a card.")


@pytest.mark.rules("702.33d", "603.2")
@pytest.mark.parametrize("kicked", [True, False])
def test_whenever_you_cast_a_kicked_spell(extra_cards, kicked):
    # (only its trigger is played here: the cost reduction of its first sentence is not read yet)
    extra_cards(VINE_GECKO, INTO_THE_ROIL)
    g, ids = table(["Vine Gecko"] + ["Island"] * 4, ["Grizzly Bears"], hand_a=["Into the Roil"])
    cast_and_resolve(g, ids["Into the Roil"], targets=((ids["B:Grizzly Bears"],),), kicked=kicked)
    assert len(g.state.players[1].hand) == 1
    assert g.state.objects[ids["Vine Gecko"]].counters.get("+1/+1", 0) == kicked


SNEAK_ATTACK = record("Sneak Attack", "{3}{R}", "Enchantment",
                      "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste "
                      "until end of turn. Sacrifice the creature at the beginning of the next end step.")


@pytest.mark.rules("400.7", "603.7", "702.10b")
def test_that_creature_is_the_one_put_onto_the_battlefield(extra_cards):
    extra_cards(SNEAK_ATTACK)
    g, ids = table(["Sneak Attack", "Mountain"], hand_a=["Craw Wurm"])
    g.apply(ActivateAbility(0, ids["Sneak Attack"], 0))
    pass_while_priority(g)
    g.apply(Choose(0, (ids["Craw Wurm"],)))
    resolve_stack(g)
    (wurm,) = on_battlefield(g, "Craw Wurm")
    assert g.characteristics(wurm).has("haste")
    assert not g.characteristics(ids["Sneak Attack"]).has("haste")
    advance(g, Step.END)
    resolve_stack(g)
    assert on_battlefield(g, "Craw Wurm") == []


EXPLORE = record("Explore", "{1}{G}", "Sorcery", "You may play an additional land this turn.\nDraw a card.")


@pytest.mark.rules("305.2a", "305.2")
def test_you_may_play_an_additional_land_this_turn(extra_cards):
    extra_cards(EXPLORE)
    g, ids = table(["Forest", "Forest"], hand_a=["Explore", "Forest", "Mountain", "Island"])
    cast_and_resolve(g, ids["Explore"])
    g.apply(PlayLand(0, ids["Forest"]))
    g.apply(PlayLand(0, ids["Mountain"]))       # the additional one
    with pytest.raises(IllegalAction):
        g.apply(PlayLand(0, ids["Island"]))     # 305.2: no more
    advance(g, Step.MAIN1, turn=5)
    g.apply(PlayLand(0, ids["Island"]))         # only this turn: one land on a later turn
    assert not any(isinstance(a, PlayLand) for a in g.legal_actions())


HEDRON_BLADE = record("Hedron Blade", "{1}", "Artifact — Equipment",
                      "Equipped creature gets +1/+1.\nWhenever equipped creature becomes blocked by one or more "
                      "colorless creatures, it gains deathtouch until end of turn. (Any amount of damage it deals to "
                      "a creature is enough to destroy it.)\nEquip {2}")


@pytest.mark.rules("509.1h", "603.2c")
@pytest.mark.parametrize("blockers,triggers", [(["Ornithopter"], 1), (["Grizzly Bears", "Ornithopter"], 1),
                                               (["Grizzly Bears"], 0)])
def test_becomes_blocked_by_one_or_more_colorless_creatures(extra_cards, blockers, triggers):
    # once for the declaration, however many of its blockers are colorless
    extra_cards(HEDRON_BLADE)
    g, ids = table(["Hedron Blade", "Grizzly Bears", "Plains", "Plains"], ["Grizzly Bears", "Ornithopter"])
    blade, bears = ids["Hedron Blade"], ids["Grizzly Bears"]
    activate_and_resolve(g, blade, 0, targets=((bears,),))
    _pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {bears: "P1"}))
    _pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:" + b]: (bears,) for b in blockers}))
    assert len(g.state.stack) == triggers
    resolve_stack(g)
    assert g.characteristics(bears).has("deathtouch") is bool(triggers)


SERRA_INQUISITORS = record("Serra Inquisitors", "{4}{W}", "Creature — Human Cleric",
                           "Whenever Serra Inquisitors blocks or becomes blocked by one or more black creatures, Serra "
                           "Inquisitors gets +2/+0 until end of turn.", "3/3")


@pytest.mark.rules("509.1h", "603.2c", "603.2")
@pytest.mark.parametrize("blockers,power", [(["Gravedigger"], 5), (["Grizzly Bears"], 3),
                                            (["Gravedigger", "Grizzly Bears"], 5)])
def test_blocks_or_becomes_blocked_by_one_or_more_black_creatures(extra_cards, blockers, power):
    # not "whenever it blocks" (any creature) or "becomes blocked by one or more black creatures": both read
    # with the black creatures
    extra_cards(SERRA_INQUISITORS)
    g, ids = table(["Serra Inquisitors"], ["Gravedigger", "Grizzly Bears"])
    me = ids["Serra Inquisitors"]
    _pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {me: "P1"}))
    _pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:" + b]: (me,) for b in blockers}))
    resolve_stack(g)
    assert g.characteristics(me).power == power


@pytest.mark.rules("509.1", "603.2c")
@pytest.mark.parametrize("attacker,power", [("Gravedigger", 5), ("Grizzly Bears", 3)])
def test_blocks_one_or_more_black_creatures(extra_cards, attacker, power):
    extra_cards(SERRA_INQUISITORS)
    g, ids = table([attacker], ["Serra Inquisitors"], active=0)
    _pass_until(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {ids[attacker]: "P1"}))
    _pass_until(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {ids["B:Serra Inquisitors"]: (ids[attacker],)}))
    resolve_stack(g)
    assert g.characteristics(ids["B:Serra Inquisitors"]).power == power
