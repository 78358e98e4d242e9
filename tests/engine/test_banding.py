"""Banding (702.22): attacking bands announced with the attackers (508.1e, 702.22c-d), a band blocked as a
group (702.22h), and the player with banding dividing combat damage (702.22j-k). Played with real cards."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, AssignDamage, DeclareAttackers, DeclareBlockers, PassPriority
from tests.engine.driving import table
from tests.oracle.conftest import record

REMINDER = ("(Any creatures with banding, and up to one without, can attack in a band. Bands are blocked as a "
            "group. If any creatures with banding you control are blocking or being blocked by a creature, you "
            "divide that creature's combat damage, not its controller, among any of the creatures it's being "
            "blocked by or is blocking.)")
BENALISH_HERO = record("Benalish Hero", "{W}", "Creature — Human Soldier", f"Banding {REMINDER}", "1/1")
SHIELD_BEARER = record("Shield Bearer", "{1}{W}", "Creature — Human Soldier", f"Banding {REMINDER}", "0/3")

def _to(g: Game, kind: DecisionKind) -> None:
    while g.pending.kind is not kind:
        assert g.pending.kind is DecisionKind.PRIORITY, g.pending.prompt
        g.apply(PassPriority(g.pending.player))


def _attack_and_block(g: Game, attacks: dict[int, str], blocks: dict[int, tuple[int, ...]]) -> None:
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, attacks))
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, blocks))


def _hero_and_bears_attack(extra_cards, blockers: list[str]) -> tuple[Game, dict[str, int]]:
    """Benalish Hero and Grizzly Bears attack in a band; B's `blockers` may block."""
    extra_cards(BENALISH_HERO)
    g, ids = table(["Benalish Hero", "Grizzly Bears"], blockers, step=Step.BEGINNING_OF_COMBAT)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    hero, bears = ids["Benalish Hero"], ids["Grizzly Bears"]
    act = DeclareAttackers(0, {hero: "P1", bears: "P1"}, ((hero, bears),))
    assert act in g.legal_actions()            # offered to every player: the random and AI players too
    g.apply(act)
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    return g, ids


@pytest.mark.rules("702.22c", "508.1e")
def test_a_band_is_creatures_with_banding_and_at_most_one_without(extra_cards):
    extra_cards(BENALISH_HERO)
    g, ids = table(["Benalish Hero", "Grizzly Bears", "Hill Giant", "Llanowar Elves"], step=Step.BEGINNING_OF_COMBAT)
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    hero, bears, giant = ids["Benalish Hero"], ids["Grizzly Bears"], ids["Hill Giant"]
    attacks = {hero: "P1", bears: "P1", giant: "P1"}
    for bands in (((hero, bears, giant),), ((bears, giant),), ((hero,),), ((hero, bears), (hero, giant))):
        with pytest.raises(IllegalAction):
            g.clone().apply(DeclareAttackers(0, attacks, bands))
    with pytest.raises(IllegalAction):                      # only attacking creatures form a band
        g.clone().apply(DeclareAttackers(0, {hero: "P1"}, ((hero, bears),)))
    g.apply(DeclareAttackers(0, attacks, ((hero, giant),)))
    assert g.state.combat.bands == [[hero, giant]]
    assert g.snapshot(1)["combat"]["bands"] == [[hero, giant]]                  # announced: public (508.1e)
    assert Game.from_json(g.to_json()).state.combat.bands == [[hero, giant]]     # kept in a save


