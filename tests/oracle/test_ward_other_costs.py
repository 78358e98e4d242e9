"""Ward with a cost that isn't mana or life (702.21a): "Ward—Discard a card" means "Whenever this permanent becomes
the target of a spell or ability an opponent controls, counter that spell or ability unless that player discards a
card": the targeting spell's controller decides as the ward trigger resolves (118.12a)."""
from __future__ import annotations

import pytest

from engine.core.player_actions import CastSpell
from tests.engine.driving import on_battlefield, preferring, settle, table

_FRONT = ("Ward—Discard a card.\nWhenever Graveyard Trespasser enters the battlefield or attacks, exile up to one target "
          "card from a graveyard. If a creature card was exiled this way, each opponent loses 1 life and you gain 1 "
          "life.\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)")
_BACK = ("Ward—Discard a card.\nWhenever Graveyard Glutton enters the battlefield or attacks, exile up to two target "
         "cards from graveyards. For each creature card exiled this way, each opponent loses 1 life and you gain 1 "
         "life.\nNightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)")
GRAVEYARD_TRESPASSER = {
    "name": "Graveyard Trespasser // Graveyard Glutton", "layout": "transform", "manaCost": "{2}{B}", "colors": ["B"],
    "types": ["Creature"], "subtypes": ["Human", "Werewolf"], "supertypes": [], "type": "Creature — Human Werewolf",
    "text": _FRONT, "power": "3", "toughness": "3",
    "faces": [
        {"faceName": "Graveyard Trespasser", "manaCost": "{2}{B}", "colors": ["B"], "supertypes": [],
         "types": ["Creature"], "subtypes": ["Human", "Werewolf"], "type": "Creature — Human Werewolf", "text": _FRONT,
         "power": "3", "toughness": "3", "side": "a"},
        {"faceName": "Graveyard Glutton", "colors": ["B"], "supertypes": [], "types": ["Creature"],
         "subtypes": ["Werewolf"], "type": "Creature — Werewolf", "text": _BACK, "power": "4", "toughness": "4",
         "side": "b"}]}


@pytest.mark.rules("702.21a", "118.12a", "701.9a")
@pytest.mark.parametrize("hand,answer,countered", [(["Grizzly Bears"], "yes", False), (["Grizzly Bears"], "no", True),
                                                   ([], "yes", True)])
def test_ward_discard_a_card(extra_cards, hand, answer, countered):
    """B's Shock at the Trespasser resolves only if B discards a card; B with no other card can't pay."""
    extra_cards(GRAVEYARD_TRESPASSER, fully_read=True)
    g, ids = table(["Graveyard Trespasser // Graveyard Glutton"], ["Mountain"], hand_b=["Shock"] + hand, active=1)
    trespasser = ids["Graveyard Trespasser // Graveyard Glutton"]
    g.apply(CastSpell(1, ids["B:Shock"], targets=((trespasser,),)))
    settle(g, preferring(answer))
    assert g.state.objects[trespasser].damage == (0 if countered else 2) and on_battlefield(g, "Graveyard Trespasser")
    assert len(g.state.players[1].hand) == (len(hand) if countered else 0)
    assert len(g.state.players[0].hand) == 0        # the ward's controller discards nothing
