"""Variants of keywords the engine plays, read from real cards and played: landwalk of a supertype and land type
("snow swampwalk", "snow landwalk", 702.14c), equip of a quality ("Equip Knight {1}", 702.6c), typecycling of any
type ("Wizardcycling {3}", "Artifact landcycling {2}", 702.29e) and "Partner with [name]"'s trigger (702.124j)."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, attack, can_block, pass_while_priority, resolve_stack, table, until_blockers
from tests.oracle.conftest import record
from tests.oracle.test_library_moves import choose_named, names, stack_library

LEGIONS_OF_LIM_DUL = record("Legions of Lim-Dûl", "{1}{B}{B}", "Creature — Zombie",
                            "Snow swampwalk (This creature can't be blocked as long as defending player controls a snow "
                            "Swamp.)", "2/3")
ZOMBIE_MUSHER = record("Zombie Musher", "{3}{B}", "Snow Creature — Zombie",
                       "Snow landwalk (This creature can't be blocked as long as defending player controls a snow land.)"
                       "\n{S}: Regenerate Zombie Musher. ({S} can be paid with one mana from a snow source.)", "2/3")
SNOW_COVERED_SWAMP = record("Snow-Covered Swamp", None, "Basic Snow Land — Swamp", "({T}: Add {B}.)")
STEELCLAW_LANCE = record("Steelclaw Lance", "{B}{R}", "Artifact — Equipment",
                         "Equipped creature gets +2/+2.\nEquip Knight {1}\nEquip {3}")
VEDALKEN_AETHERMAGE = record("Vedalken Aethermage", "{1}{U}", "Creature — Vedalken Wizard",
                             "Flash (You may cast this spell any time you could cast an instant.)\nWhen Vedalken "
                             "Aethermage enters the battlefield, return target Sliver to its owner's hand.\nWizardcycling "
                             "{3} ({3}, Discard this card: Search your library for a Wizard card, reveal it, put it into "
                             "your hand, then shuffle.)", "1/2")
SOJOURNERS_COMPANION = record("Sojourner's Companion", "{7}", "Artifact Creature — Salamander",
                              "Affinity for artifacts\nArtifact landcycling {2} ({2}, Discard this card: Search your "
                              "library for an artifact land card, reveal it, put it into your hand, then shuffle.)", "4/4")
KRAV = record("Krav, the Unredeemed", "{4}{B}", "Legendary Creature — Demon",
              "Partner with Regna, the Redeemer (When this creature enters the battlefield, target player may put Regna "
              "into their hand from their library, then shuffle.)\n{B}, Sacrifice X creatures: Target player draws X "
              "cards and gains X life. Put X +1/+1 counters on Krav, the Unredeemed.", "3/3")
REGNA = record("Regna, the Redeemer", "{5}{W}", "Legendary Creature — Angel",
               "Partner with Krav, the Unredeemed (When this creature enters the battlefield, target player may put Krav "
               "into their hand from their library, then shuffle.)\nFlying\nAt the beginning of each end step, if your "
               "team gained life this turn, create two 1/1 white Warrior creature tokens.", "4/4")


@pytest.mark.rules("702.14a", "702.14c", "509.1b")
@pytest.mark.parametrize("walker", ["Legions of Lim-Dûl", "Zombie Musher"])
def test_snow_landwalk_needs_a_snow_land_of_that_type(extra_cards, walker):
    extra_cards(LEGIONS_OF_LIM_DUL, ZOMBIE_MUSHER, SNOW_COVERED_SWAMP, fully_read=True)
    for lands, blockable in ((["Swamp"], True), (["Snow-Covered Swamp"], False)):
        g, ids = table([walker], ["Grizzly Bears", *lands])
        attack(g, ids[walker])
        until_blockers(g)
        assert can_block(g, ids["B:Grizzly Bears"], ids[walker]) is blockable


@pytest.mark.rules("702.6c", "702.6a")
def test_equip_knight_targets_only_a_knight_you_control(extra_cards):
    extra_cards(STEELCLAW_LANCE, fully_read=True)
    g, ids = table(["Steelclaw Lance", "Youthful Knight", "Grizzly Bears", "Plains", "Plains", "Plains", "Plains"],
                   ["Black Knight"])
    lance, knight, bears = ids["Steelclaw Lance"], ids["Youthful Knight"], ids["Grizzly Bears"]
    for other in (bears, ids["B:Black Knight"]):
        with pytest.raises(IllegalAction):
            g.apply(ActivateAbility(0, lance, 0, targets=((other,),)))
    activate_and_resolve(g, lance, 0, targets=((knight,),))
    assert g.state.objects[lance].attached_to == knight
    assert g.characteristics(knight).power == 4
    activate_and_resolve(g, lance, 1, targets=((bears,),))       # Equip {3}: any creature you control
    assert g.state.objects[lance].attached_to == bears


@pytest.mark.rules("702.29e", "702.29a", "701.23a")
@pytest.mark.parametrize("cycler,kind,found", [
    ("Vedalken Aethermage", "Island", "Prodigal Sorcerer"),
    ("Sojourner's Companion", "Island", "Seat of the Synod"),
])
def test_typecycling_of_any_type_finds_a_card_of_it(extra_cards, cycler, kind, found):
    extra_cards(VEDALKEN_AETHERMAGE, SOJOURNERS_COMPANION, fully_read=True)
    extra_cards(record("Seat of the Synod", None, "Artifact Land", "({T}: Add {U}.)"))
    g, ids = table([kind] * 3, [], [cycler])
    stack_library(g, 0, ["Plains", found, "Grizzly Bears", "Mountain"])
    g.apply(ActivateAbility(0, ids[cycler], 0))
    assert names(g, g.state.players[0].graveyard) == [cycler]          # discarded as the cost
    pass_while_priority(g)
    assert names(g, g.pending.options) == [found]
    choose_named(g, found)
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == [found]


@pytest.mark.rules("702.124j", "701.23a")
def test_partner_with_searches_for_the_partner(extra_cards):
    extra_cards(KRAV, fully_read=True)
    extra_cards(REGNA)
    g, ids = table(["Swamp"] + ["Plains"] * 4, [], ["Krav, the Unredeemed"])
    stack_library(g, 0, ["Plains", "Regna, the Redeemer", "Grizzly Bears"])
    g.apply(CastSpell(0, ids["Krav, the Unredeemed"]))
    resolve_stack(g)
    trigger = compile_card(KRAV).triggered[0]
    assert trigger.mode.targets[0].kind == "player"
    pass_while_priority(g)
    assert list(g.pending.options) == ["P0", "P1"]                   # the trigger's target: any player
    g.apply(Choose(0, ("P0",)))
    while g.pending.kind is not DecisionKind.CHOOSE:
        pass_while_priority(g)
    assert names(g, g.pending.options) == ["Regna, the Redeemer"]
    choose_named(g, "Regna, the Redeemer")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Regna, the Redeemer"]
