""""Up to X target permanents, where X is the number of verse counters on ~": the number of targets is an amount the
text says, read as the targets are chosen (601.2c), before any cost is paid (601.2h); the targets chosen stay
the spell's or ability's as it resolves. Compiled from real cards and played through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

ROT_HULK = record("Rot Hulk", "{5}{B}{B}", "Creature — Zombie",
                  "Menace\nWhen Rot Hulk enters the battlefield, return up to X target Zombie cards from your graveyard to "
                  "the battlefield, where X is the number of opponents you have.", "5/5")
WALKING_CORPSE = record("Walking Corpse", "{1}{B}", "Creature — Zombie", "", "2/2")
RECANTATION = record("Recantation", "{3}{U}{U}", "Enchantment",
                     "At the beginning of your upkeep, you may put a verse counter on Recantation.\n{U}, Sacrifice "
                     "Recantation: Return up to X target permanents to their owners' hands, where X is the number of "
                     "verse counters on Recantation.")


@pytest.mark.rules("601.2c", "603.3d")
def test_rot_hulk_returns_as_many_zombies_as_you_have_opponents(extra_cards):
    extra_cards(ROT_HULK, WALKING_CORPSE, fully_read=True)
    g, ids = table(["Swamp"] * 7, [], hand_a=["Rot Hulk"])
    corpses = [g.add_card("Walking Corpse", 0, Zone.GRAVEYARD) for _ in range(2)]
    g.apply(CastSpell(0, ids["Rot Hulk"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert set(d.options) == set(corpses) and (d.min, d.max) == (0, 1), "one opponent: up to one target"
            g.apply(Choose(0, (corpses[0],)))
        else:
            g.apply(PassPriority(d.player))
    assert len(on_battlefield(g, "Walking Corpse")) == 1 and len(g.state.players[0].graveyard) == 1


@pytest.mark.rules("601.2c", "601.2h", "122.1")
def test_recantation_counts_its_verse_counters_before_it_is_sacrificed(extra_cards):
    extra_cards(RECANTATION, fully_read=True)
    g, ids = table(["Recantation", "Island"], ["Grizzly Bears", "Hill Giant", "Serra Angel"])
    g.state.objects[ids["Recantation"]].counters["verse"] = 2
    bears, giant, angel = ids["B:Grizzly Bears"], ids["B:Hill Giant"], ids["B:Serra Angel"]
    with pytest.raises(IllegalAction):
        g.clone().apply(ActivateAbility(0, ids["Recantation"], 0, targets=((bears, giant, angel),)))
    g.apply(ActivateAbility(0, ids["Recantation"], 0, targets=((bears, giant),)))
    resolve_stack(g)
    assert sorted(g.characteristics(o).name for o in g.state.players[1].hand) == ["Grizzly Bears", "Hill Giant"]
    assert on_battlefield(g, "Serra Angel") and not on_battlefield(g, "Recantation")


MARSHALS_ANTHEM = record("Marshal's Anthem", "{2}{W}{W}", "Enchantment",
                         "Multikicker {1}{W} (You may pay an additional {1}{W} any number of times as you cast this spell.)"
                         "\nCreatures you control get +1/+1.\nWhen Marshal's Anthem enters the battlefield, return up to X "
                         "target creature cards from your graveyard to the battlefield, where X is the number of times "
                         "Marshal's Anthem was kicked.")


@pytest.mark.rules("601.2c", "702.33c")
@pytest.mark.parametrize("kicks", [0, 2])
def test_marshals_anthem_returns_as_many_creatures_as_it_was_kicked(extra_cards, kicks):
    extra_cards(MARSHALS_ANTHEM, fully_read=True)
    g, ids = table(["Plains"] * 8, [], hand_a=["Marshal's Anthem"])
    for _ in range(3):
        g.add_card("Grizzly Bears", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Marshal's Anthem"], kicked=kicks))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            assert (d.min, d.max) == (0, kicks), "no choice at all when not kicked"
            g.apply(Choose(0, tuple(d.options[:d.max])))
        else:
            g.apply(PassPriority(d.player))
    assert len(on_battlefield(g, "Grizzly Bears")) == kicks
