"""The player a damage trigger names: "Whenever ~ deals damage to an opponent, that opponent discards a card"
("that opponent" is the player dealt damage, 603.2), "..., that player discards a card and you untap all lands you
control" (each part its own subject). Compiled from real cards and played."""
from __future__ import annotations

import pytest

from engine.core.enums import DecisionKind, Step
from engine.core.player_actions import ActivateAbility, CastSpell, Choose, DeclareBlockers, PassPriority
from engine.oracle import compile_card
from tests.engine.driving import attack, resolve_stack, settle, table, until_blockers
from tests.oracle.conftest import record

ZHANG_LIAO = record("Zhang Liao, Hero of Hefei", "{4}{B}{B}", "Legendary Creature — Human Soldier",
                    "Whenever Zhang Liao, Hero of Hefei deals damage to an opponent, that opponent discards a card.",
                    "4/4")
SWORD_OF_FEAST_AND_FAMINE = record("Sword of Feast and Famine", "{3}", "Artifact — Equipment",
                                   "Equipped creature gets +2/+2 and has protection from black and from green.\n"
                                   "Whenever equipped creature deals combat damage to a player, that player discards "
                                   "a card and you untap all lands you control.\nEquip {2}")


def _combat_damage(g) -> None:
    """From the declared attack through combat damage and what it triggered."""
    until_blockers(g)
    while g.state.step.value != "end_of_combat" and not g.is_over:
        d = g.pending
        if d.kind is DecisionKind.CHOOSE:
            return
        if d.kind is DecisionKind.DECLARE_BLOCKERS:
            g.apply(DeclareBlockers(d.player, {}))
        else:
            g.apply(PassPriority(d.player))


@pytest.mark.rules("603.2", "510.2", "701.9a")
def test_zhang_liao_has_the_opponent_it_damaged_discard(extra_cards):
    extra_cards(ZHANG_LIAO)
    g, ids = table(["Zhang Liao, Hero of Hefei"], [], hand_b=["Grizzly Bears", "Forest"])
    attack(g, ids["Zhang Liao, Hero of Hefei"])
    _combat_damage(g)
    d = g.pending
    assert d.kind is DecisionKind.CHOOSE and d.player == 1          # the opponent chooses what to discard
    g.apply(Choose(1, (ids["B:Forest"],)))
    resolve_stack(g)
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Forest"]
    assert g.state.players[1].life == 16


@pytest.mark.rules("603.2", "510.2", "701.26b")
def test_sword_of_feast_and_famine_the_player_discards_and_you_untap_your_lands(extra_cards):
    extra_cards(SWORD_OF_FEAST_AND_FAMINE)
    g, ids = table(["Sword of Feast and Famine", "Grizzly Bears", "Forest", "Forest"], [], hand_b=["Shock"])
    g.apply(ActivateAbility(0, ids["Sword of Feast and Famine"], 0, targets=((ids["Grizzly Bears"],),)))
    resolve_stack(g)
    assert g.state.objects[ids["Forest"]].tapped
    attack(g, ids["Grizzly Bears"])
    _combat_damage(g)
    resolve_stack(g)
    assert g.state.players[1].life == 16
    assert [g.characteristics(o).name for o in g.state.players[1].graveyard] == ["Shock"]
    assert not any(g.state.objects[o].tapped for o in g.state.battlefield if g.characteristics(o).name == "Forest")


def test_the_sentences_are_read():
    for card in (ZHANG_LIAO, SWORD_OF_FEAST_AND_FAMINE):
        assert compile_card(card).unsupported == (), card["name"]


PHYREXIAN_OBLITERATOR = record("Phyrexian Obliterator", "{B}{B}{B}{B}", "Creature — Phyrexian Horror",
                               "Trample\nWhenever a source deals damage to Phyrexian Obliterator, that source's "
                               "controller sacrifices that many permanents.", "5/5")


@pytest.mark.rules("603.2", "701.21a", "120.3")
def test_that_sources_controller_sacrifices_that_many_permanents(extra_cards):
    """The opponent's Shock deals 2 damage to the Obliterator: the opponent, who controls the source, sacrifices two
    permanents of their choice."""
    extra_cards(PHYREXIAN_OBLITERATOR, fully_read=True)
    g, ids = table(["Phyrexian Obliterator", "Swamp"], ["Mountain", "Grizzly Bears", "Hill Giant"], hand_b=["Shock"],
                   active=1)
    g.apply(CastSpell(1, ids["B:Shock"], targets=((ids["Phyrexian Obliterator"],),)))
    asked = []
    settle(g, lambda d: (asked.append((d.player, d.min)), tuple(d.options[:d.min]))[1])
    assert asked == [(1, 2)]
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].controller == 1) == 1
    assert sum(1 for o in g.state.battlefield if g.state.objects[o].controller == 0) == 2


ASHLING_THE_EXTINGUISHER = record("Ashling, the Extinguisher", "{2}{B}{B}", "Legendary Creature — Elemental Shaman",
                                  "Whenever Ashling, the Extinguisher deals combat damage to a player, choose target "
                                  "creature that player controls. The player sacrifices that creature.", "4/4")


@pytest.mark.rules("603.2", "701.21a", "510.2")
def test_the_player_sacrifices_the_creature_of_theirs_chosen(extra_cards):
    extra_cards(ASHLING_THE_EXTINGUISHER, fully_read=True)
    g, ids = table(["Ashling, the Extinguisher", "Grizzly Bears"], ["Hill Giant", "Llanowar Elves"],
                   step=Step.BEGINNING_OF_COMBAT)
    g.state.objects[ids["B:Llanowar Elves"]].tapped = True      # no blocks: the damage is dealt
    g.state.objects[ids["B:Hill Giant"]].tapped = True
    attack(g, ids["Ashling, the Extinguisher"])
    _combat_damage(g)
    d = g.pending
    assert d.player == 0 and sorted(d.options) == sorted([ids["B:Hill Giant"], ids["B:Llanowar Elves"]])
    g.apply(Choose(0, (ids["B:Hill Giant"],)))
    resolve_stack(g)
    assert ids["B:Hill Giant"] not in g.state.battlefield and ids["Grizzly Bears"] in g.state.battlefield
    assert "Hill Giant" in [g.characteristics(o).name for o in g.state.players[1].graveyard]
