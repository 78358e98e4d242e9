"""Where revealed, looked-at and searched-for cards go (engine.oracle.library_text, zones_text, verbs;
401, 608.2c, 701.20, 701.23, 701.24): each wording played with a real card's text through the engine."""
from __future__ import annotations

import pytest

from engine.core.enums import Zone
from engine.core.enums import DecisionKind
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import on_battlefield, resolve_stack, table
from tests.oracle.conftest import record


def stack_library(g, player, names):
    """Replaces a library: the first name ends on top."""
    lib = g.state.players[player].library
    del lib[:]
    for name in reversed(names):
        g.add_card(name, player, Zone.LIBRARY)


def names(g, ids):
    return sorted(g.characteristics(o).name for o in ids)


ZOOLOGIST = record("Zoologist", "{3}{G}", "Creature — Human Druid",
                   "{3}{G}, {T}: Reveal the top card of your library. If it's a creature card, put it onto the "
                   "battlefield. Otherwise, put it into your graveyard.", "1/2")


@pytest.mark.rules("608.2c", "701.20a")
@pytest.mark.parametrize("top,battlefield,graveyard", [
    ("Grizzly Bears", ["Grizzly Bears", "Zoologist"], []),
    ("Shock", ["Zoologist"], ["Shock"]),
])
def test_zoologist_puts_the_revealed_card_onto_the_battlefield_or_otherwise_into_the_graveyard(
        extra_cards, top, battlefield, graveyard):
    extra_cards(ZOOLOGIST)
    g, ids = table(["Zoologist", "Forest", "Forest", "Forest", "Forest"], [])
    stack_library(g, 0, [top, "Plains"])
    g.apply(ActivateAbility(0, ids["Zoologist"], 0))
    resolve_stack(g)
    creatures = [o for o in g.state.battlefield if g.state.objects[o].owner == 0
                 and "Creature" in g.characteristics(o).types]
    # "it" is the revealed card, not Zoologist (already on the battlefield)
    assert names(g, creatures) == battlefield
    assert names(g, g.state.players[0].graveyard) == graveyard
    assert names(g, g.state.players[0].library) == ["Plains"]
    assert len(on_battlefield(g, "Zoologist")) == 1


def pass_until_asked(g):
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))


def choose_named(g, *wanted):
    g.apply(Choose(g.pending.player, tuple(o for o in g.pending.options if g.characteristics(o).name in wanted)))


@pytest.mark.rules("701.20a", "401.4", "608.2c")
def test_bounty_of_skemfar_makes_two_choices_each_with_its_destination(extra_cards):
    extra_cards(record("Bounty of Skemfar", "{2}{G}", "Sorcery",
                       "Reveal the top six cards of your library. You may put a land card from among them onto the "
                       "battlefield tapped and an Elf card from among them into your hand. Put the rest on the bottom "
                       "of your library in a random order."))
    g, ids = table(["Forest", "Forest", "Forest"], [], ["Bounty of Skemfar"])
    stack_library(g, 0, ["Shock", "Llanowar Elves", "Island", "Grizzly Bears", "Forest", "Plains", "Swamp"])
    g.apply(CastSpell(0, ids["Bounty of Skemfar"]))
    pass_until_asked(g)
    assert names(g, g.pending.options) == ["Forest", "Island", "Plains"]      # the lands first
    choose_named(g, "Island")
    assert names(g, g.pending.options) == ["Llanowar Elves"]                  # then an Elf
    choose_named(g, "Llanowar Elves")
    resolve_stack(g)
    p = g.state.players[0]
    assert names(g, p.hand) == ["Llanowar Elves"]
    (island,) = on_battlefield(g, "Island")
    assert g.state.objects[island].tapped
    # the four others under the Swamp, which was seventh
    assert g.characteristics(p.library[-1]).name == "Swamp"
    assert names(g, p.library[:4]) == ["Forest", "Grizzly Bears", "Plains", "Shock"]


@pytest.mark.rules("701.20a", "401.4")
def test_militia_bugler_offers_only_creatures_with_power_two_or_less(extra_cards):
    extra_cards(record("Militia Bugler", "{2}{W}", "Creature — Human Soldier",
                       "Vigilance\nWhen Militia Bugler enters the battlefield, look at the top four cards of your "
                       "library. You may reveal a creature card with power 2 or less from among them and put it into "
                       "your hand. Put the rest on the bottom of your library in a random order.", "2/3"))
    g, ids = table(["Plains", "Plains", "Plains"], [], ["Militia Bugler"])
    stack_library(g, 0, ["Serra Angel", "Grizzly Bears", "Shock", "Llanowar Elves", "Plains"])
    g.apply(CastSpell(0, ids["Militia Bugler"]))
    pass_until_asked(g)
    assert names(g, g.pending.options) == ["Grizzly Bears", "Llanowar Elves"]     # not the 4/4 Serra Angel
    choose_named(g, "Grizzly Bears")
    resolve_stack(g)
    assert names(g, g.state.players[0].hand) == ["Grizzly Bears"]
    assert g.characteristics(g.state.players[0].library[-1]).name == "Plains"
