"""Removing counters (engine.oracle.verbs, engine.effects.counters; 122): each wording compiled, then played."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Ref
from engine.core.effect_types import MayDo, RemoveCounters
from engine.core.enums import Step, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from engine.oracle.compiler import compile_card
from tests.engine.driving import (activate_and_resolve, advance, both_pass, cast_and_resolve, cast_and_settle, resolve_stack,
                                  table)
from tests.oracle.conftest import record

T0 = Ref("target", 0)


@pytest.mark.rules("122.1")
@pytest.mark.parametrize("text,effect", [
    ("Remove all counters from target permanent.", RemoveCounters(T0, every=True)),
    ("Remove all -1/-1 counters from target creature.", RemoveCounters(T0, "-1/-1", every=True)),
    ("Remove two +1/+1 counters from target creature.", RemoveCounters(T0, "+1/+1", Amount.const(2))),
    ("Remove a counter from target permanent.", RemoveCounters(T0)),
    ("You may remove a counter from target permanent.", MayDo((RemoveCounters(T0),), Ref("you"))),
])
def test_remove_counter_wordings(card, text, effect):
    assert card("Counter Test", "{B}", "Sorcery", text).spell.modes[0].effects == (effect,)


@pytest.mark.rules("122.1")
def test_vampire_hexmage_removes_every_counter(extra_cards):
    extra_cards(record("Vampire Hexmage", "{B}{B}", "Creature — Vampire Shaman",
                       "First strike\nSacrifice Vampire Hexmage: Remove all counters from target permanent.", "2/1"))
    g, ids = table(["Vampire Hexmage"], ["Grizzly Bears"])
    bears = ids["B:Grizzly Bears"]
    g.state.objects[bears].counters.update({"+1/+1": 2, "charge": 1})
    activate_and_resolve(g, ids["Vampire Hexmage"], 0, targets=((bears,),))
    assert g.state.objects[bears].counters == {}


@pytest.mark.rules("122.1")
def test_a_counter_of_the_kind_its_controller_chooses(extra_cards):
    extra_cards(record("Counter Pick", "{B}", "Sorcery", "Remove a counter from target permanent."))
    g, ids = table(["Swamp"], ["Grizzly Bears"], ["Counter Pick"])
    bears = ids["B:Grizzly Bears"]
    g.state.objects[bears].counters.update({"+1/+1": 2, "charge": 1})
    g.apply(CastSpell(0, ids["Counter Pick"], targets=((bears,),)))
    both_pass(g)
    assert sorted(g.pending.options) == ["+1/+1", "charge"]
    g.apply(Choose(0, ("+1/+1",)))
    assert g.state.objects[bears].counters == {"+1/+1": 1, "charge": 1}


@pytest.mark.rules("122.1b")
@pytest.mark.parametrize("kind,read", [("flying", True), ("first strike", True), ("charge", True),
                                       ("decayed", False), ("exalted", False)])
def test_a_keyword_counter_is_read_when_the_layers_give_its_keyword(kind, read):
    """A flying or first strike counter gives its keyword in layer 6 (122.1b; engine.query.layers). A decayed or
    exalted counter would give a bare keyword that does nothing (those work as the abilities compiled from a printed
    keyword): left unread."""
    d = compile_card(record("Counter Test", "{2}{W}", "Instant",
                            f"Target creature gets +2/+2 until end of turn. Put a {kind} counter on it."))
    assert d.unsupported == (() if read else (f"Put a {kind} counter on it",))


AKU_DJINN = record("Aku Djinn", "{3}{B}{B}", "Creature — Djinn",
                   "Trample\nAt the beginning of your upkeep, put a +1/+1 counter on each creature each opponent "
                   "controls.", "5/6")


@pytest.mark.rules("122.1", "603.2")
def test_put_a_counter_on_each_creature_each_opponent_controls(extra_cards):
    extra_cards(AKU_DJINN, fully_read=True)
    g, ids = table(["Aku Djinn", "Grizzly Bears"], ["Hill Giant", "Typhoid Rats"], turn=2, active=1)
    advance(g, Step.MAIN1, turn=3)
    resolve_stack(g)
    counters = {name: g.state.objects[oid].counters.get("+1/+1", 0) for name, oid in ids.items()}
    assert counters == {"Aku Djinn": 0, "Grizzly Bears": 0, "B:Hill Giant": 1, "B:Typhoid Rats": 1}


NOVIJEN = record("Novijen, Heart of Progress", None, "Land",
                 "{T}: Add {C}.\n{G}{U}, {T}: Put a +1/+1 counter on each creature that entered the battlefield this "
                 "turn.")


@pytest.mark.rules("122.1", "400.7")
def test_put_a_counter_on_each_creature_that_entered_the_battlefield_this_turn(extra_cards):
    extra_cards(NOVIJEN, fully_read=True)
    g, ids = table(["Novijen, Heart of Progress", "Grizzly Bears", "Forest", "Forest", "Island", "Island"],
                   hand_a=["Llanowar Elves"])
    cast_and_resolve(g, ids["Llanowar Elves"])
    theirs = g.add_card("Hill Giant", 1, Zone.BATTLEFIELD)       # entered this turn, under B's control
    (elves,) = [o for o in g.state.battlefield if g.state.objects[o].name == "Llanowar Elves"]
    activate_and_resolve(g, ids["Novijen, Heart of Progress"], 1)
    counters = {o: g.state.objects[o].counters.get("+1/+1", 0) for o in (elves, ids["Grizzly Bears"], theirs)}
    assert counters == {elves: 1, ids["Grizzly Bears"]: 0, theirs: 1}


INCREMENTAL_GROWTH = record("Incremental Growth", "{3}{G}{G}", "Sorcery",
                            "Put a +1/+1 counter on target creature, two +1/+1 counters on another target creature, and "
                            "three +1/+1 counters on a third target creature.")


@pytest.mark.rules("122.1", "115.3", "601.2c")
def test_one_two_and_three_counters_on_three_different_targets(extra_cards):
    extra_cards(INCREMENTAL_GROWTH, fully_read=True)
    g, ids = table(["Forest"] * 5 + ["Grizzly Bears", "Llanowar Elves"], ["Hill Giant"], hand_a=["Incremental Growth"])
    bears, elves, giant = ids["Grizzly Bears"], ids["Llanowar Elves"], ids["B:Hill Giant"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Incremental Growth"], targets=((bears,), (bears,), (giant,))))     # three different
    cast_and_resolve(g, ids["Incremental Growth"], targets=((bears,), (elves,), (giant,)))
    assert [g.state.objects[o].counters.get("+1/+1") for o in (bears, elves, giant)] == [1, 2, 3]


PIR = record("Pir, Imaginative Rascal", "{2}{G}", "Legendary Creature — Human",
             "Partner with Toothy, Imaginary Friend (When this creature enters the battlefield, target player may put "
             "Toothy into their hand from their library, then shuffle.)\nIf one or more counters would be put on a "
             "permanent your team controls, that many plus one of each of those kinds of counters are put on that "
             "permanent instead.", "1/1")
DECORATED_CHAMPION = record("Decorated Champion", "{1}{W}", "Creature — Human Warrior",
                            "Whenever another Warrior enters the battlefield under your team's control, put a +1/+1 "
                            "counter on Decorated Champion.", "2/2")


@pytest.mark.rules("102.4", "614.1a", "122.6")
def test_your_team_is_you_in_a_game_without_teams(extra_cards):
    """Pir's one more counter of each kind on a permanent "your team controls", Decorated Champion's trigger on a
    Warrior entering under "your team's control": yours, not the opponent's."""
    extra_cards(PIR, DECORATED_CHAMPION, fully_read=True)
    g, ids = table(["Pir, Imaginative Rascal", "Decorated Champion", "Mountain", "Mountain", "Forest", "Forest"],
                   ["Grizzly Bears"], hand_a=["Goblin Piker", "Travel Preparations"])
    cast_and_settle(g, ids["Goblin Piker"])                 # a Warrior: the Champion's counter, plus one
    assert g.state.objects[ids["Decorated Champion"]].counters.get("+1/+1") == 2
    cast_and_resolve(g, ids["Travel Preparations"], targets=((ids["Pir, Imaginative Rascal"], ids["B:Grizzly Bears"]),))
    assert g.state.objects[ids["Pir, Imaginative Rascal"]].counters.get("+1/+1") == 2
    assert g.state.objects[ids["B:Grizzly Bears"]].counters.get("+1/+1") == 1
