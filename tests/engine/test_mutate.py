"""Mutate (702.140) and merged permanents (730): a creature card cast for its mutate cost merges with a non-Human
creature its owner owns, over or under it; the merged permanent has the topmost card's characteristics and every
component's abilities; leaving the battlefield, every card goes. Played with real cards (Ikoria)."""
from __future__ import annotations

import json

import pytest

from engine import Game
from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority, SandboxMove
from engine.core.savecheck import SaveError
from tests.engine.driving import cast_and_resolve, on_battlefield, resolve_stack, table
from tests.oracle.conftest import record

REMINDER = ("(If you cast this spell for its mutate cost, put it over or under target non-Human creature you own. "
            "They mutate into the creature on top plus all abilities from under it.)")
VULPIKEET = record("Vulpikeet", "{3}{W}", "Creature — Fox Bird",
                   f"Mutate {{2}}{{W}} {REMINDER}\nFlying\nWhenever this creature mutates, put a +1/+1 counter on it.",
                   "2/3")
HUNTMASTER_LIGER = record(
    "Huntmaster Liger", "{3}{W}", "Creature — Cat",
    f"Mutate {{2}}{{W}} {REMINDER}\nWhenever this creature mutates, other creatures you control get +X/+X until end "
    "of turn, where X is the number of times this creature has mutated.", "3/4")
ESSENCE_SYMBIOTE = record("Essence Symbiote", "{1}{G}", "Creature — Beast",
                          "Whenever a creature you control mutates, put a +1/+1 counter on that creature and you "
                          "gain 2 life.", "2/2")
LANDS = ["Plains", "Plains", "Plains", "Plains", "Plains", "Plains", "Swamp", "Swamp"]


def _mutate(g: Game, card: int, target: int, where: str) -> None:
    act = CastSpell(0, card, targets=((target,),), alt="mutate")
    assert act in g.legal_actions()                 # offered in the listing: the AI and random players choose it
    g.apply(act)
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE and d.data.get("choice") == "mutate_position":
            assert d.player == 0 and set(d.options) == {"over", "under"}
            g.apply(Choose(0, (where,)))
        elif d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, tuple(d.options[:max(d.min, 1)])))
        else:
            assert d.kind is DecisionKind.PRIORITY, d.prompt
            g.apply(PassPriority(d.player))


@pytest.mark.rules("702.140a", "702.140c", "702.140d", "702.140e", "730.2", "730.2a", "730.2c")
def test_mutated_on_top_it_is_the_same_creature_with_the_top_card_and_every_ability(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet"])
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].sick = False
    _mutate(g, ids["Vulpikeet"], bears, "over")
    assert bears in g.state.battlefield and len([o for o in g.state.battlefield
                                                 if g.characteristics(o).is_creature]) == 1   # 730.2b-c: one object
    ch = g.characteristics(bears)
    assert ch.name == "Vulpikeet" and ch.subtypes == {"Fox", "Bird"} and ch.has("flying")
    assert g.state.objects[bears].counters.get("+1/+1") == 1         # 702.140d: "whenever this creature mutates"
    assert (ch.power, ch.toughness) == (3, 4)
    assert not g.state.objects[bears].sick                           # 730.2c: it didn't just come under control
    view = next(c for c in g.snapshot(0)["battlefield"] if c["id"] == bears)
    assert [c["name"] for c in view["merged"]] == ["Vulpikeet", "Grizzly Bears"]     # what the table shows
    assert not g.state.players[0].hand and Zone.STACK not in {g.state.objects[o].zone for o in g.state.objects}


@pytest.mark.rules("702.140c", "702.140e", "730.2a")
def test_mutated_under_the_creature_keeps_its_characteristics_and_gains_the_abilities(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "under")
    ch = g.characteristics(bears)
    # its own 2/2 with the +1/+1 counter of Vulpikeet's "whenever this creature mutates" (702.140d)
    assert ch.name == "Grizzly Bears" and (ch.power, ch.toughness) == (3, 3) and ch.has("flying")


