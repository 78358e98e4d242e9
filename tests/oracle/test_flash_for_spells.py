""""You may cast artifact spells as though they had flash" (601.3b): a static ability that lets its controller begin
to cast such spells any time they have priority; "This spell has flash as long as you control a Merfolk" (601.3d):
the card's own, while the condition holds; "Any player may cast Sliver spells as though they had flash" (each player's
permission); "You may cast creature spells this turn as though they had flash" (an effect, for the turn). Read from real cards (engine.oracle.statics, engine.query.cast_limits)
and played: offered in the legal actions and cast on an opponent's turn."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority
from tests.engine.driving import advance, resolve_stack, table
from tests.oracle.conftest import record

SHIMMER_MYR = record("Shimmer Myr", "{3}", "Artifact Creature — Myr",
                     "Flash\nYou may cast artifact spells as though they had flash.", "2/2")
RAFF_CAPASHEN = record("Raff Capashen, Ship's Mage", "{2}{W}{U}", "Legendary Creature — Human Wizard",
                       "Flash\nFlying\nYou may cast historic spells as though they had flash. (Artifacts, legendaries, "
                       "and Sagas are historic.)", "3/3")
QUICK_SLIVER = record("Quick Sliver", "{1}{G}", "Creature — Sliver",
                      "Flash\nAny player may cast Sliver spells as though they had flash.", "1/1")
HEART_SLIVER = record("Heart Sliver", "{1}{R}", "Creature — Sliver", "All Sliver creatures have haste.", "1/1")
WINDING_CANYONS = record("Winding Canyons", None, "Land",
                         "{T}: Add {C}.\n{2}, {T}: You may cast creature spells this turn as though they had flash.")
CRASHING_TIDE = record("Crashing Tide", "{2}{U}", "Sorcery", "This spell has flash as long as you control a Merfolk.\n"
                       "Return target creature to its owner's hand.\nDraw a card.")


def _at_opponents_upkeep(permission: str | None, a_side: str = "A"):
    """A holds Ornithopter and Grizzly Bears at B's upkeep, with `permission` on A's side (or B's)."""
    mine = [permission] if permission and a_side == "A" else []
    theirs = [permission] if permission and a_side == "B" else []
    g, ids = table(mine + ["Forest", "Forest"], theirs, hand_a=["Ornithopter", "Grizzly Bears"])
    advance(g, Step.UPKEEP, turn=4)
    g.apply(PassPriority(1))
    assert g.pending.player == 0
    return g, ids


def _offered(g, card: int) -> bool:
    return any(isinstance(a, CastSpell) and a.card == card for a in g.legal_actions())


@pytest.mark.rules("601.3b", "307.1")
@pytest.mark.parametrize("permission", ["Shimmer Myr", "Raff Capashen, Ship's Mage"])
def test_artifact_spells_as_though_they_had_flash(extra_cards, permission):
    extra_cards(SHIMMER_MYR, RAFF_CAPASHEN, fully_read=True)
    g, ids = _at_opponents_upkeep(permission)
    assert _offered(g, ids["Ornithopter"])
    assert not _offered(g, ids["Grizzly Bears"]), "a nonhistoric creature keeps sorcery timing (307.1)"
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Grizzly Bears"]))
    g.apply(CastSpell(0, ids["Ornithopter"]))
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Ornithopter" for o in g.state.battlefield)


@pytest.mark.rules("601.3b", "307.1")
@pytest.mark.parametrize("permission, a_side", [(None, "A"), ("Shimmer Myr", "B")])
def test_without_the_permission_of_ones_own_the_timing_holds(extra_cards, permission, a_side):
    extra_cards(SHIMMER_MYR, fully_read=True)
    g, ids = _at_opponents_upkeep(permission, a_side)
    assert not _offered(g, ids["Ornithopter"])
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Ornithopter"]))


@pytest.mark.rules("601.3d", "307.1")
@pytest.mark.parametrize("merfolk, castable", [("Merfolk Looter", True), ("Grizzly Bears", False)])
def test_this_spell_has_flash_as_long_as_you_control_a_merfolk(extra_cards, merfolk, castable):
    extra_cards(CRASHING_TIDE, fully_read=True)
    g, ids = table([merfolk, "Island", "Island", "Island"], ["Hill Giant"], hand_a=["Crashing Tide"])
    advance(g, Step.UPKEEP, turn=4)
    g.apply(PassPriority(1))
    tide, giant = ids["Crashing Tide"], ids["B:Hill Giant"]
    assert _offered(g, tide) is castable
    if not castable:
        with pytest.raises(IllegalAction):
            g.apply(CastSpell(0, tide, targets=((giant,),)))
        return
    g.apply(CastSpell(0, tide, targets=((giant,),)))
    resolve_stack(g)
    assert giant not in g.state.battlefield
    assert [g.characteristics(h).name for h in g.state.players[1].hand] == ["Hill Giant"]


QUICKEN = record("Quicken", "{U}", "Instant",
                 "The next sorcery spell you cast this turn can be cast as though it had flash. (It can be cast any "
                 "time you could cast an instant.)\nDraw a card.")
INSIST = record("Insist", "{G}", "Sorcery", "The next creature spell you cast this turn can't be countered.\nDraw a card.")


def _casts(g, player: int) -> set[int]:
    return {a.card for a in g.legal_actions() if isinstance(a, CastSpell) and a.player == player}


@pytest.mark.rules("601.3b", "307.1")
def test_the_next_sorcery_spell_you_cast_this_turn_as_though_it_had_flash(extra_cards):
    extra_cards(QUICKEN, fully_read=True)
    g, ids = table(["Island"] * 7, hand_a=["Quicken", "Divination", "Lava Axe"])
    g.apply(CastSpell(0, ids["Quicken"]))
    # with Quicken on the stack, no sorcery yet
    assert ids["Divination"] not in _casts(g, 0)
    resolve_stack(g)
    g.apply(CastSpell(0, ids["Divination"]))
    # Divination used the permission up: Lava Axe can't be cast while it's on the stack
    assert len(g.state.stack) == 1 and ids["Lava Axe"] not in _casts(g, 0)
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Lava Axe"], targets=(("P1",),)))


@pytest.mark.rules("601.3b")
def test_the_permission_is_used_up_by_a_sorcery_cast_at_sorcery_speed(extra_cards):
    extra_cards(QUICKEN, fully_read=True)
    g, ids = table(["Island"] * 9, hand_a=["Quicken", "Divination", "Lava Axe"])
    for name in ("Quicken", "Divination"):
        g.apply(CastSpell(0, ids[name]))
        resolve_stack(g)
    advance(g, Step.BEGINNING_OF_COMBAT)
    assert ids["Lava Axe"] not in _casts(g, 0)


@pytest.mark.rules("101.2", "701.6a")
def test_the_next_creature_spell_you_cast_this_turn_cant_be_countered(extra_cards):
    extra_cards(INSIST, fully_read=True)
    g, ids = table(["Forest", "Forest", "Forest"], ["Island", "Island"], hand_a=["Insist", "Grizzly Bears"],
                   hand_b=["Counterspell"])
    g.apply(CastSpell(0, ids["Insist"]))
    resolve_stack(g)
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    bears = g.state.stack[-1]
    g.apply(PassPriority(0))
    g.apply(CastSpell(1, ids["B:Counterspell"], targets=((bears,),)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.battlefield if g.state.objects[o].controller == 0].count(
        "Grizzly Bears") == 1


@pytest.mark.rules("601.3b", "307.1")
def test_any_player_may_cast_sliver_spells_as_though_they_had_flash(extra_cards):
    extra_cards(QUICK_SLIVER, HEART_SLIVER, fully_read=True)
    # the Quick Sliver is B's: A may cast a Sliver at B's upkeep, not another creature
    g, ids = table(["Mountain", "Mountain"], ["Quick Sliver"], hand_a=["Heart Sliver", "Grizzly Bears"])
    advance(g, Step.UPKEEP, turn=4)
    g.apply(PassPriority(1))
    assert _offered(g, ids["Heart Sliver"]) and not _offered(g, ids["Grizzly Bears"])
    g.apply(CastSpell(0, ids["Heart Sliver"]))
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Heart Sliver" for o in g.state.battlefield)


@pytest.mark.rules("601.3b", "307.1", "611.2a")
def test_creature_spells_this_turn_as_though_they_had_flash(extra_cards):
    extra_cards(WINDING_CANYONS, fully_read=True)
    g, ids = table(["Winding Canyons", "Forest", "Forest", "Forest", "Forest"], hand_a=["Grizzly Bears", "Ornithopter"])
    advance(g, Step.UPKEEP, turn=4)
    g.apply(PassPriority(1))
    assert not _offered(g, ids["Grizzly Bears"])
    g.apply(ActivateAbility(0, ids["Winding Canyons"], 1))
    resolve_stack(g)
    g.apply(PassPriority(1))        # after the resolution the active player, B, has priority first (117.3b)
    assert _offered(g, ids["Grizzly Bears"]) and _offered(g, ids["Ornithopter"])
    g.apply(CastSpell(0, ids["Grizzly Bears"]))
    resolve_stack(g)
    assert any(g.characteristics(o).name == "Grizzly Bears" for o in g.state.battlefield)
    advance(g, Step.UPKEEP, turn=6)     # the next turn of B's: the permission ended with its turn
    g.apply(PassPriority(1))
    assert not _offered(g, ids["Ornithopter"])
