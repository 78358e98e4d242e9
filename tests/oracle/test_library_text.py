"""Looking at and revealing the top cards of a library, then choosing among them (engine.oracle.library_text;
401.4, 701.20): each wording compiled into one LookAtTop effect, then played with real cards."""
from __future__ import annotations

import pytest

from engine.core.abilities import Amount, Filter, Ref
from engine.core.effect_types import LookAtTop, LookPick
from engine.core.enums import Zone
from engine.core.player_actions import ActivateAbility, CastSpell, Choose
from tests.engine.driving import pass_while_priority, resolve_stack, table
from tests.oracle.conftest import record

YOU = Ref("you")
CREATURE = Filter(types=frozenset({"Creature"}))
LAND = Filter(types=frozenset({"Land"}))


def effects_of(card, text):
    d = card("Look Test", "{U}", "Sorcery", text)
    assert d.supported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("701.20a", "401.4")
@pytest.mark.parametrize("text,effect", [
    ("Look at the top four cards of your library. You may reveal a creature card from among them and put it into "
     "your hand. Put the rest on the bottom of your library in a random order.",
     LookAtTop(YOU, Amount.const(4), picks=(LookPick("hand", 1, 0, CREATURE, reveal=True),), rest="library_bottom",
               rest_random=True)),
    ("Look at the top three cards of your library. Put one of them into your hand and the rest on the bottom of "
     "your library in any order.",
     LookAtTop(YOU, Amount.const(3), picks=(LookPick("hand", 1, 1),), rest="library_bottom")),
    ("Look at the top three cards of your library, then put one of them into your hand and the rest into your "
     "graveyard.",
     LookAtTop(YOU, Amount.const(3), picks=(LookPick("hand", 1, 1),), rest="graveyard")),
    ("Reveal the top four cards of your library. Put all Goblin cards revealed this way into your hand and the rest "
     "on the bottom of your library in any order.",
     LookAtTop(YOU, Amount.const(4), reveal=True, picks=(LookPick("hand", 99, 0, Filter(subtypes=frozenset({"Goblin"})),
                                                                  every=True),), rest="library_bottom")),
    ("Reveal the top four cards of your library. You may put a creature card and/or a land card from among them "
     "into your hand. Put the rest into your graveyard.",
     LookAtTop(YOU, Amount.const(4), reveal=True, picks=(LookPick("hand", 1, 0, CREATURE), LookPick("hand", 1, 0, LAND)),
               rest="graveyard")),
    ("Look at the top seven cards of your library. Put up to two land cards from among them onto the battlefield "
     "tapped. Put the rest on the bottom of your library in a random order.",
     LookAtTop(YOU, Amount.const(7), picks=(LookPick("battlefield", 2, 0, LAND, tapped=True),), rest="library_bottom",
               rest_random=True)),
    ("Look at the top five cards of your library. Put any number of them into your graveyard and the rest back on "
     "top of your library in any order.",
     LookAtTop(YOU, Amount.const(5), picks=(LookPick("graveyard", 99, 0),), rest="library_top")),
    ("Look at the top X cards of your library, where X is the number of basic land types among lands you control. "
     "Put one of those cards into your hand and the rest on the bottom of your library in any order.",
     LookAtTop(YOU, Amount("domain"), picks=(LookPick("hand", 1, 1),), rest="library_bottom")),
    ("Look at the top card of target player's library.", LookAtTop(Ref("target", 0), Amount.const(1))),
])
def test_look_wordings(card, text, effect):
    assert effects_of(card, text) == (effect,)


@pytest.mark.rules("701.20a")
@pytest.mark.parametrize("text", [
    # "exile one face down" and "that card" name what no pick reads yet: the card stays unread.
    "Look at the top four cards of your library, exile one face down, then put the rest on the bottom of your "
    "library in any order.",
    "Look at the top three cards of your library. Put the rest on the bottom of your library sideways.",
])
def test_unread_look_wordings(card, text):
    assert card("Look Test", "{U}", "Sorcery", text).unsupported


