"""Searches and what they find (701.23): "Search your library for an instant card and/or a sorcery card, reveal them,
put them into your hand, then shuffle" (up to one card of each; either may not be found, 701.23b), "search your library
for a card with flashback or disturb" (a card with either keyword), "Search target player's library for up to three cards
with flashback and put them into that player's graveyard. Then the player shuffles." ("the player": the one named
before), "Search target player's library for X cards, where X is the number of cards in your hand, and exile them. Then
that player shuffles." Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import both_pass, resolve_stack, table
from tests.oracle.conftest import record

# the right half of Invert // Invent, as its own face
INVENT = record("Invent", "{4}{U}{R}", "Instant",
                "Search your library for an instant card and/or a sorcery card, reveal them, put them into your hand, "
                "then shuffle.")

PHANTOM_CARRIAGE = record("Phantom Carriage", "{4}{U}{U}", "Creature — Spirit",
                          "Flying\nWhen Phantom Carriage enters the battlefield, you may search your library for a card "
                          "with flashback or disturb, put it into your graveyard, then shuffle.", "4/4")
QUIET_SPECULATION = record("Quiet Speculation", "{1}{U}", "Sorcery",
                           "Search target player's library for up to three cards with flashback and put them into that "
                           "player's graveyard. Then the player shuffles.")
NEVERENDING_TORMENT = record("Neverending Torment", "{4}{B}{B}", "Sorcery",
                             "Search target player's library for X cards, where X is the number of cards in your hand, "
                             "and exile them. Then that player shuffles.\nEpic (For the rest of the game, you can't cast "
                             "spells. At the beginning of each of your upkeeps, copy this spell except for its epic "
                             "ability. You may choose a new target for the copy.)")
BAITHOOK_ANGLER = {
    "name": "Baithook Angler // Hook-Haunt Drifter", "manaCost": "{1}{U}", "colors": ["U"], "supertypes": [],
    "types": ["Creature"], "subtypes": ["Human", "Peasant", "Spirit"], "layout": "transform",
    "type": "Creature — Human Peasant // Creature — Spirit", "power": "2", "toughness": "1",
    "text": "Disturb {1}{U} (You may cast this card from your graveyard transformed for its disturb cost.)\n//\nFlying\n"
            "If Hook-Haunt Drifter would be put into a graveyard from anywhere, exile it instead.",
    "faces": [{"faceName": "Baithook Angler", "manaCost": "{1}{U}", "colors": ["U"], "supertypes": [],
               "types": ["Creature"], "subtypes": ["Human", "Peasant"], "type": "Creature — Human Peasant",
               "text": "Disturb {1}{U} (You may cast this card from your graveyard transformed for its disturb cost.)",
               "power": "2", "toughness": "1", "side": "a"},
              {"faceName": "Hook-Haunt Drifter", "colors": ["U"], "supertypes": [], "types": ["Creature"],
               "subtypes": ["Spirit"], "type": "Creature — Spirit", "power": "1", "toughness": "2", "side": "b",
               "text": "Flying\nIf Hook-Haunt Drifter would be put into a graveyard from anywhere, exile it instead."}]}


def _hand(g, p: int = 0) -> list[str]:
    return sorted(g.state.objects[o].name for o in g.state.players[p].hand)


@pytest.mark.rules("701.23a", "701.23b")
def test_invent_finds_an_instant_card_and_a_sorcery_card(extra_cards):
    extra_cards(INVENT)
    assert not compile_card(INVENT).unsupported
    g, ids = table(["Island"] * 4 + ["Mountain"] * 2, [], hand_a=["Invent"])
    for name in ("Lightning Bolt", "Divination", "Grizzly Bears", "Giant Growth"):
        ids[name] = g.add_card(name, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Invent"]))
    both_pass(g)
    while g.pending.kind is DecisionKind.CHOOSE:
        d = g.pending
        names = {g.state.objects[o].name for o in d.options if isinstance(o, int)}
        assert "Grizzly Bears" not in names                  # a creature card is neither
        choice = ids["Lightning Bolt"] if ids["Lightning Bolt"] in d.options else ids["Divination"]
        g.apply(Choose(0, (choice,)))
    resolve_stack(g)
    assert _hand(g) == ["Divination", "Lightning Bolt"]


@pytest.mark.rules("701.23a", "702.146a", "702.34a")
def test_phantom_carriage_finds_a_card_with_flashback_or_one_with_disturb(extra_cards):
    extra_cards(PHANTOM_CARRIAGE, BAITHOOK_ANGLER)
    assert not compile_card(PHANTOM_CARRIAGE).unsupported
    g, ids = table(["Island"] * 6, [], hand_a=["Phantom Carriage"])
    for name in ("Think Twice", "Baithook Angler // Hook-Haunt Drifter", "Grizzly Bears", "Lightning Bolt"):
        ids[name] = g.add_card(name, 0, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Phantom Carriage"]))
    both_pass(g)                                    # the creature spell resolves; its trigger goes on the stack
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE
    assert {o for o in d.options if isinstance(o, int)} == {ids["Think Twice"], ids["Baithook Angler // Hook-Haunt Drifter"]}
    g.apply(Choose(0, (ids["Baithook Angler // Hook-Haunt Drifter"],)))
    resolve_stack(g)
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Baithook Angler // Hook-Haunt Drifter"]


@pytest.mark.rules("701.23a", "701.24a")
def test_quiet_speculation_puts_flashback_cards_from_target_players_library_into_their_graveyard(extra_cards):
    extra_cards(QUIET_SPECULATION)
    assert not compile_card(QUIET_SPECULATION).unsupported
    g, ids = table(["Island", "Island"], [], hand_a=["Quiet Speculation"])
    for name in ("Think Twice", "Deep Analysis", "Grizzly Bears"):
        ids["B:" + name] = g.add_card(name, 1, Zone.LIBRARY)
    g.apply(CastSpell(0, ids["Quiet Speculation"], targets=(("P1",),)))
    events = both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0          # you search their library
    assert set(d.options) == {ids["B:Think Twice"], ids["B:Deep Analysis"]}
    events += g.apply(Choose(0, (ids["B:Think Twice"], ids["B:Deep Analysis"])))
    events += resolve_stack(g)
    assert sorted(g.state.objects[o].name for o in g.state.players[1].graveyard) == ["Deep Analysis", "Think Twice"]
    assert any(e.kind == "shuffle" and e.data.get("player") == 1 for e in events)


@pytest.mark.rules("701.23a", "701.24a", "608.2h")
def test_neverending_torment_exiles_as_many_cards_from_their_library_as_you_have_in_hand(extra_cards):
    extra_cards(NEVERENDING_TORMENT)
    assert not compile_card(NEVERENDING_TORMENT).unsupported
    g, ids = table(["Swamp"] * 6, [], hand_a=["Neverending Torment", "Plains", "Plains"])
    g.apply(CastSpell(0, ids["Neverending Torment"], targets=(("P1",),)))
    events = both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.max == 2      # two cards left in your hand
    events += g.apply(Choose(0, tuple(d.options[:2])))
    events += resolve_stack(g)
    assert len([o for o in g.state.exile if g.state.objects[o].owner == 1]) == 2
    assert any(e.kind == "shuffle" and e.data.get("player") == 1 for e in events)
