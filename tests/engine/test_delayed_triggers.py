"""Delayed triggered abilities (603.7) through the public Game API, with real cards' Oracle text."""
from __future__ import annotations

import pytest

from engine import Game
from engine.core.player_actions import CastSpell, Choose, DeclareAttackers
from engine.core.enums import DecisionKind, Step, Zone
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, on_battlefield,
                                  resolve_stack, table)

THATCHER_REVOLT = {"name": "Thatcher Revolt", "manaCost": "{2}{R}", "type": "Sorcery", "types": ["Sorcery"],
                   "text": "Create three 1/1 red Human creature tokens with haste. Sacrifice those tokens at the "
                           "beginning of the next end step."}
FERAL_LIGHTNING = {"name": "Feral Lightning", "manaCost": "{3}{R}{R}{R}", "type": "Sorcery", "types": ["Sorcery"],
                   "text": "Create three 3/1 red Elemental creature tokens with haste. Exile them at the beginning "
                           "of the next end step."}
FLICKERWISP = {"name": "Flickerwisp", "manaCost": "{1}{W}{W}", "type": "Creature — Elemental",
               "types": ["Creature"], "subtypes": ["Elemental"], "power": "3", "toughness": "1",
               "text": "Flying\nWhen this creature enters, exile another target permanent. Return "
                       "that card to the battlefield under its owner's control at the beginning of the next end step."}
OTHERWORLDLY_JOURNEY = {"name": "Otherworldly Journey", "manaCost": "{1}{W}", "type": "Instant — Arcane",
                        "types": ["Instant"], "subtypes": ["Arcane"],
                        "text": "Exile target creature. At the beginning of the next end step, return that card to "
                                "the battlefield under its owner's control with a +1/+1 counter on it."}
MOGG_CANNON = {"name": "Mogg Cannon", "manaCost": "{2}", "type": "Artifact", "types": ["Artifact"],
               "text": "{T}: Target creature you control gets +1/+0 and gains flying until end of turn. Destroy "
                       "that creature at the beginning of the next end step."}
BLESSED_WINE = {"name": "Blessed Wine", "manaCost": "{1}{W}", "type": "Instant", "types": ["Instant"],
                "text": "You gain 1 life.\nDraw a card at the beginning of the next turn's upkeep."}
CLOUDSHIFT = {"name": "Cloudshift", "manaCost": "{W}", "type": "Instant", "types": ["Instant"],
              "text": "Exile target creature you control, then return that card to the battlefield under your control."}


def lands(n: int, name: str = "Mountain") -> list[str]:
    return [name] * n


@pytest.mark.rules("603.7", "603.7a", "603.7b", "603.7d", "111.1")
def test_tokens_sacrificed_at_the_next_end_step(extra_cards):
    extra_cards(THATCHER_REVOLT)
    g, ids = table(hand_a=["Thatcher Revolt"], a=lands(3))
    g.apply(CastSpell(0, ids["Thatcher Revolt"]))
    events = resolve_stack(g)
    humans = on_battlefield(g, "Human Token")
    assert len(humans) == 3
    created = [e for e in events if e.kind == "delayed_created"]
    assert len(created) == 1 and created[0].data["remembered"] == humans
    # 603.7d: the spell's controller controls it; it waits in the state, listed in the snapshot.
    (rec,) = g.state.delayed_triggers
    assert rec["controller"] == 0 and rec["name"] == "Thatcher Revolt"
    assert g.snapshot()["delayed"][0]["source"] == "Thatcher Revolt"
    advance(g, Step.MAIN2)
    assert len(on_battlefield(g, "Human Token")) == 3      # not before the end step
    events = advance(g, Step.END)
    assert any(e.kind == "trigger" and e.data["name"] == "Thatcher Revolt" for e in events)
    assert len(g.state.stack) == 1 and g.state.objects[g.state.stack[0]].controller == 0
    resolve_stack(g)
    assert on_battlefield(g, "Human Token") == []
    # 603.7b: it triggered once and is gone.
    assert g.state.delayed_triggers == [] and g.snapshot()["delayed"] == []


