"""Conditions on what happened this turn or combat, and on a choice of two (603.4, 602.5b): pack tactics' "if you
attacked with creatures with total power 6 or greater this combat" (their power as they were declared, 508.1),
"Activate only if you created a token this turn" (111.2), "If an opponent has more cards in hand than you", "if you
control a Desert or there is a Desert card in your graveyard"."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility
from tests.engine.driving import activate_and_resolve, attack, can_block, cast_and_resolve, table, until_blockers
from tests.oracle.conftest import record

GNOLL_HUNTER = record("Gnoll Hunter", "{1}{G}", "Creature — Gnoll",
                      "Pack tactics — Whenever Gnoll Hunter attacks, if you attacked with creatures with total power 6 "
                      "or greater this combat, put a +1/+1 counter on Gnoll Hunter.", "2/2")
IDOL_OF_OBLIVION = record("Idol of Oblivion", "{2}", "Artifact",
                          "{T}: Draw a card. Activate only if you created a token this turn.\n{8}, {T}, Sacrifice Idol "
                          "of Oblivion: Create a 10/10 colorless Eldrazi creature token.")
SUNSET_REVELRY = record("Sunset Revelry", "{1}{W}", "Sorcery",
                        "If an opponent has more life than you, you gain 4 life.\nIf an opponent controls more creatures "
                        "than you, create two 1/1 white Human creature tokens.\nIf an opponent has more cards in hand "
                        "than you, draw a card.")
DESERT = record("Desert", None, "Land — Desert",
                "{T}: Add {C}.\n{T}: Desert deals 1 damage to target attacking creature. Activate only during the end "
                "of combat step.")
WALL_OF_FORGOTTEN_PHARAOHS = record(
    "Wall of Forgotten Pharaohs", "{2}{R}", "Artifact Creature — Wall",
    "Defender\n{T}: Wall of Forgotten Pharaohs deals 1 damage to target player or planeswalker. Activate only if you "
    "control a Desert or there is a Desert card in your graveyard.", "0/4")


@pytest.mark.rules("508.1", "603.4")
@pytest.mark.parametrize("with_giant,counters", [(False, 0), (True, 1)])
def test_pack_tactics_counts_the_power_of_the_attackers(extra_cards, with_giant, counters):
    extra_cards(GNOLL_HUNTER, fully_read=True)
    g, ids = table(["Gnoll Hunter", "Hill Giant", "Grizzly Bears"])
    attackers = [ids["Gnoll Hunter"], ids["Grizzly Bears"]] + ([ids["Hill Giant"]] if with_giant else [])
    attack(g, *attackers)                                   # 2 + 2 (+ 3): 4 or 7
    until_blockers(g)
    assert g.state.objects[ids["Gnoll Hunter"]].counters.get("+1/+1", 0) == counters


@pytest.mark.rules("602.5b", "111.2")
def test_activate_only_if_you_created_a_token_this_turn(extra_cards):
    extra_cards(IDOL_OF_OBLIVION, fully_read=True)
    g, ids = table(["Idol of Oblivion", "Plains", "Plains", "Plains"], hand_a=["Raise the Alarm"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Idol of Oblivion"], 0))
    cast_and_resolve(g, ids["Raise the Alarm"])
    hand = len(g.state.players[0].hand)
    activate_and_resolve(g, ids["Idol of Oblivion"], 0)
    assert len(g.state.players[0].hand) == hand + 1


@pytest.mark.rules("608.2c")
def test_if_an_opponent_has_more_cards_in_hand(extra_cards):
    extra_cards(SUNSET_REVELRY, fully_read=True)
    for theirs, drawn in ((1, 0), (3, 1)):
        g, ids = table(["Plains", "Plains"], hand_a=["Sunset Revelry", "Grizzly Bears"])
        for _ in range(theirs):
            g.add_card("Plains", 1, Zone.HAND)
        cast_and_resolve(g, ids["Sunset Revelry"])          # you keep one card in hand
        assert len(g.state.players[0].hand) == 1 + drawn


@pytest.mark.rules("602.5b")
def test_a_desert_you_control_or_in_your_graveyard(extra_cards):
    extra_cards(WALL_OF_FORGOTTEN_PHARAOHS, DESERT, fully_read=True)
    g, ids = table(["Wall of Forgotten Pharaohs"])
    with pytest.raises(IllegalAction):
        g.apply(ActivateAbility(0, ids["Wall of Forgotten Pharaohs"], 0, targets=(("P1",),)))
    g.add_card("Desert", 0, Zone.GRAVEYARD)
    activate_and_resolve(g, ids["Wall of Forgotten Pharaohs"], 0, targets=(("P1",),))
    assert g.state.players[1].life == 19


@pytest.mark.rules("602.5b", "103.4")
def test_activate_only_with_seven_life_more_than_your_starting_life_total(extra_cards):
    extra_cards("Speaker of the Heavens")
    for life, made in ((26, 0), (27, 1)):
        g, ids = table(["Speaker of the Heavens"], life_a=life)
        if not made:
            with pytest.raises(IllegalAction):
                g.apply(ActivateAbility(0, ids["Speaker of the Heavens"], 0))
            continue
        activate_and_resolve(g, ids["Speaker of the Heavens"], 0)
        assert len(g.state.battlefield) == 2


RELIC_RUNNER = record("Relic Runner", "{1}{U}", "Creature — Human Rogue",
                      "Relic Runner can't be blocked if you've cast a historic spell this turn. (Artifacts, legendaries, "
                      "and Sagas are historic.)", "2/1")


@pytest.mark.rules("700.6", "509.1b", "611.3a")
@pytest.mark.parametrize("spell,unblockable", [("Ornithopter", True), ("Grizzly Bears", False)])
def test_cant_be_blocked_if_youve_cast_a_historic_spell_this_turn(extra_cards, spell, unblockable):
    extra_cards(RELIC_RUNNER, fully_read=True)
    g, ids = table(["Relic Runner", "Forest", "Forest"], ["Hill Giant"], [spell])
    cast_and_resolve(g, ids[spell])             # an artifact spell is historic; a plain creature spell isn't
    attack(g, ids["Relic Runner"])
    until_blockers(g)
    assert can_block(g, ids["B:Hill Giant"], ids["Relic Runner"]) != unblockable


HOTHEADED_GIANT = record("Hotheaded Giant", "{3}{R}", "Creature — Giant Warrior",
                         "Haste\nHotheaded Giant enters the battlefield with two -1/-1 counters on it unless you've cast "
                         "another red spell this turn.", "4/4")


@pytest.mark.rules("614.1c", "601.2i")
@pytest.mark.parametrize("shock_first,counters", [(False, 2), (True, 0)])
def test_hotheaded_giant_enters_with_counters_unless_another_red_spell_was_cast(extra_cards, shock_first, counters):
    """Its own cast isn't "another red spell"."""
    extra_cards(HOTHEADED_GIANT, fully_read=True)
    g, ids = table(["Mountain"] * 5, ["Grizzly Bears"], hand_a=["Hotheaded Giant", "Shock"])
    if shock_first:
        cast_and_resolve(g, ids["Shock"], targets=((ids["B:Grizzly Bears"],),))
    cast_and_resolve(g, ids["Hotheaded Giant"])
    (giant,) = [o for o in g.state.battlefield if g.state.objects[o].name == "Hotheaded Giant"]
    assert g.state.objects[giant].counters.get("-1/-1", 0) == counters