@pytest.mark.rules("702.22h", "702.22k")
def test_blocking_one_creature_of_a_band_blocks_the_band_and_the_attacker_divides_its_damage(extra_cards):
    g, ids = _hero_and_bears_attack(extra_cards, ["Hill Giant"])
    hero, bears, giant = ids["Benalish Hero"], ids["Grizzly Bears"], ids["B:Hill Giant"]
    events = g.apply(DeclareBlockers(1, {giant: (hero,)}))
    assert sorted(g.state.combat.blockers[giant]) == sorted([hero, bears])      # the whole band is blocked
    assert {e.data["object"] for e in events if e.kind == "blocked"} == {hero, bears}
    _to(g, DecisionKind.ASSIGN_DAMAGE)
    d = g.pending
    # 702.22k: the Giant blocks a creature with banding: the attacking player divides the Giant's damage.
    assert d.player == 0 and d.data["sources"] == [giant]
    assert sorted(d.data["recipients"][str(giant)]) == sorted([hero, bears])
    g.apply(AssignDamage(0, {giant: {hero: 3, bears: 0}}))
    _to(g, DecisionKind.PRIORITY)
    while g.state.step is not Step.END_OF_COMBAT:
        g.apply(PassPriority(g.pending.player))
    names = {g.characteristics(o).name for o in g.state.battlefield}
    assert "Grizzly Bears" in names and "Benalish Hero" not in names and "Hill Giant" not in names
    assert g.state.players[1].life == 20                   # blocked: no damage to the player