@pytest.mark.rules("701.20a", "401.4")
def test_cartographers_survey_puts_lands_tapped_and_the_rest_on_the_bottom(extra_cards):
    extra_cards(record("Cartographer's Survey", "{3}{G}", "Sorcery",
                       "Look at the top seven cards of your library. Put up to two land cards from among them onto the "
                       "battlefield tapped. Put the rest on the bottom of your library in a random order."))
    g, ids = table(["Forest", "Forest", "Forest", "Forest"], [], ["Cartographer's Survey"])
    lib = g.state.players[0].library
    del lib[:]
    for name in reversed(("Island", "Grizzly Bears", "Shock", "Forest", "Lightning Bolt", "Counterspell", "Plains",
                          "Swamp")):
        g.add_card(name, 0, Zone.LIBRARY)                       # the last added, "Island", is the top card
    g.apply(CastSpell(0, ids["Cartographer's Survey"]))
    pass_while_priority(g)
    d = g.pending
    names = sorted(g.characteristics(o).name for o in d.options)
    assert names == ["Forest", "Island", "Plains"]                  # lands among the top seven only
    assert (d.min, d.max) == (0, 2)
    g.apply(Choose(0, tuple(o for o in d.options if g.characteristics(o).name in ("Island", "Plains"))))
    resolve_stack(g)
    tapped = [g.characteristics(o).name for o in g.state.battlefield if g.state.objects[o].tapped]
    assert sorted(tapped) == ["Forest"] * 4 + ["Island", "Plains"]     # four Forests paid for the spell
    # The five others went under the Swamp, which was eighth and is now on top.
    assert g.characteristics(g.state.players[0].library[-1]).name == "Swamp"
    assert sorted(g.characteristics(o).name for o in g.state.players[0].library[:5]) == [
        "Counterspell", "Forest", "Grizzly Bears", "Lightning Bolt", "Shock"]


@pytest.mark.rules("701.20a", "401.4", "608.2c")
def test_ashnods_cylix_the_target_player_keeps_one_on_top_and_exiles_the_rest(extra_cards):
    extra_cards(record("Ashnod's Cylix", "{2}", "Artifact",
                       "{3}, {T}: Target player looks at the top three cards of their library, puts one of them back on "
                       "top of their library, then exiles the rest."))
    g, ids = table(["Ashnod's Cylix", "Island", "Island", "Island"])
    lib = g.state.players[1].library
    del lib[:]
    for name in reversed(("Shock", "Grizzly Bears", "Counterspell", "Plains")):
        g.add_card(name, 1, Zone.LIBRARY)                       # "Shock" on top
    g.apply(ActivateAbility(0, ids["Ashnod's Cylix"], 0, targets=(("P1",),)))
    pass_while_priority(g)
    d = g.pending
    assert d.player == 1, "the target player chooses among the cards they look at"
    assert sorted(g.characteristics(o).name for o in d.options) == ["Counterspell", "Grizzly Bears", "Shock"]
    assert (d.min, d.max) == (1, 1)
    g.apply(Choose(1, tuple(o for o in d.options if g.characteristics(o).name == "Grizzly Bears")))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in lib] == ["Plains", "Grizzly Bears"]
    assert sorted(g.characteristics(o).name for o in g.state.exile) == ["Counterspell", "Shock"]


@pytest.mark.rules("401.5", "608.2c")
@pytest.mark.parametrize("mill", [True, False])
def test_eat_to_extinction_may_put_the_card_looked_at_into_the_graveyard(extra_cards, mill):
    """ "Look at the top card of your library. You may put that card into your graveyard.": the one card looked at;
    left, it stays on top."""
    extra_cards(record("Eat to Extinction", "{3}{B}", "Instant",
                       "Exile target creature or planeswalker. Look at the top card of your library. You may put that "
                       "card into your graveyard."), fully_read=True)
    g, ids = table(["Swamp"] * 4, ["Serra Angel"], ["Eat to Extinction"])
    top = g.state.players[0].library[-1]
    g.apply(CastSpell(0, ids["Eat to Extinction"], targets=((ids["B:Serra Angel"],),)))
    pass_while_priority(g)
    d = g.pending
    assert d.player == 0 and list(d.options) == [top] and (d.min, d.max) == (0, 1)
    g.apply(Choose(0, (top,) if mill else ()))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in g.state.exile] == ["Serra Angel"]
    assert [g.characteristics(o).name for o in g.state.players[0].graveyard] == (
        ["Plains", "Eat to Extinction"] if mill else ["Eat to Extinction"])     # the spell last (608.2n)
    assert (g.state.players[0].library[-1] == top) != mill


