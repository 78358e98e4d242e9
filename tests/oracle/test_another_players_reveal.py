"""Cards another player reveals from their library, then chosen by you: "Target opponent reveals the top X cards of
their library. You may put a nonland permanent card with mana value X or less from among them onto the battlefield
under your control. That player puts the rest on the bottom of their library in a random order." (Lonis,
Cryptozoologist). The revealed cards are seen by every player (701.20a), the instruction after them is yours (you choose
and control what you put onto the battlefield), and the rest go to the bottom in a random order (401.4). Compiled from
the real card and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Zone
from engine.core.player_actions import ActivateAbility, Choose
from engine.oracle import compile_card
from engine.oracle.predefined_tokens import predefined_token
from tests.engine.driving import both_pass, resolve_stack, table
from tests.oracle.conftest import record

LONIS = record("Lonis, Cryptozoologist", "{G}{U}", "Legendary Creature — Snake Elf Scout",
               "Whenever another nontoken creature enters the battlefield under your control, investigate.\n"
               "{T}, Sacrifice X Clues: Target opponent reveals the top X cards of their library. You may put a nonland "
               "permanent card with mana value X or less from among them onto the battlefield under your control. That "
               "player puts the rest on the bottom of their library in a random order.", "1/2")


@pytest.mark.rules("701.20a", "401.4")
def test_lonis_is_read_whole():
    assert not compile_card(LONIS).unsupported


@pytest.mark.rules("701.20a", "401.4", "602.2b")
def test_you_choose_among_the_cards_target_opponent_reveals_and_control_the_one_you_put_onto_the_battlefield(
        extra_cards):
    extra_cards(LONIS)
    g, ids = table(["Lonis, Cryptozoologist"], [])
    clue = predefined_token("a clue token")[1]
    clues = [g.add_token(clue, 0) for _ in range(2)]
    for name in ("Island", "Hill Giant", "Grizzly Bears"):     # Grizzly Bears on top, then Hill Giant, then Island
        ids["B:" + name] = g.add_card(name, 1, Zone.LIBRARY)
    library = len(g.state.players[1].library)
    g.apply(ActivateAbility(0, ids["Lonis, Cryptozoologist"], 0, targets=(("P1",),), x=2))
    if g.pending.kind is DecisionKind.CHOOSE:
        g.apply(Choose(0, tuple(clues)))            # the two Clues sacrificed for X = 2
    both_pass(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 0
    assert d.options == [ids["B:Grizzly Bears"]]    # mana value 2 or less, not a land; Hill Giant's is 4
    g.apply(Choose(0, (ids["B:Grizzly Bears"],)))
    resolve_stack(g)
    bears = [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"]
    assert len(bears) == 1 and g.state.objects[bears[0]].controller == 0
    assert len(g.state.players[1].library) == library - 1
    assert g.state.objects[g.state.players[1].library[0]].name == "Hill Giant"       # the one left, at the bottom
