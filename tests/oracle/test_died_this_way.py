"""Conditions on a destruction's outcome (608.2c, 700.4): "If that creature dies this way", "if a white creature dies
this way", "if that artifact is put into a graveyard this way": what the instructions before it destroyed went to a
graveyard (not indestructible, regenerated or exiled instead), read as it last existed on the battlefield (608.2h),
with "the creature's power" and "that creature's controller" of the destroyed target. Real cards' Oracle text played
through the Game API."""
from __future__ import annotations

import pytest

from tests.engine.driving import cast_and_resolve, cast_and_settle, table
from tests.oracle.conftest import record

CINDER_CLOUD = record("Cinder Cloud", "{3}{R}{R}", "Instant",
                      "Destroy target creature. If a white creature dies this way, Cinder Cloud deals damage to that "
                      "creature's controller equal to the creature's power.")
KAERVEKS_PURGE = record("Kaervek's Purge", "{X}{B}{R}", "Sorcery",
                        "Destroy target creature with mana value X. If that creature dies this way, Kaervek's Purge "
                        "deals damage equal to the creature's power to the creature's controller.")
DARKSTEEL_GARGOYLE = record("Darksteel Gargoyle", "{7}", "Artifact Creature — Gargoyle",
                            "Flying\nIndestructible (Damage and effects that say \"destroy\" don't destroy this "
                            "creature.)", "3/3")


@pytest.mark.rules("608.2c", "700.4", "608.2h", "120.3a")
@pytest.mark.parametrize("creature,life", [("Savannah Lions", 18), ("Grizzly Bears", 20)])
def test_cinder_cloud_if_a_white_creature_dies(extra_cards, creature, life):
    extra_cards(CINDER_CLOUD, fully_read=True)
    g, ids = table(["Mountain"] * 5, [creature], ["Cinder Cloud"])
    cast_and_resolve(g, ids["Cinder Cloud"], targets=((ids["B:" + creature],),))
    assert ids["B:" + creature] not in g.state.battlefield
    assert g.state.players[1].life == life       # the Lions' power 2, as they last existed
    assert g.state.players[0].life == 20


@pytest.mark.rules("608.2c", "700.4", "702.12b", "608.2h")
@pytest.mark.parametrize("creature,x,life", [("Hill Giant", 4, 17), ("Darksteel Gargoyle", 7, 20)])
def test_kaervek_s_purge_only_if_that_creature_dies(extra_cards, creature, x, life):
    extra_cards(KAERVEKS_PURGE, DARKSTEEL_GARGOYLE, fully_read=True)
    g, ids = table(["Swamp", "Mountain"] + ["Swamp"] * x, [creature], ["Kaervek's Purge"])
    cast_and_resolve(g, ids["Kaervek's Purge"], targets=((ids["B:" + creature],),), x=x)
    # an indestructible creature isn't destroyed, so it doesn't die: no damage (702.12b)
    assert (ids["B:" + creature] in g.state.battlefield) == (life == 20)
    assert g.state.players[1].life == life


TUKTUK_SCRAPPER = record("Tuktuk Scrapper", "{3}{R}", "Creature — Goblin Artificer Ally",
                         "Rally — Whenever Tuktuk Scrapper or another Ally enters the battlefield under your control, "
                         "you may destroy target artifact. If that artifact is put into a graveyard this way, Tuktuk "
                         "Scrapper deals damage to that artifact's controller equal to the number of Allies you "
                         "control.", "2/2")


@pytest.mark.rules("608.2c", "603.2", "608.2h")
@pytest.mark.parametrize("artifact,life", [("Ornithopter", 19), ("Darksteel Gargoyle", 20)])
def test_tuktuk_scrapper_if_that_artifact_is_put_into_a_graveyard(extra_cards, artifact, life):
    extra_cards(TUKTUK_SCRAPPER, DARKSTEEL_GARGOYLE, fully_read=True)
    g, ids = table(["Mountain"] * 4, [artifact], ["Tuktuk Scrapper"])
    target = ids["B:" + artifact]
    cast_and_settle(g, ids["Tuktuk Scrapper"], answer=lambda d: (target,) if target in d.options else ("yes",))
    assert (target in g.state.battlefield) == (life == 20)
    assert g.state.players[1].life == life      # one Ally: Tuktuk Scrapper itself