@pytest.mark.rules("701.20a", "608.2c")
def test_enshrined_memories_puts_every_creature_revealed_into_the_hand(extra_cards):
    extra_cards(record("Enshrined Memories", "{X}{G}", "Sorcery",
                       "Reveal the top X cards of your library. Put all creature cards revealed this way into your hand "
                       "and the rest on the bottom of your library in any order."))
    g, ids = table(["Forest", "Forest", "Forest", "Forest"], [], ["Enshrined Memories"])
    lib = g.state.players[0].library
    del lib[:]
    for name in reversed(("Grizzly Bears", "Shock", "Llanowar Elves", "Plains")):
        g.add_card(name, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Enshrined Memories"], x=3))
    events = resolve_stack(g)
    # No choice of which creatures: both go; the Shock alone goes to the bottom (no order to ask).
    hand = sorted(g.characteristics(o).name for o in g.state.players[0].hand)
    assert hand == ["Grizzly Bears", "Llanowar Elves"]
    assert [g.characteristics(o).name for o in g.state.players[0].library] == ["Shock", "Plains"]
    assert [e.data["cards"] for e in events if e.kind == "reveal"] != []


@pytest.mark.rules("701.23a", "201.2")
@pytest.mark.parametrize("text,found", [
    ("You may search your library for up to three cards named Search Test, reveal them, put them into your hand, then "
     "shuffle.", (3, "hand", False, True, True)),
    ("Search your library for up to two basic land cards, put them onto the battlefield, then shuffle.",
     (2, "battlefield", False, False, False)),
    ("Search your library for a basic Island, Swamp, or Mountain card, put it onto the battlefield tapped, then shuffle.",
     (1, "battlefield", True, False, False)),
    ("Target player searches their library for a basic land card, puts it onto the battlefield tapped, then shuffles.",
     (1, "battlefield", True, False, False)),
    ("Search your library for a creature card, reveal it, then shuffle and put that card on top.",
     (1, "library_top", False, True, False)),
])
def test_search_wordings(card, text, found):
    (e,) = effects_of_named(card, "Search Test", text)
    assert (e.max, e.to, e.tapped, e.reveal, e.optional) == found


@pytest.mark.rules("701.23a")
def test_search_filters_read_from_the_text(card):
    (named,) = effects_of_named(card, "Search Test", "Search your library for a card named Search Test, reveal it, "
                                "put it into your hand, then shuffle.")
    assert named.filter == Filter(name="Search Test")
    (lands,) = effects_of_named(card, "Search Test", "Search your library for a basic Island, Swamp, or Mountain card, "
                                "put it onto the battlefield tapped, then shuffle.")
    assert lands.filter.subtypes == frozenset({"Island", "Swamp", "Mountain"})


def effects_of_named(card, name, text):
    d = card(name, "{G}", "Sorcery", text)
    assert d.supported, d.unsupported
    return d.spell.modes[0].effects


@pytest.mark.rules("113.6m", "602.1a", "701.20a")
def test_waker_of_waves_works_from_the_hand(extra_cards):
    # "{1}{U}, Discard Waker of Waves: Look at the top two cards of your library. Put one of them into your hand
    # and the other into your graveyard." (M21): a cost that discards the card makes the ability work from the hand.
    extra_cards("Waker of Waves")
    g, ids = table(["Island", "Island"], [], ["Waker of Waves"])
    lib = g.state.players[0].library
    del lib[:]
    for name in ("Forest", "Shock", "Grizzly Bears"):
        g.add_card(name, 0, Zone.LIBRARY)           # Grizzly Bears on top, then Shock
    g.apply(ActivateAbility(0, ids["Waker of Waves"], 0))
    pass_while_priority(g)
    shock = next(o for o in g.pending.options if g.characteristics(o).name == "Shock")
    g.apply(Choose(0, (shock,)))
    resolve_stack(g)
    p = g.state.players[0]
    assert sorted(g.characteristics(o).name for o in p.hand) == ["Shock"]
    assert sorted(g.characteristics(o).name for o in p.graveyard) == ["Grizzly Bears", "Waker of Waves"]
    assert [g.characteristics(o).name for o in p.library] == ["Forest"]
