"""'Target creature without flying that's attacking you', 'creatures attacking you': an attacking creature whose
controller declared it attacking the player (508.1b), not a planeswalker; also as it last existed (603.10a), as are
"an attacking Kithkin or Elf is put into your graveyard" and "a blocking creature dies". Played from real cards'
wording."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, Choose, DeclareBlockers, PassPriority
from tests.engine.driving import attack, cast_and_settle, preferring, resolve_stack, table, until_blockers
from tests.oracle.conftest import record

GIANT_TRAP_DOOR_SPIDER = record("Giant Trap Door Spider", "{1}{R}{G}", "Creature — Spider",
                                "{1}{R}{G}, {T}: Exile Giant Trap Door Spider and target creature without flying "
                                "that's attacking you.", "2/3")
WATCHDOG = record("Watchdog", "{3}", "Artifact Creature — Dog",
                  "Watchdog blocks each combat if able.\nAs long as Watchdog is untapped, all creatures attacking you "
                  "get -1/-0.", "1/2")


@pytest.mark.rules("508.1b", "115.1")
def test_giant_trap_door_spider_exiles_a_creature_without_flying_attacking_you(extra_cards):
    extra_cards(GIANT_TRAP_DOOR_SPIDER, fully_read=True)
    g, ids = table(["Grizzly Bears", "Serra Angel", "Hill Giant"],
                   ["Giant Trap Door Spider", "Mountain", "Forest", "Forest"])
    bears, angel, giant = ids["Grizzly Bears"], ids["Serra Angel"], ids["Hill Giant"]
    spider = ids["B:Giant Trap Door Spider"]
    attack(g, bears, angel)
    while g.pending.kind is not DecisionKind.PRIORITY or g.pending.player != 1:
        g.apply(PassPriority(g.pending.player))
    for illegal in (giant, angel):            # not attacking; flying
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(1, spider, 0, targets=((illegal,),)))
    g.apply(ActivateAbility(1, spider, 0, targets=((bears,),)))
    resolve_stack(g)
    exiled = {g.characteristics(o).name for o in g.state.exile}
    assert exiled == {"Grizzly Bears", "Giant Trap Door Spider"}
    assert angel in g.state.battlefield and giant in g.state.battlefield


@pytest.mark.rules("508.1b", "611.3a")
def test_watchdog_weakens_the_creatures_attacking_you_while_untapped(extra_cards):
    extra_cards(WATCHDOG, fully_read=True)
    g, ids = table(["Grizzly Bears", "Hill Giant"], ["Watchdog"])
    bears, giant, dog = ids["Grizzly Bears"], ids["Hill Giant"], ids["B:Watchdog"]
    attack(g, bears)
    assert g.characteristics(bears).power == 1 and g.characteristics(giant).power == 3
    g.state.objects[dog].tapped = True
    g.state.invalidate()
    assert g.characteristics(bears).power == 2


KITHKIN_MOURNCALLER = record("Kithkin Mourncaller", "{2}{G}", "Creature — Kithkin Scout",
                             "Whenever an attacking Kithkin or Elf is put into your graveyard from the battlefield, you "
                             "may draw a card.", "2/2")


@pytest.mark.rules("603.10a", "508.1k")
def test_an_attacking_elf_put_into_your_graveyard_draws_a_card_and_one_at_home_doesnt(extra_cards):
    extra_cards(KITHKIN_MOURNCALLER, fully_read=True)
    g, ids = table(["Kithkin Mourncaller", "Llanowar Elves", "Elvish Mystic", "Mountain"], ["Hill Giant"],
                   hand_a=["Shock"])
    hand = len(g.state.players[0].hand)
    cast_and_settle(g, ids["Shock"], targets=((ids["Elvish Mystic"],),), answer=preferring("yes"))
    assert ids["Elvish Mystic"] not in g.state.battlefield
    assert len(g.state.players[0].hand) == hand - 1, "an Elf that wasn't attacking: no trigger"
    attack(g, ids["Llanowar Elves"])
    until_blockers(g)
    g.apply(DeclareBlockers(1, {ids["B:Hill Giant"]: [ids["Llanowar Elves"]]}))
    while g.state.step is not Step.END_OF_COMBAT:       # combat damage, the trigger, its "you may"
        d = g.pending
        g.apply(Choose(d.player, preferring("yes")(d)) if d.kind is DecisionKind.CHOOSE else PassPriority(d.player))
    assert ids["Llanowar Elves"] not in g.state.battlefield
    assert len(g.state.players[0].hand) == hand, "the attacking Elf died: a card drawn"
