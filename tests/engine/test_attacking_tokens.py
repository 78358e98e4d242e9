"""Tokens created "tapped and attacking" (508.4) through the public Game API."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.player_actions import Choose, DeclareAttackers, DeclareBlockers, PassPriority
from engine.core.enums import DecisionKind, Step, Zone
from tests.engine.driving import activate_and_resolve, both_pass, resolve_stack, table
from tests.oracle.conftest import record


def to_declare_attackers(g: Game) -> None:
    while g.pending.kind is not DecisionKind.DECLARE_ATTACKERS:
        assert g.pending.kind is DecisionKind.PRIORITY and not g.state.stack
        g.apply(PassPriority(g.pending.player))


def setup(*b_permanents: str, a_permanents: tuple[str, ...] = (), step: Step = Step.BEGINNING_OF_COMBAT,
          ) -> tuple[Game, int]:
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Plains", p, Zone.LIBRARY)
    adept = g.add_card("Falconer Adept", 0, Zone.BATTLEFIELD)
    for name in a_permanents:
        g.add_card(name, 0, Zone.BATTLEFIELD)
    for name in b_permanents:
        g.add_card(name, 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, step)
    return g, adept


def bird(g: Game) -> int:
    (b,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Bird Token"]
    return b


@pytest.mark.rules("508.4", "603.2", "111.1")
def test_token_enters_tapped_and_attacking_the_defending_player(extra_cards):
    extra_cards("Falconer Adept")
    g, adept = setup()
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {adept: "P1"}))
    events = []
    while g.state.stack:
        events += g.apply(PassPriority(g.pending.player))
    token = bird(g)
    assert g.state.objects[token].tapped
    assert g.state.combat.attackers == {adept: "P1", token: "P1"}
    # It was never declared as an attacker: no "attack" event, so Falconer Adept's own
    # "whenever ~ attacks" kind of ability can't see it (508.4).
    assert [e.data["object"] for e in (events) if e.kind == "attack"] == []
    assert any(e.kind == "attacking" and e.data["object"] == token for e in events)
    while g.state.step is not Step.END_OF_COMBAT:
        if g.pending.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(1, {}))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 20 - 2 - 1     # Falconer Adept 2 + the Bird 1


@pytest.mark.rules("508.4", "508.1m")
def test_entering_attacking_does_not_trigger_whenever_a_creature_attacks(extra_cards):
    extra_cards("Falconer Adept", "Basri, Devoted Paladin")
    g, adept = setup(a_permanents=("Basri, Devoted Paladin",), step=Step.MAIN1)
    basri = next(o for o in g.state.battlefield if g.characteristics(o).name == "Basri, Devoted Paladin")
    activate_and_resolve(g, basri, 1)         # −1: whenever a creature attacks this turn, +1/+1 counter
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {adept: "P1"}))
    while g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(g.pending.options)))
    resolve_stack(g)
    token = bird(g)
    assert token in g.state.combat.attackers
    assert g.state.objects[adept].counters == {"+1/+1": 1}
    assert g.state.objects[token].counters == {}


@pytest.mark.rules("508.4")
def test_its_controller_chooses_the_player_or_a_planeswalker(extra_cards):
    extra_cards("Falconer Adept")
    g, adept = setup("Chandra Nalaar")
    walker = next(o for o in g.state.battlefield if g.characteristics(o).name == "Chandra Nalaar")
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {adept: "P1"}))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and set(d.options) == {"P1", walker}
    g.apply(Choose(0, (walker,)))
    assert g.state.combat.attackers[bird(g)] == walker


ANCESTOR_DRAGON = {"name": "Ancestor Dragon", "manaCost": "{4}{W}{W}", "type": "Creature — Dragon",
                   "types": ["Creature"], "subtypes": ["Dragon"], "power": "5", "toughness": "6",
                   "text": "Flying\nWhenever one or more creatures you control attack, you gain 1 life for each "
                           "attacking creature."}


@pytest.mark.rules("603.2c", "508.1m")
def test_one_or_more_creatures_attack_triggers_once_per_declaration(extra_cards):
    extra_cards(ANCESTOR_DRAGON)
    g, ids = table(["Ancestor Dragon", "Grizzly Bears", "Savannah Lions"], step=Step.BEGINNING_OF_COMBAT)
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {ids["Grizzly Bears"]: "P1", ids["Savannah Lions"]: "P1"}))
    assert len(g.state.stack) == 1
    resolve_stack(g)
    assert g.state.players[0].life == 22


@pytest.mark.rules("603.7", "603.7b", "508.4", "603.2c")
def test_basri_ket_creates_that_many_attacking_tokens_this_turn(extra_cards):
    # Basri Ket's emblem ability isn't read yet, so the card plays only with the rules off; its −2
    # is compiled and works the same there.
    extra_cards("Basri Ket")
    g = Game.empty(enforce=False)
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Plains", p, Zone.LIBRARY)
    basri = g.add_card("Basri Ket", 0, Zone.BATTLEFIELD)
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    lions = g.add_card("Savannah Lions", 0, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.MAIN1)
    activate_and_resolve(g, basri, 1)        # −2
    assert len(g.state.delayed_triggers) == 1
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {bears: "P1", lions: "P1"}))
    assert len(g.state.stack) == 1              # one trigger for the declaration
    resolve_stack(g)
    soldiers = [o for o in g.state.battlefield if g.characteristics(o).name == "Soldier Token"]
    assert len(soldiers) == 2
    assert all(g.state.objects[o].tapped and g.state.combat.attackers[o] == "P1" for o in soldiers)
    assert g.state.stack == [] and len(g.state.delayed_triggers) == 1     # the tokens didn't "attack"


PUGNACIOUS_PUGILIST = record(
    "Pugnacious Pugilist", "{3}{R}", "Creature — Ogre Warrior",
    "Whenever Pugnacious Pugilist attacks, create a tapped and attacking 1/1 red Devil creature token with \"When this "
    "creature dies, it deals 1 damage to any target.\"\nBlitz {3}{R} (If you cast this spell for its blitz cost, it "
    "gains haste and \"When this creature dies, draw a card.\" Sacrifice it at the beginning of the next end step.)",
    "3/3")


@pytest.mark.rules("508.4", "111.1", "603.6c")
def test_a_tapped_and_attacking_token_said_before_its_kind(extra_cards):
    """Pugnacious Pugilist: "create a tapped and attacking 1/1 red Devil creature token with "When this creature
    dies, it deals 1 damage to any target."": the token attacks, and its own ability is the token's (111.1)."""
    extra_cards(PUGNACIOUS_PUGILIST)
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card("Plains", p, Zone.LIBRARY)
    pugilist = g.add_card("Pugnacious Pugilist", 0, Zone.BATTLEFIELD)
    g.add_card("Grizzly Bears", 1, Zone.BATTLEFIELD)
    g.start_at(3, 0, Step.BEGINNING_OF_COMBAT)
    to_declare_attackers(g)
    g.apply(DeclareAttackers(0, {pugilist: "P1"}))
    resolve_stack(g)
    (devil,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Devil Token"]
    assert g.state.objects[devil].tapped and g.state.combat.attackers == {pugilist: "P1", devil: "P1"}
    (bears,) = [o for o in g.state.battlefield if g.characteristics(o).name == "Grizzly Bears"]
    while g.pending.kind is not DecisionKind.DECLARE_BLOCKERS:
        g.apply(PassPriority(g.pending.player))
    g.apply(DeclareBlockers(1, {bears: (devil,)}))
    while devil in g.state.battlefield or g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        if g.pending.kind is DecisionKind.CHOOSE:
            g.apply(Choose(0, ("P1",) if "P1" in g.pending.options else (g.pending.options[0],)))
        else:
            g.apply(PassPriority(g.pending.player))
    assert g.state.players[1].life == 20 - 3 - 1      # the Pugilist's 3 and the dying Devil's 1
