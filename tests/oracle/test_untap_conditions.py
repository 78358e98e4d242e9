"""A permanent that doesn't untap during its controller's untap step while a condition holds (502.3, 611.3a):
"Land Cap doesn't untap during your untap step if it has a depletion counter on it"; the condition is read as
the untap step untaps the permanents. Untap limits: "Players can't untap more than one creature during their untap
steps" (Smoke): the active player chooses which one (502.3)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from tests.engine.driving import advance, resolve_stack, settle, table
from tests.oracle.conftest import record

LAND_CAP = record("Land Cap", None, "Land",
                  "Land Cap doesn't untap during your untap step if it has a depletion counter on it.\n"
                  "At the beginning of your upkeep, remove a depletion counter from Land Cap.\n"
                  "{T}: Add {W} or {U}. Put a depletion counter on Land Cap.")


@pytest.mark.rules("502.3", "611.3a")
def test_stays_tapped_while_it_has_a_depletion_counter(extra_cards):
    extra_cards(LAND_CAP, fully_read=True)
    g, _ = table([])
    cap = g.add_card("Land Cap", 0, Zone.BATTLEFIELD, tapped=True, counters={"depletion": 1})
    advance(g, Step.MAIN1, turn=5)
    # Tapped through the untap step; its upkeep ability then removed the counter.
    assert g.state.objects[cap].tapped and not g.state.objects[cap].counters.get("depletion")
    advance(g, Step.MAIN1, turn=7)
    assert not g.state.objects[cap].tapped

SMOKE = record("Smoke", "{R}{R}", "Enchantment", "Players can't untap more than one creature during their untap steps.")
WINTER_ORB = record("Winter Orb", "{2}", "Artifact",
                    "As long as Winter Orb is untapped, players can't untap more than one land during their untap "
                    "steps.")


@pytest.mark.rules("502.3")
def test_players_cant_untap_more_than_one_creature(extra_cards):
    extra_cards(SMOKE, fully_read=True)
    g, _ = table([], ["Smoke"], turn=4, active=1, step=Step.END)
    bears, giant, angel = (g.add_card(n, 0, Zone.BATTLEFIELD, tapped=True)
                           for n in ("Grizzly Bears", "Hill Giant", "Serra Angel"))
    forest = g.add_card("Forest", 0, Zone.BATTLEFIELD, tapped=True)
    b_bears = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD, tapped=True)
    while g.pending.kind is not DecisionKind.CHOOSE:
        g.apply(PassPriority(g.pending.player))
    assert g.state.turn == 5 and sorted(g.pending.options) == sorted([bears, giant, angel])
    assert (g.pending.min, g.pending.max) == (1, 1)
    g.apply(Choose(0, (giant,)))
    advance(g, Step.UPKEEP, turn=5)
    assert not g.state.objects[giant].tapped and not g.state.objects[forest].tapped     # lands untap as usual
    assert g.state.objects[bears].tapped and g.state.objects[angel].tapped
    assert g.state.objects[b_bears].tapped      # not B's untap step


@pytest.mark.rules("502.3", "611.3a")
@pytest.mark.parametrize("orb_tapped", [False, True])
def test_winter_orb_limits_lands_while_untapped(extra_cards, orb_tapped):
    extra_cards(WINTER_ORB, fully_read=True)
    g, _ = table([], turn=4, active=1, step=Step.END)
    g.add_card("Winter Orb", 1, Zone.BATTLEFIELD, tapped=orb_tapped)
    lands = [g.add_card("Forest", 0, Zone.BATTLEFIELD, tapped=True) for _ in range(3)]
    while not (g.state.turn == 5 and g.state.step is Step.UPKEEP and g.pending.kind is DecisionKind.PRIORITY):
        if g.pending.kind is DecisionKind.CHOOSE:
            assert not orb_tapped and len(g.pending.options) == 3
            g.apply(Choose(0, (lands[1],)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert [g.state.objects[o].tapped for o in lands] == ([False] * 3 if orb_tapped else [True, False, True])


ENDBRINGER = record("Endbringer", "{5}{C}", "Creature — Eldrazi",
                    "Untap Endbringer during each other player's untap step.\n{T}: Endbringer deals 1 damage to any "
                    "target.\n{C}, {T}: Target creature can't attack or block this turn.\n{C}{C}, {T}: Draw a card.",
                    "5/5")
IVORYTUSK_FORTRESS = record("Ivorytusk Fortress", "{2}{W}{B}{G}", "Creature — Elephant",
                            "Untap each creature you control with a +1/+1 counter on it during each other player's "
                            "untap step.", "5/7")


@pytest.mark.rules("502.3")
def test_untap_itself_during_each_other_players_untap_step(extra_cards):
    extra_cards(ENDBRINGER, fully_read=True)
    g, _ = table([])
    endbringer = g.add_card("Endbringer", 0, Zone.BATTLEFIELD, tapped=True)
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, tapped=True)
    advance(g, Step.UPKEEP, turn=4)                      # B's untap step
    assert not g.state.objects[endbringer].tapped
    assert g.state.objects[bears].tapped                 # only the permanents it names
    advance(g, Step.UPKEEP, turn=5)
    assert not g.state.objects[bears].tapped             # its controller's own untap step, as usual


@pytest.mark.rules("502.3")
def test_untap_each_creature_you_control_with_a_counter_during_each_other_players_untap_step(extra_cards):
    extra_cards(IVORYTUSK_FORTRESS, fully_read=True)
    g, _ = table([])
    g.add_card("Ivorytusk Fortress", 0, Zone.BATTLEFIELD)
    with_counter = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, tapped=True, counters={"+1/+1": 1})
    without = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD, tapped=True)
    theirs = g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD, tapped=True, counters={"+1/+1": 1})
    advance(g, Step.UPKEEP, turn=4)                      # B's untap step
    s = g.state
    assert not s.objects[with_counter].tapped and s.objects[without].tapped
    assert not s.objects[theirs].tapped                  # B's own, in B's untap step


RISING_WATERS = record("Rising Waters", "{3}{U}", "Enchantment",
                       "Lands don't untap during their controllers' untap steps.\nAt the beginning of each player's upkeep, "
                       "that player untaps a land they control.")
HUNTED_NIGHTMARE = record("Hunted Nightmare", "{1}{B}{B}", "Creature — Nightmare",
                          "Menace\nWhen Hunted Nightmare enters the battlefield, target opponent puts a deathtouch counter "
                          "on a creature they control.", "4/5")


@pytest.mark.rules("502.3", "603.2", "608.2c")
def test_that_player_untaps_a_land_they_control(extra_cards):
    """In the opponent's upkeep, the opponent (not Rising Waters' controller) chooses which of their lands untaps."""
    extra_cards(RISING_WATERS, fully_read=True)
    g, ids = table(["Rising Waters", "Island"], ["Forest", "Mountain"])
    for name in ("Island", "B:Forest", "B:Mountain"):
        g.state.objects[ids[name]].tapped = True
    advance(g, Step.UPKEEP, turn=4)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and sorted(d.options) == sorted([ids["B:Forest"], ids["B:Mountain"]])
    g.apply(Choose(1, (ids["B:Mountain"],)))
    resolve_stack(g)
    assert [g.state.objects[ids[n]].tapped for n in ("Island", "B:Forest", "B:Mountain")] == [True, True, False]


@pytest.mark.rules("603.2", "608.2c", "122.1b")
def test_target_opponent_puts_a_counter_on_a_creature_they_control(extra_cards):
    extra_cards(HUNTED_NIGHTMARE, fully_read=True)
    g, ids = table(["Swamp"] * 3 + ["Grizzly Bears"], ["Hill Giant", "Llanowar Elves"], ["Hunted Nightmare"])
    g.apply(CastSpell(0, ids["Hunted Nightmare"]))
    choosers = []
    settle(g, lambda d: (choosers.append((d.player, sorted(d.options))), (ids["B:Llanowar Elves"],) if d.player == 1
                         else tuple(d.options[:1]))[1])
    assert (1, sorted([ids["B:Hill Giant"], ids["B:Llanowar Elves"]])) in choosers
    assert g.state.objects[ids["B:Llanowar Elves"]].counters == {"deathtouch": 1}
    assert g.characteristics(ids["B:Llanowar Elves"]).has("deathtouch")


TEMPORAL_DISTORTION = record("Temporal Distortion", "{3}{U}{U}", "Enchantment",
                             "Whenever a creature or land becomes tapped, put an hourglass counter on it.\nEach permanent "
                             "with an hourglass counter on it doesn't untap during its controller's untap step.\nAt the "
                             "beginning of each player's upkeep, remove all hourglass counters from permanents that "
                             "player controls.")


@pytest.mark.rules("502.3", "603.2", "122.1")
def test_remove_all_counters_from_permanents_that_player_controls(extra_cards):
    """In the opponent's upkeep, the hourglass counters leave the opponent's permanents only (after their untap step,
    which kept them tapped)."""
    extra_cards(TEMPORAL_DISTORTION, fully_read=True)
    g, ids = table(["Temporal Distortion", "Island"], ["Forest"])
    for name in ("Island", "B:Forest"):
        g.state.objects[ids[name]].counters["hourglass"] = 1
        g.state.objects[ids[name]].tapped = True
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    resolve_stack(g)
    assert g.state.objects[ids["B:Forest"]].tapped and g.state.objects[ids["B:Forest"]].counters == {}
    assert g.state.objects[ids["Island"]].counters == {"hourglass": 1}


TANGLE_WIRE = record("Tangle Wire", "{3}", "Artifact",
                     "Fading 4 (This artifact enters the battlefield with four fade counters on it. At the beginning of "
                     "your upkeep, remove a fade counter from it. If you can't, sacrifice it.)\nAt the beginning of each "
                     "player's upkeep, that player taps an untapped artifact, creature, or land they control for each "
                     "fade counter on Tangle Wire.")


@pytest.mark.rules("701.26a", "603.2", "608.2c")
def test_that_player_taps_an_untapped_permanent_they_control_for_each_counter(extra_cards):
    """Two fade counters: in the opponent's upkeep the opponent chooses two of their untapped permanents to tap."""
    extra_cards(TANGLE_WIRE, fully_read=True)
    g, ids = table(["Tangle Wire"], ["Forest", "Island", "Grizzly Bears"])
    g.state.objects[ids["Tangle Wire"]].counters["fade"] = 2
    g.state.invalidate()
    advance(g, Step.UPKEEP, turn=4)
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    assert d.player == 1 and (d.min, d.max) == (2, 2)
    assert sorted(d.options) == sorted(ids[n] for n in ("B:Forest", "B:Island", "B:Grizzly Bears"))
    g.apply(Choose(1, (ids["B:Forest"], ids["B:Grizzly Bears"])))
    resolve_stack(g)
    assert [g.state.objects[ids[n]].tapped for n in ("B:Forest", "B:Island", "B:Grizzly Bears")] == [True, False, True]