@pytest.mark.rules("730.3", "400.7")
def test_a_merged_permanent_that_dies_puts_every_card_into_the_graveyard(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet", "Murder"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "over")
    g.state.players[0].mana_pool.update({"B": 2, "C": 1})
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    names = sorted(g.state.objects[o].name for o in g.state.players[0].graveyard)
    assert names == ["Grizzly Bears", "Murder", "Vulpikeet"]
    assert not g.state.battlefield or not any(g.characteristics(o).is_creature for o in g.state.battlefield)


@pytest.mark.rules("730.3", "730.2d", "111.7")
def test_a_merged_token_returned_to_hand_leaves_the_card_and_the_token_ceases_to_exist(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(LANDS + ["Island", "Island"], hand_a=["Vulpikeet", "Raise the Alarm", "Unsummon"])
    cast_and_resolve(g, ids["Raise the Alarm"])
    soldier = next(o for o in g.state.battlefield if g.state.objects[o].token is not None)
    _mutate(g, ids["Vulpikeet"], soldier, "under")
    assert g.state.objects[soldier].token is not None                  # 730.2d: its topmost component is a token
    g.state.players[0].mana_pool.update({"U": 1})
    cast_and_resolve(g, ids["Unsummon"], targets=((soldier,),))
    hand = [g.state.objects[o].name for o in g.state.players[0].hand]
    assert hand == ["Vulpikeet"]                                       # the token ceased to exist (111.7, 704.5d)
    assert soldier not in g.state.objects


@pytest.mark.rules("702.140b", "608.3b")
def test_its_target_gone_it_resolves_as_a_creature_spell(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet", "Murder"])
    bears = ids["Grizzly Bears"]
    g.apply(CastSpell(0, ids["Vulpikeet"], targets=((bears,),), alt="mutate"))
    g.state.players[0].mana_pool.update({"B": 2, "C": 1})
    cast_and_resolve(g, ids["Murder"], targets=((bears,),))
    vulpikeet = on_battlefield(g, "Vulpikeet")
    assert vulpikeet and not g.state.objects[vulpikeet[0]].counters       # it entered: it didn't mutate


@pytest.mark.rules("702.140a")
def test_a_human_or_another_players_creature_is_no_target(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Elite Vanguard"] + LANDS, ["Grizzly Bears"], hand_a=["Vulpikeet"])
    offered = [a for a in g.legal_actions() if isinstance(a, CastSpell) and a.alt == "mutate"]
    assert offered == []


@pytest.mark.rules("702.140d", "702.140c", "730.2")
def test_the_number_of_times_it_has_mutated_and_a_creature_you_control_mutates(extra_cards):
    extra_cards(VULPIKEET, HUNTMASTER_LIGER, ESSENCE_SYMBIOTE)
    g, ids = table(["Grizzly Bears", "Essence Symbiote"] + LANDS * 2, hand_a=["Vulpikeet", "Huntmaster Liger"])
    bears, symbiote = ids["Grizzly Bears"], ids["Essence Symbiote"]
    _mutate(g, ids["Vulpikeet"], bears, "under")
    assert g.state.players[0].life == 22                               # Essence Symbiote: a creature you control mutated
    assert g.state.objects[bears].counters.get("+1/+1") == 2           # Vulpikeet's and Essence Symbiote's counters
    _mutate(g, ids["Huntmaster Liger"], bears, "over")
    assert g.characteristics(bears).name == "Huntmaster Liger" and g.characteristics(bears).has("flying")
    ch = g.characteristics(symbiote)
    assert (ch.power, ch.toughness) == (4, 4)                          # mutated twice: +2/+2 to the others


@pytest.mark.rules("730.2", "730.2a", "707.2")
def test_a_merged_permanent_survives_json_and_clone_and_a_copy_copies_the_merged_values(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS + ["Island"] * 4, hand_a=["Vulpikeet", "Clone"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "under")
    again = Game.from_json(g.to_json())
    for h in (again, g.clone()):
        ch = h.characteristics(bears)
        assert ch.name == "Grizzly Bears" and ch.has("flying")
        assert [c["name"] for c in h.state.objects[bears].chosen["merged"]] == ["Grizzly Bears", "Vulpikeet"]
    g.state.players[0].mana_pool.update({"U": 4})
    g.apply(CastSpell(0, ids["Clone"]))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            g.apply(Choose(d.player, (bears,) if bears in d.options else tuple(d.options[:max(d.min, 1)])))
        else:
            g.apply(PassPriority(d.player))
    clone = next(o for o in g.state.battlefield if g.state.objects[o].name == "Clone")
    ch = g.characteristics(clone)
    assert ch.name == "Grizzly Bears" and ch.has("flying")             # the merged characteristics are copied


@pytest.mark.rules("730.2", "730.3")
def test_a_save_with_a_damaged_merged_permanent_is_refused(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "over")
    for damage in ({"copy_of": 'merged:["Grizzly Bears"'}, {"chosen": {"merged": [{"card_id": 1, "owner": 0}]}},
                   {"chosen": {"merged": [{"card_id": 1, "owner": 0, "name": "No Such Card", "token": None,
                                           "key": "Grizzly Bears"}]}}):
        saved = json.loads(g.to_json())
        obj = next(o for o in saved["objects"] if o["id"] == bears)
        obj.update(damage)
        with pytest.raises(SaveError):
            Game.from_json(json.dumps(saved))


@pytest.mark.rules("730.3")
def test_a_sandbox_move_of_a_merged_permanent_moves_every_card(extra_cards):
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS, hand_a=["Vulpikeet"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "under")
    g.state.enforce = False                             # a sandbox table: free moves
    g.apply(SandboxMove(0, bears, "hand"))
    assert sorted(g.state.objects[x].name for x in g.state.players[0].hand) == ["Grizzly Bears", "Vulpikeet"]


@pytest.mark.rules("903.3c", "903.9b", "903.9c", "730.3d")
def test_a_merged_commander_goes_to_the_command_zone_alone(extra_cards):
    """903.3c: with the commander on top the merged permanent is the commander; returned to its owner's hand, the
    owner may put the commander into the command zone (903.9b), and the other card goes to the hand (903.9c)."""
    extra_cards(VULPIKEET)
    g, ids = table(["Grizzly Bears"] + LANDS + ["Island"], hand_a=["Vulpikeet", "Unsummon"])
    g.designate_commander(ids["Vulpikeet"], 0)
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Vulpikeet"], bears, "over")
    g.apply(CastSpell(0, ids["Unsummon"], targets=((bears,),)))
    while g.state.stack or g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        g.apply(Choose(0, ("yes",)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert [g.state.objects[x].name for x in g.state.command] == ["Vulpikeet"]
    assert [g.state.objects[x].name for x in g.state.players[0].hand] == ["Grizzly Bears"]


PORCUPARROT = record("Porcuparrot", "{3}{R}", "Creature — Bird Beast",
                     f"Mutate {{2}}{{R}} {REMINDER}\n{{T}}: This creature deals X damage to any target, where X is the "
                     "number of times this creature has mutated.", "3/4")


@pytest.mark.rules("702.140e", "730.2c", "702.140c")
def test_an_activated_ability_of_a_card_under_it_is_the_merged_permanents(extra_cards):
    """Porcuparrot put under Grizzly Bears: the Bears (not summoning sick: the same object, 730.2c) has its {T}
    ability, which counts the mutations of the permanent that has it."""
    extra_cards(PORCUPARROT)
    g, ids = table(["Grizzly Bears", "Mountain", "Mountain", "Mountain"], hand_a=["Porcuparrot"])
    bears = ids["Grizzly Bears"]
    _mutate(g, ids["Porcuparrot"], bears, "under")
    assert g.characteristics(bears).name == "Grizzly Bears"
    activate = next(a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == bears)
    g.apply(ActivateAbility(0, bears, activate.index, targets=(("P1",),)))
    resolve_stack(g)
    assert g.state.players[1].life == 19