@pytest.mark.rules("603.7", "603.7c", "111.1")
def test_tokens_exiled_them_and_clone_and_json_keep_the_ability(extra_cards):
    extra_cards(FERAL_LIGHTNING)
    g, ids = table(hand_a=["Feral Lightning"], a=lands(6))
    cast_and_resolve(g, ids["Feral Lightning"])
    assert len(on_battlefield(g, "Elemental Token")) == 3
    copy = g.clone()
    restored = Game.from_json(g.to_json())
    assert restored.state.delayed_triggers == g.state.delayed_triggers == copy.state.delayed_triggers
    for game in (g, copy, restored):
        advance(game, Step.END)
        resolve_stack(game)
        assert on_battlefield(game, "Elemental Token") == []
    # The clone's ability was its own: resolving it in the clone left the original's alone (and
    # the other way round), each game exiled its own tokens once.
    assert copy.state.delayed_triggers == [] and restored.state.delayed_triggers == []


@pytest.mark.rules("603.7", "603.7c", "603.7e", "400.7", "400.7j")
def test_flickered_permanent_returns_at_the_next_end_step_as_a_new_object(extra_cards):
    extra_cards(FLICKERWISP)
    g, ids = table(hand_a=["Flickerwisp"], a=lands(3, "Plains"), b=["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.apply(CastSpell(0, ids["Flickerwisp"]))
    both_pass(g)                           # the creature spell resolves
    assert g.pending.kind is DecisionKind.CHOOSE       # the enters trigger's target
    g.apply(Choose(0, (bears,)))
    resolve_stack(g)
    exiled = [o for o in g.state.exile if g.state.objects[o].name == "Grizzly Bears"]
    assert len(exiled) == 1 and bears not in g.state.objects
    (rec,) = g.state.delayed_triggers
    # 603.7e: the source is the ability's source (Flickerwisp), its controller the ability's.
    wisp = on_battlefield(g, "Flickerwisp")[0]
    assert rec["source_id"] == wisp and rec["controller"] == 0 and rec["remembered"] == exiled
    advance(g, Step.END)
    resolve_stack(g)
    back = on_battlefield(g, "Grizzly Bears")
    assert len(back) == 1 and back[0] != bears
    assert g.state.objects[back[0]].controller == 1    # under its owner's control
    assert g.state.delayed_triggers == []


@pytest.mark.rules("603.7c", "400.7")
def test_an_object_that_changed_zones_is_not_found(extra_cards):
    extra_cards(MOGG_CANNON)
    g, ids = table(hand_a=["Unsummon", "Grizzly Bears"], a=["Mogg Cannon"] + lands(2, "Forest") + lands(1, "Island"),
                   b=["Hill Giant"])
    cannon = ids["Mogg Cannon"]
    bears = g.add_card("Grizzly Bears", 0, Zone.BATTLEFIELD)
    activate_and_resolve(g, cannon, 0, targets=((bears,),))
    assert g.characteristics(bears).has("flying") and g.characteristics(bears).power == 3
    (rec,) = g.state.delayed_triggers
    assert rec["remembered"] == [bears]
    # Bounce the Bears and cast them again: a new object the delayed ability doesn't know.
    cast_and_resolve(g, ids["Unsummon"], targets=((bears,),))
    in_hand = [h for h in g.state.players[0].hand if g.state.objects[h].name == "Grizzly Bears"]
    cast_and_resolve(g, in_hand[0])
    new_bears = [o for o in on_battlefield(g, "Grizzly Bears")]
    assert len(new_bears) == 1
    advance(g, Step.END)
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") == new_bears       # not destroyed
    assert g.state.delayed_triggers == []


@pytest.mark.rules("603.7c", "603.7e", "701.8a")
def test_destroy_that_creature_at_the_next_end_step_follows_the_same_object(extra_cards):
    extra_cards(MOGG_CANNON)
    g, ids = table(a=["Mogg Cannon", "Grizzly Bears"])
    bears = ids["Grizzly Bears"]
    activate_and_resolve(g, ids["Mogg Cannon"], 0, targets=((bears,),))
    (rec,) = g.state.delayed_triggers
    assert rec["source_id"] == ids["Mogg Cannon"]
    advance(g, Step.END)
    resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") == []
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]


@pytest.mark.rules("513.2", "603.7a", "603.7b")
def test_next_end_step_created_during_an_end_step_waits_for_the_next_turn(extra_cards):
    extra_cards(OTHERWORLDLY_JOURNEY)
    g, ids = table(hand_a=["Otherworldly Journey"], a=lands(2, "Plains") + ["Grizzly Bears"], step=Step.END)
    bears = ids["Grizzly Bears"]
    cast_and_resolve(g, ids["Otherworldly Journey"], targets=((bears,),))
    assert on_battlefield(g, "Grizzly Bears") == []
    advance(g, Step.UPKEEP, turn=4)
    assert on_battlefield(g, "Grizzly Bears") == []           # the end step didn't back up
    events = advance(g, Step.END, turn=4)
    assert any(e.kind == "trigger" for e in events)
    resolve_stack(g)
    (back,) = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[back].controller == 0
    assert g.state.objects[back].counters == {"+1/+1": 1}    # entered with the counter (614.1c)
    assert g.characteristics(back).power == 3
    advance(g, Step.END, turn=5)
    assert on_battlefield(g, "Grizzly Bears") == [back] and g.state.delayed_triggers == []


@pytest.mark.rules("603.7", "603.7b", "513.2")
def test_draw_at_the_beginning_of_the_next_turns_upkeep(extra_cards):
    extra_cards(BLESSED_WINE)
    g, ids = table(hand_a=["Blessed Wine"], a=lands(2, "Plains"), step=Step.END)
    cast_and_resolve(g, ids["Blessed Wine"])
    hand_before = len(g.state.players[0].hand)
    advance(g, Step.UPKEEP, turn=4)        # B's upkeep: the ability triggers there, for A
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand_before + 1
    assert len(g.state.players[1].hand) == 0
    advance(g, Step.UPKEEP, turn=5)
    resolve_stack(g)
    assert len(g.state.players[0].hand) == hand_before + 1    # once only


@pytest.mark.rules("603.7", "603.7b", "508.1m")
def test_whenever_a_creature_attacks_this_turn(extra_cards):
    extra_cards("Basri, Devoted Paladin")
    g, ids = table(a=["Basri, Devoted Paladin", "Grizzly Bears", "Savannah Lions"])
    basri = ids["Basri, Devoted Paladin"]
    activate_and_resolve(g, basri, 1)          # −1
    assert len(g.state.delayed_triggers) == 1
    advance(g, Step.BEGINNING_OF_COMBAT)
    both_pass(g)
    assert g.pending.kind is DecisionKind.DECLARE_ATTACKERS
    bears, lions = ids["Grizzly Bears"], ids["Savannah Lions"]
    g.apply(DeclareAttackers(0, {bears: "P1", lions: "P1"}))
    while g.pending.kind is DecisionKind.CHOOSE:         # order the two triggers
        g.apply(Choose(0, tuple(g.pending.options)))
    resolve_stack(g)
    # "this turn": it triggered for each attacker, and is still there for the rest of the turn.
    assert g.state.objects[bears].counters == {"+1/+1": 1}
    assert g.state.objects[lions].counters == {"+1/+1": 1}
    assert len(g.state.delayed_triggers) == 1
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.delayed_triggers == [] and g.snapshot()["delayed"] == []


@pytest.mark.rules("400.7j", "610.3")
def test_exile_then_return_finds_the_exiled_card(extra_cards):
    extra_cards(CLOUDSHIFT)
    g, ids = table(hand_a=["Cloudshift"], a=["Plains", "Grizzly Bears"])
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].damage = 1
    cast_and_resolve(g, ids["Cloudshift"], targets=((bears,),))
    (back,) = on_battlefield(g, "Grizzly Bears")
    assert back != bears and g.state.objects[back].damage == 0 and g.state.objects[back].controller == 0


