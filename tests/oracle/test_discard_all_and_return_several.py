"""Cards taken from a hand, and several permanents returned to it: "Target player reveals their hand and discards all
nonland cards" (701.20a, 701.9a: every card of that kind, none chosen), "Target opponent exiles two cards from their
hand" (that player chooses; an exile, not a discard), "Return two lands you control to their owner's hand" (chosen as
it resolves, not targeted: 608.2c). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind
from engine.core.player_actions import CastSpell, Choose
from engine.oracle import compile_card
from tests.engine.driving import activate_and_resolve, both_pass, cast_and_resolve, resolve_stack, table
from tests.oracle.conftest import record

AMNESIA = record("Amnesia", "{3}{U}{U}{U}", "Sorcery", "Target player reveals their hand and discards all nonland cards.")
TRAPFINDERS_TRICK = record("Trapfinder's Trick", "{1}{U}", "Sorcery",
                           "Target player reveals their hand and discards all Trap cards.")
KHALNI_GEM = record("Khalni Gem", "{4}", "Artifact",
                    "When Khalni Gem enters the battlefield, return two lands you control to their owner's hand.\n"
                    "{T}: Add two mana of any one color.")
LETHARGY_TRAP = record("Lethargy Trap", "{3}{U}", "Instant — Trap",
                       "If three or more creatures are attacking, you may pay {U} rather than pay this spell's mana "
                       "cost.\nAttacking creatures get -3/-0 until end of turn.")
WITNESS_THE_END = record("Witness the End", "{3}{B}", "Sorcery",
                         "Devoid (This card has no color.)\nTarget opponent exiles two cards from their hand and loses "
                         "2 life.")
RAG_MAN = record("Rag Man", "{2}{B}{B}", "Creature — Human Minion",
                 "{B}{B}{B}, {T}: Target opponent reveals their hand and discards a creature card at random. Activate "
                 "only during your turn.", "2/1")
DUST_ELEMENTAL = record("Dust Elemental", "{2}{W}{W}", "Creature — Elemental",
                        "Flash\nFlying; fear\nWhen Dust Elemental enters the battlefield, return three creatures you "
                        "control to their owner's hand.", "6/6")


def _names(g, ids) -> list[str]:
    return sorted(g.characteristics(o).name for o in ids)


@pytest.mark.rules("701.20a", "701.9a")
def test_amnesia_discards_every_nonland_card_and_keeps_the_lands(extra_cards):
    extra_cards(AMNESIA)
    g, ids = table(["Island"] * 6, [], hand_a=["Amnesia"], hand_b=["Grizzly Bears", "Shock", "Forest", "Swamp"])
    events = cast_and_resolve(g, ids["Amnesia"], targets=(("P1",),))
    assert any(e.kind == "reveal" for e in events)
    assert _names(g, g.state.players[1].graveyard) == ["Grizzly Bears", "Shock"]
    assert _names(g, g.state.players[1].hand) == ["Forest", "Swamp"]


@pytest.mark.rules("701.9a", "205.3k")
def test_trapfinders_trick_discards_only_trap_cards(extra_cards):
    extra_cards(TRAPFINDERS_TRICK, LETHARGY_TRAP)
    g, ids = table(["Island"] * 2, [], hand_a=["Trapfinder's Trick"], hand_b=["Grizzly Bears", "Lethargy Trap"])
    cast_and_resolve(g, ids["Trapfinder's Trick"], targets=(("P1",),))
    assert _names(g, g.state.players[1].graveyard) == ["Lethargy Trap"]
    assert _names(g, g.state.players[1].hand) == ["Grizzly Bears"]


@pytest.mark.rules("603.3", "608.2c")
def test_khalni_gem_returns_two_lands_of_your_choice(extra_cards):
    extra_cards(KHALNI_GEM)
    g, ids = table(["Island", "Forest", "Swamp", "Mountain"], ["Plains"], hand_a=["Khalni Gem"])
    g.apply(CastSpell(0, ids["Khalni Gem"]))
    both_pass(g)            # the Gem resolves; its trigger goes on the stack
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0 and d.min == d.max == 2
    assert _names(g, d.options) == ["Forest", "Island", "Mountain", "Swamp"]      # not the opponent's Plains
    g.apply(Choose(0, tuple(o for o in d.options if g.characteristics(o).name in ("Island", "Swamp"))))
    resolve_stack(g)
    assert {"Island", "Swamp"} <= set(_names(g, g.state.players[0].hand))



@pytest.mark.rules("701.20a", "701.9a")
def test_rag_man_discards_a_creature_card_at_random(extra_cards):
    extra_cards(RAG_MAN)
    g, ids = table(["Rag Man", "Swamp", "Swamp", "Swamp"], [], hand_b=["Grizzly Bears", "Shock", "Forest"])
    g.state.objects[ids["Rag Man"]].sick = False
    activate_and_resolve(g, ids["Rag Man"], 0, targets=(("P1",),))
    assert _names(g, g.state.players[1].graveyard) == ["Grizzly Bears"]         # the only creature card
    assert _names(g, g.state.players[1].hand) == ["Forest", "Shock"]


def test_the_sentences_are_read():
    for card in (AMNESIA, TRAPFINDERS_TRICK, KHALNI_GEM, DUST_ELEMENTAL, WITNESS_THE_END, RAG_MAN):
        assert compile_card(card).unsupported == (), card["name"]



@pytest.mark.rules("406.2", "608.2c", "701.9a")
def test_witness_the_end_the_opponent_exiles_two_cards_of_their_choice(extra_cards):
    extra_cards(WITNESS_THE_END)
    g, ids = table(["Swamp"] * 4, [], hand_a=["Witness the End"], hand_b=["Grizzly Bears", "Shock", "Forest"])
    g.apply(CastSpell(0, ids["Witness the End"], targets=(("P1",),)))
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 1 and d.min == d.max == 2     # the opponent chooses
    g.apply(Choose(1, (ids["B:Grizzly Bears"], ids["B:Forest"])))
    resolve_stack(g)
    assert _names(g, g.state.exile) == ["Forest", "Grizzly Bears"]
    assert _names(g, g.state.players[1].hand) == ["Shock"]
    assert g.state.players[1].graveyard == []           # exiled, not discarded
    assert g.state.players[1].life == 18
