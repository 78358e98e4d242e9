"""The X of a spell's or ability's cost read by its targets and filters (107.3a, 601.2b-c): "X target
creatures" (X targets, X chosen first) and "with mana value X or less", played with real cards."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.errors import IllegalAction
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, PassPriority
from tests.engine.driving import resolve_stack, table
from tests.oracle.conftest import record

WORD_OF_BINDING = record("Word of Binding", "{X}{B}{B}", "Sorcery", "Tap X target creatures.")
CANDELABRA = record("Candelabra of Tawnos", "{1}", "Artifact", "{X}, {T}: Untap X target lands.")
GREEN_SUNS_ZENITH = record("Green Sun's Zenith", "{X}{G}", "Sorcery",
                           "Search your library for a green creature card with mana value X or less, put it onto the "
                           "battlefield, then shuffle. Shuffle Green Sun's Zenith into its owner's library.")
FORCED_MARCH = record("Forced March", "{X}{B}{B}{B}", "Sorcery", "Destroy all creatures with mana value X or less.")


@pytest.mark.rules("601.2b", "601.2c", "107.3a")
def test_word_of_binding_taps_exactly_x_target_creatures(extra_cards):
    extra_cards(WORD_OF_BINDING)
    g, ids = table(["Swamp"] * 4, ["Grizzly Bears", "Hill Giant", "Goblin Piker"], ["Word of Binding"])
    bears, giant, piker = ids["B:Grizzly Bears"], ids["B:Hill Giant"], ids["B:Goblin Piker"]
    with pytest.raises(IllegalAction):
        g.apply(CastSpell(0, ids["Word of Binding"], targets=(bears,), x=2))     # X is 2: two targets
    # Every cast offered has as many targets as its X.
    offered = [a for a in g.legal_actions() if isinstance(a, CastSpell)]
    assert offered and all(len(a.targets) == a.x for a in offered)
    assert {a.x for a in offered} == {0, 1, 2}
    g.apply(CastSpell(0, ids["Word of Binding"], targets=(bears, giant), x=2))
    resolve_stack(g)
    tapped = {o for o in (bears, giant, piker) if g.state.objects[o].tapped}
    assert tapped == {bears, giant}


@pytest.mark.rules("601.2b", "601.2c", "602.2b")
def test_candelabra_of_tawnos_untaps_x_target_lands(extra_cards):
    extra_cards(CANDELABRA)
    g, ids = table(["Candelabra of Tawnos", "Island", "Forest", "Swamp", "Mountain"], [], [])
    island, forest, swamp = ids["Island"], ids["Forest"], ids["Swamp"]
    for land in (forest, swamp):
        g.state.objects[land].tapped = True
    offered = [a for a in g.legal_actions() if isinstance(a, ActivateAbility) and a.source == ids["Candelabra of Tawnos"]]
    assert offered and all(len(a.targets) == a.x for a in offered)
    # X = 2, paid with the Island and the Mountain; the Forest and the Swamp untap.
    g.apply(ActivateAbility(0, ids["Candelabra of Tawnos"], 0, targets=(forest, swamp), x=2))
    resolve_stack(g)
    assert not g.state.objects[forest].tapped and not g.state.objects[swamp].tapped
    assert g.state.objects[island].tapped


@pytest.mark.rules("107.3a", "701.23a")
def test_green_suns_zenith_finds_a_green_creature_of_mana_value_x_or_less(extra_cards):
    extra_cards(GREEN_SUNS_ZENITH)
    g, ids = table(["Forest"] * 3, [], ["Green Sun's Zenith"])
    lib = g.state.players[0].library
    del lib[:]
    for name in ("Llanowar Elves", "Grizzly Bears", "Craw Wurm", "Goblin Piker", "Forest"):
        g.add_card(name, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Green Sun's Zenith"], x=2))
    while g.pending.kind is DecisionKind.PRIORITY:
        g.apply(PassPriority(g.pending.player))
    d = g.pending
    names = sorted(g.characteristics(o).name for o in d.options)
    assert names == ["Grizzly Bears", "Llanowar Elves"]       # no Craw Wurm (6), no red Piker
    g.apply(Choose(0, tuple(o for o in d.options if g.characteristics(o).name == "Grizzly Bears")))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in g.state.battlefield if g.characteristics(o).is_creature] == ["Grizzly Bears"]
    assert ids["Green Sun's Zenith"] not in g.state.players[0].graveyard


@pytest.mark.rules("107.3a")
def test_forced_march_destroys_creatures_of_mana_value_x_or_less(extra_cards):
    extra_cards(FORCED_MARCH)
    g, ids = table(["Swamp"] * 5, ["Llanowar Elves", "Grizzly Bears", "Hill Giant"], ["Forced March"])
    g.apply(CastSpell(0, ids["Forced March"], x=2))
    resolve_stack(g)
    left = sorted(g.characteristics(o).name for o in g.state.battlefield if g.characteristics(o).is_creature)
    assert left == ["Hill Giant"]


@pytest.mark.rules("107.3a", "601.2c")
@pytest.mark.parametrize("cost,type_line,text", [
    # Without an X in the cost there is no X chosen for the filter, the target's or the count.
    ("{2}{U}", "Creature — Spirit", "{T}: Return target creature with mana value X or less to its owner's hand."),
    ("{3}{B}", "Sorcery", "Destroy all creatures with mana value X or less."),
    ("{3}{U}", "Sorcery", "Tap X target creatures."),
    # X said by another sentence is not the cost's.
    ("{X}{G}", "Sorcery", "Reveal the top X cards of your library, where X is the number of cards in your hand. "
                          "You may put a creature card with mana value X or less from among them onto the battlefield."),
])
def test_x_without_the_cost_x_is_not_read(card, cost, type_line, text):
    assert card("X Test", cost, type_line, text).unsupported