WINDSCOUTER = {"name": "Windscouter", "manaCost": "{3}{U}", "type": "Creature — Human Scout", "types": ["Creature"],
               "subtypes": ["Human", "Scout"], "power": "3", "toughness": "3",
               "text": "Flying\nWhen this creature attacks or blocks, return it to its owner's hand at end of combat."}


@pytest.mark.rules("603.7", "511.2", "603.7e")
def test_return_it_at_end_of_combat(extra_cards):
    extra_cards(WINDSCOUTER)
    g, ids = table(["Windscouter"], step=Step.BEGINNING_OF_COMBAT)
    scout = ids["Windscouter"]
    both_pass(g)
    g.apply(DeclareAttackers(0, {scout: "P1"}))
    resolve_stack(g)
    (rec,) = g.state.delayed_triggers
    assert rec["step"] == "end_of_combat" and rec["remembered"] == [scout]
    advance(g, Step.COMBAT_DAMAGE)
    assert g.state.players[1].life == 17 and scout in g.state.battlefield
    advance(g, Step.END_OF_COMBAT)
    resolve_stack(g)
    assert [g.state.objects[h].name for h in g.state.players[0].hand] == ["Windscouter"]
    assert g.state.delayed_triggers == []


@pytest.mark.rules("603.7e", "608.2h")
def test_the_delayed_ability_works_after_its_source_left(extra_cards):
    extra_cards(FLICKERWISP)
    g, ids = table(["Plains"] * 3 + ["Mountain"], ["Grizzly Bears"], ["Flickerwisp", "Lightning Bolt"])
    g.apply(CastSpell(0, ids["Flickerwisp"]))
    both_pass(g)
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    (wisp,) = on_battlefield(g, "Flickerwisp")
    cast_and_resolve(g, ids["Lightning Bolt"], targets=((wisp,),))
    assert on_battlefield(g, "Flickerwisp") == []
    events = advance(g, Step.END)
    assert any(e.kind == "trigger" and e.data["name"] == "Flickerwisp" for e in events)
    resolve_stack(g)
    (back,) = on_battlefield(g, "Grizzly Bears")
    assert g.state.objects[back].controller == 1


