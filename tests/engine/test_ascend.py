"""Ascend and the city's blessing (702.131): a permanent with ascend gives its controller the blessing once
they control ten permanents (702.131b), for the rest of the game; an instant or sorcery checks as it
resolves (702.131a); the blessing is a designation conditions read (702.131c)."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.player_actions import CastSpell, PlayLand
from engine.rules.ascend import CITY_BLESSING
from tests.engine.driving import settle, table
from tests.engine.test_keyword_combat import creature

# Real cards' Oracle text (Rivals of Ixalan).
SNUBHORN_SENTRY = creature("Snubhorn Sentry", "{W}", "Dinosaur", "Ascend (If you control ten or more permanents, you "
                           "get the city's blessing for the rest of the game.)\nSnubhorn Sentry gets +3/+0 as long as "
                           "you have the city's blessing.", "0/3")
SECRETS = {"name": "Secrets of the Golden City", "manaCost": "{1}{U}{U}", "type": "Sorcery", "types": ["Sorcery"],
           "text": "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the "
                   "game.)\nDraw two cards. If you have the city's blessing, draw three cards instead."}


@pytest.mark.rules("702.131b", "702.131c")
def test_a_permanent_with_ascend_gives_the_blessing_for_the_rest_of_the_game(extra_cards):
    extra_cards(SNUBHORN_SENTRY)
    g, ids = table(["Snubhorn Sentry"] + ["Plains"] * 8, [], hand_a=["Plains", "Lightning Bolt"])
    sentry = ids["Snubhorn Sentry"]
    settle(g)
    assert CITY_BLESSING not in g.state.players[0].designations, "nine permanents"
    assert g.characteristics(sentry).power == 0
    g.apply(PlayLand(0, ids["Plains"]))
    assert CITY_BLESSING in g.state.players[0].designations, "the tenth permanent"
    assert g.characteristics(sentry).power == 3
    g2 = g.clone()
    assert CITY_BLESSING in g2.state.players[0].designations


@pytest.mark.rules("702.131a")
@pytest.mark.parametrize("permanents,drawn", [(9, 3), (8, 2)])
def test_ascend_on_a_sorcery_checks_as_it_resolves(extra_cards, permanents, drawn):
    extra_cards(SECRETS)
    # Three Islands pay for it and stay; one more permanent arrives while it is on the stack.
    g, ids = table(["Island"] * 3 + ["Plains"] * (permanents - 3), [], hand_a=["Secrets of the Golden City"])
    hand = len(g.state.players[0].hand)
    g.apply(CastSpell(0, ids["Secrets of the Golden City"]))
    g.add_card("Plains", 0, Zone.BATTLEFIELD)      # the count that matters is the one as it resolves
    settle(g)
    assert len(g.state.players[0].hand) == hand - 1 + drawn
    assert (CITY_BLESSING in g.state.players[0].designations) is (drawn == 3)


ORAZCA_RELIC = {"name": "Orazca Relic", "manaCost": "{3}", "type": "Artifact", "types": ["Artifact"],
                "text": "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the "
                        "game.)\n{T}: Add {C}.\n{T}, Sacrifice Orazca Relic: You gain 3 life and draw a card. Activate "
                        "only if you have the city's blessing."}


@pytest.mark.rules("702.131b")
def test_an_artifact_with_ascend_entering_a_board_already_counted_gives_the_blessing(extra_cards):
    extra_cards(ORAZCA_RELIC)
    # Ten permanents on the battlefield, none with ascend (counted, and kept, before each priority); the Relic, with
    # no static ability but ascend, enters as A's tenth permanent.
    g, ids = table(["Plains"] * 9, ["Plains"], hand_a=["Orazca Relic"])
    settle(g)
    assert CITY_BLESSING not in g.state.players[0].designations
    g.apply(CastSpell(0, ids["Orazca Relic"]))
    settle(g)
    assert CITY_BLESSING in g.state.players[0].designations
