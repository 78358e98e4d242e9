""""Play with the top card of your library revealed" (401.5, 701.18c) and "Your opponents play with their hands
revealed": every player sees that card or that hand in their view of the game (400.2, engine.loop.view). Compiled
from real cards and looked at through the Game API."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from tests.engine.driving import table
from tests.oracle.conftest import record

COURSER_OF_KRUPHIX = record("Courser of Kruphix", "{1}{G}{G}", "Enchantment Creature — Centaur",
                            "Play with the top card of your library revealed.\nYou may play lands from the top of your "
                            "library.\nWhenever a land enters the battlefield under your control, you gain 1 life.", "2/4")
LANTERN_OF_INSIGHT = record("Lantern of Insight", "{1}", "Artifact",
                            "Players play with the top card of their libraries revealed.\n{T}, Sacrifice Lantern of "
                            "Insight: Target player shuffles.")
SEERS_VISION = record("Seer's Vision", "{2}{U}{B}", "Enchantment",
                      "Your opponents play with their hands revealed.\nSacrifice Seer's Vision: Look at target player's "
                      "hand and choose a card from it. That player discards that card. Activate only as a sorcery.")


def _tops(g, viewer: int) -> list[str | None]:
    return [(p["library_top"] or {}).get("name") for p in g.snapshot(viewer)["players"]]


@pytest.mark.rules("401.5", "701.18c", "400.2")
@pytest.mark.parametrize("card, b_side, revealed", [
    (None, False, [None, None]),
    ("Courser of Kruphix", False, ["Shock", None]),
    ("Courser of Kruphix", True, [None, "Shock"]),
    ("Lantern of Insight", False, ["Shock", "Shock"]),
])
def test_the_top_card_is_revealed_to_every_player(extra_cards, card, b_side, revealed):
    extra_cards(COURSER_OF_KRUPHIX, LANTERN_OF_INSIGHT, fully_read=True)
    g, ids = table([card] if card and not b_side else [], [card] if card and b_side else [])
    for p in (0, 1):
        g.add_card("Shock", p, Zone.LIBRARY)
    for viewer in (0, 1):
        assert _tops(g, viewer) == revealed, f"as player {viewer} sees it"


@pytest.mark.rules("701.18c", "400.2")
def test_your_opponents_play_with_their_hands_revealed(extra_cards):
    extra_cards(SEERS_VISION, fully_read=True)
    g, ids = table(["Seer's Vision"], [], hand_a=["Shock"], hand_b=["Grizzly Bears"])
    theirs = g.snapshot(0)["players"][1]["hand"]
    assert [h.get("name") for h in theirs] == ["Grizzly Bears"]
    mine = g.snapshot(1)["players"][0]["hand"]
    assert all(h.get("hidden") for h in mine), "its controller's own hand stays hidden from the opponent"