SEARING_BLOOD = {"name": "Searing Blood", "manaCost": "{R}{R}", "type": "Instant", "types": ["Instant"],
                 "text": "Searing Blood deals 2 damage to target creature. When that creature dies this turn, "
                         "Searing Blood deals 3 damage to that creature's controller."}


@pytest.mark.rules("603.7", "603.7a", "603.7d", "608.2h")
def test_when_that_creature_dies_this_turn(extra_cards):
    extra_cards(SEARING_BLOOD)
    g, ids = table(lands(2), ["Grizzly Bears"], ["Searing Blood"])
    g.apply(CastSpell(0, ids["Searing Blood"], targets=((ids["B:Grizzly Bears"],),)))
    events = resolve_stack(g)
    assert on_battlefield(g, "Grizzly Bears") == []
    assert any(e.kind == "trigger" and e.data["name"] == "Searing Blood" for e in events)
    assert g.state.players[1].life == 17      # the spell, now in the graveyard, is the source
    assert g.state.delayed_triggers == []


@pytest.mark.rules("603.7b", "603.7c")
def test_when_that_creature_dies_later_this_turn(extra_cards):
    extra_cards(SEARING_BLOOD)
    g, ids = table(lands(6), ["Hill Giant", "Grizzly Bears"], ["Searing Blood", "Shock", "Shock"])
    giant, bears = ids["B:Hill Giant"], ids["B:Grizzly Bears"]
    shocks = [h for h in g.state.players[0].hand if g.state.objects[h].name == "Shock"]
    cast_and_resolve(g, ids["Searing Blood"], targets=((giant,),))
    assert giant in g.state.battlefield and len(g.state.delayed_triggers) == 1
    cast_and_resolve(g, shocks[0], targets=((bears,),))     # another creature dying doesn't count
    assert bears not in g.state.objects
    assert g.state.players[1].life == 20 and len(g.state.delayed_triggers) == 1
    cast_and_resolve(g, shocks[1], targets=((giant,),))
    assert giant not in g.state.objects and g.state.players[1].life == 17
    assert g.state.delayed_triggers == []


