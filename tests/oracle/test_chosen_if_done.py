"""A card chosen from a hand looked at only "if you do": "Whenever an opponent casts a green spell, you may pay {B}{B}.
If you do, look at that player's hand and choose a card from it. The player discards that card." (Leshrac's Sigil).
The card is chosen only if it was paid for, so the discard is part of what "if you do" does (608.2c); "the player" is
the one named before, as in "At the beginning of each player's upkeep, that player reveals the top card of their library.
If it's an artifact, creature, enchantment, or land card, the player may put it onto the battlefield." (Gate to the
Aether). Compiled from the real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step, Zone
from engine.core.player_actions import CastSpell, Choose, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import advance, resolve_choosing, table
from tests.oracle.conftest import record

LESHRACS_SIGIL = record("Leshrac's Sigil", "{B}{B}", "Enchantment",
                        "Whenever an opponent casts a green spell, you may pay {B}{B}. If you do, look at that player's "
                        "hand and choose a card from it. The player discards that card.\n{B}{B}: Return Leshrac's Sigil "
                        "to its owner's hand.")
GATE_TO_THE_AETHER = record("Gate to the Aether", "{6}", "Artifact",
                            "At the beginning of each player's upkeep, that player reveals the top card of their library. "
                            "If it's an artifact, creature, enchantment, or land card, the player may put it onto the "
                            "battlefield.")


@pytest.mark.rules("608.2c", "701.9a")
@pytest.mark.parametrize("pay", [True, False])
def test_leshracs_sigil_has_the_player_discard_the_card_you_chose_only_if_you_paid(extra_cards, pay):
    extra_cards(LESHRACS_SIGIL)
    assert not compile_card(LESHRACS_SIGIL).unsupported
    g, ids = table(["Leshrac's Sigil", "Swamp", "Swamp"], ["Grizzly Bears", "Forest"], active=1,
                   hand_b=["Giant Growth", "Lightning Bolt"])
    g.apply(CastSpell(1, ids["B:Giant Growth"], targets=((ids["B:Grizzly Bears"],),)))
    for _ in range(10):
        d = g.pending
        if d.kind is DecisionKind.PRIORITY:
            if not g.state.stack:
                break
            g.apply(PassPriority(d.player))
        elif d.kind is DecisionKind.CHOOSE and "yes" in d.options:
            g.apply(Choose(d.player, ("yes" if pay else "no",)))
        else:
            assert d.player == 0 and d.options == [ids["B:Lightning Bolt"]]     # from the hand you looked at
            g.apply(Choose(0, (ids["B:Lightning Bolt"],)))
    graveyard = sorted(g.state.objects[o].name for o in g.state.players[1].graveyard)
    assert graveyard == (["Giant Growth", "Lightning Bolt"] if pay else ["Giant Growth"])
    assert len(g.state.players[1].hand) == (0 if pay else 1)


@pytest.mark.rules("701.20a", "608.2c")
def test_gate_to_the_aether_lets_the_player_whose_upkeep_it_is_put_their_revealed_creature_onto_the_battlefield(
        extra_cards):
    extra_cards(GATE_TO_THE_AETHER)
    assert not compile_card(GATE_TO_THE_AETHER).unsupported
    g, ids = table([], ["Gate to the Aether"], step=Step.UNTAP)
    bears = g.add_card("Grizzly Bears", 0, Zone.LIBRARY)        # on top of A's library
    advance(g, Step.UPKEEP)
    resolve_choosing(g, "yes")                      # A, whose upkeep it is, may put it onto the battlefield
    (new,) = [o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears"]
    assert g.state.objects[new].controller == 0 and bears not in g.state.players[0].library