CLOCKWORK_BEAST = record("Clockwork Beast", "{6}", "Artifact Creature — Beast",
                         "Clockwork Beast enters the battlefield with seven +1/+0 counters on it.\nAt end of combat, if "
                         "Clockwork Beast attacked or blocked this combat, remove a +1/+0 counter from it.\n{X}, {T}: Put "
                         "up to X +1/+0 counters on Clockwork Beast. This ability can't cause the total number of +1/+0 "
                         "counters on Clockwork Beast to be greater than seven. Activate only during your upkeep.", "0/4")


@pytest.mark.rules("122.1", "608.2d", "107.3")
def test_put_up_to_x_counters_no_more_than_the_limit(extra_cards):
    """X is 4, but the Beast has five counters: its controller chooses 0, 1 or 2 as the ability resolves."""
    extra_cards(CLOCKWORK_BEAST, fully_read=True)
    g, ids = table(["Clockwork Beast"], step=Step.UPKEEP)
    beast = ids["Clockwork Beast"]
    g.state.objects[beast].counters["+1/+0"] = 5
    g.state.invalidate()
    g.set_player(0, mana_pool="CCCC")
    g.apply(ActivateAbility(0, beast, 0, x=4))
    both_pass(g)
    assert g.pending.options == [0, 1, 2]
    with pytest.raises(IllegalAction):
        g.apply(Choose(0, (3,)))
    g.apply(Choose(0, (2,)))
    assert g.state.objects[beast].counters == {"+1/+0": 7} and g.characteristics(beast).power == 7
