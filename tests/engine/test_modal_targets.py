"""A modal spell with several chosen modes that each have targets (700.2, 601.2b-c, 608.2b): each mode
uses its own targets, through casting with everything given, casting by answering decisions,
legal_actions() and the scenario runner."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.player_actions import CastSpell, Choose
from engine.core.enums import DecisionKind, Zone
from engine.scenario import run_file
from tests.engine.driving import both_pass, cast_and_resolve, resolve_stack, table

KOLAGHANS_COMMAND = {"name": "Kolaghan's Command", "manaCost": "{1}{B}{R}", "type": "Instant", "types": ["Instant"],
                     "text": "Choose two —\n• Return target creature card from your graveyard to your hand.\n"
                             "• Target player discards a card.\n• Destroy target artifact.\n"
                             "• Kolaghan's Command deals 2 damage to any target."}
LANDS = ["Swamp", "Mountain", "Mountain"]


def _setup(extra_cards, *more_a: str) -> tuple[Game, dict[str, int]]:
    extra_cards(KOLAGHANS_COMMAND)
    g, ids = table(LANDS + list(more_a), ["Grizzly Bears", "Juggernaut"], ["Kolaghan's Command"])
    g.add_card("Island", 1, Zone.HAND)
    return g, ids


def _check_discard_and_damage(g: Game, ids: dict[str, int]) -> None:
    assert g.state.players[1].hand == []                       # mode 2: B discarded
    assert ids["B:Grizzly Bears"] not in g.state.objects        # mode 4: 2 damage killed the Bears
    assert g.state.players[1].life == 20 and g.state.players[0].life == 20
    assert ids["B:Juggernaut"] in g.state.battlefield


@pytest.mark.rules("700.2", "601.2b", "601.2c", "608.2c")
def test_each_chosen_mode_uses_its_own_targets(extra_cards):
    g, ids = _setup(extra_cards)
    cast_and_resolve(g, ids["Kolaghan's Command"], modes=(1, 3), targets=(("P1",), (ids["B:Grizzly Bears"],)))
    _check_discard_and_damage(g, ids)


@pytest.mark.rules("700.2", "608.2c")
def test_modes_given_out_of_order_happen_in_printed_order(extra_cards):
    g, ids = _setup(extra_cards)
    bears, jugg = ids["B:Grizzly Bears"], ids["B:Juggernaut"]
    cast_and_resolve(g, ids["Kolaghan's Command"], modes=(3, 2), targets=((jugg,), (bears,)))
    assert jugg not in g.state.objects and bears not in g.state.objects


@pytest.mark.rules("700.2", "601.2b", "601.2c")
def test_casting_by_answering_each_decision(extra_cards):
    g, ids = _setup(extra_cards)
    g.apply(CastSpell(0, ids["Kolaghan's Command"]))
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.data["field"] == "modes" and (d.min, d.max) == (2, 2)
    g.apply(Choose(0, (1, 3)))
    d = g.pending
    assert d.data["field"] == "target.0" and set(d.options) == {"P0", "P1"}    # the player to discard
    g.apply(Choose(0, ("P1",)))
    d = g.pending
    assert d.data["field"] == "target.1" and ids["B:Grizzly Bears"] in d.options and "P1" in d.options
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    _check_discard_and_damage(g, ids)


@pytest.mark.rules("700.2", "700.2a")
def test_legal_actions_offer_mode_pairs_with_their_own_targets(extra_cards):
    g, ids = _setup(extra_cards)
    casts = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == ids["Kolaghan's Command"]]
    pairs = {a.modes for a in casts}
    # Mode 1 (a creature card in your graveyard) has no legal target: no pair with it (700.2a).
    assert pairs == {(1, 2), (1, 3), (2, 3)}
    # One target per chosen mode, each from its own mode's legal targets.
    assert all(len(a.targets) == 2 for a in casts)
    assert {a.targets[0] for a in casts if a.modes == (1, 3)} == {"P0", "P1"}
    assert {a.targets[0] for a in casts if a.modes == (2, 3)} == {ids["B:Juggernaut"]}
    wanted = next(a for a in casts if a.modes == (1, 3) and a.targets == ("P1", ids["B:Grizzly Bears"]))
    g.apply(wanted)
    resolve_stack(g)
    _check_discard_and_damage(g, ids)


@pytest.mark.rules("608.2b", "700.2")
def test_one_modes_target_gone_the_other_mode_still_happens(extra_cards):
    g, ids = _setup(extra_cards)
    bears = ids["B:Grizzly Bears"]
    bolt = g.add_card("Lightning Bolt", 0, Zone.HAND)
    g.add_card("Mountain", 0, Zone.BATTLEFIELD)
    g.apply(CastSpell(0, ids["Kolaghan's Command"], modes=(1, 3), targets=(("P1",), (bears,))))
    g.apply(CastSpell(0, bolt, targets=((bears,),)))
    both_pass(g)                  # the Bolt resolves: the Bears die
    assert bears not in g.state.objects
    events = resolve_stack(g)
    assert not any(e.kind == "fizzle" for e in events)
    assert g.state.players[1].hand == [] and g.state.players[1].life == 20


@pytest.mark.rules("700.2", "601.2c")
def test_scenario_runner_casts_two_modes_with_targets(extra_cards, tmp_path):
    extra_cards(KOLAGHANS_COMMAND)
    path = tmp_path / "kolaghans-command.toml"
    path.write_text('''name = "Kolaghan's Command: discard and damage"
rules = ["700.2"]

[state]
turn = 3
active = "A"
step = "main1"

[players.A]
hand = ["Kolaghan's Command"]
battlefield = ["Swamp", "Mountain", "Mountain"]

[players.B]
hand = ["Island"]
battlefield = [{ card = "Grizzly Bears", id = "bears" }, "Juggernaut"]

[[do]]
player = "A"
cast = "Kolaghan's Command"
modes = [2, 4]
targets = ["B", "bears"]

[[do]]
resolve = true

[expect.B]
hand = []
graveyard = ["Island", "Grizzly Bears"]
life = 20
battlefield = ["Juggernaut"]
''', encoding="utf-8")
    result = run_file(path)
    assert result.passed, result.reason
