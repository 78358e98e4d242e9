"""Effects that last "for as long as ~ remains on the battlefield" (611.2b): they end as the source leaves the
battlefield, and do nothing if it left before they began; a change of its controller doesn't end them. Real cards,
played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import advance, cast_and_resolve, cast_and_settle, preferring, resolve_stack, table
from engine.oracle import compile_card
from tests.oracle.conftest import record

SOWER_OF_TEMPTATION = record("Sower of Temptation", "{2}{U}{U}", "Creature — Faerie Wizard",
                             "Flying\nWhen Sower of Temptation enters the battlefield, gain control of target creature "
                             "for as long as Sower of Temptation remains on the battlefield.", "2/2")
AWAKENER_DRUID = record("Awakener Druid", "{2}{G}", "Creature — Human Druid",
                        "When Awakener Druid enters the battlefield, target Forest becomes a 4/5 green Treefolk creature "
                        "for as long as Awakener Druid remains on the battlefield. It's still a land.", "1/1")


@pytest.mark.rules("611.2b", "613.1b", "603.3d")
def test_control_lasts_while_the_sower_remains(extra_cards):
    extra_cards(SOWER_OF_TEMPTATION)
    assert not compile_card(SOWER_OF_TEMPTATION).unsupported
    g, ids = table(["Island"] * 4 + ["Mountain"], ["Grizzly Bears"], ["Sower of Temptation", "Shock"])
    bears = ids["B:Grizzly Bears"]
    cast_and_settle(g, ids["Sower of Temptation"], answer=preferring(bears))
    assert g.state.objects[bears].controller == 0
    (sower,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Sower of Temptation"]
    cast_and_resolve(g, ids["Shock"], targets=((sower,),))
    assert sower not in g.state.battlefield and g.state.objects[bears].controller == 1


@pytest.mark.rules("611.2b")
def test_nothing_happens_if_the_sower_left_before_its_ability_resolved(extra_cards):
    extra_cards(SOWER_OF_TEMPTATION)
    g, ids = table(["Island"] * 4 + ["Mountain"], ["Grizzly Bears"], ["Sower of Temptation", "Shock"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Sower of Temptation"]))
    while g.pending.kind is not DecisionKind.CHOOSE:        # the spell resolves; its trigger's target
        g.apply(PassPriority(g.pending.player))
    g.apply(Choose(0, (bears,)))
    (sower,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Sower of Temptation"]
    g.apply(CastSpell(0, ids["Shock"], targets=((sower,),)))      # in response
    resolve_stack(g)
    assert sower not in g.state.battlefield and g.state.objects[bears].controller == 1
    assert not g.state.effects


@pytest.mark.rules("611.2b", "205.1b", "613.1d", "613.4b")
def test_the_forest_is_a_treefolk_while_the_druid_remains(extra_cards):
    extra_cards(AWAKENER_DRUID)
    assert not compile_card(AWAKENER_DRUID).unsupported
    g, ids = table(["Forest", "Forest", "Forest", "Mountain"], [], ["Awakener Druid", "Shock"])
    forest = ids["Forest"]
    cast_and_settle(g, ids["Awakener Druid"], answer=preferring(forest))
    ch = g.characteristics(forest)
    assert (ch.power, ch.toughness, set(ch.types), set(ch.colors)) == (4, 5, {"Land", "Creature"}, {"G"})
    (druid,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Awakener Druid"]
    cast_and_resolve(g, ids["Shock"], targets=((druid,),))
    assert druid not in g.state.battlefield and "Creature" not in g.characteristics(forest).types
    assert g.state.objects[forest].zone is Zone.BATTLEFIELD


NEKO_TE = record("Neko-Te", "{3}", "Artifact — Equipment",
                 "Whenever equipped creature deals damage to a creature, tap that creature. That creature doesn't untap "
                 "during its controller's untap step for as long as Neko-Te remains on the battlefield.\nWhenever "
                 "equipped creature deals damage to a player, that player loses 1 life.\nEquip {2}")


@pytest.mark.rules("611.2b", "502.3", "701.14a")
def test_the_creature_dealt_damage_stays_tapped_while_neko_te_remains(extra_cards):
    extra_cards(NEKO_TE)
    assert not compile_card(NEKO_TE).unsupported
    g, ids = table(["Grizzly Bears", "Forest"], ["Hill Giant"], ["Prey Upon"])
    neko = g.add_card("Neko-Te", 0, Zone.BATTLEFIELD)
    g.attach(neko, ids["Grizzly Bears"])
    giant = ids["B:Hill Giant"]
    cast_and_resolve(g, ids["Prey Upon"], targets=((ids["Grizzly Bears"],), (giant,)))
    assert g.state.objects[giant].tapped
    advance(g, Step.MAIN1, turn=4)                  # B's untap step: it stays tapped
    assert g.state.objects[giant].tapped and neko in g.state.battlefield