@pytest.mark.rules("603.7b")
def test_when_that_creature_dies_this_turn_ends_with_the_turn(extra_cards):
    extra_cards(SEARING_BLOOD)
    g, ids = table(lands(2), ["Hill Giant"], ["Searing Blood"])
    cast_and_resolve(g, ids["Searing Blood"], targets=((ids["B:Hill Giant"],),))
    assert len(g.state.delayed_triggers) == 1
    advance(g, Step.UPKEEP, turn=4)
    assert g.state.delayed_triggers == []


GOBLIN_HEELCUTTER = {"name": "Goblin Heelcutter", "manaCost": "{3}{R}", "type": "Creature — Goblin Warrior",
                     "types": ["Creature"], "subtypes": ["Goblin", "Warrior"], "power": "3", "toughness": "2",
                     "text": "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, and "
                             "it's returned from the battlefield to its owner's hand at the beginning of the next end "
                             "step.)\nWhenever this creature attacks, target creature can't block this turn."}


@pytest.mark.rules("702.109a", "603.7a", "603.7f", "118.9")
def test_dash_haste_and_back_to_hand_at_the_next_end_step(extra_cards):
    extra_cards(GOBLIN_HEELCUTTER)
    g, ids = table(lands(3), hand_a=["Goblin Heelcutter"])
    card = ids["Goblin Heelcutter"]
    offered = {a.alt for a in g.legal_actions() if isinstance(a, CastSpell) and a.card == card}
    assert offered == {"dash"}                   # three lands: only the dash cost can be paid
    cast_and_resolve(g, card, alt="dash")
    (goblin,) = on_battlefield(g, "Goblin Heelcutter")
    assert g.characteristics(goblin).has("haste")
    (rec,) = g.state.delayed_triggers
    assert rec["source_id"] == goblin and rec["controller"] == 0 and rec["remembered"] == [goblin]
    advance(g, Step.BEGINNING_OF_COMBAT)
    both_pass(g)
    g.apply(DeclareAttackers(0, {goblin: "P1"}))            # haste: it can attack this turn
    advance(g, Step.END)
    resolve_stack(g)
    assert on_battlefield(g, "Goblin Heelcutter") == []
    assert [g.state.objects[h].name for h in g.state.players[0].hand] == ["Goblin Heelcutter"]
    assert g.state.players[1].life == 17


@pytest.mark.rules("702.109a")
def test_cast_normally_no_dash(extra_cards):
    extra_cards(GOBLIN_HEELCUTTER)
    g, ids = table(lands(4), hand_a=["Goblin Heelcutter"])
    cast_and_resolve(g, ids["Goblin Heelcutter"])
    (goblin,) = on_battlefield(g, "Goblin Heelcutter")
    assert not g.characteristics(goblin).has("haste") and g.state.delayed_triggers == []
    advance(g, Step.END)
    advance(g, Step.UPKEEP, turn=4)
    assert on_battlefield(g, "Goblin Heelcutter") == [goblin]


@pytest.mark.rules("603.7c", "603.10", "608.2h")
def test_that_creatures_controller_is_its_controller_as_it_died(extra_cards):
    extra_cards(SEARING_BLOOD)
    g, ids = table(lands(5), ["Grizzly Bears"], ["Act of Treason", "Searing Blood"])
    bears = ids["B:Grizzly Bears"]
    cast_and_resolve(g, ids["Act of Treason"], targets=((bears,),))
    assert g.state.objects[bears].controller == 0
    cast_and_resolve(g, ids["Searing Blood"], targets=((bears,),))
    assert bears not in g.state.objects
    assert g.state.players[0].life == 17 and g.state.players[1].life == 20
