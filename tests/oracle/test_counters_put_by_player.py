"""Triggers on the player who puts counters (122.6, 603.2): "Whenever you put one or more -1/-1 counters on a
creature" (Nest of Scarabs, Hapatra), "... on ~" (Defiant Greatmaw), "... counters on a creature you don't control"
(Generous Patron). The player who puts them is the controller of the effect (or of the damage's source, 120.3d);
the ability triggers once for each object they're put on, and "that many" is how many were put on it."""
from __future__ import annotations

import pytest

from engine.core.abilities import Filter, Trigger
from engine.oracle.triggers import parse_trigger
from tests.engine.driving import cast_and_settle, on_battlefield, table
from tests.oracle.conftest import record

NEST_OF_SCARABS = record("Nest of Scarabs", "{2}{B}", "Enchantment",
                         "Whenever you put one or more -1/-1 counters on a creature, create that many 1/1 black Insect "
                         "creature tokens.")
DEFIANT_GREATMAW = record("Defiant Greatmaw", "{2}{G}", "Creature — Hippo",
                          "When Defiant Greatmaw enters the battlefield, put two -1/-1 counters on target creature you "
                          "control.\nWhenever you put one or more -1/-1 counters on Defiant Greatmaw, remove a -1/-1 "
                          "counter from another target creature you control.", "4/5")
GENEROUS_PATRON = record("Generous Patron", "{2}{G}", "Creature — Elf Advisor",
                         "When Generous Patron enters the battlefield, support 2. (Put a +1/+1 counter on each of up to "
                         "two other target creatures.)\nWhenever you put one or more counters on a creature you don't "
                         "control, draw a card.", "1/4")


@pytest.mark.rules("603.2", "122.6")
def test_the_wordings():
    assert parse_trigger("you put one or more -1/-1 counters on a creature") == (
        Trigger("counters_put", "filter", Filter(types=frozenset({"Creature"})), counter="-1/-1", whose="you"), "event")
    assert parse_trigger("you put one or more -1/-1 counters on ~") == (
        Trigger("counters_put", "self", counter="-1/-1", whose="you"), "self")
    t, _ = parse_trigger("you put one or more counters on a creature you don't control")
    assert (t.counter, t.whose, t.filter.controller) == ("", "you", "opponent")


@pytest.mark.rules("603.2", "122.6", "608.2c")
@pytest.mark.parametrize("caster", [0, 1])
def test_nest_of_scarabs_counts_the_counters_you_put(extra_cards, caster):
    """A's Greatmaw puts two -1/-1 counters on a Craw Wurm A controls: A's Nest makes two Insects. B's Greatmaw puts
    them on B's creature: A put nothing, no Insect."""
    extra_cards(NEST_OF_SCARABS, DEFIANT_GREATMAW, fully_read=True)
    lands = ["Forest", "Forest", "Forest"]
    if caster == 0:
        g, ids = table(["Nest of Scarabs", "Craw Wurm"] + lands, [], hand_a=["Defiant Greatmaw"])
        greatmaw, bears = ids["Defiant Greatmaw"], ids["Craw Wurm"]
    else:
        g, ids = table(["Nest of Scarabs"], ["Craw Wurm"] + lands, hand_b=["Defiant Greatmaw"], active=1)
        greatmaw, bears = ids["B:Defiant Greatmaw"], ids["B:Craw Wurm"]
    cast_and_settle(g, greatmaw, player=caster,
                    answer=lambda d: tuple(o for o in d.options if o == bears)[:1] or tuple(d.options[:d.min or 1]))
    assert g.state.objects[bears].counters.get("-1/-1") == 2
    insects = [o for o in g.state.battlefield if "Insect" in g.characteristics(o).subtypes]
    assert len(insects) == (2 if caster == 0 else 0)
    assert all(g.state.objects[o].controller == 0 for o in insects)


@pytest.mark.rules("603.2", "122.6")
def test_greatmaw_putting_counters_on_itself_moves_one_off_another(extra_cards):
    """The Greatmaw's own two counters on itself trigger its second ability: one comes off another creature of
    yours (the Bears, with a -1/-1 counter already)."""
    extra_cards(DEFIANT_GREATMAW, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest", "Forest"], [], hand_a=["Defiant Greatmaw"])
    bears = ids["Grizzly Bears"]
    g.state.objects[bears].counters["-1/-1"] = 1
    greatmaw = ids["Defiant Greatmaw"]
    cast_and_settle(g, greatmaw, answer=lambda d: tuple(o for o in d.options if g.characteristics(o).name ==
                                                        "Defiant Greatmaw")[:1] or tuple(d.options[:d.min or 1]))
    (hippo,) = on_battlefield(g, "Defiant Greatmaw")
    assert g.state.objects[hippo].counters.get("-1/-1") == 2
    assert g.state.objects[bears].counters.get("-1/-1", 0) == 0


@pytest.mark.rules("603.2", "122.6", "701.41a")
def test_generous_patron_draws_for_a_creature_you_dont_control(extra_cards):
    """Support on A's own creature and on B's: one card drawn, for the counter put on B's creature only."""
    extra_cards(GENEROUS_PATRON, fully_read=True)
    g, ids = table(["Grizzly Bears", "Forest", "Forest", "Forest"], ["Grizzly Bears"], hand_a=["Generous Patron"])
    hand = len(g.state.players[0].hand)
    cast_and_settle(g, ids["Generous Patron"],
                    answer=lambda d: tuple(o for o in d.options if o in (ids["Grizzly Bears"], ids["B:Grizzly Bears"]))
                    or tuple(d.options[:d.min or 1]))
    assert g.state.objects[ids["B:Grizzly Bears"]].counters.get("+1/+1") == 1
    assert g.state.objects[ids["Grizzly Bears"]].counters.get("+1/+1") == 1
    assert len(g.state.players[0].hand) == hand - 1 + 1        # the Patron cast, one card drawn
