"""'If <condition>, instead ~ deals 6 damage to that permanent or player and the damage can't be prevented' (608.2c,
615.12), 'instead it deals 7 damage to each of those permanents and/or players' (the division of 601.2d no longer
applies): the same source's damage, to the same recipients, instead. Real cards' Oracle text played through the Game
API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, PassPriority
from tests.engine.driving import cast_and_resolve, preferring, settle, table
from tests.oracle.conftest import record

LIGHTNING_SURGE = record("Lightning Surge", "{2}{R}{R}", "Sorcery",
                         "Lightning Surge deals 4 damage to any target.\nThreshold — If seven or more cards are in your "
                         "graveyard, instead Lightning Surge deals 6 damage to that permanent or player and the damage "
                         "can't be prevented.\nFlashback {5}{R}{R} (You may cast this card from your graveyard for its "
                         "flashback cost. Then exile it.)")
SUNDERING_STROKE = record("Sundering Stroke", "{6}{R}{R}{R}", "Sorcery",
                          "Sundering Stroke deals 7 damage divided as you choose among one, two, or three targets. If at "
                          "least seven red mana was spent to cast this spell, instead Sundering Stroke deals 7 damage to "
                          "each of those permanents and/or players.")


@pytest.mark.rules("608.2c", "615.12", "615.7")
@pytest.mark.parametrize("graveyard,damage", [(7, 6), (6, 0)])
def test_threshold_instead_deals_six_damage_that_cant_be_prevented(extra_cards, graveyard, damage):
    extra_cards(LIGHTNING_SURGE, fully_read=True)
    g, ids = table(["Mountain"] * 4, ["Circle of Protection: Red", "Plains"], ["Lightning Surge"])
    for _ in range(graveyard):
        g.add_card("Shock", 0, Zone.GRAVEYARD)
    g.apply(CastSpell(0, ids["Lightning Surge"], targets=(("P1",),)))
    surge = g.state.stack[-1]
    g.apply(PassPriority(0))
    g.apply(ActivateAbility(1, ids["B:Circle of Protection: Red"], 0))      # a shield against the Surge (615.7)
    settle(g, preferring(surge))
    assert g.state.players[1].life == 20 - damage       # 4 damage prevented; 6 that can't be


@pytest.mark.rules("608.2c", "601.2d")
@pytest.mark.parametrize("mountains,each", [(9, True), (3, False)])
def test_sundering_stroke_deals_seven_to_each_with_seven_red_mana(extra_cards, mountains, each):
    extra_cards(SUNDERING_STROKE, fully_read=True)
    g, ids = table(["Mountain"] * mountains + ["Island"] * (9 - mountains), ["Hill Giant"], ["Sundering Stroke"])
    giant = ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):          # 601.2d: the division still adds up to 7
        g.apply(CastSpell(0, ids["Sundering Stroke"], targets=(("P1", giant),), divide=(("P1", 6), (giant, 3))))
    cast_and_resolve(g, ids["Sundering Stroke"], targets=(("P1", giant),), divide=(("P1", 5), (giant, 2)))
    assert g.state.players[1].life == (13 if each else 15)
    assert (giant in g.state.battlefield) != each       # 7 damage, or 2, to the 3/3
