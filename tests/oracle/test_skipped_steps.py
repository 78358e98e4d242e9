"""Skipping a step or phase (500.11, 614.10): "Target player skips their next draw step / untap step / combat phase",
"... all combat phases of their next turn". Real cards, played over the turns that follow: the skipped one doesn't
happen, and only the next one is skipped."""
from __future__ import annotations

import pytest

from engine.core.enums import Step
from engine.core.player_actions import CastSpell, Choose
from tests.engine.driving import activate_and_resolve, advance, cast_and_resolve, pass_while_priority, resolve_stack, table
from tests.oracle.conftest import record

FATIGUE = record("Fatigue", "{1}{U}", "Sorcery", "Target player skips their next draw step.")
FALSE_PEACE = record("False Peace", "{W}", "Sorcery", "Target player skips all combat phases of their next turn.")
REVENANT_PATRIARCH = record("Revenant Patriarch", "{4}{B}", "Creature — Spirit",
                            "When Revenant Patriarch enters the battlefield, if {W} was spent to cast it, target player "
                            "skips their next combat phase.\nRevenant Patriarch can't block.", "4/3")
DOVIN = record("Dovin, Architect of Law", "{4}{W}{U}", "Legendary Planeswalker — Dovin",
               "[+1]: You gain 2 life and draw a card.\n[−1]: Tap target creature. It doesn't untap during its "
               "controller's next untap step.\n[−9]: Tap all permanents target opponent controls. That player skips "
               "their next untap step.", loyalty="5")


def _combats(events, turn: int = 3) -> list[int]:
    """The turns in which a combat phase began (the events begin in `turn`)."""
    turns, out = turn, []
    for e in events:
        if e.kind == "turn":
            turns = e.data["turn"]
        if e.kind == "step" and e.data["step"] == Step.BEGINNING_OF_COMBAT.value:
            out.append(turns)
    return out


@pytest.mark.rules("500.11", "614.10", "504.1")
def test_fatigue_skips_the_next_draw_step_only(extra_cards):
    extra_cards(FATIGUE, fully_read=True)
    g, ids = table(["Island", "Island"], [], ["Fatigue"])
    cast_and_resolve(g, ids["Fatigue"], targets=(("P1",),))
    advance(g, Step.MAIN1, turn=4)
    assert len(g.state.players[1].hand) == 0
    advance(g, Step.MAIN1, turn=6)
    assert len(g.state.players[1].hand) == 1


@pytest.mark.rules("500.11", "614.10", "502.3")
def test_dovin_taps_everything_and_the_opponent_skips_the_next_untap_step(extra_cards):
    extra_cards(DOVIN, fully_read=True)
    g, ids = table(["Dovin, Architect of Law"], ["Grizzly Bears", "Forest"])
    dovin = ids["Dovin, Architect of Law"]
    g.state.objects[dovin].counters["loyalty"] = 9
    activate_and_resolve(g, dovin, 2, targets=(("P1",),))
    bears, forest = ids["B:Grizzly Bears"], ids["B:Forest"]
    assert g.state.objects[bears].tapped and g.state.objects[forest].tapped
    events = advance(g, Step.UPKEEP, turn=4)
    assert g.state.objects[bears].tapped and g.state.objects[forest].tapped
    assert [e.data["step"] for e in events if e.kind == "step_skipped"] == ["untap"]
    advance(g, Step.UPKEEP, turn=6)
    assert not g.state.objects[bears].tapped and not g.state.objects[forest].tapped


@pytest.mark.rules("500.11", "614.10", "505.1a", "601.2h")
def test_revenant_patriarch_paid_with_white_makes_a_player_skip_their_next_combat(extra_cards):
    extra_cards(REVENANT_PATRIARCH, fully_read=True)
    g, ids = table(["Plains", "Swamp", "Swamp", "Swamp", "Swamp"], [], ["Revenant Patriarch"])
    g.apply(CastSpell(0, ids["Revenant Patriarch"]))
    pass_while_priority(g)
    g.apply(Choose(0, ("P1",)))                         # the trigger's target, as it goes on the stack
    resolve_stack(g)
    events = advance(g, Step.MAIN1, turn=7)
    assert _combats(events) == [3, 5, 6]               # B's turn 4 had none; A's turns are not B's


@pytest.mark.rules("500.11", "614.10")
def test_false_peace_skips_every_combat_of_the_players_next_turn_not_this_one(extra_cards):
    extra_cards(FALSE_PEACE, fully_read=True)
    g, ids = table(["Plains"], [], ["False Peace"])
    cast_and_resolve(g, ids["False Peace"], targets=(("P0",),))
    events = advance(g, Step.MAIN1, turn=7)
    assert _combats(events) == [3, 4, 6]               # A's own next turn is turn 5