@pytest.mark.rules("702.22j")
def test_the_defending_player_with_a_banding_blocker_divides_the_attackers_damage(extra_cards):
    extra_cards(SHIELD_BEARER)
    g, ids = table(["Hill Giant"], ["Shield Bearer", "Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    giant, bearer, bears = ids["Hill Giant"], ids["B:Shield Bearer"], ids["B:Grizzly Bears"]
    _attack_and_block(g, {giant: "P1"}, {bearer: (giant,), bears: (giant,)})
    _to(g, DecisionKind.ASSIGN_DAMAGE)
    d = g.pending
    assert d.player == 1 and d.data["sources"] == [giant]
    g.apply(AssignDamage(1, {giant: {bearer: 2, bears: 1}}))   # divided as that player likes, none lethal
    _to(g, DecisionKind.PRIORITY)
    assert g.state.objects[bearer].damage == 2 and g.state.objects[bears].damage == 1
    assert giant in g.state.battlefield


@pytest.mark.rules("702.22j")
def test_a_trampler_blocked_by_a_banding_creature_deals_its_damage_to_the_blockers_only(extra_cards):
    extra_cards(SHIELD_BEARER)
    g, ids = table(["Colossal Dreadmaw"], ["Shield Bearer"], step=Step.BEGINNING_OF_COMBAT)
    wurm, bearer = ids["Colossal Dreadmaw"], ids["B:Shield Bearer"]
    _attack_and_block(g, {wurm: "P1"}, {bearer: (wurm,)})
    while g.state.step is not Step.END_OF_COMBAT:
        assert g.pending.kind is DecisionKind.PRIORITY
        g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 20 and bearer not in g.state.battlefield


MOUNTAIN_STRONGHOLD = record(
    "Mountain Stronghold", None, "Land",
    'Red legendary creatures you control have "bands with other legendary creatures." (Any legendary creatures can '
    'attack in a band as long as at least one has "bands with other legendary creatures." Bands are blocked as a '
    'group. If at least two legendary creatures you control, one of which has "bands with other legendary '
    'creatures," are blocking or being blocked by the same creature, you divide that creature\'s combat damage, '
    'not its controller, among any of the creatures it\'s being blocked by or is blocking.)')
LADY_ORCA = record("Lady Orca", "{5}{B}{R}", "Legendary Creature — Demon", "", "7/4")
BARKTOOTH_WARBEARD = record("Barktooth Warbeard", "{4}{B}{R}{R}", "Legendary Creature — Human Warrior", "", "6/5")


@pytest.mark.rules("702.22b", "702.22c", "702.22h", "702.22k")
def test_legendary_creatures_band_with_other_legendary_creatures(extra_cards):
    extra_cards(MOUNTAIN_STRONGHOLD, LADY_ORCA, BARKTOOTH_WARBEARD)
    g, ids = table(["Mountain Stronghold", "Lady Orca", "Barktooth Warbeard", "Grizzly Bears"], ["Hill Giant"],
                   step=Step.BEGINNING_OF_COMBAT)
    orca, warbeard, bears, giant = ids["Lady Orca"], ids["Barktooth Warbeard"], ids["Grizzly Bears"], ids["B:Hill Giant"]
    assert g.characteristics(orca).keyword("bands with other").param == "legendary creatures"
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    attacks = {orca: "P1", warbeard: "P1", bears: "P1"}
    with pytest.raises(IllegalAction):          # the Bears aren't legendary: not of the quality they band with
        g.clone().apply(DeclareAttackers(0, attacks, ((orca, warbeard, bears),)))
    act = DeclareAttackers(0, attacks, ((orca, warbeard),))
    assert act in g.legal_actions()
    g.apply(act)
    _to(g, DecisionKind.DECLARE_BLOCKERS)
    g.apply(DeclareBlockers(1, {giant: (warbeard,)}))
    assert sorted(g.state.combat.blockers[giant]) == sorted([orca, warbeard])
    _to(g, DecisionKind.ASSIGN_DAMAGE)
    assert g.pending.player == 0 and g.pending.data["sources"] == [giant]   # two of the quality, one banding with it
    g.apply(AssignDamage(0, {giant: {orca: 0, warbeard: 3}}))
    _to(g, DecisionKind.PRIORITY)
    assert g.state.objects[warbeard].damage == 3 and g.state.objects[orca].damage == 0
    assert g.state.players[1].life == 18                 # only the Bears, not in the band, went unblocked


URZAS_ENGINE = record(
    "Urza's Engine", "{5}", "Artifact Creature — Juggernaut",
    "Trample\n{3}: Urza's Engine gains banding until end of turn. (Any creatures with banding, and up to one without, "
    "can attack in a band. Bands are blocked as a group. If any creatures with banding you control are blocking or "
    "being blocked by a creature, you divide that creature's combat damage, not its controller, among any of the "
    "creatures it's being blocked by or is blocking.)\n{3}: Attacking creatures banded with Urza's Engine gain "
    "trample until end of turn.", "1/5")


@pytest.mark.rules("702.22c", "702.22e")
def test_creatures_banded_with_a_creature_are_the_other_members_of_its_band(extra_cards):
    extra_cards(URZAS_ENGINE)
    g, ids = table(["Urza's Engine", "Grizzly Bears", "Hill Giant"] + ["Plains"] * 6, step=Step.BEGINNING_OF_COMBAT)
    engine_, bears, giant = ids["Urza's Engine"], ids["Grizzly Bears"], ids["Hill Giant"]
    g.apply(ActivateAbility(0, engine_, 0))              # {3}: it gains banding until end of turn
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    _to(g, DecisionKind.DECLARE_ATTACKERS)
    g.apply(DeclareAttackers(0, {engine_: "P1", bears: "P1", giant: "P1"}, ((engine_, bears),)))
    _to(g, DecisionKind.PRIORITY)
    g.apply(ActivateAbility(0, engine_, 1))              # {3}: attacking creatures banded with it gain trample
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert g.characteristics(bears).has("trample") and not g.characteristics(giant).has("trample")


SHELKIN_BROWNIE = record("Shelkin Brownie", "{1}{G}", "Creature — Faerie",
                         '{T}: Target creature loses all "bands with other" abilities until end of turn.', "1/1")


@pytest.mark.rules("702.22b")
def test_a_creature_loses_all_its_bands_with_other_abilities(extra_cards):
    extra_cards(MOUNTAIN_STRONGHOLD, LADY_ORCA, BARKTOOTH_WARBEARD, SHELKIN_BROWNIE)
    g, ids = table(["Mountain Stronghold", "Lady Orca", "Barktooth Warbeard", "Shelkin Brownie"],
                   step=Step.BEGINNING_OF_COMBAT)
    orca, warbeard = ids["Lady Orca"], ids["Barktooth Warbeard"]
    g.apply(ActivateAbility(0, ids["Shelkin Brownie"], 0, targets=((orca,),)))
    while g.state.stack:
        g.apply(PassPriority(g.pending.player))
    assert not g.characteristics(orca).has("bands with other") and g.characteristics(warbeard).has("bands with other")
